"""Opt-in allocation tracing of a server process, for finding what grows (issue 8 soak).

With ``MP_MEMTRACE_DIR`` set, ``install()`` starts ``tracemalloc`` (the allocating line of
each block) and makes ``SIGUSR2`` write a snapshot to ``<dir>/<pid>-<n>.snap``; ``compare``
prints which lines hold more memory in a later snapshot. Each signal also appends one JSON
line (``summary``: traced and resident memory, pymalloc arenas, glibc malloc's heap in use and
free, tracked objects, garbage freed)
to ``<dir>/<pid>.jsonl``. With ``MP_MEMTRACE_TRACE=0`` tracemalloc is not started: only those
lines, from an untraced process (whose arenas can then be read). Off by default: tracing slows
every allocation. ``python -m games.loadtest --memtrace DIR`` uses it around its window.
"""
from __future__ import annotations

import ctypes
import json
import os
import signal
import tracemalloc

_count = 0
TOP_TYPES = 60


def install() -> bool:
    """Start tracing when ``MP_MEMTRACE_DIR`` is set and this is the main thread; returns
    whether it did."""
    import threading

    folder = os.environ.get("MP_MEMTRACE_DIR")
    if not folder or not hasattr(signal, "SIGUSR2") or threading.current_thread() is not threading.main_thread():
        return False            # signal handlers are the main thread's (the embedded worker is not)
    os.makedirs(folder, exist_ok=True)
    trace = os.environ.get("MP_MEMTRACE_TRACE", "1") != "0"
    if trace:
        tracemalloc.start(1)

    def dump(signum, frame):   # noqa: ARG001 (signal handler signature)
        global _count
        _count += 1
        import gc

        before = {"rss_mb_before_gc": _rss_mb(), "arenas_before_gc": _pymalloc_arenas()}
        garbage = gc.collect()
        if trace:
            tracemalloc.take_snapshot().dump(os.path.join(folder, f"{os.getpid()}-{_count}.snap"))
        with open(os.path.join(folder, f"{os.getpid()}.jsonl"), "a") as f:
            f.write(json.dumps(dict(summary(garbage), **before)) + "\n")

    signal.signal(signal.SIGUSR2, dump)
    return True


def summary(garbage: int = 0) -> dict:
    """One line about this process's memory for a snapshot: ``traced_mb`` and ``peak_mb``
    (tracemalloc's current and peak since the last summary, MB), ``rss_mb`` (resident memory,
    MB), ``arenas`` (pymalloc's 1 MiB arenas now held; ``None`` if unknown), ``malloc``
    (``malloc_stats()``: glibc's heap in use and free, MB; ``None`` off glibc), ``objects``
    (objects the collector tracks), ``garbage`` (unreachable objects the collection before
    freed) and ``types`` (the ``TOP_TYPES`` commonest tracked types, ``"module.Name": count``)."""
    import gc

    current, peak = tracemalloc.get_traced_memory() if tracemalloc.is_tracing() else (0, 0)
    if tracemalloc.is_tracing():
        tracemalloc.reset_peak()
    from collections import Counter

    objects = gc.get_objects()
    types = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in objects)
    del objects
    return {"n": _count, "traced_mb": round(current / 2 ** 20, 2), "peak_mb": round(peak / 2 ** 20, 2),
            "rss_mb": _rss_mb(), "arenas": _pymalloc_arenas(), "malloc": malloc_stats(), "objects": sum(types.values()), "garbage": garbage,
            "types": dict(types.most_common(TOP_TYPES))}


def _rss_mb() -> float | None:
    """Resident memory of this process in MB (Linux ``/proc``; ``None`` elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return round(int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20, 1)
    except OSError:
        return None


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]


def malloc_stats() -> dict | None:
    """glibc's own account of its heap (``mallinfo2``, all arenas), MB: ``in_use`` (blocks
    allocated and not freed, ``uordblks`` + ``hblkhd``: objects over pymalloc's 512 bytes and
    what C extensions allocate), ``free`` (freed bytes the heap still holds, ``fordblks``: a
    rise with ``in_use`` flat is fragmentation, not a leak), ``mmapped`` (large blocks mapped on
    their own, ``hblkhd``). ``None`` where the C library has no ``mallinfo2`` (glibc < 2.33, not
    glibc). pymalloc's arenas are mapped apart and counted by ``arenas``, not here."""
    global _mallinfo2
    if _mallinfo2 is None:
        try:
            fn = ctypes.CDLL(None).mallinfo2
        except (AttributeError, OSError):
            _mallinfo2 = False
            return None
        fn.restype = _Mallinfo2
        fn.argtypes = []
        _mallinfo2 = fn
    if not _mallinfo2:
        return None
    m = _mallinfo2()
    mb = 2 ** 20
    return {"in_use": round((m.uordblks + m.hblkhd) / mb, 2), "free": round(m.fordblks / mb, 2),
            "mmapped": round(m.hblkhd / mb, 2)}


_mallinfo2 = None


def _pymalloc_arenas() -> int | None:
    """pymalloc's arenas allocated now, read from ``sys._debugmallocstats()`` (CPython only; it
    writes to file descriptor 2, which is pointed at a temporary file meanwhile). ``None`` while
    tracemalloc runs: its hooks hide pymalloc from that report."""
    import sys
    import tempfile

    if not hasattr(sys, "_debugmallocstats"):
        return None
    with tempfile.TemporaryFile(mode="w+") as tmp:
        sys.stderr.flush()
        saved = os.dup(2)
        try:
            os.dup2(tmp.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        tmp.seek(0)
        for line in tmp:
            if line.startswith("# arenas allocated current"):
                return int(line.rsplit("=", 1)[1].strip().replace(",", ""))
    return None


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
