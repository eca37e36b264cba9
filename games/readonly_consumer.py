"""The shared shape of the read-only WebSocket consumers: the waiting room (``/ws/tables/<id>/``),
Quick Play (``/ws/quick/``) and the lobby (``/ws/lobby/``).

Each joins one channel group and re-reads and sends its state after every notice of that
group (notice-then-read, DESIGN §3). Changes go through the pages and the API, so a client
may only send ``ping`` (answered ``pong``) and ``state`` (the state again); anything else
gets an ``error`` and the connection stays open. Messages are rate-limited per connection
(``games.ratelimit``: a flood closes with 4429), and no message can kill the connection.
"""
from __future__ import annotations

import json
import logging

from channels.generic.websocket import AsyncWebsocketConsumer

from . import ratelimit

log = logging.getLogger("games")

MAX_MESSAGE_CHARS = 4096    # a read-only connection's messages are tiny; longer ones are malformed


class ReadOnlyGroupConsumer(AsyncWebsocketConsumer):
    """Base class. Subclasses set ``group`` and call ``join()`` in ``connect`` once the client
    may listen, implement ``send_current()`` (read and send the state) and set
    ``only_message`` (the error text for a message other than ping/state)."""

    group: str = ""
    joined: bool = False
    flooded: bool = False
    only_message: str = "This connection accepts only ping and state."

    async def join(self) -> None:
        """Join ``self.group`` and send the current state."""
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined = True
        await self.send_current()

    async def send_current(self) -> None:
        raise NotImplementedError

    async def disconnect(self, code):
        if self.joined:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if not self.joined or self.flooded:
            return                     # refused or closing: nothing is handled
        bucket = getattr(self, "bucket", None)
        if bucket is None:
            bucket = self.bucket = ratelimit.for_connection()
        verdict = bucket.allow()
        if verdict == "flood":
            self.flooded = True
            await self.close(code=ratelimit.FLOOD_CLOSE_CODE)
            return
        if verdict != "ok":
            await self._error("rate_limited", "Too many messages; this one was dropped.")
            return
        try:
            message = json.loads(text_data) if text_data and len(text_data) <= MAX_MESSAGE_CHARS else None
        except (ValueError, TypeError):
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "ping":
                await self.send(text_data=json.dumps({"type": "pong"}))
            elif kind == "state":
                await self.send_current()
            else:
                await self._error("malformed", self.only_message)
        except Exception:  # never let one message kill the connection
            log.exception("%s %s: unexpected error", type(self).__name__, self.group)

    async def _error(self, code: str, message: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message,
                                              "rule": None}))
