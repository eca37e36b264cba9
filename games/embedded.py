"""The embedded Celery worker of the default set-up (DESIGN §5).

With no ``REDIS_URL`` the broker is Celery's in-process memory transport, so the worker
must live in the server process: a daemon thread runs a solo-pool worker consuming the
``realtime`` and ``default`` queues, and a second thread queues the sweeper every
``SWEEP_INTERVAL`` seconds, the closing of unfilled public tables every
``PUBLIC_TABLE_EXPIRY_INTERVAL`` seconds (P-TABLE-5) and the Quick Play matchmaker every
``MATCHMAKER_INTERVAL`` seconds (P-MATCH-3) (standing in for Celery beat). At start-up that thread first
reissues the pending decisions of timed games (``service.resume_clocks_after_restart``):
the clock could not run while the server was down. Started once per process by ``mahjongsite.asgi``.
"""
from __future__ import annotations

import logging
import socket
import threading
import time

log = logging.getLogger("games")

_lock = threading.Lock()
_started = False
IDLE_CLOSE_INTERVAL = 3600.0   # seconds between idle-game closings (P-TABLE-9)


def start_embedded_worker() -> bool:
    """Start the worker and sweeper threads once; returns False when already started."""
    global _started
    with _lock:
        if _started:
            return False
        _started = True
    from celery.worker import WorkController

    from django.conf import settings

    from mahjongsite.celery import app

    app.loader.import_default_modules()
    app.finalize(auto=True)
    app.set_current()
    worker = WorkController(
        app=app, concurrency=1, pool="solo", hostname=f"embedded@{socket.gethostname()}",
        queues=[settings.REALTIME_QUEUE, settings.DEFAULT_QUEUE], without_heartbeat=True, without_mingle=True,
        without_gossip=True, loglevel="WARNING")
    threading.Thread(target=worker.start, daemon=True, name="celery-embedded").start()
    threading.Thread(target=_sweeper, daemon=True, name="celery-embedded-sweeper").start()
    log.info("embedded Celery worker started (memory broker)")
    return True


def _sweeper() -> None:
    from .service import resume_clocks_after_restart
    from .tasks import (close_idle_games, close_unfilled_public_tables, match_players,
                        prune_spectator_frames, sweep_pending)

    time.sleep(1.0)
    try:           # before the first sweep, which would time out every decision left pending
        resumed = resume_clocks_after_restart()
        if resumed:
            log.info("reissued the pending decisions of %d timed games after start-up", resumed)
    except Exception:
        log.exception("could not reissue the clocks of timed games at start-up")
    from django.conf import settings

    from leaderboard.tasks import settle_missed

    last_close = last_settle = last_public = last_match = None
    while True:
        try:
            sweep_pending.delay(0.0 if _first_sweep() else None)
            if last_match is None or time.monotonic() - last_match >= settings.MATCHMAKER_INTERVAL:
                last_match = time.monotonic()
                match_players.apply_async(expires=5 * settings.MATCHMAKER_INTERVAL)   # P-MATCH-3
            if last_close is None or time.monotonic() - last_close >= IDLE_CLOSE_INTERVAL:
                last_close = time.monotonic()
                close_idle_games.delay()
                prune_spectator_frames.delay()      # hourly, as beat's "prune-spectator-frames"
            if last_public is None or time.monotonic() - last_public >= settings.PUBLIC_TABLE_EXPIRY_INTERVAL:
                last_public = time.monotonic()
                close_unfilled_public_tables.delay()     # P-TABLE-5 (as beat's task)
            if last_settle is None or time.monotonic() - last_settle >= SETTLE_MISSED_INTERVAL:
                last_settle = time.monotonic()
                settle_missed.delay()          # ranked games whose settlement was lost (P-RATE-3)
        except Exception:
            log.exception("sweeper could not queue its tasks")
        time.sleep(settings.SWEEP_INTERVAL)


#: Seconds between catch-ups of lost rating settlements (as Celery beat's "settle-missed-games").
SETTLE_MISSED_INTERVAL = 60.0

_swept = False


def _first_sweep() -> bool:
    """True exactly once: at start-up every owed computer move is re-armed (restart, DESIGN §3)."""
    global _swept
    first, _swept = not _swept, True
    return first
