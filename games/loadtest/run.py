"""``python -m games.loadtest``: load and soak tests of the production shape (issue 8 item 5;
README "Load and soak tests").

It starts, on loopback only, a fresh PostgreSQL database (``mp_load_<run>`` on ``--postgres``),
two daphne processes, a Celery worker (realtime queue) and Celery beat sharing ``--redis``
under this run's own key prefix and queue names; creates ``--tables`` tables (``practice``:
one scripted person and three computers playing through Celery; ``people``: four scripted
people, their connections spread over the two daphne processes); drives them with scripted
WebSocket clients that answer each decision ``--think`` seconds after it opens; and prints,
for the measured window: actions stored, action→update latency p50/p90/p99/max, errors,
CPU seconds of every server process (and of the PostgreSQL backends of the run) per stored
action, and each process's resident memory at the start and end. Finished games are
replaced by new ones. Everything stops by itself; processes and database are removed.

Examples::

    python -m games.loadtest --tables 50 --duration 60 --mode practice
    python -m games.loadtest --tables 50 --duration 60 --mode people
    python -m games.loadtest --find-limit --mode practice        # steps until p99 >= 100 ms
    python -m games.loadtest --soak        # 100 tables: 10 min warm-up, 10 measured; 0 errors, memory flat
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import time

from .stack import Stack

TARGET_P99_MS = 100.0


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile ``q`` (0..100) of ``values``; ``None`` when empty."""
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q / 100.0 * len(ordered) + 0.5)) - 1))
    return ordered[k]


# ---------------------------------------------------------------------------- Django side

def _django():
    import django

    django.setup()


def _make_users(prefix: str, count: int) -> list:
    from django.contrib.auth import get_user_model

    User = get_user_model()
    users = []
    for i in range(count):
        user = User(username=f"{prefix}{i}", email=f"{prefix}{i}@load.invalid")
        user.set_unusable_password()
        users.append(user)
    User.objects.bulk_create(users)
    return list(User.objects.filter(username__startswith=prefix).order_by("pk"))


def _session_for(user) -> str:
    """A signed-in session for ``user`` (as the log-in page would make), its key."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    # The backend that signs people in with a password (the log-in page records it); the
    # other configured backends only refuse (log-in throttling) and cannot load a user.
    model_backend = "django.contrib.auth.backends.ModelBackend"
    backends = list(getattr(settings, "AUTHENTICATION_BACKENDS", [model_backend]))
    store[BACKEND_SESSION_KEY] = model_backend if model_backend in backends else backends[-1]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def new_table(mode: str, user_ids: list[int], preset: str, clock: str) -> int:
    """Create one table for ``user_ids`` (one for practice, four for people); its game id."""
    from django.contrib.auth import get_user_model
    from django.db import close_old_connections

    from games import service

    close_old_connections()
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=user_ids)}
    if mode == "practice":
        return service.create_practice(users[user_ids[0]], preset, clock=clock).pk
    people = [users[i] for i in user_ids]
    return service.create_private_table(people[0], people[1:], preset_name=preset, clock=clock,
                                        draw_seats=False).pk


def prepare(run_id: str, step: int, tables: int, mode: str, ports: list[int],
            spread: str = "tables") -> list[dict]:
    """Users, sessions and table plans: ``[{"users": [id..], "seats": [(seat, session, port)]}]``.

    ``spread``: ``"tables"`` (default) puts every connection of one table on the same daphne
    process and the tables alternate between the processes, as the production proxy does (it
    routes ``/ws/games/<id>/`` by the game id: README "Production shape"); ``"seats"`` makes
    the seats of each people table alternate between the processes instead (every change then
    crosses processes: the worst case of a proxy without table affinity)."""
    per_table = 1 if mode == "practice" else 4
    users = _make_users(f"load{run_id}s{step}u", tables * per_table)
    plans = []
    for t in range(tables):
        mine = users[t * per_table:(t + 1) * per_table]
        seats = []
        for i, user in enumerate(mine):
            port = ports[(i if spread == "seats" else t) % len(ports)]
            seats.append((i, _session_for(user), port))
        plans.append({"users": [u.pk for u in mine], "seats": seats})
    return plans


def stored_actions() -> int:
    from games.models import ActionRecord

    return ActionRecord.objects.count()


# ---------------------------------------------------------------------------- client processes

def _client_process(env: dict, plans: list[dict], opts: dict, out) -> None:
    os.environ.update(env)
    _django()
    from .clients import Stats

    try:
        out.put("ready")                   # the parent's measured window starts from here
        stats = asyncio.run(_drive(plans, opts))
        out.put(stats.as_dict())
    except BaseException as exc:  # report, never hang the parent
        s = Stats()
        s.error("client-process", repr(exc))
        out.put(s.as_dict())


async def _drive(plans: list[dict], opts: dict):
    from .clients import Player, Stats

    stats = Stats()
    stop, measuring = asyncio.Event(), asyncio.Event()
    start = time.monotonic()

    async def table(index: int, plan: dict) -> None:
        await asyncio.sleep(opts["ramp"] * index / max(1, len(plans)))
        game_id = plan.get("game")
        while not stop.is_set():
            if game_id is None:
                try:
                    game_id = await asyncio.to_thread(new_table, opts["mode"], plan["users"], opts["preset"],
                                                      opts["clock"])
                except Exception as exc:
                    stats.error("create-table", repr(exc))
                    return
            players = [Player(f"ws://127.0.0.1:{port}", f"http://127.0.0.1:{port}", session, game_id, seat,
                              opts["think"], stats, stop, measuring)
                       for seat, session, port in plan["seats"]]
            finished = await asyncio.gather(*(p.run() for p in players))
            if all(finished):
                if measuring.is_set():
                    stats.games_finished += 1
                game_id = None
            else:
                return

    tasks = [asyncio.ensure_future(table(i, p)) for i, p in enumerate(plans)]
    await asyncio.sleep(max(0.0, start + opts["ramp"] + opts["warmup"] - time.monotonic()))
    measuring.set()
    await asyncio.sleep(max(0.0, start + opts["ramp"] + opts["warmup"] + opts["duration"] - time.monotonic()))
    measuring.clear()
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    for t in tasks:
        t.cancel()
    return stats


# ---------------------------------------------------------------------------- measuring the servers

def _snapshot(stack: Stack) -> dict:
    """``{role: (cpu_seconds, rss_bytes)}`` of every server process, plus the run's PostgreSQL
    backends summed as ``postgres`` (CPU only)."""
    import psutil

    out = {}
    for role, pid in stack.processes().items():
        try:
            p = psutil.Process(pid)
            t = p.cpu_times()
            out[role] = (t.user + t.system, p.memory_info().rss)
        except psutil.Error:
            pass
    for pid in stack.postgres_backends():
        try:
            t = psutil.Process(pid).cpu_times()
            out[f"postgres-{pid}"] = (t.user + t.system, 0)
        except psutil.Error:
            pass
    return out


RSS_SAMPLE_S = 60.0
MEMORY_FLAT_MB = 3.0
"""Most a server process's resident memory may grow over a soak's measured window (after its
warm-up) for the soak to pass: a process whose caches and allocator pools have filled stays
within it (issue 8: daphne grew 0.8 MB from minute 10 to 19 of a soak with a full collection
every 2 minutes); a leak of 0.3 MB a minute, or the 1–4 MB a minute seen before the fixes,
does not."""


def memory_growth(result: dict) -> dict[str, tuple[float, bool]]:
    """``{process: (MB grown from the window's start to its end, within MEMORY_FLAT_MB)}`` for
    every server process of a run's ``result`` (``rss_mb_start`` / ``rss_mb_end``)."""
    out = {}
    for role, start in result["rss_mb_start"].items():
        end = result["rss_mb_end"].get(role)
        if end is None or role.startswith("postgres"):
            continue
        grown = round(end - start, 1)
        out[role] = (grown, grown <= MEMORY_FLAT_MB)
    return out


def _sample_rss(stack: Stack, start: float, duration: float, every_minute=None) -> dict[str, list[float]]:
    """Sleep until ``start + duration`` (monotonic seconds), sampling every server process's
    resident memory every ``RSS_SAMPLE_S`` seconds: ``{role: [MB at 1 min, 2 min, ...]}``
    (the soak's memory curve: a bounded process levels off, a leak keeps climbing).
    ``every_minute(n)``, if given, is called after the n-th sample."""
    samples: dict[str, list[float]] = {}
    end = start + duration
    n = 0
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return samples
        time.sleep(min(RSS_SAMPLE_S, left))
        if end - time.monotonic() > 1.0:
            n += 1
            for role, (_cpu, rss) in _snapshot(stack).items():
                if rss:
                    samples.setdefault(role, []).append(round(rss / 2 ** 20, 1))
            if every_minute:
                every_minute(n)


def _memtrace_signal(stack: Stack, args) -> None:
    """With ``--memtrace``: ask each daphne process and the worker's main process for an
    allocation snapshot (SIGUSR2, ``mahjongsite.memtrace``)."""
    if not (getattr(args, "memtrace", None) or getattr(args, "memstats", None)):
        return
    import signal

    for role, pid in stack.processes().items():
        if role.startswith("daphne") or role == "worker":
            os.kill(pid, signal.SIGUSR2)


def _memtrace_report(folder: str) -> None:
    """Print, per traced process, where memory grew between its first and last snapshot."""
    import glob

    from mahjongsite.memtrace import compare

    time.sleep(5)                                       # let the last snapshots be written
    by_pid: dict[str, list[str]] = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.snap"))):
        by_pid.setdefault(os.path.basename(path).split("-")[0], []).append(path)
    for pid, paths in by_pid.items():
        summaries = os.path.join(folder, f"{pid}.jsonl")
        if os.path.exists(summaries):
            print(f"== memtrace pid {pid}: per snapshot (MB; arenas are pymalloc's 1 MiB arenas)")
            with open(summaries) as f:
                lines = [json.loads(line) for line in f if line.strip()]
            for line in lines:
                print("   " + json.dumps({k: v for k, v in line.items() if k != "types"}))
            if len(lines) >= 2:
                first, last = lines[0].get("types", {}), lines[-1].get("types", {})
                grown = sorted(((last.get(k, 0) - first.get(k, 0), k) for k in set(first) | set(last)), reverse=True)
                print("   tracked objects grown, by type: "
                      + ", ".join(f"{k} {d:+d}" for d, k in grown[:12] if d > 0))
        paths.sort(key=lambda p: int(p.rsplit("-", 1)[1].split(".")[0]))
        pairs = [(paths[0], paths[-1])] if len(paths) >= 2 else []
        if len(paths) >= 4:                             # also the second half alone (the steady state)
            pairs.append((paths[len(paths) // 2], paths[-1]))
        for first, last in pairs:
            print(f"== memtrace pid {pid}: growth from {os.path.basename(first)} to {os.path.basename(last)}")
            for line in compare(first, last):
                print("   " + line)


def run_step(stack: Stack, step: int, args) -> dict:
    """One measured run of ``args.tables`` tables; returns the figures (also printed)."""
    from .clients import Stats

    t0 = time.monotonic()
    if args.ramp is None or args.ramp < 0 or getattr(args, "_auto_ramp", False):
        args._auto_ramp = True
        args.ramp = max(10.0, args.tables * (1 if args.mode == "practice" else 4) / 10.0)
    before_load = _snapshot(stack)
    plans = prepare(stack.run_id, step, args.tables, args.mode, stack.ports, args.spread)
    for plan in plans:
        plan["game"] = new_table(args.mode, plan["users"], args.preset, args.clock)
    print(f"  prepared {len(plans)} tables in {time.monotonic() - t0:.1f} s", flush=True)
    opts = {"mode": args.mode, "preset": args.preset, "clock": args.clock, "think": args.think,
            "ramp": args.ramp, "warmup": args.warmup, "duration": args.duration}
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    chunks = [plans[i::args.client_procs] for i in range(args.client_procs)]
    procs = [ctx.Process(target=_client_process, args=(stack.env, chunk, opts, out), daemon=True)
             for chunk in chunks if chunk]
    for p in procs:
        p.start()
    # The measured window starts after the ramp and warm-up, as the clients' does (they
    # start counting once set up: wait for each to say so).
    ready, deadline = 0, time.monotonic() + 120
    while ready < len(procs) and time.monotonic() < deadline:
        try:
            if out.get(timeout=5) == "ready":
                ready += 1
        except Exception:  # queue.Empty: keep waiting until the deadline
            if not any(p.is_alive() for p in procs):
                break
    time.sleep(args.ramp + args.warmup)
    profilers = _start_profilers(stack, args) if args.profile else []
    clients_before = _client_cpu(procs)
    before, actions_before, wall_before = _snapshot(stack), stored_actions(), time.monotonic()
    load_before = os.getloadavg()
    _memtrace_signal(stack, args)
    every = getattr(args, "memtrace_every", 0) or 0
    rss_samples = _sample_rss(stack, wall_before, args.duration,
                              (lambda n: n % every == 0 and _memtrace_signal(stack, args)) if every else None)
    after, actions_after, wall_after = _snapshot(stack), stored_actions(), time.monotonic()
    _memtrace_signal(stack, args)
    clients_cpu = _client_cpu(procs) - clients_before
    load_after = os.getloadavg()
    for p in profilers:
        p.wait(timeout=60)
    stats = Stats()
    import queue

    received, deadline = 0, time.monotonic() + 120
    while received < len(procs) and time.monotonic() < deadline:
        try:
            stats.merge(Stats.from_dict(out.get(timeout=5)))
            received += 1
        except queue.Empty:
            if not any(p.is_alive() for p in procs) and out.empty():
                break
    if received < len(procs):
        stats.error("client-process", f"{len(procs) - received} client process(es) reported nothing")
    for p in procs:
        p.join(timeout=30)
    dead = stack.dead()
    for role in dead:
        stats.error("process-died", role)
    applied = actions_after - actions_before
    # PostgreSQL backends are summed as "postgres"; one that started in between counts whole
    # (it started in the window), one that ended in between is missed (persistent connections
    # are renewed every CONN_MAX_AGE): the figure is a lower bound.
    cpu = {role: after[role][0] - before[role][0] for role in after
           if role in before and not role.startswith("postgres-")}
    cpu["postgres"] = sum(after[r][0] - (before[r][0] if r in before else 0.0)
                          for r in after if r.startswith("postgres-"))
    total_cpu = sum(cpu.values())
    lat = stats.latencies_ms
    result = {
        "tables": args.tables, "mode": args.mode, "spread": args.spread, "think_s": args.think, "ramp_s": args.ramp, "measured_s": round(wall_after - wall_before, 1),
        "actions_stored": applied, "actions_per_s": round(applied / max(1e-9, wall_after - wall_before), 1),
        "client_actions": len(lat), "states_received": stats.states, "games_finished": stats.games_finished,
        "p50_ms": _r(percentile(lat, 50)), "p90_ms": _r(percentile(lat, 90)), "p99_ms": _r(percentile(lat, 99)),
        "max_ms": _r(max(lat) if lat else None),
        "errors": sum(stats.errors.values()), "errors_by_kind": stats.errors, "error_samples": stats.error_samples,
        "cpu_s_by_process": {k: round(v, 2) for k, v in cpu.items()},
        "cpu_ms_per_stored_action": round(1000 * total_cpu / applied, 2) if applied else None,
        "client_cpu_s": round(clients_cpu, 2),
        "client_cpu_ms_per_stored_action": round(1000 * clients_cpu / applied, 2) if applied else None,
        "warmup_s": args.warmup,
        "rss_mb_before_load": {k: round(v[1] / 2 ** 20, 1) for k, v in before_load.items() if v[1]},
        "rss_mb_start": {k: round(v[1] / 2 ** 20, 1) for k, v in before.items() if v[1]},
        "rss_mb_end": {k: round(v[1] / 2 ** 20, 1) for k, v in after.items() if v[1]},
        "rss_mb_by_minute": rss_samples,
        "loadavg_start": [round(x, 2) for x in load_before], "loadavg_end": [round(x, 2) for x in load_after],
    }
    _print_result(result)
    return result


def _client_cpu(procs) -> float:
    """CPU seconds used so far by the load clients' processes (they share the machine)."""
    import psutil

    total = 0.0
    for p in procs:
        try:
            t = psutil.Process(p.pid).cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def _start_profilers(stack: Stack, args) -> list:
    """``py-spy record`` (raw collapsed stacks) of every server process over the measured
    window, into ``--profile`` (needs ``py-spy`` on the PATH or beside the interpreter)."""
    import shutil
    import subprocess

    spy = shutil.which("py-spy") or os.path.join(os.path.dirname(sys.executable), "py-spy")
    os.makedirs(args.profile, exist_ok=True)
    procs = []
    for role, pid in stack.processes().items():
        if role == "beat":
            continue
        out = os.path.join(args.profile, f"{args.mode}-{args.tables}-{role}.txt")
        procs.append(subprocess.Popen([spy, "record", "-p", str(pid), "-d", str(int(args.duration)), "-r", "50",
                                       "--gil", "-f", "raw", "-o", out], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
    print(f"  profiling {len(procs)} processes into {args.profile}", flush=True)
    return procs


def _r(x):
    return None if x is None else round(x, 1)


def _print_result(r: dict) -> None:
    print(f"== {r['tables']} {r['mode']} tables (spread by {r['spread']}), think {r['think_s']} s, ramp {r['ramp_s']} s, measured {r['measured_s']} s "
          f"(load average {r['loadavg_start'][0]} -> {r['loadavg_end'][0]} on {os.cpu_count()} cores)")
    print(f"   actions stored {r['actions_stored']} ({r['actions_per_s']}/s); client actions timed "
          f"{r['client_actions']}; state messages {r['states_received']}; games finished {r['games_finished']}")
    print(f"   action->update latency ms: p50 {r['p50_ms']}  p90 {r['p90_ms']}  p99 {r['p99_ms']}  max {r['max_ms']}"
          f"   [{'OK' if r['p99_ms'] is not None and r['p99_ms'] < TARGET_P99_MS else 'OVER'} vs p99 < {TARGET_P99_MS:.0f}]")
    print(f"   errors {r['errors']} {r['errors_by_kind'] or ''}")
    for sample in r["error_samples"][:5]:
        print(f"     {sample}")
    print(f"   CPU per stored action {r['cpu_ms_per_stored_action']} ms (server processes + PostgreSQL backends;"
          f" Redis not counted); CPU s by process {r['cpu_s_by_process']}")
    print(f"   load clients: CPU {r['client_cpu_s']} s, {r['client_cpu_ms_per_stored_action']} ms per stored action")
    if r.get("rss_mb_before_load"):
        print(f"   RSS MB before the load {r['rss_mb_before_load']} (then {r['ramp_s']} s of ramp and "
              f"{r['warmup_s']} s of warm-up)")
    print(f"   RSS MB start {r['rss_mb_start']}")
    print(f"   RSS MB end   {r['rss_mb_end']}")
    for role, mbs in sorted(r.get("rss_mb_by_minute", {}).items()):
        print(f"   RSS MB each minute, {role}: {mbs}")
    print(end="", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.loadtest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="concurrent tables (default 20)")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds (default 60)")
    parser.add_argument("--mode", choices=("practice", "people"), default="practice")
    parser.add_argument("--spread", choices=("tables", "seats"), default="tables",
                        help="tables (default): each table's connections on one daphne process, the tables "
                             "alternating (a proxy routing by game id); seats: a table's seats alternate")
    parser.add_argument("--think", type=float, default=1.0, help="seconds from a decision opening to the answer")
    parser.add_argument("--ramp", type=float, default=None,
                        help="seconds over which tables start (default: 10 connections a second, at least 10 s)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds after the ramp before measuring")
    parser.add_argument("--preset", default="riichi",
                        help="riichi (East round, default) or riichi-single-deal (practice only)")
    parser.add_argument("--clock", default="untimed", help="untimed (default), bullet, blitz, standard, relaxed")
    parser.add_argument("--client-procs", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--worker-concurrency", type=int, default=2, help="Celery worker -c (default 2)")
    parser.add_argument("--find-limit", action="store_true",
                        help="step the table count (--steps) until p99 >= 100 ms")
    parser.add_argument("--steps", default="20,50,100,150,200,250,300", help="table counts for --find-limit")
    parser.add_argument("--all-steps", action="store_true",
                        help="with --find-limit, run every step even after the target broke (CPU per action at each)")
    parser.add_argument("--soak", action="store_true",
                        help="100 tables, 10 minutes of warm-up then 10 measured minutes; fails on any error or "
                             f"a server process growing by more than {MEMORY_FLAT_MB} MB over the measured window")
    parser.add_argument("--postgres", default=os.environ.get("MP_LOAD_POSTGRES_URL",
                                                             "postgresql://postgres@127.0.0.1:5432/postgres"))
    parser.add_argument("--redis", default=os.environ.get("MP_LOAD_REDIS_URL", "redis://127.0.0.1:6379/14"))
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--profile", metavar="DIR",
                        help="record py-spy profiles of the server processes over the measured window")
    parser.add_argument("--memtrace", metavar="DIR",
                        help="trace allocations in the daphne and worker processes (slower) and print where memory grew "
                             "over the measured window; snapshots are written to DIR")
    parser.add_argument("--memstats", metavar="DIR",
                        help="like --memtrace without tracing (full speed): one line per process and signal with "
                             "its resident memory, pymalloc arenas, tracked objects and garbage freed")
    parser.add_argument("--first-daphne-env", metavar="KEY=VALUE", action="append", default=[],
                        help="set this variable for daphne-1 only (an A/B of a setting in one run; repeatable), "
                             "e.g. MP_GC_THRESHOLD=0 or LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2")
    parser.add_argument("--memtrace-every", metavar="MIN", type=int, default=0,
                        help="with --memtrace or --memstats, also signal every MIN minutes of the window")
    parser.add_argument("--keep-logs", action="store_true", help="keep the server logs (path printed)")
    args = parser.parse_args(argv)
    if args.soak:
        args.tables = args.tables if "--tables" in (argv or sys.argv) else 100
        args.duration = args.duration if "--duration" in (argv or sys.argv) else 600.0
        args.ramp = args.ramp if "--ramp" in (argv or sys.argv) else 30.0
        # memory is compared after the caches and allocator pools filled (about 8 minutes)
        args.warmup = args.warmup if "--warmup" in (argv or sys.argv) else 600.0
    if args.ramp is None:
        args.ramp = -1.0                                  # per step: see run_step
    extra = None
    if args.memtrace:
        extra = {"MP_MEMTRACE_DIR": os.path.abspath(args.memtrace)}
    elif args.memstats:
        extra = {"MP_MEMTRACE_DIR": os.path.abspath(args.memstats), "MP_MEMTRACE_TRACE": "0"}
    first_env = {}
    for item in args.first_daphne_env:
        key, sep, value = item.partition("=")
        if not sep or not key:
            parser.error(f"--first-daphne-env wants KEY=VALUE, not {item!r}")
        first_env[key] = value
    stack = Stack(args.postgres, args.redis, worker_concurrency=args.worker_concurrency, extra_env=extra,
                  first_daphne_env=first_env)
    print(f"load run {stack.run_id}: database {stack.db_name}, logs in {stack.tmp}", flush=True)
    results = []
    ok = True

    def _terminated(signum, frame):     # noqa: ARG001: a kill (or a background job's only way to stop) cleans up too
        raise SystemExit(128 + signum)

    import signal
    signal.signal(signal.SIGTERM, _terminated)
    try:
        stack.start()
        os.environ.update(stack.env)
        _django()
        print(f"  stack up: daphne on {stack.ports}, worker and beat; pids {stack.processes()}", flush=True)
        if args.find_limit:
            limit = None
            for step, n in enumerate(int(x) for x in args.steps.split(",")):
                args.tables = n
                r = run_step(stack, step, args)
                results.append(r)
                if r["p99_ms"] is None or r["p99_ms"] >= TARGET_P99_MS or r["errors"]:
                    limit = limit or n
                    if not args.all_steps:
                        break
            print(f"== find-limit: target p99 < {TARGET_P99_MS:.0f} ms "
                  + (f"first broken at {limit} tables" if limit else "held at every step"), flush=True)
        else:
            r = run_step(stack, 0, args)
            results.append(r)
            if args.soak:
                growth = memory_growth(r)
                flat = all(within for _grown, within in growth.values())
                ok = r["errors"] == 0 and flat
                print(f"== soak: {'PASS' if ok else 'FAIL'} (errors {r['errors']}; memory "
                      f"{'flat' if flat else 'NOT flat'}: at most +{MEMORY_FLAT_MB} MB per process over the "
                      f"{r['measured_s'] / 60:.0f} measured minutes); memory start -> end MB: "
                      + ", ".join(f"{k} {r['rss_mb_start'][k]} -> {r['rss_mb_end'].get(k)} ({g:+.1f}{'' if w else ' OVER'})"
                                  for k, (g, w) in growth.items()), flush=True)
    finally:
        from django.db import connections

        connections.close_all()
        stack.close(keep_logs=args.keep_logs)
    if args.memtrace or args.memstats:
        _memtrace_report(args.memtrace or args.memstats)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0 if ok else 1

