"""Results that explain themselves (issue 11 item 5; P-FLOW-1, P-REPLAY-4, R-PAY-5, R-PAY-6,
R-MULTI-2, R-DRAW-5, R-DORA-6, R-FU), in Debian's chromium.

The results screens are real engine views (rules_engine.riichi.explain adds the fu items and
payment parts): a double ron with one honba and a riichi stick (EX-48), a tsumo with two honba and
two sticks carried over (EX-47b), a single-hand draw whose stick is returned (R-DRAW-5), and a
computer game's ron by a riichi winner shown both on the live table and in the replay viewer (the
frames from games.replay_frames). Set MP_TABLE_SHOTS to a folder to keep screenshots.
"""
from __future__ import annotations

import json
import mimetypes
from types import SimpleNamespace

import pytest

from rules_engine.riichi.scenario import act, pass_all, run_to, scenario, tsumogiri
from tests.browser import table_scenes as scenes
from tests.browser.test_table_fits_viewport import CHECK_JS, _shot, table_at  # noqa: F401
from tests.browser.test_table_render import ORIGIN, ROOT, push

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SOUTH_48 = "234m678m345s77s46p"
NORTH_48 = "123m456s789p99s34p"
DRAWS_48 = ["2z", "7z", "3z", "4z", "2z", "1z", "3z", "4z", "2z", "3z", "5p"]
NOTEN = ["1357m1357p1357s9s", "2468m2468p2468s9p", "2468m2468p2468s9m"]
MINUS = "\u2212"


def _double_ron():
    """EX-48: South (seat 1) riichi; West (seat 2) deals into North (3) and South (1); 1 honba."""
    g = scenario(hands=["", SOUTH_48, "", NORTH_48], draws=DRAWS_48, honba=1, indicators="6z", ura="6z")
    for _ in range(5):
        tsumogiri(g)
    act(g, 1, "riichi", "1z"); pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    act(g, 2, "discard", "5p")
    act(g, 3, "ron", "5p")
    act(g, 1, "ron", "5p")
    pass_all(g)
    return g


def _tsumo_with_honba():
    """EX-47b: South tsumo, 2 honba, 2 sticks carried over; 40 fu from 32."""
    g = scenario(hands=["", "234m678p444z99s13p"], draws=["1z", "5z", "6z", "7z", "1z", "2p"], honba=2,
                 deposits=2000, indicators="9m")
    for _ in range(5):
        tsumogiri(g)
    act(g, 1, "tsumo")
    return g


def _single_deal_draw():
    g = scenario("riichi-single-deal", hands=["234m345p678p55s88s", *NOTEN], draws="1z")
    act(g, 0, "riichi", "1z"); pass_all(g)
    run_to(g, 0)
    while g.phase in ("turn", "claim"):
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    return g


def _texts(page, selector: str) -> list[str]:
    return [" ".join(x.split()) for x in page.locator(selector).all_inner_texts()]


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_r_multi_2_double_ron_honba_and_sticks_to_the_nearest_winner(table_at, width, height):
    g = _double_ron()
    page = table_at([scenes.engine_state(g, seat=1)], width, height)
    page.wait_for_selector("[data-role=result]")
    wins = page.locator("[data-role=result] article.win")
    assert wins.count() == 2
    # North (seat 3, nearest after West) gets the honba and South's stick; South only its hand.
    assert _texts(page, "article.win[data-seat='3'] [data-role=win-parts]") == [
        "Hand 1,000 · honba +300 · riichi sticks +1,000"]
    assert page.locator("article.win[data-seat='1'] [data-role=win-parts]").count() == 0
    # Ura-dora indicators only for the riichi winner (R-DORA-6); dora indicators for both.
    assert page.locator("article.win[data-seat='1'] [data-role=ura-indicators] .tile").count() == 1
    assert page.locator("article.win[data-seat='3'] [data-role=ura-indicators]").count() == 0
    assert page.locator("article.win [data-role=dora-indicators] .tile").count() == 2
    label = page.locator("article.win[data-seat='1'] [data-role=ura-indicators] .tile").first.get_attribute("aria-label")
    assert label and "dragon" in label.lower()   # the tile has a text label
    # Payments: per seat hand, honba, sticks (own stick -1,000) and the total.
    honba = page.locator("table.changes [data-role=honba]").all_inner_texts()
    assert honba == ["", "", f"{MINUS}300", "+300"]
    sticks = page.locator("table.changes [data-role=sticks]").all_inner_texts()
    assert sticks == ["", f"{MINUS}1,000", "", "+1,000"]
    assert page.locator("table.changes [data-role=change]").all_inner_texts() == [
        "0", "+1,600", f"{MINUS}3,900", "+2,300"]
    notes = " ".join(_texts(page, ".sticks-notes li"))
    assert "Honba 1: Heron receives 300 extra." in notes
    assert "Heron takes the riichi sticks on the table: 1 (+1,000)." in notes
    assert f"Tortoise (You) placed a riichi stick this hand ({MINUS}1,000)." in notes
    assert page.evaluate(CHECK_JS) == []
    _shot(page, f"results-double-ron-{width}x{height}")


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_r_fu_breakdown_toggle_and_r_pay_5_tsumo_honba(table_at, width, height):
    g = _tsumo_with_honba()
    page = table_at([scenes.engine_state(g, seat=0)], width, height)
    page.wait_for_selector("[data-role=result]")
    toggle = page.locator("[data-role=fu-breakdown]")
    assert toggle.count() == 1 and toggle.get_attribute("open") is None
    assert not page.locator(".fu-items").is_visible()
    page.focus("[data-role=fu-breakdown] > summary")
    page.keyboard.press("Enter")                      # keyboard opens it
    page.wait_for_selector(".fu-items", state="visible")
    rows = _texts(page, ".fu-items tr")
    assert rows[:5] == ["Base fu +20", "Tsumo +2", "Concealed triplet +8", "Closed wait (kanchan) +2",
                        "Rounded up to the next 10 +8"]
    assert rows[-1] == "Total 40 fu"
    assert page.locator(".fu-items tr[data-fu-item=set] .tile").count() == 3
    assert " ".join(page.inner_text("[data-role=basis]").split()) == "Base points: 40 fu × 2^(1 + 2) = 320"
    assert page.locator("table.changes [data-role=honba]").all_inner_texts() == [
        f"{MINUS}200", "+600", f"{MINUS}200", f"{MINUS}200"]
    assert page.locator("table.changes [data-role=hand-part]").all_inner_texts() == [
        f"{MINUS}700", "+1,500", f"{MINUS}400", f"{MINUS}400"]
    notes = " ".join(_texts(page, ".sticks-notes li"))
    assert "takes the riichi sticks on the table: 2 (+2,000). Carried over from earlier hands: 2." in notes
    # The toggle stays open when the panel is drawn again (a new state message).
    push(page, scenes.engine_state(g, seat=0))
    assert page.locator("[data-role=fu-breakdown]").get_attribute("open") is not None
    assert page.evaluate(CHECK_JS) == []
    _shot(page, f"results-tsumo-fu-{width}x{height}")


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_r_draw_5_single_deal_returned_stick_named_as_returned(table_at, width, height):
    g = _single_deal_draw()
    page = table_at([scenes.engine_state(g, seat=0, status="finished", preset="riichi-single-deal")], width, height)
    page.wait_for_selector("[data-role=result]")
    assert _texts(page, "table.changes thead th")[1:3] == ["Tenpai payments", "Riichi sticks"]
    assert page.locator("table.changes [data-role=sticks]").first.get_attribute("aria-label") == (
        f"own riichi stick {MINUS}1,000; riichi stick returned +1,000")
    assert _texts(page, "[data-role=stick-returned]") == ["alice (You)'s riichi stick is returned (+1,000)."]
    assert page.locator("[data-role=sticks-left]").count() == 0
    assert page.locator("table.changes [data-role=change]").all_inner_texts() == [
        "+3,000", f"{MINUS}1,000", f"{MINUS}1,000", f"{MINUS}1,000"]
    assert page.evaluate(CHECK_JS) == []
    _shot(page, f"results-single-deal-draw-{width}x{height}")


def test_p_flow_1_spanish_results_screen(browser):
    """The new lines in Spanish, numbers formatted for the locale (es: 1000 without a separator, as
    the rest of the table)."""
    from django.template.loader import render_to_string
    from django.utils import translation
    with translation.override("es"):
        html = render_to_string("games/table.html", {"game": SimpleNamespace(id=7, pk=7, ranked=False), "my_seat": 0,
                                                     "ws_path": "/ws/games/7/", "players": scenes.PLAYERS})
    page = _serve(browser, html, [scenes.engine_state(_double_ron(), seat=1)], "/games/7/", 1280, 800)
    page.wait_for_selector("[data-role=result]")
    text = page.inner_text("[data-role=result]")
    assert "Desglose de fu" in text and "Heron se lleva los palillos de riichi de la mesa: 1 (+1000)." in text
    page.context.close()


# ---------------------------------------------------------------- replay viewer

def _replay_html(hands: list[dict]) -> str:
    from django.contrib.auth.models import AnonymousUser
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    request = RequestFactory().get("/games/7/replay/?hand=1")
    request.user = AnonymousUser()
    game = SimpleNamespace(pk=7, id=7, kind="practice", ranked=False, preset_name="riichi", preset_version=1,
                           format_label="East round", get_clock_display="Untimed", get_status_display="Finished")
    boot = {"hands": hands, "start": 1, "my_seat": 0, "players": scenes.PLAYERS,
            "game": {"id": 7, "preset": "riichi", "preset_version": 1, "players": scenes.PLAYERS}}
    return render_to_string("games/replay.html", {"game": game, "my_seat": 0, "players": scenes.PLAYERS,
                                                  "hands": hands, "start": 1, "boot": boot}, request=request)


def _serve(browser, html: str, messages: list[dict] | None, path: str, width: int, height: int, api=None):
    from tests.browser.test_table_render import FAKE_WS
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))

    def handle(route):
        url = route.request.url[len(ORIGIN):]
        file_path = url.split("?")[0]
        if file_path.startswith("/static/"):
            file = ROOT / file_path.lstrip("/")
            if not file.is_file():
                route.fulfill(status=404, body="missing")
                return
            ctype = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0]
            route.fulfill(status=200, body=file.read_bytes(), headers={"content-type": ctype or "text/plain"})
        elif file_path.startswith("/api/") and api is not None:
            route.fulfill(status=200, body=json.dumps(api), headers={"content-type": "application/json"})
        else:
            route.fulfill(status=200, body=html, headers={"content-type": "text/html; charset=utf-8"})

    page.route(ORIGIN + "/**", handle)
    if messages is not None:
        page.add_init_script(FAKE_WS + f"\nwindow.__queue = {json.dumps(messages)};")
    page.goto(ORIGIN + path)
    return page


@pytest.mark.parametrize("width, height", [(1280, 800), (360, 740)])
def test_p_replay_4_replay_viewer_shows_the_same_explained_result(browser, table_at, width, height):
    """A computer game's hand 2 (ron by a riichi winner, 1 honba): the live table's results screen
    and the replay viewer's (frames from games.replay_frames over the game's log) show the same
    honba and stick lines, ura-dora tiles and fu toggle."""
    from games import replay_frames

    g = scenes.played_game(0, 1)
    live = table_at([scenes.engine_state(g, seat=0)], width, height)
    live.wait_for_selector("[data-role=result]")
    log = json.loads(json.dumps(g.log))
    hands = replay_frames.hand_list(log)
    hand = replay_frames.replay_hands(log, only=1)[1]
    assert hand["result"]["payment_parts"] == g.view(None)["hand_result"]["payment_parts"]
    for h in hands:
        h["label"] = f"East {h['hand_number'] + 1}"
    api = {"game": {"id": 7}, "hands": hands, "hand": json.loads(json.dumps(hand))}
    page = _serve(browser, _replay_html(hands), None, "/games/7/replay/?hand=1", width, height, api=api)
    page.wait_for_selector("#replay-root[data-ready='1']")
    page.locator("body").focus()
    page.keyboard.press("End")
    page.wait_for_selector("[data-role=replay-result] [data-role=result]")
    for selector in ("[data-role=win-parts]", ".sticks-notes", "table.changes"):
        same = [x.replace(" (You)", "") for x in _texts(live, f"[data-role=result] {selector}")]
        assert _texts(page, f"[data-role=replay-result] {selector}") == same, selector
    assert "honba +300" in page.inner_text("[data-role=replay-result] [data-role=win-parts]")
    # The winner took back their own stick: both movements shown, not a blank 0.
    assert page.locator("[data-role=replay-result] table.changes [data-role=sticks]").all_inner_texts()[3] == (
        f"+1,000 {MINUS}1,000")
    assert page.locator("[data-role=replay-result] [data-role=ura-indicators] .tile").count() == 1
    page.locator("[data-role=replay-result] [data-role=fu-breakdown] > summary").click()
    page.wait_for_selector("[data-role=replay-result] .fu-items", state="visible")
    assert _texts(page, "[data-role=replay-result] .fu-items tr")[-1] == "Total 40 fu"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not page.errors, page.errors
    _shot(live, f"results-live-ron-{width}x{height}")
    _shot(page, f"results-replay-ron-{width}x{height}")
    page.context.close()


def test_r_abort_6_four_riichi_sticks_stay_on_the_table(table_at):
    """An abortive draw (four riichi, R-ABORT-3): each seat's own stick (−1,000) and the four
    sticks staying on the table for the next hand (R-ABORT-6)."""
    hands = ["123m456m789m23p55s", "123p456p789p23s55m", "123s456s789s23m77p", "234m567p678s11p99s"]
    g = scenario(hands=hands, draws="1z2z3z4z")
    for seat, tile in enumerate(("1z", "2z", "3z", "4z")):
        act(g, seat, "riichi", tile)
        pass_all(g)
    page = table_at([scenes.engine_state(g, seat=0)], 360, 740)
    page.wait_for_selector("[data-role=result]")
    assert _texts(page, "table.changes thead th")[1:3] == ["Payments", "Riichi sticks"]
    assert page.locator("table.changes [data-role=sticks]").all_inner_texts() == [f"{MINUS}1,000"] * 4
    assert _texts(page, "[data-role=sticks-left]") == [
        "Riichi sticks staying on the table for the next hand: 4 (4,000)."]
    assert page.locator("[data-role=stick-placed]").count() == 4
    assert page.evaluate(CHECK_JS) == []
    _shot(page, "results-four-riichi-360x740")
