"""The channel layer of the production shape: Redis pub/sub (channels-redis's
``RedisPubSubChannelLayer``) with the guarantees the live table relies on (DESIGN §3 "Cost").

Why pub/sub: with channels-redis's core layer every connection's channel was a Redis sorted
set, every group a member list, and a group message one push per member, each popped by the
receiving process (``receive``, ``_clean_receive_backup``: about 15 % of a daphne process's
samples under the 200-table load). With pub/sub a process subscribes once per group and per
channel it serves; a group message is one ``PUBLISH``, which Redis delivers once to each
subscribed process, and the process hands it to each of its local members. Nothing is stored
in Redis: a dead process's channels and groups vanish with its connection (no expiry needed),
and a message to a channel or group nobody serves goes nowhere.

What this module adds to channels-redis 4.3's pub/sub layer:

- ``group_send_many(messages, skip)``: the ``(group, message)`` pairs as one pipeline of
  ``PUBLISH`` per Redis host, in the order given (Redis delivers the messages of one
  connection in order to each subscriber; several hosts keep the order per host only);
  ``skip``: channels (the writer's own process's connections, already served) that the
  receiving process leaves out.
- ``group_add`` / ``new_channel`` return only once Redis has confirmed the subscription, as
  the core layer's ``ZADD`` did: a notice published after ``group_add`` returns reaches the
  channel (a connection subscribes, then reads the table; a change after the read must not
  be missed).
- Bounded channels: each local channel holds at most ``capacity`` (default 100, as the core
  layer) undelivered messages; more are dropped and logged, so a stuck consumer cannot grow
  a process's memory without bound. (A sender is never told: a group send in the core layer
  dropped silently too, and with pub/sub a sender cannot see the receivers' queues.)
- Losing Redis: messages published while Redis was away (or before this process had
  subscribed again) are lost, so each local channel that existed when the receiving task
  lost Redis fails its next ``receive`` with redis ``ConnectionError``, as the core layer's
  blocking read did: the consumer ends, its WebSocket closes, and the client reconnects to
  a full snapshot of the table as stored (P-CONN-5; tests/platform/integration/test_faults.py).
  Meanwhile the receiving task retries (one warning per outage, not a traceback a second)
  and redis-py's pub/sub subscribes again to every channel and group on reconnecting
  (``PubSub.on_connect``); publishers (the Celery worker) simply reconnect.

Idle connections (issue 8): the receiving task reads with a 0.1 s timeout and never blocks
on the socket, so the client's ``socket_timeout`` (settings: 15 s) bounds commands only and
an idle table's WebSocket stays open however long nobody acts.

The class keeps the name ``RedisChannelLayer``: checks of the layer's kind (production shape
tests, ``games.notify``'s in-memory test) see a Redis layer.
"""
from __future__ import annotations

import asyncio
import collections
import logging

from channels_redis import pubsub
from channels_redis.utils import decode_hosts
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("mahjongsite.channel_layer")

#: Seconds ``group_add``/``new_channel`` wait for Redis to confirm a subscription before
#: raising redis ``ConnectionError`` (Redis away: the connection fails as with the core layer).
SUBSCRIBE_TIMEOUT = 10.0
#: Default most undelivered messages held per local channel (as the core layer's capacity).
CAPACITY = 100


_LOST = object()     # queued to each local channel when Redis was lost
#: Key of the channels a group message leaves out (``group_send_many``'s ``skip``); removed
#: before a consumer sees the message.
SKIP = "__skip__"
SKIP_MARK = SKIP.encode()


class _Shard(pubsub.RedisSingleShardConnection):
    """One Redis host's connections for one event loop: publishes, and one subscribing
    connection read by one task (channels-redis), plus subscribe confirmations, bounded
    delivery and pipelined publishes (see the module)."""

    def __init__(self, host, channel_layer) -> None:
        super().__init__(host, channel_layer)
        self._confirm: dict[str, asyncio.Future] = {}    # channel -> its SUBSCRIBE's reply
        self._away = False                              # the receiver lost Redis

    async def subscribe(self, channel: str) -> None:
        """Subscribe to ``channel`` (once per loop) and wait for Redis to confirm it.
        Raises redis ``ConnectionError`` when Redis is unreachable or does not confirm in
        ``SUBSCRIBE_TIMEOUT`` seconds."""
        async with self._lock:
            waiter = self._confirm.get(channel)
            if waiter is None and channel not in self._subscribed_to:
                self._ensure_redis()
                self._ensure_receiver()
                waiter = self._confirm[channel] = asyncio.get_running_loop().create_future()
                try:
                    await self._pubsub.subscribe(channel)
                except BaseException:
                    self._confirm.pop(channel, None)
                    raise
                self._subscribed_to.add(channel)
        if waiter is not None:
            try:
                await asyncio.wait_for(asyncio.shield(waiter), SUBSCRIBE_TIMEOUT)
            except asyncio.TimeoutError:
                if self._confirm.get(channel) is waiter:
                    del self._confirm[channel]
                raise RedisConnectionError(f"Redis did not confirm the subscription to {channel}") from None

    async def unsubscribe(self, channel: str) -> None:
        self._confirm.pop(channel, None)
        await super().unsubscribe(channel)

    def forget(self, channel: str) -> None:
        """Drop ``channel`` from this connection's subscriptions without telling Redis (Redis
        is away; it is then not subscribed again on reconnecting)."""
        self._confirm.pop(channel, None)
        self._subscribed_to.discard(channel)
        if self._pubsub is not None:
            for key in (channel, channel.encode()):
                self._pubsub.channels.pop(key, None)

    async def publish_many(self, items: list[tuple[str, bytes]]) -> None:
        """``PUBLISH`` each ``(channel, data)`` in one pipeline, in order."""
        async with self._lock:
            self._ensure_redis()
            pipe = self._redis.pipeline(transaction=False)
            for channel, data in items:
                pipe.publish(channel, data)
            await pipe.execute()

    async def _do_receiving(self) -> None:
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(timeout=0.1)
                    if self._away:
                        self._away = False
                        log.warning("channel layer: Redis is back, subscriptions restored")
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, asyncio.TimeoutError, GeneratorExit):
                raise
            except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
                if not self._away:
                    self._away = True
                    log.warning("channel layer: Redis unreachable (%s); retrying", exc)
                    self.channel_layer.lost()
                    await asyncio.sleep(0.05)
                else:
                    await asyncio.sleep(0.5)
            except Exception:
                log.exception("channel layer: unexpected error in the receiving task")
                await asyncio.sleep(1)

    def _receive_message(self, message) -> None:
        if message is None:
            return
        kind = message["type"]
        name = message["channel"]
        if isinstance(name, bytes):
            name = name.decode()
        if kind == "subscribe":
            waiter = self._confirm.pop(name, None)
            if waiter is not None and not waiter.done():
                waiter.set_result(None)
            return
        if kind != "message":
            return
        layer = self.channel_layer
        data = message["data"]
        if name in layer.channels:
            layer.put(name, data)
        elif name in layer.groups:
            members = layer.groups[name]
            if SKIP_MARK in data:                  # group_send_many's skip (cheap test first)
                skip = layer.channel_layer.deserialize(data).get(SKIP)
                if skip:
                    members = members.difference(skip)
            for channel in members:
                if channel in layer.channels:
                    layer.put(channel, data)


class _LoopLayer(pubsub.RedisPubSubLoopLayer):
    """channels-redis's per-event-loop pub/sub layer with ``_Shard`` connections, bounded
    channels and ``group_send_many``."""

    def __init__(self, hosts=None, capacity: int = CAPACITY, **kwargs) -> None:
        super().__init__(hosts=hosts, **kwargs)
        self.capacity = capacity
        self._shards = [_Shard(host, self) for host in decode_hosts(hosts)]
        self.dropped = 0     # messages dropped for full channels (tests, logs)

    async def _subscribe_to_channel(self, channel: str) -> None:
        self.channels[channel] = asyncio.Queue(maxsize=self.capacity)
        await self._get_shard(channel).subscribe(channel)

    def lost(self) -> None:
        """Redis was lost: every local channel's next ``receive`` raises (see the module)."""
        for queue in self.channels.values():
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(_LOST)

    async def receive(self, channel: str) -> dict:
        """The next message of local ``channel`` (subscribing to it first if needed). Raises
        redis ``ConnectionError`` once after Redis was lost (the channel is then gone);
        cancelled, the channel is given up (channels-redis: the consumer is exiting)."""
        if channel not in self.channels:
            await self._subscribe_to_channel(channel)
        try:
            data = await self.channels[channel].get()
        except (asyncio.CancelledError, asyncio.TimeoutError, GeneratorExit):
            await self._give_up(channel)
            raise
        if data is _LOST:
            await self._give_up(channel)
            raise RedisConnectionError("the channel layer lost Redis; messages may be lost")
        message = self.channel_layer.deserialize(data)
        message.pop(SKIP, None)
        return message

    async def _give_up(self, channel: str) -> None:
        if self.channels.pop(channel, None) is None:
            return
        shard = self._get_shard(channel)
        try:
            await shard.unsubscribe(channel)
        except asyncio.CancelledError:
            shard.forget(channel)
            raise
        except Exception:            # Redis away: not subscribed again when it is back
            shard.forget(channel)

    def put(self, channel: str, data: bytes) -> None:
        """Queue ``data`` for local ``channel``; dropped (and logged) when it is full."""
        try:
            self.channels[channel].put_nowait(data)
        except asyncio.QueueFull:
            self.dropped += 1
            if self.dropped == 1 or self.dropped % 1000 == 0:
                log.warning("channel layer: channel %s full (%d); %d message(s) dropped so far",
                            channel, self.capacity, self.dropped)

    async def group_send_many(self, messages: list[tuple[str, dict]], skip=frozenset()) -> None:
        by_shard: dict[int, list[tuple[str, bytes]]] = collections.defaultdict(list)
        for group, message in messages:
            name = self._get_group_channel_name(group)
            if skip:
                message = {**message, SKIP: sorted(skip)}
            by_shard[self._shards.index(self._get_shard(name))].append(
                (name, self.channel_layer.serialize(message)))
        for index, items in by_shard.items():
            await self._shards[index].publish_many(items)


class RedisChannelLayer(pubsub.RedisPubSubChannelLayer):
    """``channels_redis.pubsub.RedisPubSubChannelLayer`` with ``group_send_many``, confirmed
    subscriptions, bounded channels and quiet reconnection (see the module). Same name as
    the core layer it replaced, so that checks of the layer's kind still see a Redis layer.

    ``CONFIG``: ``hosts``, ``prefix``, ``capacity`` (per local channel, default 100),
    ``serializer_format``, ``symmetric_encryption_keys``. One per-loop layer (own Redis
    connections) for each event loop that uses it."""

    async def group_send_many(self, messages: list[tuple[str, dict]], skip=frozenset()) -> None:
        """Send each ``(group, message)`` to its group's subscribers (every process serving
        a member; each hands it to its local members), in order, in one pipeline per Redis
        host, except to the channels in ``skip`` (connections the sender's process has served
        already: ``games.table_hub.writer_changed``): they travel with the message and the
        receiving process leaves them out. The message is published even when ``skip`` holds
        every member (a publisher cannot see other processes' members). Raises what the Redis
        client raises (Redis away); nothing is retried here."""
        if messages:
            await self._get_layer().group_send_many(messages, skip)

    def _get_layer(self) -> _LoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = _LoopLayer(*self._args, **self._kwargs, channel_layer=self)
            pubsub._wrap_close(self, loop)
        return layer
