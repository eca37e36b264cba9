"""Public tables and the live lobby in real browsers, two people in two browser contexts
(P-TABLE-5, P-MATCH-7, J3 step 1): one creates a public table from the lobby ("Create table →
Public", a timed clock); the other, already on the lobby, sees it appear without a reload and
joins it; the host's waiting room shows the joiner live; the guest goes back to the lobby; the
host adds two computers (drawn at random, P-BOT-6) and the fourth seat starts the ranked game:
the host's waiting room and the guest's lobby both take them to it (P-TABLE-8). Screenshots
of the lobby at 360x740 and 1280x800 go to ``MP_SCREENSHOTS`` when set.
"""
from __future__ import annotations

import os
import re
import sqlite3
import time

import pytest
from browser_helpers import open_page, sign_up

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]



def _shot(page, name: str) -> None:
    """Full-page screenshot into ``MP_SCREENSHOTS`` when set (for a person to look at)."""
    folder = os.environ.get("MP_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def confirm_email(server, username: str) -> None:
    """J1 step 4 (following the e-mail link) done in the server's database: ranked play needs
    a confirmed address (P-ACCT-2)."""
    with sqlite3.connect(server.db_path) as conn:
        conn.execute("UPDATE accounts_user SET email_confirmed_at = datetime('now') WHERE username = ?",
                     (username,))


def test_p_match_7_a_public_table_appears_in_the_other_lobby_without_reload_and_fills(live_server_proc, browser):
    server = live_server_proc
    suffix = int(time.time() * 1000) % 10_000_000
    host_ctx, host, host_errors = open_page(browser, 1280, 800, enforce_csp=True)
    guest_ctx, guest, guest_errors = open_page(browser, 360, 740, enforce_csp=True)
    host_name, guest_name = f"host{suffix}", f"guest{suffix}"
    sign_up(host, server.url, host_name)
    sign_up(guest, server.url, guest_name)
    confirm_email(server, host_name)
    confirm_email(server, guest_name)

    # The guest waits on the lobby; its list is live (connected to /ws/lobby/).
    guest.goto(server.url + "/")
    guest.wait_for_selector("#public-tables[data-live='1']", timeout=20000)
    assert guest.locator("[data-role=no-public-tables]").count() == 1
    assert guest.locator("#live-games").count() == 1
    guest.evaluate("window.__notReloaded = true")

    # J3 step 1 "Create table → Public": Blitz, from the lobby.
    host.goto(server.url + "/")
    host.click("[data-role=new-public-table]")
    host.wait_for_url(re.compile(r".*/tables/new/\?kind=public$"))
    assert host.locator("input[name=kind][value=public]").is_checked()
    host.select_option("select[name=clock]", "blitz")
    host.click("[data-role=create-table]")
    host.wait_for_url(re.compile(r".*/tables/\d+/$"))
    table_id = int(re.search(r"/tables/(\d+)/$", host.url).group(1))
    assert "Ranked" in host.content()

    # The guest's lobby shows it without a reload, with the host seated and three free seats.
    row = guest.locator(f"[data-role=public-table][data-table='{table_id}']")
    row.wait_for(timeout=20000)
    assert guest.evaluate("window.__notReloaded") is True
    assert host_name in row.inner_text() and "Blitz" in row.inner_text()
    _shot(guest, "lobby-public-tables-360x740")
    guest.set_viewport_size({"width": 1280, "height": 800})
    _shot(guest, "lobby-public-tables-1280x800")
    guest.set_viewport_size({"width": 360, "height": 740})

    row.locator("[data-role=join-public]").click()
    guest.wait_for_url(re.compile(rf".*/tables/{table_id}/$"))
    host.wait_for_selector(f"[data-role=seat] >> text={guest_name}", timeout=20000)
    _shot(host, "public-room-1280x800")
    _shot(guest, "public-room-360x740")
    # The guest goes back to the lobby (their table is marked as theirs) and waits there.
    guest.goto(server.url + "/")
    guest.wait_for_selector(f"[data-table='{table_id}'] [data-role=open-public]", timeout=20000)
    guest.wait_for_selector("#public-tables[data-live='1']", timeout=20000)

    # The host fills the two empty seats with computers; the fourth seat starts the game.
    host.locator("[data-role=seat][data-occupied='0'] [data-role=add-computer]").first.click()
    host.wait_for_selector(".badge-computer", timeout=20000)
    host.locator("[data-role=seat][data-occupied='0'] [data-role=add-computer]").first.click()
    host.wait_for_url(re.compile(r".*/games/\d+/$"), timeout=20000)
    guest.wait_for_url(re.compile(r".*/games/\d+/$"), timeout=20000)       # sent by the live lobby
    assert host.url == guest.url
    host.wait_for_selector(".board", timeout=20000)
    with sqlite3.connect(server.db_path) as conn:
        game_id = int(re.search(r"/games/(\d+)/$", host.url).group(1))
        ranked, kind, clock = conn.execute("SELECT ranked, kind, clock FROM games_game WHERE id = ?",
                                           (game_id,)).fetchone()
    assert (ranked, kind, clock) == (1, "public", "blitz")
    assert host_errors == [] and guest_errors == []
    for ctx in (host_ctx, guest_ctx):
        ctx.close()
