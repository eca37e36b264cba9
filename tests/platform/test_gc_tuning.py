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
        gc.unfreeze()
        gc.set_threshold(*before)


def test_design_3_cost_gc_tuning_can_be_turned_off(monkeypatch):
    before = gc.get_threshold()
    monkeypatch.setenv("MP_GC_THRESHOLD", "0")
    gc.unfreeze()
    assert gc_tuning.tune() == before
    assert gc.get_freeze_count() == 0
