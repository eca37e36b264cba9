"""Taiwanese random play: invariants over a few hundred hands (T-WALL-4 144 tiles accounted
for, T-PAY-8 zero-sum, replay determinism, P-SYS-2/P-FAIR-6 no leak in any view), the
match structure (T-MATCH-3..5), masked windows (P-FAIR-6), refusals (P-PLAY-3) and the
table's fast shape checks against the scoring module's. The 10,000-hand run is
``python -m rules_engine.simulate --preset taiwanese --games 430 --seed 11`` (10,001 hands,
0 violations; see the module notes)."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from rules_engine.cli.simulate import play_game, simulate
from rules_engine.core.actions import ACTION_TYPES, Action
from rules_engine.core.errors import IllegalAction
from rules_engine.core.seed import derive_seed
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese import invariants, ready, shape, simple_player
from rules_engine.taiwanese.views import decision_view

EAST = get_preset("taiwanese-east")


def _random_game(seed: int, n_hands: int, checks: bool = True, refuse: bool = False) -> Game:
    """``n_hands`` hands of an East round (or fewer if it ends) where every decision is a
    random legal action or the simple player's choice, half and half (so kongs, robbing,
    Original Call, declined and taken wins all happen), checked after every action."""
    rng = random.Random(seed)
    game = Game.new(EAST, derive_seed(seed, 0, 0))
    total = 4 * EAST.starting_points
    hand = 0
    while True:
        while game.phase in ("turn", "claim"):
            if checks:
                problems = invariants.tile_conservation(game) + invariants.points_constant(game, total)
                for seat in (None, 0, 1, 2, 3):
                    problems += invariants.view_leaks(game, seat)
                assert not problems, problems[:3]
            seat = rng.choice(game.pending_seats())
            legal = game.legal_actions(seat)
            if refuse and rng.random() < 0.05:
                _refuse_unoffered(game, seat, rng)
            if rng.random() < 0.5:  # half the decisions the simple player's, half at random
                game.apply(simple_player.decide(decision_view(game, seat)))
            else:
                game.apply(rng.choice(legal))
        assert sum(game.scores) == total
        if game.phase == "game_over" or hand + 1 >= n_hands:
            return game
        hand += 1
        game.next_hand(derive_seed(seed, 0, hand))


def _state(game):
    return (game.seq, game.phase, len(game.log["entries"]), json.dumps(game.view(None), sort_keys=True),
            tuple(tuple(sorted(s.hand)) for s in game._seats))


def _refuse_unoffered(game, seat, rng):
    before = _state(game)
    for _ in range(3):
        a = Action(rng.choice(ACTION_TYPES), rng.choice([seat, rng.randrange(4)]),
                   rng.choice([None, rng.randrange(136)]),
                   tuple(sorted(rng.sample(range(136), rng.choice((0, 0, 2, 3, 4))))))
        if a in game.legal_actions(a.seat):
            continue
        with pytest.raises(IllegalAction):
            game.apply(a)
    assert _state(game) == before


@pytest.mark.parametrize("seed", range(8))
def test_t_wall_4_random_legal_play_keeps_every_invariant_and_replays(seed):
    """T-WALL-4, T-PAY-8, P-SYS-2, P-FAIR-6, P-PLAY-3: random legal play through whole East
    rounds; after every action the 144 tiles are accounted for, scores sum to 8,000, no view
    shows a hidden tile or names another seat that may answer; unoffered actions are refused
    with nothing changed; the log replays to the same events and is byte-identical."""
    game = _random_game(seed, 10, refuse=True)
    text = json.dumps(game.log)
    again = Game.from_log(json.loads(text), verify=True)
    assert again.scores == game.scores and again.game_result == game.game_result
    assert json.dumps(again.log) == text


def test_simulated_taiwanese_hands_have_no_violation():
    """A few hundred hands of the simple player with the simulator's checks (the in-suite
    slice of the 10,000-hand run)."""
    summary = simulate("taiwanese-east", 20, 7)
    assert summary["violations"] == 0, summary["violation_examples"]
    assert summary["hands"] >= 60 and summary["invariants_checked"]["replay"] == 20
    assert sum(summary["wins"].values()) > 0


def _hands(game):
    return [ev["result"] for e in game.log["entries"] for ev in e["events"] if ev["type"] == "hand_end"]


@pytest.mark.parametrize("name,changes", [("taiwanese", 16), ("taiwanese-east", 4)])
def test_t_match_3_to_5_dealer_retention_and_the_end(name, changes):
    """T-MATCH-3: the dealer keeps the deal after a draw or any hand he wins (also among
    several winners); otherwise one dealer change. T-MATCH-4/-5: the round wind is c // 4 and
    the match ends with the hand that makes c = 16 (East round: 4)."""
    game = play_game(name, 3, 0)
    results = _hands(game)
    c, dealer = 0, 0
    for i, r in enumerate(results):
        assert (r["hand_number"], r["dealer"], r["round_wind"]) == (c, dealer, c // 4)
        keeps = r["kind"] == "exhaustive_draw" or any(w["seat"] == dealer for w in r.get("wins", []))
        assert r["dealer_repeat"] == keeps
        if not keeps:
            c, dealer = c + 1, (dealer + 1) % 4
        assert (c == changes) == (i == len(results) - 1)
    g = game.game_result
    assert game.phase == "game_over" and g["final_scores"] == game.scores and sum(g["net"]) == 0
    assert sorted(g["placements"]) == [1, 2, 3, 4]


def test_t_match_5_single_hand_ends_even_when_the_dealer_keeps_the_deal():
    """T-MATCH-5, §7 item 27: the single-hand format ends after its hand, whatever happened."""
    for seed in range(20):
        game = Game.new(get_preset("taiwanese-single-deal"), seed)
        while game.phase in ("turn", "claim"):
            seat = game.pending_seats()[0]
            game.apply(game.legal_actions(seat)[-1])
        assert game.phase == "game_over" and game.hands_played == 1


def test_p_fair_6_claim_and_robbing_windows_are_masked():
    """P-FAIR-6: after a discard (or an added kong) nobody can answer,
    ``empty_claim_window_views`` gives the views of a window offering nothing (phase claim,
    seq one up, no legal actions, nobody pending); when someone can answer it is ``None``;
    the views of a real window name nobody but the viewer."""
    seen = {"empty": 0, "real": 0, "rob": 0}
    for seed in range(12):
        game = Game.new(EAST, seed)
        rng = random.Random(seed)
        while game.phase in ("turn", "claim") and game.hands_played == 0:
            seat = game.pending_seats()[0]
            legal = game.legal_actions(seat)
            if game.phase == "turn":
                for a in legal[-3:]:
                    if a.type not in ("discard", "shouminkan"):
                        continue
                    views = game.empty_claim_window_views(a)
                    look = game.clone()
                    look.apply(a)
                    someone = look.phase == "claim" and bool(look._legal)
                    if views is None:
                        assert someone or look.phase not in ("turn", "claim")
                        if someone:
                            seen["real"] += 1
                            for s in (None, 0, 1, 2, 3):
                                assert set(look.view(s)["pending_seats"]) <= {s}
                    else:
                        seen["empty" if a.type == "discard" else "rob"] += 1
                        pub = views[None]
                        assert (pub["phase"], pub["seq"], pub["pending_seats"]) == ("claim", game.seq + 1, [])
                        assert all(views[s]["legal_actions"] == [] for s in range(4))
                        if a.type == "shouminkan":
                            assert pub["added_kong"]["tile"] == a.tile
            game.apply(rng.choice(legal))
    assert seen["empty"] and seen["real"]


def _random_counts(rng, n):
    pool = [k for k in range(34) for _ in range(4)]
    c = [0] * 34
    for k in rng.sample(pool, n):
        c[k] += 1
    return c


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 2))
def test_t_win_1_2_fast_shape_checks_agree_with_the_scoring_module(seed, n_declared):
    """T-WIN-1, T-WIN-2, T-ORIG-3: ``ready.waits`` / ``ready.is_winning`` (the table's per-suit
    tables) agree with ``shape.waiting_kinds`` / ``shape.is_winning``, on random hands and on
    hands one tile from a win."""
    rng = random.Random(seed)
    size = 16 - 3 * n_declared
    c = _random_counts(rng, size)
    if rng.random() < 0.7:  # a near-complete hand: a random winning shape minus one tile
        c = [0] * 34
        for _ in range(5 - n_declared):
            k = rng.randrange(34)
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                for j in (k, k + 1, k + 2):
                    c[j] += 1
            else:
                c[k] += 3
        c[rng.randrange(34)] += 2
        if max(c) > 4:
            return
        c[rng.choice([k for k in range(34) if c[k]])] -= 1
    assert ready.waits(c, n_declared) == shape.waiting_kinds(tuple(c), n_declared)
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            assert ready.is_winning(c, n_declared) == shape.is_winning(tuple(c), n_declared)
            c[k] -= 1


def test_t_win_2_seven_pairs_and_a_triplet_waits():
    """T-WIN-2: eight pairs wait on each of their kinds; six pairs, a triplet and a single wait
    on the single; four of a kind counts as two pairs; five pairs and two triplets wait on
    either triplet's kind."""
    c = [0] * 34
    for k in (0, 2, 4, 6, 9, 11, 13, 27):
        c[k] = 2
    assert ready.waits(c, 0) == frozenset({0, 2, 4, 6, 9, 11, 13, 27})
    c = [0] * 34
    c[0], c[4], c[6], c[9], c[11], c[27], c[28] = 4, 2, 2, 2, 2, 3, 1
    assert sum(c) == 16 and ready.waits(c, 0) == frozenset({28})
    c = [0] * 34
    c[0], c[4], c[6], c[9], c[27], c[28] = 4, 2, 2, 2, 3, 3
    assert sum(c) == 16 and ready.waits(c, 0) == frozenset({27, 28})


def test_simulate_and_replay_clis_take_taiwanese_logs(tmp_path, capsys):
    """``python -m rules_engine.simulate --preset taiwanese-east --log F`` writes logs that
    ``python -m rules_engine.replay F`` reproduces."""
    from rules_engine.cli import replay, simulate as simulate_cli
    log = tmp_path / "tw.jsonl"
    assert simulate_cli.main(["--preset", "taiwanese-east", "--games", "2", "--seed", "4", "--log", str(log)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["violations"] == 0 and summary["hands"] >= 2
    assert replay.main([str(log)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
