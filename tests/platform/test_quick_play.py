"""Quick Play's queue and matchmaker (``games.matchmaking``; P-MATCH-1/-2/-3/-5/-6, P-FAIR-4,
J2): the grouping windows with an injected ``now``, the computer opt-in, who may join and
leave (each refusal clear and without effect), and one transaction per group."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.computers import ensure_computer_accounts
from games import matchmaking as mm
from games import ranked
from games.models import Game, QueueEntry, Seat
from leaderboard.models import Rating

pytestmark = pytest.mark.django_db

T0 = timezone.now().replace(microsecond=0)


def at(seconds: float):
    """The instant ``seconds`` after T0 (injected clock)."""
    return T0 + timedelta(seconds=seconds)


def w(entry_id: int, rating: float, waited: float, *, opted_in: bool = False, family: str = "riichi"):
    return mm.Waiting(entry_id=entry_id, user_id=100 + entry_id, family=family, waited=waited,
                      rating=rating, opted_in=opted_in)


def ids(groups):
    return [sorted(x.entry_id for x in g.people) for g in groups]


# --------------------------------------------------------------------------- P-MATCH-2 (pure)

@pytest.mark.parametrize("waited, limit", [(0, 200), (14.9, 200), (15, 300), (29.9, 300), (30, 400),
                                           (45, 500), (59.9, 500), (60, None), (600, None)])
def test_p_match_2_window_is_200_plus_100_per_15_s_and_unlimited_from_60_s(waited, limit):
    assert mm.window(waited) == limit


def test_p_match_2_spread_of_200_is_accepted_at_once_and_201_is_not():
    assert ids(mm.form_groups([w(1, 1500, 5), w(2, 1600, 4), w(3, 1700, 3), w(4, 1650, 2)])) == [[1, 2, 3, 4]]
    assert mm.form_groups([w(1, 1500, 5), w(2, 1600, 4), w(3, 1701, 3), w(4, 1650, 2)]) == []


def test_p_match_2_the_window_widens_with_the_longest_wait_in_the_group():
    spread_450 = [(1500, 1), (1950, 1), (1700, 1), (1800, 1)]
    for longest, formed in [(29.9, False), (30, False), (45, True), (59, True)]:
        waiting = [w(i + 1, r, longest if i == 0 else x) for i, (r, x) in enumerate(spread_450)]
        assert bool(mm.form_groups(waiting)) is formed, longest


def test_p_match_2_any_spread_once_the_longest_wait_reaches_60_s():
    waiting = [w(1, 900, 60), w(2, 2600, 1), w(3, 1500, 1), w(4, 3000, 0)]
    assert ids(mm.form_groups(waiting)) == [[1, 2, 3, 4]]
    waiting[0] = w(1, 900, 59.9)
    assert mm.form_groups(waiting) == []


def test_p_match_2_longest_waiting_first_with_the_three_closest_rated():
    # Entry 1 waited longest (1500): the three closest are 3, 4, 6, not 2 (the next longest).
    waiting = [w(1, 1500, 50), w(2, 1900, 40), w(3, 1490, 10), w(4, 1560, 9), w(5, 1300, 8),
               w(6, 1450, 7)]
    groups = mm.form_groups(waiting)
    assert ids(groups) == [[1, 3, 4, 6]]
    assert groups[0].people[0].entry_id == 1 and groups[0].computers == 0


def test_p_match_2_a_far_rated_longest_waiter_does_not_block_the_others():
    waiting = [w(1, 2400, 20), w(2, 1500, 10), w(3, 1510, 9), w(4, 1520, 8), w(5, 1530, 7)]
    assert ids(mm.form_groups(waiting)) == [[2, 3, 4, 5]]


def test_p_match_2_several_groups_and_families_apart():
    waiting = [w(i, 1500 + i, 30 - i) for i in range(1, 9)]
    waiting += [w(20 + i, 1500, 40, family="taiwanese") for i in range(3)]
    assert ids(mm.form_groups(waiting)) == [[1, 2, 3, 4], [5, 6, 7, 8]]


# --------------------------------------------------------------------------- P-MATCH-5 (pure)

def test_p_match_5_opted_in_players_are_grouped_with_each_other_and_computers():
    waiting = [w(1, 1500, 90, opted_in=True), w(2, 2500, 70, opted_in=True), w(3, 1500, 5)]
    groups = mm.form_groups(waiting)
    assert ids(groups) == [[1, 2]] and groups[0].computers == 2
    three = mm.form_groups([w(1, 1500, 90, opted_in=True), w(2, 1500, 80, opted_in=True),
                            w(4, 1500, 61, opted_in=True)])
    assert ids(three) == [[1, 2, 4]] and three[0].computers == 1


def test_p_match_5_a_lone_opted_in_player_keeps_waiting_and_nobody_else_gets_computers():
    assert mm.form_groups([w(1, 1500, 90, opted_in=True), w(2, 1500, 70), w(3, 1500, 10)]) == []


def test_p_match_5_four_people_play_each_other_rather_than_computers():
    groups = mm.form_groups([w(1, 1000, 90, opted_in=True), w(2, 2000, 70, opted_in=True),
                             w(3, 1500, 3), w(4, 2600, 1)])
    assert ids(groups) == [[1, 2, 3, 4]] and groups[0].computers == 0


# --------------------------------------------------------------------------- with the database

@pytest.fixture
def people(make_user):
    ensure_computer_accounts()
    return [make_user(f"q{i}", confirmed=True) for i in range(8)]


def snapshot():
    return (sorted(QueueEntry.objects.values_list("user_id", "family", "joined_at", "opted_in_computers_at")),
            Game.objects.count(), Seat.objects.count())


def refused(code, call, *args, **kwargs):
    before = snapshot()
    with pytest.raises(ranked.RankedRefused) as exc:
        call(*args, **kwargs)
    assert exc.value.code == code and exc.value.message and exc.value.rule, exc.value
    assert snapshot() == before, "a refusal changed something"
    return exc.value


def test_p_match_1_join_waits_in_the_queue_and_four_are_seated_at_once(people, django_capture_on_commit_callbacks):
    for i, person in enumerate(people[:3]):
        with django_capture_on_commit_callbacks(execute=True):
            mm.join(person, "riichi", now=at(i))
        assert mm.status(person, now=at(10))["state"] == "waiting"
    assert Game.objects.count() == 0
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        mm.join(people[3], "riichi")           # the run on join seats the group (P-MATCH-3)
    assert callbacks                           # notice + matchmaker task, after the commit
    games = list(Game.objects.all())
    assert len(games) == 1 and games[0].kind == "quick" and games[0].ranked
    assert games[0].clock == "standard" and games[0].game_format == "east"     # P-MATCH-1
    assert sorted(games[0].seats.values_list("user_id", flat=True)) == sorted(p.pk for p in people[:4])
    assert not QueueEntry.objects.exists()
    st = mm.status(people[0])
    assert st["state"] == "in_game" and st["game_id"] == games[0].pk and st["game_url"] == f"/games/{games[0].pk}/"


def test_p_match_2_ratings_come_from_the_one_rating_function(people):
    Rating.objects.create(user=people[0], family="riichi", mu=2100.0, sigma=300.0, games=3)
    for i, person in enumerate(people[:4]):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=at(i))
    assert mm.run_matchmaker(now=at(10)) == []             # spread 600 > 200 at t = 10 s
    assert mm.run_matchmaker(now=at(44.9)) == []           # 500 at t = 44.9 s
    assert mm.run_matchmaker(now=at(59.9)) == []           # 500 at t = 59.9 s
    created = mm.run_matchmaker(now=at(60))                # any spread from 60 s
    assert len(created) == 1 and not QueueEntry.objects.exists()


@pytest.mark.parametrize("case", ["second_queue", "unverified", "ranked_seat", "computer", "family",
                                  "flagged", "at_open_table"])
def test_p_match_1_refusals_are_clear_and_change_nothing(people, make_user, case):
    from leaderboard.models import FairPlayStatus

    person = people[0]
    if case == "second_queue":
        mm.join(person, "riichi")
        error = refused("in_queue", mm.join, person, "riichi")
    elif case == "unverified":
        error = refused("unverified", mm.join, make_user("fresh"), "riichi")
    elif case == "ranked_seat":
        ranked.create_ranked_game(Game.Kind.PUBLIC, people[4:8])
        error = refused("ranked_seat", mm.join, people[5], "riichi")
    elif case == "computer":
        error = refused("computer", mm.join, ranked.pick_computers(1)[0], "riichi")
    elif case == "family":
        error = refused("family", mm.join, person, "mcr")
    elif case == "at_open_table":                  # a public table's seat is another queue
        from games import public_tables
        public_tables.create_public_table(person)
        error = refused("at_open_table", mm.join, person, "riichi")
    else:
        FairPlayStatus.objects.create(user=person, flagged=True)
        error = refused("flagged", mm.join, person, "riichi")
    assert error.rule.startswith("P-")


def test_p_match_1_a_player_waiting_in_quick_play_cannot_take_a_public_table_seat(people):
    from games import public_tables
    from games.models import Table
    from games.tables import TableRejected

    table = public_tables.create_public_table(people[1])
    mm.join(people[0], "riichi")
    before = (snapshot(), list(Table.objects.values_list("pk", "status", "version")))
    for attempt in (lambda: public_tables.create_public_table(people[0]),
                    lambda: public_tables.join_public_table(table.pk, people[0])):
        with pytest.raises(TableRejected) as exc:
            attempt()
        assert exc.value.code == "in_queue" and exc.value.rule == "P-MATCH-1"
    assert (snapshot(), list(Table.objects.values_list("pk", "status", "version"))) == before


def test_p_match_6_leave_before_grouping_and_not_after(people, django_capture_on_commit_callbacks):
    mm.join(people[0], "riichi")
    mm.leave(people[0])
    assert not QueueEntry.objects.exists() and mm.status(people[0])["state"] == "idle"
    refused("not_in_queue", mm.leave, people[0])
    for person in people[:4]:
        with django_capture_on_commit_callbacks(execute=True):
            mm.join(person, "riichi")
    game = Game.objects.get()
    error = refused("grouped", mm.leave, people[2])
    assert error.rule == "P-MATCH-6"
    assert Seat.objects.filter(game=game, user=people[2]).exists()          # the seat stays theirs


def test_p_match_5_opt_in_only_after_60_s_and_seats_two_people_with_computers(people):
    mm.join(people[0], "riichi", now=at(0))
    mm.join(people[1], "riichi", now=at(5))
    mm.join(people[2], "riichi", now=at(30))
    refused("too_early", mm.opt_in_computers, people[0], now=at(59.9))
    refused("not_in_queue", mm.opt_in_computers, people[3], now=at(100))
    assert mm.status(people[0], now=at(59))["offer_computers"] is False
    assert mm.status(people[0], now=at(60))["offer_computers"] is True
    mm.opt_in_computers(people[0], now=at(61))
    assert mm.run_matchmaker(now=at(62)) == []              # a lone opted-in player waits
    mm.opt_in_computers(people[1], now=at(66))
    created = mm.run_matchmaker(now=at(70))
    assert len(created) == 1
    game = Game.objects.get(pk=created[0])
    seated = list(game.seats.select_related("user"))
    humans = sorted(s.user_id for s in seated if not s.user.is_computer)
    assert humans == sorted([people[0].pk, people[1].pk]) and game.ranked and game.kind == "quick"
    assert all(s.user.is_computer and s.user.is_active for s in seated if s.user_id not in humans)
    # people[2] did not accept: still waiting, never with computers.
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [people[2].pk]


def test_p_match_3_a_player_who_took_a_ranked_seat_elsewhere_is_dropped_with_a_notice(
        people, monkeypatch, django_capture_on_commit_callbacks):
    notices = []
    monkeypatch.setattr(mm, "_notify", lambda user_id, notice=None: notices.append((user_id, notice)))
    for i, person in enumerate(people[:4]):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=at(i))
    QueueEntry.objects.create(user=people[4], family="riichi", joined_at=at(9))
    ranked.create_ranked_game(Game.Kind.PUBLIC, [people[1], people[5], people[6], people[7]])
    with django_capture_on_commit_callbacks(execute=True):
        created = mm.run_matchmaker(now=at(10))
    assert len(created) == 1
    game = Game.objects.get(pk=created[0])
    assert sorted(game.seats.values_list("user_id", flat=True)) == sorted(
        p.pk for p in (people[0], people[2], people[3], people[4]))
    assert (people[1].pk, "ranked_seat") in notices
    assert not QueueEntry.objects.exists()


def test_p_match_3_group_game_and_queue_removal_are_one_transaction(people, monkeypatch):
    for i, person in enumerate(people[:4]):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=at(i))
    before = snapshot()

    real = ranked.create_ranked_game

    def create_then_fail(*args, **kwargs):
        real(*args, **kwargs)                       # the game rows are written…
        raise RuntimeError("the queue could not be emptied")     # …then the transaction fails
    monkeypatch.setattr(ranked, "create_ranked_game", create_then_fail)
    with pytest.raises(RuntimeError):
        mm.run_matchmaker(now=at(10))
    assert snapshot() == before                     # no game, no seat, nobody left the queue


def race_matchmakers(count: int, now, monkeypatch) -> list[int]:
    """Run ``count`` matchmakers at once in threads (each its own database connection), all
    held after they read the same queue and formed the same groups, then let go together.
    Returns the ids of the games they created (errors fail the test)."""
    import threading

    from django.db import connection

    barrier = threading.Barrier(count, timeout=120)
    held = threading.local()
    real = mm._grouping

    def grouping(waiting):
        groups = real(waiting)
        if groups and not getattr(held, "done", False):
            held.done = True
            try:
                barrier.wait()      # every matchmaker has the same groups before any seats one
            except threading.BrokenBarrierError:
                pass                # another one saw no group: race what there is
        return groups

    monkeypatch.setattr(mm, "_grouping", grouping)
    results, errors = [], []

    def run():
        try:
            results.append(mm.run_matchmaker(now=now))
        except Exception as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not errors, errors
    assert len(results) == count, "a matchmaker did not finish"
    return [game for created in results for game in created]


@pytest.mark.django_db(transaction=True)
def test_p_match_3_two_matchmakers_racing_seat_nobody_twice(make_user, monkeypatch):
    from collections import Counter

    ensure_computer_accounts()
    racers = [make_user(f"r{i}", confirmed=True) for i in range(12)]
    for i, person in enumerate(racers):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=at(i))
    games = race_matchmakers(2, at(30), monkeypatch)
    assert len(games) == len(set(games)) == 3
    seated = Counter(Seat.objects.filter(game__kind=Game.Kind.QUICK).values_list("user_id", flat=True))
    assert seated == Counter({p.pk: 1 for p in racers})          # everyone once, nobody twice
    assert not QueueEntry.objects.exists()


# --------------------------------------------------------------------------- P-MATCH-3: when it runs

def test_p_match_3_beat_runs_the_matchmaker_every_2_s_on_the_realtime_queue(settings, people):
    entry = settings.CELERY_BEAT_SCHEDULE["quick-play-matchmaker"]
    assert entry["task"] == "games.tasks.match_players" and entry["schedule"] == 2.0
    assert settings.CELERY_TASK_ROUTES["games.tasks.match_players"] == {"queue": settings.REALTIME_QUEUE}
    from games.tasks import match_players

    for i, person in enumerate(people[:4]):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=at(i))
    assert match_players.delay().get() == 1                # eager here: the task seats the group
    assert Game.objects.filter(kind=Game.Kind.QUICK).count() == 1 and not QueueEntry.objects.exists()


def test_p_match_3_the_embedded_sweeper_queues_the_matchmaker_every_2_s(monkeypatch):
    """``make run`` has no beat: the embedded worker's sweeper thread queues the matchmaker."""
    from games import embedded, service, tasks
    from leaderboard import tasks as leaderboard_tasks

    class Stop(Exception):
        pass

    class FakeTime:                 # the sweeper's clock: each sleep advances it, no real wait
        now = 0.0

        def monotonic(self):
            return self.now

        def sleep(self, seconds):
            self.now += seconds
            if self.now > 7.5:
                raise Stop

    queued = []
    monkeypatch.setattr(embedded, "_swept", embedded._swept)     # restored afterwards
    monkeypatch.setattr(embedded, "time", FakeTime())
    monkeypatch.setattr(service, "resume_clocks_after_restart", lambda: 0)
    monkeypatch.setattr(tasks.match_players, "apply_async",
                        lambda *a, **k: queued.append((embedded.time.now, k)))
    for task in (tasks.sweep_pending, tasks.close_idle_games, tasks.close_unfilled_public_tables,
                 leaderboard_tasks.settle_missed):
        monkeypatch.setattr(task, "delay", lambda *a, **k: None)
    with pytest.raises(Stop):
        embedded._sweeper()
    assert [t for t, _options in queued] == [1.0, 3.0, 5.0, 7.0]       # every 2 s (sweep every 1 s)
    assert all(options["expires"] == 10.0 for _t, options in queued)
