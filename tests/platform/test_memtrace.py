"""The opt-in allocation tracing of the load tool's ``--memtrace`` (``mahjongsite.memtrace``;
issue 8 soak): off unless ``MP_MEMTRACE_DIR`` is set, never from a thread other than the main
one (the embedded worker's ``worker_init`` runs in a thread), and a snapshot on SIGUSR2."""
import os
import re
import signal
import threading
import tracemalloc

import pytest

from mahjongsite import memtrace


def test_issue_8_memtrace_is_off_without_its_variable_and_off_the_main_thread(monkeypatch, tmp_path):
    monkeypatch.delenv("MP_MEMTRACE_DIR", raising=False)
    assert memtrace.install() is False
    monkeypatch.setenv("MP_MEMTRACE_DIR", str(tmp_path))
    result = []
    thread = threading.Thread(target=lambda: result.append(memtrace.install()))
    thread.start()
    thread.join()
    assert result == [False]


def test_issue_8_memtrace_writes_a_snapshot_on_sigusr2_and_compares_two(monkeypatch, tmp_path):
    monkeypatch.setenv("MP_MEMTRACE_DIR", str(tmp_path))
    previous = signal.getsignal(signal.SIGUSR2)
    try:
        assert memtrace.install() is True
        os.kill(os.getpid(), signal.SIGUSR2)
        kept = [bytearray(4096) for _ in range(256)]     # about 1 MiB that lives on
        os.kill(os.getpid(), signal.SIGUSR2)
        snaps = sorted(tmp_path.glob(f"{os.getpid()}-*.snap"), key=lambda p: int(p.stem.split("-")[1]))
        assert len(snaps) == 2
        lines = memtrace.compare(str(snaps[0]), str(snaps[1]))
        grown = [int(re.search(r": \+(\d+) KiB", line).group(1)) for line in lines
                 if "test_memtrace.py" in line and re.search(r": \+\d+ KiB", line)]
        assert grown and max(grown) >= 900, lines            # the 1 MiB kept is found
        assert kept
    finally:
        tracemalloc.stop()
        signal.signal(signal.SIGUSR2, previous)


def test_issue_8_memtrace_summary_reports_traced_and_resident_figures(monkeypatch, tmp_path):
    """Each signal also appends one JSON line to ``<dir>/<pid>.jsonl``: tracemalloc's current
    and peak, the resident memory, the tracked objects and their commonest types."""
    import json

    monkeypatch.setenv("MP_MEMTRACE_DIR", str(tmp_path))
    monkeypatch.setenv("MP_MEMTRACE_TRACE", "1")
    previous = signal.getsignal(signal.SIGUSR2)
    try:
        assert memtrace.install() is True
        os.kill(os.getpid(), signal.SIGUSR2)
        kept = [bytearray(64) for _ in range(40000)]       # small blocks, about 4 MiB traced
        os.kill(os.getpid(), signal.SIGUSR2)
        lines = [json.loads(x) for x in (tmp_path / f"{os.getpid()}.jsonl").read_text().splitlines()]
        first, second = lines[-2:]
        assert second["n"] == first["n"] + 1
        assert second["rss_mb"] > 0 and second["objects"] > 0
        assert 0 < sum(second["types"].values()) <= second["objects"] and second["types"]["builtins.dict"] > 0
        assert second["traced_mb"] - first["traced_mb"] >= 3.0, lines
        assert len(list(tmp_path.glob(f"{os.getpid()}-*.snap"))) == 2
        assert kept
    finally:
        tracemalloc.stop()
        signal.signal(signal.SIGUSR2, previous)


UNTRACED_SCRIPT = """
import os, signal, json
from mahjongsite import memtrace
assert memtrace.install()
os.kill(os.getpid(), signal.SIGUSR2)
kept = [bytearray(64) for _ in range(40000)]
os.kill(os.getpid(), signal.SIGUSR2)
print(os.getpid())
"""


def test_issue_8_memstats_untraced_reports_pymalloc_arenas(tmp_path):
    """Untraced (``MP_MEMTRACE_TRACE=0``, the load tool's ``--memstats``): no snapshot files,
    and pymalloc's arenas before and after the collection. Run in a fresh interpreter, whose
    arenas have little free room, so that 40,000 small blocks (about 4 MiB) need new ones."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, MP_MEMTRACE_DIR=str(tmp_path), MP_MEMTRACE_TRACE="0")
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", UNTRACED_SCRIPT], env=env, cwd=root, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    pid = out.stdout.split()[-1]
    first, second = [json.loads(x) for x in (tmp_path / f"{pid}.jsonl").read_text().splitlines()]
    assert first["traced_mb"] == second["traced_mb"] == 0 and not list(tmp_path.glob("*.snap"))
    assert second["arenas"] - first["arenas"] >= 3, (first, second)
    assert second["arenas_before_gc"] > 0 and second["arenas"] > 0     # (the summary itself allocates some)


def test_issue_8_malloc_stats_tell_blocks_in_use_from_freed_heap():
    """``malloc_stats`` (glibc's ``mallinfo2``) splits the heap outside pymalloc into what is in
    use and what is freed but held, so a soak's creep can be named a leak (``in_use`` rises) or
    fragmentation (``free`` rises, ``in_use`` flat). Blocks over pymalloc's 512 bytes are malloc's:
    8 MiB of 2 KiB blocks raise ``in_use`` by about that much, and freeing them lowers it again."""
    import sys

    if sys.platform != "linux":
        pytest.skip("glibc's mallinfo2: Linux only")
    before = memtrace.malloc_stats()
    assert before is not None, "glibc >= 2.33 expected (the project's machines have 2.36)"
    kept = [bytearray(2048) for _ in range(4096)]
    held = memtrace.malloc_stats()
    assert 7.5 <= held["in_use"] - before["in_use"] <= 9.5, (before, held)
    assert held["free"] >= 0 and held["mmapped"] >= 0
    del kept
    after = memtrace.malloc_stats()
    assert held["in_use"] - after["in_use"] >= 7.5, (held, after)
    assert set(memtrace.summary()["malloc"]) == {"in_use", "free", "mmapped"}
