"""P-CONN-4 in a real browser, two tabs of the same account on one practice game: when the
second tab opens the table, the first says "This table is open in another window or device"
and offers no controls (no selectable tile, no action button, never "Reconnecting") until
"Play here", which takes the seat back and displaces the second tab in turn."""
from __future__ import annotations

import time

import pytest
from browser_helpers import open_page, sign_up, start_practice

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

TURN_TIMEOUT = 60.0  # seconds until the person's first discard decision (a bound, not a measure)
DISPLACED = "[data-role=conn][data-state=opened_elsewhere]"


def _wait_for_own_discard(page) -> None:
    """Pass call offers until the page offers discards (the person's turn)."""
    deadline = time.monotonic() + TURN_TIMEOUT
    while not page.locator(".hand .tile.selectable").count():
        assert time.monotonic() < deadline, "no discard decision in time"
        page.wait_for_selector(".hand .tile.selectable, button[data-action=pass]:enabled", timeout=20000)
        if page.locator("button[data-action=pass]:enabled").count():
            page.click("button[data-action=pass]:enabled")
            page.wait_for_timeout(50)


def _no_controls(page) -> None:
    assert page.locator(".hand .tile.selectable").count() == 0
    assert page.locator(".actions button").count() == 0
    assert page.locator("[data-role=result] button[data-action=continue]").count() == 0
    assert "econnect" not in page.inner_text("[data-role=conn]").replace("Play here", "")


def test_p_conn_4_displaced_tab_has_no_controls_until_play_here(live_server_proc, browser):
    server = live_server_proc
    ctx, first, errors = open_page(browser)
    sign_up(first, server.url, f"tabs{int(time.time() * 1000) % 10_000_000}")
    game_id = start_practice(first)
    first.wait_for_selector(".board .seat-me", timeout=30000)
    _wait_for_own_discard(first)
    first.click(".hand .tile.selectable >> nth=0")          # a selection in progress
    assert first.locator("button[data-action=confirm]").count() == 1

    second = ctx.new_page()                                  # same account, same cookies
    second.goto(f"{server.url}/games/{game_id}/")
    second.wait_for_selector(".hand .tile.selectable", timeout=20000)
    first.wait_for_selector(DISPLACED, timeout=20000)
    _no_controls(first)
    first.click(".hand .tile >> nth=0")
    assert first.locator("button[data-action=confirm]").count() == 0

    # Play here: the first tab takes the seat back (controls return), the second is displaced.
    first.click("button[data-action=reconnect]")
    first.wait_for_selector(".hand .tile.selectable", timeout=20000)
    second.wait_for_selector(DISPLACED, timeout=20000)
    _no_controls(second)
    assert errors == []
    ctx.close()
