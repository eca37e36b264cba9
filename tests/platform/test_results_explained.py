"""Results that explain themselves on the server side (issue 11 item 5; P-FLOW-1, P-REPLAY-4,
P-REPLAY-6, P-SYS-2, R-DORA-6): the state message's seat view and the replay frames carry the fu
items and payment parts of rules_engine.riichi.explain; the stored log never does; ura-dora
indicators reach nobody before the hand is over."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse
from hidden_info import Knowledge, tiles_in
from platform_helpers import finish, human_seat

from games import replay_frames, service, views_state
from rules_engine.ai import decide
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.riichi.explain import stored_part

PART_KEYS = ("value", "honba", "sticks", "draw", "nagashi")


def _check_parts(hr: dict) -> None:
    for p in range(4):
        part = hr["payment_parts"][p]
        assert sum(part[k] for k in PART_KEYS) == hr["deltas"][p]          # R-PAY-7
        assert part["total"] == hr["deltas"][p] + part["riichi"] + part["returned"]
    for win in hr.get("wins") or []:
        assert win["fu_items"] is not None
        assert sum(x["fu"] for x in win["fu_items"]) == (0 if win["yakuman"] else win["fu"])   # R-FU-8


@pytest.mark.django_db(transaction=True)
def test_p_flow_1_state_message_and_replay_frame_carry_the_explanation(client, alice):
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    seat = human_seat(game)
    view = views_state.state_message(game, seat)["view"]
    _check_parts(view["hand_result"])
    stored = next(e["result"] for entry in game.log["entries"] for e in entry["events"] if e["type"] == "hand_end")
    assert "payment_parts" not in stored                                   # the log is unchanged
    assert stored_part(view["hand_result"]) == stored
    client.force_login(alice)
    frame = client.get(reverse("api-game-replay", args=[game.pk]) + "?hand=0").json()["hand"]
    assert frame["result"] == json.loads(json.dumps(view["hand_result"]))   # same as the live table
    assert "payment_parts" not in json.dumps(game.log)


def _riichi_win_log() -> dict:
    """A computer game (seed 0) to the end of its second hand: a ron by a riichi winner, with ura
    indicators in the result (rules_engine ai, beginner strength)."""
    g = Game.new(get_preset("riichi"), 0)
    n = 0
    while True:
        if g.phase == "hand_over":
            if n == 1:
                return g.log
            n += 1
            g.next_hand(n)
            continue
        seat = g.pending_seats()[0]
        g.apply(decide("beginner", g.view(seat), 1))


def test_r_dora_6_ura_indicators_only_once_the_hand_is_over():
    """P-SYS-2: at every position of the log, no seat view and no public view holds an ura-dora
    indicator (key or tile id) until the hand has ended; then the riichi winner's result shows them."""
    log = json.loads(json.dumps(_riichi_win_log()))
    ura = set()
    for entry in log["entries"]:
        for event in entry["events"]:
            if event["type"] == "hand_end":
                for win in event["result"].get("wins") or []:
                    ura |= set(win["ura_indicators"])
    assert ura, "the scripted game has a riichi win"
    knowledge = Knowledge(log)
    ended = False
    for position in knowledge.positions:
        for seat, view in position["views"].items():
            over = view["phase"] in ("hand_over", "game_over")
            text = json.dumps(view)
            if not over:
                assert "ura_indicators" not in text and "payment_parts" not in text
                assert not tiles_in(view) & ura or view["hand_number"] != 1
            assert tiles_in(view) <= position["known"][seat]   # every id is one the seat may know
            if over and view["hand_result"]["kind"] == "win" and any(
                    w["ura_indicators"] for w in view["hand_result"]["wins"]):
                ended = True
                _check_parts(view["hand_result"])
                assert tiles_in(view["hand_result"]) >= set().union(
                    *(w["ura_indicators"] for w in view["hand_result"]["wins"]))
    assert ended
    frames = replay_frames.replay_hands(log, only=1)[1]
    assert all("ura_indicators" not in json.dumps(step) for step in frames["steps"])
    assert any(w["ura_indicators"] for w in frames["result"]["wins"])


def test_p_replay_2_review_page_summaries_name_honba_sticks_and_returned_sticks():
    """The review page's hand list (games.replay.hand_summaries, stored facts only): the nearest
    winner's honba bonus and riichi sticks (R-PAY-5, R-PAY-6), and a returned stick (R-DRAW-5)."""
    from games.replay import hand_summaries
    from rules_engine.riichi.scenario import act, pass_all, run_to, scenario, tsumogiri

    hands = hand_summaries(_riichi_win_log(), {0: "alice", 1: "bob", 2: "carol", 3: "dave"})
    [win] = hands[1]["wins"]
    assert hands[1]["honba"] == 1 and win["honba_points"] == 300 and win["sticks_points"] == 1000
    assert hands[1]["returned"] == []
    g = scenario("riichi-single-deal", hands=["234m345p678p55s88s", "1357m1357p1357s9s", "2468m2468p2468s9p",
                                              "2468m2468p2468s9m"], draws="1z")
    act(g, 0, "riichi", "1z"); pass_all(g)
    run_to(g, 0)
    while g.phase in ("turn", "claim"):
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    [draw] = hand_summaries(g.log, {0: "alice"})
    assert draw["returned"] == [{"name": "alice", "points": 1000}]


@pytest.mark.django_db(transaction=True)
def test_p_replay_2_review_page_shows_the_returned_stick_line(client, alice, monkeypatch):
    from games import views as game_views
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    fake = [{"index": 0, "hand_number": 0, "label": "East 1", "honba": 0, "kind": "win", "abort": None,
             "wins": [{"seat": 0, "name": "alice", "tsumo": True, "from_name": None, "han": 1, "fu": 30,
                       "yaku": [["riichi", 1]], "limit": None, "points": 2100, "honba_points": 300,
                       "sticks_points": 1000}],
             "deltas": [2100, -700, -700, -700], "scores": [0, 0, 0, 0],
             "returned": [{"name": "bob", "points": 1000}]}]
    monkeypatch.setattr(game_views.replay, "hand_summaries", lambda log, names: fake)
    client.force_login(alice)
    html = client.get(reverse("review", args=[game.pk])).content.decode()
    assert "honba +300, riichi sticks +1,000" in html
    assert "bob's riichi stick is returned (+1,000)." in html
