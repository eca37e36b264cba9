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
