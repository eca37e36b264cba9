"""Fixtures of the platform tests (pytest-django).

Computers answer at once (delay 0) and Celery runs tasks eagerly in the calling thread,
except in the integration run (``MP_INTEGRATION_INNER=1``), where a real worker process
consumes the Redis queues.
"""
from __future__ import annotations

import os

os.environ.setdefault("MP_NO_EMBEDDED_WORKER", "1")   # tests drive tasks themselves

import pytest  # noqa: E402

INTEGRATION_INNER = os.environ.get("MP_INTEGRATION_INNER") == "1"


@pytest.fixture(autouse=True)
def _platform_defaults(settings):
    """Delay 0 for computers, eager Celery (unless integration), a cold engine cache."""
    from games import engine_store
    from mahjongsite.celery import app

    settings.COMPUTER_DELAY_MIN = 0.0
    settings.COMPUTER_DELAY_MAX = 0.0
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = not INTEGRATION_INNER
    app.conf.task_eager_propagates = True
    engine_store.clear()
    yield
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
    from rules_engine.simple_player import decide
    return decide(view)
