"""The Celery app (DESIGN §4): ``celery -A mahjongsite worker -Q realtime,default``.

The worker's consumer is ``ResilientConsumer`` (setting ``CELERY_WORKER_CONSUMER``), so that
a worker survives a Redis restart and reconnects by itself (issue 8).
"""
from __future__ import annotations

import logging
import os

from celery import Celery
from celery.signals import task_prerun, worker_init
from celery.worker.consumer import Consumer

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings")

log = logging.getLogger("games")

app = Celery("mahjongsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


class ResilientConsumer(Consumer):
    """Celery's consumer, except that losing the broker never ends the worker.

    Celery 5.7's ``on_connection_error_after_connected`` first ``collect()``s the broken
    connection and then ``close()``s it. ``collect()`` detaches the transport, but when the
    Redis channel could not be closed (its pending BRPOP read fails on the dead socket) the
    channel stays attached; ``close()`` then closes it again, and with unacknowledged messages
    (``acks_late`` and ETA tasks: every pending clock and computer move) the channel tries to
    restore them through the detached transport: ``AttributeError: 'NoneType' object has no
    attribute 'hostname'``, which the worker treats as unrecoverable and exits (issue 8).

    Here a ``close()`` after the transport was detached is a no-op: nothing is left to close,
    and the unacknowledged messages stay in Redis's unacked set (restored after the
    visibility timeout) while the sweeper replays anything overdue (DESIGN §4, P-SYS-3).
    Everything else (reconnecting with retries, re-consuming) is Celery's own code.
    """

    def on_connection_error_after_connected(self, exc):
        connection = self.connection
        if connection is not None:
            connection.close = _close_unless_collected(connection, connection.close)
        super().on_connection_error_after_connected(exc)


def _close_unless_collected(connection, close):
    """``close`` of ``connection``, skipped once ``connection.collect()`` has detached its
    transport (kombu then has nothing left to release)."""

    def guarded_close():
        if getattr(connection, "_transport", None) is None:
            log.info("broker connection already collected; not closing it again")
            return None
        return close()

    return guarded_close


@task_prerun.connect
def _database_fit_for_task(task=None, **kwargs) -> None:
    """Before each task run by a worker: drop a kept database connection that is broken or
    older than ``CONN_MAX_AGE`` (``django.db.close_old_connections``, as Django does per
    request), so the connection kept by ``CELERY_DB_REUSE_MAX`` heals after a database
    restart. Eager runs (tests) share the caller's connection and are left alone."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


@worker_init.connect
def _memtrace_worker(**_kwargs):
    """Allocation tracing of the worker's main process with ``MP_MEMTRACE_DIR`` (diagnosis;
    ``mahjongsite.memtrace``), and the server's collector tuning with its periodic full
    collection (``mahjongsite.gc_tuning``: without it the worker's main process climbed about
    0.35 MB a minute in the issue 8 soak, and levelled off when full collections were forced).
    Only in a worker process of its own: the embedded worker runs in a thread of daphne, whose
    ``asgi`` module tuned it already."""
    import threading

    from mahjongsite.memtrace import install

    install()
    if threading.current_thread() is threading.main_thread():
        from mahjongsite.gc_tuning import tune

        tune()
