"""Run only inside the integration run (see test_integration_stack.py): presence heals by
itself in the production shape (P-CONN-2, P-CONN-5; DESIGN §3). Two real daphne processes
share PostgreSQL and the Redis channel layer; real WebSocket clients sit at a private
table; one daphne process is killed with SIGKILL (it can release nothing), and the other
process's renewal round clears the dead connection's lease once it expires and tells the
table, so the people still connected see the "disconnected" marker and the seat can go on
absent auto-play. Leases last 2 s here (``MP_PRESENCE_TTL``), renewed every 0.5 s.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
from channels.db import database_sync_to_async
from conftest import stop_server_process
from django.db import connection

from games import presence, service
from games.models import Seat

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 60          # seconds to wait for an event before failing (never a timing assertion)
TTL = "2"
RENEW = "0.5"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Daphne:
    """A ``daphne`` process serving the project on the test database and Redis."""

    def __init__(self, name: str) -> None:
        from conftest import _with_db_name

        self.port = _free_port()
        self.application_name = f"mp-daphne-{name}-{os.getpid()}"
        env = dict(os.environ, MP_PRESENCE_TTL=TTL, MP_PRESENCE_RENEW=RENEW,
                   DATABASE_URL=_with_db_name(os.environ["DATABASE_URL"], connection.settings_dict["NAME"])
                   + f"?application_name={self.application_name}")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "mahjongsite.asgi:application"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + WAIT
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc.kill()
                    pytest.fail(f"daphne did not start:\n{self.proc.stdout.read()[-3000:]}")
                time.sleep(0.1)

    def url(self, game_id: int) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/games/{game_id}/"

    def kill(self) -> None:
        """SIGKILL: no disconnect handler, no lease release, nothing."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=WAIT)

    def stop(self) -> None:
        stop_server_process(self.proc, self.application_name)


@pytest.fixture
def daphnes(django_db_blocker):
    started: list[Daphne] = []

    def start(name: str) -> Daphne:
        with django_db_blocker.unblock():
            server = Daphne(name)
        started.append(server)
        return server

    yield start
    with django_db_blocker.unblock():
        for server in started:
            server.stop()


def _session_cookie(user) -> str:
    from django.test import Client
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


async def _open(server: Daphne, game_id: int, cookie: str):
    from websockets.asyncio.client import connect
    return await connect(server.url(game_id), open_timeout=WAIT,
                         additional_headers={"Cookie": cookie, "Origin": "http://127.0.0.1"})


async def _state_until(ws, until) -> dict:
    """The next state message for which ``until(state)`` holds (bounded wait)."""
    async def read():
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "state" and until(message):
                return message
    return await asyncio.wait_for(read(), timeout=WAIT)


async def _closed(ws) -> None:
    """Read until the connection is closed."""
    from websockets.exceptions import ConnectionClosed
    try:
        while True:
            await ws.recv()
    except ConnectionClosed:
        return


def _flags(state: dict) -> list[bool]:
    return [p["connected"] for p in sorted(state["game"]["players"], key=lambda p: p["seat"])]


@database_sync_to_async
def _lease(game_id: int, seat: int) -> tuple[str, bool]:
    row = Seat.objects.select_related("user").get(game_id=game_id, seat=seat)
    return row.presence_channel, presence.is_connected(row)


@database_sync_to_async
def _people() -> list:
    """Four people (no password: sessions are made directly; hashing four is slow)."""
    from django.contrib.auth import get_user_model
    return [get_user_model().objects.create(username=name, email=f"{name}@example.com")
            for name in ("ann", "ben", "cat", "dan")]


async def test_p_conn_5_presence_heals_after_a_daphne_process_is_killed(daphnes):
    assert connection.vendor == "postgresql"
    people = await _people()
    game = await database_sync_to_async(service.create_private_table)(people[0], people[1:],
                                                                       draw_seats=False)
    cookies = [await database_sync_to_async(_session_cookie)(p) for p in people[:2]]
    doomed, survivor = daphnes("a"), daphnes("b")

    ann = await _open(doomed, game.pk, cookies[0])          # seat 0 through the process we kill
    ben = await _open(survivor, game.pk, cookies[1])        # seat 1 through the other one
    await _state_until(ben, lambda s: _flags(s) == [True, True, False, False])
    channel, alive = await _lease(game.pk, 0)
    assert channel and alive

    doomed.kill()
    # Nothing released ann's lease; it expires and the survivor's renewal round tells ben.
    state = await _state_until(ben, lambda s: _flags(s) == [False, True, False, False])
    assert state["view"]["seat"] == 1 and "hand" in state["view"]
    assert await _lease(game.pk, 0) == ("", False)
    _channel, alive = await _lease(game.pk, 1)
    assert alive                                             # ben's lease is renewed meanwhile

    await asyncio.wait_for(_closed(ann), timeout=WAIT)      # ann's socket died with its server

    ann = await _open(survivor, game.pk, cookies[0])         # ann comes back through the survivor
    await _state_until(ben, lambda s: _flags(s) == [True, True, False, False])
    await ann.close()
    await _state_until(ben, lambda s: _flags(s) == [False, True, False, False])
    await ben.close()
