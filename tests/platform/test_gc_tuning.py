"""The server's garbage-collector tuning (``mahjongsite.gc_tuning``; DESIGN §3 "Cost")."""
from __future__ import annotations

import gc

from mahjongsite import gc_tuning


def test_design_3_cost_start_up_objects_are_frozen_and_young_collections_are_rarer(monkeypatch):
    before = gc.get_threshold()
    monkeypatch.delenv("MP_GC_THRESHOLD", raising=False)
    try:
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        assert gc_tuning.tune() == (gc_tuning.DEFAULT_THRESHOLD, 20, 20)
        assert gc.get_freeze_count() > 1000          # the modules imported so far
    finally:
        gc_tuning.stop_full_collections()
        gc.unfreeze()
        gc.set_threshold(*before)


def test_design_3_cost_gc_tuning_can_be_turned_off(monkeypatch):
    before = gc.get_threshold()
    monkeypatch.setenv("MP_GC_THRESHOLD", "0")
    gc.unfreeze()
    assert gc_tuning.tune() == before
    assert gc.get_freeze_count() == 0


def test_issue_8_full_collections_run_periodically_and_free_old_cycles():
    """The periodic full collection (``start_full_collections``): a reference cycle dropped
    while the collector is off (as it is, in effect, for the oldest generation under the tuned
    thresholds) is freed by the thread's next ``gc.collect()``; once stopped, the thread ends."""
    import threading
    import weakref

    class Node:
        pass

    freed = threading.Event()
    was_enabled = gc.isenabled()
    gc.disable()                           # only the thread's explicit collections may free it
    try:
        node = Node()
        node.self = node                   # a cycle: reference counting never frees it
        weakref.finalize(node, freed.set)
        del node
        stop = gc_tuning.start_full_collections(0.05)
        assert freed.wait(timeout=30), "the periodic full collection freed the cycle"
        thread = gc_tuning._collector[0]
        gc_tuning.stop_full_collections()
        assert stop.is_set() and not thread.is_alive() and gc_tuning._collector is None
    finally:
        gc_tuning.stop_full_collections()
        if was_enabled:
            gc.enable()


def test_issue_8_tune_starts_the_full_collections_unless_turned_off(monkeypatch):
    """``MP_GC_FULL_EVERY`` (seconds, default 60) starts the thread from ``tune()``; ``0`` does
    not; a period that is not positive is refused."""
    import pytest

    before = gc.get_threshold()
    monkeypatch.delenv("MP_GC_THRESHOLD", raising=False)
    try:
        gc_tuning.start_full_collections(60)      # as if ``mahjongsite.asgi`` had been imported before
        monkeypatch.setenv("MP_GC_FULL_EVERY", "0")
        gc_tuning.tune()
        assert gc_tuning._collector is None
        monkeypatch.delenv("MP_GC_FULL_EVERY")
        gc_tuning.tune()
        thread, stop = gc_tuning._collector
        assert thread.is_alive() and thread.daemon and not stop.is_set()
        with pytest.raises(ValueError):
            gc_tuning.start_full_collections(0)
    finally:
        gc_tuning.stop_full_collections()
        gc.unfreeze()
        gc.set_threshold(*before)


def test_issue_8_a_worker_process_tunes_its_collector_the_embedded_worker_thread_does_not(monkeypatch):
    """Celery's ``worker_init`` (``mahjongsite.celery``) tunes the collector and starts the
    periodic full collection in a worker process of its own (main thread), never from the
    embedded worker's thread inside daphne."""
    import threading

    from mahjongsite.celery import _memtrace_worker

    before = gc.get_threshold()
    monkeypatch.delenv("MP_GC_THRESHOLD", raising=False)
    monkeypatch.delenv("MP_GC_FULL_EVERY", raising=False)
    monkeypatch.delenv("MP_MEMTRACE_DIR", raising=False)
    try:
        gc_tuning.stop_full_collections()
        thread = threading.Thread(target=_memtrace_worker)
        thread.start()
        thread.join()
        assert gc_tuning._collector is None and gc.get_threshold() == before
        _memtrace_worker()
        assert gc_tuning._collector is not None and gc.get_threshold() == (gc_tuning.DEFAULT_THRESHOLD, 20, 20)
    finally:
        gc_tuning.stop_full_collections()
        gc.unfreeze()
        gc.set_threshold(*before)


def test_issue_8_a_forked_child_runs_its_own_full_collections():
    """A process forked from one running the periodic full collection (a Celery prefork pool
    child) inherits the tuned thresholds but not the thread: it starts its own."""
    import os

    gc_tuning.start_full_collections(60)
    read, write = os.pipe()
    try:
        pid = os.fork()
        if pid == 0:                                            # the child
            alive = gc_tuning._collector is not None and gc_tuning._collector[0].is_alive()
            os.write(write, b"1" if alive else b"0")
            os._exit(0)
        os.close(write)
        assert os.read(read, 1) == b"1"
        assert os.waitpid(pid, 0)[1] == 0
    finally:
        os.close(read)
        gc_tuning.stop_full_collections()


TRIM_SCRIPT = """
import sys
from mahjongsite import gc_tuning, memtrace
blocks = [bytearray(3000) for _ in range(20000)]    # about 60 MB of malloc's blocks (> 512 B)
keep = blocks[::50]                                  # one in fifty stays: the heap cannot shrink from its top alone
del blocks
before = memtrace._rss_mb()
held = memtrace.malloc_stats()
ok = gc_tuning.trim_heap()
after = memtrace._rss_mb()
print(before, after, held["free"], memtrace.malloc_stats()["in_use"] - held["in_use"], ok, len(keep))
"""


def test_issue_8_trim_heap_hands_freed_heap_pages_back():
    """``trim_heap`` (glibc ``malloc_trim``): 60 MB of 3 KB blocks freed but for one in fifty
    stay in glibc's heap as free memory, resident; the trim hands them back (resident memory
    drops by most of them) and moves nothing in use. In a fresh interpreter, so that the
    figures are this allocation's alone."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", TRIM_SCRIPT], cwd=root, capture_output=True, text=True,
                         timeout=120, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    before, after, free, in_use_moved, ok, kept = out.stdout.split()
    assert ok == "True" and int(kept) == 400
    assert float(free) >= 50.0                        # freed, and still held by glibc
    assert float(before) - float(after) >= 40.0, out.stdout
    assert abs(float(in_use_moved)) < 0.5


def test_issue_8_full_collection_thread_trims_the_heap_unless_turned_off(monkeypatch):
    """Each periodic full collection is followed by ``trim_heap``; ``MP_MALLOC_TRIM=0`` keeps
    the collections and leaves the heap alone."""
    import threading

    trimmed = threading.Event()
    monkeypatch.setattr(gc_tuning, "trim_heap", lambda: trimmed.set() or True)
    try:
        monkeypatch.delenv("MP_MALLOC_TRIM", raising=False)
        gc_tuning.start_full_collections(0.05)
        assert trimmed.wait(timeout=30)
        gc_tuning.stop_full_collections()
        trimmed.clear()
        monkeypatch.setenv("MP_MALLOC_TRIM", "0")
        collected = threading.Event()
        monkeypatch.setattr(gc_tuning.gc, "collect", lambda *a: collected.set() or 0)
        gc_tuning.start_full_collections(0.05)
        assert collected.wait(timeout=30)
        gc_tuning.stop_full_collections()          # joins the thread: its loop has ended
        assert not trimmed.is_set()
    finally:
        gc_tuning.stop_full_collections()
