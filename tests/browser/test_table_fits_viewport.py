"""The live table fits one screen at every moment of a hand (issue 11 items 1-3; P-PLAY, P-CLOCK-9,
P-FLOW-1, DESIGN §7), in Debian's chromium.

Rendered by the real page (templates/games/table.html) against crowded seat views
(tests/browser/table_scenes.py: 24-tile ponds, four melds, Ron/Pass, long results and game-over
screens) through a fake WebSocket, at 1280×800, 1920×1080, 1366×768, 768×1024 and 360×740: the
document never scrolls and every enabled button is inside the window. Set MP_TABLE_SHOTS to a
folder to keep a screenshot of each scene.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser import table_scenes as scenes
from tests.browser.test_table_render import FAKE_WS, ORIGIN, ROOT, push, sent  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

VIEWPORTS = [(1280, 800), (1920, 1080), (1366, 768), (768, 1024), (360, 740)]
SHOTS = os.environ.get("MP_TABLE_SHOTS")

#: JS: problems of the page as it stands: document scrolling, enabled buttons (and the hand's
#: tiles) outside the window.
CHECK_JS = """() => {
  const w = window.innerWidth, h = window.innerHeight, out = [];
  const doc = document.documentElement;
  if (doc.scrollHeight > h) out.push(`document ${doc.scrollHeight}px tall in a ${h}px window`);
  if (doc.scrollWidth > w) out.push(`document ${doc.scrollWidth}px wide in a ${w}px window`);
  const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= h + 0.5 && r.right <= w + 0.5;
  for (const el of document.querySelectorAll('button:not([disabled]), .hand .tile, a.button, [data-clock]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (!inside(r)) out.push(`${el.dataset.action || el.className || el.tagName} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
  return out;
}"""


def _page_html(lang: str = "en") -> str:
    from types import SimpleNamespace

    from django.template.loader import render_to_string
    from django.utils import translation
    with translation.override(lang):
        return render_to_string("games/table.html", {
            "game": SimpleNamespace(id=7, pk=7, ranked=False, preset_name="taiwanese", preset_version=1,
                                    format_label="East round", get_clock_display="Standard"),
            "my_seat": 0, "ws_path": "/ws/games/7/",
            "players": scenes.PLAYERS})


@pytest.fixture
def table_at(browser):
    """table_at(messages, width, height) -> page showing the table after ``messages``."""
    import mimetypes
    contexts = []

    def open_(messages: list[dict], width: int, height: int):
        html = _page_html()
        ctx = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))

        def handle(route):
            path = route.request.url[len(ORIGIN):].split("?")[0]
            if path.startswith("/static/"):
                file = ROOT / path.lstrip("/")
                if not file.is_file():
                    route.fulfill(status=404, body="missing")
                    return
                ctype = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0]
                route.fulfill(status=200, body=file.read_bytes(), headers={"content-type": ctype or "text/plain"})
            else:
                route.fulfill(status=200, body=html, headers={"content-type": "text/html; charset=utf-8"})

        page.route(ORIGIN + "/**", handle)
        import json
        page.add_init_script(FAKE_WS + f"\nwindow.__queue = {json.dumps(messages)};")
        page.goto(ORIGIN + "/games/7/")
        page.wait_for_selector(".board[data-seq]")
        page.wait_for_load_state("networkidle")
        return page

    yield open_
    for ctx in contexts:
        ctx.close()


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def _problems(page) -> list[str]:
    return page.evaluate(CHECK_JS)


@pytest.mark.parametrize("width, height", VIEWPORTS)
def test_issue11_one_screen_late_hand_calls_results_and_game_over(table_at, width, height):
    """Issue 11 item 1 (P-PLAY-3, P-FLOW-1): late in a hand (24-tile ponds, four melds, five dora
    indicators), while offered Ron/Pass, at a turn with Tsumo/Riichi, on the results screen and the
    game-over screen, the document does not scroll and every enabled button is inside the window."""
    tag = f"{width}x{height}"
    claim = scenes.state(scenes.late_view("claim"), timer=scenes.timer(response_left=4.0, waiting_responses=True))
    page = table_at([claim], width, height)
    assert page.locator("button[data-action=ron]").is_enabled()
    assert _problems(page) == [], "claim"
    _shot(page, f"{tag}-1-claim")

    turn = scenes.late_view("turn", my_melds=True)
    turn["seq"] = scenes.SEQ + 1
    push(page, scenes.state(turn, timer=scenes.timer(turn={"seat": 0, "per_discard_left": 4.0, "reserve_left": 17.0})))
    page.wait_for_selector("button[data-action=tsumo]")
    page.click(".hand .drawn .tile")              # select: the Discard button appears
    page.wait_for_selector("button[data-action=confirm]")
    assert _problems(page) == [], "turn with four melds"
    _shot(page, f"{tag}-2-turn-four-melds")

    push(page, scenes.state(scenes.result_view(), timer=scenes.timer(next_hand_in=9.0)))
    page.wait_for_selector("button[data-action=continue]")
    assert _problems(page) == [], "results"
    _shot(page, f"{tag}-3-results")

    push(page, scenes.state(scenes.result_view(game_over=True), status="finished"))
    page.wait_for_selector("[data-role=placements]")
    assert _problems(page) == [], "game over"
    _shot(page, f"{tag}-4-game-over")
    page.click("button[data-action=hide-result]")
    assert _problems(page) == [], "table behind the game-over screen"
    assert not page.errors, page.errors


@pytest.mark.parametrize("width, height", [(360, 740), (768, 1024), (1280, 800)])
def test_issue11_opponents_backs_visible_at_every_width(table_at, width, height):
    """Issue 11 item 2: every opponent's concealed tiles show as backs (their count readable) at
    every width, phones included, inside the window."""
    view = scenes.late_view("turn")
    page = table_at([scenes.state(view)], width, height)
    for p in view["players"][1:]:
        backs = page.locator(f".seat[data-seat='{p['seat']}'] .concealed .tile")
        assert backs.count() == p["concealed_count"]
        boxes = backs.evaluate_all("els => els.map(e => e.getBoundingClientRect())"
                                   ".map(r => [r.width, r.height, r.left, r.top, r.right, r.bottom])")
        for w, h, left, top, right, bottom in boxes:
            assert w >= 8 and h >= 8, "big enough to count"
            assert left >= 0 and top >= 0 and right <= width and bottom <= height
    assert page.locator(".center [data-role=wall]").inner_text() == "2"
    assert _problems(page) == []


def test_issue11_layout_seats_around_the_centre_in_turn_order(table_at):
    """Issue 11 item 2: own seat at the bottom, the next seat on the right, across at the top, the
    previous on the left; each pond in front of its owner around the centre panel; riichi discards
    sideways; the last discard marked."""
    page = table_at([scenes.state(scenes.late_view("claim"))], 1280, 800)
    box = lambda sel: page.eval_on_selector(sel, "e => { const r = e.getBoundingClientRect();"  # noqa: E731
                                                 " return {x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2}; }")
    c = box(".center")
    ponds = {s: box(f".seat[data-seat='{s}'] .pond-slot") for s in range(4)}
    assert ponds[0]["y"] > c["y"] and abs(ponds[0]["x"] - c["x"]) < 5
    assert ponds[1]["x"] > c["x"] and abs(ponds[1]["y"] - c["y"]) < 5
    assert ponds[2]["y"] < c["y"] and abs(ponds[2]["x"] - c["x"]) < 5
    assert ponds[3]["x"] < c["x"] and abs(ponds[3]["y"] - c["y"]) < 5
    assert page.locator(".seat[data-seat='1'] .pond .pond-row").count() == 4, "24 discards in rows of six"
    assert page.locator(".pond .tile.sideways").count() == 2, "riichi discards of seats 1 and 3"
    assert page.locator(".pond .tile.last").count() == 1
    assert page.locator(".seat[data-seat='3'] .pond .pond-row:last-child .tile:last-child.last").count() == 1
    # Centre panel: scores by seat (dealer marked, riichi sticks), counters and five dora indicators.
    assert page.locator(".center [data-role=center-score]").all_inner_texts() == ["18,300", "41,200", "7,900", "31,600"]
    assert page.locator(".center .c-seat[data-seat='1'] .wind-dealer").count() == 1
    assert page.locator(".center .c-seat .stick-1000").count() == 2
    assert page.locator(".center .dora-tiles .tile").count() == 5
    assert not page.errors


def test_p_clock_9_timeout_notice_when_the_server_plays_for_you(table_at):
    """Issue 11 item 3, P-CLOCK-9, P-TIMEOUT-1: when ``own_timeouts`` rises the table says at once
    what the server played ("Time out: 7p discarded for you", or a pass), and the notice goes
    when the player acts."""
    view = scenes.late_view("turn")
    first = scenes.state(view, timer=scenes.timer(turn={"seat": 0, "per_discard_left": 0.5, "reserve_left": 0.0}))
    page = table_at([first], 1280, 800)
    assert page.locator("[data-role=timeout-notice]").count() == 0
    after = scenes.late_view("turn")
    after.update(seq=scenes.SEQ + 1, phase="claim", turn=0, legal_actions=[], drawn_tile=None)
    discarded = view["drawn_tile"]
    after["players"][0]["discards"] = view["players"][0]["discards"] + [
        {"tile": discarded, "riichi": False, "called": False, "tsumogiri": True, "order": 99}]
    after["last_discard"] = {"seat": 0, "tile": discarded}
    push(page, scenes.state(after, timer=scenes.timer(waiting_responses=True, own_timeouts=1)))
    from rules_engine.core.tiles import tile_name
    name = tile_name(discarded).replace("0", "5")
    assert page.inner_text("[data-role=timeout-notice]") == f"Time out: {name} discarded for you"
    assert _problems(page) == []
    _shot(page, "1280x800-5-timeout")
    # A call offer left unanswered: passed for you.
    offer = scenes.state(dict(scenes.late_view("claim"), seq=scenes.SEQ + 2),
                         timer=scenes.timer(response_left=2.0, waiting_responses=True, own_timeouts=1))
    push(page, offer)
    nxt = dict(scenes.late_view("claim"), seq=scenes.SEQ + 3, phase="turn", turn=1, legal_actions=[])
    push(page, scenes.state(nxt, timer=scenes.timer(turn={"seat": 1, "per_discard_left": 5.0, "reserve_left": 20.0},
                                                    own_timeouts=2)))
    assert page.inner_text("[data-role=timeout-notice]") == "Time out: passed for you"
    # Acting again clears the notice.
    mine = scenes.late_view("turn")
    mine["seq"] = scenes.SEQ + 4
    push(page, scenes.state(mine, timer=scenes.timer(turn={"seat": 0, "per_discard_left": 5.0, "reserve_left": 0.0},
                                                     own_timeouts=2)))
    page.click(".hand .drawn .tile")
    page.click(".hand .drawn .tile")
    assert sent(page)[-1]["seq"] == scenes.SEQ + 4
    assert page.locator("[data-role=timeout-notice]").count() == 0
    assert not page.errors


def test_p_clock_9_clock_says_which_clock_runs(table_at):
    """Issue 11 item 3, P-CLOCK-9, P-CLOCK-3: a seat's turn clock reads "N s" while per-discard time
    lasts, then "reserve N s"; the own clock is the large one by the buttons; the response
    countdown sits beside the call buttons."""
    view = scenes.late_view("turn")
    view.update(turn=2, legal_actions=[], drawn_tile=None)
    page = table_at([scenes.state(view, timer=scenes.timer(turn={"seat": 2, "per_discard_left": 0.0,
                                                                  "reserve_left": 9.0}))], 1280, 800)
    text = page.inner_text(".seat[data-seat='2'] [data-role=turn-clock]")
    assert text.startswith("reserve ") and text.endswith(" s")
    mine = scenes.late_view("turn")
    mine["seq"] = scenes.SEQ + 1
    push(page, scenes.state(mine, timer=scenes.timer(turn={"seat": 0, "per_discard_left": 9.0, "reserve_left": 20.0})))
    own = page.locator(".bar [data-role=turn-clock].clock-own")
    assert own.count() == 1 and own.inner_text().endswith(" s") and not own.inner_text().startswith("reserve")
    size = page.eval_on_selector(".bar .clock-own", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 20, "the own clock is large"
    claim = scenes.state(dict(scenes.late_view("claim"), seq=scenes.SEQ + 2),
                         timer=scenes.timer(response_left=3.0, waiting_responses=True))
    push(page, claim)
    clock = page.eval_on_selector(".actions [data-role=response-clock]", "e => e.getBoundingClientRect().right")
    ron = page.eval_on_selector("button[data-action=ron]", "e => e.getBoundingClientRect().left")
    assert 0 <= ron - clock < 40, "the response countdown sits beside the call buttons"
    assert not page.errors


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_issue11_connection_notice_does_not_push_the_table_off_screen(table_at, width, height):
    """Issue 11 item 1 (P-CONN-1): while the page reconnects its notice lies over the board; the
    document still does not scroll and the Ron/Pass buttons stay inside the window."""
    claim = scenes.state(scenes.late_view("claim"), timer=scenes.timer(response_left=4.0, waiting_responses=True))
    page = table_at([claim], width, height)
    page.evaluate("window.__holdOpen = true; window.__ws.close()")   # the retry stays CONNECTING
    assert page.inner_text("[data-role=conn]") == "Connection lost; reconnecting…"
    assert _problems(page) == []
    assert page.locator("button[data-action=pass]").is_visible()


#: JS: [left, top, right, bottom] of the boxes matched by a selector (visible ones only).
BOXES_JS = """(sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
  .filter((r) => r.width > 0 && r.height > 0).map((r) => [r.left, r.top, r.right, r.bottom])"""


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_p_flow_1_show_result_button_leaves_the_hand_uncovered(table_at, width, height):
    """P-FLOW-1, DESIGN §7 (tester report): with the results panel put aside to look at the table,
    the "Show the result" button covers none of the own hand's tiles, melds, clock or other
    buttons, at phone and desktop widths; pressing it brings the panel back."""
    page = table_at([scenes.state(scenes.result_view(), timer=scenes.timer(next_hand_in=9.0))], width, height)
    page.click("button[data-action=hide-result]")
    button = page.locator("button[data-action=show-result]")
    assert button.is_visible()
    (box,) = page.evaluate(BOXES_JS, "button[data-action=show-result]")
    covered = [b for b in page.evaluate(BOXES_JS, ".hand .tile, .seat-me .melds .tile, .seat-me .plate, "
                                                  ".bar button:not([data-action=show-result]), [data-clock]")
               if _overlap(box, b)]
    assert covered == [], f"the button at {box} covers {covered}"
    assert _problems(page) == []
    _shot(page, f"{width}x{height}-6-result-hidden")
    button.click()
    page.wait_for_selector("button[data-action=continue]")
    assert not page.errors, page.errors


@pytest.mark.parametrize("width, height", [(360, 740), (1280, 800)])
def test_p_table_4_footer_rules_and_clock_label_readable(table_at, width, height):
    """P-TABLE-4 (tester report): the footer under the table ("Rules: Taiwanese (fixed table),
    version 1 · East round · Standard") is shown whole at 360 px — wrapped, not cut off with an
    ellipsis — and the page still neither scrolls nor pushes a button or tile off screen."""
    page = table_at([scenes.state(scenes.late_view("turn"))], width, height)
    footer = page.locator(".table-rules")
    assert footer.inner_text() == "Rules: Taiwanese (fixed table), version 1 · East round · Standard"
    sizes = footer.evaluate("e => [e.scrollWidth, e.clientWidth, e.scrollHeight, e.clientHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], f"footer clipped: {sizes}"
    (box,) = page.evaluate(BOXES_JS, ".table-rules")
    assert box[2] <= width and box[3] <= height
    assert _problems(page) == []
    _shot(page, f"{width}x{height}-7-footer")
