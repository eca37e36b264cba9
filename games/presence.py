"""Seat presence as a lease that heals by itself (P-CONN-2, P-CONN-4, P-CONN-5; DESIGN §3).

A seat counts as connected while ``Seat.presence_until`` is in the future. A connection
takes the lease when it opens (``claim``: the newest connection wins, P-CONN-4) and gives
it back on a clean close (``release``, only if it still holds it, so an older connection's
late close never clears the newer one's presence). While connections are open, one task per
server process renews the leases of all of them in a single UPDATE every
``PRESENCE_RENEW_SECONDS`` (``run_renewals``); a crashed process renews nothing, so its
leases simply run out after ``PRESENCE_TTL`` seconds. The same task clears expired leases at
the tables this process serves and tells those tables, so the "disconnected" marker
(P-CONN-5) appears without waiting for the next move.

Times are Unix epoch seconds from ``games.clocks.now()`` (tests replace it). Nothing here
holds a game's row lock: presence never waits for the write path, and the write path only
reads ``presence_until`` of the seat rows it loads anyway.
"""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from datetime import timezone as dt_timezone

from django.conf import settings

from . import clocks

log = logging.getLogger("games")

PRESENCE_EVENT = "table.presence"      # channel-layer notice: presence at the table changed
RENEW_CHUNK = 500                      # seats per renewal UPDATE


def ttl() -> float:
    """Seconds a lease lasts without renewal (``settings.PRESENCE_TTL``, default 30)."""
    return float(getattr(settings, "PRESENCE_TTL", 30.0))


def renew_interval() -> float:
    """Seconds between a process's renewals (``settings.PRESENCE_RENEW_SECONDS``, default
    10; a fraction of ``ttl()`` so one missed renewal does not drop anyone)."""
    return float(getattr(settings, "PRESENCE_RENEW_SECONDS", 10.0))


def _at(t: float) -> datetime:
    return datetime.fromtimestamp(t, tz=dt_timezone.utc)


def lease_alive(until: datetime | None, now: float | None = None) -> bool:
    """Whether a lease ending at ``until`` is alive at ``now`` (epoch seconds; default
    ``clocks.now()``)."""
    return until is not None and until.timestamp() > (clocks.now() if now is None else now)


def is_connected(seat, now: float | None = None) -> bool:
    """P-CONN-5: whether the account in ``seat`` (a ``Seat`` row) has a live connection to the
    table at ``now``. Built-in computers are always present; an outside bot is present while
    its ``/ws/bot/`` connection holds the lease, like a person."""
    return seat.user.played_by_platform or lease_alive(seat.presence_until, now)


def connected_map(seats, now: float | None = None) -> dict[int, bool]:
    """``{seat number: connected}`` for ``Seat`` rows with their users loaded."""
    t = clocks.now() if now is None else now
    return {s.seat: is_connected(s, t) for s in seats}


# --------------------------------------------------------------------------- one connection

def claim(game_id: int, seat: int, channel: str, now: float | None = None) -> bool:
    """Give seat ``seat`` of game ``game_id`` to the connection ``channel`` (its channel name)
    for ``ttl()`` seconds from ``now`` (P-CONN-4: the newest connection takes the seat over).
    Returns whether the seat had no live lease before, i.e. the table's presence changed."""
    from .models import Seat

    t = clocks.now() if now is None else now
    rows = Seat.objects.filter(game_id=game_id, seat=seat)
    before = rows.values_list("presence_until", flat=True).first()
    rows.update(presence_channel=channel, presence_until=_at(t + ttl()))
    return not lease_alive(before, t)


def release(game_id: int, seat: int, channel: str) -> bool:
    """A clean close of connection ``channel``: end its lease if it still holds the seat
    (after a takeover the newer connection's lease is kept, P-CONN-4). When another open
    connection of this process serves the same seat (an older one that was only told
    "Opened elsewhere"), the lease passes to it instead. Returns whether the seat is now
    without a live connection (the table's presence changed)."""
    from .models import Seat

    rows = Seat.objects.filter(game_id=game_id, seat=seat, presence_channel=channel)
    heir = next((ch for ch, held in reversed(_held.items())
                 if ch != channel and held[1:] == (game_id, seat)), None)
    if heir is not None:
        rows.update(presence_channel=heir, presence_until=_at(clocks.now() + ttl()))
        return False
    return rows.update(presence_channel="", presence_until=None) > 0


# --------------------------------------------------------------------------- this process

#: Open connections of this process that hold or want a seat: channel -> (seat pk, game, seat).
_held: dict[str, tuple[int, int, int]] = {}
_task: asyncio.Task | None = None


def hold(channel: str, seat_pk: int, game_id: int, seat: int) -> None:
    """Keep renewing the lease of connection ``channel`` (seat row ``seat_pk``) while it is
    open; starts this process's renewal task on the running event loop if needed."""
    global _task
    _held[channel] = (seat_pk, game_id, seat)
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(run_renewals(), name="presence-renewals")


def drop(channel: str) -> None:
    """Stop renewing for ``channel`` (no database write: a lease not released expires).
    The renewal task ends when the process has no open connection left."""
    global _task
    _held.pop(channel, None)
    if not _held and _task is not None and not _task.done():
        try:
            same_loop = _task.get_loop() is asyncio.get_running_loop()
        except RuntimeError:
            same_loop = False
        if same_loop:
            _task.cancel()
        _task = None


def held_channels() -> dict[str, tuple[int, int, int]]:
    """A copy of this process's open connections (channel -> (seat pk, game, seat))."""
    return dict(_held)


def _sql(connection, name: str) -> str:
    """The SQL of presence statement ``name`` for ``connection``'s database, built once per
    process from the models' metadata (``games.hot_sql``'s pattern; DESIGN §3 "Cost"). Each
    takes its pairs or ids as one parameter whatever their number, so its text never
    changes and PostgreSQL prepares it once per connection: arrays (``unnest``) there, a
    JSON text (``json_each``) elsewhere (SQLite, the embedded default).

    - ``renew``: ``[until, pks, channels]``: ``presence_until = until`` where the seat's
      ``(pk, presence_channel)`` is one of the pairs.
    - ``take``: ``[channel-and-until..., pks, channels, now]``: the seat of each pair whose
      lease is empty or ended at ``now`` goes to the pair's channel until ``until``.
    - ``expire``: ``[game ids, now]``: leases at those games that ended at ``now`` and still
      name a channel are cleared; returns their ``game_id`` (one row per seat cleared).
    """
    from . import hot_sql
    from .models import Seat

    def make():
        q = connection.ops.quote_name
        t = q(Seat._meta.db_table)
        pk, ch, until = q("id"), q("presence_channel"), q("presence_until")
        game = q(Seat._meta.get_field("game").column)
        if connection.vendor == "postgresql":
            pairs = "unnest(%b::bigint[], %b::text[]) AS h(pk, ch)"   # binary: no per-item quoting
            return {
                "renew": f"UPDATE {t} SET {until} = %s FROM {pairs} WHERE {t}.{pk} = h.pk AND {t}.{ch} = h.ch",
                "take": (f"UPDATE {t} SET {ch} = h.ch, {until} = %s FROM {pairs} WHERE {t}.{pk} = h.pk "
                         f"AND ({t}.{until} IS NULL OR {t}.{until} <= %s)"),
                "expire": (f"UPDATE {t} SET {ch} = '', {until} = NULL WHERE {game} = ANY(%b::bigint[]) "
                           f"AND {until} <= %s AND {ch} <> '' RETURNING {game}"),
            }
        # SQLite (and any other database): the pairs as one JSON text [[pk, channel], ...].
        pairs = "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(%s)"
        return {
            "renew": f"UPDATE {t} SET {until} = %s WHERE ({pk}, {ch}) IN ({pairs})",
            "take": (f"UPDATE {t} SET {ch} = (SELECT json_extract(value, '$[1]') FROM json_each(%s) "
                     f"WHERE json_extract(value, '$[0]') = {t}.{pk}), {until} = %s "
                     f"WHERE {pk} IN (SELECT json_extract(value, '$[0]') FROM json_each(%s)) "
                     f"AND ({until} IS NULL OR {until} <= %s)"),
            "expire": (f"UPDATE {t} SET {ch} = '', {until} = NULL WHERE {game} IN "
                       f"(SELECT value FROM json_each(%s)) AND {until} <= %s AND {ch} <> '' RETURNING {game}"),
        }
    return hot_sql._cached(("presence", connection.alias, connection.vendor), make)[name]


def _execute(name: str, pairs: list[tuple[int, str]] | None, ids: list[int] | None, times: list,
             fetch: bool = False):
    """Run presence statement ``name`` (``_sql``) with ``pairs`` ((seat pk, channel)) or
    ``ids`` (game ids) and the datetimes ``times`` (``[until]``, ``[until, now]`` or
    ``[now]``), in autocommit, outside any game's lock. Returns the rows with ``fetch``,
    else the number of rows changed."""
    import json

    from django.db import connection

    from .models import Seat

    field = Seat._meta.get_field("presence_until")
    at = [field.get_db_prep_value(x, connection) for x in times]
    sql = _sql(connection, name)
    pg = connection.vendor == "postgresql"
    if pairs is not None:
        packed = [[pk for pk, _c in pairs], [c for _pk, c in pairs]] if pg else [json.dumps(pairs)]
    else:
        packed = [list(ids)] if pg else [json.dumps(list(ids))]
    if name == "renew":
        params = [at[0], *packed]
    elif name == "take":
        params = [at[0], *packed, at[1]] if pg else [packed[0], at[0], packed[0], at[1]]
    else:
        params = [*packed, at[0]]
    from .hot_sql import execute
    return execute(connection, sql, params, fetch)


def renew_held(now: float | None = None, held: dict | None = None) -> int:
    """Renew every lease this process holds (``held``: a snapshot of ``held_channels()``,
    taken by the caller on the event loop; default: taken here): one statement per
    ``RENEW_CHUNK`` seats (until = now + ttl()) for the seats whose lease one of our
    connections holds, with all the ``(seat pk, channel)`` pairs as array parameters
    (``_sql``: no ORM, prepared once). Only when some seat of ours is not among them does a
    second statement give each such seat whose lease is empty or expired (the newer
    connection, served elsewhere, closed or died while an older one is still open here) to
    our newest connection of that seat; a live lease of another connection (a takeover
    elsewhere) is left alone. Returns the number of seats renewed or taken."""
    held = dict(_held) if held is None else held
    if not held:
        return 0
    t = clocks.now() if now is None else now
    until = _at(t + ttl())
    newest: dict[int, str] = {}
    pairs = []
    for channel, (pk, _game, _seat) in held.items():
        pairs.append((pk, channel))
        newest[pk] = channel                             # insertion order: the last is newest
    renewed = 0
    for i in range(0, len(pairs), RENEW_CHUNK):           # bounded statements
        renewed += _execute("renew", pairs[i:i + RENEW_CHUNK], None, [until])
    if renewed < len(newest):
        wanted = list(newest.items())
        for i in range(0, len(wanted), RENEW_CHUNK):
            renewed += _execute("take", wanted[i:i + RENEW_CHUNK], None, [until, _at(t)])
    return renewed


def expire_served(now: float | None = None, held: dict | None = None) -> list[int]:
    """Clear the expired leases at the tables this process serves (a connection that another
    process held when it crashed; ``held`` as for ``renew_held``) and return those games'
    ids, so their connections can be told (P-CONN-5). One statement per ``RENEW_CHUNK``
    games (``_sql``); only seats still marked with a channel are touched, so each expiry is
    reported once."""
    held = dict(_held) if held is None else held
    games = sorted({game for _pk, game, _seat in held.values()})
    if not games:
        return []
    t = clocks.now() if now is None else now
    cleared: set[int] = set()
    for i in range(0, len(games), RENEW_CHUNK):
        cleared.update(game for (game,) in _execute("expire", None, games[i:i + RENEW_CHUNK], [_at(t)],
                                                    fetch=True))
    return sorted(cleared)


async def renew_once(now: float | None = None) -> list[int]:
    """One round of this process's task: renew our leases, clear expired ones at our tables
    and send ``table.presence`` to each table whose presence changed. Returns those games."""
    from channels.db import database_sync_to_async
    from channels.layers import get_channel_layer

    from .notify import group_name

    held = dict(_held)          # a snapshot, taken here on the loop (cheap); the rest runs in a thread

    def work():
        renew_held(now, held)
        expired = expire_served(now, held)
        from .spectate import record_presence
        for game_id in expired:          # the delayed public sees it later (P-SPECT-2)
            record_presence(game_id, now)
        return expired

    # Not the consumers' shared database thread: a renewal never delays a table's state.
    changed = await database_sync_to_async(work, thread_sensitive=False)()
    layer = get_channel_layer()
    for game_id in changed:
        await layer.group_send(group_name(game_id), {"type": PRESENCE_EVENT, "channel": None})
    return changed


async def run_renewals() -> None:
    """This process's renewal loop: ``renew_once`` every ``renew_interval()`` seconds while
    it has open connections. A failed round (database briefly away) is logged and retried at
    the next interval; leases outlive a few missed rounds."""
    while _held:
        await asyncio.sleep(renew_interval())
        if not _held:
            break
        try:
            await renew_once()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("presence renewal failed; retrying in %s s", renew_interval())
