"""Fixtures of the platform tests (pytest-django).

Computers answer at once (delay 0) and Celery runs tasks eagerly in the calling thread,
except in tests that use ``celery_worker_process`` (the integration run,
``MP_INTEGRATION_INNER=1``), where a real worker process consumes the Redis queues.
"""
from __future__ import annotations

import os

os.environ.setdefault("MP_NO_EMBEDDED_WORKER", "1")   # tests drive tasks themselves

import pytest  # noqa: E402

INTEGRATION_INNER = os.environ.get("MP_INTEGRATION_INNER") == "1"


@pytest.fixture(autouse=True)
def _platform_defaults(request, settings):
    """Delay 0 for computers, a cold engine cache, and eager Celery except for tests that use
    the real worker process (fixture ``celery_worker_process``, integration run only)."""
    from django.utils import translation

    from games import engine_store
    from mahjongsite.celery import app

    # A fast hasher for the many test accounts (PBKDF2 costs seconds per account on a loaded machine).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.COMPUTER_DELAY_MIN = 0.0
    settings.COMPUTER_DELAY_MAX = 0.0
    # Test clients answer at machine speed and can pass the site's 10 messages a second per
    # connection; its refusal would leave a table waiting at random. The limit's own tests
    # (test_bad_input.py, test_fuzz_input.py) set the site's values.
    settings.WS_RATE_BURST = 100_000
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = not any(f in request.fixturenames for f in REAL_WORKER_FIXTURES)
    app.conf.task_eager_propagates = True
    # Celery's "am I inside a worker" flag is process-global: once anything in this test process
    # built a worker pool it stays set, and every later eager ``.get()`` would be refused
    # ("Never call result.get() within a task"). Tests run outside any worker.
    from celery._state import _set_task_join_will_block
    _set_task_join_will_block(False)
    engine_store.clear()
    translation.activate(settings.LANGUAGE_CODE)   # a request in Spanish leaves its thread in Spanish
    yield
    translation.deactivate()
    app.conf.task_always_eager = eager
    engine_store.clear()


@pytest.fixture
def make_user(db, django_user_model):
    """``make_user(name="alice", confirmed=False)`` -> a human ``User`` with password "pw-Secret-123"."""
    def make(name: str = "alice", *, confirmed: bool = False):
        from django.utils import timezone
        user = django_user_model.objects.create_user(name, f"{name}@example.com", "pw-Secret-123")
        if confirmed:
            user.email_confirmed_at = timezone.now()
            user.save()
        return user
    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


def human_choice(view: dict):
    """The test's human player: the simple legal-move player on its own seat view."""
    from rules_engine.ai.simple_player import decide
    return decide(view)


REAL_WORKER_FIXTURES = ("celery_worker_process", "start_celery_worker")


class _Worker:
    """A ``celery worker`` subprocess on the test database (integration run only)."""

    def __init__(self, name: str):
        import subprocess
        import sys
        import time

        from django.conf import settings
        from django.db import connection

        from mahjongsite.celery import app

        env = dict(os.environ)
        self.hostname = f"{name}-{os.getpid()}@localhost"
        self.application_name = f"mp-worker-{name}-{os.getpid()}"
        env["DATABASE_URL"] = (_with_db_name(os.environ["DATABASE_URL"], connection.settings_dict["NAME"])
                               + f"?application_name={self.application_name}")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "mahjongsite", "worker", "-P", "solo", "-c", "1",
             "-Q", f"{settings.REALTIME_QUEUE},{settings.DEFAULT_QUEUE}", "-n", self.hostname,
             "-l", "WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[self.hostname], timeout=1.0):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.proc.kill()
                pytest.fail(f"the Celery worker did not start:\n{self.proc.stdout.read()[-3000:]}")

    def stop(self) -> None:
        stop_server_process(self.proc, self.application_name)


def stop_server_process(proc, application_name: str) -> None:
    """Stop a server subprocess of the integration run (terminate, then kill after 15 s) and
    end the PostgreSQL sessions it opened under ``application_name``: they may outlive it
    briefly, and the test database could then not be dropped."""
    import subprocess

    from django.db import connection

    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE application_name = %s", [application_name])


@pytest.fixture
def start_celery_worker(django_db_setup, django_db_blocker):
    """``start_celery_worker(name)`` -> a running ``_Worker``; stopped after the test."""
    if not INTEGRATION_INNER:
        pytest.fail("real Celery workers are only for the integration run (MP_INTEGRATION_INNER=1)")
    started = []

    def start(name: str = "restart") -> _Worker:
        with django_db_blocker.unblock():
            worker = _Worker(name)
        started.append(worker)
        return worker

    yield start
    with django_db_blocker.unblock():
        for worker in started:
            if worker.proc.poll() is None:
                worker.stop()


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """A real ``celery worker`` process on the same test database and Redis for the whole
    session (integration run only)."""
    if not INTEGRATION_INNER:
        pytest.fail("celery_worker_process is only for the integration run (MP_INTEGRATION_INNER=1)")
    with django_db_blocker.unblock():
        worker = _Worker("it")
    yield worker.proc
    with django_db_blocker.unblock():
        worker.stop()


def _with_db_name(url: str, name: str) -> str:
    """``url`` with its database path replaced by ``name``."""
    from urllib.parse import urlsplit, urlunsplit
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


if INTEGRATION_INNER:
    @pytest.fixture(scope="session", autouse=True)
    def _end_stray_sessions(django_db_setup, django_db_blocker):
        """At the end of the integration run, end the idle database sessions that consumer
        threads left open, so that pytest-django can drop the test database."""
        yield
        from django.db import connection
        with django_db_blocker.unblock(), connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = %s AND pid <> pg_backend_pid()",
                           [connection.settings_dict["NAME"]])


def pytest_collection_modifyitems(config, items):
    """Integration tests (marker ``integration``) FAIL when PostgreSQL, Redis or the server
    programs they start are missing; ``MP_SKIP_INTEGRATION=1`` is the one opt-out and skips
    them all (README, Tests).

    They also run first: the integration run is the longest single test (minutes), and started
    first on one xdist worker it runs while the other worker takes the rest of the suite,
    instead of leaving one worker idle at the end."""
    items.sort(key=lambda item: (0 if "test_integration_stack" in item.nodeid         # stable
                                 else 1 if item.get_closest_marker("integration") else 2))
    if os.environ.get("MP_SKIP_INTEGRATION") != "1":
        return
    skip = pytest.mark.skip(reason="integration tests skipped (MP_SKIP_INTEGRATION=1)")
    for item in items:
        if item.get_closest_marker("integration"):
            item.add_marker(skip)


@pytest.fixture
def bot(make_user):
    """An outside bot account "robo" (issue 13; ``accounts.bots``): e-mail confirmed, not listed."""
    from accounts import bots

    user = make_user("robo", confirmed=True)
    bots.make_bot_account(user, confirm=True)
    return user
