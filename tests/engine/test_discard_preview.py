"""The per-discard wait preview of the own-seat view (P-PLAY-7; R-TENPAI-1, R-FURITEN-1/-2/-4).

Every preview is compared with a brute force that adds each of the 34 kinds to the hand left
by the discard and asks the R-WIN-1 shape test directly."""
import random

import pytest

from rules_engine.ai import simple_player
from rules_engine.riichi.discard_preview import discard_previews, tenpai_discards
from rules_engine.game import Game
from rules_engine.core.hand_shape import is_complete_counts
from rules_engine.preset import get_preset
from rules_engine.riichi.scenario import act, scenario
from rules_engine.core.tiles import counts_of, parse_kinds
from rules_engine.riichi.views import decision_view


def brute_waits(counts, meld_counts):
    """R-TENPAI-1 by brute force: kinds k (not held four times with the melds) completing the hand."""
    out = []
    for k in range(34):
        if counts[k] + meld_counts[k] >= 4:
            continue
        c = list(counts)
        c[k] += 1
        if is_complete_counts(c):
            out.append(k)
    return out


def brute_tenpai_discards(counts, meld_counts):
    out = {}
    for d in range(34):
        if counts[d]:
            c = list(counts)
            c[d] -= 1
            waits = brute_waits(c, meld_counts)
            if waits:
                out[d] = waits
    return out


def kinds(text):
    return counts_of(parse_kinds(text), physical=False)


def test_r_tenpai_1_discards_of_a_known_hand_and_their_waits():
    """1112345678999m + 5p: discarding 5p leaves the nine gates, waiting on every man kind."""
    hand = kinds("1112345678999m5p")
    found = tenpai_discards(hand, None)
    assert found == brute_tenpai_discards(hand, [0] * 34)
    assert found[13] == list(range(9))


def test_r_tenpai_1_a_kind_held_four_times_with_the_melds_is_no_wait():
    """TV-06 (a): with a pon of 1m, a lone 1m waiting on itself would need a fifth copy: only
    discarding the 1m (5z tanki) leaves the hand tenpai."""
    hand = kinds("1m234p567p789s5z")
    melds = kinds("111m")
    found = tenpai_discards(hand, melds)
    assert found == brute_tenpai_discards(hand, melds) == {0: [31]}


@pytest.mark.parametrize("seed", range(3))
def test_r_tenpai_1_tenpai_discards_equal_brute_force_over_34_kinds(seed):
    """Random near-tenpai hands of 14, 11 and 8 concealed tiles (with melds) against brute force."""
    rng = random.Random(seed)
    checked = tenpai_seen = 0
    while checked < 400:
        m = rng.choice([0, 0, 1, 2])
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        meld_counts = [0] * 34
        for _ in range(m):   # pons taken out of the wall
            k = rng.choice([k for k in range(34) if wall.count(k) >= 3])
            for _ in range(3):
                wall.remove(k)
            meld_counts[k] += 3
        # Build near-complete hands: sets and a pair, then swap one or two tiles.
        counts = [0] * 34
        for _ in range(4 - m):
            if rng.random() < 0.5:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                ks = [s, s + 1, s + 2]
            else:
                ks = [rng.randrange(34)] * 3
            for k in ks:
                counts[k] += 1
        counts[rng.randrange(34)] += 2
        for _ in range(rng.choice([1, 2])):
            out = rng.choice([k for k in range(34) if counts[k]])
            counts[out] -= 1
            counts[rng.randrange(34)] += 1
        if any(counts[k] + meld_counts[k] > 4 for k in range(34)):
            continue
        checked += 1
        expected = brute_tenpai_discards(counts, meld_counts)
        tenpai_seen += bool(expected)
        assert tenpai_discards(counts, meld_counts) == expected, (counts, meld_counts)
    assert tenpai_seen > 100, "the generator must reach tenpai discards"


def test_r_tenpai_1_tenpai_discards_refuses_a_13_tile_hand():
    with pytest.raises(ValueError):
        tenpai_discards(kinds("123m456p789s1122z"), None)


def test_p_play_7_previews_of_every_turn_of_simulated_games_equal_brute_force():
    """At each own turn of simulated games, ``discard_waits`` lists exactly the legal discard
    kinds that leave the hand tenpai, their waits (brute force), furiten by the own pond with
    the discard in it (R-FURITEN-2) or riichi furiten (R-FURITEN-4), and ``no_yaku`` as the
    table's own tenpai-without-yaku judgement of that hand."""
    previews = no_yaku = 0
    for seed in range(12):
        game = Game.new(get_preset("riichi"), seed)
        while game.phase in ("turn", "claim"):
            pending = game.pending_seats()
            if game.phase == "turn":
                seat = pending[0]
                s = game._seats[seat]
                meld_counts = [0] * 34
                for m in s.melds:
                    for t in m.tiles:
                        meld_counts[t >> 2] += 1
                legal = {a["tile"] >> 2 for a in game.legal_actions_json(seat) if a["type"] in ("discard", "riichi")}
                expected = {d: w for d, w in brute_tenpai_discards(s.kinds, meld_counts).items() if d in legal}
                view = game.view(seat)
                got = {p["kind"]: p["waits"] for p in view["discard_waits"]}
                assert got == expected
                for p in view["discard_waits"]:
                    pond = s.discard_kinds | {p["kind"]}
                    assert p["furiten"] == (s.riichi_furiten or s.temp_furiten or bool(set(p["waits"]) & pond))
                    # The no-yaku flag is the table's own judgement once that discard is made.
                    trial = game.clone()
                    trial.apply(next(a for a in trial.legal_actions(seat)
                                     if a.type == "discard" and a.tile >> 2 == p["kind"]))
                    assert p["no_yaku"] == trial.tenpai_without_yaku(seat)
                    no_yaku += p["no_yaku"]
                    previews += 1
                for other in range(4):
                    if other != seat:
                        assert game.view(other)["discard_waits"] == []
                assert "discard_waits" not in game.view(None)
            game.apply(simple_player.decide(decision_view(game, pending[0])))
    assert previews > 50 and no_yaku > 0


def test_r_furiten_2_the_discard_itself_makes_the_preview_furiten():
    """33456m234p567p999s: discarding a 3m or the 6m leaves a 3m-6m wait with the discarded kind
    in the own pond, and discarding the 4m leaves a 4m-7m wait: all three are furiten."""
    g = scenario(hands=["3345m234p567p999s"], draws=["6m"])
    by_kind = {p["kind"]: (p["waits"], p["furiten"]) for p in g.view(0)["discard_waits"]}
    assert by_kind[2] == ([2, 5], True)
    assert by_kind[5] == ([2, 5], True)
    assert by_kind[3] == ([3, 6], True)


def test_p_play_7_no_yaku_preview_and_riichi_preview():
    """TV-04 (d) shape: discarding the drawn 1z keeps the 3m/6m wait without a yaku by ron
    (no_yaku); the same discard is offered as riichi, whose preview is the same record."""
    g = scenario(hands=["45m234p567p999s77z"], draws=["1z"])
    view = g.view(0)
    p = {x["kind"]: x for x in view["discard_waits"]}
    assert p[27] == {"kind": 27, "waits": [2, 5], "furiten": False, "no_yaku": True}
    assert any(a["type"] == "riichi" and a["tile"] >> 2 == 27 for a in view["legal_actions"])


def test_p_play_7_the_preview_is_the_own_turn_seat_only():
    """Other seats get an empty list, the public view has no such key, and once the seat has
    discarded its own view has none."""
    g = scenario(hands=["45m234p567p999s77z"], draws=["1z"])
    assert g.view(0)["discard_waits"]
    assert all(g.view(s)["discard_waits"] == [] for s in (1, 2, 3))
    assert "discard_waits" not in g.view(None)
    act(g, 0, "discard", "1z")
    assert g.view(0)["discard_waits"] == []
