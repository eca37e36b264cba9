"""Issue 11 item 6: a practice hand played to its end with the keyboard only, against the real
server, in Debian's chromium. The mouse is never used at the table: arrow keys select a tile,
Enter discards it, T / R declare a win, Escape passes; the polite announcer says whose turn it
is and what the player may do. Rules: P-PLAY-2 (select, then confirm), P-PLAY-3 (only legal
options are offered: every sent action was legal), P-FLOW-1 (the results screen appears).
"""
from __future__ import annotations

import json
import time

import pytest
from browser_helpers import open_page, sign_up, start_practice

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 240.0   # seconds for the whole hand (computers answer in tens of ms)


def _board_seq(page) -> str:
    return page.locator(".board").get_attribute("data-seq") or ""


def _wait_change(page, seq: str) -> None:
    page.wait_for_function(
        "seq => document.querySelector('.board').dataset.seq !== seq"
        " || document.querySelector('[data-role=result]') !== null", arg=seq, timeout=20000)


def test_item_6_a_practice_hand_played_to_its_end_by_keyboard_only(live_server_proc, browser):
    server = live_server_proc
    context, page, errors = open_page(browser, 1280, 800)
    sent: list[str] = []
    received: list[str] = []

    def on_ws(ws):
        ws.on("framesent", lambda payload: sent.append(payload if isinstance(payload, str) else payload.decode()))
        ws.on("framereceived", lambda payload: received.append(payload if isinstance(payload, str) else payload.decode()))

    page.on("websocket", on_ws)
    sign_up(page, server.url, f"keys{int(time.time() * 1000) % 10_000_000}")
    start_practice(page)
    page.wait_for_selector(".board .seat-me", timeout=30000)
    done = {"discards": 0, "passes": 0, "wins": 0, "announced_turn": 0}
    deadline = time.monotonic() + PLAY_TIMEOUT
    while not page.locator("[data-role=result]").count():
        assert time.monotonic() < deadline, f"no hand result in time; did {done}"
        seq = _board_seq(page)
        win = page.locator("button[data-action=tsumo]:enabled, button[data-action=ron]:enabled")
        if win.count():
            page.keyboard.press("t" if win.first.get_attribute("data-action") == "tsumo" else "r")
            done["wins"] += 1
            _wait_change(page, seq)
            continue
        if page.locator("button[data-action=pass]:enabled").count():
            assert page.get_attribute("button[data-action=pass]", "data-hint") == "Esc"
            page.keyboard.press("Escape")
            done["passes"] += 1
            _wait_change(page, seq)
            continue
        if page.locator(".hand .tile.selectable").count():
            if "Your turn" in page.inner_text("[data-role=announce]"):
                done["announced_turn"] += 1
            page.keyboard.press("ArrowLeft")       # the drawn tile (the last one), selected
            page.wait_for_selector(".hand .tile.selected")
            assert page.evaluate("document.activeElement.classList.contains('selected')")
            page.keyboard.press("Enter")
            done["discards"] += 1
            _wait_change(page, seq)
            continue
        page.wait_for_timeout(50)
    panel = page.locator("[data-role=result]")
    assert panel.locator("table.changes tbody tr").count() == 4
    assert done["discards"] >= 3 and done["announced_turn"] >= 1, done
    # Every action sent was one the view offered (P-PLAY-3); nothing went out by the mouse.
    legal: dict[int, list[dict]] = {}
    for raw in received:
        msg = json.loads(raw)
        if msg.get("type") == "state":
            legal.setdefault(msg["view"]["seq"], []).extend(msg["view"].get("legal_actions") or [])
    actions = [msg for msg in map(json.loads, sent) if msg.get("type") == "action"]
    assert len(actions) >= done["discards"] + done["passes"] + done["wins"]
    for a in actions:
        assert a["action"] in legal.get(a["seq"], []), f"sent an action not offered: {a}"
    assert not errors, errors
    context.close()
