"""The public lobby's WebSocket consumer ``/ws/lobby/`` (P-MATCH-7).

Read-only and open to everyone who may see the lobby (the list is public information): on
connect it sends ``public_tables.lobby_state()`` (``{"type": "lobby", "tables": [...]}``) and
again after every ``lobby.changed`` notice of the ``public_tables.LOBBY_GROUP`` group (sent
after commit whenever a public table is created, joined, left, changed, started or closed),
re-reading the stored tables (notice-then-read, DESIGN §3). Any message other than
``ping``/``state`` gets an ``error`` and the connection stays open.
"""
from __future__ import annotations

import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import public_tables, ratelimit

log = logging.getLogger("games")


class LobbyConsumer(AsyncWebsocketConsumer):
    """``/ws/lobby/``: the live list of open public tables."""

    async def connect(self):
        await self.accept()
        await self.channel_layer.group_add(public_tables.LOBBY_GROUP, self.channel_name)
        self.joined = True
        await self.send_lobby()

    async def disconnect(self, code):
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(public_tables.LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if getattr(self, "flooded", False):
            return
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
            message = json.loads(text_data) if text_data and len(text_data) <= 4096 else None
        except (ValueError, TypeError):
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "ping":
                await self.send(text_data=json.dumps({"type": "pong"}))
            elif kind == "state":
                await self.send_lobby()
            else:
                await self._error("malformed", "The lobby accepts only ping and state.")
        except Exception:  # never let one message kill the connection
            log.exception("lobby: unexpected error")

    async def lobby_changed(self, event):
        """Group notice: re-read the open public tables and send them."""
        await self.send_lobby()

    async def send_lobby(self):
        state = await database_sync_to_async(public_tables.lobby_state)()
        await self.send(text_data=json.dumps(state))

    async def _error(self, code: str, message: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message,
                                              "rule": None}))
