"""Settling a ranked game exactly once (P-RATE-2/-3/-4/-5/-7/-8/-9, P-RESULT, P-SYS-5).

``settle_game(game_id)`` runs in one transaction:

1. lock the game row (``select_for_update``): duplicates of the task for the same game wait
   here and then find the settlement already stored;
2. refuse games that are not rated (not ranked, not finished normally, unknown preset);
3. lock the four accounts' ``Rating`` rows of the family ordered by primary key — the same
   order in every settlement, so settlements touching the same account (a computer at several
   tables) serialize without deadlocks, and each reads the rating as it stands (P-RATE-5);
4. rate all four pre-game ratings at once with OpenSkill Plackett-Luce, update Tenhou R, the
   counts and the activity time, and write one ``RatingChange`` per (game, account) and the
   ``Settlement`` mark. Both carry database uniqueness (the mark's key is the game), so even a
   settlement that slipped past step 1 fails to commit instead of settling twice.

Missing ``Rating`` rows are created before the transaction (own short transaction, ``INSERT
… ON CONFLICT DO NOTHING`` in account order), so the settling transaction only locks rows
that exist.
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.models import Game

from . import outcome
from .models import RatingChange, Rating, Settlement
from .ratings import family_of, rate

log = logging.getLogger("games")

#: End reasons of a game that ended under the game-end rules (P-RATE-2, P-REPLAY-2).
RATED_END_REASONS = frozenset({"normal", "bust", "auto_stop", "automatic_stop", ""})

#: The ``Rating`` columns a settlement writes.
RATING_FIELDS = ("mu", "sigma", "games", "tenhou_r", "last_rated_at", "first", "second", "third",
                 "fourth", "result_sum", "result_games", "score_sum", "hands", "wins", "deal_ins",
                 "username", "is_computer")

SETTLED = "settled"
ALREADY = "already_settled"
NOT_RATED = "not_rated"


def is_rated(game: Game) -> bool:
    """Whether ``game`` changes ratings (P-RATE-2, P-TABLE-10): ranked, finished under the
    game-end rules (not abandoned or aborted), of a known preset family, with four final
    scores."""
    scores = final_scores(game)
    return (bool(game.ranked) and game.status == Game.Status.FINISHED
            and game.end_reason in RATED_END_REASONS and family_of(game.preset_name) is not None
            and scores is not None and len(scores) == 4)


def final_scores(game: Game) -> list[int] | None:
    """The final scores after deposits were awarded (P-END-6): the engine's game-end record,
    else ``Game.final_scores``; None when missing."""
    record = game.game_result or {}
    scores = record.get("final_scores") or game.final_scores
    return [int(s) for s in scores] if isinstance(scores, list) else None


def _ensure_rating_rows(users, family: str) -> None:
    """Create the missing ``Rating`` rows of ``users`` in ``family`` (initial rating,
    P-RATE-1) in account order; concurrent creators never conflict (ON CONFLICT DO NOTHING)."""
    users = sorted(users, key=lambda u: u.pk)
    have = set(Rating.objects.filter(family=family, user__in=users).values_list("user_id", flat=True))
    missing = [u for u in users if u.pk not in have]
    if not missing:
        return
    with transaction.atomic():
        Rating.objects.bulk_create(
            [Rating(user=u, family=family, mu=float(settings.RATING_MU0),
                    sigma=float(settings.RATING_SIGMA0), tenhou_r=float(settings.INITIAL_RATING),
                    username=u.username, is_computer=u.is_computer, flagged=_flagged(u))
             for u in missing], ignore_conflicts=True)


def _flagged(user) -> bool:
    from .fairplay import is_flagged
    return is_flagged(user)


def settle_game(game_id: int) -> str:
    """Settle game ``game_id`` once (P-RATE-3, P-SYS-5). Returns ``"settled"``,
    ``"already_settled"`` (a duplicate run: nothing changes) or ``"not_rated"`` (not ranked,
    not finished normally: nothing changes). Raises ``Game.DoesNotExist``."""
    game = Game.objects.get(pk=game_id)
    if not is_rated(game):
        return NOT_RATED
    if Settlement.objects.filter(game_id=game_id).exists():
        return ALREADY
    seats = sorted(game.seats.select_related("user"), key=lambda s: s.seat)
    family = family_of(game.preset_name)
    _ensure_rating_rows([s.user for s in seats], family)
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if Settlement.objects.filter(game_id=game_id).exists():
                return ALREADY
            _settle_locked(game, seats, family)
    except IntegrityError:
        # A concurrent settlement committed first (P-SYS-5): the constraints refused ours.
        if Settlement.objects.filter(game_id=game_id).exists():
            return ALREADY
        raise
    return SETTLED


def _settle_locked(game: Game, seats, family: str) -> None:
    """The settlement proper, inside the transaction that holds the game row's lock."""
    scores = final_scores(game)
    users = [s.user for s in seats]
    # Lock the rating rows in primary-key order (P-RATE-5 clarified: serialize, never lose).
    locked = {r.user_id: r for r in Rating.objects.select_for_update()
              .filter(family=family, user_id__in=[u.pk for u in users]).order_by("pk")}
    rows = [locked[u.pk] for u in users]
    taiwanese = family == "taiwanese"
    places = outcome.placements(scores)
    ranks = outcome.rating_ranks(scores, ties_share=taiwanese)
    results = (outcome.result_record(scores)
               if family == "riichi" and game.game_format == "east" else [None] * 4)
    after = rate([(r.mu, r.sigma) for r in rows], ranks)
    bonuses = [outcome.tenhou_bonus(ranks[i], scores, i, ties_share=taiwanese) for i in range(4)]
    r_changes = outcome.tenhou_changes([r.tenhou_r for r in rows], [r.games for r in rows], bonuses)
    stats = outcome.hand_stats(game.log or {})
    now = timezone.now()
    changes = []
    for i, (seat, row) in enumerate(zip(seats, rows, strict=True)):
        mu, sigma = after[i]
        changes.append(RatingChange(
            game=game, user=seat.user, family=family, seat=seat.seat, placement=places[i],
            rank=ranks[i], final_score=scores[i], result_points=results[i],
            mu_before=row.mu, sigma_before=row.sigma, mu_after=mu, sigma_after=sigma,
            display_change=round(mu) - round(row.mu), games_before=row.games,
            provisional=row.games < settings.PROVISIONAL_GAMES,
            tenhou_r_before=row.tenhou_r, tenhou_r_after=row.tenhou_r + r_changes[i],
            hands=stats[i]["hands"], wins=stats[i]["wins"], deal_ins=stats[i]["deal_ins"],
            is_computer=seat.user.is_computer, created_at=now))
        row.mu, row.sigma = mu, sigma
        row.games += 1
        row.tenhou_r += r_changes[i]
        row.last_rated_at = now
        field = ("first", "second", "third", "fourth")[places[i] - 1]
        setattr(row, field, getattr(row, field) + 1)
        if results[i] is not None:
            row.result_sum += results[i]
            row.result_games += 1
        row.score_sum += scores[i]
        row.hands += stats[i]["hands"]
        row.wins += stats[i]["wins"]
        row.deal_ins += stats[i]["deal_ins"]
        row.username = seat.user.username
        row.is_computer = seat.user.is_computer
    Settlement.objects.create(game=game, family=family)
    RatingChange.objects.bulk_create(changes)
    for row in rows:           # four plain UPDATEs: far cheaper than bulk_update's CASE chains
        row.save(update_fields=RATING_FIELDS)
    log.info("settled game %s (%s): %s", game.pk, family,
             ", ".join(f"{c.user_id} {c.mu_before:.1f}->{c.mu_after:.1f}" for c in changes))


def queue_settlement(game_id: int) -> None:
    """Queue ``leaderboard.tasks.settle`` for ``game_id`` on the default queue (P-SYS-5);
    called after the commit that finished a ranked game. A failure to queue is logged: the
    periodic ``settle_missed`` task picks the game up."""
    from .tasks import settle
    try:
        settle.apply_async((game_id,), queue=settings.DEFAULT_QUEUE)
    except Exception:  # the broker is down: settle_missed retries later
        log.exception("could not queue the settlement of game %s", game_id)


def unsettled_games(older_than_seconds: float = 30.0, limit: int = 500) -> list[int]:
    """Ids of ranked, finished games without a settlement whose end is older than
    ``older_than_seconds`` (their task was lost; P-RATE-3 "safe to retry")."""
    from datetime import timedelta
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return list(Game.objects.filter(ranked=True, status=Game.Status.FINISHED, finished_at__lte=cutoff,
                                    end_reason__in=RATED_END_REASONS, settlement__isnull=True)
                .order_by("finished_at").values_list("pk", flat=True)[:limit])
