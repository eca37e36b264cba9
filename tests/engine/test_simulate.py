"""The simulator CLI and ``run_hands`` (issue 5, items 6 and 8)."""
import json

from rules_engine import simulate


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
    from rules_engine import replay
    assert replay.main([str(path)]) == 0


def test_simulate_unknown_preset_is_an_error(capsys):
    assert simulate.main(["--preset", "nope", "--games", "1"]) == 2
    assert "unknown preset" in json.loads(capsys.readouterr().out)["error"]


def test_run_hands_reports_a_rate():
    r = simulate.run_hands(5, 1)
    assert r["hands"] >= 5 and r["games"] >= 1 and r["hands_per_second"] > 0
