"""Notices handed to the server's loop without waiting (``games.notify``; DESIGN §3 "Cost").

With the Redis layer, a database thread of daphne does not wait for Redis after each change:
it hands the send to the server's loop and goes on (its table's engine lock is released
sooner). The sends still leave in the order they were handed over, and a failed one is
logged. A layer that makes the first send wait shows both without timing anything.
"""
from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async

from games import notify

pytestmark = pytest.mark.asyncio

WAIT = 10   # seconds before a hang fails the test (no timing assertion)


class HeldLayer:
    """A non-in-memory layer whose send of ``{"n": 1}`` waits until ``release`` is set."""

    def __init__(self) -> None:
        self.sent: list[int] = []
        self.release = asyncio.Event()

    async def group_send_many(self, messages, skip=frozenset()):
        for _group, message in messages:
            if message["n"] == 1:
                await self.release.wait()
            if message["n"] == 3:
                raise ConnectionError("Redis went away")
            self.sent.append(message["n"])


async def test_design_3_cost_a_server_thread_does_not_wait_for_redis_and_order_is_kept(monkeypatch, caplog):
    layer = HeldLayer()
    monkeypatch.setattr(notify, "get_channel_layer", lambda: layer)
    send = sync_to_async(notify.group_send, thread_sensitive=False)
    # Were the thread waiting for the send, this would never return (the send is held).
    await asyncio.wait_for(send("g", {"n": 1}), WAIT)
    await asyncio.wait_for(send("g", {"n": 2}), WAIT)
    await asyncio.wait_for(send("g", {"n": 3}), WAIT)
    await asyncio.wait_for(send("g", {"n": 4}), WAIT)
    for _ in range(10):
        await asyncio.sleep(0)
    assert layer.sent == []                   # 2 and 4 wait behind 1: nothing overtakes
    layer.release.set()
    for _ in range(1000):
        if len(layer.sent) == 3:
            break
        await asyncio.sleep(0)
    assert layer.sent == [1, 2, 4]
    assert "could not send a table notice" in caplog.text      # 3 failed: logged, the rest went on
