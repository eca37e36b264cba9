"""Run only inside the integration run (see test_integration_stack.py): an idle table's
WebSocket on the Redis channel layer stays open and still gets the next change (issue 8:
redis-py's default 5 s socket timeout equalled the layer's 5 s blocking read, so every
connection of a table where nobody acted for 5 s was closed with 1011)."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice

from games import service
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

IDLE = 11.0   # seconds without any change: two of the layer's 5 s blocking reads
WAIT = 30     # seconds to wait for a message before failing (no timing assertion)


async def next_state(comm) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


async def test_p_conn_1_idle_connection_survives_the_redis_channel_layer(alice):
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisChannelLayer"
    # Human in the dealer's seat of an untimed table: nothing happens until they act.
    game = await database_sync_to_async(service.create_practice)(alice, "riichi-single-deal",
                                                                 human_seat=0)
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    comm.scope["user"] = alice
    assert (await comm.connect(timeout=WAIT))[0]
    view = (await next_state(comm))["view"]
    assert view["legal_actions"]
    # Idle: no message arrives, and the consumer (whose channel-layer read is blocked all
    # along) must not have died; before the fix it raised redis TimeoutError after ~5 s.
    assert await comm.receive_nothing(timeout=IDLE, interval=0.25)
    assert not comm.future.done(), comm.future.exception()
    # The next table change (this seat's discard, announced through the Redis group) arrives.
    await comm.send_json_to({"type": "action", "seq": view["seq"],
                             "action": human_choice(view).to_json()})
    after = (await next_state(comm))["view"]
    assert after["seq"] > view["seq"]
    await comm.disconnect(timeout=WAIT)


async def test_design_3_cost_several_group_messages_in_one_batch_reach_only_their_groups():
    """``group_send_many`` of the production layer (mahjongsite.channel_layer): each message
    reaches exactly its own group's members, in the order sent, including a member of two
    of the groups; a group without members is no error."""
    layer = get_channel_layer()
    a, b, c = [await layer.new_channel(), await layer.new_channel(), await layer.new_channel()]
    await layer.group_add("batch-one", a)
    await layer.group_add("batch-one", b)
    await layer.group_add("batch-two", b)
    await layer.group_add("batch-three", c)
    await layer.group_send_many([("batch-one", {"type": "m", "n": 1}), ("batch-two", {"type": "m", "n": 2}),
                                 ("batch-one", {"type": "m", "n": 3}), ("batch-empty", {"type": "m", "n": 4})])
    import asyncio

    async def drain(channel):
        got = []
        while True:
            try:
                got.append((await asyncio.wait_for(layer.receive(channel), 1.0))["n"])
            except asyncio.TimeoutError:
                return got
    assert await drain(a) == [1, 3]
    assert await drain(b) == [1, 2, 3]
    assert await drain(c) == []
    for group, channel in (("batch-one", a), ("batch-one", b), ("batch-two", b), ("batch-three", c)):
        await layer.group_discard(group, channel)


async def test_design_3_cost_a_batch_leaves_out_the_channels_the_sender_served():
    """``group_send_many(..., skip=...)``: the channels the writer's process served already
    (``games.table_hub.writer_changed``) are not sent the notice; a message left with no
    member is not pushed. Order is kept, so each channel's first message proves what it
    was not sent (no waiting for silence)."""
    layer = get_channel_layer()
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("skip-one", a)
    await layer.group_add("skip-one", b)
    await layer.group_send_many([("skip-one", {"type": "m", "n": 1})], skip=frozenset({a}))
    await layer.group_send_many([("skip-one", {"type": "m", "n": 2})], skip=frozenset({a, b}))
    await layer.group_send_many([("skip-one", {"type": "m", "n": 3})])
    import asyncio

    async def first(channel):
        return (await asyncio.wait_for(layer.receive(channel), 10))["n"]
    assert await first(a) == 3
    assert [await first(b), await first(b)] == [1, 3]
    for channel in (a, b):
        await layer.group_discard("skip-one", channel)
