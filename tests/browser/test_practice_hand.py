"""J1 + J4 in a real browser: sign up, start a single-hand practice game, play it to the hand
result by clicking tiles, and prove that no other seat's concealed tiles reached the browser.

Rules proved: P-PLAY-2 (select, then confirm; selection is never sent), P-PLAY-3 (only legal
options are offered: the page's tiles and buttons come from ``legal_actions``), P-SYS-2 / DESIGN §3
(each connection gets its own seat view; no frame carries another seat's concealed tiles),
P-END-1 (a single-hand game ends with its hand), P-FLOW-1 (the results screen shows the result).
"""
from __future__ import annotations

import json
import time

import pytest
from browser_helpers import open_page, sign_up, start_practice, state_messages

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAY_TIMEOUT = 240.0  # seconds for the whole hand (computers answer after 0.02-0.05 s)
# Keys a seat view may hold (docs/engine-api.md "Views", plus the engine's kuikae/kakan aids).
VIEW_KEYS = {"preset", "preset_version", "seat", "phase", "seq", "round_wind", "hand_number", "dealer", "honba",
             "riichi_deposits", "scores", "wall_count", "dora_indicators", "turn", "last_discard",
             "pending_seats", "players", "hand", "drawn_tile", "legal_actions", "furiten", "waits",
             "hand_result", "game_result", "kuikae", "kakan", "tenpai_no_yaku", "discard_waits"}
PLAYER_KEYS = {"seat", "seat_wind", "discards", "melds", "riichi", "concealed_count"}


def _toggle_off_by_keyboard(page, name: str) -> None:
    """Turn a table toggle (P-PLAY-2a) off the way a keyboard user does: focus the checkbox and
    press Space. Works while the results dialog covers the toggles; asserts the box is then off."""
    if not page.locator("details.toggles[open]").count():
        page.locator("details.toggles summary").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("details.toggles[open]", timeout=5000)
    box = page.locator(f"input[data-toggle={name}]")
    if box.is_checked():
        box.focus()
        page.keyboard.press("Space")
    page.wait_for_function(f"!document.querySelector('input[data-toggle={name}]').checked", timeout=5000)


def _actions_sent(sent: list[str]) -> int:
    """How many of the page's sent frames are actions or Continue presses (pings excluded)."""
    return sum(1 for raw in sent if '"type":"ping"' not in raw.replace(" ", ""))


def _hands_by_seq(log: dict) -> tuple[dict[int, list[set[int]]], list[set[int]], set[int]]:
    """Replay the server's stored log; map each decision seq (in play) to every seat's concealed
    tiles, and give every seat's concealed tiles at the end of the hand and the seqs of the
    empty claim windows (discards nobody could call)."""
    from rules_engine.core.actions import Action
    from rules_engine.game import Game

    entries = log["entries"]
    game = Game.from_log({**log, "entries": entries[:1]})
    hands: dict[int, list[set[int]]] = {}
    empty_windows: set[int] = set()

    def record() -> None:
        # The last discard of an exhaustive draw ends the hand without a new decision (same seq):
        # only states in play are recorded, ended ones are checked apart.
        if game.phase in ("turn", "claim"):
            hands[game.seq] = [set(game.view(s)["hand"]) for s in range(4)]

    record()
    for entry in entries[1:]:
        assert entry["type"] == "action", "a single-hand game has one hand entry"
        action = Action.from_json(entry["action"])
        if game.phase == "turn":
            # A discard nobody may call still takes a seq (the empty claim window the server
            # may show during a masked pause, P-FAIR-6): record the hands of that window too.
            held = game.empty_claim_window_views(action)
            if held is not None:
                hands[held[None]["seq"]] = [set(held[s]["hand"]) for s in range(4)]
                empty_windows.add(held[None]["seq"])
        game.apply(action)
        record()
    return hands, [set(game.view(s)["hand"]) for s in range(4)], empty_windows


def _play_until_result(page, sent: list[str]) -> dict:
    """Click through the hand: win when offered, pass calls, otherwise discard a legal tile by
    select-then-confirm. Returns counts of what was done."""
    done = {"discards": 0, "passes": 0, "wins": 0, "selection_checks": 0}
    deadline = time.monotonic() + PLAY_TIMEOUT
    while time.monotonic() < deadline:
        if page.locator("[data-role=result]").count():
            return done
        win = page.locator("button[data-action=tsumo]:enabled, button[data-action=ron]:enabled")
        if win.count():
            win.first.click()
            done["wins"] += 1
            page.wait_for_timeout(150)
            continue
        pass_button = page.locator("button[data-action=pass]:enabled")
        if pass_button.count():
            pass_button.first.click()
            done["passes"] += 1
            page.wait_for_timeout(100)
            continue
        tiles = page.locator(".hand .tile.selectable")
        if tiles.count():
            seq = page.locator(".board").get_attribute("data-seq")
            tile = page.locator(".hand .drawn .tile.selectable")
            tile = tile.first if tile.count() else tiles.last
            before = _actions_sent(sent)
            tile.click()
            # P-PLAY-2: the first click only selects, locally; nothing is sent.
            if page.locator(".hand .tile.selected").count() == 1:
                page.wait_for_timeout(50)
                # (a keep-alive ping may go out at any moment; no action may)
                assert _actions_sent(sent) == before, "selecting a tile must not send anything (P-PLAY-2)"
                done["selection_checks"] += 1
                # Confirm alternately with a second click on the tile and with the Discard button.
                if done["discards"] % 2 == 0:
                    page.locator(".hand .tile.selected").click()
                else:
                    page.click("button[data-action=confirm]")
                done["discards"] += 1
                page.wait_for_function(
                    "seq => document.querySelector('.board').dataset.seq !== seq"
                    " || document.querySelector('[data-role=result]') !== null", arg=seq, timeout=20000)
            continue
        page.wait_for_timeout(50)
    raise AssertionError(f"no hand result within {PLAY_TIMEOUT} s; did {done}")


def test_j4_single_hand_in_browser_no_foreign_tiles(live_server_proc, browser):
    """Sign up, start a single-hand practice game, play to the result by clicking; every
    WebSocket frame carries only the player's own concealed tiles (P-SYS-2, DESIGN §3)."""
    server = live_server_proc
    context, page, errors = open_page(browser)
    received: list[str] = []
    sent: list[str] = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: received.append(payload if isinstance(payload, str) else payload.decode()))
        ws.on("framesent", lambda payload: sent.append(payload if isinstance(payload, str) else payload.decode()))

    page.on("websocket", on_ws)
    username = f"player{int(time.time() * 1000) % 10_000_000}"
    sign_up(page, server.url, username)
    game_id = start_practice(page)
    page.wait_for_selector(".board .seat-me", timeout=30000)
    done = _play_until_result(page, sent)

    # The results screen (P-FLOW-1) of a single-hand game that is over (P-END-1).
    panel = page.locator("[data-role=result]")
    panel.wait_for()
    assert panel.locator("table.changes tbody tr").count() == 4, "score changes for the four seats"
    assert panel.locator(".game-over").count() == 1
    assert done["discards"] >= 1 and done["selection_checks"] == done["discards"]
    assert not errors, f"JavaScript errors on the page: {errors}"

    states = state_messages(received)
    assert states, "the table sent no state frames"
    my_seat = states[0]["game"]["my_seat"]
    assert my_seat in (0, 1, 2, 3)
    final = states[-1]["view"]
    assert final["phase"] == "game_over" and final["hand_result"] is not None

    # Every action the page sent was one of the legal actions of the view it answered (P-PLAY-3).
    legal_by_seq = {}
    for msg in states:
        legal_by_seq.setdefault(msg["view"]["seq"], []).extend(msg["view"].get("legal_actions", []))
    actions = [json.loads(raw) for raw in sent]
    actions = [a for a in actions if a.get("type") == "action"]
    assert len(actions) >= done["discards"]
    for a in actions:
        assert a["action"] in legal_by_seq.get(a["seq"], []), f"sent an action not offered: {a}"

    # No frame may carry another seat's concealed tiles (P-SYS-2).
    hands, final_hands, empty_windows = _hands_by_seq(server.game_log(game_id))
    # P-FAIR-6: the browser server pauses after every discard nobody may call (share 1): such
    # masked windows reached the page, looking like any claim window without a call of its own.
    masked = [m["view"] for m in states if m["view"]["seq"] in empty_windows and m["view"]["phase"] == "claim"]
    assert masked, "no masked claim pause reached the page"
    assert all(v["legal_actions"] == [] and v["pending_seats"] == [] for v in masked)
    checked = 0
    for msg in states:
        view = msg["view"]
        assert set(msg) == {"type", "game", "view"}
        assert view["seat"] == my_seat, "a player's connection gets its own seat view only"
        assert set(view) <= VIEW_KEYS, f"unexpected view keys {set(view) - VIEW_KEYS}"
        for p in view["players"]:
            assert set(p) <= PLAYER_KEYS, f"unexpected player keys {set(p) - PLAYER_KEYS}"
        if view["phase"] in ("hand_over", "game_over"):
            # hand_result may reveal winning / tenpai hands by the rules; the own hand is still own.
            assert set(view["hand"]) == final_hands[my_seat]
            continue
        assert view["hand_result"] is None
        if view["discard_waits"]:      # P-PLAY-7 aids: the own turn only
            assert view["phase"] == "turn" and view["turn"] == my_seat
        seat_hands = hands[view["seq"]]
        mine = set(view["hand"])
        assert mine == seat_hands[my_seat], f"seq {view['seq']}: the view's hand is not the player's own"
        others = set().union(*(seat_hands[s] for s in range(4) if s != my_seat))
        text = json.dumps(view)
        assert not (mine & others)
        # The only lists of tile ids in the view besides the player's own tiles are public
        # (discards, melds, dora indicators, the last discard); check no other seat's concealed
        # tile appears anywhere in them.
        public_ids = _public_tile_ids(view)
        if view["drawn_tile"] is not None:
            assert view["drawn_tile"] in mine
        for a in view["legal_actions"]:
            named = {a["tile"], *a["tiles"]} - {None}
            assert named <= mine | public_ids, f"seq {view['seq']}: a legal action names a hidden tile: {a}"
        leaked = public_ids & others
        assert not leaked, f"seq {view['seq']}: other seats' concealed tiles {sorted(leaked)} in {text[:200]}"
        checked += 1
    assert checked >= 5
    context.close()


def _public_tile_ids(view: dict) -> set[int]:
    """Public tile ids of a view (outside the own ``hand``/``drawn_tile``/``legal_actions``):
    discards (in ponds or called), meld tiles, dora indicators, the last discard, an added kan tile."""
    ids: set[int] = set(view.get("dora_indicators") or [])
    for p in view["players"]:
        ids.update(d["tile"] for d in p["discards"])
        for m in p["melds"]:
            ids.update(m["tiles"])
    if view.get("last_discard"):
        ids.add(view["last_discard"]["tile"])
    if view.get("kakan"):
        ids.add(view["kakan"]["tile"])
    return ids


def test_p_flow_1_east_round_continue_starts_the_next_hand(live_server_proc, browser):
    """East-round practice: the hand is played with the table toggles (P-PLAY-2a: auto-win,
    no calls, auto-discard), the results screen waits, Continue deals the next hand (P-FLOW-1/-4)."""
    server = live_server_proc
    context, page, errors = open_page(browser, 360, 760)
    username = f"east{int(time.time() * 1000) % 10_000_000}"
    sign_up(page, server.url, username)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the lobby fits a phone"
    start_practice(page, "riichi")
    page.wait_for_selector(".board .seat-me", timeout=30000)
    first_round = page.inner_text(".center .round")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "the table fits a phone"
    page.click("details.toggles summary")
    for name in ("autoWin", "noCalls", "autoDiscard"):
        page.check(f"input[data-toggle={name}]")
    # Riichi offers are left to the player by auto-discard: answer them with a plain discard.
    deadline = time.monotonic() + PLAY_TIMEOUT
    while not page.locator("[data-role=result]").count():
        assert time.monotonic() < deadline, "no hand result in time"
        if page.locator("button[data-action=riichi]").count() and page.locator(".hand .drawn .tile").count():
            page.dblclick(".hand .drawn .tile")
        page.wait_for_timeout(100)
    panel = page.locator("[data-role=result]")
    assert panel.locator("table.changes tbody tr").count() == 4
    assert page.locator(".game-over").count() == 0, "one hand does not end an East round"
    # Toggles off, so the new hand waits for the player. The results screen lies over the table
    # at phone width, so the player reaches the toggles with the keyboard (focus, then Space).
    for name in ("autoWin", "noCalls", "autoDiscard"):
        _toggle_off_by_keyboard(page, name)
    page.wait_for_timeout(300)
    assert page.locator("[data-role=result]").count() == 1, "the results screen waits for Continue"
    page.click("button[data-action=continue]")
    page.wait_for_function("document.querySelector('[data-role=result]') === null", timeout=30000)
    # A computer may end the new hand at once (kyuushu kyuuhai on its first draw): hand_over too.
    assert page.get_attribute(".board", "data-phase") in ("turn", "claim", "hand_over")
    assert page.locator(".seat-me .pond .tile").count() == 0, "a fresh hand"
    round_label = page.inner_text(".center .round")
    honba = int(page.inner_text("[data-role=honba]"))
    assert first_round == "East 1"
    assert round_label == "East 2" or (round_label == "East 1" and honba >= 1), (round_label, honba)
    assert not errors, f"JavaScript errors on the page: {errors}"
    context.close()


def test_p_clock_timed_practice_is_played_by_the_clock_in_the_embedded_server(live_server_proc, browser):
    """P-PRAC-1 / P-CLOCK / P-TIMEOUT in the embedded default (in-process Celery worker with the
    memory broker, DESIGN §5): a Bullet single-hand practice game whose player never touches the
    page shows its clock (P-CLOCK-9) and is played to its end by the server's timeout defaults
    (P-TIMEOUT-1/-2, P-CONN-6); the review marks those moves as timeouts (P-TIMEOUT-5)."""
    server = live_server_proc
    context, page, errors = open_page(browser)
    username = f"clock{int(time.time() * 1000) % 10_000_000}"
    sign_up(page, server.url, username)
    game_id = start_practice(page, "riichi-single-deal", clock="bullet")
    page.wait_for_selector(".board .seat-me", timeout=30000)
    # Every seat shows its reserve; the player never acts from here on.
    page.wait_for_selector("[data-role=reserve-clock]", timeout=30000)
    assert page.locator("[data-role=reserve-clock]").count() == 4
    page.wait_for_selector("[data-role=result]", timeout=PLAY_TIMEOUT * 1000)
    assert page.locator("[data-role=result] .game-over").count() == 1, "a single hand ends the game"
    stored = server.game_log(game_id)
    assert stored["entries"], "the game was stored"
    page.goto(f"{server.url}/games/{game_id}/review/")
    assert page.locator("[data-role=timeout]").count() >= 1, "moves played by the clock are marked"
    assert not errors, f"JavaScript errors on the page: {errors}"
    context.close()
