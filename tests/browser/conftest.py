"""Fixtures of the browser tests: a real daphne server and Debian's chromium through Playwright.

The server is the project's ASGI app in its embedded default (SQLite file, in-process channel
layer and Celery worker, DESIGN §5) started as a subprocess on a free port against a fresh
temporary database, with a short computer delay. Chromium is launched by its executable path;
when it is missing the tests fail (never skip), as the CI contract requires.
"""
from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("MP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SERVER_START_TIMEOUT = 60.0  # seconds


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_env(db_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "REDIS_URL", "MP_NO_EMBEDDED_WORKER", "DJANGO_SETTINGS_MODULE",
                        "MP_INTEGRATION_INNER"}}
    env.update({"SQLITE_PATH": str(db_path), "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "mahjongsite.settings",
                "MP_COMPUTER_DELAY_MIN": "0.02", "MP_COMPUTER_DELAY_MAX": "0.05",
                # Timed tables run at a quarter of their real clocks (docs/clocks.md, CLOCK_SCALE):
                # Bullet becomes 0.5 s per discard + 1.25 s reserve. Untimed games are unaffected.
                "MP_CLOCK_SCALE": "0.25",
                # Every discard nobody may call gets the masked pause (P-FAIR-6), 0.02-0.05 s here.
                "MP_CLAIM_MASK_SHARE": "1",
                # Public spectators 3 s behind instead of 180 s (P-SPECT-2), so a test can watch.
                "MP_SPECTATOR_DELAY": "3",
                "ALLOWED_HOSTS": "127.0.0.1,localhost", "PYTHONUNBUFFERED": "1"})
    return env


class LiveServer:
    """A running daphne subprocess: ``url`` (no trailing slash) and ``db_path`` (its SQLite file)."""

    def __init__(self, url: str, db_path: Path, proc: subprocess.Popen, log_path: Path):
        self.url = url
        self.db_path = db_path
        self.proc = proc
        self.log_path = log_path

    def game_log(self, game_id: int) -> dict:
        """The engine log stored for game ``game_id`` (the server's truth, DESIGN §2)."""
        import json
        with sqlite3.connect(self.db_path) as conn:
            row = conn.execute("SELECT log FROM games_game WHERE id = ?", (game_id,)).fetchone()
            assert row is not None, f"game {game_id} not in the server's database"
            log = json.loads(row[0])
            # The log is stored append-only (games.models): the base plus one row per entry.
            base = list(log.get("entries") or ())
            appended = conn.execute("SELECT entry FROM games_logentry WHERE game_id = ? AND \"index\" >= ? "
                                    "ORDER BY \"index\"", (game_id, len(base))).fetchall()
        return {**log, "entries": base + [json.loads(entry) for (entry,) in appended]}

    def server_log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


@pytest.fixture
def live_server_proc(tmp_path):
    """Migrate a fresh SQLite database and serve the ASGI app with daphne on a free port."""
    db_path = tmp_path / "browser.sqlite3"
    env = _server_env(db_path)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    port = _free_port()
    log_path = tmp_path / "daphne.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                 "mahjongsite.asgi:application"], cwd=ROOT, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    server = LiveServer(url, db_path, proc, log_path)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"daphne exited with {proc.returncode}:\n{server.server_log()}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as resp:
                if resp.status == 200:
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.terminate()
            raise RuntimeError(f"daphne did not answer within {SERVER_START_TIMEOUT} s:\n{server.server_log()}")
        time.sleep(0.2)
    yield server
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture
def browser():
    """Debian's chromium via Playwright. Fails (never skips) when the executable is missing."""
    assert os.path.exists(CHROMIUM), (
        f"chromium not found at {CHROMIUM}: install it (apt-get install -y chromium; `make test` does this)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
