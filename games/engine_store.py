"""Load the engine state of a stored game (DESIGN §2: the log is the truth; §3 "Cost").

``Game.from_log(row.log)`` rebuilds the table; a per-process cache keyed by
``(game id, state_version)`` skips the replay when nothing changed. When the stored row is
newer than the cached engine (another process wrote last), the engine catches up instead
of being rebuilt: the log is append-only, so a cached engine holding the first n entries
applies only the stored entries n.. (``LogEntry`` rows), each checked against the events
recorded with it; when that is impossible (entries missing, a mismatch, an engine ahead
of the row) the game is rebuilt from the stored log. Access to one game's cached engine
is serialized by a per-game thread lock (``engine_lock``): writers mutate the engine in
place, readers build views from it.

Memory (issue 8 soak): a game being played keeps its engine in the main cache (``CACHE_SIZE``);
a finished game's engine is never written again, so it moves to a small cache of its own
(``FINISHED_CACHE_SIZE``: the game-over screens and reviews read it a few times just after the
end) on every path that stores one, and a finished game nobody reads is rebuilt on demand
(about 8 ms for a full East round). The per-game locks live only while somebody holds or
waits for them. A process's engines are therefore bounded by its live tables, not by how
many games it has served.
"""
from __future__ import annotations

import importlib
import threading
import weakref
from collections import OrderedDict

CACHE_SIZE = 256
FINISHED_CACHE_SIZE = 16

_guard = threading.Lock()
_cache: OrderedDict[int, tuple[int, object]] = OrderedDict()          # games being played
_finished: OrderedDict[int, tuple[int, object]] = OrderedDict()       # ended games, recent reads
# A lock exists while somebody holds it or waits for it (their references keep it alive).
_locks: "weakref.WeakValueDictionary[int, threading.RLock]" = weakref.WeakValueDictionary()


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


def cached_length(game_id: int) -> int | None:
    """How many log entries the cached engine of game ``game_id`` holds (``None``: none
    cached); caller holds ``engine_lock(game_id)``. A writer reads the entries from there
    on with the locked row (``hot_sql.read_table_for_write``) and passes them to ``take``."""
    with _guard:
        hit = _cache.get(game_id) or _finished.get(game_id)
    return None if hit is None else hit[1].log_length


def load(row, tail: tuple[int, list] | None = None):
    """Engine ``Game`` for the stored ``row`` (a ``games.models.Game``, which may be read
    without its ``log_base`` column); caller holds ``engine_lock(row.pk)``. ``tail``:
    ``(start, entries)``, stored log entries from index ``start`` on read with the row, used
    to catch up instead of a read when they are exactly the ones the cached engine lacks.
    Raises whatever ``Game.from_log`` raises for a corrupt log."""
    with _guard:
        hit = _cache.get(row.pk) or _finished.get(row.pk)
        if hit is not None and hit[0] == row.state_version:
            (_cache if row.pk in _cache else _finished).move_to_end(row.pk)
            return hit[1]
    engine = _catch_up(row, hit[1], tail) if hit is not None else None
    if engine is False:                  # the cache is ahead of this (older) row: leave it
        return engine_module().Game.from_log(row.log_upto(row.log_length))
    if engine is None:
        engine = engine_module().Game.from_log(row.log_upto(row.log_length))
        stats["rebuilds"] += 1
    put(row.pk, row.state_version, engine)
    return engine


#: How engines were obtained in this process (for the load tool and tests).
stats = {"rebuilds": 0, "catch_ups": 0, "tail_misses": 0}


def _catch_up(row, engine, tail=None):
    """``engine`` brought to ``row``'s stored log length by applying only the missing entries
    (those of ``tail`` when it holds exactly them, else read); ``None`` when it cannot be
    (rebuild instead); ``False`` when ``engine`` is ahead of ``row`` (a newer state is
    cached; the caller must not replace it)."""
    from .hot_sql import log_entries

    have, want = engine.log_length, row.log_length
    if have == want:
        return engine
    if have > want:
        return False
    if tail is not None and tail[0] == have and len(tail[1]) == want - have:
        entries = tail[1]
    else:          # no tail, or one read before a lock wait (hot_sql.read_table_for_write)
        entries = log_entries(row.pk, have, want)
        stats["tail_misses"] += tail is not None
    if len(entries) != want - have:
        return None                      # held in the log's base column (older games)
    try:
        engine.extend_log(entries, verify=True)
    except Exception:  # the log is the truth: rebuild from it
        return None
    stats["catch_ups"] += 1
    return engine


def take(row, tail: tuple[int, list] | None = None):
    """Like ``load`` but removes the engine from the cache, for a writer that mutates it;
    the writer calls ``put`` with the new version after its transaction commits."""
    engine = load(row, tail)
    forget(row.pk)
    return engine


def put(game_id: int, version: int, engine, *, keep_newer: bool = False) -> None:
    """Remember ``engine`` as game ``game_id`` at ``version``: in the main cache while the game
    is being played, in the small one of finished games once its phase is ``"game_over"``.
    ``keep_newer`` (a writer putting back what it took): an engine already cached at a later
    version stays (a write nested in this one's commit, as eager tasks run, stored it).
    The engine's log entries, all stored by now, are released (``Game.release_log``): a cached
    engine holds the game's state, not a second copy of its log."""
    engine.release_log(engine.log_length)   # stored in the database: keep only the count
    with _guard:
        held = _cache.get(game_id) or _finished.get(game_id)
        if keep_newer and held is not None and held[0] > version:
            return
        if getattr(engine, "phase", None) == "game_over":
            _cache.pop(game_id, None)
            into, size = _finished, FINISHED_CACHE_SIZE
        else:
            _finished.pop(game_id, None)
            into, size = _cache, CACHE_SIZE
        into[game_id] = (version, engine)
        into.move_to_end(game_id)
        while len(into) > size:
            into.popitem(last=False)


def cached_engines() -> tuple[int, int]:
    """``(games being played, finished games)`` whose engines this process holds."""
    with _guard:
        return len(_cache), len(_finished)


def refile(game_id: int, old: int, new: int) -> None:
    """A change that left the engine as it was (the end of a claim pause) stepped game
    ``game_id`` from ``old`` to version ``new``: a cached engine at ``old`` is now the
    engine at ``new``. Anything else cached is left as it is (``load`` checks it)."""
    with _guard:
        for cache in (_cache, _finished):
            hit = cache.get(game_id)
            if hit is not None and hit[0] == old:
                cache[game_id] = (new, hit[1])


def forget(game_id: int) -> None:
    """Drop game ``game_id`` from the cache."""
    with _guard:
        _cache.pop(game_id, None)
        _finished.pop(game_id, None)


def clear() -> None:
    """Drop every cached engine and table snapshot (``views_state``), as a process restart
    would (tests use this)."""
    from . import views_state

    with _guard:
        _cache.clear()
        _finished.clear()
    views_state.clear_snapshots()
