"""J3 in real browsers, three people in three browser contexts: the host creates a private
table, the friend joins by the invite link and the host's waiting room shows them without a
reload, the host invites a spectator by username (who accepts from the in-site notice), fills
the other seats with computers and presses Start; all three are taken to the game, the
spectator watches with hands hidden while the players see "Spectators: 1", and both players
play by clicking until the hand ends (P-TABLE-6/-7/-8, P-SPECT-1/-4/-5, P-PLAY-2).

Untimed, so that nothing depends on how fast the machine is (the brief allows Untimed when
Blitz would make the test timing-dependent).
"""
from __future__ import annotations

import re
import time

import pytest
from browser_helpers import open_page, play_until_result, sign_up
from test_csp_in_browser import LISTEN

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 300.0  # seconds for the whole hand, both people clicking (a bound, not a measure)


def test_j3_private_table_two_browsers_join_by_link_fill_with_computers_and_play(live_server_proc, browser):
    server = live_server_proc
    suffix = int(time.time() * 1000) % 10_000_000
    # The site's Content-Security-Policy is enforced: the waiting room's script (no inline
    # code) must work under it, and no page may report a violation.
    host_ctx, host, host_errors = open_page(browser, enforce_csp=True)
    friend_ctx, friend, friend_errors = open_page(browser, enforce_csp=True)
    watch_ctx, watcher, watcher_errors = open_page(browser, enforce_csp=True)
    for ctx in (host_ctx, friend_ctx, watch_ctx):
        ctx.add_init_script(LISTEN)
    sign_up(host, server.url, f"host{suffix}")
    sign_up(friend, server.url, f"friend{suffix}")
    sign_up(watcher, server.url, f"watcher{suffix}")

    # J3 steps 1-4: Create table -> Private, Riichi East round, Untimed; labelled Casual.
    host.click("[data-role=new-private-table]")
    assert "Casual — does not affect ratings" in host.content()
    host.select_option("select[name=clock]", "untimed")
    host.check("input[name=allow_spectators]")
    host.click("[data-role=create-table]")
    host.wait_for_url(re.compile(r".*/tables/\d+/$"))
    link = host.locator("[data-role=invite-link]").input_value()
    assert "/tables/join/" in link

    # Step 5: the friend opens the link and takes a seat; the host's room shows it live.
    friend.goto(link)
    friend.click("[data-role=join]")
    friend.wait_for_url(re.compile(r".*/tables/\d+/$"))
    host.wait_for_selector(f"[data-role=seat][data-position='1'] >> text=friend{suffix}", timeout=20000)

    # The host invites a spectator by username; the notice shows on the watcher's next page.
    host.fill("#invite-user", f"watcher{suffix}")
    host.select_option("select[name=role]", "spectator")
    host.click("form:has(#invite-user) button[type=submit]")
    host.wait_for_selector(".message.success")
    watcher.goto(server.url + "/games/")
    watcher.click("[data-role=invitation] [data-role=accept-invitation]")
    watcher.wait_for_url(re.compile(r".*/tables/\d+/$"))

    # Step 6: computers into the two empty seats (badge shown), Start (step 7).
    for position in (2, 3):
        host.click(f"[data-role=seat][data-position='{position}'] [data-role=add-computer]")
        host.wait_for_selector(f"[data-role=seat][data-position='{position}'] .badge-computer")
    # the friend's waiting room follows live too
    friend.wait_for_selector("[data-role=seat][data-position='3'] .badge-computer", timeout=20000)
    for page in (host, friend):            # the waiting rooms ran under the policy
        assert page.evaluate("window.__cspViolations") == []
    host.click("[data-role=start]")
    host.wait_for_url(re.compile(r".*/games/\d+/$"))
    friend.wait_for_url(re.compile(r".*/games/\d+/$"), timeout=20000)
    watcher.wait_for_url(re.compile(r".*/games/\d+/$"), timeout=20000)
    assert host.url == friend.url == watcher.url
    for page in (host, friend):
        page.wait_for_selector(".board .seat-me", timeout=30000)
    # P-SPECT-4/-5: the invited spectator watches live with hands hidden and no options;
    # the players see that one person watches.
    watcher.locator(".board section.seat").nth(3).wait_for(timeout=30000)   # all four seats as others
    assert watcher.locator(".board section.seat").count() == 4
    assert watcher.locator(".tile.selectable").count() == 0 and watcher.locator("button[data-action]").count() == 0
    assert watcher.evaluate("document.querySelector('#table-root').dataset.mySeat") == ""
    for page in (host, friend):
        page.wait_for_selector("[data-role=spectators] >> text=Spectators: 1", timeout=30000)

    # Both people play by clicking until the hand's result shows on both pages.
    acted = play_until_result({"host": host, "friend": friend}, PLAY_TIMEOUT)
    assert acted["host"] >= 1 and acted["friend"] >= 1, acted
    assert not host_errors and not friend_errors and not watcher_errors, (host_errors, friend_errors, watcher_errors)
    for page in (host, friend, watcher):
        assert page.evaluate("window.__cspViolations") == []
    for ctx in (host_ctx, friend_ctx, watch_ctx):
        ctx.close()
