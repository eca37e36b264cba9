"""The writer of a change builds each person's state once and sends it to that seat only
(DESIGN §3 "Cost", issue 8 "Throughput", issue 9 item 10; P-SYS-2 hidden information).

- ``views_state.seat_states`` gives, for every person's seat, exactly the text the consumer
  would have built itself (``state_message``), also during a masked claim pause (P-FAIR-6);
- after a change each of four people's connections gets its new state without reading the
  game (no ``_build_state``, no database query in the consumer), and the same table's
  spectator still gets the public view through the notice;
- every pushed text goes to its own seat's group only and holds that seat's view only; the
  table notice holds no state;
- a late or foreign push never reaches the client (no step back, no other seat's view).

Counts, not timings (the load tool measures time).
"""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice
from django.db import connection
from django.test.utils import CaptureQueriesContext
from platform_helpers import current_engine

from games import consumers, engine_store, notify, service, table_hub, views_state
from games.models import Game, Seat
from games.routing import websocket_urlpatterns

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 10   # seconds to wait for a message before failing (no timing assertion)


@pytest.fixture(autouse=True)
def _push_on(settings):
    settings.PUSH_SEAT_STATES = True     # the mechanism under test (off with Redis by default)


@pytest.fixture
def four(make_user):
    return [make_user(name) for name in ("ann", "bob", "cy", "di")]


def _table(users, clock: str = "untimed") -> Game:
    return service.create_private_table(users[0], users[1:], clock=clock, draw_seats=False)


def _seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user").order_by("seat"))


def _act(game: Game) -> None:
    """One action of the seat that owes one (the first pending seat)."""
    engine = current_engine(game)
    seat = engine.pending_seats()[0]
    service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)


# ------------------------------------------------------------------ the texts built once

def test_design_3_cost_seat_states_are_the_consumers_own_texts_for_each_person(four):
    game = _table(four)
    _act(game)
    game = views_state.table_snapshot(game.pk, None)
    with engine_store.engine_lock(game.pk):
        engine = engine_store.load(game)
        built = views_state.seat_states(game, engine, _seats(game))
    assert sorted(built) == [0, 1, 2, 3]
    for seat, text in built.items():
        assert text == json.dumps(views_state.state_message(game, seat))
        assert json.loads(text)["view"]["seat"] == seat and json.loads(text)["game"]["my_seat"] == seat


def test_design_3_cost_seat_states_skip_computers(alice):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=2)
    game = views_state.table_snapshot(game.pk, None)
    with engine_store.engine_lock(game.pk):
        built = views_state.seat_states(game, engine_store.load(game), _seats(game))
    assert list(built) == [2]
    assert built[2] == json.dumps(views_state.state_message(game, 2))


def test_p_fair_6_seat_states_during_a_pause_are_the_masked_views(four, settings, monkeypatch):
    """While a claim pause runs, each pushed text is that seat's view of the empty window, as
    the consumer would have sent it (the pause must look like a real window to everyone)."""
    settings.CLAIM_MASK_SHARE = 1.0
    settings.COMPUTER_DELAY_MIN = settings.COMPUTER_DELAY_MAX = 30.0     # a long pause
    monkeypatch.setattr("games.tasks.schedule_claim_pause_end", lambda *a: None)
    game = _table(four)
    for _ in range(60):
        _act(game)
        game.refresh_from_db()
        if game.claim_mask:
            break
    assert game.claim_mask, "no pause in 60 actions"
    snap = views_state.table_snapshot(game.pk, None)
    with engine_store.engine_lock(game.pk):
        built = views_state.seat_states(snap, engine_store.load(snap), _seats(game))
    for seat, text in built.items():
        message = json.loads(text)
        assert message["view"] == game.claim_mask["views"][str(seat)]
        assert text == json.dumps(views_state.state_message(snap, seat))


# ------------------------------------------------------------------ what is sent where

def test_p_sys_2_each_pushed_state_goes_to_its_own_seat_group_only(four, monkeypatch):
    game = _table(four)
    sent = []
    monkeypatch.setattr(notify, "group_send_many", lambda messages, **k: sent.extend(messages))
    _act(game)
    game.refresh_from_db()
    pushes = [(g, m) for g, m in sent if m["type"] == "table.state"]
    notices = [(g, m) for g, m in sent if m["type"] == "table.changed"]
    assert [g for g, _m in pushes] == [notify.seat_group(game.pk, s) for s in range(4)]
    assert notices == [(notify.group_name(game.pk), {"type": "table.changed", "version": game.state_version,
                                                     "seq": game.seq, "pushed": [0, 1, 2, 3]})]
    assert sent[-1] == notices[0]                       # the notice after the states
    hands = {}
    for group, message in pushes:
        state = json.loads(message["text"])
        assert message["version"] == game.state_version and message["seat"] == state["view"]["seat"]
        assert group == notify.seat_group(game.pk, message["seat"])
        for player in state["view"]["players"]:
            assert "hand" not in player                   # other seats: counts only
        hands[message["seat"]] = set(state["view"]["hand"])
    for a in range(4):                                    # no seat's tiles in another's text
        for b in range(4):
            if a != b:
                assert not hands[a] & hands[b]


def test_design_3_cost_the_writer_builds_the_states_with_at_most_one_extra_query(four):
    """The states cost the writer no read of the game: only the spectator count of a
    people's table (P-SPECT-5) is asked, once per change, not once per connection."""
    game = _table(four)
    engine = current_engine(game)
    seat = engine.pending_seats()[0]
    game = Game.objects.get(pk=game.pk)
    builder_queries = []
    real = service._state_builder

    def counting(row, eng, seats):
        build = real(row, eng, seats)

        def run():
            with CaptureQueriesContext(connection) as ctx:
                out = build()
            builder_queries.append(len(ctx.captured_queries))
            return out
        return run

    import unittest.mock as mock
    with mock.patch.object(service, "_state_builder", counting):
        service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)
    assert builder_queries == [1]


# ------------------------------------------------------------------ the consumers

def _connect(user, game_id: int) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    comm.scope["user"] = user
    return comm


async def _next_state(comm) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


async def _drain(comm) -> None:
    while not await comm.receive_nothing(timeout=0.1):
        await comm.receive_from(timeout=WAIT)


@pytest.mark.asyncio
async def test_design_3_cost_a_change_reaches_four_seats_without_a_read_in_the_consumers(four, monkeypatch):
    game = await database_sync_to_async(_table)(four)
    comms = [_connect(user, game.pk) for user in four]
    for comm in comms:
        assert (await comm.connect(timeout=WAIT))[0]
        await _next_state(comm)
    for comm in comms:
        await _drain(comm)
    builds = []                  # (seat, version) of every state a consumer read itself
    real = consumers.TableConsumer._build_state

    def counting(self, *args):
        built = real(self, *args)
        builds.append((self.seat, built[0] if built else None))
        return built
    monkeypatch.setattr(consumers.TableConsumer, "_build_state", counting)
    await database_sync_to_async(_act)(game)
    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    for seat, comm in enumerate(comms):
        state = await _next_state(comm)
        while state["view"]["seq"] != game.seq:  # a presence re-send of the arrivals, older
            assert state["view"]["seq"] < game.seq
            state = await _next_state(comm)
        assert state["view"]["seat"] == seat and state["game"]["my_seat"] == seat
        assert await comm.receive_nothing(timeout=0.2)        # once, not again for the notice
    # No consumer read the new state itself (reads still finishing for the arrivals' presence
    # notices are of the older version, and are not sent once the newer one was).
    assert [b for b in builds if b[1] is not None and b[1] >= game.state_version] == []
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


@pytest.mark.asyncio
async def test_design_3_with_push_off_no_state_passes_through_the_layer_and_one_hub_build_serves_every_seat(
        four, settings, monkeypatch):
    """DESIGN §3: with ``PUSH_SEAT_STATES`` off (the default with Redis) the layer carries only
    the tile-free notice; the process's table hub reads the store once and builds each
    person's own view (``games.table_hub``); here the change is written by another process
    (the writer's own process hands its connections their states: ``test_table_hub``)."""
    settings.PUSH_SEAT_STATES = False
    monkeypatch.setattr(table_hub, "writer_changed", lambda *a, **k: frozenset())
    game = await database_sync_to_async(_table)(four)
    comms = [_connect(user, game.pk) for user in four]
    for comm in comms:
        assert (await comm.connect(timeout=WAIT))[0]
        await _next_state(comm)
    for comm in comms:
        await _drain(comm)
    sent = []                                   # every message given to the channel layer
    real_many = notify.group_send_many

    def recording(messages, **kwargs):
        sent.extend(messages)
        return real_many(messages, **kwargs)
    monkeypatch.setattr(notify, "group_send_many", recording)
    builds = []
    real = table_hub._build

    def counting(table, wanted, fresh, keys):
        built = real(table, wanted, fresh, keys)
        builds.append((sorted(keys), built[0] if built else None))
        return built
    monkeypatch.setattr(table_hub, "_build", counting)
    await database_sync_to_async(_act)(game)
    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    for seat, comm in enumerate(comms):
        state = await _next_state(comm)
        while state["view"]["seq"] != game.seq:  # a presence re-send of the arrivals, older
            state = await _next_state(comm)
        assert state["view"]["seat"] == seat
    assert sent and all(m["type"] != "table.state" and "text" not in m for _g, m in sent)
    assert [k for k, v in builds if v is not None and v >= game.state_version] == [[0, 1, 2, 3]]
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


def test_design_3_cost_a_pushed_state_is_forwarded_with_no_database_query():
    """The consumer's handlers for a pushed state and for the notice that follows it touch no
    database (run on an event loop, any database use would even raise)."""
    import asyncio

    consumer = consumers.TableConsumer()
    consumer.seat, consumer.sent_version = 1, 4
    sent = []

    async def send(text_data=None, **_kw):
        sent.append(text_data)

    async def changes():
        await consumer.table_state({"type": "table.state", "version": 5, "seq": 9, "seat": 1, "text": "T5"})
        await consumer.table_changed({"type": "table.changed", "version": 5, "seq": 9, "pushed": [0, 1, 2, 3]})
        await consumer.table_state({"type": "table.state", "version": 5, "seq": 9, "seat": 1, "text": "again"})

    consumer.send = send
    with CaptureQueriesContext(connection) as ctx:
        asyncio.run(changes())
    assert sent == ["T5"] and consumer.sent_version == 5
    assert ctx.captured_queries == []


@pytest.mark.asyncio
async def test_p_sys_2_a_late_or_foreign_push_never_reaches_the_client(four):
    game = await database_sync_to_async(_table)(four)
    comm = _connect(four[2], game.pk)
    assert (await comm.connect(timeout=WAIT))[0]
    first = await _next_state(comm)
    await _drain(comm)
    layer = get_channel_layer()
    group = notify.seat_group(game.pk, 2)
    version = (await database_sync_to_async(Game.objects.get)(pk=game.pk)).state_version
    other = json.dumps({"type": "state", "view": {"seat": 3, "hand": [1, 2, 3]}})
    await layer.group_send(group, {"type": "table.state", "version": version + 5, "seq": 1, "seat": 3,
                                   "text": other})                      # another seat's: dropped
    await layer.group_send(group, {"type": "table.state", "version": version, "seq": 1, "seat": 2,
                                   "text": "old"})                      # not newer: dropped
    assert await comm.receive_nothing(timeout=0.3)
    await database_sync_to_async(_act)(game)                            # a real change arrives
    state = await _next_state(comm)
    assert state["view"]["seat"] == 2 and state["view"]["seq"] > first["view"]["seq"]
    await comm.disconnect(timeout=WAIT)
