"""The cyclic garbage collector of a server process, tuned for the live table (DESIGN §3 "Cost").

A full (generation 2) collection walks every tracked object of the process: with Django, the
engines and the table caches loaded, that is some 10⁵ objects and tens of milliseconds
during which the event loop answers nobody — a pause every table of the process sees in its
latency tail. ``tune()`` freezes what start-up built (modules, settings, URL patterns: never
garbage) so that no collection walks it again, and raises the first threshold so that young
collections run about 70× less often (the live table allocates mostly acyclic, short-lived
dicts and strings, freed by reference counting).

With thresholds that high the collector itself almost never reaches the oldest generation
(in the issue 8 soak: 3 full collections in 22 minutes, most at start-up), and reference
cycles that outlived two young collections piled up there: some 60,000 garbage objects in a
daphne after 22 minutes, its resident memory climbing about 1 MB a minute. So ``tune()`` also
starts a thread that runs a full collection every ``MP_GC_FULL_EVERY`` seconds (default 60):
one pause of about 25 ms a minute on that soak's machine (112 ms for the first one, with the
60,000 garbage objects), and the steady climb stops. A process forked from one that runs the
thread (a Celery prefork pool child) inherits the tuned thresholds, so it starts its own.

After each of those collections the thread also hands glibc's freed heap pages back to the
system (``trim_heap``, ``malloc_trim(0)``): in the one-hour soak of 2026-12-07 a daphne's blocks
in use stayed level (31.9 -> 32.3 MB, up and down with the tables) and its Python heap flat,
while the freed memory glibc kept grew from 5.2 to 6.8 MB, most of its resident creep; a trim
costs under 5 ms and returns it (``MP_MALLOC_TRIM=0`` turns it off).

``MP_GC_THRESHOLD`` (allocations, default 50000; ``0`` keeps Python's defaults and starts no
thread) sets the first threshold; ``MP_GC_FULL_EVERY`` (seconds; ``0``: no periodic full
collection) the period.
"""
from __future__ import annotations

import ctypes
import gc
import os
import threading

DEFAULT_THRESHOLD = 50_000
DEFAULT_FULL_EVERY = 60.0

_collector: tuple[threading.Thread, threading.Event] | None = None
_every: float | None = None       # the running collector's period, for a forked child


def tune() -> tuple[int, int, int]:
    """Collect once, freeze the survivors, set the thresholds and start the periodic full
    collection (``start_full_collections``); returns ``gc.get_threshold()``. Call once, after
    start-up imports (``mahjongsite.asgi``). Raises ``ValueError`` for a non-number setting."""
    first = int(os.environ.get("MP_GC_THRESHOLD", DEFAULT_THRESHOLD))
    if first <= 0:
        return gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(first, 20, 20)
    every = float(os.environ.get("MP_GC_FULL_EVERY", DEFAULT_FULL_EVERY))
    if every > 0:
        start_full_collections(every)
    else:
        stop_full_collections()
    return gc.get_threshold()


def start_full_collections(every: float) -> threading.Event:
    """Run ``gc.collect()`` (all generations) every ``every`` seconds in a daemon thread, the
    only one of the process (a second call stops the first). Returns the ``Event`` that stops
    it when set (``stop_full_collections`` does). Raises ``ValueError`` unless ``every > 0``."""
    global _collector, _every
    if not every > 0:
        raise ValueError(f"the period of full collections must be positive seconds, not {every!r}")
    stop_full_collections()
    _every = every
    stop = threading.Event()

    trim = os.environ.get("MP_MALLOC_TRIM", "1") != "0"

    def run() -> None:
        while not stop.wait(every):
            gc.collect()
            if trim:
                trim_heap()

    thread = threading.Thread(target=run, name="gc-full-collections", daemon=True)
    thread.start()
    _collector = (thread, stop)
    return stop


_malloc_trim = None


def trim_heap() -> bool:
    """Return the heap pages glibc holds freed to the system (``malloc_trim(0)``: the top of
    each arena and whole free pages inside it); resident memory drops, nothing in use moves.
    Returns whether the C library has it (glibc) and released anything; False elsewhere."""
    global _malloc_trim
    if _malloc_trim is None:
        try:
            fn = ctypes.CDLL(None).malloc_trim
            fn.argtypes = [ctypes.c_size_t]
            fn.restype = ctypes.c_int
            _malloc_trim = fn
        except (AttributeError, OSError):
            _malloc_trim = False
    return bool(_malloc_trim and _malloc_trim(0))


def stop_full_collections() -> None:
    """Stop the periodic full collection thread, if one runs, and wait for it to end."""
    global _collector, _every
    if _collector is not None:
        thread, stop = _collector
        stop.set()
        thread.join(timeout=10)
        _collector = None
    _every = None


def _restart_in_child() -> None:
    """After ``fork``: threads are not copied, so a child of a process that ran the periodic
    full collection starts its own with the same period."""
    global _collector
    if _every is not None:
        every, _collector = _every, None
        start_full_collections(every)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_restart_in_child)
