"""A Taiwanese practice hand played by clicking, in Debian's chromium (issue 12 items 7 and 8).

Sign up, start "Taiwanese (fixed table) — single hand" from the lobby's Practice form (P-PRAC-1,
P-TW-4), and play to the hand result: win when offered, pass calls and Original Call offers,
otherwise select a tile and confirm its discard (P-PLAY-2). At 360×740 and 1280×800, at every
own discard decision the 16/17-tile hand fits the window without sideways scrolling, the
document never scrolls and every enabled button is inside the window (issue 11's one-screen
rule, tests/browser/test_table_fits_viewport.py). The buttons carry the Taiwanese names
(chow/pung/kong, Original Call), the centre panel has no riichi sticks or dora, the results
show the tai breakdown by T-TAI names, and no frame carries another seat's concealed tiles
(P-SYS-2). Set MP_TABLE_SHOTS to a folder to keep screenshots.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from browser_helpers import open_page, sign_up, start_practice

from tests.browser.test_table_fits_viewport import CHECK_JS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 240.0
SHOTS = os.environ.get("MP_TABLE_SHOTS")
#: Riichi button labels never shown at a Taiwanese table (it says chow/pung/kong, Original Call).
RIICHI_ONLY_TEXT = {"Riichi", "Chi", "Pon", "Kan", "Closed kan", "Added kan", "Tsumo", "Ron"}


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def _check_fits(page) -> list[str]:
    return page.evaluate(CHECK_JS)


def _play(page, label: str) -> dict:
    done = {"discards": 0, "passes": 0, "wins": 0, "fit_checks": 0, "hand_sizes": set(), "labels": set()}
    deadline = time.monotonic() + PLAY_TIMEOUT
    while time.monotonic() < deadline:
        if page.locator("[data-role=result]").count():
            return done
        for text in page.locator(".actions button .act-label").all_inner_texts():
            done["labels"].add(text.strip())
        win = page.locator("button[data-action=tsumo]:enabled, button[data-action=ron]:enabled")
        if win.count():
            win.first.click()
            done["wins"] += 1
            page.wait_for_timeout(150)
            continue
        pass_button = page.locator("button[data-action=pass]:enabled")
        if pass_button.count():
            if done["passes"] == 0:
                _shot(page, f"tw-{label}-call")
            problems = _check_fits(page)
            assert problems == [], f"{label}: {problems}"
            pass_button.first.click()
            done["passes"] += 1
            page.wait_for_timeout(100)
            continue
        tiles = page.locator(".hand .tile.selectable")
        if tiles.count():
            seq = page.locator(".board").get_attribute("data-seq")
            size = page.locator(".hand .tile").count()
            done["hand_sizes"].add(size)
            problems = _check_fits(page)
            assert problems == [], f"{label} with {size} tiles in hand: {problems}"
            done["fit_checks"] += 1
            if done["discards"] == 0:
                _shot(page, f"tw-{label}-turn")
            tile = page.locator(".hand .drawn .tile.selectable")
            tile = tile.first if tile.count() else tiles.last
            tile.click()
            if page.locator(".hand .tile.selected").count() == 1:
                page.click("button[data-action=confirm]")
            done["discards"] += 1
            page.wait_for_function(
                "seq => document.querySelector('.board').dataset.seq !== seq"
                " || document.querySelector('[data-role=result]') !== null", arg=seq, timeout=20000)
            continue
        page.wait_for_timeout(50)
    raise AssertionError(f"no hand result within {PLAY_TIMEOUT} s; did {done}")


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_issue_12_item_7_taiwanese_practice_hand_by_clicking(live_server_proc, browser, width, height):
    server = live_server_proc
    context, page, errors = open_page(browser, width, height)
    received: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: received.append(p if isinstance(p, str) else p.decode())))
    label = f"{width}x{height}"
    sign_up(page, server.url, f"tw{width}{int(time.time() * 1000) % 1_000_000}")
    game_id = start_practice(page, "taiwanese-single-deal")
    page.wait_for_selector(".board[data-family=taiwanese] .seat-me", timeout=30000)
    # No riichi sticks, honba or dora at a Taiwanese table; the wall count stays.
    assert page.locator(".center .dora, .center [data-role=honba], .center [data-role=deposits]").count() == 0
    assert page.locator(".center [data-role=wall]").count() == 1
    done = _play(page, label)

    panel = page.locator("[data-role=result]")
    panel.wait_for()
    _shot(page, f"tw-{label}-result")
    assert panel.locator(".game-over").count() == 1                 # single hand: P-RESULT-5
    assert panel.locator("table.changes tr").count() == 4           # payments of the four seats
    assert done["discards"] >= 1 and done["fit_checks"] >= 1
    assert max(done["hand_sizes"]) >= 14, done["hand_sizes"]       # a 16-tile hand (minus melds)
    assert not (done["labels"] & RIICHI_ONLY_TEXT), done["labels"]
    assert not errors, f"JavaScript errors on the page: {errors}"

    states = [json.loads(r) for r in received]
    states = [m for m in states if m.get("type") == "state"]
    my_seat = states[0]["game"]["my_seat"]
    final = states[-1]["view"]
    assert final["family"] == "taiwanese" and final["phase"] == "game_over"
    hr = final["hand_result"]
    for win in hr.get("wins") or []:
        rows = panel.locator(f"article.win[data-seat='{win['seat']}'] table.tai tr")
        assert rows.count() == len(win["awards"])
        text = panel.locator(f"article.win[data-seat='{win['seat']}']").inner_text()
        for _, english, _ in win["award_names"]:
            assert english in text                                  # T-TAI names, English page
        assert f"{win['tai']} tai in all" in text

    # P-SYS-2: each in-play frame holds exactly the player's own concealed tiles at that decision
    # (replayed from the server's stored log) and only counts of the others'.
    from tests.browser.test_practice_hand import _hands_by_seq
    hands, _final, _empty = _hands_by_seq(server.game_log(game_id))
    checked = 0
    for msg in states:
        view = msg["view"]
        assert view["seat"] == my_seat and all("hand" not in p for p in view["players"])
        if view["phase"] in ("turn", "claim") and view["seq"] in hands:
            assert set(view["hand"]) == hands[view["seq"]][my_seat]
            for p in view["players"]:
                assert p["concealed_count"] == len(hands[view["seq"]][p["seat"]])
            checked += 1
    assert checked >= done["discards"]
    context.close()


# --------------------------------------------------------------------------- rendered scenes

from tests.browser.test_table_fits_viewport import table_at  # noqa: E402,F401  (the fixture)


def _tw_scenes() -> dict[str, dict]:
    """Seat-0 views of real Taiwanese hands (rules_engine, simple players; seeds fixed): the
    dealer's first turn with 17 tiles and flowers at every seat, an Original Call offer, a turn
    late in the hand, and the end of a hand with two winners on one discard."""
    from rules_engine.game import Game
    from rules_engine.preset import get_preset
    from rules_engine.taiwanese.simple_player import decide

    def game(seed):
        return Game.new(get_preset("taiwanese-single-deal"), seed)

    def step(g):
        for s in range(4):
            if g.legal_actions(s):
                g.apply(decide(g.view(s)))
                return

    g = game(31)
    first = g.view(0)
    assert g.dealer == 0 and len(first["hand"]) == 17
    first["players"][2]["original_call"] = True          # a marker to draw (T-ORIG-1 is public)
    drawn = first["drawn_tile"]
    first["legal_actions"] = first["legal_actions"] + [{"type": "riichi", "seat": 0, "tile": drawn, "tiles": []}]
    offer = {**first, "phase": "claim", "window": "original_call", "drawn_tile": None, "turn": 0,
             "hand": [t for t in first["hand"] if t != drawn],
             "legal_actions": [{"type": "riichi", "seat": 0, "tile": None, "tiles": []},
                               {"type": "pass", "seat": 0, "tile": None, "tiles": []}]}
    late = None
    while g.phase in ("turn", "claim"):
        if g.phase == "turn" and g._turn == 0 and g.live_count < 40:
            late = g.view(0)
            break
        step(g)
    g = game(28)
    while g.phase in ("turn", "claim"):
        step(g)
    end = g.view(0)
    assert len(end["hand_result"]["wins"]) == 2
    return {"first-turn": first, "original-call-offer": offer, "late": late, "two-winners": end}


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_issue_12_item_7_taiwanese_scenes_fit_one_screen(table_at, width, height):  # noqa: F811
    """The Taiwanese table on one screen (issue 11's rule): the dealer's 17 tiles, flowers at every
    seat, an Original Call marker and its button, the Original Call offer (Original Call / Pass),
    a late turn, and the results of two winners with their tai by T-TAI name."""
    from tests.browser import table_scenes as scenes
    from tests.browser.test_table_render import push

    views = _tw_scenes()
    tag = f"{width}x{height}"
    first = views["first-turn"]
    page = table_at([scenes.state(first)], width, height)
    page.wait_for_selector(".board[data-family=taiwanese]")
    assert page.locator(".hand .tile").count() == 17
    assert page.locator("[data-role=original-call]").count() == 1
    assert page.locator(".seat [data-role=flowers] .tile").count() == sum(len(p["flowers"]) for p in first["players"])
    assert page.locator("button[data-action=riichi] .act-label").inner_text() == "Original Call"
    assert _check_fits(page) == [], "first turn"
    _shot(page, f"tw-scene-{tag}-1-first-turn")

    push(page, scenes.state(views["original-call-offer"]))
    page.wait_for_selector("[data-role=original-call-offer]")
    assert page.locator("button[data-action=riichi]").is_enabled()
    assert _check_fits(page) == [], "Original Call offer"
    _shot(page, f"tw-scene-{tag}-2-offer")

    if views["late"] is not None:
        late = views["late"]
        push(page, scenes.state(late))
        page.wait_for_function("seq => document.querySelector('.board').dataset.seq === String(seq)", arg=late["seq"])
        assert _check_fits(page) == [], "late turn"
        _shot(page, f"tw-scene-{tag}-3-late")

    end = views["two-winners"]
    message = scenes.state(end, status="finished")
    message["game"]["format"] = "single"
    push(page, message)
    page.wait_for_selector("[data-role=result]")
    for win in end["hand_result"]["wins"]:
        assert page.locator(f"article.win[data-seat='{win['seat']}'] table.tai tr").count() == len(win["awards"])
    assert page.locator("[data-role=placements]").count() == 0       # single hand (P-RESULT-5)
    assert _check_fits(page) == [], "two winners"
    _shot(page, f"tw-scene-{tag}-4-two-winners")

    # The same end as the last hand of a match: final scores and net change by place (T-MATCH-6).
    message["game"]["format"] = "full"
    message["view"] = {**end, "seq": end["seq"] + 1}
    push(page, message)
    page.wait_for_selector("[data-role=placements] [data-role=net]")
    nets = page.locator("[data-role=placements] [data-role=net]").all_inner_texts()
    assert len(nets) == 4
    # P-TABLE-7: the three computers carry their badge in the match result (seat 0 is a person).
    assert page.locator("[data-role=placements] tr[data-seat='0'] [data-role=computer-badge]").count() == 0
    assert page.locator("[data-role=placements] [data-role=computer-badge]").count() == 3
    assert _check_fits(page) == [], "match over"
    _shot(page, f"tw-scene-{tag}-5-match-over")
    assert not page.errors, page.errors
