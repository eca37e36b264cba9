"""The strong computer's value-weighted look-ahead (issue 13; R-SCORE, R-WIN-2, R-YAKU)."""
from __future__ import annotations

import pytest

from rules_engine.ai import decide, lookahead, players
from rules_engine.ai.efficiency import discard_options, shanten_of, ukeire
from rules_engine.ai.scenario import make_view
from rules_engine.ai.state import Situation
from rules_engine.core.meld import Meld
from rules_engine.core.tiles import parse_kinds
from rules_engine.riichi import HandError, WinContext, evaluate
from rules_engine.riichi.payments import round_up_100


def k(text: str) -> int:
    return parse_kinds(text)[0]


def _ron_points(sit: Situation, tiles: list[int], win_tile: int, *, riichi: bool) -> float:
    ctx = WinContext(concealed=tuple(tiles), melds=tuple(Meld.from_json(m) for m in sit.melds),
                     win_tile=win_tile, tsumo=False, seat_wind=sit.seat_wind, round_wind=sit.round_wind,
                     dora_indicators=tuple(sit.dora_indicators), riichi=riichi)
    try:
        r = evaluate(ctx, sit.preset)
    except HandError:
        return 0.0
    return float(round_up_100(r.base_points * (6 if sit.is_dealer else 4)))


def _tiles(sit: Situation, counts: list[int]) -> list[int]:
    """Physical ids for ``counts``: the seat's own copies first, then plain copies before a red five."""
    out = []
    for kind, n in enumerate(counts):
        own = [t for t in sorted(sit.hand) if t >> 2 == kind]
        fresh = [t for t in (4 * kind + 1, 4 * kind + 2, 4 * kind + 3, 4 * kind) if t not in own]
        out += (own + fresh)[:n]
    return out


def test_issue_13_r_score_a_finished_closed_hand_is_worth_its_ron_with_riichi():
    # 234m 567p 34567s 88s waiting 2s/5s/8s; dealer; dora indicator 4s -> 5s is dora
    view = make_view("234m567p34588s67s", dora_indicators="4s")
    sit = Situation.from_view(view)
    la = lookahead.Lookahead(sit)
    c = bytearray(sit.counts)
    c[k("5s")] += 1
    win = next(t for t in (4 * k("5s") + 1, 4 * k("5s") + 2, 4 * k("5s") + 3) if t not in sit.hand)
    expected = _ron_points(sit, sit.hand + [win], win, riichi=True)
    assert expected >= 12000  # dealer: riichi, pinfu, tanyao, two dora (5s twice)
    assert la.value(bytes(c), k("5s")) == expected


def test_issue_13_r_win_2_an_open_hand_with_no_yaku_is_worth_nothing():
    # chi 123m opens the hand: 456p 789s 23s 11z waits 1s/4s with no yaku (East is only a pair
    # for the North seat); the same tiles closed are worth riichi (R-WIN-2, R-CALL-7)
    view = make_view("456p23789s11z", melds={0: [("chi", "123m")]}, dealer=1)
    sit = Situation.from_view(view)
    assert not sit.is_closed
    assert lookahead.Lookahead(sit).ev(sit.counts, 0) == 0.0
    closed = lookahead.Lookahead(sit, melds=[])
    assert closed.closed
    c = sit.counts[:]
    c[k("1m")] += 1
    c[k("2m")] += 1
    c[k("3m")] += 1
    assert closed.ev(c, 0) > 0.0


def test_issue_13_tenpai_value_sums_each_wait_weighted_by_unseen_copies():
    view = make_view("234m567p34588s67s", dora_indicators="4s", dealer=1,
                     discards={1: "5s8s", 2: "1z"})
    sit = Situation.from_view(view)
    _, waits = ukeire(sit.counts, sit.visible, 0)
    assert sorted(waits) == [k("2s"), k("5s"), k("8s")]
    total = 0.0
    for w in waits:
        c = sit.counts[:]
        c[w] += 1
        tiles = _tiles(sit, c)  # a plain copy of a five wins, not the red one
        win = next(t for t in reversed(tiles) if t >> 2 == w)
        total += sit.unseen(w) * _ron_points(sit, tiles, win, riichi=True)
    assert total > 0
    assert lookahead.Lookahead(sit).ev(sit.counts, 0) == pytest.approx(total / lookahead.WIDTH[0])


def test_issue_13_one_shanten_value_is_the_best_tenpai_after_each_draw():
    """Brute force over draws and discards: each draw weighted by its unseen copies, then each
    wait of the best tenpai by the copies still unseen after that draw, at its exact ron value."""
    view = make_view("234m567p3588s67s1z", dora_indicators="9m", dealer=1)  # 13 tiles, 1-shanten
    sit = Situation.from_view(view)
    _, draws = ukeire(sit.counts, sit.visible, 1)
    assert draws
    want = 0.0
    for d in draws:
        best = 0.0
        for j in range(34):
            c = sit.counts[:]
            c[d] += 1
            if not c[j] or j == d:
                continue
            c[j] -= 1
            _, waits = ukeire(c, sit.visible, 0)
            if shanten_of(c) != 0:
                continue
            v = 0.0
            for w in waits:
                unseen = sit.unseen(w) - (w == d)
                c[w] += 1
                tiles = _tiles(sit, c)
                win = next(t for t in reversed(tiles) if t >> 2 == w)
                if unseen > 0:
                    v += unseen * _ron_points(sit, tiles, win, riichi=True)
                c[w] -= 1
            best = max(best, v / lookahead.WIDTH[0])
        want += sit.unseen(d) * best
    assert want > 0
    assert lookahead.Lookahead(sit).ev(sit.counts, 1) == pytest.approx(want / lookahead.WIDTH[1])


def test_issue_13_lookahead_refuses_a_shanten_it_does_not_search():
    sit = Situation.from_view(make_view("19m19p19s1234567z", drawn="1m"))
    with pytest.raises(ValueError, match="0..2 shanten"):
        lookahead.Lookahead(sit).ev([0] * 34, 3)


@pytest.mark.parametrize("hand, drawn, keep_value, ukeire_pick", [
    # tanyao: 9p and 6s leave the same ukeire; only dropping 9p keeps every tile simple
    ("3368m23456799p6s", "6s", "9p", "6s"),
    # sanshoku 789: 89m next to 789p and 89s; dropping 6m keeps it, dropping 9m (same ukeire) does not
    ("2689m34789p3558s", "9s", "6m", "9m"),
])
def test_issue_13_r_yaku_strong_keeps_the_value_among_discards_of_equal_ukeire(
        hand, drawn, keep_value, ukeire_pick, monkeypatch):
    view = make_view(hand, drawn=drawn)
    sit = Situation.from_view(view)
    opts = discard_options(sit.counts, sit.visible)
    a, b = opts[k(keep_value)], opts[k(ukeire_pick)]
    assert (a.shanten, a.ukeire) == (b.shanten, b.ukeire)
    assert decide("strong", view, 1).tile >> 2 == k(keep_value)
    monkeypatch.setattr(players, "LOOKAHEAD", False)  # the ukeire-only play of before differs
    assert decide("strong", view, 1).tile >> 2 == k(ukeire_pick)


def test_issue_13_value_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(lookahead, "VALUE_CACHE_MAX", 5)
    lookahead.clear_cache()
    view = make_view("234m567p3588s67s1z", dora_indicators="9m")
    la = lookahead.Lookahead(Situation.from_view(view))
    la.ev(la.sit.counts, 1)
    assert 0 < len(lookahead._VALUE_CACHE) <= 5
    lookahead.clear_cache()


def _claim_view(hand: str, seat: int, from_seat: int, tile: str, call: str, kinds: tuple[str, str],
                **kw) -> dict:
    view = make_view(hand, seat=seat, dealer=0, claim=(from_seat, tile), dora_indicators="2s2p", **kw)
    own = [next(t for t in sorted(view["hand"]) if t >> 2 == k(kinds[0]))]
    own.append(next(t for t in sorted(view["hand"]) if t >> 2 == k(kinds[1]) and t not in own))
    view["legal_actions"].append({"type": call, "seat": seat, "tile": view["last_discard"]["tile"],
                                  "tiles": own})
    return view


@pytest.mark.parametrize("view, weighed, rules_only", [
    # open with 777m: pon 8m makes all-simples certain (tanyao, R-YAKU) at equal shanten, a call
    # the rule-based play never makes without a yakuhai
    (_claim_view("456m88m78p67s7z", 1, 3, "8m", "pon", ("8m", "8m"), melds={1: [("pon", "777m")]}),
     "pon", "pass"),
    # the dealer's closed hand with a double-East pair: chi 789p gives up riichi (R-CALL-7) for a
    # hand whose only yaku would be the East pon; the rules-only play calls since it lowers shanten
    (_claim_view("26m44445p78p12s11z", 0, 3, "9p", "chi", ("7p", "8p")), "pass", "chi"),
])
def test_issue_13_r_call_strong_calls_exactly_when_the_call_raises_the_lookahead_value(
        view, weighed, rules_only, monkeypatch):
    sit = Situation.from_view(view)
    call = next(a for a in view["legal_actions"] if a["type"] != "pass")
    c = sit.counts[:]
    for t in call["tiles"]:
        c[t >> 2] -= 1
    before = shanten_of(sit.counts)
    now = lookahead.Lookahead(sit).ev(sit.counts, before)
    after_call = players._call_lookahead(sit, call, c, before, now)
    assert (after_call > now) == (weighed != "pass")
    assert decide("strong", view, 1).type == weighed
    monkeypatch.setattr(players, "LOOKAHEAD", False)
    assert decide("strong", view, 1).type == rules_only
