"""Micro-benchmark of the live table's write path on PostgreSQL (DESIGN §3 "Cost").

Plays ``--actions`` actions through ``service.submit_action`` (and ``continue_after_hand``
between hands) at ``--tables`` people tables (four accounts, no computers, clock
``--clock``) in a fresh PostgreSQL database ``mp_bench_<id>`` (created on ``--postgres``,
default ``postgresql://postgres@127.0.0.1:5432/postgres``, dropped at the end), in one
thread, and prints per stored action: this process's CPU (µs), the PostgreSQL backend's CPU
(µs, read from ``/proc`` — loopback only), wall time, and the statements sent (PostgreSQL's
``pg_stat_database.xact_commit`` and the client's statement count). The after-commit part
(``service.after_change``: the notice, timers, computer moves — not the write path) is
replaced by a no-op unless ``--after-commit``. ``--other-process`` makes every action
look written by another process (the cached engine is one action behind, as with two
daphne processes), which is the people-table load test's case. ``--profile FILE`` keeps a
cProfile of the timed loop (``python -m pstats FILE``).

    .venv/bin/python -m games.bench_write --actions 2000 --tables 8 --other-process

A benchmark prints figures; no test asserts on them.
"""
from __future__ import annotations

import argparse
import os
import time
import uuid


def _proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _choose(engine, seat: int):
    """The load clients' choice (``games.loadtest.clients.choose``) on engine actions."""
    legal = engine.legal_actions(seat)
    if not legal:
        return None
    for kind in ("tsumo", "ron", "pass"):
        for a in legal:
            if a.type == kind:
                return a
    discards = [a for a in legal if a.type == "discard"]
    drawn = engine.view(seat).get("drawn_tile") if discards else None
    for a in discards:
        if a.tile == drawn:
            return a
    return discards[0] if discards else legal[0]


def _setup(admin_url: str, db_name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{db_name}"')
    os.environ["DATABASE_URL"] = admin_url.rsplit("/", 1)[0] + f"/{db_name}"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("SECRET_KEY", f"bench-{uuid.uuid4().hex}")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    connections["default"].settings_dict["CONN_MAX_AGE"] = None   # one backend to read /proc of

    call_command("migrate", verbosity=0, interactive=False)


def _drop(admin_url: str, db_name: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db_name}" WITH (FORCE)')


def run(args) -> dict:
    from django.contrib.auth import get_user_model
    from django.db import close_old_connections, connection

    from games import engine_store, service
    from games.models import ActionRecord, Game

    User = get_user_model()
    if not args.after_commit:
        service.after_change = lambda *a, **k: None
    counter = [0]

    def make_table(n: int) -> int:
        users = []
        for i in range(4):
            u = User(username=f"b{uuid.uuid4().hex[:10]}", email=f"b{n}{i}@bench.invalid")
            u.set_unusable_password()
            u.save()
            users.append(u)
        return service.create_private_table(users[0], users[1:], preset_name=args.preset, clock=args.clock,
                                            draw_seats=False).pk

    tables = [make_table(n) for n in range(args.tables)]
    connection.ensure_connection()
    backend = connection.connection.info.backend_pid

    def step(game_id: int) -> bool:
        """One stored change at ``game_id``; False when the game is over."""
        close_old_connections()             # as database_sync_to_async does around each call
        with engine_store.engine_lock(game_id):
            row = Game.objects.defer("log_base", "preset_snapshot").get(pk=game_id)
            engine = engine_store.load(row)
            if row.status != Game.Status.ACTIVE:
                return False
            if row.claim_mask:              # a masked pause (P-FAIR-6): end it at once
                row.claim_mask = {}
                row.state_version += 1
                row.save(update_fields=["claim_mask", "state_version"])
                engine_store.put(game_id, row.state_version, engine)
            stored = Game.objects.only("log_base").get(pk=game_id).log if args.other_process else None
            if stored and stored["entries"][-1]["type"] == "action":
                # another process wrote last: this one's engine is one action behind
                engine_store.forget(game_id)
                ahead = engine_store.engine_module().Game.from_log(
                    {**stored, "entries": stored["entries"][:-1]})
                engine_store.put(game_id, row.state_version - 1, ahead)
            seq, phase = engine.seq, engine.phase
            if phase == "hand_over":
                todo = [("continue", s, None) for s in range(4)]
            else:
                todo = [("act", s, _choose(engine, s)) for s in engine.pending_seats()]
        close_old_connections()
        for kind, seat, action in todo:
            t0, b0, w0 = time.process_time(), _proc_cpu(backend), time.perf_counter()
            try:
                if kind == "continue":
                    service.continue_after_hand(game_id, seat, seq)
                else:
                    service.submit_action(game_id, seat, action.to_json(), seq)
            except service.ActionRejected as exc:
                if exc.code not in ("stale_seq", "illegal", "not_allowed"):
                    raise
                stats["refused"] += 1
                if stats["refused"] > args.actions:
                    raise SystemExit(f"every action refused: {exc.code} {exc.message}") from None
                continue
            finally:
                close_old_connections()
            stats["cpu"] += time.process_time() - t0
            stats["pg"] += _proc_cpu(backend) - b0
            stats["wall"] += time.perf_counter() - w0
            counter[0] += 1
            if counter[0] >= args.actions:
                return True
        return True

    stats = {"cpu": 0.0, "pg": 0.0, "wall": 0.0, "refused": 0}
    for _ in range(20):                      # warm up (prepared statements, imports)
        step(tables[0])
    stats = {"cpu": 0.0, "pg": 0.0, "wall": 0.0, "refused": 0}
    counter[0] = 0
    records0 = ActionRecord.objects.count()
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
    i = 0
    while counter[0] < args.actions:
        game_id = tables[i % len(tables)]
        if not step(game_id):
            tables[i % len(tables)] = make_table(i)
        i += 1
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(args.profile)
    stored = ActionRecord.objects.count() - records0
    n = counter[0]
    return {"changes": n, "records": stored, "cpu_us": 1e6 * stats["cpu"] / n, "pg_us": 1e6 * stats["pg"] / n,
            "wall_us": 1e6 * stats["wall"] / n, "rebuilds": engine_store.stats["rebuilds"],
            "catch_ups": engine_store.stats["catch_ups"], "tail_misses": engine_store.stats.get("tail_misses", 0)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.bench_write", description=__doc__.split("\n\n")[0])
    p.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    p.add_argument("--actions", type=int, default=2000)
    p.add_argument("--tables", type=int, default=8)
    p.add_argument("--preset", default="riichi")
    p.add_argument("--clock", default="standard")
    p.add_argument("--other-process", action="store_true")
    p.add_argument("--after-commit", action="store_true")
    p.add_argument("--profile", default="")
    p.add_argument("--keep", action="store_true", help="keep the database (to inspect it)")
    args = p.parse_args(argv)
    from urllib.parse import urlparse

    if urlparse(args.postgres).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the benchmark runs on loopback only (it reads the backend's CPU from /proc)")
    db_name = f"mp_bench_{uuid.uuid4().hex[:8]}"
    _setup(args.postgres, db_name)
    try:
        r = run(args)
    finally:
        if args.keep:
            print(f"kept database {db_name}")
        else:
            _drop(args.postgres, db_name)
    print(f"changes stored: {r['changes']} (audit records {r['records']}); engines rebuilt {r['rebuilds']}, "
          f"caught up {r['catch_ups']} (tail read again {r['tail_misses']})")
    print(f"per stored change: client CPU {r['cpu_us']:.0f} µs, PostgreSQL backend CPU {r['pg_us']:.0f} µs, "
          f"wall {r['wall_us']:.0f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
