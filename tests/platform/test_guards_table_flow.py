"""Flow with more than one person at a table (P-FLOW-1, P-FLOW-2; issue 8 item 6).

On the results screen every human at the table must press Continue before the next hand
starts; computers count as having pressed it; one person's press never starts the next
hand and a repeated press by the same person counts once. At a timed table the results
timer starts the next hand without the presses that are missing. Each person has their own
real WebSocket client (Channels ``WebsocketCommunicator``, one per account); the tables are
made with the service and the seats given to several accounts.
"""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice
from platform_helpers import FakeTime, current_engine

from games import clocks, service, tasks
from games.models import Game, Seat
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 10   # seconds to wait for a message before failing (no timing assertion)


def _seat_humans(game: Game, users) -> None:
    """Give seats 1.. of ``game`` to ``users`` (seat 0 is already its creator's)."""
    for seat, user in enumerate(users, start=1):
        Seat.objects.filter(game=game, seat=seat).update(user=user, strength="")


def _play_to_result(game: Game) -> Game:
    """Play every seat (humans with the simple player, computers by their eager tasks or
    directly) until the hand's result is shown. Returns the refreshed row."""
    humans = set(Seat.objects.filter(game=game, user__is_computer=False).values_list("seat", flat=True))
    for _ in range(800):
        game.refresh_from_db()
        engine = current_engine(game)
        if engine.phase not in ("turn", "claim"):
            return game
        seat = engine.pending_seats()[0]
        if seat in humans:
            service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)
        else:
            service.play_computer(game.pk, seat, engine.seq)
    raise AssertionError("the hand did not end")


@database_sync_to_async
def table_at_results(users, clock: str = "untimed") -> Game:
    """An East-round game with ``users[i]`` in seat ``i`` (computers in the other seats),
    played to the result of its first hand. A bust in East 1 (rare) ends the game: deal again."""
    for _attempt in range(5):
        game = service.create_practice(users[0], "riichi", human_seat=0, clock=clock)
        _seat_humans(game, users[1:])
        game = _play_to_result(game)
        if game.phase == "hand_over":
            assert game.hands_started == 1
            return game
    raise AssertionError("five first hands ended the game")


@database_sync_to_async
def reload(game: Game) -> Game:
    game.refresh_from_db()
    return game


async def receive(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=WAIT))


async def next_state(comm) -> dict:
    while True:
        message = await receive(comm)
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


async def settle(comm) -> dict:
    """The newest state among those already sent (at least one is awaited)."""
    state = await next_state(comm)
    while not await comm.receive_nothing(timeout=0.1):
        message = await receive(comm)
        if message["type"] == "state":
            state = message
    return state


async def open_clients(game: Game, users) -> list:
    clients = []
    for seat, user in enumerate(users):
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
        comm.scope["user"] = user
        assert (await comm.connect(timeout=WAIT))[0]
        state = await settle(comm)
        assert state["game"]["my_seat"] == seat and state["view"]["phase"] == "hand_over"
        clients.append(comm)
    return clients


async def press(comm, seq: int) -> None:
    await comm.send_json_to({"type": "continue", "seq": seq})


async def still_results(clients, game: Game, seq: int) -> None:
    """Every client is served the same result (no next hand), and the row agrees."""
    for comm in clients:
        view = (await settle(comm))["view"]
        assert view["phase"] == "hand_over" and view["seq"] == seq and view["hand_result"] is not None
    game = await reload(game)
    assert game.hands_started == 1 and game.phase == "hand_over"


async def next_hand_everywhere(clients, game: Game) -> None:
    """Every client is sent the next hand: waits for that state (an event, bounded by
    ``WAIT``) instead of taking whatever arrived within a quiet interval, which a loaded
    machine can stretch past the results state of the first press."""
    for comm in clients:
        view = (await next_state(comm))["view"]
        while view["phase"] == "hand_over":
            view = (await next_state(comm))["view"]
        assert view["phase"] in ("turn", "claim") and view["hand_result"] is None
    game = await reload(game)
    assert game.hands_started == 2


async def close(clients) -> None:
    for comm in clients:
        await comm.disconnect(timeout=WAIT)


@database_sync_to_async
def accounts(make_user, names):
    return [make_user(name) for name in names]


async def test_p_flow_2_two_people_both_must_press_continue(make_user):
    """One press (even twice) waits for the other person; computers count as pressed."""
    users = await accounts(make_user, ["alice", "bob"])
    game = await table_at_results(users)
    seq = game.seq
    alice, bob = clients = await open_clients(game, users)
    await press(alice, seq)
    await still_results(clients, game, seq)
    await press(alice, seq)                                   # the same person again
    await still_results(clients, game, seq)
    await press(bob, seq)
    await next_hand_everywhere(clients, game)
    # The review tells "everyone pressed Continue" from the results timer: each person's
    # press is recorded, the last one with the hand it dealt.
    records = await continue_records(game)
    assert [seat for seat, _data in records] == sorted(
        [s for s, u in await seats_of(game) if u == users[0].pk])[:1] * 2 + [
        s for s, u in await seats_of(game) if u == users[1].pk]
    assert records[-1][1] == {"hand": 2} and all(d == {} for _s, d in records[:-1])
    assert not await next_hand_records(game)
    await close(clients)


@database_sync_to_async
def continue_records(game) -> list[tuple[int, dict]]:
    from games.models import ActionRecord
    return list(ActionRecord.objects.filter(game_id=game.pk, kind="continue").order_by("index")
                .values_list("seat", "data"))


@database_sync_to_async
def next_hand_records(game) -> list[int]:
    from games.models import ActionRecord
    return list(ActionRecord.objects.filter(game_id=game.pk, kind="next_hand", index__gt=1)
                .values_list("index", flat=True))


@database_sync_to_async
def seats_of(game) -> list[tuple[int, int]]:
    from games.models import Seat
    return list(Seat.objects.filter(game_id=game.pk).values_list("seat", "user_id"))


async def test_p_flow_2_four_people_every_one_must_press(make_user):
    users = await accounts(make_user, ["alice", "bob", "carol", "dave"])
    game = await table_at_results(users)
    seq = game.seq
    clients = await open_clients(game, users)
    for comm in (clients[2], clients[0], clients[2], clients[3], clients[0]):
        await press(comm, seq)
        await still_results(clients, game, seq)
    await press(clients[1], seq)
    await next_hand_everywhere(clients, game)
    await close(clients)


async def test_p_flow_2_a_stale_continue_is_refused_and_counts_for_nobody(make_user):
    users = await accounts(make_user, ["alice", "bob"])
    game = await table_at_results(users)
    seq = game.seq
    alice, bob = clients = await open_clients(game, users)
    await bob.send_json_to({"type": "continue", "seq": seq - 1})
    error = await receive(bob)
    assert error["type"] == "error" and error["code"] == "stale_seq"
    await press(alice, seq)
    await still_results(clients, game, seq)                   # bob's stale press did not count
    await press(bob, seq)
    await next_hand_everywhere(clients, game)
    await close(clients)


@pytest.fixture
def results_timer(monkeypatch, settings):
    """A timed table's results timer, held instead of run: ``[(game_id, hands_started, eta)]``;
    the server's time is a ``FakeTime``."""
    settings.CLOCK_SCALE = 1.0
    settings.RESULTS_SCREEN_SECONDS = 15.0
    clock = FakeTime(4_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    held: list = []
    monkeypatch.setattr(tasks, "schedule_results_advance", lambda *args: held.append(args))
    monkeypatch.setattr(tasks, "schedule_timeouts", lambda *args: None)
    return clock, held


async def test_p_flow_1_timed_table_results_timer_starts_the_next_hand_without_every_press(
        make_user, results_timer):
    fake, held = results_timer
    users = await accounts(make_user, ["alice", "bob"])
    game = await table_at_results(users, clock="bullet")
    shown_at = game.clock_state["results_at"]
    assert held == [(game.pk, 1, shown_at + 15.0)]             # armed once, when first shown
    seq = game.seq
    alice, bob = clients = await open_clients(game, users)
    fake.t = shown_at + 5.0
    await press(alice, seq)                                   # one person presses at 5 s
    await still_results(clients, game, seq)
    game = await reload(game)
    assert game.clock_state["results_at"] == shown_at, "a press does not restart the results timer"
    assert held == [(game.pk, 1, shown_at + 15.0)], "nor arm a second one"
    fake.t = shown_at + 15.0 - 0.01
    assert await database_sync_to_async(tasks.advance_hand)(game.pk, 1) is False   # early
    game = await reload(game)
    assert game.hands_started == 1
    fake.t = shown_at + 15.0
    assert await database_sync_to_async(tasks.advance_hand)(game.pk, 1) is True
    await next_hand_everywhere(clients, game)
    assert await database_sync_to_async(tasks.advance_hand)(game.pk, 1) is False   # P-SYS-6
    await close(clients)


@database_sync_to_async
def play_next_hand_to_result(game: Game) -> Game:
    return _play_to_result(game)


async def test_p_flow_2_presses_of_the_last_hand_do_not_carry_over_and_p_sys_6_old_timer_is_a_no_op(make_user):
    """At the second hand's result one press again waits for the other person, and the
    results task left over from hand 1 does not skip hand 2's results screen (P-SYS-6)."""
    users = await accounts(make_user, ["alice", "bob"])
    for _attempt in range(5):
        game = await table_at_results(users)
        alice, bob = clients = await open_clients(game, users)
        await press(alice, game.seq)
        await press(bob, game.seq)
        await next_hand_everywhere(clients, game)
        await close(clients)
        game = await play_next_hand_to_result(game)
        if game.phase == "hand_over":
            break
    assert game.phase == "hand_over" and game.hands_started == 2
    assert await database_sync_to_async(tasks.advance_hand)(game.pk, 1) is False
    game = await reload(game)
    assert game.hands_started == 2 and game.phase == "hand_over"
    seq = game.seq
    alice, bob = clients = [await _open(game, users[0]), await _open(game, users[1])]
    await press(bob, seq)
    for comm in clients:
        view = (await settle(comm))["view"]
        assert view["phase"] == "hand_over" and view["seq"] == seq
    game = await reload(game)
    assert game.hands_started == 2, "a press from hand 1 was counted for hand 2"
    await press(alice, seq)
    for comm in clients:
        assert (await settle(comm))["view"]["phase"] in ("turn", "claim")
    assert (await reload(game)).hands_started == 3
    await close(clients)


async def _open(game: Game, user):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    comm.scope["user"] = user
    assert (await comm.connect(timeout=WAIT))[0]
    await settle(comm)
    return comm
