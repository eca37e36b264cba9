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
