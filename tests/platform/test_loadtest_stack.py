"""The load tool's production shape on loopback (issue 8 item 5; README "Load and soak tests"):
what it gives each process, without starting the stack (the tool itself is a benchmark, never
run by the suite)."""
from __future__ import annotations

import sys

import pytest

from games.loadtest.stack import Stack

PROBE = "import os; print(os.environ.get('MP_PROBE', '-'), os.environ['CHANNELS_PREFIX'].startswith('mp-load-'))"


def test_issue_8_first_daphne_env_reaches_daphne_1_only(tmp_path):
    """``--first-daphne-env KEY=VALUE`` (an A/B of a setting in one soak): daphne-1's process
    sees the variable, daphne-2's and the worker's do not; all share the run's environment."""
    stack = Stack("postgresql://127.0.0.1:5432/postgres", "redis://127.0.0.1:6379/14",
                  first_daphne_env={"MP_PROBE": "jemalloc"})
    try:
        for name in ("daphne-1", "daphne-2", "worker"):
            stack._spawn(name, [sys.executable, "-c", PROBE], wait=True)
        seen = {name: (stack.tmp / f"{name}.log").read_text().split() for name in ("daphne-1", "daphne-2", "worker")}
        assert seen == {"daphne-1": ["jemalloc", "True"], "daphne-2": ["-", "True"], "worker": ["-", "True"]}
    finally:
        import shutil
        shutil.rmtree(stack.tmp, ignore_errors=True)


def test_issue_8_load_tool_runs_on_loopback_only():
    with pytest.raises(SystemExit, match="loopback only"):
        Stack("postgresql://db.example.com:5432/postgres", "redis://127.0.0.1:6379/14")


def test_issue_8_soak_memory_verdict_flat_within_the_bound_else_over():
    """The soak passes on memory only when every server process grew by at most
    ``MEMORY_FLAT_MB`` over the measured window (after its warm-up); PostgreSQL backends and
    processes gone by the end are left out."""
    from games.loadtest.run import MEMORY_FLAT_MB, memory_growth

    result = {"rss_mb_start": {"daphne-1": 137.1, "daphne-2": 125.0, "worker": 124.8, "postgres-9": 40.0, "beat": 117.0},
              "rss_mb_end": {"daphne-1": 137.9, "daphne-2": 125.0 + MEMORY_FLAT_MB + 0.2, "worker": 124.1,
                             "postgres-9": 90.0}}
    assert memory_growth(result) == {"daphne-1": (0.8, True), "daphne-2": (round(MEMORY_FLAT_MB + 0.2, 1), False),
                                     "worker": (-0.7, True)}
