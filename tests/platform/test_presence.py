"""Presence that heals by itself (P-CONN-2, P-CONN-4, P-CONN-5; DESIGN §3; ``games.presence``).

A seat is connected while its presence lease is alive; the server process serving the
connection renews it, a clean close ends it, and a lease nobody renews (a crashed process,
a connection that never closed) expires. No test sleeps: ``games.clocks.now`` is a settable
value, the renewal interval is an hour (the background task never fires by itself here) and
each test runs the process's renewal round itself (``presence.renew_once``).
"""
from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from platform_helpers import FakeTime

from games import clocks, presence, service, tasks
from games.models import Game, Seat
from games.routing import websocket_urlpatterns
from games.views_state import state_message

pytestmark = pytest.mark.django_db(transaction=True)

TTL = 30.0
WAIT = 10      # seconds to wait for a message before failing (never a timing assertion)


@pytest.fixture
def fake_time(monkeypatch, settings):
    settings.PRESENCE_TTL = TTL
    settings.PRESENCE_RENEW_SECONDS = 3600.0
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    clock = FakeTime(3_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    yield clock
    left = presence.held_channels()
    for channel in left:
        presence.drop(channel)
    assert left == {}, "a test left a connection registered"


@pytest.fixture
def people(db, django_user_model):
    """Four people (no password: nothing here logs in with one, and hashing four is slow)."""
    return [django_user_model.objects.create(username=name, email=f"{name}@example.com")
            for name in ("alice", "bob", "carol", "dave")]


def connect(user, game_id: int) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    comm.scope["user"] = user
    return comm


async def open_seat(user, game_id: int) -> tuple[WebsocketCommunicator, dict]:
    """Connect ``user`` and return the communicator and its first state."""
    comm = connect(user, game_id)
    assert (await comm.connect(timeout=WAIT))[0]
    return comm, await next_state(comm)


async def next_state(comm, until=lambda state: True) -> dict:
    """The next state message satisfying ``until`` (errors fail the test)."""
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] in ("state", "error"), message
        if message["type"] == "state" and until(message):
            return message


def connected_flags(state: dict) -> list[bool]:
    return [p["connected"] for p in sorted(state["game"]["players"], key=lambda p: p["seat"])]


async def crash(comm: WebsocketCommunicator) -> None:
    """The connection's task dies without ``disconnect`` (what a killed server process or a
    lost socket looks like to the database): nothing releases its lease. It dies while idle
    (after answering a ping), as a connection mostly is."""
    await comm.send_json_to({"type": "ping"})
    while json.loads(await comm.receive_from(timeout=WAIT))["type"] != "pong":
        pass
    comm.future.cancel()
    await asyncio.wait([comm.future], timeout=WAIT)
    assert comm.future.done()


@database_sync_to_async
def seat_row(game_id: int, seat: int) -> Seat:
    return Seat.objects.select_related("user").get(game_id=game_id, seat=seat)


@database_sync_to_async
def live(game_id: int, seat: int) -> bool:
    return presence.is_connected(Seat.objects.select_related("user").get(game_id=game_id, seat=seat))


@database_sync_to_async
def private_table(people, clock="untimed") -> Game:
    return service.create_private_table(people[0], people[1:], clock=clock, draw_seats=False)


# --------------------------------------------------------------------------- the lease itself

def test_p_conn_2_a_lease_expires_without_renewal(alice, fake_time):
    game = service.create_practice(alice, human_seat=0)
    assert [p["connected"] for p in state_message(game, 0)["game"]["players"]] == [False, True, True, True]
    assert presence.claim(game.pk, 0, "conn-1") is True                  # the seat was away
    fake_time.t += TTL - 0.001
    assert state_message(game, 0)["game"]["players"][0]["connected"] is True
    assert presence.claim(game.pk, 0, "conn-2") is False                 # present already
    fake_time.t += TTL
    assert state_message(game, 0)["game"]["players"][0]["connected"] is False
    assert presence.release(game.pk, 0, "conn-1") is False               # conn-2 holds it


@pytest.mark.asyncio
async def test_p_conn_2_renewal_keeps_a_lease_alive_and_a_crashed_connection_stops_counting(alice, fake_time):
    game = await database_sync_to_async(service.create_practice)(alice, human_seat=0)
    comm, state = await open_seat(alice, game.pk)
    assert connected_flags(state)[0] is True
    start = fake_time.t
    while fake_time.t < start + 4 * TTL:                # far past one lease, renewed each round
        fake_time.t += 10.0
        await presence.renew_once()
        assert await live(game.pk, 0)
    await crash(comm)                                   # never disconnects
    renewed_at = fake_time.t
    fake_time.t += 10.0
    await presence.renew_once()                         # this process no longer renews it
    assert await live(game.pk, 0)                       # still within the last lease
    fake_time.t = renewed_at + TTL
    assert not await live(game.pk, 0)
    state = await database_sync_to_async(state_message)(game, 0)
    assert state["game"]["players"][0]["connected"] is False


@pytest.mark.asyncio
@pytest.mark.parametrize("closes_older", [True, False], ids=["older closed", "older told only"])
async def test_p_conn_4_the_older_connection_closing_keeps_the_newer_lease(alice, fake_time, settings,
                                                                          closes_older):
    settings.SEAT_TAKEOVER_CLOSES_OLDER = closes_older
    game = await database_sync_to_async(service.create_practice)(alice, human_seat=0)
    first, _ = await open_seat(alice, game.pk)
    holder_before = (await seat_row(game.pk, 0)).presence_channel
    second, _ = await open_seat(alice, game.pk)
    holder = (await seat_row(game.pk, 0)).presence_channel
    assert holder and holder != holder_before           # the newest connection holds the seat
    error = json.loads(await first.receive_from(timeout=WAIT))
    assert error["message"] == "Opened elsewhere"
    if closes_older:
        assert await first.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4409}
        await first.disconnect(timeout=WAIT)            # the older connection's close arrives late
        assert (await seat_row(game.pk, 0)).presence_channel == holder
        for _ in range(6):                              # 60 s: renewed, never cleared
            fake_time.t += 10.0
            await presence.renew_once()
            assert await live(game.pk, 0)
        await second.disconnect(timeout=WAIT)
    else:
        await second.disconnect(timeout=WAIT)           # the newer one leaves; the older is open
        assert (await seat_row(game.pk, 0)).presence_channel == holder_before
        fake_time.t += 2 * TTL
        await presence.renew_once()
        assert await live(game.pk, 0)
        await first.disconnect(timeout=WAIT)
    assert not await live(game.pk, 0)                   # a clean close ends the lease at once
    assert (await seat_row(game.pk, 0)).presence_channel == ""


@pytest.mark.asyncio
async def test_p_conn_4_a_takeover_through_another_server_survives_the_older_close(alice, fake_time):
    """The newer connection is served by another server process (another channel name, not
    renewed here): the older connection's close here must not end its lease, and this
    process's renewal round must not take the seat back."""
    from channels.layers import get_channel_layer
    game = await database_sync_to_async(service.create_practice)(alice, human_seat=0)
    first, _ = await open_seat(alice, game.pk)
    elsewhere = "specific.other-server!conn"
    await database_sync_to_async(presence.claim)(game.pk, 0, elsewhere)
    await get_channel_layer().group_send(f"game-{game.pk}-seat-0", {"type": "seat.takeover",
                                                                    "channel": elsewhere})
    assert json.loads(await first.receive_from(timeout=WAIT))["message"] == "Opened elsewhere"
    assert await first.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4409}
    await first.disconnect(timeout=WAIT)
    row = await seat_row(game.pk, 0)
    assert row.presence_channel == elsewhere and await live(game.pk, 0)
    fake_time.t += TTL                                  # the other server stopped renewing
    assert not await live(game.pk, 0)


@pytest.mark.asyncio
async def test_p_conn_4_an_older_connection_still_open_takes_the_seat_back_when_the_newer_dies(
        alice, fake_time, settings):
    """Older connections stay open (told only): the newer one, on another server, holds the
    lease; this process leaves that live lease alone, and takes it for its own open
    connection once it has expired (that server died)."""
    settings.SEAT_TAKEOVER_CLOSES_OLDER = False
    game = await database_sync_to_async(service.create_practice)(alice, human_seat=0)
    first, _ = await open_seat(alice, game.pk)
    local = (await seat_row(game.pk, 0)).presence_channel
    elsewhere = "specific.other-server!conn"
    await database_sync_to_async(presence.claim)(game.pk, 0, elsewhere)
    fake_time.t += 10.0
    await presence.renew_once()
    assert (await seat_row(game.pk, 0)).presence_channel == elsewhere
    fake_time.t += TTL
    assert not await live(game.pk, 0)
    await presence.renew_once()
    assert (await seat_row(game.pk, 0)).presence_channel == local and await live(game.pk, 0)
    await first.disconnect(timeout=WAIT)
    assert not await live(game.pk, 0)


# --------------------------------------------------------------------------- several people

@pytest.mark.asyncio
async def test_p_conn_5_every_seat_sees_who_is_connected(people, fake_time):
    """Four people at a private table: presence markers follow clean closes, returns and a
    crashed connection, whose lease this process's renewal round clears after it expires."""
    game = await private_table(people)
    alice, _ = await open_seat(people[0], game.pk)
    bob, _ = await open_seat(people[1], game.pk)
    carol, state = await open_seat(people[2], game.pk)
    assert connected_flags(state) == [True, True, True, False]          # dave never came
    await next_state(alice, lambda s: connected_flags(s) == [True, True, True, False])

    await bob.disconnect(timeout=WAIT)
    for comm in (alice, carol):
        await next_state(comm, lambda s: connected_flags(s) == [True, False, True, False])
    bob, state = await open_seat(people[1], game.pk)
    assert connected_flags(state) == [True, True, True, False]
    for comm in (alice, carol):
        await next_state(comm, lambda s: connected_flags(s) == [True, True, True, False])

    await crash(carol)
    fake_time.t += TTL - 1.0
    assert await presence.renew_once() == []            # carol's lease is still alive
    fake_time.t += 1.0
    assert await presence.renew_once() == [game.pk]     # expired: cleared and the table told
    for comm in (alice, bob):
        state = await next_state(comm, lambda s: connected_flags(s) == [True, True, False, False])
        assert state["view"]["seat"] in (0, 1)
    assert (await seat_row(game.pk, 2)).presence_channel == ""
    assert await presence.renew_once() == []            # reported once
    await alice.disconnect(timeout=WAIT)
    await bob.disconnect(timeout=WAIT)


@pytest.mark.asyncio
async def test_p_conn_5_a_renewal_round_is_a_few_array_statements_off_the_event_loop(people, fake_time,
                                                                                     monkeypatch):
    """DESIGN §3 "Cost": a process renews all its leases, and clears the expired ones at its
    tables, with one raw statement per ``RENEW_CHUNK`` seats or games (array parameters,
    prepared once), never through the ORM's query building, and never on the event loop's
    thread (a renewal of hundreds of connections must not hold up the tables it serves).
    The guarantees are the same: our seats renewed, a dead server's lease cleared once."""
    import threading

    from django.db.models.sql.compiler import SQLUpdateCompiler

    game = await private_table(people)
    comms = [(await open_seat(user, game.pk))[0] for user in people[:3]]
    await database_sync_to_async(presence.claim)(game.pk, 3, "specific.other-server!conn")
    loop_thread = threading.get_ident()
    calls = []
    real_execute = presence._execute

    def execute(name, *args, **kwargs):
        calls.append((name, threading.get_ident() != loop_thread))
        return real_execute(name, *args, **kwargs)

    def no_orm_update(*args, **kwargs):
        raise AssertionError("a renewal round built an ORM UPDATE")

    with monkeypatch.context() as patch:
        patch.setattr(presence, "_execute", execute)
        patch.setattr(presence, "RENEW_CHUNK", 2)                  # 3 connections: 2 statements
        patch.setattr(SQLUpdateCompiler, "execute_sql", no_orm_update)
        fake_time.t += 10.0
        assert await presence.renew_once() == []                  # dave's server is alive still
        assert calls == [("renew", True), ("renew", True), ("expire", True)]
        fake_time.t += TTL - 5.0                                   # that server stopped renewing
        assert await presence.renew_once() == [game.pk]            # cleared, reported once
        assert await presence.renew_once() == []
        assert all(off_loop for _name, off_loop in calls) and len(calls) == 9
    for seat in range(3):
        assert await live(game.pk, seat)
    assert not await live(game.pk, 3) and (await seat_row(game.pk, 3)).presence_channel == ""
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


# --------------------------------------------------------------------------- absent auto-play

class Timers:
    """The worker's eta queue for decision timeouts and results screens: ``run_next`` moves
    the fake clock to the earliest eta and runs that task (computer moves stay eager)."""

    def __init__(self, fake_time) -> None:
        self.fake_time = fake_time
        self.pending: list[tuple[float, str, tuple]] = []
        self.seat0: list[tuple[float, float]] = []        # (time issued, deadline) of seat 0

    def timeouts(self, game_id, timers) -> None:
        for seat, seq, deadline, eta in timers:
            if seat == 0:
                self.seat0.append((self.fake_time.t, deadline))
            self.pending.append((eta, "timeout", (game_id, seat, seq, deadline)))

    def results(self, game_id, hands_started, eta) -> None:
        self.pending.append((eta, "results", (game_id, hands_started)))

    def run_next(self) -> bool:
        if not self.pending:
            return False
        first = min(self.pending, key=lambda p: p[0])
        self.pending.remove(first)
        eta, kind, args = first
        self.fake_time.t = max(self.fake_time.t, eta)
        (tasks.decision_timeout if kind == "timeout" else tasks.advance_hand)(*args)
        return True


@pytest.mark.asyncio
async def test_p_conn_2_absent_auto_play_starts_when_the_lease_expires_and_stops_on_return(
        alice, fake_time, monkeypatch):
    """The person in seat 0 never acts. While connected, every decision gets its clock. After
    the connection dies without a close (nothing renews its lease), the first decision opened
    once the lease has expired — after two consecutive timeouts — is made at once; when the
    account connects again, its decisions get their normal clock again."""
    timers = Timers(fake_time)
    monkeypatch.setattr(tasks, "schedule_timeouts", timers.timeouts)
    monkeypatch.setattr(tasks, "schedule_results_advance", timers.results)
    game = await database_sync_to_async(service.create_practice)(alice, "riichi", clock="standard",
                                                                human_seat=0)
    comm, _ = await open_seat(alice, game.pk)
    await crash(comm)
    lease_end = (await seat_row(game.pk, 0)).presence_until.timestamp()
    run = database_sync_to_async(timers.run_next)

    def instant(i: int) -> bool:
        issued, deadline = timers.seat0[i]
        return deadline == issued

    while fake_time.t < lease_end or sum(instant(i) for i in range(len(timers.seat0))) < 3:
        assert await run(), "the game ended before the test could see absent auto-play"
    assert len(timers.seat0) > 3
    for i, (issued, _deadline) in enumerate(timers.seat0):
        assert instant(i) == (issued >= lease_end and i >= 2), (i, issued, lease_end)
    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    state = await database_sync_to_async(state_message)(game, 1)
    assert state["game"]["timer"]["absent"] == [0] and state["game"]["players"][0]["connected"] is False

    comm, state = await open_seat(alice, game.pk)         # the account returns
    assert state["game"]["timer"]["absent"] == [] and state["game"]["players"][0]["connected"] is True
    returned_at, seen = fake_time.t, len(timers.seat0)
    while len(timers.seat0) < seen + 3:
        assert await run(), "the game ended before the test could see the return"
        await presence.renew_once()                       # the open connection is renewed
    later = [(issued, deadline) for issued, deadline in timers.seat0[seen:] if issued > returned_at]
    assert later and all(deadline > issued for issued, deadline in later)
    await comm.disconnect(timeout=WAIT)
