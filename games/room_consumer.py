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

from channels.db import database_sync_to_async

from . import tables
from .models import Table
from .readonly_consumer import ReadOnlyGroupConsumer


class RoomConsumer(ReadOnlyGroupConsumer):
    """``/ws/tables/<table_id>/``: the host's and guests' live view of a waiting room."""

    table_id: int
    sent_version: int = -1
    only_message = ("The waiting room accepts only ping and state; "
                    "use the page or the API to change the table.")

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
        self.group = tables.room_group(self.table_id)
        await self.join()

    def _allowed(self, user) -> bool:
        if not 0 < self.table_id < 2 ** 63:        # beyond any id column: nobody's table
            return False
        table = Table.objects.filter(pk=self.table_id).first()
        return table is not None and tables.may_view_room(table, user)

    async def room_changed(self, event):
        """Group notice: re-read the room and send it, unless this version was sent."""
        if event.get("version", 0) > self.sent_version:
            await self.send_current()

    async def send_current(self):
        state = await database_sync_to_async(self._build)()
        if state is not None:
            self.sent_version = max(self.sent_version, state["table"]["version"])
            await self.send(text_data=json.dumps(state))

    def _build(self) -> dict | None:
        table = Table.objects.select_related("host").filter(pk=self.table_id).first()
        return None if table is None else tables.room_state(table, self.scope["user"])
