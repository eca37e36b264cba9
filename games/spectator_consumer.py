"""The public spectator feed of a ranked game: ``/ws/games/<game_id>/watch/`` (P-SPECT-1/-2/
-3/-5, J5).

Anyone may connect, signed in or not (P-ACCT-5), except a player of that game (P-SPECT-1);
practice and private games are refused (P-PRAC-3, P-SPECT-1). The connection is sent only
the state as of (now − ``SPECTATOR_DELAY``) (``games.spectate.delayed_message``), on connect
(and reconnect) and then whenever that delayed moment reaches a new stored change: one timer
per connection sleeps until ``wake_at`` (the next change becomes old enough, or a refresh
for counts and markers), holding no database connection while it sleeps. Nothing live
reaches it: it does not join the table's live group. When the delayed moment reaches the
game's end the feed sends the final state and stops; the game's replays are then public
(P-REPLAY-3).

Client messages: ``ping`` (renews the spectator lease; ``pong``), ``state`` (the delayed
state again); ``action``/``continue`` are refused (``not_allowed``, P-SPECT-5); anything else
is ``malformed``. Refusals at connect: an ``error`` then close 4403 (4404 for no such game).
"""
from __future__ import annotations

import asyncio
import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from . import clocks, inbound, ratelimit, spectate, tables
from .models import Game
from .notify import group_name

log = logging.getLogger("games")

#: Shortest sleep of a feed timer (seconds), so a clock step never spins it.
MIN_SLEEP = 0.05


def watch_group(game_id: int) -> str:
    """The channel-layer group of game ``game_id``'s public spectator connections (pokes
    only: ``spectate.poke`` makes each one rebuild its delayed state; never live content)."""
    return f"watch-{game_id}"


class SpectatorConsumer(AsyncWebsocketConsumer):
    """One public spectator connection (see the module docstring)."""

    game_id: int
    feed: asyncio.Task | None = None
    accepted: bool = False
    last_text: str | None = None

    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        user = self.scope.get("user")
        refusal = await database_sync_to_async(self._refusal)(user)
        await self.accept()
        if refusal is not None:
            code, message, rule = refusal
            await self.send_error(code if code != "not_found" else "not_allowed", message, rule)
            await self.close(code=4404 if code == "not_found" else 4403)
            return
        self.accepted = True
        self.wake = asyncio.Event()
        await self.channel_layer.group_add(watch_group(self.game_id), self.channel_name)
        await database_sync_to_async(tables.spectator_arrived)(self.game_id, self.channel_name, user)
        await self._tell_players()
        self.feed = asyncio.get_running_loop().create_task(self._run_feed(), name=f"watch-{self.game_id}")

    def _refusal(self, user):
        if not 0 < self.game_id < 2 ** 63:
            return spectate.refusal(None, user)
        game = Game.objects.defer("log_base", "preset_snapshot").filter(pk=self.game_id).first()
        return spectate.refusal(game, user)

    async def _tell_players(self) -> None:
        """The players see how many watch (P-SPECT-5): their connections re-send their state."""
        from .presence import PRESENCE_EVENT

        await self.channel_layer.group_send(group_name(self.game_id),
                                            {"type": PRESENCE_EVENT, "channel": self.channel_name})

    async def _run_feed(self) -> None:
        """Send the delayed state now and each time it may have changed (P-SPECT-2)."""
        try:
            while True:
                step = await database_sync_to_async(spectate.feed_step)(self.game_id, clocks.now())
                if step is None:
                    await self.send_error("not_allowed", "This game no longer exists.")
                    return
                text, wake_at, ended = step
                if text != self.last_text:
                    self.last_text = text
                    await self.send(text_data=text)
                if ended:
                    return                 # the feed reached the game's end
                self.wake.clear()
                try:
                    await asyncio.wait_for(self.wake.wait(), timeout=max(MIN_SLEEP, wake_at - clocks.now()))
                except asyncio.TimeoutError:
                    pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("spectator feed of game %s failed", self.game_id)

    async def disconnect(self, code):
        if self.feed is not None:
            self.feed.cancel()
        if self.accepted:
            await database_sync_to_async(tables.spectator_left)(self.channel_name)
            await self.channel_layer.group_discard(watch_group(self.game_id), self.channel_name)
            await self._tell_players()

    async def spectate_poke(self, event):
        """Group notice: rebuild the delayed state now (it is still as of now − delay)."""
        if self.accepted:
            self.wake.set()

    async def receive(self, text_data=None, bytes_data=None):
        bucket = getattr(self, "bucket", None)
        if bucket is None:
            bucket = self.bucket = ratelimit.for_connection()
        verdict = bucket.allow()
        if verdict == "flood":
            await self.send_error("rate_limited", "Too many messages; the connection is closed.")
            await self.close(code=ratelimit.FLOOD_CLOSE_CODE)
            return
        if verdict != "ok":
            await self.send_error("rate_limited", "Too many messages; this one was dropped.")
            return
        if not self.accepted:
            await self.send_error("not_allowed", "You cannot watch this game.")
            return
        if text_data is None:
            await self.send_error("malformed", "Send one JSON text message of at most 4 KiB.")
            return
        try:
            message = inbound.decode(text_data, max_bytes=inbound.MAX_MESSAGE_BYTES)
        except inbound.BadInput as exc:
            await self.send_error("malformed", exc.message)
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            await database_sync_to_async(tables.spectator_arrived)(
                self.game_id, self.channel_name, self.scope.get("user"))
            await self.send(text_data=json.dumps({"type": "pong"}))
        elif kind == "state":
            if self.feed is not None and self.feed.done():     # the feed reached the end
                step = await database_sync_to_async(spectate.feed_step)(self.game_id, clocks.now())
                if step is not None:
                    await self.send(text_data=step[0])
            else:
                self.last_text = None      # send it even when unchanged
                self.wake.set()
        elif kind in ("action", "continue"):
            await self.send_error("not_allowed", "Spectators cannot act.", "P-SPECT-5")
        else:
            await self.send_error("malformed", "Unknown message type.")

    async def send_error(self, code: str, message: str, rule: str | None = None):
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message,
                                              "rule": rule}))
