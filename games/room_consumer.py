"""The waiting-room WebSocket consumer ``/ws/tables/<id>/`` (P-TABLE-6/-7/-8, J3 step 5–7).

Read-only: it sends the room state (``games.tables.room_state``) when it connects and after
every ``room.changed`` notice, re-reading the stored table (the notice carries no content,
the same notice-then-read pattern as the game consumer, DESIGN §3). When the table has
started the state carries ``table.game_id`` and the client goes to ``/games/<id>/``.
Changes go through the HTTP API / pages. Any message other than ``ping``/``state`` gets an
``error`` and the connection stays open.
"""
from __future__ import annotations

import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import ratelimit, tables
from .models import Table

log = logging.getLogger("games")


class RoomConsumer(AsyncWebsocketConsumer):
    """``/ws/tables/<table_id>/``: the host's and guests' live view of a waiting room."""

    table_id: int
    sent_version: int = -1

    async def connect(self):
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        await self.accept()
        if user is None or not user.is_authenticated:
            await self._error("not_allowed", "Your session has ended; please log in again.")
            await self.close(code=4401)
            return
        allowed = await database_sync_to_async(self._allowed)(user)
        if not allowed:
            await self._error("not_allowed", "You are not at this table.")
            await self.close(code=4403)
            return
        await self.channel_layer.group_add(tables.room_group(self.table_id), self.channel_name)
        self.joined = True
        await self.send_room()

    def _allowed(self, user) -> bool:
        if not 0 < self.table_id < 2 ** 63:        # beyond any id column: nobody's table
            return False
        table = Table.objects.filter(pk=self.table_id).first()
        return table is not None and tables.may_view_room(table, user)

    async def disconnect(self, code):
        if getattr(self, "joined", False):
            await self.channel_layer.group_discard(tables.room_group(self.table_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if not getattr(self, "joined", False) or getattr(self, "flooded", False):
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
            message = json.loads(text_data) if text_data and len(text_data) <= 4096 else None
        except (ValueError, TypeError):
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "ping":
                await self.send(text_data=json.dumps({"type": "pong"}))
            elif kind == "state":
                await self.send_room()
            else:
                await self._error("malformed", "The waiting room accepts only ping and state; "
                                               "use the page or the API to change the table.")
        except Exception:  # never let one message kill the connection
            log.exception("room %s: unexpected error", self.table_id)

    async def room_changed(self, event):
        """Group notice: re-read the room and send it, unless this version was sent."""
        if event.get("version", 0) > self.sent_version:
            await self.send_room()

    async def send_room(self):
        state = await database_sync_to_async(self._build)()
        if state is not None:
            self.sent_version = max(self.sent_version, state["table"]["version"])
            await self.send(text_data=json.dumps(state))

    def _build(self) -> dict | None:
        table = Table.objects.select_related("host").filter(pk=self.table_id).first()
        return None if table is None else tables.room_state(table, self.scope["user"])

    async def _error(self, code: str, message: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message,
                                              "rule": None}))
