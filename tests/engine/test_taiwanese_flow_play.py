"""Taiwanese play on scripted walls: turns, calls and priority, kongs and robbing, several
winners, no furiten, the end of the wall (taiwanese.md T-TURN, T-CALL, T-KONG, T-WIN, T-WALL,
T-END; worked examples EX-21, EX-22)."""
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese.scenario import act, build_wall, quiet_step, quiet_until
from rules_engine.taiwanese.tiles import tile_label

SINGLE = get_preset("taiwanese-single-deal")
JUNK_E = "SSS WWW NNN PPP FFF C"  # 16 honours for the dealer that never meet the test's tiles


def new(hands=None, live="", dead="", seed=1):
    return Game.new(SINGLE, seed, wall=build_wall(hands, live, dead))


def to_turn(game):
    quiet_until(game, lambda g: g.phase == "turn")


def pass_rest(game):
    """Every seat still to answer the open response window passes."""
    seq = game.seq
    while game.phase == "claim" and game.seq == seq:
        act(game, game.pending_seats()[0], "pass")


def types(game, seat):
    return {a.type for a in game.legal_actions(seat)}


def test_t_call_1_and_t_call_2_pung_beats_chow_and_chow_only_from_the_left():
    """T-CALL-1: only South (East's next player) may chow East's 5p; North may pung it.
    T-CALL-2: both claim, the pung is executed; T-TURN-4: North must discard at once, any tile."""
    game = new({0: JUNK_E + " 5p", 1: "46p", 2: "46p", 3: "555p 123m 456m 789m 123s 9s"})
    to_turn(game)
    act(game, 0, "discard", "5p")
    assert "chi" in types(game, 1) and "chi" not in types(game, 2) and "pon" in types(game, 3)
    act(game, 1, "chi")
    act(game, 3, "pon")
    pass_rest(game)
    assert game._turn == 3 and game.phase == "turn" and game._seats[3].melds[0].type == "pon"
    assert types(game, 3) == {"discard"}
    assert "5p" in {tile_label(a.tile) for a in game.legal_actions(3)}  # no swap-call restriction


def test_t_win_7_two_winners_on_one_discard_both_win():
    """T-WIN-7, T-CALL-2, T-PAY-2: South and North both win on East's 5p (a win beats
    everything); East pays each his own total; East did not win, so the deal passes."""
    game = new({0: JUNK_E + " 5p", 1: "123m 456m 789m 123s 46p 99s", 3: "234m 567m 345s 678s 123p 5p"})
    to_turn(game)
    act(game, 0, "discard", "5p")
    act(game, 1, "ron")
    act(game, 3, "ron")
    pass_rest(game)
    r = game.hand_result
    assert [w["seat"] for w in r["wins"]] == [1, 3]
    t1, t3 = (w["tai"] for w in r["wins"])
    assert r["deltas"] == [-(t1 + t3), t1, 0, t3] and sum(r["deltas"]) == 0 and not r["dealer_repeat"]


def test_t_win_6_no_furiten_after_passing_a_win():
    """T-WIN-6: South lets East's winning 5p pass, then wins on the next 5p East discards."""
    game = new({0: JUNK_E + " 5p", 1: "123m 456m 789m 123s 46p 99s"}, live="? ? ? 5p")
    to_turn(game)
    act(game, 0, "discard", "5p")
    assert "ron" in types(game, 1)
    quiet_until(game, lambda g: g._last_discard[0] == 0 and g._order == 5)
    assert game.phase == "claim" and "ron" in types(game, 1)
    act(game, 1, "ron")
    assert game.hand_result["wins"][0]["seat"] == 1


def test_t_kong_2_concealed_kong_and_replacement_no_dealer_original_call_after_it():
    """T-KONG-2, T-KONG-6, T-WALL-2: the dealer's concealed kong is followed by a replacement
    from the dead wall's front and the live tail moves to the dead wall; after a kong the
    dealer may no longer make an Original Call discard (T-ORIG-2) nor win a heavenly hand."""
    game = new({0: "7777m 123p 456p 789p 123s 5s"}, dead="9s")
    to_turn(game)
    w = game._wall
    act(game, 0, "ankan")
    assert game._seats[0].melds[0].type == "ankan" and game._drawn == w[128]
    assert game.live_count == 62 and game._walls.dead[-1] == w[127] and len(game._walls.dead) == 16
    assert "riichi" not in types(game, 0) and game._turn_kind == "replacement"


def _robbing_wall():
    # East's first discard is 6m; West pungs it; West draws the fourth 6m after 13 discards;
    # North (flower s2) waits on 3m/6m (EX-21).
    return build_wall({0: JUNK_E + " 6m", 2: "66m 19p 19s ESWNPFC 258s",
                       3: "45m 123p 789p 234s 567s 9s s2"},
                      live="? " * 11 + "6m", dead="9s")


def _to_added_kong(game):
    to_turn(game)
    act(game, 0, "discard", "6m")
    act(game, 2, "pon")
    pass_rest(game)
    quiet_step(game)  # West discards after the pung
    quiet_until(game, lambda g: g.phase == "turn" and g._turn == 2 and g._drawn >> 2 == 5)
    assert game._order == 13
    act(game, 2, "shouminkan", "6m")


def test_t_kong_4_ex_21_robbing_an_added_kong():
    """EX-21, T-KONG-4, T-PAY-3: North robs West's added kong: 9 tai, West pays as a
    discarder, West's 666m stays a pung."""
    game = Game.new(SINGLE, 1, wall=_robbing_wall())
    _to_added_kong(game)
    assert game.phase == "claim" and game.view(None)["added_kong"]["seat"] == 2
    assert {(a.type) for a in game.legal_actions(3)} == {"ron", "pass"}
    act(game, 3, "ron")
    pass_rest(game)
    (win,) = game.hand_result["wins"]
    assert (win["seat"], win["chankan"], win["tai"], win["awards"].get("T-TAI-35")) == (3, True, 9, 1)
    assert game.hand_result["deltas"] == [0, 0, -9, 9]
    assert [m.type for m in game._seats[2].melds] == ["pon"]


def test_t_kong_3_an_added_kong_nobody_robs_is_completed_with_a_replacement():
    """T-KONG-3, T-KONG-6: everybody passes the robbing window; the pung becomes an added kong
    and West draws the dead wall's front tile."""
    game = Game.new(SINGLE, 1, wall=_robbing_wall())
    _to_added_kong(game)
    front = game._walls.dead[0]
    quiet_until(game, lambda g: g.phase == "turn")
    assert [m.type for m in game._seats[2].melds] == ["shouminkan"]
    assert game._turn == 2 and game._drawn == front and game._turn_kind == "replacement"


def test_t_kong_5_an_exposed_kong_is_not_robbable():
    """T-KONG-5, T-TURN-5: West claims East's 6m for an exposed kong: no robbing window opens;
    West takes a replacement and has a turn decision."""
    game = new({0: JUNK_E + " 6m", 2: "666m 19p 19s ESWNPFC 25s", 3: "45m 123p 789p 234s 567s 99s"})
    to_turn(game)
    act(game, 0, "discard", "6m")
    act(game, 2, "daiminkan")
    pass_rest(game)
    assert game.phase == "turn" and game._turn == 2 and game._seats[2].melds[0].type == "daiminkan"
    assert game._turn_kind == "replacement"


def test_t_call_4_final_discards_and_t_end_2_exhaustive_draw():
    """T-CALL-4 illustration, T-WALL-3, T-END-2: North draws the last tile 3m and discards it;
    East chows it and discards 9p; South may pung 9p but not kong it (empty live wall); South
    discards 2s; nobody claims; West cannot draw: the hand is drawn, the dealer keeps the deal."""
    game = new({0: "45m 9p SSS WWW NNN PPP F C", 1: "999p 2s"}, live="? " * 62 + "3m")
    quiet_until(game, lambda g: g.live_count == 0 and g.phase == "claim")
    assert game._last_discard[0] == 3 and tile_label(game._last_discard[1]) == "3m"
    act(game, 0, "chi")
    pass_rest(game)
    act(game, 0, "discard", "9p")
    assert "pon" in types(game, 1) and "daiminkan" not in types(game, 1)
    act(game, 1, "pon")
    pass_rest(game)
    act(game, 1, "discard", "2s")
    quiet_until(game, lambda g: False)
    r = game.hand_result
    assert r["kind"] == "exhaustive_draw" and r["deltas"] == [0] * 4 and r["dealer_repeat"]


def test_t_tai_34_a_win_on_a_final_discard_scores_last_discard():
    """T-TAI-34, T-CALL-4: South wins on North's discard of the last tile."""
    game = new({1: "123s 567s CC 66s 789m 444p"}, live="? " * 62 + "C")
    quiet_until(game, lambda g: g.live_count == 0 and g.phase == "claim")
    act(game, 1, "ron")
    pass_rest(game)
    (win,) = game.hand_result["wins"]
    assert win["awards"]["T-TAI-34"] == 1 and game.hand_result["deltas"][3] == -win["tai"]


def test_ex_22_last_tile_of_the_wall_self_draw():
    """EX-22, T-TAI-33, T-PAY-4: East (flowers f1, f2) self-draws the last live tile 7p: 12 tai,
    the seed's 36-point self-draw."""
    game = new({0: "234m 555p 68p 333s 789s 1s f1 f2", 2: "s4"},
               live="? " * 59 + "7p", dead="1s N")
    quiet_until(game, lambda g: g.live_count == 0 and g.phase == "turn")
    assert game._turn == 0 and "tsumo" in types(game, 0)
    act(game, 0, "tsumo")
    (win,) = game.hand_result["wins"]
    assert win["tai"] == 12 and win["awards"]["T-TAI-33"] == 1
    assert game.hand_result["deltas"] == [36, -12, -12, -12]


def test_t_wall_3_no_kong_when_the_live_wall_is_empty():
    """T-WALL-3: with the live wall empty no concealed kong is offered (East holds four 7m
    and draws the last tile)."""
    game = new({0: "7777m SSS WWW NNN 1s 2s 3p 5p", 1: "f1 f2", 2: "s4"}, live="? " * 59 + "9s")
    assert "ankan" in types(game, 0) or game.phase == "claim"
    quiet_until(game, lambda g: g.live_count == 0 and g.phase == "turn")
    assert game._turn == 0 and "ankan" not in types(game, 0)
