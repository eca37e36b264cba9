"""Run only inside the integration run (see test_integration_stack.py): a timed practice game
(Bullet, shrunk by ``MP_CLOCK_SCALE``, no lag allowance) in which the human never acts
reaches its end by timeouts that a real Celery worker process plays (P-CONN-2, P-CONN-6,
P-SYS-3), with PostgreSQL and Redis."""
from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.db import connection

from games import service
from games.models import ActionRecord, Game

pytestmark = [pytest.mark.django_db(transaction=True)]

WAIT = 120   # seconds to wait for the game to end before failing (no timing assertion)


def test_p_conn_6_timed_game_ends_by_timeouts_played_by_the_worker(alice, celery_worker_process):
    assert connection.vendor == "postgresql"
    assert settings.CLOCK_SCALE <= 0.1 and settings.CLOCK_LAG_ALLOWANCE == 0.0
    game = service.create_practice(alice, "riichi-single-deal", clock="bullet", human_seat=0)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        time.sleep(0.3)
    assert game.status == Game.Status.FINISHED, (game.phase, game.clock_state)
    human = ActionRecord.objects.filter(game=game, seat=0, kind="action")
    assert human.count() > 0 and not human.filter(timeout=False).exists()   # never acted itself
    assert game.clock_state["timeouts"][0] == human.count()
