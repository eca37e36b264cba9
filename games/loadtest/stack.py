"""The production shape on loopback for the load tool (DESIGN §5): a fresh PostgreSQL database
on the given server, Redis with this run's own key prefix and queue suffix, two daphne
processes, a Celery worker on the realtime queue and Celery beat. Everything it starts it
stops, and the database is dropped at the end (``Stack.close``)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

LOOPBACK = "127.0.0.1"


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"process {proc.args} exited with {proc.returncode} before listening")
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {LOOPBACK}:{port} after {timeout} s")


def _loopback_only(url: str, what: str) -> None:
    from urllib.parse import urlparse

    host = urlparse(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"the load tool runs on loopback only; {what} points at {host!r}")


class Stack:
    """Start with ``Stack(postgres_url, redis_url).start()``; ``env`` is the environment of
    every process (and of the load tool's own Django set-up); ``processes()`` maps a role
    name ("daphne-1", "daphne-2", "worker", "beat") to its ``subprocess.Popen``;
    ``ports`` are the two daphne ports. ``first_daphne_env`` is added to daphne-1's environment
    only, so that one run compares a setting (an allocator, a collector threshold) side by side."""

    def __init__(self, postgres_url: str, redis_url: str, *, daphnes: int = 2, worker_concurrency: int = 2,
                 extra_env: dict | None = None, run_id: str | None = None,
                 first_daphne_env: dict | None = None) -> None:
        _loopback_only(postgres_url, "--postgres")
        _loopback_only(redis_url, "--redis")
        self.run_id = run_id or uuid.uuid4().hex[:8]
        self.db_name = f"mp_load_{self.run_id}"
        self.admin_url = postgres_url
        self.database_url = postgres_url.rsplit("/", 1)[0] + f"/{self.db_name}"
        self.redis_url = redis_url
        self.daphnes = daphnes
        self.worker_concurrency = worker_concurrency
        self.tmp = Path(tempfile.mkdtemp(prefix=f"mp-load-{self.run_id}-"))
        self.ports: list[int] = []
        self.procs: dict[str, subprocess.Popen] = {}
        self.first_daphne_env = dict(first_daphne_env or {})    # an A/B of a setting within one run
        self.env = dict(os.environ, DATABASE_URL=self.database_url, REDIS_URL=redis_url,
                        CHANNELS_PREFIX=f"mp-load-{self.run_id}", MP_QUEUE_SUFFIX=f"-load-{self.run_id}",
                        SECRET_KEY=f"load-{self.run_id}-{uuid.uuid4().hex}", DEBUG="0",
                        ALLOWED_HOSTS="127.0.0.1,localhost", MP_NO_EMBEDDED_WORKER="1",
                        CELERY_EMBEDDED="0", PYTHONDONTWRITEBYTECODE="1", **(extra_env or {}))
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.env["DJANGO_SETTINGS_MODULE"] = "mahjongsite.settings"

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> "Stack":
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{self.db_name}"')
        self._spawn("migrate", [sys.executable, "-m", "django", "migrate", "--noinput", "-v", "0"], wait=True)
        self._spawn("computers", [sys.executable, "-m", "django", "ensure_computers"], wait=True)
        for i in range(self.daphnes):
            port = free_port()
            self.ports.append(port)
            proc = self._spawn(f"daphne-{i + 1}", [sys.executable, "-m", "daphne", "-b", LOOPBACK, "-p", str(port),
                                                   "mahjongsite.asgi:application"])
            _wait_port(port, proc)
        queues = f"realtime-load-{self.run_id}"
        self._spawn("worker", [sys.executable, "-m", "celery", "-A", "mahjongsite", "worker", "-Q", queues,
                               "-c", str(self.worker_concurrency), "-n", f"load-{self.run_id}@localhost",
                               "-l", "WARNING", "--without-gossip", "--without-mingle"])
        self._spawn("beat", [sys.executable, "-m", "celery", "-A", "mahjongsite", "beat", "-l", "WARNING",
                             "-s", str(self.tmp / "beat-schedule")])
        self._wait_worker()
        return self

    def _spawn(self, name: str, argv: list[str], *, wait: bool = False) -> subprocess.Popen:
        logf = open(self.tmp / f"{name}.log", "w")
        env = dict(self.env, **self.first_daphne_env) if name == "daphne-1" else self.env
        proc = subprocess.Popen(argv, env=env, stdout=logf, stderr=subprocess.STDOUT,
                                start_new_session=True)
        if wait:
            if proc.wait(timeout=300) != 0:
                raise RuntimeError(f"{name} failed:\n{(self.tmp / f'{name}.log').read_text()[-3000:]}")
            return proc
        self.procs[name] = proc
        return proc

    def _wait_worker(self, timeout: float = 60.0) -> None:
        """Wait until the worker answers a ping through the broker (RuntimeError after
        ``timeout`` seconds or when it exits)."""
        code = ("from mahjongsite.celery import app; import sys; "
                f"sys.exit(0 if app.control.ping(destination=['load-{self.run_id}@localhost'], timeout=1.0) else 1)")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.procs["worker"].poll() is not None:
                raise RuntimeError("the Celery worker exited:\n" + (self.tmp / "worker.log").read_text()[-3000:])
            if subprocess.run([sys.executable, "-c", code], env=self.env, capture_output=True).returncode == 0:
                return
        raise RuntimeError("the Celery worker did not answer a ping")

    def processes(self) -> dict[str, int]:
        """Role name -> pid of the server processes (the worker's pool children included as
        ``worker-child-N``)."""
        import psutil

        out = {name: p.pid for name, p in self.procs.items() if p.poll() is None}
        if "worker" in out:
            try:
                for i, child in enumerate(psutil.Process(out["worker"]).children(recursive=True)):
                    out[f"worker-child-{i + 1}"] = child.pid
            except psutil.NoSuchProcess:
                pass
        return out

    def postgres_backends(self) -> list[int]:
        """Pids of the PostgreSQL backends connected to this run's database."""
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s",
                                [self.db_name]).fetchall()
        return [r[0] for r in rows]

    def dead(self) -> list[str]:
        """Roles whose process exited."""
        return [name for name, p in self.procs.items() if p.poll() is not None]

    def close(self, keep_logs: bool = False) -> None:
        """Stop every process (TERM, then KILL after 15 s), drop the database and this run's
        Redis keys, and remove the temporary directory unless ``keep_logs``."""
        import signal

        for proc in self.procs.values():
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for proc in self.procs.values():
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
        try:
            import psycopg

            with psycopg.connect(self.admin_url, autocommit=True) as conn:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                             [self.db_name])
                conn.execute(f'DROP DATABASE IF EXISTS "{self.db_name}"')
        except Exception as exc:  # report, never hide
            print(f"warning: could not drop database {self.db_name}: {exc}", file=sys.stderr)
        try:
            import redis

            client = redis.Redis.from_url(self.redis_url)
            for key in client.scan_iter(match=f"*load-{self.run_id}*", count=1000):
                client.delete(key)
        except Exception as exc:
            print(f"warning: could not remove Redis keys of run {self.run_id}: {exc}", file=sys.stderr)
        if not keep_logs:
            shutil.rmtree(self.tmp, ignore_errors=True)
