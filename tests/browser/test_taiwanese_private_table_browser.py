"""A private Taiwanese table with two people in two browser contexts (issue 12 "Done when";
P-TABLE-1, P-TABLE-6, P-TABLE-7, P-TW-1, P-PRESET-7, P-PLAY-2).

The host (a 360×740 phone) creates a private Taiwanese table, Untimed; the friend (1280×800)
opens the invite link and takes a seat; the host fills the two other seats with computers and
presses Start. Both people play by clicking (``browser_helpers.play_until_result``) until a hand
ends with a win (a drawn hand is continued into the next one, at most ``MAX_HANDS``). Checked on
the way: the room and the table name the preset "Taiwanese (fixed table)", never its id; at every
own discard decision the 17-tile hand fits the window without sideways scrolling and every
enabled button is inside it; at the hand's end each seat shows exactly its exposed flowers and
seasons (T-FLOWER-2, against the server's state messages) and the results show each winner's
tai breakdown by T-TAI name with its total (T-SCORE-9).
"""
from __future__ import annotations

import re
import time

import pytest
from browser_helpers import open_page, play_until_result, sign_up, state_messages

from tests.browser.test_table_fits_viewport import CHECK_JS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 300.0   # seconds for one hand, both people clicking (a bound, not a measure)
MAX_HANDS = 3          # hands played at most to see a win (an exhaustive draw shows no tai)


def test_p_table_6_p_tw_1_private_taiwanese_table_two_people_join_by_link_and_play(live_server_proc, browser):
    server = live_server_proc
    suffix = int(time.time() * 1000) % 10_000_000
    host_ctx, host, host_errors = open_page(browser, 360, 740)
    friend_ctx, friend, friend_errors = open_page(browser, 1280, 800)
    frames = {"host": [], "friend": []}
    for name, page in (("host", host), ("friend", friend)):
        page.on("websocket", lambda ws, name=name: ws.on(
            "framereceived", lambda p: frames[name].append(p if isinstance(p, str) else p.decode())))
    sign_up(host, server.url, f"twhost{suffix}")
    sign_up(friend, server.url, f"twfriend{suffix}")

    # Create table -> Private, Taiwanese (a full match, P-TABLE-1), Untimed.
    host.click("[data-role=new-private-table]")
    host.select_option("select[name=family]", "taiwanese")
    host.select_option("select[name=clock]", "untimed")
    host.click("[data-role=create-table]")
    host.wait_for_url(re.compile(r".*/tables/\d+/$"))
    assert host.locator("[data-role=rules-link]").inner_text() == "Taiwanese (fixed table) — full match"
    link = host.locator("[data-role=invite-link]").input_value()

    friend.goto(link)
    assert friend.locator("[data-role=rules-link]").inner_text() == "Taiwanese (fixed table) — full match"
    friend.click("[data-role=join]")
    friend.wait_for_url(re.compile(r".*/tables/\d+/$"))
    host.wait_for_selector(f"[data-role=seat][data-position='1'] >> text=twfriend{suffix}", timeout=20000)
    for position in (2, 3):                                           # P-TABLE-7
        host.click(f"[data-role=seat][data-position='{position}'] [data-role=add-computer]")
        host.wait_for_selector(f"[data-role=seat][data-position='{position}'] .badge-computer")
    friend.wait_for_selector("[data-role=seat][data-position='3'] .badge-computer", timeout=20000)
    host.click("[data-role=start]")
    host.wait_for_url(re.compile(r".*/games/\d+/$"))
    friend.wait_for_url(re.compile(r".*/games/\d+/$"), timeout=20000)
    assert host.url == friend.url
    for page in (host, friend):
        page.wait_for_selector(".board[data-family=taiwanese] .seat-me", timeout=30000)
        # The footer names the preset, not its id (P-PRESET-7, P-TABLE-4).
        assert page.locator("[data-role=rules-link]").inner_text() == "Rules: Taiwanese (fixed table), version 1"

    sizes: dict[str, set[int]] = {"host": set(), "friend": set()}
    names = {id(host): "host", id(friend): "friend"}

    def at_decision(page, kind):
        problems = page.evaluate(CHECK_JS)
        assert problems == [], f"{names[id(page)]} at a {kind} decision: {problems}"
        if kind == "discard":
            sizes[names[id(page)]].add(page.locator(".hand .tile").count())

    for hand in range(MAX_HANDS):
        acted = play_until_result({"host": host, "friend": friend}, PLAY_TIMEOUT, at_decision)
        final = state_messages(frames["host"])[-1]["view"]
        if final["hand_result"]["kind"] == "win" or hand == MAX_HANDS - 1:
            break
        for page in (host, friend):                                   # a drawn hand: the next one
            page.click("button[data-action=continue]")
        for page in (host, friend):
            page.wait_for_selector("[data-role=result]", state="detached", timeout=30000)
    assert sum(len(s) for s in sizes.values()), f"nobody had a discard decision; acted {acted}"
    # Calls are passed and no kong is declared, so every own discard decision holds 16 + 1 tiles.
    assert sizes["host"] | sizes["friend"] == {17}, sizes

    for name, page in (("host", host), ("friend", friend)):
        view = state_messages(frames[name])[-1]["view"]
        assert view["family"] == "taiwanese" and view["phase"] == "hand_over"
        # Exposed flowers per seat (T-FLOWER-2): each seat shows exactly its own.
        for player in view["players"]:
            shown = page.locator(f".board section.seat[data-seat='{player['seat']}'] [data-role=flowers] .tile")
            assert shown.count() == len(player["flowers"]), (name, player["seat"], player["flowers"])
        assert sum(len(p["flowers"]) for p in view["players"]) >= 1      # eight in 144 tiles
        panel = page.locator("[data-role=result]")
        hr = view["hand_result"]
        if hr["kind"] != "win":
            assert panel.locator("article.draw").count() == 1
            continue
        for win in hr["wins"]:                                          # T-SCORE-9: the breakdown
            article = panel.locator(f"article.win[data-seat='{win['seat']}']")
            assert article.locator("table.tai tr").count() == len(win["awards"])
            text = article.inner_text()
            for _, english, _ in win["award_names"]:
                assert english in text
            assert f"{win['tai']} tai in all" in text
        assert panel.locator("table.changes tr").count() == 4
    assert not host_errors and not friend_errors, (host_errors, friend_errors)
    for ctx in (host_ctx, friend_ctx):
        ctx.close()
