"""One subscription per table per server process (DESIGN §3 "Cost").

Each server process (each event loop with a channel layer) has one ``TableHub``. The first
local connection to a table makes the hub join the table's channel-layer group once, on a
channel of its own; later connections only register with it. A change notice
(``table.changed``) or presence notice (``table.presence``) therefore reaches the process
once, and the hub reads the stored table once (``views_state.table_snapshot``: the snapshot
its own writer left, else one query) and builds each *seat's* view once
(``views_state.state_message``), then hands every local connection the text of exactly its
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
import json
import logging
import weakref

from channels.db import database_sync_to_async

from . import presence
from .notify import group_name

log = logging.getLogger("games")

#: Seconds a read spectator count serves later builds of a table (a spectator arriving or
#: leaving sends a presence notice, which always reads it again).
SPECTATORS_TTL = 10.0


class _Table:
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        self.members: set = set()
        self.channel: str | None = None
        self.listener: asyncio.Task | None = None
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
        self._membership = asyncio.Lock()
        #: builds run (one read and one set of views each), for tests and the load tool
        self.builds = 0

    # ------------------------------------------------------------------ membership
    async def join(self, member, game_id: int) -> None:
        """Register ``member`` at table ``game_id``; the first one subscribes the hub."""
        async with self._membership:
            table = self.tables.get(game_id)
            if table is None:
                table = self.tables[game_id] = _Table(game_id)
                # The default prefix: channels-redis reads every process-local channel of
                # one prefix with one blocking pop; another prefix would starve.
                table.channel = await self.layer.new_channel()
                await self.layer.group_add(group_name(game_id), table.channel)
                table.listener = asyncio.ensure_future(self._listen(table))
            table.members.add(member)

    async def leave(self, member, game_id: int) -> None:
        """Forget ``member``; the last one to leave unsubscribes the hub."""
        async with self._membership:
            table = self.tables.get(game_id)
            if table is None or member not in table.members:
                return
            table.members.discard(member)
            if table.members:
                return
            del self.tables[game_id]
            for task in (table.listener, table.builder):
                if task is not None:
                    task.cancel()
            try:
                await self.layer.group_discard(group_name(game_id), table.channel)
            except Exception:  # Redis away: the membership expires with the channel
                log.warning("table hub: could not leave the group of table %s", game_id)

    # ------------------------------------------------------------------ notices
    async def _listen(self, table: _Table) -> None:
        failures = 0
        while True:
            try:
                message = await self.layer.receive(table.channel)
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer went away (Redis restart): join again, read afresh
                failures += 1
                log.warning("table hub: receive failed for table %s; rejoining", table.game_id)
                await asyncio.sleep(min(5.0, 0.2 * 2 ** failures))
                try:
                    await self.layer.group_add(group_name(table.game_id), table.channel)
                except Exception:
                    continue
                self.changed(table.game_id, None, fresh=True)
                continue
            kind = message.get("type")
            if kind == "table.changed":
                version = message.get("version")
                if isinstance(version, int):
                    self.changed(table.game_id, version)
            elif kind == presence.PRESENCE_EVENT:
                self.changed(table.game_id, None, fresh=True, exclude=message.get("channel"))

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
                if text is None or member.channel_name in exclude:
                    continue
                try:
                    await member.deliver(version, text, force=fresh)
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
