"""The table client (static/js/table.js) against hand-built seat views, in Debian's chromium.

The page is the real ``templates/games/table.html`` rendered by Django; static files come from
the working tree; the WebSocket is replaced by a fake that delivers the ``state`` messages of
the wsproto contract and records what the page sends. Views follow docs/engine-api.md "Views".
Rules: P-PLAY-2 (select then confirm), P-PLAY-3 (only legal options), P-PLAY-6 (hand order),
P-PLAY-7 (dora, furiten, waits), P-FLOW-1 (results screen, Continue), P-RESULT-2/-5 (result
record), DESIGN §7 (tiles with text labels, phone and desktop widths).
"""
from __future__ import annotations

import re

import json
import mimetypes
from pathlib import Path
from types import SimpleNamespace

import pytest

from rules_engine.core.tiles import parse_tiles, tile_name

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = "http://table.test"
SEQ = 40

FAKE_WS = """
window.__sent = []; window.__sockets = 0; window.__queue = [];
class FakeWS {
  constructor(url) {
    this.url = url; this.readyState = 0; this._l = {}; window.__ws = this; window.__sockets += 1;
    const open = () => {
      this.readyState = 1; this._emit("open", {});
      for (const m of window.__queue) this._emit("message", {data: JSON.stringify(m)});
    };
    // window.__holdOpen: a new socket stays CONNECTING until window.__release() (tests that read
    // the page between a close and the reconnect, whatever the machine's speed).
    if (window.__holdOpen) window.__pending = open; else setTimeout(open, 0);
  }
  addEventListener(n, f) { (this._l[n] = this._l[n] || []).push(f); }
  _emit(n, e) { for (const f of this._l[n] || []) f(e); }
  send(x) { window.__sent.push(JSON.parse(x)); }
  close(code) { this.readyState = 3; this._emit("close", {code: code || 1006}); }
}
FakeWS.CONNECTING = 0; FakeWS.OPEN = 1; FakeWS.CLOSED = 3;
window.WebSocket = FakeWS;
window.__release = () => { window.__holdOpen = false; const f = window.__pending; window.__pending = null; if (f) f(); };
window.__push = (m) => window.__ws._emit("message", {data: JSON.stringify(m)});
"""

PLAYERS = [{"seat": 0, "name": "alice", "is_computer": False, "strength": None},
           {"seat": 1, "name": "Tortoise", "is_computer": True, "strength": "beginner"},
           {"seat": 2, "name": "Crane", "is_computer": True, "strength": "intermediate"},
           {"seat": 3, "name": "Heron", "is_computer": True, "strength": "strong"}]


def tiles(text: str, used: set[int]) -> list[int]:
    return parse_tiles(text, used)


def act(type_: str, tile: int | None = None, tiles_: list[int] | None = None, seat: int = 0) -> dict:
    return {"type": type_, "seat": seat, "tile": tile, "tiles": list(tiles_ or [])}


def seat_entry(seat: int, wind: int, discards=(), melds=(), riichi=False, count=13) -> dict:
    return {"seat": seat, "seat_wind": wind, "discards": list(discards), "melds": list(melds), "riichi": riichi,
            "concealed_count": count}


def disc(tile: int, order: int, riichi=False, called=False) -> dict:
    return {"tile": tile, "riichi": riichi, "called": called, "tsumogiri": False, "order": order}


def make_view(**over) -> dict:
    """A turn view of seat 0 (North; seat 1 deals) with 13 tiles + a drawn tile, every tile discardable."""
    used: set[int] = set()
    hand = tiles("234m0p55p678p33s11z", used)
    drawn = tiles("9p", used)[0]
    hand.append(drawn)
    view = {
        "preset": "riichi", "preset_version": 1, "seat": 0, "phase": "turn", "seq": SEQ,
        "round_wind": 0, "hand_number": 1, "dealer": 1, "honba": 2, "riichi_deposits": 1000,
        "scores": [25000, 24000, 26000, 24000], "wall_count": 38, "dora_indicators": tiles("3p", used),
        "turn": 0, "last_discard": None, "pending_seats": [0],
        "players": [seat_entry(0, 3, count=14), seat_entry(1, 0), seat_entry(2, 1), seat_entry(3, 2)],
        "hand": sorted(hand), "drawn_tile": drawn,
        "legal_actions": [act("discard", t) for t in hand],
        "furiten": False, "waits": [], "hand_result": None, "game_result": None,
    }
    view.update(over)
    return view


def state(view: dict, status: str = "active") -> dict:
    return {"type": "state", "game": {"id": 7, "preset": view["preset"], "preset_version": 1, "kind": "practice",
                                      "status": status, "players": PLAYERS, "my_seat": 0}, "view": view}


def _render_table_html(lang: str) -> str:
    from django.template.loader import render_to_string
    from django.utils import translation
    with translation.override(lang):
        return render_to_string("games/table.html", {
            "game": SimpleNamespace(id=7, pk=7), "my_seat": 0, "ws_path": "/ws/games/7/", "players": PLAYERS})


@pytest.fixture
def open_table(browser):
    """open_table(messages, lang="en", width=1280) -> page showing the table after ``messages``."""
    contexts = []

    def open_(messages: list[dict], lang: str = "en", width: int = 1280):
        html = _render_table_html(lang)
        ctx = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors

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
        page.add_init_script(FAKE_WS + f"\nwindow.__queue = {json.dumps(messages)};")
        page.goto(ORIGIN + "/games/7/")
        page.wait_for_selector(".board[data-seq]")
        page.wait_for_load_state("networkidle")
        return page

    yield open_
    for ctx in contexts:
        ctx.close()


def push(page, message: dict) -> None:
    page.evaluate("m => window.__push(m)", message)


def sent(page) -> list[dict]:
    return page.evaluate("window.__sent")


def dom_tiles(page, selector: str) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.tile)")]


def test_p_play_6_hand_in_canonical_order_red_five_first_drawn_apart(open_table):
    view = make_view()
    page = open_table([state(view)])
    shown = dom_tiles(page, ".hand .concealed-hand .tile")
    expected = sorted((t for t in view["hand"] if t != view["drawn_tile"]),
                      key=lambda t: (t >> 2, 0 if t in (16, 52, 88) else 1, t))
    assert shown == expected
    assert shown.index(52) < shown.index(53), "the red five comes before its plain copies"
    assert dom_tiles(page, ".hand .drawn .tile") == [view["drawn_tile"]]
    srcs = page.eval_on_selector_all(".hand .concealed-hand img", "els => els.map(e => e.getAttribute('src'))")
    assert [s.rsplit("/", 1)[1] for s in srcs] == [f"{tile_name(t)}.svg" for t in expected]
    assert page.get_attribute(".hand .tile[data-tile='52'] img", "alt") == "5 of circles (red)"
    assert not page.errors


def test_p_play_2_select_then_confirm_and_only_legal_tiles_selectable(open_table):
    view = make_view()
    legal = view["hand"][:3]                       # e.g. kuikae leaves only some discards legal
    view["legal_actions"] = [act("discard", t) for t in legal]
    page = open_table([state(view)])
    assert sorted(dom_tiles(page, ".hand .tile.selectable")) == sorted(legal)
    illegal = view["hand"][5]
    page.click(f".hand .tile[data-tile='{illegal}']")
    assert page.locator(".hand .tile.selected").count() == 0
    page.click(f".hand .tile[data-tile='{legal[1]}']")
    assert page.locator(f".hand .tile.selected[data-tile='{legal[1]}']").count() == 1
    assert sent(page) == [], "selection is local and never sent (P-PLAY-2)"
    page.click("button[data-action=confirm]")
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("discard", legal[1])}]
    # After sending, nothing more can be sent for the same decision.
    assert page.locator(".hand .tile.selectable").count() == 0

    # Second path: activate the selected tile again.
    push(page, state(make_view(seq=SEQ + 1)))
    tile = make_view()["hand"][0]
    page.click(f".hand .tile[data-tile='{tile}']")
    page.click(f".hand .tile[data-tile='{tile}']")
    assert sent(page)[-1] == {"type": "action", "seq": SEQ + 1, "action": act("discard", tile)}

    # Third path: double-click discards at once (one message only).
    push(page, state(make_view(seq=SEQ + 2)))
    page.dblclick(f".hand .tile[data-tile='{tile}']")
    msgs = [m for m in sent(page) if m["seq"] == SEQ + 2]
    assert msgs == [{"type": "action", "seq": SEQ + 2, "action": act("discard", tile)}]


def test_p_play_3_call_buttons_only_for_legal_calls_chi_options_with_tiles(open_table):
    used: set[int] = set()
    hand = tiles("2345m0p55p789p3s11z", used)
    claimed = tiles("4m", used)[0]
    five_pin = tiles("5p", used)[0]   # the last plain 5p, discarded later
    chi1 = act("chi", claimed, [hand[0], hand[1]])     # 2m3m + 4m
    chi2 = act("chi", claimed, [hand[1], hand[3]])     # 3m5m + 4m
    view = make_view(phase="claim", turn=3, pending_seats=[0], hand=sorted(hand), drawn_tile=None,
                     last_discard={"seat": 3, "tile": claimed},
                     legal_actions=[chi1, chi2, act("pass")])
    page = open_table([state(view)])
    assert page.locator("button[data-action=chi]").count() == 2
    assert page.locator("button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)") == [
        "chi", "chi", "pass"]
    chi_tiles = page.eval_on_selector_all(
        "button[data-action=chi]", "bs => bs.map(b => [...b.querySelectorAll('.tile')].map(t => +t.dataset.tile))")
    assert chi_tiles == [sorted([hand[0], hand[1], claimed]), sorted([hand[1], hand[3], claimed])]
    assert page.locator(".hand .tile.selectable").count() == 0, "no discard during a call decision"
    page.locator("button[data-action=chi]").nth(1).click()
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": chi2}]

    # Pon with and without the red five are two distinct buttons; ron and pass are offered.
    assert hand[4:7] == [52, 53, 54] and five_pin == 55
    pon_red = act("pon", five_pin, [52, 53])
    pon_plain = act("pon", five_pin, [53, 54])
    view2 = make_view(phase="claim", seq=SEQ + 1, turn=3, pending_seats=[0], drawn_tile=None,
                      legal_actions=[act("ron", five_pin), pon_red, pon_plain, act("pass")])
    push(page, state(view2))
    assert page.locator("button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)") == [
        "ron", "pon", "pon", "pass"]
    srcs = page.eval_on_selector_all(
        "button[data-action=pon]", "bs => bs.map(b => [...b.querySelectorAll('img')].map(i => i.src.split('/').pop()))")
    assert "0p.svg" in srcs[0] and "0p.svg" not in srcs[1]
    assert page.locator("button[data-action=tsumo], button[data-action=riichi]").count() == 0


def test_riichi_button_switches_to_the_riichi_discards(open_table):
    view = make_view()
    riichi_tiles = [view["drawn_tile"], view["hand"][0]]
    view["legal_actions"] += [act("riichi", t) for t in riichi_tiles] + [act("tsumo", view["drawn_tile"])]
    page = open_table([state(view)])
    assert page.locator("button[data-action=tsumo]").count() == 1
    page.click("button[data-action=riichi]")
    assert sorted(dom_tiles(page, ".hand .tile.selectable")) == sorted(riichi_tiles)
    page.click("button[data-action=cancel]")
    assert page.locator(".hand .tile.selectable").count() == len(view["hand"])
    page.click("button[data-action=riichi]")
    page.click(f".hand .tile[data-tile='{riichi_tiles[1]}']")
    assert sent(page) == []
    page.click("button[data-action=confirm]")
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("riichi", riichi_tiles[1])}]


def test_ponds_riichi_sideways_called_greyed_and_melds_turned_toward_giver(open_table):
    used: set[int] = set()
    d = tiles("19m1z2z3z4z7p", used)
    view = make_view()
    # Seat 1 (on my right): riichi on its 3rd discard; its 5th discard was called.
    view["players"][1]["discards"] = [disc(t, i, riichi=(i == 2), called=(i == 4)) for i, t in enumerate(d)]
    view["players"][1]["riichi"] = True
    chi = tiles("345s", used)
    pon = tiles("777z", used)
    kan = tiles("8888s", used)
    ankan = tiles("6666z", used)
    # Seat 2 (across): chi from seat 1 (its left), pon from seat 0 (across it), daiminkan from seat 3 (its right).
    view["players"][2]["melds"] = [
        {"type": "chi", "tiles": chi, "called_tile": chi[0], "from_seat": 1, "added_tile": None},
        {"type": "pon", "tiles": pon, "called_tile": pon[1], "from_seat": 0, "added_tile": None},
        {"type": "daiminkan", "tiles": kan, "called_tile": kan[2], "from_seat": 3, "added_tile": None},
        {"type": "ankan", "tiles": ankan, "called_tile": None, "from_seat": None, "added_tile": None}]
    page = open_table([state(view)])
    pond = page.locator(".seat[data-seat='1'] .pond")
    assert pond.locator(".pond-row").count() == 2, "six discards per row"
    assert dom_tiles(page, ".seat[data-seat='1'] .pond .tile.sideways") == [d[2]]
    assert dom_tiles(page, ".seat[data-seat='1'] .pond .tile.called-away") == [d[4]]
    assert page.locator(".seat[data-seat='1'] .badge-riichi").count() == 1

    melds = page.locator(".seat[data-seat='2'] .meld")
    assert melds.count() == 4
    positions = melds.evaluate_all("""ms => ms.map(m => [...m.querySelectorAll('.tile')]
        .map((t, i) => t.classList.contains('sideways') ? i : -1).filter(i => i >= 0))""")
    assert positions[:3] == [[0], [1], [3]], "called tile turned: left first, across middle, right last"
    backs = melds.nth(3).evaluate("m => [...m.querySelectorAll('img')].map(i => i.src.split('/').pop())")
    assert backs[0] == "back.svg" and backs[3] == "back.svg" and backs[1] == "6z.svg"


def test_p_play_7_aids_round_counters_dora_furiten_waits(open_table):
    view = make_view(furiten=True, waits=[8, 31], phase="turn")
    page = open_table([state(view)])
    assert page.inner_text(".center .round") == "East 2"
    assert page.inner_text("[data-role=honba]") == "2"
    assert page.inner_text("[data-role=deposits]") == "1"
    assert page.inner_text("[data-role=wall]") == "38"
    assert dom_tiles(page, ".center .dora-tiles .tile") == view["dora_indicators"]
    assert page.locator("[data-role=furiten]").count() == 1
    waits = page.eval_on_selector_all("[data-role=waits] img", "els => els.map(e => e.alt)")
    assert waits == ["9 of characters", "White dragon"]
    assert page.locator(".seat[data-seat='1'] .badge-dealer").count() == 1
    assert page.locator(".badge-cpu").count() == 3
    assert page.inner_text(".seat[data-seat='2'] [data-role=score]") == "26,000"
    assert page.locator("[data-role=no-yaku]").count() == 0
    push(page, state(make_view(seq=SEQ + 1, furiten=False)))
    assert page.locator("[data-role=furiten]").count() == 0
    assert page.locator("[data-role=waits]").count() == 0
    push(page, state(make_view(seq=SEQ + 2, waits=[8], tenpai_no_yaku=True, phase="turn")))
    assert page.locator("[data-role=no-yaku]").count() == 1  # P-PLAY-7 warning: tenpai without yaku


def _win_result(view: dict) -> dict:
    hand = view["hand"]
    return {"kind": "win", "wins": [{
        "seat": 0, "tsumo": False, "tile": hand[-1], "from_seat": 2, "chankan": False, "hand": hand,
        "melds": [], "han": 3, "fu": 40, "yaku": [["riichi", 1], ["tanyao", 1], ["aka_dora", 1]], "yakuman": 0,
        "limit": None, "base_points": 1280, "payments": [8700, 0, -7700, 0], "pao_seat": None,
        "ura_indicators": [100]}],
        "deltas": [8700, 0, -7700, -1000], "deposits_returned": [0, 0, 0, 0], "scores": [33700, 24000, 18300, 24000],
        "deposits": 0, "dealer_repeat": False, "hand_number": 1, "honba": 2, "dora_indicators": view["dora_indicators"]}


def test_p_flow_1_hand_result_and_continue(open_table):
    view = make_view(phase="hand_over", legal_actions=[], drawn_tile=None, scores=[33700, 24000, 18300, 24000])
    view["hand_result"] = _win_result(view)
    page = open_table([state(view)])
    panel = page.locator("[data-role=result]")
    assert "alice (You) wins by ron from Crane" in panel.inner_text()
    rows = panel.locator("table.yaku tr").evaluate_all("rs => rs.map(r => r.innerText.replace(/\\s+/g, ' '))")
    assert rows == ["Riichi 1 han", "All simples (tanyao) 1 han", "Red fives (aka dora) 1 han"]
    assert panel.locator("[data-role=summary]").inner_text() == "3 han 40 fu · +8,700 points"
    changes = panel.locator("[data-role=change]").all_inner_texts()
    assert changes == ["+8,700", "0", "\u22127,700", "\u22121,000"]
    assert panel.locator("[data-role=next-hand]").inner_text() == "The deal passes to the next player."
    page.click("button[data-action=continue]")
    assert sent(page) == [{"type": "continue", "seq": SEQ}]
    assert page.locator("button[data-action=continue]").count() == 0


def test_exhaustive_draw_shows_tenpai_hands(open_table):
    view = make_view(phase="hand_over", legal_actions=[], drawn_tile=None)
    view["hand_result"] = {"kind": "exhaustive_draw", "tenpai": [True, False, False, True],
                           "nagashi": [False] * 4, "revealed": {"0": view["hand"][:13], "3": [1, 2, 3, 4]},
                           "deltas": [1500, -1500, -1500, 1500], "scores": [26500, 22500, 24500, 25500]}
    page = open_table([state(view)])
    panel = page.locator("[data-role=result]")
    assert panel.locator("h3").inner_text() == "Exhaustive draw"
    items = panel.locator(".tenpai-list li")
    assert items.count() == 4
    assert "Not tenpai" in items.nth(1).inner_text() and "Tenpai" in items.nth(3).inner_text()
    assert items.nth(3).locator(".revealed .tile").count() == 4


def test_p_result_2_game_over_table_with_result_record(open_table):
    view = make_view(phase="game_over", legal_actions=[], drawn_tile=None, scores=[42300, 31000, 18700, 8000])
    view["hand_result"] = _win_result(view)
    view["hand_result"]["wins"][0]["pao_seat"] = 2
    view["game_result"] = {"final_scores": [42300, 31000, 18700, 8000], "deposits_awarded": {"seat": 0, "points": 1000},
                           "placements": [1, 2, 3, 4], "order": [0, 1, 2, 3],
                           "results": [52300, 11000, -21300, -42000]}
    page = open_table([state(view, status="finished")])
    records = page.locator("[data-role=record]").all_inner_texts()
    assert records == ["+52.3", "+11.0", "\u221221.3", "\u221242.0"]
    assert page.inner_text("[data-role=pao]") == "Crane pays for this yakuman (responsibility)."
    assert page.inner_text("[data-role=deposits-awarded]") == (
        "Riichi sticks left on the table go to alice (You) (+1,000).")
    assert page.locator("button[data-action=continue]").count() == 0, "the game-over screen does not advance"


def test_p_result_2_a_score_below_zero_has_the_same_minus_as_the_changes(open_table):
    """A final score below zero is written "−4,500" with the Unicode minus the signed point
    changes beside it use, on the game-over table and the seat plates (not "-4,500")."""
    view = make_view(phase="game_over", legal_actions=[], drawn_tile=None, scores=[62300, 31000, 11200, -4500])
    view["hand_result"] = _win_result(view)
    view["game_result"] = {"final_scores": [62300, 31000, 11200, -4500], "deposits_awarded": None,
                           "placements": [1, 2, 3, 4], "order": [0, 1, 2, 3],
                           "results": [72300, 11000, -18800, -64500]}
    page = open_table([state(view, status="finished")])
    finals = page.locator("[data-role=placements] tbody tr td:nth-child(3)").all_inner_texts()
    assert finals == ["62,300", "31,000", "11,200", "\u22124,500"]
    assert "\u22124,500" in page.locator("[data-role=score]").all_inner_texts()


def test_p_bot_2_game_over_table_carries_the_computer_badge(open_table):
    """The game-over placements name each computer with its badge (P-BOT-2: wherever its name
    appears), in the page's language; people have none."""
    view = make_view(phase="game_over", legal_actions=[], drawn_tile=None, scores=[42300, 31000, 18700, 8000])
    view["hand_result"] = _win_result(view)
    view["game_result"] = {"final_scores": [42300, 31000, 18700, 8000], "deposits_awarded": None,
                           "placements": [1, 2, 3, 4], "order": [0, 1, 2, 3], "results": [52300, 11000, -21300, -42000]}
    for lang, label, width in (("en", "computer", 1280), ("es", "computadora", 360)):
        page = open_table([state(view, status="finished")], lang=lang, width=width)
        assert page.evaluate("() => { const a = document.querySelector('.game-over');"
                             " return a.scrollWidth <= a.clientWidth + 1; }"), "the badges fit a phone"
        rows = page.locator("[data-role=placements] tbody tr")
        assert rows.count() == 4
        for seat in range(4):
            badges = rows.nth(seat).locator("[data-role=computer-badge]")
            assert badges.count() == (1 if PLAYERS[seat]["is_computer"] else 0), seat
            if PLAYERS[seat]["is_computer"]:
                assert badges.inner_text() == label
                assert PLAYERS[seat]["name"] in rows.nth(seat).inner_text()
        changes = page.locator("table.changes tbody tr")          # the hand's point changes too
        assert [changes.nth(s).locator("[data-role=computer-badge]").count() for s in range(4)] == [
            int(p["is_computer"]) for p in PLAYERS]


def test_p_result_5_single_hand_has_no_placement_table(open_table):
    view = make_view(phase="game_over", legal_actions=[], drawn_tile=None, preset="riichi-single-deal")
    view["hand_result"] = _win_result(view)
    view["game_result"] = {"final_scores": [33700, 24000, 18300, 24000], "deposits_awarded": None,
                           "placements": [1, 2, 4, 3], "order": [0, 1, 3, 2], "results": None}
    page = open_table([state(view, status="finished")])
    assert page.locator(".game-over").count() == 1
    assert page.locator("[data-role=placements]").count() == 0
    assert page.locator("table.changes tbody tr").count() == 4


def test_server_error_is_shown_and_reconnect_after_close(open_table):
    page = open_table([state(make_view())])
    push(page, {"type": "error", "code": "illegal", "message": "kuikae", "rule": "R-KUIKAE-1"})
    assert page.inner_text("[data-role=toast]") == "That move is not allowed. (R-KUIKAE-1)"
    assert page.locator(".hand .tile.selectable").count() == 14, "an error changes nothing"
    page.evaluate("window.__holdOpen = true; window.__ws.close()")
    assert page.inner_text("[data-role=conn]") == "Connection lost; reconnecting…"
    page.wait_for_function("window.__sockets === 2", timeout=5000)
    assert page.inner_text("[data-role=conn]") == "Connection lost; reconnecting…", "not open yet"
    page.evaluate("window.__release()")
    page.wait_for_function("document.querySelector('[data-role=conn]').dataset.state === 'connected'")


def test_p_conn_3_a_move_while_the_connection_is_down_is_not_lost_silently(open_table):
    """A click while the socket is down (before the close is noticed) says the move was not
    sent, and the same decision can still be answered once the connection is back."""
    page = open_table([state(make_view())])
    tile = make_view()["hand"][0]
    page.evaluate("window.__ws.readyState = 3")          # down, its close not yet noticed
    page.dblclick(f".hand .tile[data-tile='{tile}']")
    assert sent(page) == []
    assert page.inner_text("[data-role=toast]") == "Not connected: your move was not sent. Reconnecting…"
    page.evaluate("window.__ws.readyState = 1")          # back
    page.dblclick(f".hand .tile[data-tile='{tile}']")
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("discard", tile)}]


def test_spanish_page(open_table):
    page = open_table([state(make_view())], lang="es")
    page.click(".hand .drawn .tile")
    assert page.inner_text("button[data-action=confirm]") == "Descartar"
    assert page.get_attribute(".hand .tile[data-tile='52'] img", "alt") == "5 de círculos (rojo)"
    assert page.inner_text(".center .round") == "Este 2"


@pytest.mark.parametrize("width, min_hand_tile", [(360, 22), (1280, 40)])
def test_layout_fits_phone_and_desktop(open_table, width, min_hand_tile):
    """DESIGN §7: no sideways scrolling at 360 px; hand tiles tappable on a phone, ≥ 40 px on a desktop."""
    view = make_view()
    view["players"][2]["melds"] = [{"type": "pon", "tiles": [124, 125, 126], "called_tile": 124, "from_seat": 1,
                                    "added_tile": None}]
    page = open_table([state(view)], width=width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    sizes = page.eval_on_selector_all(".hand .tile", "els => els.map(e => e.getBoundingClientRect().width)")
    assert len(sizes) == 14 and min(sizes) >= min_hand_tile
    right = page.evaluate("Math.max(...[...document.querySelectorAll('.hand .tile')]"
                          ".map(e => e.getBoundingClientRect().right))")
    assert right <= width
    panel_right = page.evaluate("document.querySelector('.seat-me .hand-row').getBoundingClientRect().right")
    assert right <= panel_right, "the drawn tile stays inside the player's hand row"


def test_tile_names_and_order_match_the_engine(open_table):
    """static/js/tiles.js names every tile id as rules_engine.core.tiles does, and a file exists for each."""
    page = open_table([state(make_view())])
    names = page.evaluate("async () => { const m = await import('/static/js/tiles.js');"
                          " return [...Array(136).keys()].map(m.tileName); }")
    assert names == [tile_name(t) for t in range(136)]
    bonus = page.evaluate("async () => { const m = await import('/static/js/tiles.js');"
                          " return [136, 139, 140, 143].map(m.tileName); }")
    assert bonus == ["f1", "f4", "s1", "s4"]
    assert all((ROOT / "static" / "tiles" / f"{n}.svg").is_file() for n in set(names) | set(bonus))


def test_p_play_2a_table_toggles_act_through_legal_actions(open_table):
    """Auto-win declares an offered win; no-calls passes chi/pon/kan offers but never a win;
    auto-discard throws the drawn tile unless a win or riichi is offered; one-click discards."""
    page = open_table([state(make_view())])
    page.click("details.toggles summary")
    for name in ("autoWin", "noCalls", "autoDiscard"):
        page.check(f"input[data-toggle={name}]")
    # auto-discard: the drawn tile goes at once
    page.wait_for_function("window.__sent.length === 1")
    view = make_view()
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("discard", view["drawn_tile"])}]

    # no calls: a chi offer is passed
    used: set[int] = set()
    hand = tiles("2345m0p55p789p3s11z", used)
    claimed = tiles("4m", used)[0]
    chi = act("chi", claimed, [hand[0], hand[1]])
    push(page, state(make_view(seq=SEQ + 1, phase="claim", turn=3, drawn_tile=None, hand=sorted(hand),
                               legal_actions=[chi, act("pass")])))
    page.wait_for_function("window.__sent.length === 2")
    assert sent(page)[-1] == {"type": "action", "seq": SEQ + 1, "action": act("pass")}

    # auto-win: ron is declared (no-calls would never pass a win)
    ron = act("ron", claimed)
    push(page, state(make_view(seq=SEQ + 2, phase="claim", turn=3, drawn_tile=None, hand=sorted(hand),
                               legal_actions=[ron, chi, act("pass")])))
    page.wait_for_function("window.__sent.length === 3")
    assert sent(page)[-1] == {"type": "action", "seq": SEQ + 2, "action": ron}

    # Without auto-win a win offer waits for the player, even with no-calls and auto-discard on.
    page.uncheck("input[data-toggle=autoWin]")
    v = make_view(seq=SEQ + 3)
    v["legal_actions"].append(act("tsumo", v["drawn_tile"]))
    push(page, state(v))
    page.wait_for_timeout(600)
    assert len(sent(page)) == 3

    # One click discards when the player setting is on.
    for name in ("noCalls", "autoDiscard"):
        page.uncheck(f"input[data-toggle={name}]")
    page.check("input[data-toggle=oneClick]")
    push(page, state(make_view(seq=SEQ + 4)))
    tile = make_view()["hand"][2]
    page.click(f".hand .tile[data-tile='{tile}']")
    assert sent(page)[-1] == {"type": "action", "seq": SEQ + 4, "action": act("discard", tile)}


def test_result_panel_can_be_put_aside_to_see_the_table(open_table):
    view = make_view(phase="hand_over", legal_actions=[], drawn_tile=None)
    view["hand_result"] = _win_result(view)
    page = open_table([state(view)])
    page.click("button[data-action=hide-result]")
    assert page.locator("[data-role=result]").count() == 0
    page.click("button[data-action=show-result]")
    assert page.locator("[data-role=result] button[data-action=continue]").count() == 1


def test_p_conn_4_no_reconnect_after_takeover_close(open_table):
    """Close code 4409 (the seat opened elsewhere): the page stops reconnecting and offers to play here."""
    page = open_table([state(make_view())])
    page.evaluate("window.__ws.close(4409)")
    assert page.inner_text("[data-role=conn]").startswith("This table is open in another window or device.")
    page.wait_for_timeout(1500)
    assert page.evaluate("window.__sockets") == 1
    page.click("button[data-action=reconnect]")
    page.wait_for_function("window.__sockets === 2")


def test_p_conn_4_displaced_page_offers_no_controls_until_play_here(open_table):
    """After close code 4409 the page shows the table without controls: no selectable tile, no
    action or Discard button (a selection is dropped), and a click sends nothing; "Play here" brings the controls back with the fresh state."""
    view = make_view()
    view["legal_actions"].append(act("riichi", view["hand"][0]))
    page = open_table([state(view)])
    assert page.locator(".hand .tile.selectable").count() > 0
    page.click(f".hand .tile[data-tile='{view['hand'][2]}']")
    assert page.locator("button[data-action=confirm]").count() == 1
    page.evaluate("window.__ws.close(4409)")
    assert page.locator(".hand .tile.selectable").count() == 0
    assert page.locator(".hand .tile.selected").count() == 0
    assert page.locator(".actions button").count() == 0
    page.click(f".hand .tile[data-tile='{view['hand'][3]}']")
    assert page.locator("button[data-action=confirm]").count() == 0
    assert sent(page) == []
    page.click("button[data-action=reconnect]")
    page.wait_for_selector(".hand .tile.selectable")
    assert page.locator("button[data-action=riichi]").count() == 1


def test_any_copy_stands_for_the_listed_discard_of_its_kind(open_table):
    """The engine lists one discard per (kind, red) (calls.discard_choices); every identical copy
    is selectable and sends that listed action; the red five stays distinct (P-PLAY-1)."""
    view = make_view()
    hand = view["hand"]
    assert {52, 53, 54} <= set(hand)               # 0p 5p 5p
    listed = {}
    for t in sorted(hand):
        listed.setdefault((t >> 2, t in (16, 52, 88)), t)
    view["legal_actions"] = [act("discard", t) for t in sorted(listed.values())]
    page = open_table([state(view)])
    assert sorted(dom_tiles(page, ".hand .tile.selectable")) == sorted(hand)
    page.click(".hand .tile[data-tile='54']")
    page.click(".hand .tile[data-tile='54']")
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("discard", 53)}]
    push(page, state({**view, "seq": SEQ + 1}))
    page.dblclick(".hand .tile[data-tile='52']")
    assert sent(page)[-1] == {"type": "action", "seq": SEQ + 1, "action": act("discard", 52)}


def test_keyboard_select_and_confirm_keeps_focus(open_table):
    """Tiles are reachable by keyboard: Enter selects, Enter again discards (P-PLAY-2)."""
    view = make_view()
    page = open_table([state(view)])
    tile = view["hand"][4]
    page.focus(f".hand .tile[data-tile='{tile}']")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.tile") == str(tile)
    assert page.get_attribute(f".hand .tile[data-tile='{tile}']", "aria-pressed") == "true"
    assert sent(page) == []
    page.keyboard.press("Enter")
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("discard", tile)}]


def _engine_game_views(seed: int) -> list[dict]:
    """Seat-0 views of a single-hand game played by the engine's simple player: every 7th
    decision point and the final one (wins, draws and aborts come in their real shape)."""
    from rules_engine.ai import simple_player
    from rules_engine.core.actions import Action
    from rules_engine.game import Game
    from rules_engine.preset import get_preset

    game = Game.new(get_preset("riichi-single-deal"), seed)
    views, n = [], 0
    while game.phase not in ("hand_over", "game_over"):
        if n % 7 == 0:
            views.append(game.view(0))
        seat = game.pending_seats()[0]
        action = simple_player.decide(game.view(seat))
        game.apply(action if isinstance(action, Action) else Action.from_json(action))
        n += 1
    views.append(game.view(0))
    return views


def test_engine_views_render_without_errors(open_table):
    """Views straight from rules_engine (several seeds, to the end of the hand) render with no
    script error, and the final one shows the result with the four score changes."""
    page = open_table([state(make_view())])
    kinds = set()
    for seed in range(12):
        views = _engine_game_views(seed)
        for view in views:
            push(page, state(view, status="finished" if view["phase"] == "game_over" else "active"))
        kinds.add(views[-1]["hand_result"]["kind"])
        assert page.locator("[data-role=result] table.changes tbody tr").count() == 4
        assert page.locator(".hand .tile").count() == len(views[-1]["hand"])
    assert "win" in kinds
    assert not page.errors, page.errors


# ---------- Timed tables (docs/clocks.md "The state message"; P-CLOCK-9, P-FAIR-6, P-CONN-5, P-FLOW-1) ----------

def make_timer(**over) -> dict:
    """``game.timer`` of a Standard (5 + 20, response 5) table: seat 0's turn with 4 s of per-discard time."""
    timer = {"clock": "standard", "per_discard": 5, "reserve": 20, "response": 5,
             "reserves": [17.0, 20.0, 12.0, 20.0],
             "turn": {"seat": 0, "per_discard_left": 4.0, "reserve_left": 17.0},
             "response_left": None, "waiting_responses": False, "next_hand_in": None, "absent": []}
    timer.update(over)
    return timer


def timed_state(view: dict, timer: dict, status: str = "active") -> dict:
    msg = state(view, status)
    msg["game"]["clock"] = timer["clock"]
    msg["game"]["timer"] = timer
    return msg


def claim_view(**over) -> dict:
    """Seat 3 discarded; seat 0 (the viewer) has nothing to answer: the table waits for others."""
    view = make_view(phase="claim", turn=3, pending_seats=[], drawn_tile=None, legal_actions=[],
                     last_discard={"seat": 3, "tile": 120})
    view["hand"] = [t for t in view["hand"] if t != make_view()["drawn_tile"]]
    view["players"][0]["concealed_count"] = 13
    view.update(over)
    return view


def shown_number(page, selector: str) -> int:
    text = page.inner_text(selector)
    return int("".join(ch for ch in text if ch.isdigit()))


def wait_text_change(page, selector: str, before: str) -> None:
    page.wait_for_function("([s, b]) => document.querySelector(s) && document.querySelector(s).textContent !== b",
                           arg=[selector, before], timeout=10000)


def test_p_clock_9_turn_seat_timer_shown_and_counting_down(open_table):
    timer = make_timer(turn={"seat": 2, "per_discard_left": 8.0, "reserve_left": 12.0}, reserves=[17.0, 20.0, 12.0, 20.0])
    view = make_view(turn=2, pending_seats=[2], drawn_tile=None, legal_actions=[])
    view["hand"] = [t for t in view["hand"] if t != make_view()["drawn_tile"]]
    page = open_table([timed_state(view, timer)])
    clocks = page.locator("[data-role=turn-clock]")
    assert clocks.count() == 1, "one turn clock, on the seat whose turn it is"
    sel = ".seat[data-seat='2'] [data-role=turn-clock]"
    assert page.locator(sel).count() == 1
    first_text = page.inner_text(sel)
    first = shown_number(page, sel)
    assert 1 < first <= 8
    assert page.get_attribute(sel, "aria-label") == f"Time left: {first} seconds"
    assert page.get_attribute(sel, "aria-live") == "off"
    wait_text_change(page, sel, first_text)
    assert shown_number(page, sel) < first, "the countdown goes down from the message's receipt"
    assert "Crane is playing." in page.inner_text(".status")
    assert page.locator(".seat.on-turn").evaluate_all("els => els.map(e => e.dataset.seat)") == ["2"]
    # Per-discard time used up: the clock shows the reserve draining (P-CLOCK-3), and so does
    # the reserve next to the seat's score.
    push(page, timed_state(dict(view, seq=SEQ + 1),
                           dict(timer, turn={"seat": 2, "per_discard_left": 0.0, "reserve_left": 12.0})))
    page.wait_for_selector(f"{sel}.in-reserve")
    reserve_sel = ".seat[data-seat='2'] [data-role=reserve-clock]"
    before_text, before = page.inner_text(sel), shown_number(page, sel)
    before_reserve = shown_number(page, reserve_sel)
    assert before <= 12 and before_reserve <= 12
    wait_text_change(page, sel, before_text)
    assert shown_number(page, sel) < before
    assert shown_number(page, reserve_sel) < before_reserve
    assert not page.errors


def test_p_clock_9_every_seat_reserve_shown(open_table):
    page = open_table([timed_state(make_view(), make_timer())])
    reserves = {s: shown_number(page, f".seat[data-seat='{s}'] [data-role=reserve-clock]") for s in range(4)}
    assert reserves == {0: 17, 1: 20, 2: 12, 3: 20}
    assert page.get_attribute(".seat[data-seat='1'] [data-role=reserve-clock]", "aria-label") == \
        "Reserve time: 20 seconds"
    # The own turn clock sits in the player's panel; no response clock during a turn.
    assert page.locator(".seat-me [data-role=turn-clock]").count() == 1
    assert page.locator("[data-role=response-clock]").count() == 0
    assert not page.errors


def test_p_clock_9_own_response_countdown_only_with_response_left(open_table):
    used: set[int] = set()
    hand = tiles("2345m0p55p789p3s11z", used)
    claimed = tiles("4m", used)[0]
    view = make_view(phase="claim", turn=3, pending_seats=[0], hand=sorted(hand), drawn_tile=None,
                     last_discard={"seat": 3, "tile": claimed},
                     legal_actions=[act("chi", claimed, [hand[0], hand[1]]), act("pass")])
    timer = make_timer(turn=None, response_left=8.0, waiting_responses=True)
    page = open_table([timed_state(view, timer)])
    sel = ".actions [data-role=response-clock]"
    assert page.locator(sel).count() == 1, "the response clock sits with the call buttons"
    # Text and label read in one step: the countdown may tick between two separate reads.
    first_text, label = page.eval_on_selector(sel, "e => [e.innerText, e.getAttribute('aria-label')]")
    first = int("".join(ch for ch in first_text if ch.isdigit()))
    assert 1 < first <= 8
    assert label == f"Time to answer: {first} seconds"
    wait_text_change(page, sel, first_text)
    assert shown_number(page, sel) < first
    assert page.locator("[data-role=turn-clock]").count() == 0, "no turn clock during a claim"
    # Same offer without response_left (the server did not give this seat a response clock): none shown.
    push(page, timed_state(dict(view, seq=SEQ + 1), make_timer(turn=None, response_left=None, waiting_responses=True)))
    assert page.locator("[data-role=response-clock]").count() == 0
    assert page.locator("button[data-action=chi]").count() == 1
    assert not page.errors


@pytest.mark.parametrize("timed", [True, False])
def test_p_fair_6_no_seat_named_or_highlighted_during_another_seats_claim(open_table, timed):
    """Whatever pending_seats says (an older server named every offered seat), the page never
    highlights nor names a seat while others consider a call (P-FAIR-6, P-CLOCK-9)."""
    view = claim_view(pending_seats=[1, 2])
    msg = timed_state(view, make_timer(turn=None, waiting_responses=True)) if timed else state(view)
    page = open_table([msg])
    assert page.locator(".seat.deciding, .seat.on-turn").count() == 0
    status = page.inner_text(".status")
    for p in PLAYERS[1:]:
        assert p["name"] not in status
    assert page.inner_text("[data-role=waiting]") == ("Waiting for responses…" if timed
                                                      else "Waiting for the other players…")
    assert page.locator("[data-role=response-clock], [data-role=turn-clock]").count() == 0
    # Back in phase turn, the turn seat is highlighted and named again.
    push(page, msg | {"view": make_view(seq=SEQ + 1, turn=1, pending_seats=[1], drawn_tile=None, legal_actions=[])})
    assert page.locator(".seat.on-turn").evaluate_all("els => els.map(e => e.dataset.seat)") == ["1"]
    assert "Tortoise is playing." in page.inner_text(".status")
    assert not page.errors


def test_p_clock_9_untimed_table_shows_nothing_clock_related(open_table):
    msg = state(make_view())
    msg["game"]["clock"] = "untimed"
    msg["game"]["timer"] = None
    page = open_table([msg])
    assert page.locator("[data-clock], .clock, [data-role=absent]").count() == 0
    push(page, state(claim_view(seq=SEQ + 1)) | {"game": msg["game"]})
    assert page.locator("[data-clock], .clock").count() == 0
    assert page.inner_text("[data-role=waiting]") == "Waiting for the other players…"
    view = make_view(seq=SEQ + 2, phase="hand_over", legal_actions=[], drawn_tile=None)
    view["hand_result"] = _win_result(view)
    push(page, {"type": "state", "game": msg["game"], "view": view})
    assert page.locator("[data-role=next-hand-in]").count() == 0
    assert not page.errors


def test_p_flow_1_results_panel_counts_down_to_the_next_hand(open_table):
    view = make_view(phase="hand_over", legal_actions=[], drawn_tile=None, scores=[33700, 24000, 18300, 24000])
    view["hand_result"] = _win_result(view)
    page = open_table([timed_state(view, make_timer(turn=None, next_hand_in=12.5))])
    sel = "[data-role=result] [data-role=next-hand-in]"
    first_text = page.inner_text(sel)
    assert first_text.startswith("Next hand in ") and first_text.endswith(" s")
    assert 1 < shown_number(page, sel) <= 13
    wait_text_change(page, sel, first_text)
    assert shown_number(page, sel) < int("".join(c for c in first_text if c.isdigit()))
    assert page.locator("button[data-action=continue]").count() == 1, "Continue still ends it earlier"
    assert not page.errors


def test_p_conn_5_absent_seat_marked(open_table):
    page = open_table([timed_state(make_view(), make_timer(absent=[2]))])
    assert page.locator("[data-role=absent]").count() == 1
    assert page.inner_text(".seat[data-seat='2'] [data-role=absent]") == "Disconnected: auto-play"
    assert not page.errors


def test_p_conn_5_disconnected_person_marked(open_table):
    """A person at the table with no live connection (``players[].connected`` false) gets the
    "Disconnected" marker; a seat on absent auto-play shows only the auto-play marker; the
    marker goes when the person is back."""
    msg = timed_state(make_view(), make_timer(absent=[3]))
    people = [{**p, "is_computer": False, "strength": None, "connected": p["seat"] not in (2, 3)} for p in PLAYERS]
    msg["game"]["players"] = people
    page = open_table([msg])
    assert page.locator("[data-role=disconnected]").count() == 1
    assert page.inner_text(".seat[data-seat='2'] [data-role=disconnected]") == "Disconnected"
    assert page.locator(".seat[data-seat='3'] [data-role=disconnected]").count() == 0
    assert page.inner_text(".seat[data-seat='3'] [data-role=absent]") == "Disconnected: auto-play"
    back = timed_state(make_view(), make_timer(absent=[]))
    back["game"]["players"] = [{**p, "connected": True} for p in people]
    push(page, back)
    assert page.locator("[data-role=disconnected], [data-role=absent]").count() == 0
    assert not page.errors


def test_p_clock_9_spanish_clock_strings(open_table):
    view = make_view(phase="hand_over", legal_actions=[], drawn_tile=None)
    view["hand_result"] = _win_result(view)
    page = open_table([timed_state(view, make_timer(turn=None, next_hand_in=30.0, absent=[1]))], lang="es")
    assert page.inner_text("[data-role=next-hand-in]").startswith("Siguiente mano en ")
    assert page.inner_text("[data-role=absent]") == "Desconectado: juego automático"
    assert page.get_attribute(".seat[data-seat='3'] [data-role=reserve-clock]", "aria-label") == \
        "Tiempo de reserva: 20 segundos"


def test_p_clock_9_phone_width_with_timer_no_sideways_scroll(open_table):
    view = make_view()
    view["players"][2]["melds"] = [{"type": "pon", "tiles": [124, 125, 126], "called_tile": 124, "from_seat": 1,
                                    "added_tile": None}]
    page = open_table([timed_state(view, make_timer(absent=[1, 2, 3]))], width=360)
    assert page.locator("[data-role=turn-clock]").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    used: set[int] = set()
    hand = tiles("2345m0p55p789p3s11z", used)
    claimed = tiles("4m", used)[0]
    claim = make_view(phase="claim", seq=SEQ + 1, turn=3, pending_seats=[0], hand=sorted(hand), drawn_tile=None,
                      last_discard={"seat": 3, "tile": claimed},
                      legal_actions=[act("chi", claimed, [hand[0], hand[1]]), act("ron", claimed), act("pass")])
    push(page, timed_state(claim, make_timer(turn=None, response_left=5.0, waiting_responses=True,
                                             absent=[1, 2, 3])))
    assert page.locator("[data-role=response-clock]").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not page.errors
