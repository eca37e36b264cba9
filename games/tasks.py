"""Celery tasks of the live table (DESIGN §4). All run on the ``realtime`` queue.

Each task re-reads the game under lock and acts only if the decision it was scheduled for
is still pending, so duplicates, late runs and the sweeper are harmless.
"""
from __future__ import annotations

import logging
import random
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

log = logging.getLogger("games")


def computer_delay() -> float:
    """Human-like think time in seconds, uniform in [COMPUTER_DELAY_MIN, COMPUTER_DELAY_MAX]
    (P-BOT-4: 0.5–1.5 s; tests set both to 0)."""
    low, high = settings.COMPUTER_DELAY_MIN, settings.COMPUTER_DELAY_MAX
    return low if high <= low else random.uniform(low, high)


def schedule_computer_moves(game_id: int, seq: int, seats: list[int]) -> None:
    """Queue one ``computer_move`` per computer seat owing decision ``seq``."""
    for seat in seats:
        computer_move.apply_async((game_id, seat, seq), countdown=computer_delay(),
                                  queue=settings.REALTIME_QUEUE)


@shared_task(name="games.tasks.computer_move", ignore_result=True)
def computer_move(game_id: int, seat: int, seq: int) -> bool:
    """The computer in ``seat`` answers decision ``seq`` of game ``game_id`` if still pending.
    Returns whether it acted."""
    from .models import Game
    from .service import ActionRejected, play_computer

    try:
        return play_computer(game_id, seat, seq) is not None
    except (Game.DoesNotExist, ActionRejected):     # gone, or aborted by system (P-SYS-7)
        return False


@shared_task(name="games.tasks.advance_hand", ignore_result=True)
def advance_hand(game_id: int, hands_started: int) -> bool:
    """Results-screen timeout (P-FLOW-1, P-SYS-6); a no-op when the hand already moved on."""
    from .models import Game
    from .service import advance_after_results

    try:
        return advance_after_results(game_id, hands_started) is not None
    except Game.DoesNotExist:
        return False


@shared_task(name="games.tasks.sweep_pending", ignore_result=True)
def sweep_pending(min_age_seconds: float = 3.0) -> int:
    """Re-arm computer moves that are owed but whose task was lost (a restart of the embedded
    worker loses its memory queue; DESIGN §3 "pending timeouts are re-armed"). Returns the
    number of games re-armed."""
    from .models import Game

    cutoff = timezone.now() - timedelta(seconds=min_age_seconds)
    count = 0
    rows = (Game.objects.filter(status=Game.Status.ACTIVE, updated_at__lte=cutoff)
            .exclude(pending_computer_seats=[]).values_list("pk", "seq", "pending_computer_seats"))
    for game_id, seq, seats in rows[:500]:
        if seats:
            schedule_computer_moves(game_id, seq, seats)
            count += 1
    return count


@shared_task(name="games.tasks.close_idle_games", ignore_result=True)
def close_idle_games() -> int:
    """P-TABLE-9: close untimed games idle for 72 h (runs hourly on the default queue)."""
    from .service import close_idle_untimed_games

    return close_idle_untimed_games()
