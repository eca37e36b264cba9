"""Rating display for profiles until the leaderboard app lands (P-RATE-1, P-RATE-6, P-LB-3)."""
from __future__ import annotations

from django.conf import settings

FAMILIES = (("riichi", "Riichi"), ("taiwanese", "Taiwanese"))


def rating_rows(user) -> list[dict]:
    """One row per preset family: ``family``, ``label``, ``rating`` (e.g. ``"1500?"``),
    ``rated_games``, ``provisional`` and ``provisional_total`` (20).

    Every account starts at the initial rating and is provisional for its first 20 rated
    games; no ranked game exists yet, so ``rated_games`` is 0 for everyone.
    """
    rows = []
    for family, label in FAMILIES:
        rated_games = 0
        provisional = rated_games < settings.PROVISIONAL_GAMES
        rating = f"{settings.INITIAL_RATING}{'?' if provisional else ''}"
        rows.append({"family": family, "label": label, "rating": rating, "rated_games": rated_games,
                     "provisional": provisional, "provisional_total": settings.PROVISIONAL_GAMES})
    return rows
