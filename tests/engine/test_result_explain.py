"""The results-screen explanation of an ended hand (issue 11 item 5; rules_engine.riichi.explain):
fu items (R-FU), payment parts with honba and riichi sticks (R-PAY-5, R-PAY-6, R-MULTI-2),
draw payments and returned sticks (R-DRAW-3, R-DRAW-5), and the log left untouched (P-REPLAY-6)."""
import json

import pytest

from rules_engine.ai import decide
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.riichi.explain import fu_items, win_fu_items
from rules_engine.riichi.scenario import act, pass_all, run_to, scenario, tsumogiri

SOUTH_48 = "234m678m345s77s46p"
NORTH_48 = "123m456s789p99s34p"
DRAWS_48 = ["2z", "7z", "3z", "4z", "2z", "1z", "3z", "4z", "2z", "3z", "5p"]
NOTEN = ["1357m1357p1357s9s", "2468m2468p2468s9p", "2468m2468p2468s9m"]
PART_KEYS = ("value", "honba", "sticks", "draw", "nagashi")


def _explained(g):
    hr = g.view(None)["hand_result"]
    for p in range(4):  # R-PAY-7: the parts of each seat add up to its delta
        assert sum(hr["payment_parts"][p][k] for k in PART_KEYS) == hr["deltas"][p]
        part = hr["payment_parts"][p]
        assert part["total"] == hr["deltas"][p] + part["riichi"] + part["returned"]
    return hr


def _parts(hr, key):
    return [x[key] for x in hr["payment_parts"]]


def test_r_pay_5_r_pay_6_ron_honba_from_the_discarder_and_carried_sticks():
    """EX-47a: 2 honba, 2 sticks carried; North pays 1,000 + 600, South takes +2,000 sticks."""
    g = scenario(hands=["", NORTH_48, "", "19s19p19m123456z"], draws=["1z", "2z", "3z", "5p"],
                 honba=2, deposits=2000)
    tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 3, "discard", "5p")
    act(g, 1, "ron", "5p"); pass_all(g)
    hr = _explained(g)
    assert _parts(hr, "value") == [0, 1000, 0, -1000]
    assert _parts(hr, "honba") == [0, 600, 0, -600]
    assert _parts(hr, "sticks") == [0, 2000, 0, 0]
    assert _parts(hr, "riichi") == [0, 0, 0, 0]
    assert hr["sticks"] == {"taken": 2000, "placed": 0, "returned": 0, "left": 0, "carried": 2000}
    assert hr["wins"][0]["parts"][3] == {"value": -1000, "honba": -600, "sticks": 0}


def test_r_pay_5_tsumo_honba_100_from_each_and_r_fu_items_sum_to_the_fu():
    """EX-47b: tsumo with 2 honba: 200 from each payer; fu 20 + 2 + 8 + 2 = 32 -> 40 (R-FU-8)."""
    south = "234m678p444z99s13p"
    g = scenario(hands=["", south], draws=["1z", "5z", "6z", "7z", "1z", "2p"], honba=2, deposits=2000,
                 indicators="9m")
    for _ in range(5):
        tsumogiri(g)
    act(g, 1, "tsumo")
    hr = _explained(g)
    assert _parts(hr, "value") == [-700, 1500, -400, -400]
    assert _parts(hr, "honba") == [-200, 600, -200, -200]
    assert _parts(hr, "sticks") == [0, 2000, 0, 0]
    win = hr["wins"][0]
    assert win["fu"] == 40 and win["fu_raw"] == 32
    assert win["fu_items"] == [
        {"item": "base", "fu": 20}, {"item": "tsumo", "fu": 2},
        {"item": "set", "set": "concealed_triplet", "kind": 30, "fu": 8},
        {"item": "wait", "wait": "kanchan", "fu": 2}, {"item": "rounding", "fu": 8}]
    assert sum(x["fu"] for x in win["fu_items"]) == win["fu"]


def _ex48(honba=1):
    g = scenario(hands=["", SOUTH_48, "", NORTH_48], draws=DRAWS_48, honba=honba, indicators="6z", ura="6z")
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


def test_r_multi_2_double_ron_honba_and_sticks_to_the_nearest_winner_and_own_stick_shown():
    """EX-48: North (nearest after West) takes the honba (300) and South's stick; South's own
    stick paid this hand shows as -1,000 (R-RIICHI-5) and its ura-dora indicators are shown."""
    hr = _explained(_ex48())
    north, south = hr["wins"]
    assert north["seat"] == 3 and south["seat"] == 1
    assert north["parts"][3] == {"value": 1000, "honba": 300, "sticks": 1000}
    assert south["parts"][1] == {"value": 2600, "honba": 0, "sticks": 0}
    assert south["parts"][2] == {"value": -2600, "honba": 0, "sticks": 0}
    assert _parts(hr, "honba") == [0, 0, -300, 300]
    assert _parts(hr, "riichi") == [0, -1000, 0, 0]
    assert _parts(hr, "total") == [0, 1600, -3900, 2300]
    assert hr["sticks"]["placed"] == 1000 and hr["sticks"]["carried"] == 0
    assert len(south["ura_indicators"]) == 1 and north["ura_indicators"] == []  # R-DORA-6


def test_r_draw_3_r_draw_5_single_deal_draw_returns_the_stick_named_as_returned():
    g = scenario("riichi-single-deal", hands=["234m345p678p55s88s", *NOTEN], draws="1z")
    act(g, 0, "riichi", "1z"); pass_all(g)
    run_to(g, 0)
    while g.phase in ("turn", "claim"):
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    hr = _explained(g)
    assert _parts(hr, "draw") == [3000, -1000, -1000, -1000]
    assert _parts(hr, "riichi") == [-1000, 0, 0, 0]
    assert _parts(hr, "returned") == [1000, 0, 0, 0]
    assert _parts(hr, "total") == [3000, -1000, -1000, -1000]
    assert hr["sticks"] == {"taken": 0, "placed": 1000, "returned": 1000, "left": 0, "carried": 0}


def test_r_draw_5_riichi_draw_leaves_the_stick_on_the_table():
    g = scenario(hands=["234m345p678p55s88s", *NOTEN], draws="1z")
    act(g, 0, "riichi", "1z"); pass_all(g)
    run_to(g, 0)
    while g.phase in ("turn", "claim"):
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    hr = _explained(g)
    assert _parts(hr, "total") == [2000, -1000, -1000, -1000]
    assert hr["sticks"] == {"taken": 0, "placed": 1000, "returned": 0, "left": 1000, "carried": 0}


def test_r_fu_1_seven_pairs_and_r_fu_9_pinfu_items():
    assert fu_items([("chiitoitsu", 25)]) == [{"item": "chiitoitsu", "fu": 25}]
    assert fu_items([("base", 20), ("closed ron", 10)]) == [{"item": "base", "fu": 20},
                                                             {"item": "closed_ron", "fu": 10}]
    assert fu_items([("base", 20), ("pair 11z", 4), ("open minimum", 6)])[1] == {"item": "pair", "kind": 27, "fu": 4}
    with pytest.raises(ValueError):
        fu_items([("something else", 2)])


def test_p_replay_6_a_record_the_engine_would_score_otherwise_gets_no_breakdown():
    g = _ex48()
    win = dict(g.hand_result["wins"][0])
    kwargs = {"dealer": 0, "round_wind": 0, "dora": g.hand_result["dora_indicators"], "preset": g.preset}
    assert win_fu_items(win, **kwargs)
    win["fu"] = win["fu"] + 10   # a stored result from another rule version: never re-scored
    assert win_fu_items(win, **kwargs) is None


def test_p_replay_1_the_log_is_unchanged_by_the_explanation():
    g = _ex48()
    before = json.dumps(g.log, sort_keys=True)
    view = g.view(None)
    assert "payment_parts" in view["hand_result"] and "fu_items" in view["hand_result"]["wins"][0]
    assert json.dumps(g.log, sort_keys=True) == before
    assert "payment_parts" not in g.hand_result and "fu_items" not in g.hand_result["wins"][0]
    # A game dealt from its seed replays to the very same events after its views were built.
    g = Game.new(get_preset("riichi"), 7)
    while g.phase in ("turn", "claim"):
        seat = g.pending_seats()[0]
        g.apply(decide("beginner", g.view(seat), 1))
    for seat in (None, 0, 1, 2, 3):
        assert "payment_parts" in g.view(seat)["hand_result"]
    Game.from_log(json.loads(json.dumps(g.log)), verify=True)


@pytest.mark.parametrize("preset", ["riichi", "riichi-single-deal"])
def test_r_pay_7_parts_sum_to_each_seats_change_over_whole_games(preset):
    """Computer games to the end: every hand's parts add up to the deltas, totals to the score
    change over the hand, and the fu items to the fu."""
    for seed in range(4):
        g = Game.new(get_preset(preset), seed)
        start = list(g.scores)
        n = 0
        while g.phase != "game_over" or n == 0:
            if g.phase in ("hand_over", "game_over"):
                hr = _explained(g)
                assert [start[p] + hr["payment_parts"][p]["total"] for p in range(4)] == hr["scores"]
                for w in hr.get("wins") or []:
                    assert w["fu_items"] is not None
                    assert sum(x["fu"] for x in w["fu_items"]) == (0 if w["yakuman"] else w["fu"])
                if g.phase == "game_over":
                    break
                n += 1
                g.next_hand(seed * 100 + n)
                start = list(g.scores)
                continue
            seat = g.pending_seats()[0]
            g.apply(decide("beginner", g.view(seat), 1))
