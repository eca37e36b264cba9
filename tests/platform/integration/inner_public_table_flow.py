"""Run only inside the integration run (see test_integration_stack.py): public tables with
PostgreSQL, the Redis channel layer and a real Celery worker process (P-TABLE-5/-7/-8,
P-MATCH-7, issue 9 items 1, 3 and 7).

- Two people and two computers fill a public table: a lobby client sees it listed, joined and
  gone; the people's waiting-room clients are told the game started; the game is ranked and
  the worker plays it on (its computers or its decision timeouts act).
- Four people fill a public table through the API: the last join starts a ranked game with
  the four of them.
- A public table left unfilled is closed by the expiry task run by the worker on the realtime
  queue, and the lobby client sees it go.
"""
from __future__ import annotations

import asyncio
import json
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts.computers import ensure_computer_accounts
from games import public_tables, tables
from games.models import ActionRecord, Game, Seat, Table
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 60   # seconds to wait for the next message or condition before failing (no timing assertion)


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """A new channel-layer instance per test: the Redis layer's receive locks belong to the
    event loop that made them, and each asyncio test runs on its own loop."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def connect(user, path):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    comm.scope["user"] = user
    return comm


async def next_message(comm, predicate):
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if predicate(message):
            return message


async def wait_for(condition, what: str):
    """Poll the database condition (a sync callable) until true; fail after ``WAIT`` seconds."""
    deadline = time.monotonic() + WAIT
    while not await database_sync_to_async(condition)():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def stop(game_id: int) -> None:
    """End the game the worker keeps playing (nobody acts, so its clocks run out again and
    again), so that its tasks become no-ops before the test database is flushed. On a loaded
    machine the timed-out game may already have ended by itself (``abort_game`` then leaves it
    as it is): either way it is no longer active."""
    from games.service import abort_game

    await database_sync_to_async(abort_game)(game_id, "test over")
    await wait_for(lambda: Game.objects.get(pk=game_id).status != Game.Status.ACTIVE, "the game to end")


def listed(message) -> dict:
    return {t["id"]: [s["name"] for s in t["seats"]] for t in message["tables"]}


async def test_p_table_5_two_people_and_two_computers_fill_a_public_table_and_play_ranked(
        make_user, celery_worker_process):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    await database_sync_to_async(ensure_computer_accounts)()
    host = await database_sync_to_async(make_user)("pt-host", confirmed=True)
    friend = await database_sync_to_async(make_user)("pt-friend", confirmed=True)
    lobby = connect(friend, "/ws/lobby/")
    assert (await lobby.connect(timeout=WAIT))[0]
    await next_message(lobby, lambda m: m["type"] == "lobby")

    table = await database_sync_to_async(public_tables.create_public_table)(host, clock="bullet")
    seen = await next_message(lobby, lambda m: table.pk in listed(m))
    assert listed(seen)[table.pk] == ["pt-host", None, None, None]
    await database_sync_to_async(public_tables.join_public_table)(table.pk, friend)
    await next_message(lobby, lambda m: listed(m).get(table.pk, [None] * 4)[1] == "pt-friend")

    rooms = [connect(host, f"/ws/tables/{table.pk}/"), connect(friend, f"/ws/tables/{table.pk}/")]
    for room in rooms:
        assert (await room.connect(timeout=WAIT))[0]
        await next_message(room, lambda m: m["type"] == "room")
    await database_sync_to_async(tables.add_computer)(table.pk, host, 2)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 3)        # fourth seat: starts
    game_ids = set()
    for room in rooms:
        started = await next_message(room, lambda m: m["type"] == "room" and m["table"]["game_id"])
        game_ids.add(started["table"]["game_id"])
    await next_message(lobby, lambda m: table.pk not in listed(m))
    (game_id,) = game_ids
    game = await database_sync_to_async(Game.objects.get)(pk=game_id)
    assert game.ranked and game.kind == "public" and game.clock == "bullet"
    people = await database_sync_to_async(
        lambda: sorted(Seat.objects.filter(game=game, user__is_computer=False)
                       .values_list("user__username", flat=True)))()
    assert people == ["pt-friend", "pt-host"]
    # The worker plays the game on: a computer moves or a person's clock runs out (nobody acts here).
    await wait_for(lambda: ActionRecord.objects.filter(game_id=game_id).exists(), "the worker to act")
    for comm in [*rooms, lobby]:
        await comm.disconnect(timeout=WAIT)
    await stop(game_id)


async def test_p_table_8_four_people_fill_a_public_table_through_the_api(make_user, celery_worker_process):
    people = [await database_sync_to_async(make_user)(f"pa-{i}", confirmed=True) for i in range(4)]

    def fill() -> dict:
        client = Client()
        client.force_login(people[0])
        created = client.post("/api/public-tables/", {"clock": "blitz"}, content_type="application/json")
        assert created.status_code == 201, created.content
        table_id = created.json()["table"]["id"]
        last = None
        for p in people[1:]:
            client.force_login(p)
            last = client.post(f"/api/public-tables/{table_id}/join/")
            assert last.status_code == 200, last.content
        return last.json()

    room = await database_sync_to_async(fill)()
    game = await database_sync_to_async(Game.objects.get)(pk=room["table"]["game_id"])
    assert room["table"]["status"] == "started" and game.ranked and game.kind == "public"
    seated = await database_sync_to_async(
        lambda: sorted(Seat.objects.filter(game=game).values_list("user__username", flat=True)))()
    assert seated == ["pa-0", "pa-1", "pa-2", "pa-3"]
    await stop(game.pk)


async def test_p_table_5_the_worker_closes_an_unfilled_public_table(make_user, celery_worker_process):
    from games.tasks import close_unfilled_public_tables

    host = await database_sync_to_async(make_user)("px-host", confirmed=True)
    table = await database_sync_to_async(public_tables.create_public_table)(host)
    lobby = connect(host, "/ws/lobby/")
    assert (await lobby.connect(timeout=WAIT))[0]
    await next_message(lobby, lambda m: table.pk in listed(m))
    await database_sync_to_async(
        lambda: Table.objects.filter(pk=table.pk).update(created_at=timezone.now() - timedelta(minutes=11)))()
    await database_sync_to_async(close_unfilled_public_tables.delay)()         # realtime queue
    await wait_for(lambda: Table.objects.get(pk=table.pk).status == "closed", "the expiry task")
    await next_message(lobby, lambda m: table.pk not in listed(m))
    await lobby.disconnect(timeout=WAIT)


async def _race(calls):
    """Run the sync ``calls`` at once, each in its own thread (its own database connection);
    returns each call's result or the ``TableRejected`` it raised."""
    def attempt(call):
        try:
            return call()
        except tables.TableRejected as exc:
            return exc
        finally:
            connection.close()

    return await asyncio.gather(*(database_sync_to_async(attempt, thread_sensitive=False)(c) for c in calls))


async def test_p_table_5_two_people_racing_for_the_last_seat_one_sits_and_one_game_starts(
        make_user, celery_worker_process):
    people = [await database_sync_to_async(make_user)(f"pr-{i}", confirmed=True) for i in range(5)]
    table = await database_sync_to_async(public_tables.create_public_table)(people[0])
    for p in people[1:3]:
        await database_sync_to_async(public_tables.join_public_table)(table.pk, p)
    results = await _race([lambda p=p: public_tables.join_public_table(table.pk, p) for p in people[3:5]])
    refused = [r for r in results if isinstance(r, tables.TableRejected)]
    assert len(refused) == 1 and refused[0].code in ("full", "started")
    table = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    assert table.status == "started"
    assert await database_sync_to_async(Game.objects.filter(table=table).count)() == 1
    seated = await database_sync_to_async(
        lambda: Seat.objects.filter(game_id=table.game_id).count())()
    assert seated == 4
    await stop(table.game_id)


async def test_p_table_5_one_person_joining_two_tables_at_once_sits_at_one(make_user, celery_worker_process):
    hosts = [await database_sync_to_async(make_user)(f"ph-{i}", confirmed=True) for i in range(2)]
    person = await database_sync_to_async(make_user)("p-both", confirmed=True)
    pair = [await database_sync_to_async(public_tables.create_public_table)(h) for h in hosts]
    results = await _race([lambda t=t: public_tables.join_public_table(t.pk, person) for t in pair])
    refused = [r for r in results if isinstance(r, tables.TableRejected)]
    assert [r.code for r in refused] == ["at_open_table"]
    from games.models import TableSeat
    assert await database_sync_to_async(TableSeat.objects.filter(user=person).count)() == 1
