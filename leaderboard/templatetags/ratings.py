"""Rating display in templates (``{% load ratings %}``; P-RATE-5, P-RATE-6, P-RESULT-2).

``{{ rating|rating_display }}`` is the one way a rating is shown: ``round(mu)`` with "?"
while provisional (fewer than 20 rated games in the family). It accepts a ``Rating`` row, a
``RatingChange`` (the rating after that game), a ``rating_rows`` dict or None (a new account:
``"1500?"``).
"""
from __future__ import annotations

from django import template
from django.conf import settings

from leaderboard.ratings import display_rating

register = template.Library()


@register.filter
def rating_display(value) -> str:
    """``"1612"`` for an established rating, ``"1500?"`` while provisional (P-RATE-6)."""
    if value is None:
        return display_rating(float(settings.INITIAL_RATING), 0)
    if isinstance(value, dict):
        return display_rating(value.get("mu", settings.INITIAL_RATING), value.get("rated_games", 0))
    if hasattr(value, "mu_after"):                 # a RatingChange: the rating after that game
        return display_rating(value.mu_after, value.games_before + 1)
    return display_rating(value.mu, value.games)


@register.filter
def result_display(points) -> str:
    """A Riichi result record in thousands, one decimal, signed (P-RESULT-2): 52300 -> "+52.3"."""
    if points is None or points == "":
        return ""
    return f"{float(points) / 1000:+.1f}"


@register.filter
def signed(value) -> str:
    """An integer with its sign: 12 -> "+12", -3 -> "−3", 0 -> "±0"."""
    value = int(value or 0)
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "±0")


@register.filter
def percent(part, whole) -> str:
    """``part / whole`` as a percentage with one decimal ("23.5%"), "–" when ``whole`` is 0."""
    return f"{100.0 * float(part) / float(whole):.1f}%" if whole else "–"
