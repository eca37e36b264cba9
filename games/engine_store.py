"""Load the engine state of a stored game (DESIGN §2: the log is the truth).

``Game.from_log(row.log)`` rebuilds the table; a per-process cache keyed by
``(game id, state_version)`` skips the replay when nothing changed. A cached engine is
only used when its version equals the stored row's, so several server processes stay
correct. Access to one game's cached engine is serialized by a per-game thread lock
(``engine_lock``): writers mutate the engine in place, readers build views from it.
"""
from __future__ import annotations

import importlib
import threading
from collections import OrderedDict

CACHE_SIZE = 256

_guard = threading.Lock()
_cache: OrderedDict[int, tuple[int, object]] = OrderedDict()
_locks: dict[int, threading.RLock] = {}


def engine_module():
    """``rules_engine.game``, imported at call time (the engine may be installed after us)."""
    return importlib.import_module("rules_engine.game")


def engine_lock(game_id: int) -> threading.RLock:
    """The process-local lock serializing use of game ``game_id``'s cached engine."""
    with _guard:
        lock = _locks.get(game_id)
        if lock is None:
            lock = _locks[game_id] = threading.RLock()
        return lock


def load(row):
    """Engine ``Game`` for the stored ``row`` (a ``games.models.Game``); caller holds
    ``engine_lock(row.pk)``. Raises whatever ``Game.from_log`` raises for a corrupt log."""
    with _guard:
        hit = _cache.get(row.pk)
        if hit is not None and hit[0] == row.state_version:
            _cache.move_to_end(row.pk)
            return hit[1]
    engine = engine_module().Game.from_log(row.log)
    put(row.pk, row.state_version, engine)
    return engine


def take(row):
    """Like ``load`` but removes the engine from the cache, for a writer that mutates it;
    the writer calls ``put`` with the new version after its transaction commits."""
    engine = load(row)
    forget(row.pk)
    return engine


def put(game_id: int, version: int, engine) -> None:
    """Remember ``engine`` as game ``game_id`` at ``version``."""
    with _guard:
        _cache[game_id] = (version, engine)
        _cache.move_to_end(game_id)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def forget(game_id: int) -> None:
    """Drop game ``game_id`` from the cache."""
    with _guard:
        _cache.pop(game_id, None)


def clear() -> None:
    """Drop every cached engine, as a process restart would (tests use this)."""
    with _guard:
        _cache.clear()
