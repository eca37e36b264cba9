"""Run only inside the integration run (see test_integration_stack.py): exactly-once rating
settlement with PostgreSQL, Redis and two real Celery worker processes racing (P-SYS-5,
P-RATE-3, P-RATE-5 as clarified).

Each race is made certain, not hoped for: the test holds a row lock that the settlement
needs, queues the tasks, waits until both workers' database sessions are blocked on that
lock (``pg_stat_activity``), then releases it so both go at the same moment.
"""
from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, transaction
from openskill.models import PlackettLuce
from ratings_helpers import finished_ranked_game, make_players

from games.models import Game
from leaderboard import tasks
from leaderboard.models import Rating, RatingChange, Settlement

pytestmark = [pytest.mark.django_db(transaction=True)]

WAIT = 90   # seconds to wait for workers before failing (no timing assertion)


def _wait_for(predicate, what: str):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _lock_waiters() -> int:
    """How many sessions on the test database wait on a lock right now (the workers')."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                       "AND datname = current_database()")
        return cursor.fetchone()[0]


class _Holder(threading.Thread):
    """Holds ``lock_sql`` (a SELECT … FOR UPDATE) in its own transaction until released."""

    def __init__(self, lock_sql: str, params) -> None:
        super().__init__(daemon=True)
        self.sql, self.params = lock_sql, params
        self.locked, self.release = threading.Event(), threading.Event()

    def run(self) -> None:
        from django.db import connections
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(self.sql, self.params)
                self.locked.set()
                self.release.wait(WAIT)
        finally:
            connections.close_all()


def test_p_sys_5_two_workers_racing_on_one_game_settle_it_once(start_celery_worker):
    assert connection.vendor == "postgresql"
    workers = [start_celery_worker("settle-a"), start_celery_worker("settle-b")]
    players = make_players(["ann", "bob", "cy"], computers=["bot1"])
    game = finished_ranked_game(players, [42300, 31000, 18700, 8000])
    holder = _Holder(f"SELECT id FROM {Game._meta.db_table} WHERE id = %s FOR UPDATE", [game.pk])
    holder.start()
    assert holder.locked.wait(WAIT)
    for _ in range(2):
        tasks.settle.delay(game.pk)                  # the duplicate a retry would send
    _wait_for(lambda: _lock_waiters() == 2,
              "both workers to wait on the game's lock")
    holder.release.set()
    holder.join(WAIT)
    _wait_for(lambda: Settlement.objects.filter(game=game).exists(), "the settlement")
    _wait_for(lambda: _lock_waiters() == 0, "both to finish")
    for worker in workers:                            # both tasks have run to their end
        worker.stop()
    assert Settlement.objects.filter(game=game).count() == 1
    assert RatingChange.objects.filter(game=game).count() == 4
    assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1, 1, 1]
    model = PlackettLuce(mu=1500, sigma=500, beta=750, tau=5)
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 3, 4])
    assert ([Rating.objects.get(user=u).mu for u in players] == [t[0].mu for t in expected])


def test_p_rate_5_two_games_sharing_a_computer_settled_concurrently_lose_no_update(start_celery_worker):
    """A listed computer finishes two ranked games at once; two workers settle them at the
    same moment. Settlements touching the same account serialize on its rating row: the second
    starts from the first's result, so the computer has 2 games and neither update is lost."""
    workers = [start_celery_worker("share-a"), start_celery_worker("share-b")]
    one = make_players(["ann", "bob", "cy"])
    two = make_players(["dee", "eve", "fay"])
    (bot,) = make_players([], computers=["bot9"])
    game1 = finished_ranked_game([*one, bot], [42300, 31000, 18700, 8000])
    game2 = finished_ranked_game([bot, *two], [42300, 31000, 18700, 8000])
    for user in [*one, *two, bot]:
        Rating.objects.create(user=user, family="riichi", username=user.username,
                              is_computer=user.is_computer)
    bot_rating = Rating.objects.get(user=bot)
    holder = _Holder(f"SELECT id FROM {Rating._meta.db_table} WHERE id = %s FOR UPDATE",
                     [bot_rating.pk])
    holder.start()
    assert holder.locked.wait(WAIT)
    tasks.settle.delay(game1.pk)
    tasks.settle.delay(game2.pk)
    _wait_for(lambda: _lock_waiters() == 2,
              "both settlements to wait on the computer's rating row")
    holder.release.set()
    holder.join(WAIT)
    _wait_for(lambda: Settlement.objects.count() == 2, "both settlements")
    for worker in workers:
        worker.stop()
    bot_rating.refresh_from_db()
    assert bot_rating.games == 2
    changes = sorted(RatingChange.objects.filter(user=bot), key=lambda c: c.games_before)
    assert [c.games_before for c in changes] == [0, 1]
    assert changes[0].mu_before == 1500.0
    assert (changes[1].mu_before, changes[1].sigma_before) == (changes[0].mu_after, changes[0].sigma_after)
    assert (bot_rating.mu, bot_rating.sigma) == (changes[1].mu_after, changes[1].sigma_after)
    assert changes[1].tenhou_r_before == changes[0].tenhou_r_after
    assert RatingChange.objects.count() == 8
