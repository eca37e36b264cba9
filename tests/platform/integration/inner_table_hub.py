"""Run only inside the integration run (see test_integration_stack.py): the table hub
(``games.table_hub``) on the real Redis channel layer.

- after a change each of four people's connections gets its own seat's view, built by the
  process's hub;
- every command Redis received meanwhile (``MONITOR``) carries no view, no hand, no state
  text: private tiles never pass through Redis (DESIGN §3).
"""
from __future__ import annotations

import json
import threading

import pytest
import redis
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from platform_helpers import act_first_pending

from games import notify, service, table_hub
from games.models import Game
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 30     # seconds to wait for a message before failing (no timing assertion)
SENTINEL = b"table-hub-monitor-end"


@pytest.fixture
def four(make_user):
    return [make_user(name) for name in ("lia", "mo", "nat", "oz")]


async def _state_at(comm, seq: int) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == "state" and message["view"]["seq"] == seq:
            return message


class Monitor:
    """Every command Redis receives from ``start()`` until ``stop()`` that names a key with
    ``only`` in it (Redis ``MONITOR``; other users of the same Redis are left out)."""

    def __init__(self, url: str, only: bytes) -> None:
        self.url, self.only = url, only
        self.commands: list[bytes] = []
        self.ready = threading.Event()

    def start(self) -> "Monitor":
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(WAIT)
        return self

    def _run(self) -> None:
        client = redis.Redis.from_url(self.url)
        with client.monitor() as monitor:
            self.ready.set()
            while True:
                command = monitor.next_command()["command"]
                raw = command.encode("utf-8", "surrogateescape") if isinstance(command, str) else command
                if SENTINEL in raw:
                    return
                if self.only in raw:                   # this run's channel layer keys
                    self.commands.append(raw)

    def stop(self) -> list[bytes]:
        redis.Redis.from_url(self.url).echo(SENTINEL)
        self.thread.join(WAIT)
        assert not self.thread.is_alive()
        return self.commands


@pytest.mark.parametrize("writer_here", [True, False], ids=["writer-here", "writer-elsewhere"])
async def test_p_sys_2_the_hub_subscribes_once_and_redis_never_carries_a_view(four, writer_here, monkeypatch):
    """Writer here: the process that wrote hands its own connections their states
    (``table_hub.writer_changed``); elsewhere (another daphne, a worker): the hub builds them
    on the notice. Either way Redis never carries a view (writer here: nothing is pushed)."""
    if not writer_here:
        monkeypatch.setattr(table_hub, "writer_changed", lambda *a, **k: frozenset())
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisChannelLayer"
    assert not settings.PUSH_SEAT_STATES            # the production default with Redis
    game = await database_sync_to_async(service.create_private_table)(four[0], four[1:], draw_seats=False)
    comms = []
    for user in four:
        comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
        comm.scope["user"] = user
        assert (await comm.connect(timeout=WAIT))[0]
        await _state_at(comm, game.seq)
        comms.append(comm)
    hub = table_hub.hub_for(layer)
    assert len(hub.tables[game.pk].members) == 4
    builds = hub.builds
    change_builds = []             # builds for a change notice (not the arrivals' presence re-sends)
    real_build = table_hub._build

    def recording(table, wanted, fresh, keys):
        if not fresh:
            change_builds.append(wanted)
        return real_build(table, wanted, fresh, keys)
    monkeypatch.setattr(table_hub, "_build", recording)
    monitor = Monitor(settings.REDIS_URL, layer.prefix.encode()).start()
    after = await database_sync_to_async(act_first_pending)(game.pk)
    hands = {}
    for seat, comm in enumerate(comms):
        state = await _state_at(comm, after.seq)
        assert state["view"]["seat"] == seat and state["game"]["my_seat"] == seat
        hands[seat] = set(state["view"]["hand"])
    commands = await database_sync_to_async(monitor.stop)()
    if writer_here:
        assert change_builds == []
    else:
        assert hub.builds - builds >= 1
    assert any(notify.group_name(game.pk).encode() in c for c in commands), "the group was read"
    # Change notices are pushed by group_send_many's script (mahjongsite.channel_layer); an
    # arrival's presence notice (channels-redis group_send) may still be on its way.
    pushed = [c for c in commands if c.startswith(b"EVAL") and b"local n = #KEYS" in c]
    if writer_here:      # every connection was served by the writer: nothing pushed through Redis
        assert pushed == []
    else:
        assert pushed, "the notice went through Redis"
    for raw in commands:
        for word in (b"view", b"hand", b"text", b"legal_actions"):
            assert word not in raw, raw[:300]
    for a in range(4):
        for b in range(4):
            assert a == b or not hands[a] & hands[b]
    for comm in comms:
        await comm.disconnect(timeout=WAIT)
