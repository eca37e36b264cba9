"""The cyclic garbage collector of a server process, tuned for the live table (DESIGN §3 "Cost").

A full (generation 2) collection walks every tracked object of the process: with Django, the
engines and the table caches loaded, that is some 10⁵ objects and tens of milliseconds
during which the event loop answers nobody — a pause every table of the process sees in its
latency tail. ``tune()`` freezes what start-up built (modules, settings, URL patterns: never
garbage) so that no collection walks it again, and raises the first threshold so that young
collections run about 70× less often (the live table allocates mostly acyclic, short-lived
dicts and strings, freed by reference counting). Memory stays bounded: cycles are still
collected, only later. ``MP_GC_THRESHOLD`` (allocations, default 50000; ``0`` keeps Python's
defaults) sets the first threshold.
"""
from __future__ import annotations

import gc
import os

DEFAULT_THRESHOLD = 50_000


def tune() -> tuple[int, int, int]:
    """Collect once, freeze the survivors, set the thresholds; returns ``gc.get_threshold()``.
    Call once, after start-up imports (``mahjongsite.asgi``)."""
    first = int(os.environ.get("MP_GC_THRESHOLD", DEFAULT_THRESHOLD))
    if first <= 0:
        return gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(first, 20, 20)
    return gc.get_threshold()
