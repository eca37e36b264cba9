"""Integration: the platform tests again against real PostgreSQL and Redis, plus a full
practice hand whose computer moves come from a real Celery worker process (issue 4 item 8),
and a timed (Bullet) game that the worker's decision timeouts play to its end.

The run happens in a child pytest process whose settings come from ``DATABASE_URL`` and
``REDIS_URL`` (DESIGN §5: one settings module driven by the environment). When PostgreSQL or
Redis is unreachable the test FAILS, unless ``MP_SKIP_INTEGRATION=1`` says to skip it.
"""
from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

pytestmark = [pytest.mark.integration]

ROOT = Path(__file__).resolve().parents[3]
POSTGRES_URL = os.environ.get("MP_IT_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("MP_IT_REDIS_URL", "redis://127.0.0.1:6379/13")
INNER_TESTS = [
    "tests/platform/integration/inner_worker_flow.py",
    "tests/platform/integration/inner_timed_flow.py",
    "tests/platform/integration/inner_channel_layer.py",
    "tests/platform/integration/inner_presence_flow.py",
    "tests/platform/integration/inner_ratings.py",
    "tests/platform/test_ratings_settlement.py",
    "tests/platform/integration/inner_private_table_flow.py",
    "tests/platform/integration/inner_reconnect_flow.py",
    "tests/platform/integration/inner_ranked_game_flow.py",
    "tests/platform/integration/inner_spectator_delay.py",
    "tests/platform/test_private_tables_ws.py",
    "tests/platform/integration/inner_public_table_flow.py",
    "tests/platform/test_public_tables_ws.py",
    # Quick Play: beat + worker seat four people; racing matchmakers place nobody twice.
    "tests/platform/integration/inner_quick_play.py",
    "tests/platform/test_quick_play.py",
    "tests/platform/test_quick_play_ws.py",
    "tests/platform/test_service.py",
    "tests/platform/test_consumer.py",
    "tests/platform/test_live_table_push.py",
    # One subscription per process (games.table_hub) on the Redis layer: only notices in Redis.
    "tests/platform/test_table_hub.py",
    "tests/platform/integration/inner_table_hub.py",
    "tests/platform/test_clocks.py",
    # The single-writer guarantee across processes: fails without the row lock (issue 8).
    "tests/platform/test_single_writer.py",
    # The write path's hot statements (hot_sql.store_change, read_table_for_write) are
    # PostgreSQL-only: the engine catch-up with the locked read, all-or-nothing writes.
    "tests/platform/test_live_table_cost.py",
    "tests/platform/test_throttling.py",
]


def _require(service: str, check) -> None:
    """FAIL (never skip) when ``service`` is unreachable, unless the operator opted out of the
    integration tests with ``MP_SKIP_INTEGRATION=1`` (pyproject marker ``integration``)."""
    try:
        check()
    except Exception as exc:  # any connection failure
        message = (f"{service} is unreachable ({exc}); start it (see .ci/run) or set "
                   f"MP_IT_POSTGRES_URL / MP_IT_REDIS_URL")
        if os.environ.get("MP_SKIP_INTEGRATION") == "1":
            pytest.skip(f"{message} (MP_SKIP_INTEGRATION=1)")
        pytest.fail(f"{message}; or set MP_SKIP_INTEGRATION=1 to skip the integration tests")


def _check_postgres() -> None:
    import psycopg
    with psycopg.connect(POSTGRES_URL, connect_timeout=5) as conn:
        conn.execute("SELECT 1")


def _check_redis() -> None:
    import redis
    redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5).ping()


def _drop_redis_keys(pattern: str) -> None:
    """Remove this run's queue bindings from Redis (channel keys expire by themselves)."""
    import redis
    client = redis.Redis.from_url(REDIS_URL)
    for key in client.scan_iter(match=pattern):
        client.delete(key)


def test_platform_on_postgresql_redis_and_a_celery_worker(tmp_path):
    if os.environ.get("MP_INTEGRATION_INNER") == "1":
        pytest.skip("already inside the integration run")
    _require("PostgreSQL", _check_postgres)
    _require("Redis", _check_redis)
    run_id = uuid.uuid4().hex[:10]
    database_url = POSTGRES_URL.rsplit("/", 1)[0] + f"/mp_it_{run_id}"
    env = dict(os.environ, DATABASE_URL=database_url, REDIS_URL=REDIS_URL,
               MP_INTEGRATION_INNER="1", MP_QUEUE_SUFFIX=f"-it-{run_id}",
               CHANNELS_PREFIX=f"mp-it-{run_id}", SECRET_KEY=f"integration-{run_id}", DEBUG="1",
               MP_NO_EMBEDDED_WORKER="1", PYTHONDONTWRITEBYTECODE="1",
               # Timed play in seconds (docs/clocks.md): every clock x0.05, no lag allowance;
               # the untimed tests of the run are unaffected.
               MP_CLOCK_SCALE="0.05", MP_CLOCK_LAG_ALLOWANCE="0",
               # The worker's computers think 0-20 ms, not a person's 0.5-1.5 s (P-BOT-4): whole
               # games played through the worker take seconds, not minutes.
               MP_COMPUTER_DELAY_MIN="0", MP_COMPUTER_DELAY_MAX="0.02",
               # Public spectators 3 s behind (P-SPECT-2) so the delayed feed reaches the end.
               MP_SPECTATOR_DELAY="3")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-q",
         "--create-db", "-o", "addopts=-ra --strict-markers", *INNER_TESTS],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    _drop_redis_keys(f"*it-{run_id}*")
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"integration run failed:\n{output[-6000:]}"
    assert " passed" in output and "error" not in output.splitlines()[-1]
