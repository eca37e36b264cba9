"""Private tables over WebSockets with several clients (P-TABLE-6/-8, P-SPECT-1/-3/-4/-5, J3):
the host's waiting room fills live, Start sends everyone to the game, an invited spectator
watches live with hands hidden and cannot act, players see the spectator count."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from accounts.computers import ensure_computer_accounts
from games import tables
from games.models import SpectatorLease
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RECEIVE_TIMEOUT = 10   # seconds to wait for a message before a test fails (not a timing assertion)


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
def people(django_user_model):
    ensure_computer_accounts()
    return [django_user_model.objects.create(username=name, email=f"{name}@example.com")
            for name in ("host", "friend", "watcher", "stranger")]


def names(room: dict) -> list:
    return [s["name"] for s in room["table"]["seats"]]


async def test_p_table_6_host_sees_seats_fill_live_and_start_sends_everyone_to_the_game(people):
    host, friend, watcher, stranger = people
    table = await database_sync_to_async(tables.create_private_table)(host, clock="untimed",
                                                                      allow_spectators=True)
    room_path = f"/ws/tables/{table.pk}/"
    host_room = connect(host, room_path)
    assert (await host_room.connect())[0]
    first = await receive(host_room)
    assert first["type"] == "room" and names(first) == ["host", None, None, None]
    assert first["invite_token"] == table.invite_token

    outsider = connect(stranger, room_path)              # not invited: refused, nothing sent
    assert (await outsider.connect())[0]
    refusal = await receive(outsider)
    assert refusal == {"type": "error", "code": "not_allowed", "message": "You are not at this table.",
                       "rule": None}
    assert (await outsider.receive_output(timeout=RECEIVE_TIMEOUT))["type"] == "websocket.close"
    await outsider.disconnect()       # every client ends its app (no task left on the layer)

    await database_sync_to_async(tables.join_by_token)(table.invite_token, friend)
    room = await receive_until(host_room, lambda m: m["type"] == "room" and m["table"]["seats"][1]["name"])
    assert names(room) == ["host", "friend", None, None]
    friend_room = connect(friend, room_path)
    assert (await friend_room.connect())[0]
    assert (await receive(friend_room))["invite_token"] is None          # the link is the host's

    await friend_room.send_to(text_data='{"type": "start"}')            # read-only socket
    assert (await receive(friend_room))["code"] == "malformed"
    await friend_room.send_to(text_data="not json")
    assert (await receive(friend_room))["code"] == "malformed"

    await database_sync_to_async(tables.invite)(table.pk, host, "watcher", "spectator")
    await database_sync_to_async(tables.add_computer)(table.pk, host, 2)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 3)
    room = await receive_until(friend_room, lambda m: m["type"] == "room" and all(names(m)))
    assert [s["is_computer"] for s in room["table"]["seats"]] == [False, False, True, True]

    game = await database_sync_to_async(tables.start)(table.pk, host)
    for comm in (host_room, friend_room):
        started = await receive_until(comm, lambda m: m["type"] == "room" and m["table"]["game_id"])
        assert started["table"]["game_id"] == game.pk and started["table"]["status"] == "started"
    await host_room.disconnect()
    await friend_room.disconnect()


@database_sync_to_async
def started_table(people, allow_spectators=True):
    host, friend, watcher, _ = people
    table = tables.create_private_table(host, clock="untimed", allow_spectators=allow_spectators)
    tables.join_by_token(table.invite_token, friend)
    if allow_spectators:
        tables.invite(table.pk, host, "watcher", "spectator")
    tables.add_computer(table.pk, host, 2)
    tables.add_computer(table.pk, host, 3)
    return tables.start(table.pk, host)


async def test_p_spect_4_invited_spectator_watches_live_hands_hidden_and_cannot_act(people):
    host, friend, watcher, stranger = people
    game = await started_table(people)
    path = f"/ws/games/{game.pk}/"
    player = connect(host, path)
    assert (await player.connect())[0]
    state = await receive_until(player, lambda m: m["type"] == "state")
    assert state["game"]["spectators"] == 0 and state["game"]["my_seat"] is not None

    spectator = connect(watcher, path)
    assert (await spectator.connect())[0]
    seen = await receive_until(spectator, lambda m: m["type"] == "state")
    assert seen["game"]["my_seat"] is None
    view = seen["view"]
    assert not view.get("legal_actions") and view["seat"] is None       # no pending options
    assert "hand" not in view and "drawn_tile" not in view              # no concealed tiles
    assert all(set(p) & {"hand", "drawn_tile"} == set() for p in view["players"])
    # the players are told how many watch (a number, no names; P-SPECT-5)
    counted = await receive_until(player, lambda m: m["type"] == "state" and m["game"]["spectators"] == 1)
    assert "watcher" not in json.dumps(counted["game"])

    await spectator.send_json_to({"type": "action", "seq": view["seq"],
                                  "action": {"type": "discard", "tile": 0}})
    refusal = await receive_until(spectator, lambda m: m["type"] == "error")
    assert (refusal["code"], refusal["rule"]) == ("not_allowed", "P-SPECT-5")
    await spectator.send_json_to({"type": "continue", "seq": view["seq"]})
    assert (await receive_until(spectator, lambda m: m["type"] == "error"))["code"] == "not_allowed"
    await spectator.send_json_to({"type": "ping"})
    assert (await receive_until(spectator, lambda m: m["type"] == "pong")) == {"type": "pong"}

    outsider = connect(stranger, path)            # not invited: refused (P-SPECT-1)
    assert (await outsider.connect())[0]
    assert (await receive(outsider))["code"] == "not_allowed"
    await outsider.disconnect()

    await spectator.disconnect()
    await receive_until(player, lambda m: m["type"] == "state" and m["game"]["spectators"] == 0)
    assert not await database_sync_to_async(SpectatorLease.objects.exists)()
    await player.disconnect()


async def test_p_spect_1_no_spectators_unless_the_table_allows_them(people):
    game = await started_table(people, allow_spectators=False)
    comm = connect(people[2], f"/ws/games/{game.pk}/")
    assert (await comm.connect())[0]
    assert (await receive(comm))["code"] == "not_allowed"
    await comm.disconnect()
