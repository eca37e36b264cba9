"""Taiwanese opening stage and flowers on scripted walls (taiwanese.md T-DEAL-4, T-FLOWER,
T-ORIG, T-TURN-1; worked examples EX-24..EX-29)."""
import pytest

from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese.scenario import act, build_wall, kind_of, quiet_step, quiet_until
from rules_engine.taiwanese.tiles import tile_label

SINGLE = get_preset("taiwanese-single-deal")


def new(hands=None, live="", dead="", seed=1):
    return Game.new(SINGLE, seed, wall=build_wall(hands, live, dead))


def labels(tiles):
    return sorted(tile_label(t) for t in tiles)


def pass_original_call(game):
    quiet_until(game, lambda g: g.phase == "turn")


def test_t_flower_2_initial_passes_follow_the_illustration():
    """T-FLOWER-2, T-WALL-2: East exposes f1 s3 and receives T[128], T[129] = s1 (kept for the
    next pass); West exposes f2 and receives T[130]; pass 2: East exposes s1, receives T[131]."""
    game = new({0: "f1 s3 123m 456m 789m 11p 22p 3p", 2: "f2 123p 456p 789p 12s 34s 5s"},
               dead="? s1 ? ?")
    w = game._wall
    flowers = [e for e in game.log["entries"][0]["events"] if e["type"] == "flower"]
    assert [(e["pass"], e["seat"], labels(e["tiles"])) for e in flowers] == [
        (1, 0, ["f1", "s3"]), (1, 2, ["f2"]), (2, 0, ["s1"])]
    assert labels(game._seats[0].flowers) == ["f1", "s1", "s3"]
    assert game.live_count == 59 and list(game._walls.live) == w[65:124]
    assert list(game._walls.dead) == w[132:144] + [w[127], w[126], w[125], w[124]]
    assert all(t < 136 for s in game._seats for t in s.hand)
    assert len(game._seats[0].hand) == 17 and all(len(s.hand) == 16 for s in game._seats[1:])


def test_t_flower_3_a_flower_drawn_in_play_is_exposed_and_replaced():
    """T-FLOWER-3: South draws f1 from the live wall, exposes it and receives the dead wall's
    front tile as his drawn tile; the live wall loses its tail to the dead wall."""
    game = new(live="f1", dead="5m")
    pass_original_call(game)
    quiet_step(game)  # East discards
    quiet_until(game, lambda g: g.phase == "turn")
    assert game._turn == 1 and labels(game._seats[1].flowers) == ["f1"]
    assert game._drawn == game._wall[128] and tile_label(game._drawn) == "5m"
    assert game.live_count == 63 - 2
    assert game._walls.dead[-1] == game._wall[127]


def test_t_flower_4_ex_28_eight_flowers_win_at_once():
    """EX-28, T-FLOWER-4, T-PAY-5: West holds seven flowers and draws the eighth: he wins at
    once, before any replacement; each opponent pays 30; the deal passes."""
    game = new({2: "f1 f2 f3 s1 s2 s3 s4 123m 456m 7p 8p"}, live="? f4")
    pass_original_call(game)
    quiet_until(game, lambda g: g._turn == 2 and g.phase != "claim")
    assert game.phase == "game_over"  # a single-deal preset
    r = game.hand_result
    (win,) = r["wins"]
    assert (win["seat"], win["flower_win"], win["tai"], win["awards"]) == (2, "eight_flowers", 30, {"T-TAI-01": 30})
    assert r["deltas"] == [-30, -30, 90, -30] and not r["dealer_repeat"]
    assert len(game._walls.dead) == 16 and game._walls.dead[0] == game._wall[135]  # no replacement taken


def _seven_and_one(claim: bool):
    game = new({3: "f1 f2 f3 f4 s1 s2 s3 123m 456m 7p"}, live="s4")
    pass_original_call(game)
    quiet_step(game)  # East discards; South draws s4
    quiet_until(game, lambda g: g.phase == "claim" and g._claim["kind"] == "flower")
    assert game.pending_seats() == [3]
    assert {(a.type, a.tile) for a in game.legal_actions(3)} == {("ron", None), ("pass", None)}
    act(game, 3, "ron" if claim else "pass")
    return game


def test_t_flower_5_ex_29_seven_flowers_rob_the_eighth():
    """EX-29, T-FLOWER-5, T-PAY-6: North (seven flowers) takes South's eighth: only T-TAI-02,
    South alone pays 20, South takes no replacement."""
    game = _seven_and_one(True)
    (win,) = game.hand_result["wins"]
    assert (win["seat"], win["flower_win"], win["awards"], win["from_seat"]) == (3, "seven_rob", {"T-TAI-02": 20}, 1)
    assert game.hand_result["deltas"] == [0, -20, 0, 20]


def test_t_flower_5_a_passed_offer_lapses_and_play_goes_on():
    """T-FLOWER-5 (§7 item 8): passing lapses the offer for the hand; the exposer takes his
    replacement and has his turn."""
    game = _seven_and_one(False)
    assert game.phase == "turn" and game._turn == 1 and game._rob_offered
    assert game._drawn == game._wall[135]  # the dead wall's front after North's seven replacements
    assert len(game._seats[1].hand) == 17


def test_t_flower_5_offer_in_the_opening_passes():
    """EX-29 variant: South exposed s4 in pass 1; the offer arises when North exposes his
    seventh flower; after a pass North takes his replacements and the opening goes on."""
    game = new({1: "s4 123m 456m 789m 123p 456p", 3: "f1 f2 f3 f4 s1 s2 s3 123m 456m 7p"})
    assert game.phase == "claim" and game._claim["kind"] == "flower" and game.pending_seats() == [3]
    act(game, 3, "pass")
    assert len(game._seats[3].hand) == 16 and all(t < 136 for t in game._seats[3].hand)
    assert game.phase in ("turn", "claim") and game._passes is None


def test_t_flower_7_a_flower_with_an_empty_live_wall_ends_the_hand_drawn():
    """T-FLOWER-7, T-END-2: North's last ordinary draw is a flower; no replacement can be
    drawn, no flower win results: exhaustive draw, nobody pays, the dealer keeps the deal."""
    game = new(live="? " * 62 + "f1")
    quiet_until(game, lambda g: False)
    r = game.hand_result
    assert r["kind"] == "exhaustive_draw" and r["deltas"] == [0, 0, 0, 0] and r["dealer_repeat"]
    assert labels(game._seats[3].flowers) == ["f1"] and game.live_count == 0


def test_t_turn_1_ex_26_heavenly_hand():
    """EX-26, T-TURN-1, T-TAI-39: East exposed s1 in the opening; his 17 tiles win; he declares
    on his first turn: 49 tai, paid by all three; East keeps the deal."""
    game = new({0: "123m 456m 777p 345s CCC 8s s1"}, dead="8s")
    pass_original_call(game)
    assert game._turn_kind == "first"
    act(game, 0, "tsumo")
    (win,) = game.hand_result["wins"]
    assert win["tai"] == 49 and win["awards"]["T-TAI-39"] == 40
    assert game.hand_result["deltas"] == [147, -49, -49, -49] and game.hand_result["dealer_repeat"]


def test_t_orig_2_only_ready_non_dealers_are_offered_original_call():
    """T-ORIG-2, T-ORIG-3: the window offers ``riichi`` (tile null) to each ready non-dealer and
    to nobody else; the dealer is not in it."""
    game = new({1: "123m 456m 789m 345p 678s 2s", 3: "123m 456m 789m 345p 678s 2s",
                2: "19m 19p 19s ESWNPFC 258m"})
    assert game.phase == "claim" and game._claim["kind"] == "original_call"
    assert game.pending_seats() == [1, 3]
    assert set(game.legal_actions(1)) == {a for a in game.legal_actions(1)} and \
        {(a.type, a.tile) for a in game.legal_actions(1)} == {("riichi", None), ("pass", None)}
    assert game.legal_actions(0) == [] and game.legal_actions(2) == []


def test_t_orig_3_a_wait_on_a_kind_held_four_times_is_not_ready():
    """T-ORIG-3: 1111m + four sets waits only on the fifth 1m: not ready, no window."""
    game = new({1: "1111m 234p 567p 789p 234s"}, seed=3)
    assert not (game.phase == "claim" and 1 in game._legal)


def test_t_orig_ex_24_original_call_lock_and_very_early_win():
    """EX-24, T-ORIG-4, T-ORIG-5: South declares; East discards (1), South's drawn 9p is
    discarded automatically (2), West (3), North discards 2s (4); South wins D = 4: 49 tai."""
    game = new({0: "EEE SSS WWW NNN PPP C F", 1: "123m 456m 789m 345p 678s 2s"}, live="9p ? 2s")
    assert game._claim["kind"] == "original_call" and 1 in game._legal
    act(game, 1, "riichi", "-")
    quiet_until(game, lambda g: g.phase == "turn")
    assert game._seats[1].original_call
    events = []
    while not (game.phase == "claim" and 1 in game._legal and game._last_discard[0] == 3):
        if game.phase == "claim":
            assert all(a.type in ("ron", "pass") for a in game.legal_actions(1))  # T-CALL-5
        events += quiet_step(game)
    assert any(e["type"] == "discard" and e["seat"] == 1 and e.get("auto") for e in events)
    act(game, 1, "ron")
    (win,) = game.hand_result["wins"]
    assert win["tai"] == 49 and win["awards"]["T-TAI-38"] == 15 and win["awards"]["T-TAI-37"] == 10
    assert game.hand_result["deltas"] == [0, 49, 0, -49]


def test_t_orig_2_dealer_original_call_discard():
    """T-ORIG-2: the dealer's first-turn options include an Original Call discard for each
    discard leaving a ready hand; choosing it locks him (T-ORIG-4)."""
    game = new({0: "123m 456m 789m 345p 678s 2s N"})
    pass_original_call(game)
    oc = [a for a in game.legal_actions(0) if a.type == "riichi"]
    assert [tile_label(a.tile) for a in oc] == ["2s", "N"]  # each leaves a ready hand
    act(game, 0, "riichi", "N")
    assert game._seats[0].original_call
    assert any(e.get("original_call") for e in game.log["entries"][-1]["events"])


def test_t_turn_1_ex_25_earthly_hand():
    """EX-25, T-TAI-40: North (flower f4) wins on East's first discard 9s: 46 tai; the deal passes."""
    game = new({0: "SSS WWW NNN PPP FFF C 9s", 3: "234m 234m 567p 678s EEE f4"}, dead="9s")
    pass_original_call(game)
    act(game, 0, "discard", "9s")
    assert game.phase == "claim"
    act(game, 3, "ron")
    seq = game.seq
    while game.phase == "claim" and game.seq == seq:
        act(game, game.pending_seats()[0], "pass")
    (win,) = game.hand_result["wins"]
    assert win["tai"] == 46 and game.hand_result["deltas"] == [-46, 0, 0, 46]
    assert not game.hand_result["dealer_repeat"]


def test_p_fair_6_the_original_call_window_is_masked():
    """P-FAIR-6 (clarified): a hand without a window steps ``seq`` as one with a window does,
    and ``empty_opening_window_views`` shows the same waiting state a real window shows."""
    ready = new({1: "123m 456m 789m 345p 678s 2s"})
    none = new({1: "19m 19p 19s ESWNPFC 258m", 2: "19m 19p 19s ESWNPFC 258m", 3: "19m 19p 19s ESWNPFC 258m"})
    assert ready.phase == "claim" and ready.view(None)["pending_seats"] == [] and ready.view(2)["pending_seats"] == []
    real = ready.view(None)
    quiet_until(ready, lambda g: g.phase == "turn")
    assert none.phase == "turn" and none.seq == ready.seq
    masked = none.empty_opening_window_views()
    assert masked is not None and set(masked) == {None, 0, 1, 2, 3}
    pub = masked[None]
    assert (pub["phase"], pub["window"], pub["pending_seats"], pub["seq"]) == ("claim", "original_call", [], none.seq - 1)
    assert set(pub) == set(real) and real["window"] == "original_call" and real["seq"] == pub["seq"]
    assert all(masked[s]["legal_actions"] == [] for s in range(4))
    assert ready.empty_opening_window_views() is None
    quiet_step(none)
    assert none.empty_opening_window_views() is None
