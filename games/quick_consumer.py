"""The Quick Play WebSocket consumer ``/ws/quick/`` (P-MATCH-4/-5/-6, J2 steps 2–3).

Read-only, like the waiting room's: on connect it joins the account's channel group
(``matchmaking.user_group``) and sends ``matchmaking.status``; after every
``quick.changed`` notice it reads the status again and sends it (the notice carries no
content but an optional ``notice`` code, e.g. ``ranked_seat`` for a player dropped from the
queue). When a group with the account has been formed the status is ``in_game`` with
``game_url`` and the page goes there. Joining, leaving and accepting computers go through
the page or the API. ``ping`` gets ``pong``, ``state`` the status again; anything else an
``error`` (the connection stays open).
"""
from __future__ import annotations

import asyncio
import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import matchmaking, ratelimit
from .notify import remember_server_loop

log = logging.getLogger("games")


class QuickConsumer(AsyncWebsocketConsumer):
    """``/ws/quick/``: one signed-in account's live Quick Play state."""

    async def connect(self):
        remember_server_loop(asyncio.get_running_loop())
        user = self.scope.get("user")
        await self.accept()
        if user is None or not user.is_authenticated:
            await self._error("not_allowed", "Your session has ended; please log in again.")
            await self.close(code=4401)
            return
        self.group = matchmaking.user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined = True
        await self.send_status()

    async def disconnect(self, code):
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if not getattr(self, "joined", False) or getattr(self, "flooded", False):
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
                await self.send_status()
            else:
                await self._error("malformed", "Quick Play's connection accepts only ping and state; "
                                               "use the page or the API to join or leave.")
        except Exception:  # never let one message kill the connection
            log.exception("quick play connection: unexpected error")

    async def quick_changed(self, event):
        """Group notice: read the status again and send it."""
        notice = event.get("notice")
        await self.send_status(notice if isinstance(notice, str) else None)

    async def send_status(self, notice: str | None = None):
        user = self.scope["user"]
        state = await database_sync_to_async(matchmaking.status)(user, notice=notice)
        await self.send(text_data=json.dumps(state))

    async def _error(self, code: str, message: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message,
                                              "rule": None}))
