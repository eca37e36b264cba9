"""The step-by-step replay viewer (P-REPLAY-3, P-REPLAY-4, P-REPLAY-5, P-REPLAY-6, P-TIMEOUT-5,
J4 step 5): frames built on the server from the stored log, served per completed hand by
GET /api/games/<id>/replay/ and shown by /games/<id>/replay/."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation

from games import replay_frames, service
from platform_helpers import current_engine, finish, human_seat
from rules_engine.riichi.explain import stored_part

pytestmark = pytest.mark.django_db(transaction=True)


def _finished(alice):
    return finish(service.create_practice(alice, "riichi-single-deal"))


def _api(client, game, hand="0"):
    return client.get(reverse("api-game-replay", args=[game.pk]) + f"?hand={hand}")


def _step_tiles(step: dict) -> set[int]:
    """Every tile id a step carries: hands, drawn tiles, the action and the public view's
    discards, melds, dora indicators, last discard and open added kan."""
    ids = {t for hand in step["hands"] for t in hand} | {t for t in step["drawn"] if t is not None}
    if step["action"]:
        ids |= {step["action"]["tile"], *step["action"]["tiles"]} - {None}
    view = step["view"]
    ids |= set(view["dora_indicators"])
    for key in ("last_discard", "kakan"):
        if view.get(key):
            ids.add(view[key]["tile"])
    for p in view["players"]:
        ids |= {d["tile"] for d in p["discards"]}
        for m in p["melds"]:
            ids |= set(m["tiles"]) | ({m.get("called_tile"), m.get("added_tile")} - {None})
    return ids


def _hidden(engine) -> set[int]:
    """Tiles nobody may see yet: the live wall still to draw and the dead wall, less the revealed
    dora indicators and the replacement tiles already drawn (rules_engine.riichi.wall indices)."""
    from rules_engine.riichi.wall import REPLACEMENT_INDEX
    wall = engine._wall
    seen = set(engine.dora_indicators()) | {wall[i] for i in REPLACEMENT_INDEX[:engine._n_repl]}
    return set(wall[engine._live_pos:]) - seen


def _hand_key(hand: list[int]) -> list[int]:
    return [replay_frames.sort_key(t) for t in hand]


def test_p_replay_4_one_step_per_action_plus_the_deal_and_the_stored_result_at_the_end(client, alice):
    game = _finished(alice)
    actions = [e for e in game.log["entries"] if e["type"] == "action"]
    client.force_login(alice)
    body = _api(client, game).json()
    assert [h["index"] for h in body["hands"]] == [0]
    hand = body["hand"]
    steps = hand["steps"]
    assert len(steps) == len(actions) + 1
    assert steps[0]["actor"] is None and steps[0]["action"] is None
    assert [s["action"] for s in steps[1:]] == [e["action"] for e in actions]
    assert [s["actor"] for s in steps[1:]] == [e["action"]["seat"] for e in actions]
    assert [s["index"] for s in steps] == list(range(len(steps)))
    for step in steps:
        assert all(h == sorted(h, key=replay_frames.sort_key) for h in step["hands"])   # P-PLAY-6 order
        assert "hand_result" not in step["view"] and "game_result" not in step["view"]
        assert all(len(h) == p["concealed_count"] for h, p in zip(step["hands"], step["view"]["players"]))
    # P-REPLAY-6: the stored hand_end record, not a re-score (with the results-screen explanation
    # of rules_engine.riichi.explain added, as on the live table).
    stored = next(e["result"] for entry in game.log["entries"] for e in entry["events"] if e["type"] == "hand_end")
    assert stored_part(hand["result"]) == stored
    assert "payment_parts" in hand["result"] and "payment_parts" not in stored
    last = steps[-1]
    assert last["view"]["scores"] == stored["scores"]
    if stored["kind"] == "win":
        for win in stored["wins"]:
            shown = set(last["hands"][win["seat"]])
            assert shown | {win["tile"]} == set(win["hand"])
    for seat, tiles in (stored.get("revealed") or {}).items():
        assert set(last["hands"][int(seat)]) == set(tiles)
    assert hand["game_result"] is not None and hand["game_result"]["final_scores"] == game.final_scores


def test_p_replay_3_no_step_holds_a_tile_still_in_the_wall(client, alice):
    """The page gets only what each step shows (plus the open hands): never the wall, the dead
    wall beyond revealed indicators, or a tile to be drawn later (P-SYS-2)."""
    from rules_engine.core.actions import Action
    from rules_engine.game import Game as Engine

    game = _finished(alice)
    client.force_login(alice)
    steps = _api(client, game).json()["hand"]["steps"]
    entries = game.log["entries"]
    engine = Engine.from_log({**game.log, "entries": entries[:1]})
    checked = 0
    for step, entry in zip(steps, [None] + entries[1:]):
        if entry is not None:
            engine.apply(Action.from_json(entry["action"]))
        hidden = _hidden(engine)
        assert len(hidden) >= 14 - len(engine.dora_indicators()) - engine._n_repl
        assert not (_step_tiles(step) & hidden), f"step {step['index']} shows wall tiles"
        assert set(step) == {"index", "actor", "action", "timeout", "by_computer", "view", "hands", "drawn"}
        checked += 1
    assert checked == len(steps)


def test_p_timeout_5_steps_carry_the_timeout_and_computer_flags(client, alice):
    game = _finished(alice)
    records = list(game.actions.filter(kind="action").order_by("index"))
    target = next(i for i, r in enumerate(records) if r.data.get("type") == "discard")
    records[target].timeout = True
    records[target].save(update_fields=["timeout"])
    client.force_login(alice)
    steps = _api(client, game).json()["hand"]["steps"]
    assert [s["index"] for s in steps if s["timeout"]] == [target + 1]
    assert [s["by_computer"] for s in steps[1:]] == [r.by_computer for r in records]


def test_p_replay_3_only_the_player_and_only_after_the_hand(client, alice, make_user):
    game = service.create_practice(alice, "riichi-single-deal")
    client.force_login(alice)
    assert _api(client, game).status_code == 403                       # the hand is still running
    page = client.get(reverse("replay", args=[game.pk]))
    assert page.status_code == 302 and page["Location"] == reverse("table", args=[game.pk])
    game = finish(game)
    assert _api(client, game).status_code == 200
    client.force_login(make_user("bob"))
    assert _api(client, game).status_code == 404
    assert client.get(reverse("replay", args=[game.pk])).status_code == 404
    client.logout()
    assert _api(client, game).status_code in (401, 403)
    page = client.get(reverse("replay", args=[game.pk]))
    assert page.status_code == 302 and "/accounts/login/" in page["Location"]


def _play_to_hand_end(game):
    seat = human_seat(game)
    from rules_engine.ai.simple_player import decide as human_choice   # as conftest's
    for _ in range(500):
        engine = current_engine(game)
        if engine.phase in ("hand_over", "game_over"):
            return engine
        service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)
    raise AssertionError("the hand did not end")


def test_p_replay_3_running_east_round_serves_ended_hands_never_the_hand_in_progress(client, alice):
    for _ in range(5):  # a bust in East 1 (P-END-3, very rare) ends the game: deal again
        game = service.create_practice(alice, "riichi")
        seat = human_seat(game)
        engine = _play_to_hand_end(game)
        if engine.phase == "hand_over":
            break
    assert engine.phase == "hand_over"
    service.continue_after_hand(game.pk, seat, engine.seq)
    engine = current_engine(game)
    assert engine.phase in ("turn", "claim") and game.status == "active"
    completed = replay_frames.completed_entry_count(game.log)
    running = game.log["entries"][completed:]
    assert running and running[0]["type"] == "hand"
    client.force_login(alice)
    body = _api(client, game).json()
    assert len(body["hands"]) == 1 and len(body["hand"]["steps"]) == completed   # deal + actions of hand 1
    assert _api(client, game, "1").status_code == 404
    assert _api(client, game, "last").json()["hand"]["index"] == 0
    assert str(running[0]["seed"]) not in json.dumps(body)
    log = client.get(reverse("api-game-log", args=[game.pk])).json()["log"]
    assert len(log["entries"]) == completed, "the running hand's seed is never served"
    page = client.get(reverse("replay", args=[game.pk]) + "?hand=5")
    assert page.status_code == 200
    boot = page.context["boot"]
    assert [h["index"] for h in boot["hands"]] == [0] and boot["start"] == 0
    review = client.get(reverse("review", args=[game.pk]))
    assert review.status_code == 200
    rows = review.context["actions"]
    assert sum(1 for r in rows if r["record"].kind == "action") == completed - 1


def test_p_replay_5_page_shows_the_rules_label_and_links(client, alice):
    game = _finished(alice)
    client.force_login(alice)
    page = client.get(reverse("replay", args=[game.pk]) + "?hand=last").content.decode()
    assert f"Rules: Riichi, version {game.preset_version}" in page
    assert 'id="replay-data"' in page and "js/replay.js" in page
    assert reverse("api-game-replay", args=[game.pk]) in page
    for label in ("Previous step", "Next step", "Previous hand", "Next hand", "All hands open", "Next decision"):
        assert label in page, label
    history = client.get(reverse("my_games")).content.decode()
    assert reverse("replay", args=[game.pk]) in history
    review = client.get(reverse("review", args=[game.pk])).content.decode()
    assert reverse("replay", args=[game.pk]) in review
    table = client.get(reverse("table", args=[game.pk])).content.decode()
    assert f'data-review-url="{reverse("replay", args=[game.pk])}"' in table


def test_p_replay_4_page_in_spanish(client, alice):
    game = _finished(alice)
    client.force_login(alice)
    page = client.get(reverse("replay", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<html lang="es">' in page
    with translation.override("es"):
        from django.utils.translation import gettext
        for msgid in ("Next step", "Previous hand", "All hands open", "Next decision"):
            assert gettext(msgid) != msgid and gettext(msgid) in page, msgid
        from games.display import hand_label
        assert hand_label(0) in page
    assert "Next step" not in page


def test_replay_endpoint_is_in_the_openapi_schema(client):
    text = client.get("/api/schema/").content.decode()
    assert "/api/games/{id}/replay/" in text


def test_every_key_the_replay_script_uses_is_in_the_replay_page_catalogue():
    """static/js/replay.js reads its own strings from <template id="replay-i18n"> (rt("key"))
    and the renderer's from <template id="table-i18n"> (t("key")): replay.html holds the first
    and includes the table page's catalogue (_table_i18n.html) for the second; each key the
    viewer and the renderer it reuses need is there, so no raw key reaches the page."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    own_part = (root / "templates" / "games" / "replay.html").read_text(encoding="utf-8")
    assert '{% include "games/_table_i18n.html" %}' in own_part
    table_part = (root / "templates" / "games" / "_table_i18n.html").read_text(encoding="utf-8")
    assert '<template id="table-i18n">' in table_part
    table_part += (root / "templates" / "games" / "_tw_i18n.html").read_text(encoding="utf-8")  # included in it
    own = set(re.findall(r'data-k="([^"]+)"', own_part))
    table = set(re.findall(r'data-k="([^"]+)"', table_part))
    script = (root / "static" / "js" / "replay.js").read_text(encoding="utf-8")
    assert set(re.findall(r'\brt\(\s*"([a-z0-9_]+)"', script)) <= own
    renderer = set()
    for name in ("render.js", "result.js", "tiles.js", "replay.js"):
        renderer |= set(re.findall(r'\bt\(\s*"([a-z0-9_]+)"', (root / "static" / "js" / name).read_text(encoding="utf-8")))
    # Keys of the live table's own parts that the replay never draws (status, actions, toggles,
    # continue and game-over links, clocks).
    live_only = {"spectating", "riichi_choose", "your_turn", "your_call", "waiting_others", "turn_of",
                 "waiting_responses", "furiten", "waits", "no_yaku", "cancel", "options", "auto_win",
                 "no_calls", "auto_discard", "one_click", "dealer_repeats", "deal_passes", "continue",
                 "continued", "game_over", "place", "final_points", "result_record", "review", "play_again",
                 "back_lobby", "deposits_awarded", "absent", "seconds", "next_hand_in"}
    assert sorted(renderer - live_only - table) == []
    actions = {"discard", "riichi", "tsumo", "ron", "chi", "pon", "kan", "ankan", "shouminkan", "kyuushu", "pass"}
    assert actions <= table


def test_p_replay_2_hand_summaries_give_the_hand_number_and_a_translated_label():
    from games.display import hand_label
    from games.replay import hand_summaries
    log = {"entries": [{"type": "action", "events": [{"type": "hand_end", "result": {
        "kind": "exhaustive_draw", "hand_number": 5, "honba": 1, "deltas": [0] * 4, "scores": [25000] * 4}}]}]}
    [hand] = hand_summaries(log, {})
    assert hand["index"] == 0 and hand["hand_number"] == 5 and hand["label"] == "South 2"
    with translation.override("es"):
        assert hand_summaries(log, {})[0]["label"] == hand_label(5) != "South 2"


def test_p_replay_4_the_viewer_shows_no_live_presence(client, alice):
    """A replay is not the live table: its players carry no ``connected`` flag, so the viewer
    never draws a "Disconnected" badge (P-CONN-5 markers belong to the live table)."""
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    client.force_login(alice)
    page = client.get(reverse("replay", args=[game.pk]))
    assert page.status_code == 200
    boot = page.context["boot"]
    assert boot["players"] and all("connected" not in p for p in boot["players"])
    assert all("connected" not in p for p in boot["game"]["players"])


@pytest.mark.parametrize("wanted", ["999", "-1", "abc", "1"])
def test_p_replay_4_page_for_no_such_hand_shows_the_first_hand_and_says_so(client, alice, wanted):
    """Fresh-user trial item 6: ?hand= naming no ended hand (the API's no_such_hand) never shows
    another hand silently: the first hand, with a warning; valid values show no warning."""
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    client.force_login(alice)
    assert _api(client, game, wanted).json()["code"] == "no_such_hand"
    page = client.get(reverse("replay", args=[game.pk]) + f"?hand={wanted}")
    assert page.status_code == 200 and page.context["boot"]["start"] == 0
    assert "This game has no such hand to replay; the first hand is shown." in page.content.decode()
    spanish = client.get(reverse("replay", args=[game.pk]) + f"?hand={wanted}", HTTP_ACCEPT_LANGUAGE="es")
    assert "Esta partida no tiene esa mano para repetir" in spanish.content.decode()
    for good in ("0", "last", ""):
        page = client.get(reverse("replay", args=[game.pk]) + f"?hand={good}")
        assert "no such hand" not in page.content.decode()
