"""Ranked games (P-TABLE-2): who may enter one and how one is created.

Quick Play (P-MATCH) and public tables (P-TABLE-5) both end here: ``check_may_enter``
applies P-MATCH-1 / P-FAIR-3 / P-FAIR-4 (a verified person, no fair-play flag, no seat in an
unfinished ranked game) and ``create_ranked_game`` seats the group, fills at most two seats
with listed computers drawn at random (P-TABLE-7, P-BOT-2, P-BOT-6), draws the seat winds
by lot (P-TABLE-8) and deals, in the caller's transaction.
"""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.computers import ensure_computer_accounts

from . import clocks
from .models import Game

#: Ranked formats per preset family (P-TABLE-1/-2): family -> (preset id, format).
RANKED_PRESETS = {"riichi": ("riichi", "east"), "taiwanese": ("taiwanese", "full")}
#: The kinds of game that are ranked (P-TABLE-2).
RANKED_KINDS = (Game.Kind.QUICK, Game.Kind.PUBLIC)
#: At most this many computer seats at a ranked game (P-TABLE-7).
MAX_RANKED_COMPUTERS = 2

_random = secrets.SystemRandom()


class RankedRefused(Exception):
    """A refused entry into ranked play; nothing was changed. ``code``: ``not_signed_in``,
    ``computer``, ``bot_unlisted``, ``unverified``, ``flagged``, ``ranked_seat`` or ``family``; ``message`` is
    translated; ``rule`` names the rule enforced."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


def unfinished_ranked_game(user) -> Game | None:
    """The unfinished ranked game in which ``user`` holds a seat, or None (P-MATCH-1, P-FAIR-4:
    at most one at a time)."""
    if user is None or not getattr(user, "pk", None):
        return None
    return (Game.objects.filter(ranked=True, status=Game.Status.ACTIVE, seats__user_id=user.pk)
            .order_by("-id").first())


def check_may_enter(user, family: str = "riichi") -> None:
    """Raise ``RankedRefused`` unless ``user`` may take a seat in a ranked game of ``family``
    now: signed in, a person (computers are seated by the platform, P-BOT-1), e-mail confirmed
    (P-ACCT-2, P-MATCH-1), no fair-play flag (P-FAIR-3) and no seat in an unfinished ranked
    game (P-MATCH-1, P-FAIR-4). Reads only."""
    from leaderboard.fairplay import is_flagged

    if family not in RANKED_PRESETS:
        raise RankedRefused("family", _("Ranked play is not offered for that rule family yet."), "P-TABLE-1")
    if user is None or not getattr(user, "is_authenticated", False):
        raise RankedRefused("not_signed_in", _("Sign in to play ranked games."), "P-MATCH-1")
    if user.is_outside_bot and not user.computer_listed:
        raise RankedRefused("bot_unlisted", _("Only computers listed on the roster may play ranked "
                                              "games."), "P-BOT-2")
    if user.is_outside_bot:
        raise RankedRefused("computer", _("A bot account does not enter Quick Play or open tables by "
                                          "itself; as a listed computer it may join an open public "
                                          "table."), "P-BOT-1")
    if user.is_computer:
        raise RankedRefused("computer", _("Computer accounts are seated by the platform."), "P-BOT-1")
    if user.email_confirmed_at is None:
        raise RankedRefused("unverified", _("Confirm your e-mail address to play ranked games."),
                            "P-MATCH-1")
    if is_flagged(user):
        raise RankedRefused("flagged", _("This account may not play ranked games."), "P-FAIR-3")
    if unfinished_ranked_game(user) is not None:
        raise RankedRefused("ranked_seat", _("You already hold a seat in an unfinished ranked game."),
                            "P-FAIR-4")


def check_bot_may_sit(user, family: str = "riichi") -> None:
    """Raise ``RankedRefused`` unless outside bot account ``user`` may take a seat at a public
    (ranked) table of ``family`` by itself: staff listed it on the roster (``bot_unlisted``,
    P-BOT-2), it is active and not flagged (P-FAIR-3), and it holds no seat in another
    unfinished ranked game (``ranked_seat``: one bot connection plays one game). A listed bot
    sits as one of the table's computer seats (at most two, P-TABLE-7; the caller counts).
    Quick Play and creating tables stay closed to it (``check_may_enter``, P-BOT-1). Reads only."""
    from leaderboard.fairplay import is_flagged

    if family not in RANKED_PRESETS:
        raise RankedRefused("family", _("Ranked play is not offered for that rule family yet."), "P-TABLE-1")
    if user is None or not getattr(user, "is_outside_bot", False) or not user.is_active:
        raise RankedRefused("computer", _("Computer accounts are seated by the platform."), "P-BOT-1")
    if not user.computer_listed:
        raise RankedRefused("bot_unlisted", _("Only computers listed on the roster may play ranked "
                                              "games."), "P-BOT-2")
    if is_flagged(user):
        raise RankedRefused("flagged", _("This account may not play ranked games."), "P-FAIR-3")
    if unfinished_ranked_game(user) is not None:
        raise RankedRefused("ranked_seat", _("You already hold a seat in an unfinished ranked game."),
                            "P-FAIR-4")


def pick_computers(count: int, exclude=()) -> list:
    """``count`` distinct built-in (listed) computer accounts drawn at random (P-BOT-2, P-BOT-6),
    none of ``exclude`` (accounts). Raises ``ValueError`` when fewer are available."""
    skip = {u.pk for u in exclude}
    pool = [u for u in ensure_computer_accounts() if u.pk not in skip and u.is_active]
    if count > len(pool):
        raise ValueError(f"only {len(pool)} computers are available, {count} asked")
    return _random.sample(pool, count)


def create_ranked_game(kind: str, people, *, computers=(), family: str = "riichi",
                       clock: str = clocks.STANDARD, creator=None) -> Game:
    """Create and deal a ranked game (P-TABLE-2) of ``kind`` (``Game.Kind.QUICK`` or
    ``Game.Kind.PUBLIC``) for ``people`` (2–4 human accounts) and ``computers`` (computer
    accounts already chosen, e.g. by ``pick_computers``), together four. Seat winds are drawn
    by lot (P-TABLE-8). ``clock`` must be timed (P-TABLE-3). Runs in one transaction (joined
    to the caller's, so a matchmaker's queue removal commits with the game, P-MATCH-3).

    Does not call ``check_may_enter``: callers check each person under their own locks.
    Raises ``ValueError`` for a wrong kind, family or clock, fewer than two people, more than
    two computers (P-TABLE-7), a seat count other than four or an account seated twice."""
    people, computers = list(people), list(computers)
    if kind not in RANKED_KINDS:
        raise ValueError(f"{kind!r} is not a ranked kind of game")
    if family not in RANKED_PRESETS:
        raise ValueError(f"no ranked preset for family {family!r}")
    if clock == clocks.UNTIMED:
        raise ValueError("ranked games need a timed clock (P-TABLE-3)")
    clocks.clock_for(clock)                        # ValueError for an unknown clock
    if len(people) < 2 or len(computers) > MAX_RANKED_COMPUTERS or len(people) + len(computers) != 4:
        raise ValueError("a ranked game seats four: at least two people and at most two computers")
    if any(u.is_computer for u in people) or not all(u.is_computer for u in computers):
        raise ValueError("people and computers given in the wrong lists (P-BOT-1)")
    occupants = people + computers
    if len({u.pk for u in occupants}) != 4:
        raise ValueError("an account can hold only one seat at a table (P-ACCT-4)")
    _random.shuffle(occupants)                     # seat winds by lot (P-TABLE-8)
    from rules_engine.preset import get_preset

    from . import service

    preset_name, game_format = RANKED_PRESETS[family]
    with transaction.atomic():
        return service._create_game(kind, get_preset(preset_name), game_format, clock,
                                    creator or people[0], occupants, iter(()), "", ranked=True)
