"""Run only inside the integration run (see test_integration_stack.py): two people at a timed
private table on PostgreSQL, the Redis channel layer and a real Celery worker (issue 9 item 5,
P-CONN-1/-2/-4/-5).

One person closes their connection. The other keeps playing and sees the "disconnected"
marker; the absent person's clock keeps running and the worker's decision timeouts play for
them; after two consecutive timeouts their seat is on absent auto-play. Then the absent person
comes back from a second client (another device): they get a full snapshot of their own seat
(their concealed hand, the time left on the running clock), the other person sees them
connected again, and auto-play ends. Clocks run at x0.05 in this run (``MP_CLOCK_SCALE``).
"""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice
from inner_public_table_flow import stop
from django.db import connection

from accounts.computers import ensure_computer_accounts
from games import service
from games.models import Game, Seat
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 60   # seconds to wait for the next message before failing (never a timing assertion)


def connect(user, game_id):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    comm.scope["user"] = user
    return comm


#: Refusals a timed table may rightly send a scripted player: its answer arrived after the
#: clock had already played the default (P-CLOCK-8) or after the decision moved on.
CLOCK_REFUSALS = ("late", "stale_seq")


async def next_state(comm, accept=lambda state: True) -> dict:
    """The next ``state`` message for which ``accept(state)`` holds, answering nothing. Any
    error other than the clock's ``CLOCK_REFUSALS`` fails the test."""
    for _ in range(10_000):
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error" or message["code"] in CLOCK_REFUSALS, message
        if message["type"] == "state" and accept(message):
            return message
    raise AssertionError("no such state")


def _player(state: dict, seat: int) -> dict:
    return next(p for p in state["game"]["players"] if p["seat"] == seat)


async def play_until(comm, stop) -> dict:
    """Play this connection's seat (the simple player; Continue after each hand) until a state
    satisfies ``stop(state)``; returns that state."""
    answered: set[tuple[str, int]] = set()
    for _ in range(10_000):
        state = await next_state(comm)
        if stop(state):
            return state
        view = state["view"]
        if view["phase"] == "hand_over" and ("continue", view["seq"]) not in answered:
            answered.add(("continue", view["seq"]))
            await comm.send_json_to({"type": "continue", "seq": view["seq"]})
        elif view.get("legal_actions") and ("action", view["seq"]) not in answered:
            answered.add(("action", view["seq"]))
            action = human_choice(view).to_json()
            del action["seat"]
            await comm.send_json_to({"type": "action", "seq": view["seq"], "action": action})
    raise AssertionError("the awaited state never came")


async def test_p_conn_2_an_absent_person_is_played_for_and_p_conn_1_returns_from_a_second_client(
        make_user, celery_worker_process):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    await database_sync_to_async(ensure_computer_accounts)()
    stays = await database_sync_to_async(make_user)("it-stays")
    leaves = await database_sync_to_async(make_user)("it-leaves")
    game = await database_sync_to_async(service.create_private_table)(
        stays, [leaves, None, None], clock="blitz", draw_seats=False)
    stays_seat, leaves_seat = 0, 1

    staying = connect(stays, game.pk)
    first_device = connect(leaves, game.pk)
    for comm in (staying, first_device):
        assert (await comm.connect(timeout=WAIT))[0]
    await next_state(first_device)
    await first_device.disconnect(timeout=WAIT)        # the line drops (P-CONN-2)

    # The person still there sees the marker (P-CONN-5) and the game goes on without a pause:
    # the absent seat's decisions time out and the server plays them, until it is on auto-play.
    seen = await play_until(staying, lambda s: not _player(s, leaves_seat)["connected"])
    assert _player(seen, stays_seat)["connected"]
    away = await play_until(staying, lambda s: s["game"]["status"] != "active"
                            or leaves_seat in (s["game"]["timer"] or {}).get("absent", ()))
    assert away["game"]["status"] == "active", "the game ended before the seat went on auto-play"
    row = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    timeouts = await database_sync_to_async(
        lambda: row.actions.filter(seat=leaves_seat, timeout=True).count())()
    assert timeouts >= 2                                # the clock kept running while away

    # Back from another device (P-CONN-1): a full snapshot of the own seat at once.
    second_device = connect(leaves, game.pk)
    assert (await second_device.connect(timeout=WAIT))[0]
    snapshot = await next_state(second_device)
    assert snapshot["game"]["my_seat"] == leaves_seat
    assert _player(snapshot, leaves_seat)["connected"]
    timer = snapshot["game"]["timer"]
    assert timer is not None and timer["clock"] == "blitz"
    assert leaves_seat not in timer["absent"]           # auto-play ends with the connection
    # Their own concealed tiles are theirs again (the spectator-safe counts go to the others).
    in_play = await play_until(second_device, lambda s: s["view"]["phase"] in ("turn", "claim"))
    assert len(in_play["view"]["hand"]) + 3 * len(in_play["view"]["players"][leaves_seat]["melds"]) in (13, 14)
    # ... and the person who stayed sees them back.
    back = await play_until(staying, lambda s: _player(s, leaves_seat)["connected"])
    assert back["game"]["players"][leaves_seat]["connected"]
    seat_row = await database_sync_to_async(Seat.objects.get)(game_id=game.pk, seat=leaves_seat)
    assert seat_row.presence_until is not None
    for comm in (staying, second_device):
        await comm.disconnect(timeout=WAIT)
    # Nobody plays on, but the worker would (the clocks keep running out): end the game so
    # that its tasks are no-ops before the test database is flushed.
    await stop(game.pk)
