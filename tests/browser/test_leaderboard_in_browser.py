"""J7 in a real browser: a player with settled ranked games opens the Leaderboard, sees the
ranking with their own rank highlighted and the explanation of the provisional period, then
opens their profile with the server-drawn rating-history chart and the rated games linking to
the replays (P-LB-1..-3, P-LB-5). The ranked games are stored in the live server's database
and settled by the real settlement code (``leaderboard.settlement.settle_game``)."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from browser_helpers import open_page, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = r"""
import django, sys
django.setup()
from django.contrib.auth import get_user_model
from games.models import Game, Seat
from leaderboard.settlement import settle_game
from rules_engine.preset import get_preset
from rules_engine.riichi.settlement import game_result
from django.utils import timezone
User = get_user_model()
me = User.objects.get(username=sys.argv[1])
others = []
for name in ("lb_bob", "lb_cy"):
    user = User(username=name + sys.argv[2]); user.set_unusable_password(); user.save(); others.append(user)
bot = User(username="lb_bot" + sys.argv[2], is_computer=True); bot.set_unusable_password(); bot.save()
players = [me, *others, bot]
preset = get_preset("riichi")
orders = ([42300, 31000, 18700, 8000], [31000, 42300, 8000, 18700], [18700, 8000, 42300, 31000])
for n in range(21):
    scores = orders[n % 3]
    game = Game.objects.create(kind="public", ranked=True, preset_name="riichi", preset_version=1,
        game_format="east", clock="standard", status="finished", end_reason="normal",
        created_by=me, finished_at=timezone.now(), final_scores=scores,
        game_result=game_result(scores, 0, preset), phase="game_over")
    for seat, user in enumerate(players):
        Seat.objects.create(game=game, seat=seat, user=user)
    assert settle_game(game.pk) == "settled"
print("seeded")
"""


LISTEN_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
});
"""


def _no_csp_violation(page) -> None:
    assert page.evaluate("window.__cspViolations") == [], page.url


def _shot(page, name: str) -> None:
    """Full-page screenshot into ``MP_SCREENSHOTS`` when set (for a person to look at)."""
    folder = os.environ.get("MP_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def _seed(server, username: str) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "REDIS_URL", "MP_INTEGRATION_INNER"}}
    env.update({"SQLITE_PATH": str(server.db_path), "DJANGO_SETTINGS_MODULE": "mahjongsite.settings",
                "DEBUG": "1", "CELERY_EMBEDDED": "0", "MP_NO_EMBEDDED_WORKER": "1"})
    result = subprocess.run([sys.executable, "-c", SEED, username, str(int(time.time()) % 100000)],
                            env=env, capture_output=True, text=True, timeout=120,
                            cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert "seeded" in result.stdout, result.stdout + result.stderr


def test_j7_leaderboard_and_profile_with_its_rating_chart(live_server_proc, browser):
    server = live_server_proc
    context, page, errors = open_page(browser, enforce_csp=True)       # the site's strict CSP
    context.add_init_script(LISTEN_CSP)
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    username = f"lb{int(time.time() * 1000) % 10_000_000}"
    sign_up(page, server.url, username)
    _seed(server, username)
    page.click("nav.site-nav a:has-text('Leaderboard')")                 # J7 step 1
    page.wait_for_selector("[data-role=ranking]")
    rows = page.locator("[data-role=ranking] tbody tr")
    assert rows.count() == 3                                             # humans only (P-LB-4)
    mine = page.locator("[data-role=ranking] tr.me")
    assert mine.count() == 1 and username in mine.inner_text()           # J7 step 3
    assert "Your rank:" in page.inner_text("[data-role=own-position]")
    assert "provisional until you have completed 20 rated games" in page.inner_text("section.explain")
    _shot(page, "leaderboard")
    _no_csp_violation(page)
    page.click("a:has-text('Riichi: Computers')")                        # P-LB-4
    page.wait_for_selector("[data-role=ranking]")
    assert "computer" in page.inner_text("[data-role=ranking]")
    page.click("nav.site-nav a:has-text('Profile')")                     # J7 step 4
    chart = page.locator("#rating-riichi svg[data-role=rating-chart]")
    chart.wait_for()
    assert chart.get_attribute("data-games") == "21"
    box = chart.bounding_box()
    assert box and box["width"] > 200 and box["height"] > 60             # drawn, not empty
    assert page.locator("#rating-riichi svg polyline.line").count() == 1
    _shot(page, "profile")
    _no_csp_violation(page)
    table = page.locator("#rating-riichi [data-role=rated-games] tbody tr")
    assert table.count() == 20                                           # latest 20 + "All 21"
    assert "/replay/" in table.first.locator("a").get_attribute("href")
    page.click("a:has-text('All 21 rated games')")
    page.wait_for_selector("[data-role=rated-games]")
    assert page.locator("[data-role=rated-games] tbody tr").count() == 21
    _no_csp_violation(page)
    assert not errors, errors                                            # no script or CSP errors
    context.close()
