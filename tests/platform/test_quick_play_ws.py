"""Quick Play over WebSockets with four real clients (channels ``WebsocketCommunicator``;
P-MATCH-3/-4/-6, J2 steps 2–3): each waiting client is told its state live, and when the
fourth joins, the matchmaker run on that join groups them and every client of the group is
sent the same game's URL. A player dropped from the queue is told why; the socket is
read-only and refuses anonymous connections."""
from __future__ import annotations

import json

import hidden_info
import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from accounts.computers import ensure_computer_accounts
from games import matchmaking as mm
from games import ranked
from games.models import Game, QueueEntry
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RECEIVE_TIMEOUT = 20   # seconds to wait for a message before a test fails (not a timing assertion)


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """A new channel-layer instance per test: the Redis layer's receive locks belong to the
    event loop that made them, and each asyncio test runs on its own loop."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def connect(user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/quick/")
    communicator.scope["user"] = user
    return communicator


async def receive(comm) -> dict:
    message = json.loads(await comm.receive_from(timeout=RECEIVE_TIMEOUT))
    assert hidden_info.tiles_in(message) == set()          # every key classified, no tile
    return message


async def receive_until(comm, predicate) -> dict:
    while True:
        message = await receive(comm)
        if predicate(message):
            return message


@pytest.fixture
def people(make_user):
    ensure_computer_accounts()
    return [make_user(f"ws{i}", confirmed=True) for i in range(6)]


async def test_p_match_4_four_clients_are_matched_into_one_game_and_sent_its_url(people):
    clients = [connect(person) for person in people[:4]]
    for comm in clients:
        assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
        first = await receive(comm)
        assert first["type"] == "quick" and first["state"] == "idle" and first["game_url"] is None
    for person, comm in zip(people[:3], clients[:3]):
        await database_sync_to_async(mm.join)(person, "riichi")
        waiting = await receive_until(comm, lambda m: m["state"] == "waiting")
        assert waiting["family"] == "riichi" and waiting["offer_computers"] is False
        assert 59 <= waiting["offer_in"] <= 60 and waiting["opted_in"] is False
    assert await database_sync_to_async(Game.objects.count)() == 0

    await database_sync_to_async(mm.join)(people[3], "riichi")       # the run on join groups them
    told = [await receive_until(comm, lambda m: m["state"] == "in_game") for comm in clients]
    game_ids = {m["game_id"] for m in told}
    assert len(game_ids) == 1
    game = await database_sync_to_async(Game.objects.get)(pk=game_ids.pop())
    assert all(m["game_url"] == f"/games/{game.pk}/" and m["notice"] is None for m in told)
    seated = await database_sync_to_async(lambda: sorted(game.seats.values_list("user_id", flat=True)))()
    assert seated == sorted(p.pk for p in people[:4]) and game.kind == "quick" and game.ranked
    assert not await database_sync_to_async(QueueEntry.objects.exists)()

    # State recoverable: a new connection (a reload) is told the game at once.
    again = connect(people[2])
    assert (await again.connect(timeout=RECEIVE_TIMEOUT))[0]
    assert (await receive(again))["game_url"] == f"/games/{game.pk}/"
    for comm in (*clients, again):
        await comm.disconnect()


async def test_p_match_6_leaving_is_told_live_and_a_dropped_player_hears_why(people):
    leaver, dropped = connect(people[0]), connect(people[1])
    for comm in (leaver, dropped):
        assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
        await receive(comm)
    await database_sync_to_async(mm.join)(people[0], "riichi")
    await receive_until(leaver, lambda m: m["state"] == "waiting")
    await database_sync_to_async(mm.leave)(people[0])
    assert (await receive_until(leaver, lambda m: m["state"] != "waiting"))["state"] == "idle"

    # people[1] waits with three others, but meanwhile took a ranked seat elsewhere.
    def queue_four():
        for person in people[1:5]:
            QueueEntry.objects.create(user=person, family="riichi", joined_at=timezone.now())
        ranked.create_ranked_game(Game.Kind.PUBLIC, [people[1], people[5]],
                                  computers=ranked.pick_computers(2))
    await database_sync_to_async(queue_four)()
    await database_sync_to_async(mm.run_matchmaker)()
    told = await receive_until(dropped, lambda m: m["notice"] is not None)
    assert told["notice"] == "ranked_seat" and told["state"] == "in_game"
    for comm in (leaver, dropped):
        await comm.disconnect()


async def test_p_match_4_the_socket_is_read_only_and_refuses_anonymous_clients(people):
    anonymous = connect(AnonymousUser())
    assert (await anonymous.connect(timeout=RECEIVE_TIMEOUT))[0]
    assert (await receive(anonymous))["code"] == "not_allowed"
    assert (await anonymous.receive_output(timeout=RECEIVE_TIMEOUT))["type"] == "websocket.close"
    await anonymous.disconnect()

    comm = connect(people[0])
    assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
    await receive(comm)
    await comm.send_to(text_data=json.dumps({"type": "join", "family": "riichi"}))
    assert (await receive(comm))["code"] == "malformed"
    await comm.send_to(text_data="not json")
    assert (await receive(comm))["code"] == "malformed"
    await comm.send_to(text_data=json.dumps({"type": "ping"}))
    assert (await receive(comm))["type"] == "pong"
    assert not await database_sync_to_async(QueueEntry.objects.exists)()   # nothing changed
    await comm.disconnect()
