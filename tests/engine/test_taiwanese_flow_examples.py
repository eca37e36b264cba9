"""Worked examples EX-23 and EX-30 of taiwanese.md §6 played through the table on scripted walls
(the scorer's own tests of the same hands are in test_taiwanese_scoring.py): the winners' melds
are called in play, their flowers exposed in the opening passes, and the awards, totals and
payments come out of the hand's end as the spec states them."""
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese.scenario import act, build_wall, quiet_until
from rules_engine.taiwanese.tiles import tile_label

SINGLE = get_preset("taiwanese-single-deal")


def _pass_rest(game):
    """Every seat still to answer the open response window passes."""
    seq = game.seq
    while game.phase == "claim" and game.seq == seq:
        act(game, game.pending_seats()[0], "pass")


def _turn_of(game, seat):
    quiet_until(game, lambda g: g.phase == "turn" and g._turn == seat)
    assert game.phase == "turn" and game._turn == seat


def test_ex_23_last_discard_on_a_scripted_wall():
    """EX-23 (T-TAI-34, T-CALL-4, T-PAY-2): South exposes s1, s2 and s3 in the opening passes,
    chows East's 8m and pungs North's 4p; the live wall runs out, North draws its last tile and
    discards C; South wins on it: 7 tai, North pays 7.

    Three flower replacements move three live tiles to the dead wall (T-WALL-2), so 60 tiles
    are drawn in play; the chow skips South's draw and the pung East's and South's, so the
    60th draw is North's."""
    wall = build_wall({0: "SSS WWW NNN PPP FFF 8m 1p",
                       1: "123s 567s CC 66s 79m 44p s1 s2",
                       3: "4p"},
                      live="? " * 59 + "C", dead="s3 3m 9p")
    game = Game.new(SINGLE, 1, wall=wall)
    quiet_until(game, lambda g: g.phase == "turn")
    assert sorted(tile_label(f) for f in game._seats[1].flowers) == ["s1", "s2", "s3"]   # T-FLOWER-2
    act(game, 0, "discard", "8m")
    act(game, 1, "chi")
    _pass_rest(game)
    act(game, 1, "discard", "3m")
    _turn_of(game, 3)
    act(game, 3, "discard", "4p")
    act(game, 1, "pon")
    _pass_rest(game)
    act(game, 1, "discard", "9p")
    assert [m.type for m in game._seats[1].melds] == ["chi", "pon"]
    quiet_until(game, lambda g: g.live_count == 0 and g.phase == "claim")
    assert game._last_discard[0] == 3 and tile_label(game._last_discard[1]) == "C"
    act(game, 1, "ron")
    _pass_rest(game)
    (win,) = game.hand_result["wins"]
    assert (win["seat"], win["tai"]) == (1, 7)
    assert win["awards"] == {"T-TAI-03": 2, "T-TAI-04": 3, "T-TAI-12": 1, "T-TAI-34": 1}
    assert game.hand_result["deltas"] == [0, 7, 0, -7]


def test_ex_30_two_winners_on_one_discard_on_a_scripted_wall():
    """EX-30 (T-WIN-7, T-CALL-2, T-PAY-2, T-MATCH-3): South (flowers f1, s2) and North (flowers
    f3, s4, a pung of W called from West) both win on East's 5p after ten discards: 12 and 18
    tai, East pays 30; East did not win, so the deal passes."""
    wall = build_wall({0: "SSS NNN PPP 5p",
                       1: "FFF 222m 999s 46p 789m f1 s2",
                       2: "W",
                       3: "123p 444p 678p 999p 5p W f3 s4"},
                      dead="1s 1s W 1m")
    game = Game.new(SINGLE, 1, wall=wall)
    quiet_until(game, lambda g: g.phase == "turn")
    assert sorted(tile_label(f) for f in game._seats[1].flowers) == ["f1", "s2"]
    assert sorted(tile_label(f) for f in game._seats[3].flowers) == ["f3", "s4"]
    act(game, 0, "discard", "N")
    _pass_rest(game)
    _turn_of(game, 2)
    act(game, 2, "discard", "W")
    act(game, 3, "pon")
    _pass_rest(game)
    act(game, 3, "discard", "1m")
    # Quiet play (the two ready hands let every other tile pass, T-WIN-6) until East's turn after
    # at least ten discards, so no early-win award applies.
    quiet_until(game, lambda g: g.phase == "turn" and g._turn == 0 and g._order >= 10)
    assert game.phase == "turn" and game._turn == 0
    act(game, 0, "discard", "5p")
    act(game, 1, "ron")
    act(game, 3, "ron")
    _pass_rest(game)
    r = game.hand_result
    south, north = r["wins"]
    assert (south["seat"], south["tai"], north["seat"], north["tai"]) == (1, 12, 3, 18)
    assert south["awards"] == {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-12": 1, "T-TAI-22": 5,
                               "T-TAI-27": 1, "T-TAI-32": 1}
    assert north["awards"] == {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-12": 1, "T-TAI-21": 2,
                               "T-TAI-25": 10, "T-TAI-31": 1}
    assert r["deltas"] == [-30, 12, 0, 18] and not r["dealer_repeat"]

