"""The sweeper that replays lost tasks (DESIGN §4, P-SYS-3; issue 8: a killed worker lost the
pending computer move until the clock played it). It runs every second, so it must be cheap
and must queue only what is already due; the fault tests (integration/test_faults.py) prove
the whole path with real processes."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.utils import timezone
from platform_helpers import FakeTime

from games import clocks, service, tasks
from games.models import ActionRecord, Game

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def fake_time(monkeypatch, settings):
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    clock = FakeTime()
    monkeypatch.setattr(clocks, "now", clock)
    return clock


@pytest.fixture
def queued(monkeypatch):
    """Every task the sweeper queues, as ``(task name, args)``, instead of running it."""
    sent: list[tuple[str, tuple]] = []
    for task in (tasks.computer_move, tasks.decision_timeout, tasks.advance_hand, tasks.end_claim_pause):
        monkeypatch.setattr(task, "apply_async",
                            lambda args=(), _name=task.name, **options: sent.append((_name, tuple(args))))
    return sent


@pytest.fixture
def lost_computer_moves(monkeypatch):
    """Computers owe moves but their tasks are lost (a killed worker)."""
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *args: None)


def test_p_sys_3_the_sweeper_runs_every_second_and_its_runs_do_not_pile_up():
    entry = django_settings.CELERY_BEAT_SCHEDULE["sweep-pending-decisions"]
    assert entry["task"] == "games.tasks.sweep_pending"
    assert entry["schedule"] == django_settings.SWEEP_INTERVAL <= 1.0
    assert 0 < entry["options"]["expires"] <= 10 * django_settings.SWEEP_INTERVAL


def test_p_sys_3_a_decision_not_yet_due_is_left_to_its_own_task(alice, fake_time, lost_computer_moves, queued):
    game = service.create_practice(alice, clock="bullet", human_seat=0)
    game.refresh_from_db()
    deadline = clocks.deadline_of(game.clock_state, 0)
    fake_time.t = deadline + 0.5 - 0.01             # inside the lag allowance (P-CLOCK-8)
    assert tasks.sweep_pending() == 0 and queued == []


def test_p_sys_3_a_lost_timeout_is_queued_once_due_and_plays_the_default(alice, fake_time, lost_computer_moves,
                                                                        queued):
    game = service.create_practice(alice, clock="bullet", human_seat=0)
    game.refresh_from_db()
    deadline = clocks.deadline_of(game.clock_state, 0)
    fake_time.t = deadline + 0.5                     # deadline + allowance: due
    assert tasks.sweep_pending() == 1
    assert queued == [("games.tasks.decision_timeout", (game.pk, 0, game.seq, deadline))]
    assert tasks.decision_timeout.run(game.pk, 0, game.seq, deadline) is True
    assert ActionRecord.objects.filter(game=game, seat=0, timeout=True).count() == 1


def test_p_bot_4_a_computer_move_in_its_think_time_is_not_queued_again(alice, lost_computer_moves, queued):
    game = service.create_practice(alice, human_seat=2)               # a computer deals
    game.refresh_from_db()
    assert game.pending_computer_seats == [0]
    assert tasks.sweep_pending() == 0 and queued == []                # just owed: still thinking


def test_p_sys_3_a_lost_computer_move_is_replayed_after_the_longest_think_time(alice, lost_computer_moves,
                                                                               queued, settings):
    game = service.create_practice(alice, human_seat=2)
    game.refresh_from_db()
    owed_since = timezone.now() - timedelta(seconds=settings.COMPUTER_DELAY_MAX + 1.6)
    Game.objects.filter(pk=game.pk).update(updated_at=owed_since)
    assert tasks.sweep_pending() == 1
    assert queued == [("games.tasks.computer_move", (game.pk, 0, game.seq))]
    assert tasks.computer_move.run(game.pk, 0, game.seq) is True       # the move is played
    game.refresh_from_db()
    assert ActionRecord.objects.filter(game=game, seat=0, by_computer=True).count() == 1


def test_p_sys_3_a_sweep_with_nothing_due_is_one_query_that_returns_no_game(alice, fake_time, lost_computer_moves,
                                                                            queued, settings,
                                                                            django_assert_max_num_queries):
    """DESIGN §3 "Cost": the sweeper runs every second over every active game, so its one
    query selects only the games where something may be due (a deadline or results screen
    passed, a pause ended, computers owing a move past their think time) and sends nothing,
    decodes nothing, when nothing is; each game appears once its time comes."""
    from games import hot_sql

    timed = service.create_practice(alice, clock="bullet", human_seat=0)          # the human's turn
    computer = service.create_practice(alice, human_seat=2)                        # a computer deals
    timed.refresh_from_db()
    deadline = clocks.deadline_of(timed.clock_state, 0)
    fake_time.t = deadline - 0.01
    cutoff = timezone.now() - timedelta(seconds=settings.COMPUTER_DELAY_MAX + 1.5)
    assert hot_sql.sweep_rows(fake_time.t, cutoff) == []
    with django_assert_max_num_queries(1):          # (hot SQL on PostgreSQL is not logged: 0)
        assert tasks.sweep_pending() == 0 and queued == []
    fake_time.t = deadline                      # past the deadline, inside the lag allowance
    (row,) = hot_sql.sweep_rows(fake_time.t, cutoff)
    assert (row["id"], row["timed"], row["owed"]) == (timed.pk, True, False)
    assert tasks.sweep_pending() == 0 and queued == [], "the allowance is the caller's"
    Game.objects.filter(pk=computer.pk).update(updated_at=cutoff - timedelta(seconds=0.1))
    rows = hot_sql.sweep_rows(fake_time.t, cutoff)
    assert [(r["id"], r["owed"], r["timed"], r["pending_computer_seats"]) for r in rows] == [
        (timed.pk, False, True, []), (computer.pk, True, False, [0])]
