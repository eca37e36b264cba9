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

from channels.db import database_sync_to_async

from . import matchmaking
from .notify import remember_server_loop
from .readonly_consumer import ReadOnlyGroupConsumer


class QuickConsumer(ReadOnlyGroupConsumer):
    """``/ws/quick/``: one signed-in account's live Quick Play state."""

    only_message = ("Quick Play's connection accepts only ping and state; "
                    "use the page or the API to join or leave.")

    async def connect(self):
        remember_server_loop(asyncio.get_running_loop())
        user = self.scope.get("user")
        await self.accept()
        if user is None or not user.is_authenticated:
            await self._error("not_allowed", "Your session has ended; please log in again.")
            await self.close(code=4401)
            return
        self.group = matchmaking.user_group(user.pk)
        await self.join()

    async def quick_changed(self, event):
        """Group notice: read the status again and send it."""
        notice = event.get("notice")
        await self.send_current(notice if isinstance(notice, str) else None)

    async def send_current(self, notice: str | None = None):
        user = self.scope["user"]
        state = await database_sync_to_async(matchmaking.status)(user, notice=notice)
        await self.send(text_data=json.dumps(state))
