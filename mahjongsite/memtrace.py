"""Opt-in allocation tracing of a server process, for finding what grows (issue 8 soak).

With ``MP_MEMTRACE_DIR`` set, ``install()`` starts ``tracemalloc`` (the allocating line of
each block) and makes ``SIGUSR2`` write a snapshot to ``<dir>/<pid>-<n>.snap``; ``compare``
prints which lines hold more memory in a later snapshot. Off by default: tracing slows
every allocation. ``python -m games.loadtest --memtrace DIR`` uses it around its window.
"""
from __future__ import annotations

import os
import signal
import tracemalloc

_count = 0


def install() -> bool:
    """Start tracing when ``MP_MEMTRACE_DIR`` is set and this is the main thread; returns
    whether it did."""
    import threading

    folder = os.environ.get("MP_MEMTRACE_DIR")
    if not folder or not hasattr(signal, "SIGUSR2") or threading.current_thread() is not threading.main_thread():
        return False            # signal handlers are the main thread's (the embedded worker is not)
    os.makedirs(folder, exist_ok=True)
    tracemalloc.start(1)

    def dump(signum, frame):   # noqa: ARG001 (signal handler signature)
        global _count
        _count += 1
        import gc

        gc.collect()
        tracemalloc.take_snapshot().dump(os.path.join(folder, f"{os.getpid()}-{_count}.snap"))

    signal.signal(signal.SIGUSR2, dump)
    return True


def compare(first: str, second: str, top: int = 15) -> list[str]:
    """Lines ``"<file>:<line>: +<KiB> KiB (<blocks> blocks)"`` of the ``top`` places whose
    traced memory grew most from snapshot file ``first`` to ``second``."""
    a = tracemalloc.Snapshot.load(first)
    b = tracemalloc.Snapshot.load(second)
    out = []
    for stat in b.compare_to(a, "lineno")[:top]:
        frame = stat.traceback[0]
        out.append(f"{frame.filename}:{frame.lineno}: {stat.size_diff / 1024:+.0f} KiB "
                   f"({stat.count_diff:+d} blocks, {stat.size / 1024:.0f} KiB now)")
    return out
