"""The live-table WebSocket consumer (DESIGN §3; protocol in the wsproto contract).

One consumer per connection. It authenticates with the site session (P-ACCT-5), joins the
table's group and its seat's group. After a change, the writer sends each person's seat its
state message on the seat's own group (``table.state``), which the consumer forwards with
no database read; on a ``table.changed`` notice that pushed nothing to its seat (and for an
invited spectator) it re-reads the stored game and sends its own view. Bad input gets an ``error`` message and the
connection stays open; nothing an exception does here closes it.

Input limits (issue 8): a message is one JSON text of at most ``MAX_MESSAGE_BYTES`` UTF-8
bytes nested at most ``inbound.MAX_DEPTH`` deep (else ``malformed``); each connection has a
token bucket (``games.ratelimit``): over it a message gets ``rate_limited`` and is dropped,
and a sustained flood closes the connection with code 4429.
"""
from __future__ import annotations

import asyncio
import json
import logging

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from . import inbound, presence, ratelimit, seat_claim, service, tables
from .models import Game
from .notify import group_name, remember_server_loop
from .views_state import state_message, table_snapshot

log = logging.getLogger("games")

MAX_MESSAGE_BYTES = inbound.MAX_MESSAGE_BYTES     # UTF-8 bytes, not characters
TAKEOVER_CLOSE_CODE = 4409     # "Opened elsewhere": a client should not reconnect after it


def _in_db_pool(fn):
    """``fn`` run by ``database_sync_to_async`` on the event loop's thread pool instead of the
    one shared sync thread (DESIGN §3 "Cost"): reads and writes of different tables then wait
    for the database side by side, each thread with its own connection. The per-game
    ``engine_store.engine_lock`` and the row lock keep one writer per table. On SQLite
    (embedded default), one thread, as before: its single writer would only queue."""
    from django.db import connection

    if connection.vendor == "sqlite":
        return database_sync_to_async(fn)
    return database_sync_to_async(fn, thread_sensitive=False)


class TableConsumer(AsyncWebsocketConsumer):
    """``/ws/games/<game_id>/``: a player's live table."""

    game_id: int
    seat: int | None = None
    seat_pk: int | None = None  # the Seat row whose presence lease this connection holds
    sent_version: int = -1      # state_version of the last state sent (skip repeats)
    spectator: bool = False     # an invited spectator of a private table (P-SPECT-4/-5)

    async def dispatch(self, message):
        """Channels' dispatch without its ``aclose_old_connections()`` before every message:
        that is a hop to the one shared sync thread per message, even for a ``table.state``
        that is only forwarded (DESIGN §3 "Cost"). Every database use of this consumer goes
        through ``database_sync_to_async``, which closes old connections around each call
        in the thread that uses them."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def __call__(self, scope, receive, send):
        """Run the consumer; however it ends (even cancelled, without ``disconnect``), this
        process stops renewing its presence lease, which then expires (P-CONN-2, P-CONN-5)."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            if getattr(self, "channel_name", None):
                presence.drop(self.channel_name)

    async def connect(self):
        remember_server_loop(asyncio.get_running_loop())
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self._refuse(4401, "not_allowed", "Your session has ended; please log in again.")
            return
        self.seat, self.seat_pk = await database_sync_to_async(seat_claim.find_seat)(self.game_id, user)
        if self.seat is not None and getattr(user, "is_outside_bot", False):
            # A bot account plays only through /ws/bot/ with its token, never the browser (P-BOT-1).
            from accounts.bots import BROWSER_REFUSAL
            self.seat = self.seat_pk = None
            await self._refuse(4403, "not_allowed", BROWSER_REFUSAL)
            return
        if self.seat is None:
            # Only accounts the host invited watch a private table, live and with hands hidden
            # (P-SPECT-1/-4); practice games have no spectators (P-PRAC-3).
            if await database_sync_to_async(self._invited_spectator)(user):
                await self._connect_spectator(user)
                return
            await self._refuse(4403, "not_allowed", "You are not a player at this table.")
            return
        # P-CONN-4: the newest connection takes over the seat; older ones are closed.
        await seat_claim.join_seat_groups(self, self.game_id, self.seat)
        await self.accept()
        # P-CONN-2/-5: this connection now holds the seat's presence lease, renewed by this
        # process while it is open; the table is told when the seat was away before.
        came_back = await seat_claim.claim_presence(self, self.game_id, self.seat, self.seat_pk)
        await self.send_state()
        if came_back:
            await self._presence_changed()
        await database_sync_to_async(self._rearm_computers)()

    async def _refuse(self, code: int, error: str, message: str) -> None:
        """Accept, say why, then close with ``code`` (4401 not signed in, 4403 not a player).

        A close before the handshake reaches the browser only as code 1006, so the
        client could not tell a refusal from a dropped line and would reconnect forever.
        Nothing about the table is sent.
        """
        await self.accept()
        await self.send(text_data=json.dumps({"type": "error", "code": error, "message": message, "rule": None}))
        await self.close(code=code)

    def _invited_spectator(self, user) -> bool:
        if not 0 < self.game_id < 2 ** 63:         # beyond any id column: nobody's table
            return False
        game = Game.objects.filter(pk=self.game_id).first()
        return game is not None and tables.is_invited_spectator(game, user)

    async def _connect_spectator(self, user) -> None:
        """Join as a read-only spectator: the public view ``view(None)``, no pending options
        (P-SPECT-3/-5); the players are told the spectator count changed."""
        self.spectator = True
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        await self.accept()
        await database_sync_to_async(tables.spectator_arrived)(self.game_id, self.channel_name, user)
        await self.send_state()
        await self._presence_changed()

    def _rearm_computers(self) -> None:
        """Reopening a table re-arms computer moves that a restart may have lost (DESIGN §3)."""
        game = Game.objects.defer("log_base").filter(pk=self.game_id).first()
        if game is not None and game.is_active and game.pending_computer_seats:
            from .tasks import schedule_computer_moves
            schedule_computer_moves(game.pk, game.seq, list(game.pending_computer_seats))

    async def _presence_changed(self) -> None:
        """Tell the table's other connections that a seat's presence changed (P-CONN-5);
        each answers with its own recipient's state. At a ranked game the new markers are
        also stored for the delayed public (P-SPECT-2)."""
        await seat_claim.presence_changed(self, self.game_id, record=not self.spectator)

    async def disconnect(self, code):
        if self.spectator:
            await database_sync_to_async(tables.spectator_left)(self.channel_name)
            await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)
            await self._presence_changed()
            return
        if self.seat is not None:
            # A clean close ends the lease at once; one that never gets here expires (P-CONN-2).
            if await seat_claim.give_back(self, self.game_id, self.seat):
                await self._presence_changed()

    # ------------------------------------------------------------------ client -> server
    async def receive(self, text_data=None, bytes_data=None):
        """One client message: rate-limited per connection (``games.ratelimit``: over the
        limit -> ``rate_limited`` error, message dropped; a sustained flood closes the
        connection with code 4429), then handled. Nothing a message does closes it
        otherwise."""
        bucket = getattr(self, "bucket", None)
        if bucket is None:
            bucket = self.bucket = ratelimit.for_connection()
        if getattr(self, "flooded", False):
            return                     # closing for a flood: what is still queued is dropped
        verdict = bucket.allow()
        if verdict != "ok":
            if verdict == "flood":
                self.flooded = True
                log.warning("table %s: closing a flooding connection (seat %s)", self.game_id, self.seat)
                await self.send_error("rate_limited", "Too many messages; the connection is closed.")
                await self.close(code=ratelimit.FLOOD_CLOSE_CODE)
            else:
                await self.send_error("rate_limited", "Too many messages; this one was dropped. "
                                                      f"Send at most {bucket.rate:g} a second.")
            return
        try:
            await self._handle(text_data, bytes_data)
        except Exception:  # never let one message kill the connection
            log.exception("table %s: unexpected error handling a message", self.game_id)
            await self.send_error("not_allowed", "The server could not handle that message.")

    async def _handle(self, text_data, bytes_data):
        if self.seat is None and not self.spectator:   # a refused connection, closing: nothing is handled
            await self.send_error("not_allowed", "You are not a player at this table.")
            return
        if text_data is None:
            await self.send_error("malformed", "Send one JSON text message of at most 4 KiB.")
            return
        try:
            message = inbound.decode(text_data, max_bytes=MAX_MESSAGE_BYTES)
        except inbound.BadInput as exc:
            await self.send_error("malformed", exc.message)
            return
        if not isinstance(message, dict):
            await self.send_error("malformed", "The message must be a JSON object.")
            return
        kind = message.get("type")
        if kind == "ping":
            if self.spectator:     # the spectator lease is renewed by the client's pings
                await database_sync_to_async(tables.spectator_arrived)(
                    self.game_id, self.channel_name, self.scope["user"])
            await self.send(text_data=json.dumps({"type": "pong"}))
        elif self.spectator and kind in ("action", "continue"):
            await self.send_error("not_allowed", "Spectators cannot act.", "P-SPECT-5")
        elif kind == "action":
            await self._service(service.submit_action, self.game_id, self.seat,
                                message.get("action"), message.get("seq"))
        elif kind == "continue":
            await self._service(service.continue_after_hand, self.game_id, self.seat,
                                message.get("seq"))
        elif kind == "state":
            await self.send_state()
        else:
            shown = kind if isinstance(kind, str) and len(kind) <= 40 else type(kind).__name__
            await self.send_error("malformed", f"Unknown message type {shown!r}.")

    async def _service(self, fn, *args):
        try:
            await _in_db_pool(fn)(*args)
        except service.ActionRejected as exc:
            await self.send_error(exc.code, exc.message, exc.rule)
        except Game.DoesNotExist:
            await self.send_error("not_allowed", "This game no longer exists.")

    # ------------------------------------------------------------------ server -> client
    async def table_changed(self, event):
        """Group notice: build and send this connection's own view (never broadcast tiles).
        A notice for a version already sent (several changes, one re-read, or the state the
        writer pushed this seat just before, ``table.state``) is skipped: no read then."""
        version = event.get("version", 0)
        if not isinstance(version, int) or version <= self.sent_version:
            return
        # A seat's pushed state is sent to its channel before this notice, and a channel's
        # messages arrive in order: a pushed seat that reaches here with an older version
        # missed its push (it joined its seat group after it was sent): it reads its own.
        await self.send_state()

    async def table_state(self, event):
        """Seat-group message from the writer of a change: this seat's state message for
        ``version``, built once for every connection of the seat (``views_state.seat_states``;
        DESIGN §3 "Cost"). Forwarded as it is, with no database read, unless a newer or equal
        version was sent already (a late message never steps the client back). Only a
        seat's own connections are in its group; the seat is checked again here."""
        version, text = event.get("version"), event.get("text")
        if (self.spectator or self.seat is None or event.get("seat") != self.seat
                or not isinstance(version, int) or not isinstance(text, str)):
            return
        if version > self.sent_version:
            self.sent_version = version
            await self.send(text_data=text)

    async def table_presence(self, event):
        """Group notice: a seat's presence changed (P-CONN-5). Sends this connection's state
        again (its ``game.players[].connected`` and ``timer.absent`` markers), except to the
        connection whose own arrival or departure caused the notice."""
        if event.get("channel") != self.channel_name:
            await self.send_state()

    async def seat_takeover(self, event):
        """P-CONN-4: another connection of this account opened the seat. The older one is told
        "Opened elsewhere" and, with ``SEAT_TAKEOVER_CLOSES_OLDER`` (the default), closed with
        code 4409, after which the client must not reconnect by itself (else two tabs would
        take the seat from each other forever)."""
        if event.get("channel") != self.channel_name:
            await self.send_error("not_allowed", "Opened elsewhere")
            if settings.SEAT_TAKEOVER_CLOSES_OLDER:
                await self.close(code=TAKEOVER_CLOSE_CODE)

    async def send_state(self, min_version: int | None = None):
        """Read the game and send this connection's state. Never one older than a state
        already sent (a pushed ``table.state`` may overtake this read); the same version again
        is sent (presence markers or the spectator count may have changed)."""
        built = await _in_db_pool(self._build_state)(min_version)
        if built is not None:
            version, text = built
            if version < self.sent_version or (version == self.sent_version and min_version is not None):
                return                  # a newer state was sent while this one was being built
            self.sent_version = version
            await self.send(text_data=text)

    def _build_state(self, min_version: int | None = None) -> tuple[int, str] | None:
        """``(state_version, state message JSON)`` of this connection's seat, from the
        process's shared snapshot of the table when it is at least ``min_version``."""
        game = table_snapshot(self.game_id, min_version)
        return None if game is None else (game.state_version, json.dumps(state_message(game, self.seat)))

    async def send_error(self, code: str, message: str, rule: str | None = None):
        await self.send(text_data=json.dumps({"type": "error", "code": code, "message": message,
                                              "rule": rule}))
