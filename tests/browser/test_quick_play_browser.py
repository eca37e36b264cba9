"""J2 steps 1–3 in real browsers, four people in four browser contexts (P-MATCH-1/-3/-4/-6):
each signs up, follows the confirmation link from the e-mail (printed on the server's
console), presses Quick Play in the navigation and picks Riichi (Taiwanese is shown as not
available yet; the screen states the format, the Standard clock and that the game is
ranked). The first three wait on the waiting screen (elapsed time, Cancel — one cancels and
joins again); when the fourth
joins, the matchmaker groups them and every page lands at the same table without a reload.
The server is the embedded default (SQLite, in-process channel layer and Celery worker), as
``make run``; the pages run under the enforced Content-Security-Policy.
"""
from __future__ import annotations

import re
import time

import pytest
from browser_helpers import open_page, sign_up
from test_csp_in_browser import LISTEN

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WAIT = 60.0   # seconds for a page to get somewhere (a bound, not a measure)


def wait_for(predicate, what: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def confirm_email(page, server, username: str) -> None:
    """J1 step 4: follow the confirmation link of ``username``'s e-mail from the server log."""
    pattern = re.compile(rf"Hello {re.escape(username)},\s+Follow this link to confirm your e-mail "
                         rf"address:\s+(\S+/accounts/confirm/\S+/)")
    link = wait_for(lambda: (m := pattern.search(server.server_log())) and m.group(1),
                    f"the confirmation e-mail of {username}")
    page.goto(link)
    page.wait_for_load_state("load")
    assert "Your e-mail address is confirmed." in page.content()


def test_j2_four_people_press_quick_play_and_land_at_the_same_table(live_server_proc, browser):
    server = live_server_proc
    suffix = int(time.time() * 1000) % 10_000_000
    opened = [open_page(browser, enforce_csp=True) for _ in range(4)]
    pages = [page for _ctx, page, _errors in opened]
    for ctx, _page, _errors in opened:
        ctx.add_init_script(LISTEN)
    names = [f"quick{i}x{suffix}" for i in range(4)]
    for page, name in zip(pages, names):
        sign_up(page, server.url, name)
        confirm_email(page, server, name)

    # J2 step 1: Quick Play from the navigation; the choice screen states what will be played.
    for page in pages:
        page.click("[data-role=nav-quick-play]")
        page.wait_for_selector("[data-role=join-riichi]")
    choice = pages[0].locator("main").inner_text()
    assert "One East round" in choice and "5 s per discard + 20 s reserve per hand" in choice
    assert "Ranked" in choice and "Play Taiwanese" in choice      # both families are offered

    # Step 2: three wait; the waiting screen counts the time and offers Cancel.
    for page in pages[:3]:
        page.click("[data-role=join-riichi]")
        page.wait_for_selector("#quick-root [data-role=cancel]")
    elapsed = pages[0].locator("[data-role=elapsed]")
    first = elapsed.inner_text()
    wait_for(lambda: elapsed.inner_text() != first, "the elapsed time to advance")
    assert re.fullmatch(r"\d+:\d\d", elapsed.inner_text())
    assert pages[0].locator("[data-role=computers-form]").is_hidden()     # offered after 60 s
    # P-MATCH-6: Cancel leaves the queue (back to the choice); joining again waits anew.
    pages[2].click("[data-role=cancel]")
    pages[2].wait_for_selector("[data-role=join-riichi]")
    assert "You have left the Quick Play queue." in pages[2].content()
    pages[2].click("[data-role=join-riichi]")
    pages[2].wait_for_selector("#quick-root [data-role=cancel]")

    # Step 3: the fourth joins; all four are taken to the same table (P-MATCH-3/-4).
    pages[3].click("[data-role=join-riichi]")
    for page in pages:
        page.wait_for_url(re.compile(r".*/games/\d+/$"), timeout=WAIT * 1000)
    assert len({page.url for page in pages}) == 1, [page.url for page in pages]
    for page in pages:
        page.wait_for_selector(".board .seat-me", timeout=WAIT * 1000)
        assert page.evaluate("window.__cspViolations") == []
    for _ctx, _page, errors in opened:
        assert not errors, errors
    for ctx, _page, _errors in opened:
        ctx.close()
