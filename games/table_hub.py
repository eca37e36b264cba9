"""One subscription per table per server process (DESIGN §3 "Cost").

Each server process (each event loop with a channel layer) has one ``TableHub``; every local
connection to a table registers with it. A change notice (``table.changed``) or presence
notice (``table.presence``) reaches the process once (channels-redis pushes one copy per
process and hands it to each local member of the group) and the hub acts on the first copy
only: it reads the stored table once (``views_state.table_snapshot``: the snapshot its own
writer left, else one query), builds each *seat's* view once
(``views_state.state_message``), and hands every local connection the text of exactly its
own seat (spectators: the public view). Nothing private passes through the layer: the
notices carry versions only. A change written in this process needs no notice at all: its
writer builds the views from the engine it holds and hands them over (``writer_changed``,
``take_built``), and the layer's notice leaves those connections out.

Ordering (a connection is never sent an older state than one it had): each connection
keeps the last ``state_version`` it was sent (``deliver``); the hub builds one table at a
time and, when notices arrive while it reads, reads again for the newest version asked.
A notice lost on the way heals at the next one. Caches only: every build starts from the
stored row of at least the notified version, or from a snapshot of exactly the state a
writer of this process committed.
"""
from __future__ import annotations

import asyncio
import collections
import json
import logging
import weakref

from channels.db import database_sync_to_async

log = logging.getLogger("games")

#: Seconds a read spectator count serves later builds of a table. A spectator arriving or
#: leaving sends a presence notice, which always reads it again; this bound only heals a
#: lost notice (P-SPECT-5).
SPECTATORS_TTL = 60.0


class _Table:
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.members: set = set()
        self.seen: collections.deque = collections.deque(maxlen=16)   # presence notices handled
        self.builder: asyncio.Task | None = None
        self.wanted = -1            # newest version a notice announced
        self.fresh = False          # the next build reads seats/presence/spectators afresh
        self.exclude: set = set()   # channels not sent the next fresh build (the cause of
        #                             every presence notice gathered into it)
        self.dirty = False          # a notice arrived during the running build: build again
        self.spectators: tuple[float, int] | None = None     # (monotonic read time, count)


class TableHub:
    """The tables served by this process's connections (see the module docstring). A member
    (``games.consumers.TableConsumer``) has ``channel_name``, ``seat`` (``None`` for a
    spectator), ``sent_version`` and ``async deliver(version, text, force)``, which sends
    ``text`` unless that would step the connection back."""

    def __init__(self, layer) -> None:
        self.layer = layer
        self.tables: dict[int, _Table] = {}
        #: builds run (one read and one set of views each), for tests and the load tool
        self.builds = 0

    # ------------------------------------------------------------------ membership
    def join(self, member, game_id: int) -> None:
        """Register ``member`` (already in the table's group) at table ``game_id``."""
        table = self.tables.get(game_id)
        if table is None:
            table = self.tables[game_id] = _Table(game_id)
        table.members.add(member)

    def leave(self, member, game_id: int) -> None:
        """Forget ``member``; the table is forgotten with its last member."""
        table = self.tables.get(game_id)
        if table is None:
            return
        table.members.discard(member)
        if not table.members:
            del self.tables[game_id]

    # ------------------------------------------------------------------ notices
    def notice(self, game_id: int, event: dict) -> None:
        """A group notice as one of the table's connections received it: every local member
        gets the same notice, and only the first copy of each counts. A change notice
        (``table.changed``) counts by its version; a presence notice (``table.presence``) by
        the message itself (channels-redis hands one decoded message to all of a process's
        receivers; the in-process layer copies it, and each copy then asks for a read)."""
        kind = event.get("type")
        if kind == "table.changed":
            version = event.get("version")
            if isinstance(version, int):
                self.changed(game_id, version)
            return
        table = self.tables.get(game_id)
        if table is None or any(e is event for e in table.seen):
            return
        table.seen.append(event)
        self.changed(game_id, None, fresh=True, exclude=event.get("channel"))

    def changed(self, game_id: int, version: int | None, *, fresh: bool = False,
                exclude: str | None = None) -> None:
        """Ask for a build of table ``game_id``: at least ``version`` (a change notice), or
        with seats, presence and spectators read again (``fresh``, a presence notice; its
        causing channel ``exclude`` is not sent that build). Notices arriving during a build
        are gathered into the next one; a connection is left out of a gathered build only when
        every presence notice in it was its own (another's arrival or departure is news to it,
        P-CONN-5)."""
        table = self.tables.get(game_id)
        if table is None:
            return
        if version is not None:
            if version <= table.wanted and not fresh:
                return
            table.wanted = max(table.wanted, version)
        if fresh:
            cause = {exclude} if exclude else set()
            table.exclude = cause if not table.fresh else table.exclude & cause
            table.fresh = True
        if table.builder is None or table.builder.done():
            table.builder = asyncio.ensure_future(self._build_loop(table))
        else:
            table.dirty = True

    def take_built(self, game_id: int, version: int, texts: dict) -> None:
        """On the loop: the states at ``version`` that this process's writer built
        (``writer_changed``); each member is handed the text of its own key, never a step
        back. A member that joined after the writer chose the keys gets a build of its own."""
        table = self.tables.get(game_id)
        if table is None:
            return
        pairs, missing = [], False
        for member in table.members:
            text = texts.get(member.seat)
            if text is None:
                missing = missing or member.sent_version < version
            elif member.sent_version < version:
                pairs.append((member, text))
        if pairs:
            asyncio.ensure_future(_deliver_all(pairs, version))
        if missing:
            self.changed(game_id, version)
        elif version > table.wanted:
            table.wanted = version        # the layer's notice of this version: nothing to do

    async def _build_loop(self, table: _Table) -> None:
        table.dirty = True
        while table.dirty:
            table.dirty = False
            fresh, exclude, wanted = table.fresh, table.exclude, table.wanted
            table.fresh, table.exclude = False, set()
            members = list(table.members)
            keys = {m.seat for m in members if fresh or m.sent_version < wanted}
            if not keys:
                continue
            try:
                built = await _in_db_pool(_build)(table, wanted, fresh, keys)
            except asyncio.CancelledError:
                raise
            except Exception:  # the next notice heals it
                log.exception("table hub: could not build the views of table %s", table.game_id)
                continue
            self.builds += 1
            if built is None:
                continue
            version, texts = built
            for member in members:
                text = texts.get(member.seat)
                if text is None:
                    continue
                # The connection whose arrival caused a presence notice gets no forced
                # re-send of the state it has; a newer version it gets like everyone.
                force = fresh and member.channel_name not in exclude
                try:
                    await member.deliver(version, text, force=force)
                except Exception:  # a connection closing: the others still get theirs
                    log.debug("table hub: delivery failed", exc_info=True)


async def _deliver_all(pairs: list, version: int) -> None:
    """``member.deliver(version, text)`` for each ``(member, text)``; one failing (a
    connection closing) does not stop the others."""
    for member, text in pairs:
        try:
            await member.deliver(version, text)
        except Exception:
            log.debug("table hub: delivery failed", exc_info=True)


def _in_db_pool(fn):
    from .consumers import _in_db_pool as pool

    return pool(fn)


def _build(table: _Table, wanted: int, fresh: bool, keys: set) -> tuple[int, dict] | None:
    """``(state_version, {seat or None: state message JSON})`` of the stored table, at least
    ``wanted``; ``None`` when the game does not exist. One read (``table_snapshot``), one
    spectator count per ``SPECTATORS_TTL`` (``fresh``: always), one view per seat key."""
    from .views_state import game_info, players_of, seat_rows, seat_view, table_snapshot

    game = table_snapshot(table.game_id, None if fresh else max(wanted, 0))
    if game is None:
        return None
    spectators = _spectator_count(table, game, fresh)
    seats = seat_rows(game)
    players = players_of(game, seats)
    texts = {key: json.dumps({"type": "state",
                              "game": game_info(game, key, seats=seats, players=players,
                                                spectators=spectators),
                              "view": seat_view(game, key)})
             for key in keys}
    return game.state_version, texts


def _spectator_count(table: _Table, game, fresh: bool) -> int:
    """The spectator count of ``game`` for a build of ``table``: read again when ``fresh`` or
    older than ``SPECTATORS_TTL`` seconds (one query), else the one read before; 0 for a
    practice game (P-SPECT-5, P-PRAC-3)."""
    import time

    from .models import Game
    from .views_state import _spectators

    if game.kind == Game.Kind.PRACTICE:
        return 0
    now = time.monotonic()
    cached = table.spectators
    if fresh or cached is None or now - cached[0] >= SPECTATORS_TTL:
        count = _spectators(game)
        table.spectators = (now, count)
        return count
    return cached[1]


def writer_changed(game_id: int, version: int, build) -> frozenset:
    """Hand this process's own connections to table ``game_id`` their states at ``version``,
    built here by the writer that just committed it (DESIGN §3 "Cost": no read of the table
    and no trip through the channel layer for the connections served by the process that
    wrote; the production proxy routes a table's connections to one process, README
    "Production shape"). Called after commit in the writer's (synchronous) thread, still
    under the game's engine lock.

    ``build(keys, spectators) -> {key: state message JSON} | None``: the writer's
    ``service._state_builder``, with ``build.game`` the stored row; ``None`` when the engine
    has moved on. Each key is a seat (``None``: an invited spectator's public view) and each
    text goes only to the connections of that key (hidden information as in the hub).
    Returns the channel names of the local connections handed their states (the layer's
    notice then goes to the other connections only), or an empty set when this process has
    no server loop, no hub or no connection to the table (nothing was done)."""
    from .notify import server_loop

    loop = server_loop()
    if loop is None:
        return frozenset()
    hub = next(iter((_hubs.get(loop) or {}).values()), None)
    table = hub.tables.get(game_id) if hub is not None else None
    if table is None:
        return frozenset()
    try:
        members = list(table.members)
    except RuntimeError:          # the set changed while copied (a connection came or went)
        return frozenset()
    if not members:
        return frozenset()
    texts = build({member.seat for member in members}, _spectator_count(table, build.game, False))
    if texts is None:
        return frozenset()
    loop.call_soon_threadsafe(hub.take_built, game_id, version, texts)
    return frozenset(member.channel_name for member in members)


_hubs: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict]" = weakref.WeakKeyDictionary()


def hub_for(layer) -> TableHub:
    """This event loop's hub for channel layer ``layer`` (one per server process)."""
    loop = asyncio.get_running_loop()
    per_loop = _hubs.setdefault(loop, {})
    hub = per_loop.get(id(layer))
    if hub is None or hub.layer is not layer:
        hub = per_loop[id(layer)] = TableHub(layer)
    return hub
