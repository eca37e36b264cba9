"""J5 in a real browser: an anonymous visitor opens a live ranked game's spectator page
(/games/<id>/watch/) and sees the table as it was 3 s ago (``MP_SPECTATOR_DELAY`` of the
browser server) with the "Delayed" banner and every hand face down (P-SPECT-1/-2/-3): the
WebSocket frames the page receives hold no tile the public may not know, and the page offers
no action. The game is a ranked game of two people and two computers, created on the
server's database; it plays itself (computers and clock defaults)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from browser_helpers import open_page
from conftest import ROOT, _server_env

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

CREATE = """
from django.utils import timezone
from accounts.computers import ensure_computer_accounts
from accounts.models import User
from games import ranked
from games.models import Game
ensure_computer_accounts()
people = [User.objects.create_user(f"ranked{i}", f"ranked{i}@example.com", "pw-Secret-123",
                                   email_confirmed_at=timezone.now()) for i in range(2)]
game = ranked.create_ranked_game(Game.Kind.QUICK, people, computers=ranked.pick_computers(2))
print("GAME", game.pk)
"""


def _create_ranked_game(server) -> int:
    result = subprocess.run([sys.executable, "manage.py", "shell", "-c", CREATE], cwd=ROOT,
                            env={**_server_env(server.db_path), "MP_NO_EMBEDDED_WORKER": "1"},
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return int(result.stdout.split("GAME")[-1].split()[0])


def _public_known(log: dict) -> list[set[int]]:
    """Tile ids the public may know after each log entry (no concealed tile, P-SPECT-3)."""
    sys.path.insert(0, str(ROOT / "tests" / "platform"))
    from hidden_info import Knowledge

    return [set.intersection(*(p["known"][s] for s in range(4))) for p in Knowledge(log).positions]


def test_j5_an_anonymous_visitor_watches_a_ranked_game_delayed_with_hands_hidden(live_server_proc, browser, tmp_path):
    server = live_server_proc
    game_id = _create_ranked_game(server)
    frames: list[dict] = []
    context, page, errors = open_page(browser, 1280, 800)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    page.goto(f"{server.url}/games/{game_id}/watch/")
    banner = page.locator("[data-role=watch-banner]")
    assert "Delayed" in banner.inner_text() and "hands hidden" in banner.inner_text()
    # The delayed table appears by itself once the deal is 3 s old: four seats, all face down.
    page.wait_for_selector(".board section.seat", timeout=60000)
    assert page.locator(".board section.seat").count() == 4
    assert page.locator(".board .hand").count() == 0, "a spectator has no hand of their own"
    assert page.locator(".board .concealed.open-hand").count() == 0
    assert page.locator(".board .concealed .tile").count() >= 4 * 13 - 4
    assert page.locator("button[data-action=confirm], button[data-action=pass], .tile.selectable").count() == 0
    page.screenshot(path=str(tmp_path / "watch-desktop.png"))
    page.set_viewport_size({"width": 360, "height": 740})
    page.screenshot(path=str(tmp_path / "watch-phone.png"), full_page=True)

    states = [f for f in frames if f.get("type") == "state"]
    assert states and all(s["game"]["my_seat"] is None and s["game"]["delay"] == 3 for s in states)
    known = _public_known(server.game_log(game_id))
    from hidden_info import tiles_in
    everything_public = set().union(*known)
    for state in states:
        assert '"wall":' not in json.dumps(state) and '"seed"' not in json.dumps(state)
        assert tiles_in(state) <= everything_public, "a concealed tile reached the spectator"
        if state["view"] is not None:
            assert not state["view"].get("legal_actions")
            assert all("hand" not in p for p in state["view"]["players"])
    assert not errors, errors
    context.close()


def test_j5_the_live_games_list_shows_a_new_game_without_a_reload_and_opens_its_watch_page(
        live_server_proc, browser, tmp_path):
    """J5 steps 1-2 (P-MATCH-7): the Live games list (the include the lobby shows, here on
    /live/) is open before the game starts; the game appears by itself once it is as old as the
    delay, with computer badges and a Watch link that opens the delayed spectator view."""
    server = live_server_proc
    context, page, errors = open_page(browser, 1280, 800)
    page.goto(f"{server.url}/live/")
    assert page.locator("#live-games [data-role=live-empty]").count() == 1
    page.evaluate("window.__sameDocument = true")
    game_id = _create_ranked_game(server)
    link = page.locator(f"#live-games a[data-role=watch][href='/games/{game_id}/watch/']")
    link.wait_for(timeout=60000)
    assert page.evaluate("window.__sameDocument === true"), "the list was refreshed without a reload"
    row = page.locator(f"#live-games li[data-game='{game_id}']")
    assert row.locator(".badge-computer").count() == 2 and "25000" in row.inner_text()
    page.screenshot(path=str(tmp_path / "live-desktop.png"))
    link.click()
    page.wait_for_url(f"**/games/{game_id}/watch/")
    page.wait_for_selector(".board section.seat", timeout=60000)
    assert page.locator(".board .hand").count() == 0 and page.locator(".board .concealed.open-hand").count() == 0
    assert not errors, errors
    context.close()
