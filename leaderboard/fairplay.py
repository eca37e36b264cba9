"""Fair play (P-FAIR-2/-3/-5): reports, the moderators' actions and the fair-play flag.

No automatic verdicts (P-FAIR-5): nothing here flags anyone by itself; the moderation queue
only shows data (per-decision timing, frequent table-mates) to a human moderator.
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import FairPlayStatus, ModerationAction, Rating, Report


class ReportRefused(Exception):
    """A report that is not stored (P-FAIR-2): ``message`` says why, translated."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def is_flagged(user) -> bool:
    """Whether ``user`` carries the fair-play flag (P-FAIR-3)."""
    if user is None or not getattr(user, "pk", None):
        return False
    return FairPlayStatus.objects.filter(user_id=user.pk, flagged=True).exists()


def may_play_ranked(user) -> bool:
    """Whether ``user`` may enter Quick Play or sit at a public table as far as fair play is
    concerned (P-FAIR-3): an active account without the fair-play flag. (E-mail confirmation,
    P-ACCT-2, and the one-ranked-seat rule, P-ACCT-4, are checked by the callers.)"""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return not is_flagged(user)


def reports_left_today(user, now=None) -> int:
    """How many more reports ``user`` may file in the rolling 24 hours (P-FAIR-2: 10 a day)."""
    now = now or timezone.now()
    used = Report.objects.filter(reporter=user, created_at__gt=now - timedelta(days=1)).count()
    return max(0, settings.REPORTS_PER_DAY - used)


def file_report(reporter, reported, category: str, comment: str = "", game=None,
                hand: int | None = None) -> Report:
    """Store ``reporter``'s report about ``reported`` (P-FAIR-2).

    ``category``: a ``Report.Category`` value; ``comment``: up to 2,000 characters; ``game``:
    a ``Game`` both accounts played in (or None for a report from a profile); ``hand``: 0-based
    hand of that game or None. Raises ``ReportRefused`` (nothing stored) with code
    ``not_signed_in``, ``computer``, ``self``, ``category``, ``comment``, ``not_your_game``,
    ``not_in_game``, ``hand`` or ``limit`` (over 10 reports in 24 hours). The reporter's
    account row is locked while counting, so simultaneous reports cannot pass the limit."""
    if reporter is None or not getattr(reporter, "is_authenticated", False):
        raise ReportRefused("not_signed_in", _("Sign in to report a player."))
    if reporter.is_computer:
        raise ReportRefused("computer", _("Computer accounts cannot send reports."))
    if reported is None or reported.pk == reporter.pk:
        raise ReportRefused("self", _("You cannot report yourself."))
    if category not in Report.Category.values:
        raise ReportRefused("category", _("Choose a category for the report."))
    comment = (comment or "").strip()
    if len(comment) > 2000:
        raise ReportRefused("comment", _("The comment can be at most 2,000 characters."))
    if game is not None:
        seated = set(game.seats.values_list("user_id", flat=True))
        if reporter.pk not in seated:
            raise ReportRefused("not_your_game", _("You can only report from a game you played in."))
        if reported.pk not in seated:
            raise ReportRefused("not_in_game", _("That player did not play in this game."))
    elif hand is not None:
        raise ReportRefused("hand", _("A hand can only be named together with its game."))
    if hand is not None and (not isinstance(hand, int) or hand < 0 or hand > 200):
        raise ReportRefused("hand", _("That hand does not exist."))
    User = get_user_model()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=reporter.pk).first()
        if reports_left_today(reporter) <= 0:
            raise ReportRefused("limit", _("You have sent %(n)d reports in the last 24 hours, the "
                                           "most allowed. Please try again tomorrow.")
                                % {"n": settings.REPORTS_PER_DAY})
        return Report.objects.create(reporter=reporter, reported=reported, category=category,
                                     comment=comment, game=game, hand=hand)


def _status(user) -> FairPlayStatus:
    status, _created = FairPlayStatus.objects.select_for_update().get_or_create(user=user)
    return status


def set_flag(user, flagged: bool, *, moderator=None, report: Report | None = None) -> None:
    """Set or remove ``user``'s fair-play flag (P-FAIR-3): a flagged account leaves the
    leaderboard at once (its ``Rating`` rows carry the flag), cannot play ranked games
    (``may_play_ranked``) and its profile shows the marker. Past opponents' ratings are not
    adjusted (P-FAIR-3)."""
    with transaction.atomic():
        status = _status(user)
        status.flagged = flagged
        status.flagged_at = timezone.now() if flagged else None
        status.save()
        Rating.objects.filter(user=user).update(flagged=flagged)
        ModerationAction.objects.create(moderator=moderator, account=user, report=report,
                                        kind=ModerationAction.Kind.FLAG if flagged
                                        else ModerationAction.Kind.UNFLAG)


def warn(user, *, moderator=None, report: Report | None = None) -> None:
    """Record a moderator's warning to ``user`` (P-FAIR-3)."""
    with transaction.atomic():
        status = _status(user)
        status.warnings += 1
        status.last_warned_at = timezone.now()
        status.save()
        ModerationAction.objects.create(moderator=moderator, account=user, report=report,
                                        kind=ModerationAction.Kind.WARN)


def close_account(user, *, moderator=None, report: Report | None = None) -> None:
    """Close ``user``'s account (P-FAIR-3): it can no longer sign in (``is_active`` off) and is
    flagged, so it leaves the leaderboard too."""
    with transaction.atomic():
        set_flag(user, True, moderator=moderator, report=report)
        type(user).objects.filter(pk=user.pk).update(is_active=False)
        ModerationAction.objects.create(moderator=moderator, account=user, report=report,
                                        kind=ModerationAction.Kind.CLOSE)


def resolve(reports, decision: str, moderator) -> int:
    """Apply a moderator's ``decision`` (``"dismiss"``, ``"warn"``, ``"flag"``, ``"close"``)
    to ``reports`` (P-FAIR-3): the account of each report gets the action once, every report
    is marked resolved. Returns the number of reports resolved. Raises ``ValueError`` for an
    unknown decision."""
    statuses = {"dismiss": Report.Status.DISMISSED, "warn": Report.Status.WARNED,
                "flag": Report.Status.FLAGGED, "close": Report.Status.CLOSED}
    if decision not in statuses:
        raise ValueError(f"unknown moderation decision {decision!r}")
    done = 0
    acted = set()
    now = timezone.now()
    with transaction.atomic():
        for report in reports:
            account = report.reported
            if account.pk not in acted:
                acted.add(account.pk)
                if decision == "warn":
                    warn(account, moderator=moderator, report=report)
                elif decision == "flag":
                    set_flag(account, True, moderator=moderator, report=report)
                elif decision == "close":
                    close_account(account, moderator=moderator, report=report)
                else:
                    ModerationAction.objects.create(moderator=moderator, account=account,
                                                    report=report, kind=ModerationAction.Kind.DISMISS)
            Report.objects.filter(pk=report.pk).update(status=statuses[decision], resolved_at=now,
                                                       resolved_by=moderator)
            done += 1
    return done


def frequent_tablemates(user, limit: int = 10) -> list[dict]:
    """The accounts ``user`` most often shared a ranked table with (P-FAIR-3):
    ``[{"user_id", "username", "is_computer", "games"}]``, most games first."""
    from games.models import Seat
    games = Seat.objects.filter(user=user, game__ranked=True).values("game_id")
    rows = (Seat.objects.filter(game_id__in=games).exclude(user=user)
            .values("user_id", "user__username", "user__is_computer")
            .annotate(games=Count("game_id", distinct=True)).order_by("-games", "user__username")[:limit])
    return [{"user_id": r["user_id"], "username": r["user__username"],
             "is_computer": r["user__is_computer"], "games": r["games"]} for r in rows]


def decision_timing(game, user) -> list[dict]:
    """Per-decision timing of ``user`` in ``game`` from the audit trail (P-FAIR-3, P-REPLAY-1):
    ``[{"index", "seq", "kind", "action", "seconds", "timeout", "at"}]`` where ``seconds`` is
    the time since the previous accepted record of the game (the decision's thinking time as
    the server saw it; None for the first)."""
    seat = game.seats.filter(user=user).values_list("seat", flat=True).first()
    if seat is None:
        return []
    out = []
    previous = None
    for record in game.actions.order_by("index").only("index", "seq", "seat", "kind", "data",
                                                      "timeout", "created_at"):
        if record.seat == seat and record.kind == "action":
            seconds = (record.created_at - previous).total_seconds() if previous else None
            out.append({"index": record.index, "seq": record.seq, "kind": record.kind,
                        "action": (record.data or {}).get("type", ""), "seconds": seconds,
                        "timeout": record.timeout, "at": record.created_at})
        previous = record.created_at
    return out
