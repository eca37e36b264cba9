"""Public tables (P-TABLE-5/-7/-8) and the public lobby's list of them (P-MATCH-7).

A public table is a ``Table`` with ``kind="public"``: a verified account opens it with a
preset family and a timed clock; anyone eligible for ranked play (``ranked.check_may_enter``)
joins it from the lobby, and so may an outside bot account that staff listed on the roster
(``ranked.check_bot_may_sit``, P-BOT-2), as one of the table's computer seats; the host may
put listed computers (built-in, chosen at random, P-BOT-6) in empty seats and take them out
again, at most two computers in all (P-TABLE-7); when the fourth seat is filled the game
starts automatically, ranked, with seat winds by lot (``ranked.create_ranked_game``) in the
same transaction that marks the table started. Any seated player may leave before the start;
if the creator leaves, the table closes. A table not filled within ``PUBLIC_TABLE_TTL``
seconds is closed by ``close_unfilled_public_tables`` (Celery beat and the embedded sweeper).

Writes follow ``games.tables``: the table row is locked (and, for a person taking a seat, the
person's account row first, so that one person cannot sit at two open tables at once), the
rules are checked, the row's ``version`` is bumped and, after commit, the room group and the
lobby group (``LOBBY_GROUP``, ``{"type": "lobby.changed"}``) get a notice; readers re-read.

Refusals raise ``tables.TableRejected`` and change nothing. Codes added here: ``untimed``
(P-TABLE-3), ``family`` (no public tables of that family yet), ``computer_limit`` (a third
computer, P-TABLE-7), ``at_open_table`` (already seated at another open table), ``automatic``
(Start/invitations at a public table), and the codes of ``ranked.RankedRefused``
(``unverified``, ``flagged``, ``ranked_seat``, ``computer``, ``bot_unlisted``, ``not_signed_in``).
"""
from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from . import clocks, ranked
from .models import Game, Table, TableSeat
from .tables import TableRejected, _bump, _free_position, _locked, _require_open, _require_person

log = logging.getLogger("games")

#: Seconds an unfilled public table stays listed before it is closed (P-TABLE-5, §21: 10 min).
PUBLIC_TABLE_TTL = 600
#: Families offered at public tables (P-TABLE-1): the ranked presets that exist.
PUBLIC_FAMILIES = tuple(ranked.RANKED_PRESETS)
#: The channel-layer group of lobby connections (``/ws/lobby/``).
LOBBY_GROUP = "lobby"


# --------------------------------------------------------------------------- notices

def notify_lobby() -> None:
    """Send the lobby group a content-free ``lobby.changed`` notice (readers re-read)."""
    from . import notify

    try:
        notify.group_send(LOBBY_GROUP, {"type": "lobby.changed"})
    except Exception:   # a lost notice heals at the next one; never fail the write
        log.exception("could not notify the lobby")


def _refuse_ranked(user, family: str) -> None:
    try:
        ranked.check_may_enter(user, family)
    except ranked.RankedRefused as exc:
        raise TableRejected(exc.code, exc.message, exc.rule) from None


def _refuse_bot(bot, table: Table) -> None:
    """A listed outside bot joining locked public ``table`` by itself takes one of its computer
    seats (P-BOT-2, P-TABLE-7): refused unless ``ranked.check_bot_may_sit`` passes and the
    table holds fewer than two computers (``computer_limit``), and never at a table of a family
    the bot protocol cannot play (``bot_family``, ``accounts.bots.bot_may_play``)."""
    from accounts.bots import FAMILY_REFUSAL, bot_may_play

    if not bot_may_play(bot, table.preset_name):
        raise TableRejected("bot_family", FAMILY_REFUSAL)
    try:
        ranked.check_bot_may_sit(bot, family_of(table))
    except ranked.RankedRefused as exc:
        raise TableRejected(exc.code, exc.message, exc.rule) from None
    _require_computer_room(table)


def _require_computer_room(table: Table) -> None:
    if sum(s.user.is_computer for s in table.seats.select_related("user")) >= ranked.MAX_RANKED_COMPUTERS:
        raise TableRejected("computer_limit", "A public table has at most two computers: a ranked "
                                              "game needs at least two people.", "P-TABLE-7")


def _lock_account(user) -> None:
    """Lock ``user``'s row: one person's seat-taking writes run one at a time, so the
    "one open table at a time" check cannot be passed twice at once."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def _require_not_at_open_table(user, except_table: int | None = None) -> None:
    seated = TableSeat.objects.filter(user=user, table__status=Table.Status.OPEN)
    if except_table is not None:
        seated = seated.exclude(table_id=except_table)
    if seated.exists():
        raise TableRejected("at_open_table", "You already have a seat at another open table; "
                                             "leave it first.", "P-TABLE-5")
    from .matchmaking import in_queue

    if in_queue(user):          # P-MATCH-1: one queue at a time (Quick Play is one)
        raise TableRejected("in_queue", "You are already waiting in Quick Play.", "P-MATCH-1")


def _check_clock(clock) -> None:
    if clock == clocks.UNTIMED:
        raise TableRejected("untimed", "Public tables need a timed clock: Bullet, Blitz, Standard "
                                       "or Relaxed.", "P-TABLE-3")
    try:
        clocks.clock_for(clock)
    except (ValueError, KeyError, TypeError):
        raise TableRejected("malformed", f"Unknown clock {clock!r}.", "P-CLOCK-1") from None


# --------------------------------------------------------------------------- create / join / leave

def create_public_table(host, *, family: str = "riichi", clock: str = clocks.STANDARD) -> Table:
    """Open a public table hosted by ``host``, who takes seat 0 (P-TABLE-5).

    ``family``: one of ``PUBLIC_FAMILIES`` (``"riichi"``: one East round; ``"taiwanese"``: a full
    match, P-TABLE-1). ``clock``: ``"bullet"``, ``"blitz"``, ``"standard"`` or ``"relaxed"``
    (P-TABLE-3: a clock is mandatory). The table is listed in the lobby until full.
    Raises ``TableRejected``: ``family``, ``untimed``, ``malformed`` (unknown clock), the
    ``RankedRefused`` codes (``unverified``, ``flagged``, ``ranked_seat``, ...),
    ``at_open_table`` (already seated at an open table), ``in_queue`` (waiting in Quick Play,
    P-MATCH-1), ``rate_limited``."""
    from .tables import _check_creation_rate

    _require_person(host)
    if family not in PUBLIC_FAMILIES:
        raise TableRejected("family", "Public tables of that rule family are not available yet.",
                            "P-TABLE-1")
    _check_clock(clock)
    with transaction.atomic():
        _lock_account(host)
        _refuse_ranked(host, family)
        _require_not_at_open_table(host)
        _check_creation_rate(host)
        table = Table.objects.create(kind=Table.Kind.PUBLIC, host=host,
                                     preset_name=ranked.RANKED_PRESETS[family][0], clock=clock,
                                     invite_token=secrets.token_urlsafe(24))
        TableSeat.objects.create(table=table, position=0, user=host)
        _bump(table)
    return table


def _public(table_id) -> Table:
    table = _locked(table_id)
    if table.kind != Table.Kind.PUBLIC:
        raise TableRejected("not_found", "There is no such public table.")
    return table


def join_public_table(table_id, user) -> Table:
    """``user`` takes the first empty seat of open public table ``table_id`` from the lobby
    (P-TABLE-5). When that fills the fourth seat the game starts at once (``start_if_full``).
    Returns the table (``table.game`` set when it started). Raises ``TableRejected``:
    ``not_found``, ``started``, ``closed``, ``full``, ``already_seated``, ``at_open_table``,
    ``in_queue`` (waiting in Quick Play, P-MATCH-1), ``computer_limit`` (a listed bot
    when the table holds two computers, P-TABLE-7), ``bot_unlisted`` (an unlisted bot, P-BOT-2)
    and the ``RankedRefused`` codes (``ranked_seat``: a seat in an unfinished ranked game,
    P-FAIR-4; ``unverified``; ``flagged``)."""
    bot = getattr(user, "is_outside_bot", False)
    if not bot:
        _require_person(user)
    with transaction.atomic():
        _lock_account(user)
        table = _public(table_id)
        _require_open(table)
        if table.seats.filter(user=user).exists():
            raise TableRejected("already_seated", "You already have a seat at this table.")
        if _free_position(table) is None:
            raise TableRejected("full", "This table is full.", "P-TABLE-5")
        if bot:
            _refuse_bot(user, table)
        else:
            _refuse_ranked(user, family_of(table))
        _require_not_at_open_table(user)
        TableSeat.objects.create(table=table, position=_free_position(table), user=user)
        start_if_full(table)
        _bump(table)
    return table


def leave_public_locked(table: Table, user) -> None:
    """Inside ``tables.leave``: a seated player leaves the locked, open public ``table``; the
    creator leaving closes it (P-TABLE-5). Raises ``TableRejected("not_allowed")`` for
    someone without a seat."""
    if table.host_id == getattr(user, "pk", None):
        table.status = Table.Status.CLOSED
        return
    deleted, _ = table.seats.filter(user=user).delete()
    if not deleted:
        raise TableRejected("not_allowed", "You have no seat at this table.")


def add_computer_locked(table: Table, position: int) -> None:
    """Inside ``tables.add_computer`` for a public table (the host, open, checked): put a
    listed computer drawn at random among all built-in computers (P-BOT-6; the host does not
    choose its strength) in empty seat ``position``, at most two computers (P-TABLE-7), and
    start the game if that filled the table. Raises ``TableRejected``: ``seat_taken``,
    ``computer_limit``, ``malformed`` (no computer left)."""
    if table.seats.filter(position=position).exists():
        raise TableRejected("seat_taken", "That seat is occupied.", "P-TABLE-7")
    _require_computer_room(table)
    seated = list(table.seats.select_related("user"))
    try:
        (computer,) = ranked.pick_computers(1, exclude=[s.user for s in seated])
    except ValueError:
        raise TableRejected("malformed", "No more computers are available.") from None
    TableSeat.objects.create(table=table, position=position, user=computer)
    start_if_full(table)


def family_of(table: Table) -> str:
    """The preset family of ``table`` (its preset's family key in ``ranked.RANKED_PRESETS``)."""
    for family, (preset, _format) in ranked.RANKED_PRESETS.items():
        if preset == table.preset_name:
            return family
    return table.preset_name


def start_if_full(table: Table) -> Game | None:
    """With the locked, open public ``table`` holding four seats: create its ranked game
    (``ranked.create_ranked_game``, kind public, seats by lot, P-TABLE-8) and mark the table
    started, in the caller's transaction. Returns the game, or None while a seat is empty.
    A seated person who meanwhile took a seat in another unfinished ranked game (P-FAIR-4)
    is unseated instead and the table stays open (closed if it was the creator)."""
    seats = list(table.seats.select_related("user"))
    if len(seats) < 4:
        return None
    gone = [s for s in seats if not s.user.played_by_platform and ranked.unfinished_ranked_game(s.user)]
    if gone:
        if any(s.user_id == table.host_id for s in gone):
            table.status = Table.Status.CLOSED
        TableSeat.objects.filter(pk__in=[s.pk for s in gone]).delete()
        return None
    people = [s.user for s in seats if not s.user.is_computer]
    computers = [s.user for s in seats if s.user.is_computer]
    game = ranked.create_ranked_game(Game.Kind.PUBLIC, people, computers=computers,
                                     family=family_of(table), clock=table.clock, creator=table.host)
    table.status = Table.Status.STARTED
    table.game = game
    return game


# --------------------------------------------------------------------------- expiry

def close_unfilled_public_tables(now: datetime | None = None) -> int:
    """Close every open public table created more than ``PUBLIC_TABLE_TTL`` seconds before
    ``now`` (an aware datetime; default: the current time) (P-TABLE-5, §21). Each table is
    re-checked under its row lock, so a table that filled meanwhile is left alone. Returns
    how many were closed."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=PUBLIC_TABLE_TTL)
    ids = list(Table.objects.filter(kind=Table.Kind.PUBLIC, status=Table.Status.OPEN,
                                    created_at__lte=cutoff).values_list("pk", flat=True)[:500])
    closed = 0
    for table_id in ids:
        with transaction.atomic():
            table = Table.objects.select_for_update().filter(pk=table_id).first()
            if table is None or table.status != Table.Status.OPEN or table.created_at > cutoff:
                continue
            table.status = Table.Status.CLOSED
            _bump(table)
            closed += 1
    return closed


# --------------------------------------------------------------------------- reading

def closes_at(table: Table) -> datetime:
    """When the open public ``table`` is closed if still unfilled (P-TABLE-5)."""
    return table.created_at + timedelta(seconds=PUBLIC_TABLE_TTL)


def open_public_tables(limit: int = 100) -> list[dict]:
    """The lobby's list of open public tables, oldest first (P-MATCH-7): each
    ``{"id", "preset", "family", "clock", "host", "seats": [4 × {"name", "is_computer", "rating"}
    or {"name": None, "is_computer": False, "rating": None}], "free_seats", "closes_at" (ISO 8601
    UTC)}``. Public information only: names, computer badges (P-TABLE-7) and displayed ratings
    (P-RATE-6, "1500?" while provisional)."""
    from leaderboard.ratings import displayed_ratings

    rows = list(Table.objects.filter(kind=Table.Kind.PUBLIC, status=Table.Status.OPEN)
                .select_related("host").prefetch_related("seats__user").order_by("created_at", "id")[:limit])
    ratings = {family: displayed_ratings([s.user_id for t in rows if family_of(t) == family
                                          for s in t.seats.all()], family)
               for family in {family_of(t) for t in rows}}
    out = []
    for table in rows:
        by_position = {s.position: s for s in table.seats.all()}
        seats = []
        for position in range(4):
            s = by_position.get(position)
            seats.append({"name": s.user.username if s else None,
                          "is_computer": bool(s and s.user.is_computer),
                          "rating": ratings[family_of(table)].get(s.user_id) if s else None})
        out.append({"id": table.pk, "preset": table.preset_name, "family": family_of(table),
                    "clock": table.clock, "host": table.host.username, "seats": seats,
                    "free_seats": 4 - len(by_position),
                    "closes_at": closes_at(table).isoformat()})
    return out


def lobby_state() -> dict:
    """The ``/ws/lobby/`` message: ``{"type": "lobby", "tables": open_public_tables()}``."""
    return {"type": "lobby", "tables": open_public_tables()}
