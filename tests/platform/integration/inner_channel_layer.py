"""Run only inside the integration run (see test_integration_stack.py): the production
channel layer (``mahjongsite.channel_layer``, Redis pub/sub) on real Redis.

- an idle table's WebSocket stays open and still gets the next change (issue 8: redis-py's
  default 5 s socket timeout once equalled the core layer's 5 s blocking read, so every
  connection of a table where nobody acted for 5 s was closed with 1011);
- ``group_send_many``: each message reaches exactly its own group's members, in order;
- groups across processes: one group message reaches every process serving a member once
  (one subscription per process) and each of its local members once, in order; a channel
  of another process is reached by ``send`` (the seat takeover of P-CONN-4);
- a process killed with -9 leaves nothing behind in Redis: its subscriptions end with its
  connection (no keys, nothing to expire);
- a subscription is in force when ``group_add`` returns.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice

from games import service
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

IDLE = 11.0   # seconds without any change: more than redis-py's 5 s default read timeout
WAIT = 30     # seconds to wait for a message before failing (no timing assertion)


async def next_state(comm) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] != "error", message
        if message["type"] == "state":
            return message


async def test_p_conn_1_idle_connection_survives_the_redis_channel_layer(alice):
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisChannelLayer"
    # Human in the dealer's seat of an untimed table: nothing happens until they act.
    game = await database_sync_to_async(service.create_practice)(alice, "riichi-single-deal",
                                                                 human_seat=0)
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    comm.scope["user"] = alice
    assert (await comm.connect(timeout=WAIT))[0]
    view = (await next_state(comm))["view"]
    assert view["legal_actions"]
    # Idle: no message arrives, and the consumer (whose channel-layer read waits all along)
    # must not have died; with the core layer before the fix it raised redis TimeoutError
    # after ~5 s.
    assert await comm.receive_nothing(timeout=IDLE, interval=0.25)
    assert not comm.future.done(), comm.future.exception()
    # The next table change (this seat's discard, announced through the Redis group) arrives.
    await comm.send_json_to({"type": "action", "seq": view["seq"],
                             "action": human_choice(view).to_json()})
    after = (await next_state(comm))["view"]
    assert after["seq"] > view["seq"]
    await comm.disconnect(timeout=WAIT)


async def test_design_3_cost_several_group_messages_in_one_batch_reach_only_their_groups():
    """``group_send_many`` of the production layer (mahjongsite.channel_layer): each message
    reaches exactly its own group's members, in the order sent, including a member of two
    of the groups; a group without members is no error."""
    layer = get_channel_layer()
    assert type(layer).__name__ == "RedisChannelLayer"
    a, b, c = [await layer.new_channel(), await layer.new_channel(), await layer.new_channel()]
    await layer.group_add("batch-one", a)
    await layer.group_add("batch-one", b)
    await layer.group_add("batch-two", b)
    await layer.group_add("batch-three", c)
    await layer.group_send_many([("batch-one", {"type": "m", "n": 1}), ("batch-two", {"type": "m", "n": 2}),
                                 ("batch-one", {"type": "m", "n": 3}), ("batch-empty", {"type": "m", "n": 4})])

    async def drain(channel):
        got = []
        while True:
            try:
                got.append((await asyncio.wait_for(layer.receive(channel), 1.0))["n"])
            except asyncio.TimeoutError:
                return got
    assert await drain(a) == [1, 3]
    assert await drain(b) == [1, 2, 3]
    assert await drain(c) == []
    for group, channel in (("batch-one", a), ("batch-one", b), ("batch-two", b), ("batch-three", c)):
        await layer.group_discard(group, channel)


# A process serving ``n`` channels of one group: prints "ready <channel names>" once they are
# members, then one JSON line per message each channel receives.
CHILD = r"""
import asyncio, json, sys
from mahjongsite.channel_layer import RedisChannelLayer

async def main(url, prefix, group, n):
    layer = RedisChannelLayer(hosts=[{"address": url}], prefix=prefix)
    channels = [await layer.new_channel() for _ in range(n)]
    for channel in channels:
        await layer.group_add(group, channel)
    print("ready " + " ".join(channels), flush=True)

    async def take(i, channel):
        while True:
            message = await layer.receive(channel)
            print(json.dumps({"member": i, "n": message["n"]}), flush=True)
    await asyncio.gather(*(take(i, c) for i, c in enumerate(channels)))

asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
"""


class Child:
    """A separate OS process on the same Redis and prefix (see ``CHILD``)."""

    def __init__(self, prefix: str, group: str, members: int) -> None:
        from django.conf import settings
        self.process = subprocess.Popen(
            [sys.executable, "-c", CHILD, settings.REDIS_URL, prefix, group, str(members)],
            cwd=Path(__file__).resolve().parents[3], stdout=subprocess.PIPE, text=True, env=dict(os.environ))
        self.lines: asyncio.Queue = asyncio.Queue()
        loop = asyncio.get_running_loop()
        threading.Thread(target=self._read, args=(loop,), daemon=True).start()

    def _read(self, loop) -> None:
        for line in self.process.stdout:
            loop.call_soon_threadsafe(self.lines.put_nowait, line.strip())

    async def line(self) -> str:
        return await asyncio.wait_for(self.lines.get(), WAIT)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(WAIT)


def _redis():
    import redis
    from django.conf import settings
    return redis.Redis.from_url(settings.REDIS_URL)


async def test_p_sys_2_a_group_message_reaches_each_process_once_and_each_member_once():
    layer = get_channel_layer()
    prefix = layer.prefix
    group = f"procs-{uuid.uuid4().hex[:8]}"
    here = [await layer.new_channel(), await layer.new_channel()]
    for channel in here:
        await layer.group_add(group, channel)
    children = [Child(prefix, group, 3), Child(prefix, group, 2)]
    try:
        names = [(await child.line()).split()[1:] for child in children]
        assert all(len(n) == k for n, k in zip(names, (3, 2)))
        redis_channel = f"{prefix}__group__{group}"
        # One subscription per process, however many members each serves.
        assert _redis().pubsub_numsub(redis_channel) == [(redis_channel.encode(), 3)]
        await layer.group_send_many([(group, {"type": "m", "n": 1}), (group, {"type": "m", "n": 2})])
        for channel in here:
            assert [(await asyncio.wait_for(layer.receive(channel), WAIT))["n"] for _ in range(2)] == [1, 2]
        for child, k in zip(children, (3, 2)):
            got = [json.loads(await child.line()) for _ in range(2 * k)]
            for member in range(k):
                assert [g["n"] for g in got if g["member"] == member] == [1, 2]
        # A channel served by another process is reached by ``send`` (P-CONN-4 takeover).
        await layer.send(names[0][1], {"type": "m", "n": 7})
        assert json.loads(await children[0].line()) == {"member": 1, "n": 7}
        # Nothing was delivered twice: the next message is each member's next line.
        await layer.group_send(group, {"type": "m", "n": 8})
        for child, k in zip(children, (3, 2)):
            assert sorted([json.loads(await child.line())["member"] for _ in range(k)]) == list(range(k))
        for channel in here:
            assert (await asyncio.wait_for(layer.receive(channel), WAIT))["n"] == 8
        # kill -9: the dead process's subscriptions end with its connection; Redis keeps no
        # key of this layer (nothing to expire), and the group still reaches the living.
        children[0].kill()
        deadline = time.monotonic() + WAIT
        while _redis().pubsub_numsub(redis_channel)[0][1] != 2:
            assert time.monotonic() < deadline, "the killed process's subscription outlived it"
            await asyncio.sleep(0.05)
        assert list(_redis().scan_iter(match=f"{prefix}*")) == []
        await layer.group_send(group, {"type": "m", "n": 9})
        assert sorted([json.loads(await children[1].line())["member"] for _ in range(2)]) == [0, 1]
    finally:
        for child in children:
            if child.process.poll() is None:
                child.kill()
        for channel in here:
            await layer.group_discard(group, channel)


async def test_p_sys_2_a_subscription_is_in_force_when_group_add_returns():
    """A connection joins its table's group and then reads the table: a notice published by
    another process right after ``group_add`` returned must reach it (the layer waits for
    Redis to confirm the subscription)."""
    layer = get_channel_layer()
    publisher = _redis()
    for round_ in range(20):
        group = f"confirm-{uuid.uuid4().hex[:8]}"
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        assert publisher.publish(f"{layer.prefix}__group__{group}", layer.serialize({"type": "m", "n": round_})) == 1
        assert (await asyncio.wait_for(layer.receive(channel), WAIT))["n"] == round_
        await layer.group_discard(group, channel)

async def test_design_3_cost_a_batch_leaves_out_the_channels_the_sender_served():
    """``group_send_many(..., skip=...)``: the channels the writer's process served already
    (``games.table_hub.writer_changed``) are not sent the notice (the pub/sub layer
    publishes it with the channels to leave out; the receiving process leaves them out), a
    message left with no member reaches nobody. Order is kept, so each channel's first message proves what it
    was not sent (no waiting for silence)."""
    layer = get_channel_layer()
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("skip-one", a)
    await layer.group_add("skip-one", b)
    await layer.group_send_many([("skip-one", {"type": "m", "n": 1})], skip=frozenset({a}))
    await layer.group_send_many([("skip-one", {"type": "m", "n": 2})], skip=frozenset({a, b}))
    await layer.group_send_many([("skip-one", {"type": "m", "n": 3})])
    import asyncio

    async def first(channel):
        return (await asyncio.wait_for(layer.receive(channel), 10))["n"]
    assert await first(a) == 3
    assert [await first(b), await first(b)] == [1, 3]
    for channel in (a, b):
        await layer.group_discard("skip-one", channel)
