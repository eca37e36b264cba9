"""J4 step 5 in a real browser: a single-hand practice game ends, the results panel's Review hand
button opens the replay viewer at that hand, which steps forward and back by buttons and keys,
shows all hands open or one seat's own view, jumps to a seat's next decision, marks the moves
the clock played, and shows the stored result at the end of the hand (P-REPLAY-3, P-REPLAY-4,
P-REPLAY-5, P-REPLAY-6, P-TIMEOUT-5), at desktop width and at 360 px."""
from __future__ import annotations

import re
import time

import pytest
from browser_helpers import open_page, sign_up, start_practice

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 240.0  # seconds: the Bullet clock (×0.25 in the test server) plays the hand out


def _step(page) -> int:
    return int(page.get_attribute("[data-role=board]", "data-step"))


def _wait_step(page, n: int) -> None:
    page.wait_for_function(f"document.querySelector('[data-role=board]').dataset.step === '{n}'", timeout=5000)


def _open_hands(page) -> int:
    """Seats whose concealed tiles are drawn face up (opponents' open hands + the own hand)."""
    return page.locator(".board .concealed.open-hand").count() + page.locator(".board .seat-me .concealed-hand").count()


def test_j4_review_hand_opens_the_replay_viewer(live_server_proc, browser):
    server = live_server_proc
    context, page, errors = open_page(browser)
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    username = f"replay{int(time.time() * 1000) % 10_000_000}"
    sign_up(page, server.url, username)
    game_id = start_practice(page, "riichi-single-deal", clock="bullet")
    page.wait_for_selector(".board .seat-me", timeout=30000)
    my_seat = int(page.get_attribute(".board .seat-me", "data-seat"))
    page.wait_for_selector("[data-role=result] [data-role=review]", timeout=PLAY_TIMEOUT * 1000)

    # J4 step 5: Review hand opens the viewer at the hand that just ended, all hands open.
    page.click("[data-role=result] [data-role=review]")
    page.wait_for_url(re.compile(rf".*/games/{game_id}/replay/\?hand="))
    page.wait_for_selector("#replay-root[data-ready='1']", timeout=15000)
    # P-REPLAY-5: the preset by its display name, its version and format, linked to that
    # exact preset version's rules page.
    assert "Rules: Riichi, version 1 · Single hand" in page.inner_text("[data-role=rules]")
    assert page.get_attribute("[data-role=rules] [data-role=rules-link]", "href") == "/rules/riichi-single-deal/1/"
    assert _step(page) == 0
    total = int(re.search(r"(\d+)\D*$", page.inner_text("[data-role=counter]")).group(1))
    assert total > 10
    assert _open_hands(page) == 4, "all four concealed hands face up"
    assert page.locator(".board .concealed.open-hand img[src$='back.svg']").count() == 0
    for label in ("Previous step", "Next step", "Previous hand", "Next hand"):
        assert page.locator(f"button[aria-label='{label}']").count() == 1, label
    assert page.locator("[data-action=prev]").is_disabled()
    assert page.locator("[data-action=next-hand]").is_disabled(), "a single-hand game has one hand"

    # Forward and back, by buttons and by keys (P-REPLAY-4).
    page.click("[data-action=next]")
    _wait_step(page, 1)
    page.locator("body").focus()
    page.keyboard.press("ArrowRight")
    _wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 1)
    page.click("[data-action=prev]")
    _wait_step(page, 0)

    # One seat's own view: the others' concealed tiles are face down and carry no tile id.
    page.select_option("[data-role=perspective]", str(my_seat))
    page.wait_for_function(f"document.querySelector('[data-role=board]').dataset.perspective === '{my_seat}'")
    assert page.locator(".board .concealed.open-hand").count() == 0
    assert page.locator(".board .seat:not(.seat-me) .concealed [data-tile]").count() == 0
    assert page.locator(".board .seat:not(.seat-me) .concealed img[src$='back.svg']").count() >= 39
    assert page.locator(".board .seat-me .concealed-hand [data-tile]").count() >= 13
    other = (my_seat + 1) % 4
    page.select_option("[data-role=perspective]", str(other))
    page.wait_for_function(f"document.querySelector('[data-role=board]').dataset.perspective === '{other}'")
    assert page.get_attribute(".board .seat-me", "data-seat") == str(other)
    assert page.locator(".board .concealed.open-hand").count() == 0
    page.select_option("[data-role=perspective]", "open")
    page.wait_for_function("document.querySelector('[data-role=board]').dataset.perspective === 'open'")
    assert _open_hands(page) == 4

    # Next decision of my seat: never touched, so the clock played it (P-TIMEOUT-5).
    page.select_option("[data-role=decision-seat]", str(my_seat))
    page.click("[data-action=next-decision]")
    page.wait_for_function("Number(document.querySelector('[data-role=board]').dataset.step) > 0")
    assert username in page.inner_text("[data-role=caption]")
    assert page.locator("[data-role=caption] [data-role=timeout]").count() == 1
    before = _step(page)
    page.select_option("[data-role=decision-seat]", str(other))
    page.click("[data-action=next-decision]")
    page.wait_for_function(f"Number(document.querySelector('[data-role=board]').dataset.step) !== {before}"
                           " || document.querySelector('[data-role=caption] .note') !== null")

    # The end of the hand shows the stored result (P-REPLAY-6).
    assert page.locator("[data-role=replay-result] [data-role=result]").count() == 0
    page.locator("body").focus()
    page.keyboard.press("End")
    _wait_step(page, total)
    page.wait_for_selector("[data-role=replay-result] [data-role=result]")
    panel = page.inner_text("[data-role=replay-result]")
    assert "Hand result" in panel and "Score changes" in panel
    assert page.locator("[data-action=next]").is_disabled()

    # 360 px: everything fits without sideways scrolling; the hands are still open.
    page.set_viewport_size({"width": 360, "height": 740})
    page.keyboard.press("Home")
    _wait_step(page, 0)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways at 360 px ({width} px)"
    assert page.locator(".board .concealed.open-hand").first.is_visible()
    assert page.locator("[data-action=next]").is_visible()

    # A ?hand= that is no hand of the game (P-REPLAY-4): the first hand, and the page says so.
    page.goto(f"{server.url}/games/{game_id}/replay/?hand=999")
    page.wait_for_selector("#replay-root[data-ready='1']", timeout=15000)
    assert page.locator(".message.warning").is_visible()
    assert "no such hand" in page.inner_text(".message.warning")
    assert _step(page) == 0 and _open_hands(page) == 4
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways at 360 px ({width} px)"
    assert not errors, f"JavaScript errors on the page: {errors}"
    context.close()
