"""Rating and leaderboard benchmarks (issue 10 item 8): figures printed, never asserted.

    python -m leaderboard.bench [--games 10000] [--players 100000] [--history 2000]

Runs against PostgreSQL: ``DATABASE_URL`` if set, else a throw-away database
``mp_bench_<pid>`` on ``postgresql://postgres@127.0.0.1:5432`` that is created, migrated and
dropped again. Measures

1. settling ``--games`` ranked games in a row (``settle_game``): games per second and
   database queries per settlement;
2. the leaderboard's first page (the whole HTML page, and the ranking query alone) and an
   account's own rank with ``--players`` rated players: median milliseconds and queries;
3. a profile whose account has ``--history`` rated games: median milliseconds and queries.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"


def _setup_database() -> str | None:
    """Point Django at a fresh PostgreSQL database unless ``DATABASE_URL`` is set; returns the
    name of the database to drop afterwards (or None)."""
    if os.environ.get("DATABASE_URL"):
        return None
    import psycopg
    name = f"mp_bench_{os.getpid()}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    os.environ["DATABASE_URL"] = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("MP_NO_EMBEDDED_WORKER", "1")
    os.environ.setdefault("CELERY_EMBEDDED", "0")
    return name


def _drop_database(name: str) -> None:
    import psycopg
    from django.db import connections
    connections.close_all()
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _page(client, url: str):
    """GET ``url``; a benchmark of anything but a 200 page would measure a redirect or an error."""
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}, not 200: nothing to measure")
    return response


def _timed(fn, runs: int) -> tuple[float, int]:
    """Median milliseconds of ``runs`` calls of ``fn`` and the queries of one call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    with CaptureQueriesContext(connection) as ctx:
        fn()
    queries = len(ctx.captured_queries)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), queries


def _users(prefix: str, count: int, *, computer: bool = False) -> list:
    from django.contrib.auth import get_user_model
    User = get_user_model()
    out = []
    for start in range(0, count, 5000):
        out += User.objects.bulk_create([
            User(username=f"{prefix}{i}", password="!", is_computer=computer)
            for i in range(start, min(count, start + 5000))])
    return out


def bench_settlement(games: int) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.models import Game, Seat
    from leaderboard.settlement import settle_game
    from rules_engine.preset import get_preset
    from rules_engine.riichi.settlement import game_result

    players = _users("s", 36) + _users("sbot", 4, computer=True)
    preset = get_preset("riichi")
    rng = random.Random(1)
    rows, seats = [], []
    for _ in range(games):
        cut = sorted(rng.sample(range(1, 100), 3))
        scores = [1000 * a for a in (cut[0], cut[1] - cut[0], cut[2] - cut[1], 100 - cut[2])]
        rows.append(Game(kind="public", ranked=True, preset_name="riichi", preset_version=1,
                         game_format="east", clock="standard", status="finished",
                         end_reason="normal", created_by=players[0], finished_at=timezone.now(),
                         final_scores=scores, game_result=game_result(scores, 0, preset),
                         phase="game_over"))
    made = []
    for start in range(0, games, 2000):
        made += Game.objects.bulk_create(rows[start:start + 2000])
    for game in made:
        for seat, user in enumerate(rng.sample(players, 4)):
            seats.append(Seat(game=game, seat=seat, user=user))
    Seat.objects.bulk_create(seats, batch_size=5000)
    with CaptureQueriesContext(connection) as ctx:
        settle_game(made[0].pk)
    first_queries = len(ctx.captured_queries)
    with CaptureQueriesContext(connection) as ctx:
        settle_game(made[1].pk)
    steady_queries = len(ctx.captured_queries)
    start = time.perf_counter()
    for game in made[2:]:
        settle_game(game.pk)
    elapsed = time.perf_counter() - start
    done = len(made) - 2
    print(f"settlement: {done} games in a row in {elapsed:.1f} s = {done / elapsed:.0f} games/s "
          f"({1000 * elapsed / done:.2f} ms each); queries per settlement: {steady_queries} "
          f"({first_queries} for a game creating its players' rating rows)")


def bench_leaderboard(players: int) -> None:
    from datetime import timedelta

    from django.db import connection
    from django.test import Client
    from django.utils import timezone

    from leaderboard import board
    from leaderboard.models import Rating

    users = _users("p", players)
    rng = random.Random(2)
    now = timezone.now()
    ratings = [Rating(user=u, family="riichi", mu=rng.gauss(1500, 200), sigma=rng.uniform(150, 500),
                      games=rng.randint(0, 300), last_rated_at=now - timedelta(days=rng.uniform(0, 60)),
                      username=u.username) for u in users]
    Rating.objects.bulk_create(ratings, batch_size=5000)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")   # as autovacuum would after a bulk load
    ranked = board.ranking("riichi").count()
    client = Client()
    page_ms, page_q = _timed(lambda: _page(client, "/leaderboard/"), 30)
    query_ms, query_q = _timed(lambda: list(board.ranking("riichi")[:50]) and board.ranking("riichi").count(), 30)
    api_ms, api_q = _timed(lambda: _page(client, "/api/leaderboard/riichi/"), 30)
    eligible = list(board.ranking("riichi").values_list("user_id", flat=True)[::max(1, ranked // 40)])
    samples = []
    queries = None
    for user_id in eligible:
        user = users[0].__class__(pk=user_id)
        ms, q = _timed(lambda u=user: board.own_position(u, "riichi"), 3)
        samples.append(ms)
        queries = q
    last_page = (ranked - 1) // 50 + 1
    deep_ms, _q = _timed(lambda: _page(client, f"/leaderboard/?page={last_page}"), 10)
    signed = Client()
    signed.force_login(users[0].__class__.objects.get(pk=eligible[len(eligible) // 2]))
    own_page_ms, own_page_q = _timed(lambda: _page(signed, "/leaderboard/"), 20)
    print(f"leaderboard: {players} rated players, {ranked} ranked")
    print(f"  first page (HTML): median {page_ms:.1f} ms, {page_q} queries; "
          f"ranking query alone: {query_ms:.1f} ms, {query_q} queries; API page: {api_ms:.1f} ms, {api_q} queries")
    print(f"  last page ({last_page}): median {deep_ms:.1f} ms")
    print(f"  own rank ({len(samples)} accounts across the ranking): median {statistics.median(samples):.1f} ms, "
          f"max {max(samples):.1f} ms, {queries} queries; first page signed in: {own_page_ms:.1f} ms, "
          f"{own_page_q} queries")


def bench_profile(history: int) -> None:
    from datetime import timedelta

    from django.test import Client
    from django.utils import timezone

    from games.models import Game
    from leaderboard.models import Rating, RatingChange

    (user,) = _users("hist", 1)
    rng = random.Random(3)
    now = timezone.now()
    games = Game.objects.bulk_create([
        Game(kind="public", ranked=True, preset_name="riichi", preset_version=1, game_format="east",
             status="finished", end_reason="normal", created_by=user, phase="game_over")
        for _ in range(history)], batch_size=2000)
    mu, sigma = 1500.0, 500.0
    changes = []
    for n, game in enumerate(games):
        after = mu + rng.uniform(-40, 40)
        place = rng.randint(1, 4)
        changes.append(RatingChange(
            game=game, user=user, family="riichi", seat=0, placement=place, rank=place,
            final_score=rng.randint(0, 50000), result_points=rng.randint(-50000, 60000),
            mu_before=mu, sigma_before=sigma, mu_after=after, sigma_after=sigma - 0.1,
            display_change=round(after) - round(mu), games_before=n, provisional=n < 20,
            tenhou_r_before=1500, tenhou_r_after=1500, hands=5, wins=1, deal_ins=1,
            created_at=now - timedelta(hours=history - n)))
        mu, sigma = after, sigma - 0.1
    RatingChange.objects.bulk_create(changes, batch_size=2000)
    Rating.objects.create(user=user, family="riichi", mu=mu, sigma=sigma, games=history,
                          last_rated_at=now, username=user.username, first=history // 4,
                          second=history // 4, third=history // 4, fourth=history - 3 * (history // 4),
                          hands=5 * history, wins=history, deal_ins=history)
    client = Client()
    ms, queries = _timed(lambda: _page(client, f"/players/{user.username}/"), 20)
    size = len(_page(client, f"/players/{user.username}/").content)
    print(f"profile with {history} rated games: median {ms:.1f} ms, {queries} queries, {size // 1024} KiB HTML")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--history", type=int, default=2_000)
    args = parser.parse_args(argv)
    dropped = _setup_database()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings")
    import django
    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    settings.ALLOWED_HOSTS = ["*"]
    settings.SECURE_SSL_REDIRECT = False     # the test client speaks plain HTTP: measure pages, not redirects
    logging_off()
    try:
        call_command("migrate", verbosity=0)
        print(f"database: {settings.DATABASES['default']['ENGINE']} {settings.DATABASES['default']['NAME']}")
        bench_settlement(args.games)
        bench_leaderboard(args.players)
        bench_profile(args.history)
    finally:
        if dropped and os.environ.get("MP_BENCH_KEEP") != "1":
            _drop_database(dropped)
        elif dropped:
            print(f"kept database {dropped} (MP_BENCH_KEEP=1)")
    return 0


def logging_off() -> None:
    import logging
    logging.getLogger("games").setLevel(logging.WARNING)


if __name__ == "__main__":
    sys.exit(main())
