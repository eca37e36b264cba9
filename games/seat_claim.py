"""Taking and giving back a seat's connection: the part the person's table consumer
(``games.consumers.TableConsumer``, ``/ws/games/<id>/``) and the bot's
(``games.bot_consumer.BotConsumer``, ``/ws/bot/``) share (P-CONN-2, P-CONN-4, P-CONN-5).

A connection that opens a seat joins the table's group, tells the seat's older connections
that it takes over (``seat.takeover``: they close, P-CONN-4), joins the seat's own group and
takes the seat's presence lease, which its process then renews (``games.presence``). When it
closes it gives the lease back (only if it still holds it) and leaves both groups. Whether
the table is then told that the seat came or went is the caller's (``presence_changed``).
"""
from __future__ import annotations

from channels.db import database_sync_to_async

from . import presence
from .models import Seat
from .notify import group_name, seat_group


def find_seat(game_id: int, user) -> tuple[int | None, int | None]:
    """``(seat number, Seat pk)`` of ``user`` in game ``game_id``, ``(None, None)`` if none
    (also for an id beyond any id column)."""
    if not 0 < game_id < 2 ** 63:
        return (None, None)
    found = Seat.objects.filter(game_id=game_id, user=user).values_list("seat", "pk").first()
    return found if found is not None else (None, None)


async def join_seat_groups(consumer, game_id: int, seat: int) -> None:
    """Put ``consumer`` (a Channels consumer) in game ``game_id``'s group and seat ``seat``'s
    group; the seat's older connections are told first that this one takes over (P-CONN-4)."""
    layer, channel = consumer.channel_layer, consumer.channel_name
    await layer.group_add(group_name(game_id), channel)
    group = seat_group(game_id, seat)
    await layer.group_send(group, {"type": "seat.takeover", "channel": channel})
    await layer.group_add(group, channel)


async def claim_presence(consumer, game_id: int, seat: int, seat_pk: int) -> bool:
    """Give ``consumer``'s connection the presence lease of the seat (``Seat`` row ``seat_pk``)
    and have this process renew it while the connection is open (P-CONN-2/-5). Returns
    whether the seat was away before (the table should be told, ``presence_changed``)."""
    came_back = await database_sync_to_async(presence.claim)(game_id, seat, consumer.channel_name)
    presence.hold(consumer.channel_name, seat_pk, game_id, seat)
    return came_back


async def give_back(consumer, game_id: int, seat: int) -> bool:
    """End ``consumer``'s hold on the seat: stop renewing, give the lease back if this
    connection still holds it, leave the seat's and the table's groups. Returns whether the
    lease was given back (the table should be told, ``presence_changed``)."""
    channel = consumer.channel_name
    presence.drop(channel)
    released = await database_sync_to_async(presence.release)(game_id, seat, channel)
    layer = consumer.channel_layer
    await layer.group_discard(group_name(game_id), channel)
    await layer.group_discard(seat_group(game_id, seat), channel)
    return released


async def presence_changed(consumer, game_id: int, *, record: bool = True) -> None:
    """Tell game ``game_id``'s connections that a seat's presence changed (P-CONN-5); each
    answers with its own recipient's state, except ``consumer``'s own connection. With
    ``record`` (a seat, not a spectator) the new markers are also stored for the delayed
    public of a ranked game (P-SPECT-2)."""
    if record:
        from .spectate import record_presence
        await database_sync_to_async(record_presence)(game_id)
    await consumer.channel_layer.group_send(group_name(game_id), {
        "type": presence.PRESENCE_EVENT, "channel": consumer.channel_name})
