"""Tables before their game starts: private tables and their waiting room (P-TABLE-6/-7/-8,
P-SPECT-1, J3).

The one write path for ``Table``, ``TableSeat`` and ``Invitation`` rows. Every change locks
the table row (``select_for_update`` inside ``transaction.atomic``), checks the rules, writes,
bumps ``Table.version`` and, after commit, sends the room's channel group a small notice
``{"type": "room.changed", "version": V}``; each waiting-room connection then reads the room
state itself (``room_state``), as the game consumer does (DESIGN §3).

Refused input raises ``TableRejected`` (``code``, ``message``, ``rule``) and changes nothing.
Codes: ``not_found``, ``closed``, ``started``, ``full``, ``bad_token``, ``not_host``,
``not_enough_players``, ``seat_taken``, ``seat_empty``, ``already_seated``, ``bad_invitee``,
``not_allowed``, ``limit``, ``malformed``.

Public tables (P-TABLE-5) reuse ``Table``/``TableSeat`` with ``kind="public"``: their own
rules live in ``games.public_tables`` (create, join from the lobby, auto-start, expiry); the
shared writes here (leave, add/remove computer, close) hand public tables to it where the
rules differ, and every change of a public table also notifies the lobby. Code
``automatic``: Start and invitations do not exist at public tables.
"""
from __future__ import annotations

import logging
import secrets

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q

from accounts.bots import FAMILY_REFUSAL, bot_may_play
from accounts.computers import available_strengths, computers_for, default_strength

from . import clocks
from .models import Game, Invitation, Seat, SpectatorLease, Table, TableSeat

log = logging.getLogger("games")

#: Preset families offered at private tables and the preset each plays (P-TABLE-1: the
#: ranked formats only: Riichi one East round, Taiwanese a full match).
PRIVATE_FAMILIES = {"riichi": "riichi", "taiwanese": "taiwanese"}
#: At most this many open private tables per host (a simple creation limit).
MAX_OPEN_TABLES_PER_HOST = 1
#: Seconds a spectator lease lasts without renewal (the client pings every 25 s).
SPECTATOR_TTL = 60.0


class TableRejected(Exception):
    """Input refused without effect (see the module docstring for ``code``)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


def room_group(table_id: int) -> str:
    """The channel-layer group of table ``table_id``'s waiting-room connections."""
    return f"room-{table_id}"


def _notify(table_id: int, version: int) -> None:
    """Send the room notice (no content beyond the version; readers re-read the room)."""
    from . import notify

    try:
        notify.group_send(room_group(table_id), {"type": "room.changed", "version": version})
    except Exception:  # a lost notice heals at the next one; never fail the write
        log.exception("could not notify room %s", table_id)


def _bump(table: Table) -> None:
    table.version += 1
    table.save()
    table_id, version = table.pk, table.version
    transaction.on_commit(lambda: _notify(table_id, version))
    if table.kind == Table.Kind.PUBLIC:              # the lobby lists public tables (P-MATCH-7)
        from .public_tables import notify_lobby
        transaction.on_commit(notify_lobby)


def _locked(table_id) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=int(table_id))
    except (Table.DoesNotExist, ValueError, TypeError, OverflowError):
        raise TableRejected("not_found", "There is no such table.") from None


def _require_open(table: Table) -> None:
    if table.status == Table.Status.STARTED:
        raise TableRejected("started", "This table has already started.", "P-TABLE-6")
    if table.status == Table.Status.CLOSED:
        raise TableRejected("closed", "This table has been closed.", "P-TABLE-6")


def _require_host(table: Table, user) -> None:
    if table.host_id != getattr(user, "pk", None):
        raise TableRejected("not_host", "Only the host can do that.", "P-TABLE-6")


def _require_person(user) -> None:
    if user is None or not user.is_authenticated:
        raise TableRejected("not_allowed", "Please log in first.")
    if getattr(user, "is_computer", False):
        raise TableRejected("not_allowed", "Computer accounts cannot do that.", "P-BOT-1")


def _free_position(table: Table) -> int | None:
    taken = set(table.seats.values_list("position", flat=True))
    return next((p for p in range(4) if p not in taken), None)


def free_position(table: Table) -> int | None:
    """The first empty waiting-room position (0..3) of ``table``, or None when all four
    seats are taken (P-TABLE-6). A read without lock: the join itself re-checks."""
    return _free_position(table)


def _seat(table: Table, user) -> None:
    """Put ``user`` (a person, or an invited outside bot) in the first empty seat of the
    locked, open ``table``. An outside bot at a table of a family the bot protocol cannot
    play is refused (``bot_family``, ``accounts.bots.bot_may_play``)."""
    if not bot_may_play(user, table.preset_name):
        raise TableRejected("bot_family", FAMILY_REFUSAL)
    if table.seats.filter(user=user).exists():
        raise TableRejected("already_seated", "You already have a seat at this table.")
    position = _free_position(table)
    if position is None:
        raise TableRejected("full", "This table is full.", "P-TABLE-6")
    TableSeat.objects.create(table=table, position=position, user=user)


# --------------------------------------------------------------------------- create

def _check_creation_rate(host) -> None:
    """The per-account game-creation rate limit of ``games.limits`` (``GAME_CREATE_LIMIT``
    games per ``GAME_CREATE_WINDOW_SECONDS``) applies to opening private tables too; its
    limit on unfinished *practice* games does not. Raises ``TableRejected("rate_limited")``."""
    from . import limits

    try:
        limits.check_can_create(host)
    except limits.CreationLimited as exc:
        if exc.code == "rate_limited":
            raise TableRejected("rate_limited", exc.message) from None


def create_private_table(host, *, family: str = "riichi", clock: str = clocks.UNTIMED,
                         allow_spectators: bool = False) -> Table:
    """Open a private table hosted by ``host`` (P-TABLE-6, J3 steps 1–4); the host takes seat 0.

    ``family``: ``"riichi"`` (one East round, preset ``riichi``) or ``"taiwanese"``
    (a full match, preset ``taiwanese``, P-TW-1). ``clock``: ``"untimed"`` or
    a timed clock (P-TABLE-3). ``allow_spectators``: the host may invite spectators
    (P-SPECT-1). The invite token comes from ``secrets.token_urlsafe`` (unguessable).
    Never rated (P-TABLE-10). Raises ``TableRejected``: ``not_allowed`` for a computer or an
    anonymous user (P-BOT-1), ``malformed`` for an unknown family or clock, ``limit`` when
    the host already has ``MAX_OPEN_TABLES_PER_HOST`` open tables or has created too many
    games lately (``games.limits``).
    """
    _require_person(host)
    if family not in PRIVATE_FAMILIES:
        raise TableRejected("malformed", f"Private tables offer {', '.join(PRIVATE_FAMILIES)}, "
                                         f"not {family!r}.", "P-TABLE-1")
    try:
        clocks.clock_for(clock)
    except (ValueError, KeyError):
        raise TableRejected("malformed", f"Unknown clock {clock!r}.", "P-CLOCK-1") from None
    with transaction.atomic():
        # Lock the host's row so that two creations at once cannot both pass the limit.
        get_user_model().objects.select_for_update().filter(pk=host.pk).first()
        if (Table.objects.filter(host=host, kind=Table.Kind.PRIVATE, status=Table.Status.OPEN).count()
                >= MAX_OPEN_TABLES_PER_HOST):
            raise TableRejected("limit", "You already have an open private table; start or close "
                                         "it first.")
        _check_creation_rate(host)
        table = Table.objects.create(kind=Table.Kind.PRIVATE, host=host,
                                     preset_name=PRIVATE_FAMILIES[family], clock=clock,
                                     allow_spectators=bool(allow_spectators),
                                     invite_token=secrets.token_urlsafe(24))
        TableSeat.objects.create(table=table, position=0, user=host)
    return table


# --------------------------------------------------------------------------- joining

def join_by_token(token, user) -> Table:
    """Take an empty seat of the open table whose invite link carries ``token`` (P-TABLE-6).

    Raises ``TableRejected``: ``bad_token`` (no table has it: wrong or guessed), ``started``
    (the link is used after the start), ``closed``, ``full``, ``already_seated``,
    ``not_allowed`` (a computer or anonymous user)."""
    _require_person(user)
    if not isinstance(token, str) or not token or len(token) > 64:
        raise TableRejected("bad_token", "This invite link is not valid.", "P-TABLE-6")
    with transaction.atomic():
        table = (Table.objects.select_for_update()
                 .filter(invite_token=token, kind=Table.Kind.PRIVATE).first())
        if table is None:
            raise TableRejected("bad_token", "This invite link is not valid.", "P-TABLE-6")
        _require_open(table)
        _seat(table, user)
        Invitation.objects.filter(table=table, user=user, role=Invitation.Role.PLAYER,
                                  status=Invitation.Status.PENDING).update(
            status=Invitation.Status.ACCEPTED)
        _bump(table)
    return table


def leave(table_id, user) -> Table:
    """A guest leaves an open table before the start (J3). The host of a private table cannot
    leave: they close the table instead; at a public table any seated player may leave and
    the creator leaving closes it (P-TABLE-5). Raises ``TableRejected`` (``not_found``,
    ``started``, ``closed``, ``not_allowed`` for a private host or someone without a seat)."""
    with transaction.atomic():
        table = _locked(table_id)
        _require_open(table)
        if table.kind == Table.Kind.PUBLIC:
            from .public_tables import leave_public_locked
            leave_public_locked(table, user)
            _bump(table)
            return table
        if table.host_id == getattr(user, "pk", None):
            raise TableRejected("not_allowed", "The host closes the table instead of leaving it.")
        deleted, _ = table.seats.filter(user=user).delete()
        if not deleted:
            raise TableRejected("not_allowed", "You have no seat at this table.")
        _bump(table)
    return table


def close(table_id, user) -> Table:
    """The host closes an open table (J3); its link and invitations stop working.
    Raises ``TableRejected`` (``not_found``, ``not_host``, ``started``, ``closed``)."""
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, user)
        _require_open(table)
        table.status = Table.Status.CLOSED
        table.invitations.filter(status=Invitation.Status.PENDING).update(
            status=Invitation.Status.DECLINED)
        _bump(table)
    return table


# --------------------------------------------------------------------------- computers

def add_computer(table_id, user, position, strength: str | None = None) -> Table:
    """The host puts a built-in computer of ``strength`` in the empty seat ``position``
    (0..3) (P-TABLE-7, P-BOT-6: picked at random among that strength's computers not yet at
    the table). At a public table ``strength`` is ignored: the computer is drawn among all
    listed computers, at most two computers sit there, and filling the fourth seat starts the
    game (``public_tables.add_computer_locked``). Raises ``TableRejected``: ``not_found``,
    ``not_host``, ``started``, ``closed``, ``malformed`` (a position outside 0..3 or an
    unknown strength), ``seat_taken``, ``computer_limit`` (public)."""
    strength = strength or default_strength()
    if strength not in available_strengths():
        raise TableRejected("malformed", f"Unknown computer strength {strength!r}.", "P-BOT-2")
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= 3:
        raise TableRejected("malformed", "A seat is a number from 0 to 3.")
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, user)
        _require_open(table)
        if table.kind == Table.Kind.PUBLIC:
            from .public_tables import add_computer_locked
            add_computer_locked(table, position)
            _bump(table)
            return table
        if table.seats.filter(position=position).exists():
            raise TableRejected("seat_taken", "That seat is occupied.", "P-TABLE-7")
        seated = set(table.seats.values_list("user_id", flat=True))
        free = [c for c in computers_for(strength) if c.pk not in seated]
        if not free:
            raise TableRejected("malformed", "No more computers of that strength are available.")
        TableSeat.objects.create(table=table, position=position,
                                 user=free[secrets.randbelow(len(free))])
        _bump(table)
    return table


def remove_computer(table_id, user, position) -> Table:
    """The host takes the computer out of seat ``position`` again (P-TABLE-7). Raises
    ``TableRejected``: ``not_found``, ``not_host``, ``started``, ``closed``, ``malformed``,
    ``seat_empty`` (no computer there)."""
    if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= 3:
        raise TableRejected("malformed", "A seat is a number from 0 to 3.")
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, user)
        _require_open(table)
        deleted, _ = table.seats.filter(position=position, user__is_computer=True).delete()
        if not deleted:
            raise TableRejected("seat_empty", "There is no computer in that seat.", "P-TABLE-7")
        _bump(table)
    return table


# --------------------------------------------------------------------------- invitations

def invite(table_id, user, username, role: str = Invitation.Role.PLAYER) -> Invitation:
    """The host invites the account ``username`` as a player or a spectator (P-TABLE-6,
    P-SPECT-1); the invitee sees an in-site notification on every page. Inviting again
    re-opens a declined invitation. Raises ``TableRejected``: ``not_found``, ``not_host``,
    ``started``, ``closed``, ``bad_invitee`` (yourself, an unknown user, a built-in computer,
    someone already seated; an outside bot account may be invited, docs/bot-api.md), ``not_allowed`` (spectators were not allowed at this table),
    ``malformed`` (an unknown role)."""
    if role not in Invitation.Role.values:
        raise TableRejected("malformed", f"Unknown role {role!r}.")
    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, user)
        _require_open(table)
        if table.kind == Table.Kind.PUBLIC:
            raise TableRejected("automatic", "Public tables are joined from the lobby, not by "
                                             "invitation.", "P-TABLE-5")
        name = (username or "").strip() if isinstance(username, str) else ""
        invitee = get_user_model().objects.filter(username__iexact=name).first() if name else None
        if invitee is None:
            raise TableRejected("bad_invitee", f"There is no player called {name!r}.")
        if invitee.pk == user.pk:
            raise TableRejected("bad_invitee", "You cannot invite yourself.")
        if invitee.played_by_platform:          # outside bots are invited like people
            raise TableRejected("bad_invitee", "Computers are added with “Add computer”, not invited.",
                                "P-TABLE-7")
        if role == Invitation.Role.PLAYER and not bot_may_play(invitee, table.preset_name):
            raise TableRejected("bad_invitee", FAMILY_REFUSAL)
        if role == Invitation.Role.SPECTATOR and not table.allow_spectators:
            raise TableRejected("not_allowed", "This table does not allow spectators.", "P-SPECT-1")
        if role == Invitation.Role.PLAYER and table.seats.filter(user=invitee).exists():
            raise TableRejected("bad_invitee", f"{invitee.username} already has a seat here.")
        invitation, created = Invitation.objects.get_or_create(table=table, user=invitee, role=role)
        if not created and invitation.status == Invitation.Status.DECLINED:
            invitation.status = Invitation.Status.PENDING
            invitation.save(update_fields=["status"])
        _bump(table)
    return invitation


def answer_invitation(invitation_id, user, accept: bool) -> Invitation:
    """``user`` accepts or declines their invitation (P-TABLE-6). Accepting a player
    invitation takes an empty seat; accepting a spectator invitation only marks it (the
    invitee may watch once the game starts, P-SPECT-4). Raises ``TableRejected``:
    ``not_found`` (no such invitation of this user), ``started``/``closed`` (for a player
    invitation), ``full``, ``already_seated``."""
    with transaction.atomic():
        invitation = (Invitation.objects.select_for_update()
                      .filter(pk=invitation_id if isinstance(invitation_id, int) else -1,
                              user=user).first())
        if invitation is None:
            raise TableRejected("not_found", "There is no such invitation.")
        table = _locked(invitation.table_id)
        if not accept:
            invitation.status = Invitation.Status.DECLINED
            invitation.save(update_fields=["status"])
            if table.status == Table.Status.OPEN:
                _bump(table)
            return invitation
        if invitation.role == Invitation.Role.PLAYER:
            _require_open(table)
            _seat(table, user)
        elif table.status == Table.Status.CLOSED:
            raise TableRejected("closed", "This table has been closed.")
        invitation.status = Invitation.Status.ACCEPTED
        invitation.save(update_fields=["status"])
        if table.status == Table.Status.OPEN:
            _bump(table)
    return invitation


def pending_invitations(user) -> list[Invitation]:
    """The in-site notifications of ``user``: pending invitations to tables that are open
    (player) or open or running (spectator), newest first."""
    if user is None or not user.is_authenticated:
        return []
    return list(Invitation.objects.filter(user=user, status=Invitation.Status.PENDING)
                .filter(Q(table__status=Table.Status.OPEN)
                        | Q(role=Invitation.Role.SPECTATOR, table__status=Table.Status.STARTED,
                            table__game__status=Game.Status.ACTIVE))
                .select_related("table", "table__host")[:10])


# --------------------------------------------------------------------------- start

def start(table_id, user) -> Game:
    """The host presses Start (P-TABLE-8): with four seats occupied, the seat winds are drawn
    by lot and the game is created (kind private, never rated; P-TABLE-2/-10) in the same
    transaction that marks the table started, so the link stops working at once. Returns the
    ``Game``. Raises ``TableRejected``: ``not_found``, ``not_host``, ``started``, ``closed``,
    ``not_enough_players``."""
    from rules_engine.preset import get_preset

    from . import service

    with transaction.atomic():
        table = _locked(table_id)
        _require_host(table, user)
        _require_open(table)
        if table.kind == Table.Kind.PUBLIC:
            raise TableRejected("automatic", "A public table starts by itself when its fourth "
                                             "seat is filled.", "P-TABLE-8")
        occupants = [s.user for s in table.seats.select_related("user").order_by("position")]
        if len(occupants) < 4:
            raise TableRejected("not_enough_players", "Start needs four occupied seats.", "P-TABLE-8")
        for i in range(3, 0, -1):                    # Fisher–Yates with the OS source (P-TABLE-8)
            j = secrets.randbelow(i + 1)
            occupants[i], occupants[j] = occupants[j], occupants[i]
        preset = get_preset(table.preset_name)
        game = service._create_game(Game.Kind.PRIVATE, preset, service.PRIVATE_PRESETS[table.preset_name],
                                    table.clock, table.host, occupants, iter(()), "")
        table.status = Table.Status.STARTED
        table.game = game
        table.invitations.filter(role=Invitation.Role.PLAYER, status=Invitation.Status.PENDING).update(
            status=Invitation.Status.DECLINED)
        _bump(table)
    return game


# --------------------------------------------------------------------------- reading

def room_state(table: Table, user) -> dict:
    """The waiting-room state for ``user`` (the page, the API and the room WebSocket):
    ``{"type": "room", "table": {"id", "kind", "status", "preset", "clock", "ranked": False,
    "allow_spectators", "host", "game_id", "version", "seats": [4 × {"position", "name",
    "is_computer", "strength"} or {"position", "name": None}], "full": bool (four seats
    occupied), "spectators": [names]},
    "you": {"is_host", "seated"}, "invite_token"}``. ``invite_token`` (the link) is given
    to the host of a private table only, while the table is open (public tables have no link)."""
    seats = {s.position: s for s in table.seats.select_related("user")}
    is_host = table.host_id == getattr(user, "pk", None)
    out_seats = []
    for position in range(4):
        s = seats.get(position)
        if s is None:
            out_seats.append({"position": position, "name": None, "is_computer": False, "strength": None})
        else:
            out_seats.append({"position": position, "name": s.user.username,
                              "is_computer": s.user.is_computer,
                              "strength": s.user.computer_strength or None if s.user.is_computer else None})
    spectators = list(table.invitations.filter(role=Invitation.Role.SPECTATOR)
                      .exclude(status=Invitation.Status.DECLINED)
                      .values_list("user__username", flat=True)) if is_host else []
    invited = list(table.invitations.filter(role=Invitation.Role.PLAYER, status=Invitation.Status.PENDING)
                   .values_list("user__username", flat=True)) if is_host else []
    return {
        "type": "room",
        "table": {"id": table.pk, "kind": table.kind, "status": table.status,
                  "preset": table.preset_name, "clock": table.clock,
                  "ranked": table.kind == Table.Kind.PUBLIC,
                  "allow_spectators": table.allow_spectators, "host": table.host.username,
                  "game_id": table.game_id, "version": table.version, "seats": out_seats,
                  "full": len(seats) == 4, "spectators": spectators, "invited": invited},
        "you": {"is_host": is_host,
                "seated": any(s.user_id == getattr(user, "pk", None) for s in seats.values())},
        "invite_token": (table.invite_token if is_host and table.status == Table.Status.OPEN
                         and table.kind == Table.Kind.PRIVATE else None),   # public: no link
    }


def may_view_room(table: Table, user) -> bool:
    """Who may open a waiting room: its host, its seated guests, and accounts invited to it
    (holders of the link join through the link); a public table's room, any signed-in
    account (it is listed in the lobby, P-MATCH-7)."""
    if user is None or not user.is_authenticated:
        return False
    if table.kind == Table.Kind.PUBLIC:              # listed in the lobby (P-MATCH-7)
        return True
    return (table.host_id == user.pk or table.seats.filter(user=user).exists()
            or table.invitations.filter(user=user).exclude(status=Invitation.Status.DECLINED).exists())


def is_invited_spectator(game: Game, user) -> bool:
    """P-SPECT-1/-4: ``user`` was invited (and did not decline) to watch the private table
    that ``game`` was started from, and the table allows spectators. Players are not
    spectators of their own game (P-SPECT-1)."""
    if user is None or not user.is_authenticated or game.kind != Game.Kind.PRIVATE:
        return False
    return (Invitation.objects.filter(
        table__game=game, table__allow_spectators=True, user=user, role=Invitation.Role.SPECTATOR,
    ).exclude(status=Invitation.Status.DECLINED).exists()
        and not game.seats.filter(user=user).exists())


# --------------------------------------------------------------------------- spectator leases

def spectator_arrived(game_id: int, channel: str, user) -> None:
    """Record (or renew) the spectator connection ``channel`` (P-SPECT-5); ``user`` is
    ``None`` for an anonymous public spectator (P-SPECT-1). The lease keeps the moment it
    began (``since``) so the public can be told the count as of a past moment (P-SPECT-2)."""
    from datetime import datetime, timezone as dt_tz

    from .spectate import delay

    now = clocks.now()
    at_now = datetime.fromtimestamp(now, tz=dt_tz.utc)
    until = datetime.fromtimestamp(now + SPECTATOR_TTL, tz=dt_tz.utc)
    # A ranked game's leases are kept after they end for as long as the delayed public count
    # may ask about them; others are cleared once they end. Leases of connections that never
    # closed cleanly only ever count while alive.
    horizon = datetime.fromtimestamp(now - delay() - SPECTATOR_TTL, tz=dt_tz.utc)
    SpectatorLease.objects.filter(game_id=game_id).filter(
        Q(until__lte=horizon) | Q(until__lte=at_now, game__ranked=False)).delete()
    if user is not None and not getattr(user, "is_authenticated", False):
        user = None
    try:
        SpectatorLease.objects.update_or_create(
            channel=channel, defaults={"game_id": game_id, "user": user, "until": until},
            create_defaults={"game_id": game_id, "user": user, "until": until, "since": at_now})
    except IntegrityError:   # a race on the same channel name: the other write won
        pass


def spectator_left(channel: str) -> None:
    """A spectator connection closed cleanly: its lease ends now (a ranked game's is kept for
    the delayed public count, P-SPECT-2; others are dropped); one that never says so expires."""
    from datetime import datetime, timezone as dt_tz

    rows = SpectatorLease.objects.filter(channel=channel)
    rows.filter(game__ranked=False).delete()
    rows.update(
        until=datetime.fromtimestamp(clocks.now(), tz=dt_tz.utc))


def spectator_count(game_id: int) -> int:
    """Live spectator connections of game ``game_id`` now (P-SPECT-5: the number, no names)."""
    from datetime import datetime, timezone as dt_tz

    now = datetime.fromtimestamp(clocks.now(), tz=dt_tz.utc)
    return SpectatorLease.objects.filter(game_id=game_id, until__gt=now).count()


def open_table_of(user) -> Table | None:
    """The open private table ``user`` hosts or sits at, newest first (lobby link)."""
    if user is None or not user.is_authenticated:
        return None
    return (Table.objects.filter(status=Table.Status.OPEN, seats__user=user)
            .select_related("host").order_by("-created_at").first())
