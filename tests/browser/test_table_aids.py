"""The own seat's aids and keyboard play at the table (issue 11 items 4 and 6), in Debian's chromium.

Views come straight from ``rules_engine`` scripted hands (``scenario``), so the preview is
compared with the engine's own computation: the waits per discard (``waiting_kinds``) and the
copies unseen counted from what the seat sees (own hand, every pond, every meld, the dora
indicators). Rules: P-PLAY-7 (waits, furiten, no-yaku warning for the own seat only),
R-TENPAI-1, R-FURITEN-2, P-PLAY-2 (select, then confirm), P-PLAY-3 (only legal options).
"""
from __future__ import annotations

import pytest
from test_table_render import PLAYERS, SEQ, act, make_view, open_table, push, sent, state  # noqa: F401

from rules_engine.riichi.scenario import scenario, tsumogiri
from rules_engine.core.tiles import counts_of
from rules_engine.core.waits import waiting_kinds

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def engine_state(game, seat: int = 0) -> dict:
    return {"type": "state", "game": {"id": 7, "preset": "riichi", "preset_version": 1, "kind": "practice",
                                      "status": "active", "players": PLAYERS, "my_seat": seat},
            "view": game.view(seat)}


def no_yaku_game():
    """Seat 0 (dealer) holds 45m234p567p999s77z; 3m, 6m and 6m went to the ponds; it draws 2z:
    discarding the 2z (or riichi on it) leaves a 3m-6m wait, no yaku by ron without riichi."""
    g = scenario(hands=["45m234p567p999s77z"], draws=["1z", "3m", "6m", "6m", "2z"])
    for _ in range(4):
        tsumogiri(g)
    return g


def visible_counts(view: dict) -> list[int]:
    ids = set(view["hand"]) | set(view["dora_indicators"])
    for p in view["players"]:
        ids |= {d["tile"] for d in p["discards"]}
        for m in p["melds"]:
            ids |= set(m["tiles"])
    return counts_of(sorted(ids), physical=True)


def shown_preview(page) -> list[tuple[int, int]]:
    pairs = page.eval_on_selector_all("[data-role=preview] .pv-wait",
                                      "els => els.map(e => [Number(e.dataset.kind), Number(e.dataset.unseen)])")
    return [tuple(p) for p in pairs]


def test_p_play_7_riichi_wait_preview_lists_the_engines_waits_with_unseen_counts(open_table):
    game = no_yaku_game()
    view = game.view(0)
    page = open_table([engine_state(game)])
    two_z = next(t for t in view["hand"] if t >> 2 == 28)
    # The engine's own answer for the hand left by that discard (R-TENPAI-1) and the copies unseen.
    rest = list(view["hand"])
    rest.remove(two_z)
    waits = waiting_kinds(counts_of(rest, physical=True))
    seen = visible_counts(view)
    expected = [(k, 4 - seen[k]) for k in waits]
    assert waits == [2, 5] and expected == [(2, 3), (5, 2)]   # one 3m and two 6m in the ponds
    # The candidate that leaves the hand tenpai is marked; choosing the riichi discard shows it.
    assert page.locator(".hand .tile.tenpai-discard").evaluate_all("els => els.map(e => Number(e.dataset.tile))") == [two_z]
    page.click("button[data-action=riichi]")
    assert page.locator("[data-role=preview]").count() == 0
    page.hover(f".hand .tile[data-tile='{two_z}']")
    page.wait_for_selector("[data-role=preview]")
    assert shown_preview(page) == expected
    assert page.inner_text("[data-role=preview-total]") == "5 left in all"
    assert page.locator("[data-role=preview-no-yaku]").count() == 0     # riichi is its yaku
    assert page.locator("[data-role=preview-furiten]").count() == 0
    # Leaving the tile hides it; pressing (selecting) keeps it while the choice is open.
    page.mouse.move(1, 1)
    page.wait_for_selector("[data-role=preview]", state="detached")
    page.click(f".hand .tile[data-tile='{two_z}']")
    page.mouse.move(1, 1)
    assert shown_preview(page) == expected
    assert sent(page) == []
    # Out of riichi mode the same discard warns that the hand has no yaku (P-PLAY-7) ...
    page.click("button[data-action=cancel]")
    page.hover(f".hand .tile[data-tile='{two_z}']")
    page.wait_for_selector("[data-role=preview-no-yaku]")
    assert shown_preview(page) == expected
    # ... and a candidate that breaks tenpai says so.
    other = next(t for t in view["hand"] if t >> 2 == 3)
    page.hover(f".hand .tile[data-tile='{other}']")
    page.wait_for_function("document.querySelector('[data-role=preview]').dataset.kind === '3'")
    assert shown_preview(page) == []
    assert "not tenpai" in page.inner_text("[data-role=preview]")
    assert not page.errors, page.errors


def test_p_play_7_unseen_copies_of_a_kind_on_hover_count_every_visible_copy(open_table):
    game = no_yaku_game()
    view = game.view(0)
    page = open_table([engine_state(game)])
    seen = visible_counts(view)
    six_m = next(d["tile"] for d in view["players"][2]["discards"] if d["tile"] >> 2 == 5)
    assert page.get_attribute(f".pond .tile[data-tile='{six_m}']", "title") == \
        f"6 of characters: {4 - seen[5]} not yet seen"
    four_m = next(t for t in view["hand"] if t >> 2 == 3)
    assert page.get_attribute(f".hand .tile[data-tile='{four_m}']", "title") == "4 of characters: 3 not yet seen"
    dora = view["dora_indicators"][0]
    assert page.get_attribute(f".center .tile[data-tile='{dora}']", "title").endswith(f"{4 - seen[dora >> 2]} not yet seen")


def test_r_furiten_2_preview_says_furiten_when_the_discard_is_among_its_waits(open_table):
    """33456m234p567p999s: discarding a 3m leaves a 3m-6m wait with the 3m in the own pond."""
    game = scenario(hands=["3345m234p567p999s"], draws=["6m"])
    view = game.view(0)
    page = open_table([engine_state(game)])
    three_m = next(t for t in view["hand"] if t >> 2 == 2)
    page.hover(f".hand .tile[data-tile='{three_m}']")
    page.wait_for_selector("[data-role=preview-furiten]")
    seen = visible_counts(view)
    assert shown_preview(page) == [(2, 4 - seen[2]), (5, 4 - seen[5])]
    record = next(p for p in view["discard_waits"] if p["kind"] == 2)
    assert record["furiten"] is True
    assert page.locator("[data-role=preview-no-yaku]").count() == (1 if record["no_yaku"] else 0)


def test_p_play_7_no_preview_for_other_seats_or_when_nothing_leaves_tenpai(open_table):
    view = make_view()          # discard_waits absent: a hand far from tenpai
    page = open_table([state(view)])
    page.hover(f".hand .tile[data-tile='{view['hand'][3]}']")
    page.click(f".hand .tile[data-tile='{view['hand'][3]}']")
    assert page.locator("[data-role=preview]").count() == 0
    assert page.locator(".hand .tile.tenpai-discard").count() == 0


def test_item_6_every_tile_and_button_has_a_text_label_in_the_page_language(open_table):
    game = no_yaku_game()
    for lang, drag in (("en", "Red dragon"), ("es", "Dragón rojo")):
        page = open_table([engine_state(game)], lang=lang)
        unlabelled = page.eval_on_selector_all(
            ".board .tile", "els => els.filter(e => !(e.getAttribute('aria-label') || '').trim()).length")
        assert unlabelled == 0
        assert page.eval_on_selector_all(".board .tile", "els => els.length") > 20
        buttons = page.eval_on_selector_all(
            ".board button, .board summary", "els => els.filter(e => !(e.getAttribute('aria-label') || e.innerText || '').trim()).length")
        assert buttons == 0
        labels = page.eval_on_selector_all(".hand .tile", "els => els.map(e => e.getAttribute('aria-label'))")
        assert drag in labels
        assert page.get_attribute("button[data-action=riichi]", "aria-keyshortcuts") == "R"
        assert page.get_attribute("button[data-action=riichi]", "data-hint") == "R"


def test_item_6_keyboard_turn_arrows_select_enter_discards_and_it_is_announced(open_table):
    game = no_yaku_game()
    view = game.view(0)
    page = open_table([engine_state(game)])
    page.wait_for_function("document.querySelector('[data-role=announce]').textContent.includes('Your turn')")
    announced = page.inner_text("[data-role=announce]")
    assert "You drew South wind." in announced and "Riichi (R)" in announced
    order = page.eval_on_selector_all(".hand .tile.selectable", "els => els.map(e => Number(e.dataset.tile))")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute(f".hand .tile[data-tile='{order[0]}']", "aria-pressed") == "true"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.tile") == str(order[-1])   # wraps to the drawn tile
    assert order[-1] == view["drawn_tile"]
    # The wait preview of the selected candidate is announced too.
    assert "Discard South wind:" in page.inner_text("[data-role=announce]")
    assert "3 of characters, 3 left" in page.inner_text("[data-role=announce]")
    assert sent(page) == []
    page.keyboard.press("Enter")
    assert sent(page) == [{"type": "action", "seq": view["seq"], "action": act("discard", order[-1])}]


def test_item_6_keyboard_riichi_letter_then_escape_cancels(open_table):
    game = no_yaku_game()
    view = game.view(0)
    page = open_table([engine_state(game)])
    page.keyboard.press("r")
    page.wait_for_selector("button[data-action=cancel]")
    riichi_tiles = page.eval_on_selector_all(".hand .tile.selectable", "els => els.map(e => Number(e.dataset.tile))")
    assert riichi_tiles == [view["drawn_tile"]]
    page.keyboard.press("Escape")
    page.wait_for_selector("button[data-action=riichi]")
    page.keyboard.press("r")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert sent(page) == [{"type": "action", "seq": view["seq"], "action": act("riichi", view["drawn_tile"])}]


def test_item_6_keyboard_calls_letters_and_escape_passes(open_table):
    view = make_view(phase="claim", turn=3, drawn_tile=None, last_discard={"seat": 3, "tile": 120})
    view["hand"] = [t for t in view["hand"] if t != make_view()["drawn_tile"]]
    pon = act("pon", 120, view["hand"][0:2])
    view["legal_actions"] = [pon, act("pass")]
    page = open_table([state(view)])
    assert page.get_attribute("button[data-action=pon]", "data-hint") == "P"
    assert page.get_attribute("button[data-action=pass]", "data-hint") == "Esc"
    assert "Pon (P), Pass (Esc)" in page.inner_text("[data-role=announce]")
    page.keyboard.press("Escape")
    assert sent(page) == [{"type": "action", "seq": SEQ, "action": act("pass")}]
    push(page, state({**view, "seq": SEQ + 1}))
    page.keyboard.press("p")
    assert sent(page)[-1] == {"type": "action", "seq": SEQ + 1, "action": pon}


def test_item_4_sounds_off_by_default_then_remembered_and_played(open_table):
    game = no_yaku_game()
    page = open_table([engine_state(game)])
    assert page.evaluate("window.__mpSounds || []") == []
    page.click("details.toggles summary")
    assert not page.is_checked("input[data-toggle=sound]")
    page.check("input[data-toggle=sound]")
    assert page.evaluate("localStorage.getItem('mp-sound')") == "1"
    view = game.view(0)
    push(page, engine_state(game) | {"view": {**view, "seq": view["seq"] + 1}})
    page.wait_for_function("(window.__mpSounds || []).includes('turn')")
    claim = {**view, "seq": view["seq"] + 2, "phase": "claim", "turn": 3, "drawn_tile": None,
             "legal_actions": [act("ron", 120), act("pass")], "discard_waits": []}
    push(page, engine_state(game) | {"view": claim})
    page.wait_for_function("(window.__mpSounds || []).includes('call')")
    assert not page.errors, page.errors


def test_item_4_reduced_motion_setting_and_system_preference(open_table, browser):
    game = no_yaku_game()
    page = open_table([engine_state(game)])
    assert page.evaluate("document.documentElement.classList.contains('reduce-motion')") is False
    page.click("details.toggles summary")
    page.check("input[data-toggle=reducedMotion]")
    assert page.evaluate("document.documentElement.classList.contains('reduce-motion')") is True
    assert page.evaluate("localStorage.getItem('mp-reduced-motion')") == "1"
    tile = page.locator(".hand .tile").first
    assert tile.evaluate("e => getComputedStyle(e).transitionDuration") == "0s"
    page.evaluate("localStorage.setItem('mp-reduced-motion', '0')")
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    page.wait_for_selector(".board[data-seq]")
    assert page.evaluate("document.documentElement.classList.contains('reduce-motion')") is True
