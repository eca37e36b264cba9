"""Run only inside the integration run (see test_integration_stack.py): a complete practice
hand over the WebSocket, with PostgreSQL, the Redis channel layer and a real Celery worker
process making the computers' moves (DESIGN §5 production shape)."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice
from django.db import connection

from games import service
from games.models import Game
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 60   # seconds to wait for the worker's next move before failing (no timing assertion)


async def next_state(comm) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


@database_sync_to_async
def wait_for_human_turn(game: Game, seconds: float) -> Game:
    """Poll the stored game until its computers owe nothing (a bounded wait, not a timing
    assertion)."""
    import time
    deadline = time.monotonic() + seconds
    while True:
        game.refresh_from_db()
        if not game.pending_computer_seats or time.monotonic() > deadline:
            return game
        time.sleep(0.2)


async def test_restart_loses_nothing_queued_moves_run_when_a_worker_returns(alice, start_celery_worker):
    """DESIGN §3/§5: with no worker running (a restart), the computers' moves wait in Redis;
    the server processes forget their cached state; a new worker plays them from the log."""
    from games import engine_store
    game = await database_sync_to_async(service.create_practice)(alice, "riichi-single-deal",
                                                                 human_seat=3)
    game = await wait_for_human_turn(game, 0)
    assert game.pending_computer_seats == [0]          # nobody has played the dealer's turn
    engine_store.clear()                               # the server restarted too
    worker = await database_sync_to_async(start_celery_worker)("restart")
    game = await wait_for_human_turn(game, WAIT)
    assert game.pending_computer_seats == [] and game.status == "active"
    assert await database_sync_to_async(game.actions.filter(by_computer=True).count)() >= 1
    await database_sync_to_async(worker.stop)()


async def test_practice_hand_with_postgresql_redis_and_a_celery_worker(alice, celery_worker_process):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    game = await database_sync_to_async(service.create_practice)(alice, "riichi-single-deal",
                                                                 human_seat=3)
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    comm.scope["user"] = alice
    assert (await comm.connect(timeout=WAIT))[0]
    answered: set[int] = set()
    computer_moves_seen = 0
    state = await next_state(comm)
    for _ in range(600):
        view = state["view"]
        if view["phase"] == "game_over":
            break
        if view["legal_actions"] and view["seq"] not in answered:
            answered.add(view["seq"])
            action = human_choice(view).to_json()
            await comm.send_json_to({"type": "action", "seq": view["seq"], "action": action})
        elif not view["legal_actions"]:
            computer_moves_seen += 1
        state = await next_state(comm)
    await comm.disconnect(timeout=WAIT)
    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert game.status == "finished", game.phase
    assert computer_moves_seen > 0          # the worker process moved while we waited
    by_computer = await database_sync_to_async(game.actions.filter(by_computer=True).count)()
    assert by_computer > 0
