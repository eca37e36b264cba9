"""``/ws/bot/``: an outside computer plays its seat through the mjai protocol (issue 13 item 3;
DESIGN §8; docs/bot-api.md is the protocol's reference).

Authentication: the bot account's API token (``accounts.bots``), either in the handshake's
``Authorization: Bearer <token>`` header or in a first message ``{"type": "hello", "token":
…}``; never in the URL. A wrong token gets ``{"type": "error", "code": "bad_token"}`` and the
connection is closed with code 4401. This route is not behind the site's Origin check (the
token is not a cookie, so a page of another site cannot use it by accident).

Playing: after ``{"type": "join", "game_id": N}`` (or without ``game_id``: the bot's newest
active game) the server sends the mjai events of the bot's seat, from ``start_game`` on, as
``rules_engine.formats.mjai`` builds them from the stored log and masks them for the seat
(P-BOT-3: another seat's draws and deals are ``"?"``), one JSON object per WebSocket message.
When a decision is open for the seat it sends ``{"type": "request", "seq", "possible_actions":
[mjai replies], "timer"}``; the bot answers with one mjai reply, translated by
``rules_engine.formats.mjai_actions`` and submitted through ``service.submit_action`` like a
person's action: same clocks, same refusals, same timeout defaults (P-BOT-4, P-CLOCK-8,
P-TIMEOUT). Bad input gets ``{"type": "error", "code", "message", "rule"}`` and changes nothing.

Each connection reads only the log entries it has not converted yet (``LogEntry`` rows by
index), so a notice costs one small query per bot connection, not a re-read of the game.
While a masked claim pause runs (P-FAIR-6) the events after the discard are held back, as
the person's view is.
"""
from __future__ import annotations

import asyncio
import json
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from . import claim_mask, inbound, presence, ratelimit, seat_claim, service
from .models import Game, LogEntry, Seat
from .notify import remember_server_loop

log = logging.getLogger("games")

BAD_TOKEN_CLOSE_CODE = 4401
TAKEOVER_CLOSE_CODE = 4409


class BotConsumer(AsyncWebsocketConsumer):
    """One bot connection: authenticate, join one game, stream its seat's mjai events."""

    user = None
    game_id: int | None = None
    seat: int | None = None
    seat_pk: int | None = None
    closing = False

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            if getattr(self, "channel_name", None):
                presence.drop(self.channel_name)

    async def connect(self):
        remember_server_loop(asyncio.get_running_loop())
        self.bucket = ratelimit.for_connection()
        self._reset_stream()
        await self.accept()
        from accounts import bots
        token = bots.bearer_token(self.scope.get("headers"))
        if token is not None:
            await self._authenticate(token)

    def _reset_stream(self) -> None:
        self.converter = None
        self.fed = 0                 # log entries converted
        self.base_entries = None     # entries kept in Game.log_base (None: not read yet)
        self.events: list[dict] = []  # the seat's mjai events so far
        self.sent = 0                # how many of them were sent
        self.hold = None             # (pause seq, events shown) while a masked pause runs
        self.request_seq = None      # seq of the decision offered and not answered yet
        self.offered_seq = None      # seq of the last decision offered (answered or not)
        self.legal: list = []        # its legal actions (engine Action values)
        self.drawn = None            # the seat's drawn tile id at that decision
        self.reach_seq = None        # seq at which the bot answered "reach" (discard follows)
        self.continued_hand = None   # hands_started when Continue was last pressed for the bot

    # ------------------------------------------------------------------ authentication
    async def _authenticate(self, token) -> bool:
        from accounts import bots
        user = await database_sync_to_async(bots.user_for_token)(token)
        if user is None:
            await self.send_error("bad_token", "That bot token is not valid (wrong, revoked, or not a bot "
                                               "account's).")
            self.closing = True
            await self.close(code=BAD_TOKEN_CLOSE_CODE)
            return False
        self.user = user
        await self._send({"type": "hello", "protocol": "mjai", "name": user.username,
                          "games": await database_sync_to_async(self._games)(),
                          "invitations": await database_sync_to_async(self._invitations)()})
        return True

    def _games(self) -> list[dict]:
        rows = (Seat.objects.filter(user=self.user, game__status=Game.Status.ACTIVE)
                .select_related("game").order_by("-game_id")[:20])
        return [{"game_id": s.game_id, "seat": s.seat, "kind": s.game.kind, "clock": s.game.clock}
                for s in rows]

    def _invitations(self) -> list[dict]:
        from . import tables
        return [{"id": i.pk, "table_id": i.table_id, "host": i.table.host.username, "role": i.role}
                for i in tables.pending_invitations(self.user) if i.role == "player"]

    # ------------------------------------------------------------------ bot -> server
    async def receive(self, text_data=None, bytes_data=None):
        if self.closing:
            return
        verdict = self.bucket.allow()
        if verdict != "ok":
            if verdict == "flood":
                self.closing = True
                await self.send_error("rate_limited", "Too many messages; the connection is closed.")
                await self.close(code=ratelimit.FLOOD_CLOSE_CODE)
            else:
                await self.send_error("rate_limited", "Too many messages; this one was dropped. "
                                                      f"Send at most {self.bucket.rate:g} a second.")
            return
        try:
            await self._handle(text_data, bytes_data)
        except Exception:  # never let one message kill the connection
            log.exception("bot %s: unexpected error handling a message", getattr(self.user, "pk", None))
            await self.send_error("not_allowed", "The server could not handle that message.")

    async def _handle(self, text_data, bytes_data):
        try:
            message = inbound.decode(text_data if text_data is not None else bytes_data or b"")
        except inbound.BadInput as exc:
            await self.send_error("malformed", exc.message)
            return
        if not isinstance(message, dict):
            await self.send_error("malformed", "Each message must be one JSON object.")
            return
        kind = message.get("type")
        if self.user is None:
            if kind != "hello" or "token" not in message:
                await self.send_error("not_authenticated", 'Send {"type": "hello", "token": ...} first '
                                                           "(or the Authorization: Bearer header).")
                return
            await self._authenticate(message.get("token"))
            return
        from rules_engine.formats.mjai_actions import REPLY_TYPES
        if kind == "ping":
            await self._send({"type": "pong"})
        elif kind == "hello":
            await self._authenticate_again()
        elif kind == "join":
            await self._join(message.get("game_id"))
        elif kind == "accept":
            await self._accept(message.get("invitation"))
        elif kind in REPLY_TYPES:
            await self._reply(message)
        else:
            shown = kind if isinstance(kind, str) and len(kind) <= 40 else type(kind).__name__
            await self.send_error("unknown_action", f"Unknown message type {shown!r}.")

    async def _authenticate_again(self):
        await self._send({"type": "hello", "protocol": "mjai", "name": self.user.username,
                          "games": await database_sync_to_async(self._games)(),
                          "invitations": await database_sync_to_async(self._invitations)()})

    async def _accept(self, invitation_id):
        from . import tables
        try:
            inv = await database_sync_to_async(tables.answer_invitation)(invitation_id, self.user, True)
        except tables.TableRejected as exc:
            await self.send_error(exc.code, exc.message, exc.rule)
            return
        await self._send({"type": "accepted", "invitation": inv.pk, "table_id": inv.table_id})

    async def _join(self, game_id):
        if game_id is not None and (isinstance(game_id, bool) or not isinstance(game_id, int)
                                    or not 0 < game_id < 2 ** 63):
            await self.send_error("malformed", "game_id must be a game number.")
            return
        found = await database_sync_to_async(self._find_seat)(game_id)
        if isinstance(found, str):
            await self.send_error("not_allowed", found)
            return
        if found is None:
            if game_id is not None:
                await self.send_error("not_allowed", "You have no seat in an active game with that number.")
            else:
                await self._send({"type": "no_game", "invitations":
                                  await database_sync_to_async(self._invitations)()})
            return
        if self.game_id is not None:
            await self._leave()
        self.game_id, self.seat, self.seat_pk = found
        self._reset_stream()
        await seat_claim.join_seat_groups(self, self.game_id, self.seat)      # P-CONN-4
        if await seat_claim.claim_presence(self, self.game_id, self.seat, self.seat_pk):
            await seat_claim.presence_changed(self, self.game_id)
        await self._stream()

    def _find_seat(self, game_id) -> tuple[int, int, int] | str | None:
        """``(game id, seat, seat row id)`` of the bot's seat in active game ``game_id`` (its
        newest one when ``None``) that the bot protocol can play; ``FAMILY_REFUSAL`` for a
        game it holds a seat in but cannot play (mjai is Riichi only); ``None`` when it has
        no such seat."""
        from accounts.bots import FAMILY_REFUSAL, bot_may_play

        rows = Seat.objects.filter(user=self.user, game__status=Game.Status.ACTIVE)
        if game_id is not None:
            rows = rows.filter(game_id=game_id)
        found = rows.order_by("-game_id").values_list("game_id", "seat", "pk", "game__preset_name")
        refused = False
        for gid, seat, pk, preset_name in found[:20]:
            if bot_may_play(self.user, preset_name):
                return gid, seat, pk
            refused = True
        return FAMILY_REFUSAL if refused and game_id is not None else None

    async def _reply(self, message: dict):
        from rules_engine.formats.mjai_actions import REACH_DECLARED, MjaiReplyError, translate
        if self.game_id is None:
            await self.send_error("not_allowed", 'Join a game first: {"type": "join"}.')
            return
        seq = message.get("seq", self.request_seq if self.request_seq is not None else self.offered_seq)
        if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int)):
            await self.send_error("malformed", "seq must be an integer", "P-PLAY-3")
            return
        if self.request_seq is None or seq != self.request_seq:
            # An answer to a decision offered before (already answered, e.g. sent twice, or
            # replaced by a newer one) is stale, as a person's is (``service._check_seq``);
            # "illegal" only when no decision was ever offered to this connection.
            if seq is None:
                await self.send_error("illegal", "no decision of yours is pending now", "P-PLAY-3")
            else:
                current = (f"the current one is {self.request_seq}" if self.request_seq is not None
                           else "none of yours is pending now")
                shown = f" ({seq!r})" if isinstance(seq, int) and abs(seq) < 10 ** 9 else ""
                await self.send_error("stale_seq", f"that decision{shown} is no longer pending; {current}",
                                      "P-TIMEOUT-6")
            return
        try:
            action = translate(message, self.seat, self.legal, drawn_tile=self.drawn,
                               reach_pending=self.reach_seq == seq, red_fives=self.red_fives)
        except MjaiReplyError as exc:
            await self.send_error(exc.code, exc.message, "P-PLAY-3" if exc.code == "illegal" else None)
            return
        if action is REACH_DECLARED:
            self.reach_seq = seq
            await self._send(self._request_message(after_reach=True))
            return
        try:
            await database_sync_to_async(service.submit_action)(self.game_id, self.seat, action.to_json(), seq)
        except service.ActionRejected as exc:
            await self.send_error(exc.code, exc.message, exc.rule)
            if exc.code == "late":
                await self._stream()
            return
        except Game.DoesNotExist:
            await self.send_error("not_allowed", "This game no longer exists.")
            return
        self.request_seq = None           # answered; the next request comes with the next events
        self.reach_seq = None

    # ------------------------------------------------------------------ server -> bot
    async def table_changed(self, event):
        await self._stream()

    async def table_presence(self, event):
        """Presence notices of the table: nothing to tell a bot."""

    async def seat_takeover(self, event):
        """P-CONN-4: a newer connection of this account opened the seat; this one closes."""
        if event.get("channel") != self.channel_name:
            await self.send_error("not_allowed", "Opened elsewhere")
            if settings.SEAT_TAKEOVER_CLOSES_OLDER:
                self.closing = True
                await self.close(code=TAKEOVER_CLOSE_CODE)

    async def _stream(self):
        if self.game_id is None or self.closing:
            return
        try:
            out, request, over, continue_seq = await database_sync_to_async(self._collect)()
        except Exception as exc:   # e.g. a game the mjai format cannot express
            log.exception("bot stream of game %s failed", self.game_id)
            await self.send_error("not_allowed", f"This game cannot be streamed as mjai: {str(exc)[:200]}")
            return
        for event in out:
            await self._send(event)
        if request is not None:
            await self._send(request)
        if continue_seq is not None:
            # The results screen (P-FLOW-1/-2): mjai has no "continue", so a bot that has been
            # sent end_kyoku counts as having pressed Continue, as a built-in computer does.
            try:
                await database_sync_to_async(service.continue_after_hand)(self.game_id, self.seat,
                                                                          continue_seq)
            except (service.ActionRejected, Game.DoesNotExist):
                pass                  # the next hand started meanwhile: nothing to do
        if over is not None:
            await self._send({"type": "game_closed", "status": over})
            await self._leave()

    def _collect(self) -> tuple[list[dict], dict | None, str | None, int | None]:
        """(new mjai events for the seat, the request to send or None, the game's status when
        it is no longer active else None, the seq at which to press Continue for the bot or
        None). Runs in a database thread."""
        from rules_engine.formats.mjai import MjaiConverter, mask_event
        from rules_engine.preset import get_preset

        from .views_state import seat_view

        game = Game.objects.defer("preset_snapshot").filter(pk=self.game_id).first()
        if game is None:
            return [], None, "gone"
        if self.converter is None:
            names = list(Seat.objects.filter(game_id=game.pk).order_by("seat")
                         .values_list("user__username", flat=True))
            preset = get_preset(game.preset_name, game.preset_version)
            self.red_fives = preset.red_fives
            self.converter = MjaiConverter(preset, names)
            self.events = [mask_event(e, self.seat) for e in self.converter.start()]
        if self.base_entries is None:
            self.base_entries = list((game.log_base or {}).get("entries") or ())
        end = game.log_length if not self.base_entries else max(game.log_length, len(self.base_entries))
        entries = self.base_entries[self.fed:end]
        lo = max(self.fed, len(self.base_entries))
        if lo < end:
            entries += list(LogEntry.objects.filter(game_id=game.pk, index__gte=lo, index__lt=end)
                            .order_by("index").values_list("entry", flat=True))
        last_start = len(self.events)
        for entry in entries:
            last_start = len(self.events)
            self.events.extend(mask_event(e, self.seat) for e in self.converter.feed(entry.get("events") or []))
        self.fed = max(self.fed, end)
        limit = len(self.events)
        paused = claim_mask.active(game.claim_mask, game.seq)
        if paused:
            # P-FAIR-6: the pause shows a claim window after the discard; what followed waits,
            # also on a later collect during the same pause (which feeds no new entry).
            pause_seq = game.claim_mask.get("seq")
            if self.hold is not None and self.hold[0] == pause_seq:
                limit = self.hold[1]
            else:
                for i in range(last_start, len(self.events)):
                    if self.events[i].get("type") in ("dahai", "kakan"):
                        limit = i + 1
                        break
                self.hold = (pause_seq, limit)
            limit = max(limit, self.sent)
        out = self.events[self.sent:limit]
        self.sent = max(self.sent, limit)
        if game.status != Game.Status.ACTIVE:
            return out, None, game.status, None
        continue_seq = None
        if (game.phase == "hand_over" and self.seat not in (game.continued_seats or [])
                and self.continued_hand != game.hands_started):
            self.continued_hand = game.hands_started
            continue_seq = game.seq
        request = None
        if not paused and game.phase in ("turn", "claim"):
            view = seat_view(game, self.seat)
            legal = view.get("legal_actions") or []
            if legal and view.get("seq") != self.request_seq:
                from rules_engine.core.actions import Action
                self.request_seq = self.offered_seq = view.get("seq")
                self.legal = [Action.from_json(a) for a in legal]
                self.drawn = view.get("drawn_tile")
                self.reach_seq = None
                from .views_state import timer_of
                self.timer = timer_of(game, self.seat)
                request = self._request_message()
        return out, request, None, continue_seq

    def _request_message(self, *, after_reach: bool = False) -> dict:
        """``{"type": "request", "seq", "possible_actions", "timer"}`` for the decision
        offered (``after_reach``: the discards that complete a riichi)."""
        from rules_engine.formats.mjai_actions import replies_of

        target = next((e.get("actor") for e in reversed(self.events) if e.get("type") in ("dahai", "kakan")),
                      None)
        seen, options = set(), []
        for action in self.legal:
            if after_reach and action.type != "riichi":
                continue
            replies = replies_of(action, drawn_tile=self.drawn, red_fives=self.red_fives,
                                 claimed_from=target if action.type in ("ron", "chi", "pon", "daiminkan") else None)
            reply = replies[-1] if after_reach else replies[0]
            key = json.dumps(reply, sort_keys=True)
            if key not in seen:
                seen.add(key)
                options.append(reply)
        message = {"type": "request", "seq": self.request_seq, "possible_actions": options,
                   "timer": getattr(self, "timer", None)}
        if after_reach:
            message["after_reach"] = True
        return message

    async def _leave(self):
        if self.game_id is None:
            return
        game_id, seat = self.game_id, self.seat
        if await seat_claim.give_back(self, game_id, seat):
            await seat_claim.presence_changed(self, game_id)
        self.game_id = self.seat = self.seat_pk = None

    async def disconnect(self, code):
        if self.game_id is not None:
            await self._leave()

    async def _send(self, message: dict) -> None:
        await self.send(text_data=json.dumps(message))

    async def send_error(self, code: str, message: str, rule: str | None = None):
        await self._send({"type": "error", "code": code, "message": message, "rule": rule})
