"""Run only inside the integration run (see test_integration_stack.py): Quick Play in the
production shape (P-MATCH-2/-3/-4, J2) — PostgreSQL, the Redis channel layer, a real Celery
worker process and a real Celery beat process.

- Four people wait in the queue (their rows written directly, so no run-on-join exists):
  beat's "quick-play-matchmaker" schedule queues ``games.tasks.match_players`` every 2 s,
  the worker groups them into one ranked game, and each of their four WebSocket clients on
  ``/ws/quick/`` is sent that game's URL over Redis.
- Matchmakers racing on separate PostgreSQL connections (all held until each has read the
  same queue and formed the same groups) place nobody twice: ``select_for_update(
  skip_locked=True)`` gives each group to exactly one of them. (It runs first: once beat
  has run, its last queued matchmaker tasks may still reach the worker for a few seconds.)
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections import Counter

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import _with_db_name, stop_server_process
from django.db import connection
from django.utils import timezone
from test_quick_play import at, race_matchmakers

from accounts.computers import ensure_computer_accounts
from games.models import Game, QueueEntry, Seat
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True)]

WAIT = 90   # seconds to wait for beat + worker to seat the group before failing (a bound)
CLOSE_WAIT = 10   # seconds a closed client's app may take to end before it is cancelled


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """A new channel-layer instance per test: the Redis layer's receive locks belong to the
    event loop that made them, and each asyncio test runs on its own loop."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def celery_beat(tmp_path, django_db_blocker):
    """A real ``celery beat`` process with its schedule file in ``tmp_path``; its output goes
    to a file (read on failure). Waits until beat has sent its first task."""
    env = dict(os.environ, CELERY_LOG_LEVEL="INFO", PYTHONUNBUFFERED="1")   # "Sending due task" lines
    application_name = f"mp-beat-{os.getpid()}"
    env["DATABASE_URL"] = (_with_db_name(os.environ["DATABASE_URL"], connection.settings_dict["NAME"])
                           + f"?application_name={application_name}")
    log_path = tmp_path / "beat.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "mahjongsite", "beat", "-l", "INFO",
             "-s", str(tmp_path / "beat-schedule")], env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while "Sending due task" not in log_path.read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"Celery beat did not start:\n{log_path.read_text(errors='replace')[-3000:]}")
        time.sleep(0.1)
    yield log_path
    with django_db_blocker.unblock():
        stop_server_process(proc, application_name)


def connect(user) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/quick/")
    comm.scope["user"] = user
    return comm


async def receive_until(comm, predicate) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if predicate(message):
            return message


@pytest.mark.parametrize("racers, waiting", [(2, 12), (3, 20)])
def test_p_match_3_matchmakers_racing_on_postgresql_place_nobody_twice(make_user, monkeypatch, racers, waiting):
    assert connection.vendor == "postgresql"
    ensure_computer_accounts()
    people = [make_user(f"race{racers}-{i}", confirmed=True) for i in range(waiting)]
    for i, person in enumerate(people):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=at(i))
    games = race_matchmakers(racers, at(waiting + 10), monkeypatch)
    assert len(games) == len(set(games)) == waiting // 4
    seated = Counter(Seat.objects.filter(game__kind=Game.Kind.QUICK).values_list("user_id", flat=True))
    assert seated == Counter({p.pk: 1 for p in people})           # everyone once, nobody twice
    assert not QueueEntry.objects.exists()


@pytest.mark.asyncio
async def test_p_match_3_beat_driven_matchmaker_on_a_worker_seats_four_waiting_people(
        make_user, celery_worker_process, celery_beat):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    await database_sync_to_async(ensure_computer_accounts)()
    people = [await database_sync_to_async(make_user)(f"qp{i}", confirmed=True) for i in range(4)]
    clients = [connect(person) for person in people]
    for comm in clients:
        assert (await comm.connect(timeout=WAIT))[0]
        assert (await receive_until(comm, lambda m: m["type"] == "quick"))["state"] == "idle"

    def wait_in_the_queue():
        for person in people:
            QueueEntry.objects.create(user=person, family="riichi", joined_at=timezone.now())
    await database_sync_to_async(wait_in_the_queue)()

    told = await asyncio.gather(*(receive_until(c, lambda m: m.get("state") == "in_game") for c in clients))
    urls = {m["game_url"] for m in told}
    assert len(urls) == 1, told
    game = await database_sync_to_async(Game.objects.get)(pk=told[0]["game_id"])
    assert game.kind == "quick" and game.ranked and game.clock == "standard"
    seated = await database_sync_to_async(lambda: sorted(game.seats.values_list("user_id", flat=True)))()
    assert seated == sorted(p.pk for p in people)
    assert not await database_sync_to_async(QueueEntry.objects.exists)()
    assert "games.tasks.match_players" in celery_beat.read_text(errors="replace")   # beat sent it
    # Cleanup, not a measure: an app that has not ended within the bound is cancelled.
    await asyncio.gather(*(comm.disconnect(timeout=CLOSE_WAIT) for comm in clients))
