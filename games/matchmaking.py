"""Quick Play: the queue and the matchmaker (P-MATCH-1..-6, J2).

The one write path for ``QueueEntry`` rows. A verified account joins the queue of a preset
family (``join``, P-MATCH-1), may leave it until it is grouped (``leave``, P-MATCH-6) and,
after ``COMPUTER_OFFER_AFTER`` seconds, accept "Start now with computers"
(``opt_in_computers``, P-MATCH-5). The matchmaker (``run_matchmaker``; on every join and
every ``MATCHMAKER_INTERVAL`` seconds as the Celery task ``games.tasks.match_players``,
P-MATCH-3) forms groups with ``form_groups`` (pure: P-MATCH-2 windows, P-MATCH-5 groups)
and seats each group in ONE transaction (``_seat_group``): it locks the group's queue rows
(``select_for_update(skip_locked=True)``: a row another matchmaker holds is skipped, and the
whole group with it), locks the accounts, re-checks each person (``ranked.check_may_enter``:
one who meanwhile took a ranked seat elsewhere is dropped from the queue with a notice),
creates the ranked game (``ranked.create_ranked_game``: seats by lot, first hand dealt) and
deletes the entries. So two matchmakers racing on two workers never seat anyone twice. On
SQLite every transaction takes the write lock at its start (``transaction_mode``
IMMEDIATE), which serializes them the same way.

Waiting clients are told over the channel layer: after every change the account's group
``quick-<user id>`` gets ``{"type": "quick.changed", "notice": code|None}`` (no content; the
``/ws/quick/`` consumer then reads ``status`` itself, as the table consumer does, DESIGN §3).

Refusals raise ``QueueRefused`` (a ``ranked.RankedRefused``: ``code``, translated
``message``, ``rule``) and change nothing. Codes: those of ``ranked.check_may_enter``
(``not_signed_in``, ``computer``, ``unverified``, ``flagged``, ``ranked_seat``, ``family``)
and ``in_queue`` (already waiting, P-MATCH-1), ``at_open_table`` (waiting at an open public
table, P-MATCH-1), ``not_in_queue``, ``grouped`` (a group with
them was formed: the seat is theirs, P-MATCH-6), ``too_early`` (computers are offered after
60 s, P-MATCH-5).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import clocks, ranked
from .models import Game, QueueEntry, Table, TableSeat

log = logging.getLogger("games")

#: P-MATCH-2 / §21: the rating window is WINDOW_BASE + WINDOW_STEP per WINDOW_STEP_SECONDS
#: waited (by the longest wait in the group), unlimited from ANY_SPREAD_AFTER seconds.
WINDOW_BASE = 200.0
WINDOW_STEP = 100.0
WINDOW_STEP_SECONDS = 15.0
ANY_SPREAD_AFTER = 60.0
#: P-MATCH-5 / §21: "Start now with computers" is offered after this many seconds of waiting.
COMPUTER_OFFER_AFTER = 60.0
#: Seats at a table; a computer group needs at least MIN_PEOPLE people (P-TABLE-7).
GROUP_SIZE = 4
MIN_PEOPLE = GROUP_SIZE - ranked.MAX_RANKED_COMPUTERS
#: Quick Play's clock (P-MATCH-1: Standard only).
QUICK_CLOCK = clocks.STANDARD
#: Rounds of (read the queue, form groups, seat them) in one matchmaker run; a new round
#: only follows when a group could not be seated because someone in it was dropped.
MAX_ROUNDS = 10

class QueueRefused(ranked.RankedRefused):
    """A refused Quick Play request; nothing was changed (see the module docstring for
    ``code``). A ``ranked.RankedRefused``, so one ``except`` catches both."""


def user_group(user_id: int) -> str:
    """The channel-layer group of account ``user_id``'s Quick Play connections."""
    return f"quick-{user_id}"


def window(waited: float) -> float | None:
    """The acceptable rating spread (P-MATCH-2) when the longest wait in a group is
    ``waited`` seconds: ``200 + 100 * floor(waited / 15)`` rating points, or ``None``
    (any spread) from 60 s on."""
    if waited >= ANY_SPREAD_AFTER:
        return None
    return WINDOW_BASE + WINDOW_STEP * (max(waited, 0.0) // WINDOW_STEP_SECONDS)


@dataclass(frozen=True)
class Waiting:
    """One queue entry as the grouping sees it: ``waited`` in seconds at the matchmaker's
    ``now``, ``rating`` from ``leaderboard.ratings.matchmaking_rating``, ``opted_in`` when the
    player accepted computers (P-MATCH-5)."""

    entry_id: int
    user_id: int
    family: str
    waited: float
    rating: float
    opted_in: bool = False


@dataclass(frozen=True)
class Group:
    """A group to seat: ``people`` (2–4 ``Waiting``, longest waiting first) and the number of
    ``computers`` that fill the other seats (0, or 1–2 for an opted-in group, P-MATCH-5)."""

    family: str
    people: tuple[Waiting, ...]
    computers: int = 0


def acceptable(people) -> bool:
    """P-MATCH-2: the spread (highest minus lowest rating) of ``people`` is within the window
    of the longest wait among them."""
    limit = window(max(w.waited for w in people))
    ratings = [w.rating for w in people]
    return limit is None or max(ratings) - min(ratings) <= limit


def _longest_first(waiting):
    return sorted(waiting, key=lambda w: (-w.waited, w.entry_id))


def form_groups(waiting) -> list[Group]:
    """The groups the matchmaker would seat now, from ``waiting`` (``Waiting`` items of any
    families). Pure: no database, no clock.

    Per family (P-MATCH-2): players are taken longest-waiting first; each one not yet
    grouped is the anchor of a candidate group with the three other ungrouped players
    closest to its rating (ties: the longer wait, then the earlier entry); the group is kept
    when ``acceptable``, else the anchor keeps waiting (its window widens) and the next
    player is tried. Then (P-MATCH-5) the players left who accepted computers are grouped
    with each other, longest waiting first, two to four a group, the other seats for
    computers; a lone one keeps waiting, and nobody who did not accept is ever in such a
    group."""
    groups: list[Group] = []
    for family in sorted({w.family for w in waiting}):
        pool = _longest_first(w for w in waiting if w.family == family)
        left = list(pool)
        for anchor in pool:
            if anchor not in left:
                continue
            others = [w for w in left if w is not anchor]
            if len(others) < GROUP_SIZE - 1:
                continue
            closest = sorted(others, key=lambda w: (abs(w.rating - anchor.rating), -w.waited, w.entry_id))
            people = [anchor, *closest[:GROUP_SIZE - 1]]
            if acceptable(people):
                groups.append(Group(family, tuple(_longest_first(people))))
                left = [w for w in left if w not in people]
        opted = [w for w in left if w.opted_in]
        while len(opted) >= MIN_PEOPLE:
            people, opted = opted[:GROUP_SIZE], opted[GROUP_SIZE:]
            groups.append(Group(family, tuple(people), GROUP_SIZE - len(people)))
    return groups


# --------------------------------------------------------------------------- notices

def _notify(user_id: int, notice: str | None = None) -> None:
    """Tell ``user_id``'s Quick Play connections that their state changed (a lost notice is
    healed by a reload: the page reads the state itself)."""
    from . import notify

    try:
        notify.group_send(user_group(user_id), {"type": "quick.changed", "notice": notice})
    except Exception:  # never fail the write that was already committed
        log.exception("could not notify Quick Play of account %s", user_id)


def _after_commit_notify(user_id: int, notice: str | None = None) -> None:
    transaction.on_commit(lambda: _notify(user_id, notice), robust=True)


def _after_commit_match(family: str) -> None:
    """Run the matchmaker for ``family`` once this transaction has committed (P-MATCH-3: on
    every join), as a task on the realtime queue."""
    def queue():
        from .tasks import match_players
        match_players.apply_async((family,), queue=settings.REALTIME_QUEUE,
                                  expires=settings.MATCHMAKER_INTERVAL * 5)
    transaction.on_commit(queue, robust=True)


# --------------------------------------------------------------------------- the player's requests

def _waited(entry: QueueEntry, now: datetime) -> float:
    return max(0.0, (now - entry.joined_at).total_seconds())


def _no_entry(user) -> QueueRefused:
    """The refusal for a request about a queue entry that is not there (P-MATCH-6)."""
    game = ranked.unfinished_ranked_game(user)
    if game is not None and game.kind == Game.Kind.QUICK:
        return QueueRefused("grouped", _("Your Quick Play game has already been formed; the seat "
                                         "is yours for the whole game."), "P-MATCH-6")
    return QueueRefused("not_in_queue", _("You are not waiting in Quick Play."), "P-MATCH-6")


def join(user, family: str = "riichi", *, now: datetime | None = None) -> QueueEntry:
    """``user`` joins the Quick Play queue of ``family`` (P-MATCH-1, J2 steps 1–2) at ``now``
    (default: the current time). The matchmaker runs once this commits (P-MATCH-3).

    Raises ``QueueRefused`` / ``ranked.RankedRefused``: ``not_signed_in``, ``computer``,
    ``unverified``, ``flagged``, ``ranked_seat`` (a seat in an unfinished ranked game,
    P-FAIR-4), ``family`` (not offered), ``in_queue`` (already waiting, P-MATCH-1),
    ``at_open_table`` (seated at an open public table: another queue, P-MATCH-1)."""
    ranked.check_may_enter(user, family if isinstance(family, str) else "")
    now = now or timezone.now()
    refused = QueueRefused("in_queue", _("You are already waiting in Quick Play."), "P-MATCH-1")
    try:
        with transaction.atomic():
            # The account's row first, as every write that seats a person does (public tables):
            # the checks below cannot be passed twice at once.
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            ranked.check_may_enter(user, family)
            if QueueEntry.objects.filter(user=user).exists():
                raise refused
            if TableSeat.objects.filter(user=user, table__kind=Table.Kind.PUBLIC,
                                        table__status=Table.Status.OPEN).exists():
                raise QueueRefused("at_open_table", _("You are waiting at an open public table; "
                                                      "leave it first."), "P-MATCH-1")
            entry = QueueEntry.objects.create(user=user, family=family, joined_at=now)
            _after_commit_notify(user.pk)
            _after_commit_match(family)
    except IntegrityError:          # a second join at the same moment: the unique row won
        raise refused from None
    return entry


def leave(user) -> None:
    """``user`` leaves the queue (P-MATCH-6, J2 step 2 "Cancel"). Waits for a matchmaker that
    holds the entry; if that one seated them, the seat is theirs.

    Raises ``QueueRefused``: ``grouped`` (already placed in a Quick Play game),
    ``not_in_queue``."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise QueueRefused("not_in_queue", _("You are not waiting in Quick Play."), "P-MATCH-6")
    with transaction.atomic():
        entry = QueueEntry.objects.select_for_update().filter(user=user).first()
        if entry is None:
            raise _no_entry(user)
        entry.delete()
        _after_commit_notify(user.pk)


def opt_in_computers(user, *, now: datetime | None = None) -> QueueEntry:
    """``user`` accepts "Start now with computers" (P-MATCH-5) at ``now``: allowed once they
    have waited ``COMPUTER_OFFER_AFTER`` seconds; accepting again changes nothing. The
    matchmaker runs once this commits.

    Raises ``QueueRefused``: ``too_early`` (waited less than 60 s), ``grouped``,
    ``not_in_queue``."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise QueueRefused("not_in_queue", _("You are not waiting in Quick Play."), "P-MATCH-6")
    now = now or timezone.now()
    with transaction.atomic():
        entry = QueueEntry.objects.select_for_update().filter(user=user).first()
        if entry is None:
            raise _no_entry(user)
        if _waited(entry, now) < COMPUTER_OFFER_AFTER:
            raise QueueRefused("too_early", _("“Start now with computers” is offered after 60 seconds "
                                              "of waiting."), "P-MATCH-5")
        if entry.opted_in_computers_at is None:
            entry.opted_in_computers_at = now
            entry.save(update_fields=["opted_in_computers_at"])
            _after_commit_notify(user.pk)
            _after_commit_match(entry.family)
    return entry


def in_queue(user) -> bool:
    """Whether ``user`` waits in a Quick Play queue now (P-MATCH-1: not in another queue)."""
    return bool(getattr(user, "pk", None)) and QueueEntry.objects.filter(user_id=user.pk).exists()


def status(user, *, now: datetime | None = None, notice: str | None = None) -> dict:
    """The Quick Play state of ``user`` at ``now`` (the page, the API and ``/ws/quick/``):
    ``{"type": "quick", "state": "idle" | "waiting" | "in_game", "family": str | None,
    "waited": seconds | None, "offer_computers": bool (P-MATCH-5 offer open), "offer_in":
    seconds until it opens | None, "opted_in": bool, "game_id": int | None, "game_url":
    "/games/<id>/" | None, "notice": code | None}``. ``in_game``: not waiting and holding a
    seat in an unfinished ranked game (a formed group, P-MATCH-4). ``notice`` is passed
    through (e.g. ``ranked_seat`` for a player dropped from the queue)."""
    now = now or timezone.now()
    entry = QueueEntry.objects.filter(user_id=getattr(user, "pk", None)).first() if user else None
    game = ranked.unfinished_ranked_game(user)
    out = {"type": "quick", "state": "idle", "family": None, "waited": None, "offer_computers": False,
           "offer_in": None, "opted_in": False, "game_id": game.pk if game else None,
           "game_url": f"/games/{game.pk}/" if game else None, "notice": notice}
    if entry is not None:
        waited = _waited(entry, now)
        out.update(state="waiting", family=entry.family, waited=round(waited, 1),
                   offer_computers=waited >= COMPUTER_OFFER_AFTER,
                   offer_in=round(max(0.0, COMPUTER_OFFER_AFTER - waited), 1),
                   opted_in=entry.opted_in_computers_at is not None)
    elif game is not None:
        out["state"] = "in_game"
    return out


# --------------------------------------------------------------------------- the matchmaker

def _snapshot(now: datetime, family: str | None) -> list[Waiting]:
    """The waiting entries (of ``family``, or all) as ``Waiting`` at ``now``; ratings from the
    one rating function (P-MATCH-2: current rating, provisional players included)."""
    from leaderboard.ratings import matchmaking_rating

    rows = QueueEntry.objects.select_related("user").order_by("joined_at", "id")
    if family is not None:
        rows = rows.filter(family=family)
    return [Waiting(entry_id=e.pk, user_id=e.user_id, family=e.family, waited=_waited(e, now),
                    rating=matchmaking_rating(e.user, e.family),
                    opted_in=e.opted_in_computers_at is not None) for e in rows]


def _seat_group(group: Group) -> int | str:
    """Seat ``group`` in one transaction (P-MATCH-3, P-MATCH-4): returns the new game's id,
    ``"busy"`` when some entry is gone or held by another matchmaker (nothing written), or
    ``"dropped"`` when someone may no longer enter ranked play (their entries are deleted
    with a notice; the rest keep waiting)."""
    ids = [w.entry_id for w in group.people]
    with transaction.atomic():
        rows = list(QueueEntry.objects.select_for_update(skip_locked=True).filter(pk__in=ids)
                    .order_by("pk"))
        if len(rows) != len(ids) or any(r.family != group.family for r in rows):
            return "busy"
        if group.computers and any(r.opted_in_computers_at is None for r in rows):
            return "busy"                    # never seat with computers without the opt-in (P-MATCH-5)
        # Account rows in id order: whoever seats a person in a ranked game locks them first.
        people = list(get_user_model().objects.select_for_update()
                      .filter(pk__in=[r.user_id for r in rows]).order_by("pk"))
        dropped = []
        for person in people:
            try:
                ranked.check_may_enter(person, group.family)
            except ranked.RankedRefused as exc:
                dropped.append((person.pk, exc.code))
        if dropped:
            QueueEntry.objects.filter(user_id__in=[pk for pk, _code in dropped]).delete()
            for pk, code in dropped:
                _after_commit_notify(pk, code)
            return "dropped"
        computers = ranked.pick_computers(group.computers, exclude=people) if group.computers else []
        by_wait = {w.user_id: i for i, w in enumerate(group.people)}
        people.sort(key=lambda u: by_wait[u.pk])
        game = ranked.create_ranked_game(Game.Kind.QUICK, people, computers=computers,
                                         family=group.family, clock=QUICK_CLOCK)
        QueueEntry.objects.filter(pk__in=ids).delete()
        for person in people:
            _after_commit_notify(person.pk)
    log.info("Quick Play: game %s for accounts %s with %d computers", game.pk,
             [p.pk for p in people], len(computers))
    return game.pk


def run_matchmaker(*, now: datetime | None = None, family: str | None = None) -> list[int]:
    """Form and seat every group possible at ``now`` (default: the current time) in
    ``family`` (or every family) (P-MATCH-2, P-MATCH-3, P-MATCH-5). Each group is seated in
    its own transaction; a group held by another matchmaker is left to it. Returns the ids
    of the games created."""
    created: list[int] = []
    for _round in range(MAX_ROUNDS):
        current = now or timezone.now()
        groups = _grouping(_snapshot(current, family))
        again = False
        for group in groups:
            outcome = _seat_group(group)
            if isinstance(outcome, int):
                created.append(outcome)
            elif outcome == "dropped":
                again = True
        if not again:
            break
    return created


def _grouping(waiting: list[Waiting]) -> list[Group]:
    """``form_groups`` (a seam for the race tests, which hold two matchmakers here)."""
    return form_groups(waiting)
