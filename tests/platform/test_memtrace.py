"""The opt-in allocation tracing of the load tool's ``--memtrace`` (``mahjongsite.memtrace``;
issue 8 soak): off unless ``MP_MEMTRACE_DIR`` is set, never from a thread other than the main
one (the embedded worker's ``worker_init`` runs in a thread), and a snapshot on SIGUSR2."""
import os
import re
import signal
import threading
import tracemalloc

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
