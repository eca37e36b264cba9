"""Celery tasks of the live table (DESIGN §4): computer moves, decision timeouts
(P-SYS-3), the results-screen timer (P-SYS-6) and the sweeper; they run on the
``realtime`` queue (idle-game closing on ``default``).

Each task re-reads the game under lock and acts only if the decision it was scheduled for
is still pending, so duplicates, late runs and the sweeper are harmless.
"""
from __future__ import annotations

import logging
import random
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone

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


def schedule_timeouts(game_id: int, timers: list) -> None:
    """Queue one ``decision_timeout`` per ``(seat, seq, deadline, eta)`` at ``eta`` (epoch
    seconds: the deadline plus the hidden allowance, P-CLOCK-8, P-SYS-3)."""
    for seat, seq, deadline, eta in timers:
        decision_timeout.apply_async((game_id, seat, seq, deadline), eta=_when(eta),
                                     queue=settings.REALTIME_QUEUE)


def schedule_results_advance(game_id: int, hands_started: int, eta: float) -> None:
    """Queue ``advance_hand`` for a timed table's results screen at ``eta`` (epoch seconds,
    P-FLOW-1, P-SYS-6)."""
    advance_hand.apply_async((game_id, hands_started), eta=_when(eta), queue=settings.REALTIME_QUEUE)


def _when(eta: float) -> datetime:
    return datetime.fromtimestamp(eta, tz=dt_timezone.utc)


@shared_task(name="games.tasks.decision_timeout", ignore_result=True, bind=True)
def decision_timeout(self, game_id: int, seat: int, seq: int, deadline: float) -> bool:
    """Play ``seat``'s timeout default for decision ``seq`` if that decision is still pending
    with the same ``deadline`` (P-TIMEOUT-6, P-SYS-3); otherwise a no-op. A run before the
    deadline plus allowance (clock skew between hosts) re-arms itself, except when run
    eagerly (tests), where it is a no-op. Returns whether it acted."""
    from .models import Game
    from .service import ActionRejected, apply_timeout

    try:
        outcome = apply_timeout(game_id, seat, seq, deadline)
    except (Game.DoesNotExist, ActionRejected):
        return False
    if outcome == "early" and not self.request.is_eager:
        from . import clocks
        eta = deadline + clocks.allowance_for({}, seat)
        decision_timeout.apply_async((game_id, seat, seq, deadline),
                                     eta=_when(max(eta, clocks.now() + 0.05)),
                                     queue=settings.REALTIME_QUEUE)
    return outcome == "applied"


def schedule_claim_pause_end(game_id: int, seq: int, eta: float) -> None:
    """Queue ``end_claim_pause`` for the claim pause hiding decision ``seq`` at ``eta`` (epoch
    seconds, P-FAIR-6)."""
    end_claim_pause.apply_async((game_id, seq), eta=_when(eta), queue=settings.REALTIME_QUEUE)


@shared_task(name="games.tasks.end_claim_pause", ignore_result=True, bind=True)
def end_claim_pause(self, game_id: int, seq: int) -> bool:
    """End a masked claim pause (P-FAIR-6) when it is due; an early run (clock skew between
    hosts) re-arms itself except when run eagerly (tests). Returns whether it ended one."""
    from . import clocks
    from .models import Game
    from .service import end_claim_pause as end_pause
    from .service import pause_until

    try:
        outcome = end_pause(game_id, seq)
    except Game.DoesNotExist:
        return False
    if outcome == "early" and not self.request.is_eager:
        until = pause_until(game_id) or 0.0
        schedule_claim_pause_end(game_id, seq, max(until, clocks.now() + 0.05))
    return outcome == "ended"


@shared_task(name="games.tasks.advance_hand", ignore_result=True)
def advance_hand(game_id: int, hands_started: int) -> bool:
    """Results-screen timeout (P-FLOW-1, P-SYS-6); a no-op when the hand already moved on."""
    from .models import Game
    from .service import advance_after_results

    try:
        return advance_after_results(game_id, hands_started) is not None
    except Game.DoesNotExist:
        return False


#: Seconds a task queued by the sweeper may wait for a worker before it is dropped unrun
#: (a later sweep queues it again if still owed), so sweeps never pile up behind a busy or
#: absent worker.
SWEEP_TASK_EXPIRES = 10.0


@shared_task(name="games.tasks.sweep_pending", ignore_result=True)
def sweep_pending(min_age_seconds: float | None = None) -> int:
    """Replay what a lost task would have done (DESIGN §3 "pending timeouts are re-armed",
    §4 sweeper; P-SYS-3): a killed worker takes its queued ETA tasks with it, and a Redis
    restarted empty loses every queued task.

    Runs every ``SWEEP_INTERVAL`` seconds (1 s; Celery beat, or the embedded worker's
    thread), so it only looks at active games and only acts on what is already due:

    - computer moves owed for at least ``min_age_seconds`` (default: the longest computer
      think time, ``COMPUTER_DELAY_MAX``, plus 1.5 s) are queued again;
    - claim pauses past their end are ended (P-FAIR-6);
    - at timed tables, every decision whose deadline plus allowance has passed gets its
      ``decision_timeout`` now (P-SYS-3), and a results screen past its end is advanced
      (P-FLOW-1, P-SYS-6). Decisions not yet due are left to their own ETA task; a lost one
      is caught here at most one interval after it was due.

    Duplicates are harmless: every task re-checks its decision under the row lock. Tasks
    queued here expire after ``SWEEP_TASK_EXPIRES`` seconds unrun. Returns the number of
    games touched."""
    from . import clocks, hot_sql

    if min_age_seconds is None:
        min_age_seconds = settings.COMPUTER_DELAY_MAX + 1.5
    queue = {"queue": settings.REALTIME_QUEUE, "expires": SWEEP_TASK_EXPIRES}
    count = 0
    now = clocks.now()
    cutoff = timezone.now() - timedelta(seconds=min_age_seconds)
    for row in hot_sql.sweep_rows(now, cutoff):       # only what may be due (DESIGN §3 "Cost")
        game_id, seq, seats = row["id"], row["seq"], row["pending_computer_seats"]
        acted = False
        if row["owed"]:         # since before the cutoff, outside a pause (its end re-arms them)
            for seat in seats:
                computer_move.apply_async((game_id, seat, seq), **queue)
            acted = True
        if row["until"] is not None and row["until"] <= now:      # a lost pause-end task (P-FAIR-6)
            end_claim_pause.apply_async((game_id, row["pause_seq"]), **queue)
            acted = True
        state, phase = row["clock_state"], row["phase"]
        if row["timed"] and phase in ("turn", "claim"):
            due = clocks.overdue(state, now)
            for seat, deadline in due:
                decision_timeout.apply_async((game_id, seat, state["seq"], deadline), **queue)
            acted = acted or bool(due)
        elif row["timed"] and phase == "hand_over" and state.get("results_at") is not None:
            if now >= float(state["results_at"]) + clocks.results_delay():
                advance_hand.apply_async((game_id, row["hands_started"]), **queue)
                acted = True
        count += acted
    return count


@shared_task(name="games.tasks.close_idle_games", ignore_result=True)
def close_idle_games() -> int:
    """P-TABLE-9: close untimed games idle for 72 h (runs hourly on the default queue)."""
    from .service import close_idle_untimed_games

    return close_idle_untimed_games()


@shared_task(name="games.tasks.close_unfilled_public_tables", ignore_result=True)
def close_unfilled_public_tables() -> int:
    """P-TABLE-5: close public tables not filled within 10 minutes (realtime queue; Celery beat
    every ``PUBLIC_TABLE_EXPIRY_INTERVAL`` seconds, or the embedded sweeper). Returns how many."""
    from .public_tables import close_unfilled_public_tables as close_unfilled

    return close_unfilled()


@shared_task(name="games.tasks.match_players", ignore_result=True)
def match_players(family: str | None = None) -> int:
    """The Quick Play matchmaker (P-MATCH-2/-3/-5, ``games.matchmaking.run_matchmaker``) for
    ``family`` (``None``: every family): queued on every join and every
    ``MATCHMAKER_INTERVAL`` seconds (Celery beat or the embedded sweeper), on the realtime
    queue. Safe to run on several workers at once. Returns the number of games created."""
    from .matchmaking import run_matchmaker

    return len(run_matchmaker(family=family))


@shared_task(name="games.tasks.prune_spectator_frames", ignore_result=True)
def prune_spectator_frames() -> int:
    """Delete the in-play spectator frames and leases of ranked games whose end has been public
    for an hour (``games.spectate.prune_frames``; default queue, Celery beat hourly or the
    embedded sweeper). Returns the number of rows deleted."""
    from .spectate import prune_frames

    return prune_frames()
