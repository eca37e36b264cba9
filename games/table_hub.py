"""One subscription per table per server process (DESIGN §3 "Cost").

Each server process (each event loop with a channel layer) has one ``TableHub``; every local
connection to a table registers with it. A change notice (``table.changed``) or presence
notice (``table.presence``) reaches the process once (channels-redis pushes one copy per
process and hands it to each local member of the group) and the hub acts on the first copy
only: it reads the stored table once (``views_state.table_snapshot``: the snapshot its own
writer left, else one query), builds each *seat's* view once
(``views_state.state_message``), and hands every local connection the text of exactly its
own seat (spectators: the public view). Nothing private passes through the layer: the
notices carry versions only.

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

#: Seconds a read spectator count serves later builds of a table (a spectator arriving or
#: leaving sends a presence notice, which always reads it again).
SPECTATORS_TTL = 10.0


class _Table:
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.members: set = set()
        self.seen: collections.deque = collections.deque(maxlen=16)   # presence notices handled
        self.builder: asyncio.Task | None = None
        self.wanted = -1            # newest version a notice announced
        self.fresh = False          # the next build reads seats/presence/spectators afresh
        self.exclude: set = set()   # channels not sent the next fresh build (the notice's cause)
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
        are gathered into the next one."""
        table = self.tables.get(game_id)
        if table is None:
            return
        if version is not None:
            if version <= table.wanted and not fresh:
                return
            table.wanted = max(table.wanted, version)
        if fresh:
            table.fresh = True
            if exclude:
                table.exclude.add(exclude)
        if table.builder is None or table.builder.done():
            table.builder = asyncio.ensure_future(self._build_loop(table))
        else:
            table.dirty = True

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


def _in_db_pool(fn):
    from .consumers import _in_db_pool as pool

    return pool(fn)


def _build(table: _Table, wanted: int, fresh: bool, keys: set) -> tuple[int, dict] | None:
    """``(state_version, {seat or None: state message JSON})`` of the stored table, at least
    ``wanted``; ``None`` when the game does not exist. One read (``table_snapshot``), one
    spectator count per ``SPECTATORS_TTL`` (``fresh``: always), one view per seat key."""
    import time

    from .models import Game
    from .views_state import _spectators, game_info, players_of, seat_rows, seat_view, table_snapshot

    game = table_snapshot(table.game_id, None if fresh else max(wanted, 0))
    if game is None:
        return None
    now = time.monotonic()
    if game.kind == Game.Kind.PRACTICE:
        spectators = 0
    elif fresh or table.spectators is None or now - table.spectators[0] >= SPECTATORS_TTL:
        spectators = _spectators(game)
        table.spectators = (now, spectators)
    else:
        spectators = table.spectators[1]
    seats = seat_rows(game)
    players = players_of(game, seats)
    texts = {key: json.dumps({"type": "state",
                              "game": game_info(game, key, seats=seats, players=players,
                                                spectators=spectators),
                              "view": seat_view(game, key)})
             for key in keys}
    return game.state_version, texts


_hubs: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict]" = weakref.WeakKeyDictionary()


def hub_for(layer) -> TableHub:
    """This event loop's hub for channel layer ``layer`` (one per server process)."""
    loop = asyncio.get_running_loop()
    per_loop = _hubs.setdefault(loop, {})
    hub = per_loop.get(id(layer))
    if hub is None or hub.layer is not layer:
        hub = per_loop[id(layer)] = TableHub(layer)
    return hub
