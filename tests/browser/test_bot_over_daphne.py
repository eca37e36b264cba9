"""The docs' 30-line mjai bot over a real network connection (issue 13 items 3 and 5;
docs/bot-api.md): a real daphne server (this folder's ``live_server_proc``), the ``websockets``
client library, the bot's token on the REST API (``POST /api/games/``, practice) and on
``/ws/bot/`` (no Origin header, as a program sends none). No browser is used; the test sits
here for the server fixture. The private table itself is played in tests/platform/test_bot_ws.py.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "bot-api.md"

MAKE_BOT = """
from django.contrib.auth import get_user_model
from accounts import bots
from accounts.computers import ensure_computer_accounts
ensure_computer_accounts()
user = get_user_model().objects.create_user("docsbot", "docsbot@example.com", "pw-Secret-123")
bots.make_bot_account(user, confirm=True)
print("TOKEN=" + bots.make_token(user))
"""


def test_docs_bot_plays_practice_over_daphne_with_its_token(live_server_proc):
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "MP_INTEGRATION_INNER"}}
    env.update({"SQLITE_PATH": str(live_server_proc.db_path), "DEBUG": "1", "MP_NO_EMBEDDED_WORKER": "1",
                "DJANGO_SETTINGS_MODULE": "mahjongsite.settings"})      # the server's database
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", MAKE_BOT], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True).stdout
    token = re.search(r"TOKEN=(\S+)", out).group(1)

    request = urllib.request.Request(
        live_server_proc.url + "/api/games/", json.dumps({"preset": "riichi-single-deal"}).encode(),
        {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201
        game_id = json.load(response)["game"]["id"]

    code = re.search(r"```python\n(.*?)```", DOCS.read_text(), re.S).group(1)
    namespace: dict = {"__name__": "docs_bot"}
    exec(compile(code, str(DOCS), "exec"), namespace)
    url = live_server_proc.url.replace("http://", "ws://") + "/ws/bot/"
    status = asyncio.run(asyncio.wait_for(namespace["play"](url, token), timeout=300))
    assert status == "finished", live_server_proc.server_log()[-3000:]
    log = live_server_proc.game_log(game_id)
    assert log["entries"][-1]["events"][-1]["type"] == "game_end"
