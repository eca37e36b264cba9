"""Issue 11 items 1 and 3 on real games: a practice hand played to its end in Debian's chromium
against the real server at each window size, with the page checked after EVERY render (a
MutationObserver on the board): the document never scrolls and every enabled button (and every
tile of the hand) is inside the window whenever it is shown. A Bullet game lets one decision time
out and the table says what the server played (P-CLOCK-9, P-TIMEOUT-1).
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_helpers import open_page, sign_up, start_practice

from tests.browser.test_table_fits_viewport import CHECK_JS, SHOTS, VIEWPORTS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 240.0  # seconds for one hand (computers answer after 0.02-0.05 s)

#: Installed before the page's scripts: after each change of the board, run CHECK_JS and keep
#: the problems seen (with the phase) and how many renders were checked.
WATCH_JS = """
window.__fit = {checks: 0, problems: []};
window.__fitCheck = %s;
document.addEventListener("DOMContentLoaded", () => {
  const board = document.querySelector("[data-role=board]");
  if (!board) return;
  new MutationObserver(() => {
    window.__fit.checks += 1;
    for (const p of window.__fitCheck()) {
      if (window.__fit.problems.length < 20) window.__fit.problems.push(`${board.dataset.phase}: ${p}`);
    }
  }).observe(board, {childList: true});
});
""" % CHECK_JS


def _play_hand(page, *, let_one_time_out: bool = False) -> dict:
    """Play until the results screen: win when offered, pass calls, else discard (the drawn tile
    when it may go). With ``let_one_time_out``, leave the first own turn to the clock and wait
    for the timeout notice. Returns what was done."""
    done = {"discards": 0, "passes": 0, "wins": 0, "timeout_notice": ""}
    deadline = time.monotonic() + PLAY_TIMEOUT
    while time.monotonic() < deadline:
        if page.locator("[data-role=result]").count():
            return done
        win = page.locator("button[data-action=tsumo]:enabled, button[data-action=ron]:enabled")
        if win.count():
            win.first.click()
            done["wins"] += 1
        elif page.locator("button[data-action=pass]:enabled").count():
            page.locator("button[data-action=pass]:enabled").first.click()
            done["passes"] += 1
        elif page.locator(".hand .tile.selectable").count():
            if let_one_time_out and not done["timeout_notice"]:
                page.wait_for_selector("[data-role=timeout-notice]", timeout=20000)
                done["timeout_notice"] = page.inner_text("[data-role=timeout-notice]")
                continue
            tile = page.locator(".hand .drawn .tile.selectable")
            tile = tile.first if tile.count() else page.locator(".hand .tile.selectable").last
            seq = page.get_attribute(".board", "data-seq")
            try:
                tile.dblclick(timeout=2000)
            except Exception:  # the table moved on (a timeout) while clicking: look again
                continue
            done["discards"] += 1
            page.wait_for_function("seq => document.querySelector('.board').dataset.seq !== seq"
                                   " || document.querySelector('[data-role=result]') !== null",
                                   arg=seq, timeout=20000)
            continue
        page.wait_for_timeout(50)
    raise AssertionError(f"no hand result within {PLAY_TIMEOUT} s; did {done}")


@pytest.mark.parametrize("width, height", VIEWPORTS)
def test_issue11_live_practice_hand_fits_the_window_at_every_moment(live_server_proc, browser, width, height):
    """Issue 11 item 1 (P-PLAY-2/-3, P-FLOW-1, P-END-1): a single-hand practice game played to
    its game-over screen never makes the document scroll nor puts an enabled button (or a hand
    tile) outside the window, checked after every render of the board. At 1280×800 the game is
    timed (Bullet) and one own turn is left to the clock: the notice says what was discarded."""
    server = live_server_proc
    context, page, errors = open_page(browser, width, height)
    page.add_init_script(WATCH_JS)
    sign_up(page, server.url, f"fit{width}x{height}{int(time.time() * 1000) % 100000}")
    timed = (width, height) == (1280, 800)
    start_practice(page, "riichi-single-deal", clock="bullet" if timed else None)
    page.wait_for_selector(".board .seat-me", timeout=30000)
    done = _play_hand(page, let_one_time_out=timed)
    page.wait_for_selector("[data-role=result] .game-over", timeout=30000)
    fit = page.evaluate("window.__fit")
    assert fit["checks"] >= 20, f"the board was checked on every render ({fit['checks']})"
    assert fit["problems"] == [], fit["problems"]
    assert page.evaluate(CHECK_JS) == [], "the game-over screen fits"
    assert done["discards"] >= 1
    if timed:
        assert done["timeout_notice"].startswith("Time out: ") and done["timeout_notice"].endswith("for you")
    # The replay viewer shares the renderer: the hand just played opens there at this size too.
    page.goto(server.url + page.get_attribute("[data-role=result] a[data-role=review]", "href"))
    page.wait_for_selector("#replay-root[data-ready='1']", timeout=15000)
    assert page.locator(".board section.seat").count() == 4
    for step in range(1, 9):   # a few steps into the hand: discards in the ponds
        page.click("[data-action=next]")
        page.wait_for_function(f"document.querySelector('[data-role=board]').dataset.step === '{step}'")
    assert page.locator(".board .pond .tile").count() >= 2
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "no sideways scrolling"
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{width}x{height}-6-replay.png"))
    assert not errors, errors
    context.close()
