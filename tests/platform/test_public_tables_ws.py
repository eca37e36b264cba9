"""Public tables over WebSockets with several real clients (P-MATCH-7, P-TABLE-5/-8): every lobby
client's list follows a public table being created, joined, filled with a computer, started
and closed; the four seated clients of a public table are told the game started."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from hidden_info import tiles_in

from games import public_tables, tables
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RECEIVE_TIMEOUT = 10   # seconds to wait for a message before a test fails (not a timing assertion)


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """A new channel-layer instance per test: the Redis layer's receive locks belong to the
    event loop that made them, and each asyncio test runs on its own loop."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def connect(user, path: str) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    communicator.scope["user"] = user
    return communicator


async def receive(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=RECEIVE_TIMEOUT))


async def receive_until(comm, predicate) -> dict:
    while True:
        message = await receive(comm)
        if predicate(message):
            return message


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", confirmed=True) for i in range(5)]


def listed(message) -> dict:
    return {t["id"]: [s["name"] for s in t["seats"]] for t in message["tables"]}


async def test_p_match_7_every_lobby_client_sees_tables_created_joined_started_and_closed(people):
    watchers = [connect(people[4], "/ws/lobby/"), connect(AnonymousUser(), "/ws/lobby/")]
    for w in watchers:
        assert (await w.connect())[0]
        first = await receive(w)
        assert first == {"type": "lobby", "tables": []}

    table = await database_sync_to_async(public_tables.create_public_table)(people[0], clock="blitz")
    for w in watchers:
        message = await receive_until(w, lambda m: table.pk in listed(m))
        assert listed(message)[table.pk] == ["p0", None, None, None]
        entry = message["tables"][0]
        assert entry["clock"] == "blitz" and entry["free_seats"] == 3 and entry["host"] == "p0"
        assert tiles_in(message) == set()          # every key classified, no tile (hidden_info)

    await database_sync_to_async(public_tables.join_public_table)(table.pk, people[1])
    await database_sync_to_async(tables.add_computer)(table.pk, people[0], 2)
    for w in watchers:
        message = await receive_until(w, lambda m: listed(m).get(table.pk, [None] * 4)[2] is not None)
        seats = message["tables"][0]["seats"]
        assert seats[1] == {"name": "p1", "is_computer": False, "rating": "1500?"} and seats[2]["is_computer"] is True

    await database_sync_to_async(public_tables.join_public_table)(table.pk, people[2])   # starts
    for w in watchers:
        message = await receive_until(w, lambda m: table.pk not in listed(m))
        assert message["tables"] == []

    other = await database_sync_to_async(public_tables.create_public_table)(people[3])
    for w in watchers:
        await receive_until(w, lambda m: other.pk in listed(m))
    await database_sync_to_async(tables.leave)(other.pk, people[3])                     # creator leaves
    for w in watchers:
        assert (await receive_until(w, lambda m: other.pk not in listed(m)))["tables"] == []

    await watchers[0].send_to(text_data='{"type": "join"}')            # read-only socket
    error = await receive_until(watchers[0], lambda m: m["type"] == "error")   # past late list re-reads
    assert error["code"] == "malformed"
    await watchers[0].send_to(text_data='{"type": "ping"}')
    assert (await receive_until(watchers[0], lambda m: m["type"] != "lobby")) == {"type": "pong"}
    for w in watchers:
        await w.disconnect()


async def test_p_table_8_the_four_seated_clients_are_told_the_game_started(people):
    table = await database_sync_to_async(public_tables.create_public_table)(people[0], clock="relaxed")
    for p in people[1:3]:
        await database_sync_to_async(public_tables.join_public_table)(table.pk, p)
    path = f"/ws/tables/{table.pk}/"
    rooms = [connect(p, path) for p in people[:3]]
    for room in rooms:
        assert (await room.connect())[0]
        first = await receive(room)
        assert first["table"]["kind"] == "public" and first["table"]["ranked"] is True
        assert first["table"]["game_id"] is None
    lobby = connect(people[4], "/ws/lobby/")
    assert (await lobby.connect())[0]
    await receive(lobby)

    await database_sync_to_async(public_tables.join_public_table)(table.pk, people[3])
    fourth = connect(people[3], path)
    assert (await fourth.connect())[0]
    rooms.append(fourth)
    game_ids = set()
    for room in rooms:
        message = await receive_until(room, lambda m: m["type"] == "room" and m["table"]["game_id"])
        assert message["table"]["status"] == "started"
        game_ids.add(message["table"]["game_id"])
    assert len(game_ids) == 1
    from games.models import Game, Seat
    game = await database_sync_to_async(Game.objects.get)(pk=game_ids.pop())
    assert game.ranked and game.kind == "public"
    seated = await database_sync_to_async(
        lambda: sorted(Seat.objects.filter(game=game).values_list("user__username", flat=True)))()
    assert seated == ["p0", "p1", "p2", "p3"]
    assert (await receive_until(lobby, lambda m: m["type"] == "lobby"))["tables"] == []

    game_socket = connect(people[3], f"/ws/games/{game.pk}/")          # the table takes them
    assert (await game_socket.connect())[0]
    state = await receive_until(game_socket, lambda m: m.get("type") == "state")
    assert state["game"]["id"] == game.pk
    for comm in [*rooms, lobby, game_socket]:
        await comm.disconnect()
