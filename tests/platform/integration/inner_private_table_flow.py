"""Run only inside the integration run (see test_integration_stack.py): J3 end to end with
PostgreSQL, the Redis channel layer and a real Celery worker process — a private table
created by one person, joined by a second through the invite link (the host's waiting room
sees it over the WebSocket), two computers added, started, and played to the end over two
WebSocket connections while the worker plays the computers (P-TABLE-6/-7/-8, P-TABLE-10)."""
from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice
from django.db import connection

from accounts.computers import ensure_computer_accounts
from games import tables
from games.models import Game
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 60   # seconds to wait for the next message before failing (no timing assertion)


def connect(user, path):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    comm.scope["user"] = user
    return comm


async def next_message(comm, kind):
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == kind:
            return message


async def play_to_the_end(comm) -> dict:
    """Play this connection's seat with the simple player and press Continue after each hand,
    until the game is over. Acts once per decision ``seq``."""
    answered: set[tuple[str, int]] = set()
    for _ in range(5000):
        state = await next_message(comm, "state")
        view = state["view"]
        if view["phase"] == "game_over" or state["game"]["status"] != "active":
            return state
        if view["phase"] == "hand_over" and ("continue", view["seq"]) not in answered:
            answered.add(("continue", view["seq"]))
            await comm.send_json_to({"type": "continue", "seq": view["seq"]})
        elif view.get("legal_actions") and ("action", view["seq"]) not in answered:
            answered.add(("action", view["seq"]))
            action = human_choice(view).to_json()
            del action["seat"]
            await comm.send_json_to({"type": "action", "seq": view["seq"], "action": action})
    raise AssertionError("the game did not end")


async def test_j3_private_table_by_link_with_two_computers_played_to_the_end(make_user, celery_worker_process):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    await database_sync_to_async(ensure_computer_accounts)()
    host = await database_sync_to_async(make_user)("it-host")
    friend = await database_sync_to_async(make_user)("it-friend")
    table = await database_sync_to_async(tables.create_private_table)(host, clock="untimed")
    room = connect(host, f"/ws/tables/{table.pk}/")
    assert (await room.connect(timeout=WAIT))[0]
    assert [s["name"] for s in (await next_message(room, "room"))["table"]["seats"]] == ["it-host", None, None, None]

    await database_sync_to_async(tables.join_by_token)(table.invite_token, friend)
    while (await next_message(room, "room"))["table"]["seats"][1]["name"] != "it-friend":
        pass
    await database_sync_to_async(tables.add_computer)(table.pk, host, 2)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 3)
    game = await database_sync_to_async(tables.start)(table.pk, host)
    while (await next_message(room, "room"))["table"]["game_id"] != game.pk:
        pass
    await room.disconnect(timeout=WAIT)

    clients = [connect(host, f"/ws/games/{game.pk}/"), connect(friend, f"/ws/games/{game.pk}/")]
    for comm in clients:
        assert (await comm.connect(timeout=WAIT))[0]
    finals = await asyncio.gather(*(play_to_the_end(comm) for comm in clients))
    for comm in clients:
        await comm.disconnect(timeout=WAIT)
    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert game.status == "finished" and game.kind == "private" and not game.ranked
    assert all(f["game"]["id"] == game.pk for f in finals)
    assert await database_sync_to_async(game.actions.filter(by_computer=True).count)() > 0
    assert game.end_reason                             # ended by the rules (P-END), not aborted
