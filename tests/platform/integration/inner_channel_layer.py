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
