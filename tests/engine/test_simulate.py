"""The simulator CLI and ``run_hands`` (issue 5, items 6 and 8)."""
import json

from rules_engine.cli import simulate


def test_simulate_summary_counts_and_invariants(capsys):
    rc = simulate.main(["--preset", "riichi", "--games", "3", "--seed", "5"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["violations"] == 0
    assert out["games"] == 3 and out["hands"] >= 3
    assert out["wins"]["ron"] + out["wins"]["tsumo"] + sum(out["draws"].values()) == out["hands"]
    assert sum(out["average_final_points"]) == 100_000
    assert all(n > 0 for n in out["invariants_checked"].values())


def test_simulate_is_deterministic_for_a_seed():
    a = simulate.simulate("riichi-single-deal", 4, 9, checks=False)
    b = simulate.simulate("riichi-single-deal", 4, 9, checks=False)
    a.pop("seconds"); b.pop("seconds")
    assert a == b and a["hands"] == 4  # one hand per single-deal game


def test_simulate_writes_replayable_logs(tmp_path, capsys):
    path = tmp_path / "sim.jsonl"
    assert simulate.main(["--games", "2", "--seed", "3", "--log", str(path), "--no-checks"]) == 0
    capsys.readouterr()
    from rules_engine.cli import replay
    assert replay.main([str(path)]) == 0


def test_simulate_unknown_preset_is_an_error(capsys):
    assert simulate.main(["--preset", "nope", "--games", "1"]) == 2
    assert "unknown preset" in json.loads(capsys.readouterr().out)["error"]


def test_run_hands_reports_a_rate():
    r = simulate.run_hands(5, 1)
    assert r["hands"] >= 5 and r["games"] >= 1 and r["hands_per_second"] > 0


def test_p_sys_2_decision_view_is_the_seat_view_without_the_table_records():
    """P-SYS-2: the simulator's players decide on ``views.decision_view``, which must hold
    exactly the seat's own view minus ``players``, ``hand_result``, ``game_result``,
    ``tenpai_no_yaku`` and ``discard_waits`` (P-PLAY-7 aids for people)."""
    import pytest

    from rules_engine.ai import simple_player
    from rules_engine.game import Game
    from rules_engine.preset import get_preset
    from rules_engine.riichi.views import decision_view

    game = Game.new(get_preset("riichi-single-deal"), 21)
    compared = 0
    while game.phase in ("turn", "claim"):
        for seat in game.pending_seats():
            full = game.view(seat)
            small = decision_view(game, seat)
            assert small == {k: v for k, v in full.items() if k not in ("players", "hand_result", "game_result", "tenpai_no_yaku", "discard_waits")}
            assert list(small) == [k for k in full if k in small]  # same key order
            compared += 1
        seat = game.pending_seats()[0]
        game.apply(simple_player.decide(decision_view(game, seat)))
    assert compared > 20
    for bad in (None, 4, True):
        with pytest.raises(ValueError):
            decision_view(game, bad)


def test_r_wall_9_conservation_check_catches_kind_counts_out_of_step():
    """R-WALL-9 check: the per-kind counts the table keeps beside each hand must match it."""
    from rules_engine.riichi import invariants
    from rules_engine.game import Game
    from rules_engine.preset import get_preset

    game = Game.new(get_preset("riichi-single-deal"), 4)
    assert invariants.tile_conservation(game) == []
    broken = game.clone()
    t = broken._seats[2].hand[0]
    broken._seats[2].kinds[t >> 2] += 1
    problems = invariants.tile_conservation(broken)
    assert len(problems) == 1 and problems[0].startswith("seat 2: kind counts")
    assert invariants.tile_conservation(game) == []  # the clone's counts are its own
