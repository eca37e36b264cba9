"""Every page satisfies the Content-Security-Policy in a real browser (issue 8): no
``securitypolicyviolation`` event and no CSP console message on the lobby, sign-up, log-in,
profile, computers roster, practice form, the table while a hand is played, the review, the
replay viewer and the admin log-in. The policy itself (no inline code, WebSocket to the own
host) is checked in tests/platform/test_deploy_security.py."""
from __future__ import annotations

import re
import time

import pytest
from browser_helpers import PASSWORD, open_page, sign_up, start_practice

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 240.0  # seconds: the Bullet clock (×0.25 in the test server) plays the hand out

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} `
                              + `at ${e.sourceFile || location.pathname}:${e.lineNumber}`);
});
"""


def test_no_page_reports_a_csp_violation(live_server_proc, browser):
    server = live_server_proc
    context, page, errors = open_page(browser, enforce_csp=True)
    context.add_init_script(LISTEN)
    console: list[str] = []
    page.on("console", lambda msg: console.append(f"{page.url}: {msg.text}")
            if "Content Security Policy" in msg.text or msg.type == "error" else None)
    seen: dict[str, list[str]] = {}

    def visit(name: str, url: str | None = None, ready: str | None = None) -> None:
        if url is not None:
            page.goto(server.url + url)
        page.wait_for_load_state("load")
        if ready:
            page.wait_for_selector(ready, timeout=30000)
        seen[name] = page.evaluate("window.__cspViolations || null")
        assert seen[name] is not None, f"{name}: the listener was not installed"
        assert page.evaluate("!!document.querySelector('meta[http-equiv]')") is False

    visit("lobby (visitor)", "/")
    visit("sign-up", "/accounts/signup/")
    visit("live games (visitor)", "/live/", ready="[data-role=live-list]")
    username = f"csp{int(time.time() * 1000) % 10_000_000}"
    sign_up(page, server.url, username)
    visit("lobby (signed in)")
    visit("profile", f"/players/{username}/")
    visit("computers roster", "/computers/")
    visit("bot API documentation", "/docs/bot-api/", ready="[data-role=bot-api-doc] table")
    visit("bot account page", "/accounts/bot/")
    visit("practice form", "/practice/")
    # An untimed table: select a tile, then confirm the discard by a second click (P-PLAY-2).
    page.goto(server.url + "/")
    start_practice(page, "riichi-single-deal")
    deadline = time.monotonic() + 60
    while not page.locator(".hand .tile.selectable").count():     # pass any call offered first
        assert time.monotonic() < deadline, "the human's turn did not come"
        passing = page.locator("button[data-action=pass]:enabled")
        if passing.count():
            passing.first.click()
        page.wait_for_timeout(100)
    seq = page.get_attribute(".board", "data-seq")
    page.locator(".hand .tile.selectable").last.click()
    page.wait_for_selector(".hand .tile.selected", timeout=5000)
    page.locator(".hand .tile.selected").click()
    page.wait_for_selector(f".board:not([data-seq='{seq}'])", timeout=30000)
    visit("table after a discard")
    page.goto(server.url + "/")
    game_id = start_practice(page, "riichi-single-deal", clock="bullet")
    visit("table while playing", ready=".board .seat-me")
    page.wait_for_selector("[data-role=result] [data-role=review]", timeout=PLAY_TIMEOUT * 1000)
    visit("table with the result")
    visit("review", f"/games/{game_id}/review/")
    visit("replay viewer", f"/games/{game_id}/replay/?hand=0", ready="#replay-root[data-ready='1']")
    # The language menu works without its old inline handler (static/js/lang.js).
    page.select_option("#lang-select", "es")
    page.wait_for_selector("html[lang=es] #replay-root[data-ready='1']", timeout=15000)
    visit("replay viewer in Spanish")
    page.select_option("#lang-select", "en")
    page.wait_for_selector("html[lang=en] #replay-root[data-ready='1']", timeout=15000)
    visit("admin log-in", "/admin/login/")
    page.goto(server.url + "/")
    with page.expect_navigation():
        page.click("form.inline button[type=submit]")                   # log out
    visit("log-in", "/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    visit("lobby after log-in")
    assert re.sub(r"/$", "", page.url) == server.url

    violations = {name: found for name, found in seen.items() if found}
    assert not violations, f"CSP violations: {violations}"
    csp_console = [line for line in console if "Content Security Policy" in line]
    assert not csp_console, csp_console
    assert not errors, f"JavaScript errors: {errors}"
    assert len(seen) == 18
