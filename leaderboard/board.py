"""The leaderboard's queries (P-LB-1/-3/-4, P-RATE-6, P-FAIR-3).

Every query reads the ``Rating`` table alone (username, computer and flag facts are copied
onto it) through the partial indexes ``lb_rating_human_rank`` / ``lb_rating_computer_rank``:
a page is one COUNT plus one LIMIT/OFFSET query, an account's own rank one COUNT — no query
per row. Settlements write the same rows, so a result shows at the next page load (P-LB-6).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from .models import Family, Rating


class UnknownFamily(LookupError):
    """No preset family of that id (P-LB-1: ``riichi`` or ``taiwanese``)."""


def check_family(family: str) -> str:
    """``family`` if it is a preset family id, else ``UnknownFamily``."""
    if family not in Family.values:
        raise UnknownFamily(family)
    return family


def active_since(now=None):
    """The start of the activity window (P-RATE-6: a rated game in the last 30 days)."""
    return (now or timezone.now()) - timedelta(days=settings.LEADERBOARD_ACTIVE_DAYS)


def ranking(family: str, *, computers: bool = False, now=None):
    """The ranking of ``family`` in order (queryset of ``Rating``).

    People (P-LB-1, P-RATE-6): human accounts with 20+ rated games in the family, a rated game
    there in the last 30 days and no fair-play flag. Computers tab (P-LB-4): computer accounts
    with 20+ rated games, no activity window. Order: rating (mu, full precision) descending,
    rated games descending, username. Raises ``UnknownFamily``."""
    check_family(family)
    rows = Rating.objects.filter(family=family, games__gte=settings.PROVISIONAL_GAMES)
    if computers:
        rows = rows.filter(is_computer=True)
    else:
        rows = rows.filter(is_computer=False, flagged=False, last_rated_at__gte=active_since(now))
    return rows.order_by("-mu", "-games", "username").only(
        "id", "user_id", "family", "mu", "sigma", "games", "username", "is_computer", "last_rated_at")


@dataclass
class OwnPosition:
    """A signed-in account's place in one family's ranking (P-LB-3, P-LB-4).

    ``state``: ``"ranked"`` (``rank``, ``page``), ``"provisional"`` (``games`` of ``total``),
    ``"inactive"`` (established, no rated game in 30 days), ``"flagged"`` (P-FAIR-3) or
    ``"computer"`` (ranked on the Computers tab instead: ``rank``, ``page``)."""

    state: str
    games: int = 0
    total: int = 20
    rank: int | None = None
    page: int | None = None
    rating: Rating | None = None


def own_position(user, family: str, now=None) -> OwnPosition:
    """``user``'s position in ``family`` (P-LB-3): one query for the rating row, plus one
    COUNT over the index when ranked. Raises ``UnknownFamily``."""
    check_family(family)
    total = settings.PROVISIONAL_GAMES
    row = Rating.objects.filter(user=user, family=family).first()
    games = row.games if row else 0
    if row is not None and row.flagged:
        return OwnPosition("flagged", games, total, rating=row)
    if games < total:
        return OwnPosition("provisional", games, total, rating=row)
    computer = row.is_computer
    if not computer and (row.last_rated_at is None or row.last_rated_at < active_since(now)):
        return OwnPosition("inactive", games, total, rating=row)
    ahead = ranking(family, computers=computer, now=now).filter(
        Q(mu__gt=row.mu) | Q(mu=row.mu, games__gt=row.games)
        | Q(mu=row.mu, games=row.games, username__lt=row.username)).count()
    rank = ahead + 1
    return OwnPosition("computer" if computer else "ranked", games, total, rank=rank,
                       page=(rank - 1) // settings.LEADERBOARD_PAGE_SIZE + 1, rating=row)
