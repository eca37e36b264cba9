"""Read-only queries about games."""
from __future__ import annotations

from django.db.models import Prefetch

from .models import Game, Seat


def games_of(user):
    """Games where ``user`` holds a seat, newest first, seats prefetched (P-ACCT-3, P-PRAC-3)."""
    return (Game.objects.filter(seats__user=user)
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
            .distinct().order_by("-created_at", "-id"))


def unfinished_games_of(user):
    """The games ``user`` may resume (P-PRAC-4, P-CONN-5)."""
    return games_of(user).filter(status=Game.Status.ACTIVE)


def review_allowed(game: Game, user) -> bool:
    """P-REPLAY-3 for practice: only the player, once a hand has ended (the stored log then
    holds only completed hands' seeds and actions)."""
    if not user.is_authenticated or not game.seats.filter(user=user).exists():
        return False
    return game.status != Game.Status.ACTIVE or game.phase in ("hand_over", "game_over")
