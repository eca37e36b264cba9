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

from channels.db import database_sync_to_async

from . import public_tables
from .readonly_consumer import ReadOnlyGroupConsumer


class LobbyConsumer(ReadOnlyGroupConsumer):
    """``/ws/lobby/``: the live list of open public tables."""

    group = public_tables.LOBBY_GROUP
    only_message = "The lobby accepts only ping and state."

    async def connect(self):
        await self.accept()
        await self.join()

    async def lobby_changed(self, event):
        """Group notice: re-read the open public tables and send them."""
        await self.send_current()

    async def send_current(self):
        state = await database_sync_to_async(public_tables.lobby_state)()
        await self.send(text_data=json.dumps(state))
