"""Celery tasks of ratings (P-SYS-5, P-RATE-3): the settlement of one game, and the periodic
catch-up of settlements whose task was lost. Both run on the default queue."""
from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings

log = logging.getLogger("games")


@shared_task(name="leaderboard.tasks.settle", ignore_result=True)
def settle(game_id: int) -> str:
    """Settle ranked game ``game_id`` exactly once (P-RATE-3, P-SYS-5). Safe to run twice or
    on two workers at once: returns ``"settled"``, ``"already_settled"``, ``"not_rated"`` or
    ``"missing"`` (no such game)."""
    from games.models import Game

    from .settlement import settle_game

    try:
        return settle_game(game_id)
    except Game.DoesNotExist:
        return "missing"


@shared_task(name="leaderboard.tasks.settle_missed", ignore_result=True)
def settle_missed() -> int:
    """Queue ``settle`` for ranked finished games that ended over 30 s ago and are still
    unsettled (a lost task, a broker restart; P-RATE-3). Returns how many were queued."""
    from .settlement import unsettled_games

    ids = unsettled_games()
    for game_id in ids:
        settle.apply_async((game_id,), queue=settings.DEFAULT_QUEUE)
    if ids:
        log.warning("queued %d missed settlement(s)", len(ids))
    return len(ids)
