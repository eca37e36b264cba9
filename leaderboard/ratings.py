"""The rating model and rating reads (P-RATE-1/-5/-6, P-MATCH-2).

The model is OpenSkill's Plackett-Luce from the ``openskill`` package (P-RATE-5: never our
own), with the spec's parameters from settings: mu0 ``RATING_MU0`` 1500, sigma0
``RATING_SIGMA0`` 500, beta ``RATING_BETA`` 750, tau ``RATING_TAU`` 5 (platform.md §21).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from django.conf import settings

from .models import PRESET_FAMILY, Family, Rating


@lru_cache(maxsize=4)
def _model(mu: float, sigma: float, beta: float, tau: float):
    from openskill.models import PlackettLuce
    return PlackettLuce(mu=mu, sigma=sigma, beta=beta, tau=tau)


def model():
    """The OpenSkill Plackett-Luce model with the configured parameters (P-RATE-5)."""
    return _model(float(settings.RATING_MU0), float(settings.RATING_SIGMA0),
                  float(settings.RATING_BETA), float(settings.RATING_TAU))


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """One multiplayer update (P-RATE-4/-5): ``before`` is ``[(mu, sigma)]`` per seat (all
    pre-game ratings at once), ``ranks`` 1 = best per seat (ties share a rank). Returns
    ``[(mu, sigma)]`` per seat, full precision. Raises ``ValueError`` on mismatched lengths."""
    if len(before) != len(ranks):
        raise ValueError("one rank per rating")
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in rated]


def family_of(preset_name: str) -> str | None:
    """The preset family of a preset id (``"riichi"``/``"taiwanese"``), or None if unknown."""
    family = PRESET_FAMILY.get(preset_name)
    return None if family is None else str(family)


FAMILIES = (("riichi", "Riichi"), ("taiwanese", "Taiwanese"))


def families() -> list[tuple[str, str]]:
    """``[(id, translated label)]`` of the preset families, Riichi first."""
    return [(str(value), str(label)) for value, label in Family.choices]


def matchmaking_rating(user, family: str) -> float:
    """The rating Quick Play matches on (P-MATCH-2): the stored ``mu`` of ``user`` in
    ``family`` (``"riichi"``/``"taiwanese"``), or the initial 1500 when the account has no
    rated game there. Raises ``ValueError`` for an unknown family."""
    if family not in Family.values:
        raise ValueError(f"unknown preset family {family!r}")
    mu = Rating.objects.filter(user=user, family=family).values_list("mu", flat=True).first()
    return float(settings.INITIAL_RATING if mu is None else mu)


def display_rating(mu: float, games: int) -> str:
    """The displayed rating (P-RATE-5/-6): ``round(mu)``, with ``"?"`` while provisional
    (fewer than ``PROVISIONAL_GAMES`` rated games). ``display_rating(1612.4, 3) == "1612?"``."""
    return f"{round(mu)}{'?' if games < settings.PROVISIONAL_GAMES else ''}"


def displayed_ratings(user_ids, family: str) -> dict[int, str]:
    """``{user id: displayed rating}`` in ``family`` for ``user_ids`` (P-RATE-6: ``"1500?"``
    for an account with no rated game there), read in one query; computers included
    (P-RATE-9). Unknown family: every account gets the initial ``"1500?"``."""
    ids = [i for i in user_ids if i is not None]
    stored = {user_id: display_rating(mu, games) for user_id, mu, games in
              Rating.objects.filter(user_id__in=ids, family=family).values_list("user_id", "mu", "games")}
    initial = display_rating(float(settings.INITIAL_RATING), 0)
    return {i: stored.get(i, initial) for i in ids}


def rating_rows(user) -> list[dict]:
    """One row per preset family for profiles and ``/api/me/`` (P-ACCT-3, P-RATE-6):
    ``family``, ``label``, ``rating`` (e.g. ``"1500?"``), ``mu``, ``sigma``, ``rated_games``,
    ``provisional``, ``provisional_total`` (20) and ``record`` (the ``Rating`` row or None)."""
    stored = {r.family: r for r in Rating.objects.filter(user=user)} if user.pk else {}
    rows = []
    for family, label in families():
        record = stored.get(family)
        mu = record.mu if record else float(settings.INITIAL_RATING)
        sigma = record.sigma if record else float(settings.RATING_SIGMA0)
        games = record.games if record else 0
        rows.append({"family": family, "label": label, "rating": display_rating(mu, games),
                     "mu": mu, "sigma": sigma, "rated_games": games,
                     "provisional": games < settings.PROVISIONAL_GAMES,
                     "provisional_total": settings.PROVISIONAL_GAMES, "record": record})
    return rows
