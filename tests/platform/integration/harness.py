"""A small harness for fault tests with real processes (issue 8, DESIGN §5 production shape):
a private Redis and a private PostgreSQL cluster (never the shared ones: they are killed and
restarted here), daphne processes, a Celery worker and Celery beat, all on loopback and on
free ports. Every wait is for an event (a port answering, a log line, a process exit) with
a generous bound; nothing is timed.

Use::

    stack = Stack(tmp_dir, env={...}).start()      # PostgreSQL, Redis, migrate, processes
    stack.kill("worker"); stack.spawn_worker()      # kill -9 and start again
    stack.redis.kill(); stack.redis.start()
    stack.postgres.restart()
    stack.close()
"""
from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LOOPBACK = "127.0.0.1"
START_TIMEOUT = 90.0     # seconds a process may take to come up on a loaded machine


class HarnessError(RuntimeError):
    """A service or process could not be started (the message carries its log tail)."""


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def wait_until(predicate, timeout: float, what: str, interval: float = 0.1):
    """Poll ``predicate()`` until it returns a true value (returned) or ``timeout`` seconds
    pass (``HarnessError`` naming ``what``)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise HarnessError(f"timed out waiting for {what}")
        time.sleep(interval)


def _port_open(port: int) -> bool:
    try:
        with socket.create_connection((LOOPBACK, port), timeout=0.5):
            return True
    except OSError:
        return False


def missing_tools() -> list[str]:
    """The programs the harness needs that this machine lacks (redis-server, initdb, pg_ctl)."""
    missing = [] if shutil.which("redis-server") else ["redis-server"]
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        missing.append("PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb)")
    return missing


class PrivateRedis:
    """``redis-server`` on its own port without persistence: a restart loses every key, as a
    Redis with no disk would (the harsh case: queued tasks and group memberships are gone)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.dir = workdir / "redis"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen | None = None
        self.url = f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> None:
        log = open(self.dir / "redis.log", "a")
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", LOOPBACK, "--save", "",
             "--appendonly", "no", "--dir", str(self.dir)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        wait_until(lambda: self.proc.poll() is not None or _port_open(self.port), START_TIMEOUT,
                   "redis-server to listen")
        if self.proc.poll() is not None:
            raise HarnessError("redis-server exited:\n" + (self.dir / "redis.log").read_text()[-2000:])

    def kill(self) -> None:
        """kill -9 and wait for the exit."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)


class PrivatePostgres:
    """A PostgreSQL cluster of its own (``initdb`` in a temp dir owned by ``postgres``, run
    with ``pg_ctl`` as that user when the harness runs as root), trust auth, on its own port."""

    def __init__(self, workdir: Path) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
        if not bins:
            raise HarnessError("PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin)")
        self.bin = Path(bins[-1])
        self.port = free_port()
        # Its own folder under the system temp dir: the postgres user cannot enter pytest's.
        self.dir = Path(tempfile.mkdtemp(prefix="mp-fault-pg-"))
        self.data = self.dir / "data"
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            shutil.chown(self.dir, "postgres")
        self.admin_url = f"postgresql://postgres@{LOOPBACK}:{self.port}/postgres"

    def _run(self, *argv: str) -> subprocess.CompletedProcess:
        cmd = [str(self.bin / argv[0]), *argv[1:]]
        if self.as_postgres:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
        if done.returncode != 0:
            raise HarnessError(f"{' '.join(argv[:2])} failed: {done.stdout[-1500:]}{done.stderr[-1500:]}")
        return done

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync",
                  "-E", "UTF8")

    def _options(self) -> str:
        return (f"-p {self.port} -k {self.dir} -c listen_addresses={LOOPBACK} -c fsync=off "
                f"-c synchronous_commit=off -c full_page_writes=off")

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-o", self._options(), "-l",
                  str(self.dir / "postgres.log"), "-w", "-t", "120", "start")

    def restart(self) -> None:
        """Stop at once (every session is cut, as in a crash) and start again."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "-t", "120", "stop")
        self.start()

    def stop(self) -> None:
        """Stop the cluster and remove its folder."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "-t", "60", "stop")
        except HarnessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


class Stack:
    """The production shape on loopback: private PostgreSQL and Redis, ``daphnes`` daphne
    processes, one Celery worker (prefork, 2 processes, as in the README) and Celery beat.

    ``env`` adds to every process's environment (clock scale, computer delays ...).
    ``procs`` maps "daphne-0", "daphne-1", "worker", "beat" to their ``Popen``;
    ``daphne_ports`` are the daphne ports; ``logs`` is the folder of every log."""

    def __init__(self, workdir: Path, *, env: dict | None = None, daphnes: int = 2) -> None:
        self.workdir = Path(workdir)
        self.logs = self.workdir / "logs"
        self.logs.mkdir(parents=True, exist_ok=True)
        self.run_id = uuid.uuid4().hex[:8]
        self.redis = PrivateRedis(self.workdir)
        self.postgres = PrivatePostgres(self.workdir)
        self.daphne_ports = [free_port() for _ in range(daphnes)]
        self.procs: dict[str, subprocess.Popen] = {}
        self.database_url = f"postgresql://postgres@{LOOPBACK}:{self.postgres.port}/mp_fault"
        self.worker_name = f"fault-{self.run_id}@localhost"
        self.queues = [f"realtime-fault-{self.run_id}", f"default-fault-{self.run_id}"]
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("MP_", "DATABASE_URL", "REDIS_URL", "CELERY_", "PYTEST"))}
        self.env.update(
            DJANGO_SETTINGS_MODULE="mahjongsite.settings", DATABASE_URL=self.database_url,
            REDIS_URL=self.redis.url, SECRET_KEY=f"fault-{self.run_id}-{uuid.uuid4().hex}",
            DEBUG="1", ALLOWED_HOSTS="127.0.0.1,localhost", MP_NO_EMBEDDED_WORKER="1",
            CELERY_EMBEDDED="0", MP_QUEUE_SUFFIX=f"-fault-{self.run_id}",
            CHANNELS_PREFIX=f"mp-fault-{self.run_id}", PYTHONDONTWRITEBYTECODE="1",
            PYTHONUNBUFFERED="1", CELERY_LOG_LEVEL="INFO", **(env or {}))

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> "Stack":
        self.postgres.init()
        self.postgres.start()
        self.redis.start()
        import psycopg
        with psycopg.connect(self.postgres.admin_url, autocommit=True) as conn:
            conn.execute("CREATE DATABASE mp_fault")
        self.manage("migrate", "--noinput", "-v", "0")
        self.manage("ensure_computers")
        for i in range(len(self.daphne_ports)):
            self.spawn_daphne(i)
        self.spawn_worker()
        self.spawn_beat()
        return self

    def close(self) -> None:
        for name in list(self.procs):
            self.kill(name)
        self.redis.kill()
        self.postgres.stop()

    def manage(self, *args: str, stdin: str | None = None) -> str:
        """Run ``manage.py args`` with the stack's environment; its stdout (raises on failure)."""
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env,
                              input=stdin, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise HarnessError(f"manage.py {args[0]} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
        return done.stdout

    def _spawn(self, name: str, argv: list[str]) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "a")
        log.write(f"\n===== start {time.time():.3f}\n")
        log.flush()
        proc = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        self.procs[name] = proc
        return proc

    def log_text(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def _current_log(self, name: str) -> str:
        """The log of the current run of ``name`` (after its last start marker)."""
        return self.log_text(name).rsplit("===== start", 1)[-1]

    def _alive(self, name: str) -> None:
        proc = self.procs[name]
        if proc.poll() is not None:
            raise HarnessError(f"{name} exited with {proc.returncode}:\n{self._current_log(name)[-3000:]}")

    def spawn_daphne(self, index: int) -> None:
        """Start daphne ``index`` on its port and wait until it listens."""
        name = f"daphne-{index}"
        port = self.daphne_ports[index]
        self._spawn(name, [sys.executable, "-m", "daphne", "-b", LOOPBACK, "-p", str(port),
                           "mahjongsite.asgi:application"])
        wait_until(lambda: self._alive(name) or _port_open(port), START_TIMEOUT, f"{name} to listen")

    def spawn_worker(self) -> None:
        """Start the Celery worker and wait until it says it is ready."""
        self._spawn("worker", [sys.executable, "-m", "celery", "-A", "mahjongsite", "worker",
                               "-Q", ",".join(self.queues), "-c", "2", "-n", self.worker_name,
                               "-l", "INFO"])
        wait_until(lambda: self._alive("worker") or " ready." in self._current_log("worker"),
                   START_TIMEOUT, "the Celery worker to be ready")

    def spawn_beat(self) -> None:
        self._spawn("beat", [sys.executable, "-m", "celery", "-A", "mahjongsite", "beat", "-l", "INFO",
                             "-s", str(self.workdir / "beat-schedule")])
        wait_until(lambda: self._alive("beat") or "Sending due task" in self._current_log("beat"),
                   START_TIMEOUT, "Celery beat to send its first task")

    def worker_reconnects(self) -> int:
        """How many times the current worker said it connected to the broker."""
        return self._current_log("worker").count("Connected to redis://")

    def kill(self, name: str) -> None:
        """kill -9 process ``name`` (and its children: the worker's pool) and wait for it."""
        proc = self.procs.get(name)
        if proc is None or proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=30)

    def alive(self, name: str) -> bool:
        return self.procs[name].poll() is None
