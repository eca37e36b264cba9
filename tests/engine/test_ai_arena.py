"""The arena CLI and the decision-time benchmark script (issue 3). Figures are not asserted
(benchmarks print, tests never time); the shapes, the rotation and the counting are."""
from __future__ import annotations

import json

import pytest

from rules_engine.cli import arena
from rules_engine.cli import ai_bench as bench


def test_derive_seed_is_stable_and_spreads():
    assert arena.derive_seed(1, 2, 3) == arena.derive_seed(1, 2, 3)
    assert arena.derive_seed(1, 2, 3) != arena.derive_seed(1, 2, 4)
    assert 0 <= arena.derive_seed("x") < 2 ** 63


def test_run_rotates_seats_so_each_computer_plays_each_seat_equally():
    names = ["strong", "intermediate", "beginner", "intermediate"]
    seen: dict[str, list[int]] = {n: [0, 0, 0, 0] for n in set(names)}
    for g in range(8):
        for seat, name in enumerate(arena.seating(names, g)):
            seen[name][seat] += 1
    assert seen["strong"] == [2, 2, 2, 2] and seen["intermediate"] == [4, 4, 4, 4]
    summary = arena.run("riichi-single-deal", names, 8, 5)
    comps = summary["computers"]
    assert set(comps) == {"strong", "intermediate", "beginner"}
    assert comps["strong"]["games"] == 8 and comps["intermediate"]["games"] == 16
    assert sum(comps["strong"]["placements"]) == 8
    assert summary["illegal_actions"] == 0
    for c in comps.values():
        lo, hi = c["ci95"]
        assert lo <= c["avg_placement"] <= hi
        assert 0.0 <= c["win_rate"] <= 1.0 and 0.0 <= c["deal_in_rate"] <= 1.0


def test_run_is_reproducible_for_a_seed():
    a = arena.run("riichi-single-deal", ["beginner"] * 4, 4, 9)
    b = arena.run("riichi-single-deal", ["beginner"] * 4, 4, 9)
    a.pop("seconds"), b.pop("seconds")
    for s in (a, b):
        for timing in ("decisions_per_second", "decision_ms_median", "decision_ms_p99"):
            s["computers"]["beginner"].pop(timing)
    assert a == b


def test_cli_prints_a_table_and_a_final_json_line(capsys):
    assert arena.main(["--preset", "riichi-single-deal", "--games", "4", "--seed", "3",
                       "--seats", "strong,intermediate,intermediate,intermediate"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("computer") and "avg place" in out[0]
    final = json.loads(out[-1])
    assert final["illegal_actions"] == 0 and final["games"] == 4
    assert set(final["computers"]["strong"]) >= {
        "avg_placement", "ci95", "win_rate", "deal_in_rate", "riichi_rate", "call_rate",
        "avg_points_per_hand", "decisions_per_second"}


@pytest.mark.parametrize("seats", ["strong,intermediate,intermediate", "strong,grandmaster,beginner,beginner"])
def test_cli_rejects_bad_seats(seats, capsys):
    with pytest.raises(SystemExit) as exc:
        arena.main(["--games", "1", "--seats", seats])
    assert exc.value.code == 2
    assert "strength" in capsys.readouterr().err


def test_bench_measures_every_decision_of_a_game():
    times = bench.measure("beginner", 1, 1)
    assert len(times["all"]) > len(times["turn"]) > 0
    assert all(ms >= 0.0 for ms in times["all"])


# --- chunks, resumable --raw files and pooling (issue 13 item 4: long arena runs) -------------

NAMES = ["strong", "beginner", "beginner", "beginner"]
FIGURES = ("games", "hands", "avg_placement", "ci95", "placements", "wins", "deal_ins", "win_rate",
           "deal_in_rate", "riichi_rate", "call_rate", "avg_points_per_hand", "decisions", "illegal_actions")


def _figures(summary: dict) -> dict:
    """The summary without its timings (they differ from run to run)."""
    return {n: {k: c[k] for k in FIGURES} for n, c in summary["computers"].items()}


def test_arena_chunks_with_first_game_pool_to_the_single_run(tmp_path):
    whole = arena.run("riichi-single-deal", NAMES, 8, 21)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    arena.run("riichi-single-deal", NAMES, 4, 21, raw_path=str(a))
    arena.run("riichi-single-deal", NAMES, 4, 21, first_game=4, raw_path=str(b))
    pooled = arena.pool([str(a), str(b)])
    assert _figures(pooled) == _figures(whole)
    assert pooled["games"] == 8 and pooled["seed"] == [21] and len(pooled["runs"]) == 2
    assert pooled["computers"]["strong"]["decision_ms_p99"] is not None


def test_arena_raw_file_resumes_without_replaying_finished_groups(tmp_path):
    whole = arena.run("riichi-single-deal", NAMES, 8, 22)
    raw = tmp_path / "run.json"
    arena.run("riichi-single-deal", NAMES, 4, 22, raw_path=str(raw))
    doc = json.loads(raw.read_text())
    assert doc["done"] == [0] and doc["games_done"] == 4
    doc["games"] = 8                       # as a run of 8 stopped after its first group
    raw.write_text(json.dumps(doc))
    resumed = arena.run("riichi-single-deal", NAMES, 8, 22, raw_path=str(raw))
    assert _figures(resumed) == _figures(whole)
    assert json.loads(raw.read_text())["done"] == [0, 4]
    # a finished file plays nothing more and gives the same figures
    assert _figures(arena.run("riichi-single-deal", NAMES, 8, 22, raw_path=str(raw))) == _figures(whole)


def test_arena_raw_file_of_another_run_is_refused(tmp_path):
    raw = tmp_path / "run.json"
    arena.run("riichi-single-deal", NAMES, 4, 23, raw_path=str(raw))
    with pytest.raises(ValueError, match="another run"):
        arena.run("riichi-single-deal", NAMES, 4, 24, raw_path=str(raw))


def test_arena_pool_refuses_a_game_twice_and_mixed_seats(tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    arena.run("riichi-single-deal", NAMES, 4, 25, raw_path=str(a))
    with pytest.raises(ValueError, match="twice"):
        arena.pool([str(a), str(a)])
    arena.run("riichi-single-deal", ["intermediate"] * 4, 4, 26, raw_path=str(b))
    with pytest.raises(ValueError, match="differ"):
        arena.pool([str(a), str(b)])
    assert arena.main(["--pool", str(a)]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["games"] == 4
