"""One table subscription per server process (``games.table_hub``; DESIGN §3 "Cost", issue 8
"Throughput", issue 9 item 10; P-SYS-2 hidden information).

- after a change, the process reads the table once and every person's connection gets its
  own seat's view (no connection reads the table itself);
- a connection is never sent a state older than one it had, whoever built it;
- a notice lost on the way heals at the next one;
- the layer carries only notices: no view, no tile (against real Redis, watched with
  ``MONITOR``: ``integration/inner_table_hub.py``).

Counts and orderings, no timings (the load tool measures time).
"""
from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from platform_helpers import act_first_pending

from games import consumers, notify, service, table_hub
from games.models import Game
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 10   # seconds to wait for a message before failing (no timing assertion)


@pytest.fixture(autouse=True)
def _hub_only(settings):
    settings.PUSH_SEAT_STATES = False       # the production shape: nothing pushed, the hub builds


@pytest.fixture
def four(make_user):
    return [make_user(name) for name in ("hana", "ivo", "jun", "kai")]


def _table(users) -> Game:
    return service.create_private_table(users[0], users[1:], draw_seats=False)


async def _connect_all(users, game_id: int) -> list[WebsocketCommunicator]:
    comms = []
    for user in users:
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
        comm.scope["user"] = user
        assert (await comm.connect(timeout=WAIT))[0]
        comms.append(comm)
    return comms


async def _state_at(comm, version_seq: int) -> dict:
    """The first state this connection receives whose view shows decision ``version_seq``
    (states of earlier decisions, e.g. presence re-sends of the arrivals, are skipped)."""
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == "state" and message["view"]["seq"] == version_seq:
            return message


def _hub() -> table_hub.TableHub:
    return table_hub.hub_for(get_channel_layer())


async def _quiet(game_id: int) -> None:
    """Wait until the hub of this table has no notice queued and no build running (the
    arrivals' presence re-sends are done), so that what follows is counted alone."""
    layer, table = get_channel_layer(), _hub().tables[game_id]
    calm = 0
    for _ in range(2000):
        # Only this table's connections: a channel of an earlier test's closed connection keeps
        # its undelivered messages until the layer expires them.
        channels = getattr(layer, "channels", {})
        queues = [channels[m.channel_name] for m in table.members if m.channel_name in channels]
        idle = (table.builder is None or table.builder.done()) and all(q.empty() for q in queues)
        calm = calm + 1 if idle else 0
        if calm >= 3:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the table hub never became idle")


async def _two_settled(four) -> tuple[Game, list[WebsocketCommunicator]]:
    """A table with the first two people connected, after the second arrival's presence
    re-send reached the first connection and the hub went idle."""
    game = await database_sync_to_async(_table)(four)
    comms = await _connect_all(four[:2], game.pk)
    for comm in comms:
        await _state_at(comm, game.seq)
    while True:
        message = json.loads(await comms[0].receive_from(timeout=WAIT))
        if message["type"] == "state" and message["game"]["players"][1]["connected"]:
            break
    await _quiet(game.pk)
    return game, comms


def _writer_elsewhere(monkeypatch) -> None:
    """The change is written by another process (another daphne, a Celery worker): this
    process's hub learns of it from the layer's notice only."""
    monkeypatch.setattr(table_hub, "writer_changed", lambda *a, **k: frozenset())


def _check_own_seats(states: dict[int, dict]) -> None:
    hands = {}
    for seat, state in states.items():
        assert state["game"]["my_seat"] == seat and state["view"]["seat"] == seat
        for player in state["view"]["players"]:
            assert "hand" not in player                    # other seats: counts only
        hands[seat] = set(state["view"]["hand"])
    for a in hands:                                        # nobody got another seat's tiles
        for b in hands:
            assert a == b or not hands[a] & hands[b]


async def test_design_3_cost_one_read_per_change_gives_each_person_exactly_their_own_seat(four, monkeypatch):
    """A change written by another process: this process's hub reads the table once and
    builds each person's own view once; no connection reads the table itself."""
    _writer_elsewhere(monkeypatch)
    game = await database_sync_to_async(_table)(four)
    comms = await _connect_all(four, game.pk)
    for comm in comms:
        await _state_at(comm, game.seq)
    await _quiet(game.pk)
    builds = []
    real = table_hub._build

    def counting(table, wanted, fresh, keys):
        built = real(table, wanted, fresh, keys)
        builds.append((sorted(k for k in keys if k is not None), built and built[0]))
        return built
    monkeypatch.setattr(table_hub, "_build", counting)
    reads = []
    monkeypatch.setattr(consumers.TableConsumer, "_build_state",
                        lambda self, *a: reads.append(self.seat))     # a connection reading itself
    after = await database_sync_to_async(act_first_pending)(game.pk)
    _check_own_seats({seat: await _state_at(comm, after.seq) for seat, comm in enumerate(comms)})
    assert [b for b in builds if b[1] == after.state_version] == [([0, 1, 2, 3], after.state_version)]
    assert reads == []
    for comm in comms:
        await comm.disconnect(timeout=WAIT)
    assert game.pk not in _hub().tables                     # the last one out unsubscribes


async def test_design_3_cost_the_writers_process_hands_its_connections_their_states_with_no_read(
        four, monkeypatch):
    """A change written in the process that serves the table's connections (the proxy routes
    a table to one process): the writer builds each connected seat's own view once from its
    engine (``table_hub.writer_changed``); the hub neither reads nor builds, and no
    connection reads the table itself."""
    from games import views_state

    game = await database_sync_to_async(_table)(four)
    comms = await _connect_all(four, game.pk)
    for comm in comms:
        await _state_at(comm, game.seq)
    await _quiet(game.pk)
    builds, writer_builds, reads = [], [], []
    monkeypatch.setattr(table_hub, "_build", lambda *a: builds.append(a))
    real_states = views_state.seat_states

    def counting_states(game_row, engine, seats, keys=None, spectators=None):
        writer_builds.append(sorted(keys))
        return real_states(game_row, engine, seats, keys, spectators)
    monkeypatch.setattr(views_state, "seat_states", counting_states)
    monkeypatch.setattr(consumers.TableConsumer, "_build_state",
                        lambda self, *a: reads.append(self.seat))
    after = await database_sync_to_async(act_first_pending)(game.pk)
    _check_own_seats({seat: await _state_at(comm, after.seq) for seat, comm in enumerate(comms)})
    await _quiet(game.pk)               # the layer's notice of that version came and went
    assert writer_builds == [[0, 1, 2, 3]]
    assert builds == [] and reads == []
    assert {m.sent_version for m in _hub().tables[game.pk].members} == {after.state_version}
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


async def test_design_3_cost_a_connection_the_writer_did_not_know_gets_a_build_of_its_own(four, monkeypatch):
    """States handed over by the writer that lack a member's key (it connected after the
    writer chose the keys) are delivered to the others, and the hub builds the missing one
    (and only it: the others got the writer's text). Presence re-sends of the arrivals may
    still run meanwhile (``fresh`` builds); only the builds for the change are counted."""
    game, comms = await _two_settled(four)
    hub, table = _hub(), _hub().tables[game.pk]
    stored = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    newer = stored.state_version + 1
    await database_sync_to_async(Game.objects.filter(pk=game.pk).update)(state_version=newer)
    change_builds = []
    real = table_hub._build

    def recording(table_, wanted, fresh, keys):
        if not fresh:
            change_builds.append((wanted, set(keys)))
        return real(table_, wanted, fresh, keys)
    monkeypatch.setattr(table_hub, "_build", recording)
    hub.take_built(game.pk, newer, {0: json.dumps({"type": "probe", "seat": 0})})
    for _ in range(WAIT * 100):                         # until both have version `newer`
        if {m.sent_version for m in table.members} == {newer}:
            break
        await asyncio.sleep(0.01)
    assert {m.sent_version for m in table.members} == {newer}
    assert change_builds == [(newer, {1})]              # seat 0 had the writer's text
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


async def test_p_conn_5_a_build_gathering_two_presence_notices_leaves_out_only_a_common_cause(four, monkeypatch):
    """Two presence notices gathered into one build (one person arrives while another leaves):
    each is news to the other's connection, so both connections are sent the new markers. A
    connection is left out only when every notice of the build was its own (it knows its
    own arrival). Regression: the causes were united, and the arriving person never saw
    the other one leave."""
    game, comms = await _two_settled(four)
    hub, table = _hub(), _hub().tables[game.pk]
    members = {m.seat: m for m in table.members}
    version = members[0].sent_version
    assert members[1].sent_version == version
    monkeypatch.setattr(table_hub, "_build", lambda t, wanted, fresh, keys: (
        version, {k: json.dumps({"type": "probe", "seat": k, "fresh": fresh}) for k in keys}))

    async def next_probe(comm):
        while (message := json.loads(await comm.receive_from(timeout=WAIT)))["type"] != "probe":
            pass
        return message
    hub.changed(game.pk, None, fresh=True, exclude=members[0].channel_name)
    hub.changed(game.pk, None, fresh=True, exclude=members[1].channel_name)
    await table.builder
    assert [await next_probe(comm) for comm in comms] == [{"type": "probe", "seat": s, "fresh": True}
                                                          for s in (0, 1)]
    # Two copies of one notice caused by seat 0's connection: only seat 1 is sent the build.
    hub.changed(game.pk, None, fresh=True, exclude=members[0].channel_name)
    hub.changed(game.pk, None, fresh=True, exclude=members[0].channel_name)
    await table.builder
    assert (await next_probe(comms[1]))["seat"] == 1
    await members[0].deliver(version, json.dumps({"type": "probe", "seat": "last"}), force=True)
    assert (await next_probe(comms[0]))["seat"] == "last"      # nothing from the build before it
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


async def test_design_3_cost_a_connection_is_never_sent_an_older_state(four, monkeypatch):
    game = await database_sync_to_async(_table)(four)
    comms = await _connect_all(four[:1], game.pk)
    first = await _state_at(comms[0], game.seq)
    await _quiet(game.pk)
    after = await database_sync_to_async(act_first_pending)(game.pk)
    newer = await _state_at(comms[0], after.seq)
    assert after.state_version > game.state_version and newer["view"]["seq"] > first["view"]["seq"]
    await _quiet(game.pk)
    hub, table = _hub(), _hub().tables[game.pk]
    member = next(iter(table.members))
    assert member.sent_version == after.state_version
    # A build that read the table before the change and finishes after the newer state was
    # sent (a slow read), run through the hub itself: once as a presence re-send (forced),
    # once as a change notice; then the same older state handed to the connection directly.
    real = table_hub._build
    monkeypatch.setattr(table_hub, "_build",
                        lambda *a: (game.state_version, {member.seat: json.dumps(first)}))
    hub.changed(game.pk, None, fresh=True)
    await table.builder
    hub.changed(game.pk, after.state_version + 1)
    await table.builder
    monkeypatch.setattr(table_hub, "_build", real)
    assert hub.builds >= 2
    await member.deliver(game.state_version, json.dumps(first))
    await member.deliver(game.state_version, json.dumps(first), force=True)
    # A probe sent last: everything the connection was sent before it is in its queue ahead
    # of it, and none of it is older than the newest state it had.
    await member.deliver(after.state_version, json.dumps({"type": "probe"}), force=True)
    while True:
        message = json.loads(await comms[0].receive_from(timeout=WAIT))
        if message["type"] == "probe":
            break
        assert message["type"] == "state" and message["view"]["seq"] == after.seq, message
    assert member.sent_version == after.state_version
    # ...and one the connection asks for itself is the newest stored one.
    await comms[0].send_json_to({"type": "state"})
    again = json.loads(await comms[0].receive_from(timeout=WAIT))
    assert again["type"] == "state" and again["view"] == newer["view"]
    await comms[0].disconnect(timeout=WAIT)


async def test_design_3_cost_a_lost_notice_heals_at_the_next_one(four, monkeypatch):
    _writer_elsewhere(monkeypatch)
    game = await database_sync_to_async(_table)(four)
    comms = await _connect_all(four, game.pk)
    for comm in comms:
        await _state_at(comm, game.seq)
    real = notify.table_changed
    lost = []
    monkeypatch.setattr(notify, "table_changed", lambda *a, **k: lost.append(a))
    first = await database_sync_to_async(act_first_pending)(game.pk)          # its notice is lost
    monkeypatch.setattr(notify, "table_changed", real)
    second = await database_sync_to_async(act_first_pending)(game.pk)
    assert lost and second.state_version > first.state_version
    for seat, comm in enumerate(comms):
        state = await _state_at(comm, second.seq)
        assert state["view"]["seat"] == seat
    for comm in comms:
        await comm.disconnect(timeout=WAIT)


async def test_p_sys_2_the_layer_carries_only_notices_no_view_no_tile(four, monkeypatch):
    game = await database_sync_to_async(_table)(four)
    comms = await _connect_all(four, game.pk)
    for comm in comms:
        await _state_at(comm, game.seq)
    sent = []
    real_many = notify.group_send_many

    def recording(messages, **kwargs):
        sent.extend(m for _g, m in messages)
        return real_many(messages, **kwargs)
    monkeypatch.setattr(notify, "group_send_many", recording)
    after = await database_sync_to_async(act_first_pending)(game.pk)
    await asyncio.gather(*(_state_at(comm, after.seq) for comm in comms))
    assert sent, "the change was announced through the layer"
    for message in sent:
        assert set(message) <= {"type", "version", "seq", "channel"}, message
        assert "view" not in json.dumps(message) and "hand" not in json.dumps(message)
    for comm in comms:
        await comm.disconnect(timeout=WAIT)
