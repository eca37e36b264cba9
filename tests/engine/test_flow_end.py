"""Hand end, settlement, rotation and game end on scripted walls
(R-MULTI, R-PAO, R-DRAW, R-NAGASHI, R-ABORT, R-ROT, R-END, R-RESULT; EX-45..EX-53, TV-09, TV-11)."""
import pytest

from rules_engine.core.errors import WrongPhase
from rules_engine.preset import PRESETS
from rules_engine.riichi.scenario import act, pass_all, run_to, scenario, tsumogiri
from rules_engine.riichi.settlement import game_result, nagashi_deltas, noten_deltas, placement_order
from rules_engine.riichi.wall import scripted_wall

# EX-48: South (seat 1) riichi, hand 2,600 on 5p; North (seat 3) pinfu 1,000 on 5p; West discards 5p.
SOUTH_48 = "234m678m345s77s46p"
NORTH_48 = "123m456s789p99s34p"
EAST_48 = "567m789s123s11m34p"  # a third claimant (pinfu, waits 2p/5p)
DRAWS_48 = ["2z", "7z", "3z", "4z", "2z", "1z", "3z", "4z", "2z", "3z", "5p"]


def _ex48(preset="riichi", east="", honba=1):
    g = scenario(preset, hands=[east, SOUTH_48, "", NORTH_48], draws=DRAWS_48, honba=honba,
                 indicators="6z", ura="6z")
    for _ in range(5):
        tsumogiri(g)  # first go-around, then East again: South's riichi is not a double riichi
    act(g, 1, "riichi", "1z"); pass_all(g)
    for _ in range(3):
        tsumogiri(g)  # West, North, East; South then discards automatically (ippatsu ends)
    assert g.pending_seats() == [2] and g.deposits == 1000
    act(g, 2, "discard", "5p")
    return g


def test_ex_48_r_multi_1_2_double_ron_bonuses_to_the_nearest_winner():
    g = _ex48()
    act(g, 3, "ron", "5p")
    act(g, 1, "ron", "5p")
    pass_all(g)
    r = g.hand_result
    assert [w["seat"] for w in r["wins"]] == [3, 1]
    assert r["deltas"] == [0, 2600, -3900, 2300]
    assert g.deposits == 0 and r["dealer_repeat"] is False
    assert g._next == (1, 1, 0)  # deal passes, honba back to 0 (R-ROT-2)


def test_ex_48_r_multi_3_three_rons_abort_and_r_abort_5_void_nothing_paid():
    g = _ex48(east=EAST_48)
    for seat in (3, 1, 0):
        act(g, seat, "ron", "5p")
    r = g.hand_result
    assert r["kind"] == "abortive_draw" and r["abort"] == "sanchahou"
    assert r["deltas"] == [0, 0, 0, 0] and g.deposits == 1000
    assert g._next == (0, 0, 2)  # dealer repeats with 2 honba


def test_ex_48_r_multi_4_head_bump_in_single_deal():
    g = _ex48("riichi-single-deal", east=EAST_48, honba=0)
    for seat in (3, 1, 0):
        act(g, seat, "ron", "5p")
    r = g.hand_result
    assert [w["seat"] for w in r["wins"]] == [3]
    assert r["deltas"][2] == -1000 and r["deltas"][3] == 2000
    assert g.phase == "game_over" and g.game_result["results"] is None  # R-RESULT-3


# EX-45: South (seat 1) pons 5z from West, 6z from North, 7z from East (East liable).
SOUTH_45 = "55z66z77z123m4m9p9s1p"
DRAWS_45 = ["1s", "1s", "5z", "2s", "6z", "2s", "8s", "7z"]


def _ex45(honba=0, tail=("8s", "9s", "9s", "4m")):
    g = scenario(hands=["", SOUTH_45], draws=DRAWS_45 + list(tail), honba=honba, indicators="1p")
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "5z"); act(g, 1, "pon", "5z"); pass_all(g)
    act(g, 1, "discard", "9p"); pass_all(g)
    tsumogiri(g)
    act(g, 3, "discard", "6z"); act(g, 1, "pon", "6z"); pass_all(g)
    act(g, 1, "discard", "9s"); pass_all(g)
    tsumogiri(g); tsumogiri(g)
    act(g, 0, "discard", "7z"); act(g, 1, "pon", "7z"); pass_all(g)
    assert g._seats[1].liable == {"daisangen": 0}  # TV-11 / R-PAO-1
    act(g, 1, "discard", "1p"); pass_all(g)
    return g


def test_ex_45a_pao_tsumo_liable_pays_all():
    g = _ex45()
    tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 1, "tsumo")
    assert g.hand_result["deltas"] == [-32000, 32000, 0, 0]
    assert g.hand_result["wins"][0]["pao_seat"] == 0


def test_ex_45d_pao_tsumo_with_two_honba():
    g = _ex45(honba=2)
    tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 1, "tsumo")
    assert g.hand_result["deltas"] == [-32600, 32600, 0, 0]


@pytest.mark.parametrize("honba,deltas", [
    pytest.param(0, [-16000, 32000, -16000, 0], id="EX-45b ron from West splits"),
    pytest.param(2, [-16000, 32600, -16600, 0], id="EX-45d with 2 honba the discarder pays them"),
])
def test_ex_45b_d_pao_ron_from_another_player_splits(honba, deltas):
    g = _ex45(honba=honba, tail=("4m", "8s", "9s", "9s"))
    act(g, 2, "discard", "4m")
    act(g, 1, "ron", "4m"); pass_all(g)
    assert g.hand_result["deltas"] == deltas


def test_ex_45c_pao_ron_from_the_liable_player():
    g = _ex45(tail=("8s", "9s", "4m", "9s"))
    tsumogiri(g); tsumogiri(g)
    act(g, 0, "discard", "4m")
    act(g, 1, "ron", "4m"); pass_all(g)
    assert g.hand_result["deltas"] == [-32000, 32000, 0, 0]


def test_tv_11_r_pao_2_no_liability_from_an_ankan():
    g = scenario(hands=["", "55z66z777z123m4m1p"], draws=["1s", "7z"])
    tsumogiri(g)
    act(g, 1, "ankan", tiles="7777z")
    assert g._seats[1].liable == {}


# ---------------------------------------------------------------- EX-47 honba and deposits

def test_ex_47a_ron_with_honba_and_deposits():
    g = scenario(hands=["", NORTH_48, "", "19s19p19m123456z"], draws=["1z", "2z", "3z", "5p"],
                 honba=2, deposits=2000)
    tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 3, "discard", "5p")
    act(g, 1, "ron", "5p"); pass_all(g)
    assert g.hand_result["deltas"] == [0, 3600, 0, -1600]
    assert g._next == (1, 1, 0)


def test_ex_47b_tsumo_with_honba_and_deposits():
    south = "234m678p444z99s13p"  # menzen tsumo only, 40 fu (EX-05: 400 / 700)
    g = scenario(hands=["", south], draws=["1z", "5z", "6z", "7z", "1z", "2p"], honba=2, deposits=2000,
                 indicators="9m")
    for _ in range(5):
        tsumogiri(g)  # a discard first: no chiihou
    act(g, 1, "tsumo")
    assert g.hand_result["deltas"] == [-900, 4100, -600, -600]


def test_ex_47c_dealer_mangan_tsumo_with_one_honba_repeats():
    dealer = "555z123m456m78m99m"  # honitsu, haku, menzen tsumo: 5 han
    g = scenario(hands=[dealer], draws=["1p", "1z", "2z", "3z", "6m"], honba=1, indicators="9p")
    tsumogiri(g); tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 0, "tsumo")
    assert g.hand_result["deltas"] == [12300, -4100, -4100, -4100]
    assert g._next == (0, 0, 2)


# ---------------------------------------------------------------- draws

@pytest.mark.parametrize("tenpai,deltas", [
    pytest.param([True, False, False, False], [3000, -1000, -1000, -1000], id="EX-49 East only"),
    pytest.param([True, False, True, False], [1500, -1500, 1500, -1500], id="EX-49 East West"),
    pytest.param([True, True, True, False], [1000, 1000, 1000, -3000], id="EX-49 three"),
    pytest.param([False] * 4, [0, 0, 0, 0], id="EX-49 nobody"),
    pytest.param([True] * 4, [0, 0, 0, 0], id="EX-49 everybody"),
])
def test_ex_49_r_draw_3_noten_payments(tenpai, deltas):
    assert noten_deltas(tenpai) == deltas


def test_ex_50_r_nagashi_2_payments():
    assert nagashi_deltas([False, True, False, False], 0) == [-4000, 8000, -2000, -2000]  # (a)
    assert nagashi_deltas([True, False, False, True], 0) == [8000, -6000, -6000, 4000]  # (b)


NOTEN = ["1357m1357p1357s9s", "2468m2468p2468s9p", "2468m2468p2468s9m"]


def test_r_draw_1_exhaustive_draw_dealer_tenpai_repeats_and_pays():
    g = scenario(hands=["234m345p678p55s88s", *NOTEN], scores=[25000] * 4)
    run_to(g, 0)
    tsumogiri(g)
    r = g.hand_result
    assert r["kind"] == "exhaustive_draw" and r["tenpai"] == [True, False, False, False]
    assert r["deltas"] == [3000, -1000, -1000, -1000]
    assert "0" in r["revealed"] and "1" not in r["revealed"]  # R-TENPAI-3
    assert r["dealer_repeat"] and g._next == (0, 0, 1)


def test_ex_52e_r_end_3_east_4_draw_with_dealer_noten_ends_the_game():
    g = scenario(hands=["234m345p678p55s88s", NOTEN[0], NOTEN[1], NOTEN[2]], dealer=3)
    run_to(g, 0)
    tsumogiri(g)
    assert g.hand_result["dealer_repeat"] is False
    assert g.phase == "game_over" and g.game_result["results"] is not None


def test_r_draw_5_single_deal_returns_deposits_after_a_draw():
    g = scenario("riichi-single-deal", hands=["234m345p678p55s88s", *NOTEN], draws="1z")
    act(g, 0, "riichi", "1z"); pass_all(g)
    assert g.scores[0] == 24000
    run_to(g, 0)
    while g.phase in ("turn", "claim"):
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    assert g.hand_result["deposits_returned"][0] == 1000
    assert g.scores[0] == 25000 + 3000 and g.phase == "game_over"


# ---------------------------------------------------------------- abortive draws

def test_tv_09a_r_abort_1_kyuushu_kyuuhai():
    g = scenario(hands=["19m19p1s1234z234m5p"], draws="6p", honba=0)
    act(g, 0, "kyuushu")
    r = g.hand_result
    assert r["kind"] == "abortive_draw" and r["abort"] == "kyuushu_kyuuhai"
    assert g._next == (0, 0, 1)  # R-ABORT-6


def test_tv_09a_kyuushu_not_offered_after_the_first_turn():
    g = scenario(hands=["19m19p1s1234z234m5p"], draws=["6p", "1z", "1z", "1z", "7z"])
    for _ in range(4):
        tsumogiri(g)
    assert not any(a.type == "kyuushu" for a in g.legal_actions(0))


def test_tv_09b_r_abort_2_four_winds():
    hands = ["1z19m19p19s234z5z6z", "1z19m19p19s234z5z6z", "1z19m19p19s234z5z7z", "1z19m19p19s2z4z5z6z7z"]
    g = scenario(hands=hands, draws="8m8m8m8m")
    for seat in range(4):
        act(g, seat, "discard", "1z")
        pass_all(g)
    assert g.hand_result["abort"] == "suufon_renda"


def test_tv_09c_r_abort_3_four_riichi():
    hands = ["123m456m789m23p55s", "123p456p789p23s55m", "123s456s789s23m77p", "234m567p678s11p99s"]
    g = scenario(hands=hands, draws="1z2z3z4z")
    for seat, t in enumerate(("1z", "2z", "3z", "4z")):
        act(g, seat, "riichi", t)
        pass_all(g)
    r = g.hand_result
    assert r["abort"] == "suucha_riichi" and g.deposits == 4000
    assert g._next == (0, 0, 1)


# ---------------------------------------------------------------- rotation and game end

PINFU_TANYAO_DEALER = "234m456p678s55s34m"  # ron 2m/5m: 2 han 30 fu = 2,900 for a dealer


@pytest.mark.parametrize("scores,ends", [
    pytest.param([29000, 24000, 19900, 27100], True, id="EX-52a dealer first with 30,000 ends"),
    pytest.param([28000, 24000, 21800, 26200], False, id="EX-52b below 30,000 repeats"),
    pytest.param([31000, 20000, 20900, 28100], False, id="EX-52c tie lost on seat order repeats"),
])
def test_ex_52_r_end_5_automatic_stop(scores, ends):
    hands = ["", "", "", PINFU_TANYAO_DEALER]
    g = scenario(hands=hands, dealer=3, scores=scores, draws=["1z", "2z", "3z"] + ["5m"])
    tsumogiri(g)  # dealer (seat 3) discards 1z
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "5m")
    act(g, 3, "ron", "5m"); pass_all(g)
    assert g.hand_result["deltas"][3] == 2900
    assert (g.phase == "game_over") is ends
    if not ends:
        assert g._next == (3, 3, 1)


@pytest.mark.parametrize("points,ends", [pytest.param(1500, True, id="EX-52d -500 busts"),
                                         pytest.param(2000, False, id="EX-52d exactly 0 goes on")])
def test_ex_52d_r_end_4_bust(points, ends):
    south = "234m456p678s55s34m"  # non-dealer 2 han 30 fu = 2,000
    scores = [25000, 25000, points, 50000 - points]
    g = scenario(hands=["", south], dealer=0, hand_number=1, scores=scores, draws=["1z", "2z", "5m"])
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "5m")
    act(g, 1, "ron", "5m"); pass_all(g)
    assert (g.phase == "game_over") is ends


def test_ex_53_r_rot_honba_progression():
    g = scenario(hands=["123m456p789s111z2z"], draws="2z")
    act(g, 0, "tsumo")  # dealer wins: East 1, 1 honba
    assert g._next == (0, 0, 1)
    g.next_hand(1, wall=scripted_wall(["1357m1357p1357s9s", *NOTEN[1:], "1357m1357p1357s9m"]))
    while g.phase in ("turn", "claim"):  # exhaustive draw, dealer noten
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    assert g.hand_result["kind"] == "exhaustive_draw" and not g.hand_result["tenpai"][0]
    assert g._next == (1, 1, 2)  # East 2, 2 honba
    winds = ["1z19m19p19s234z5z6z", "1z19m19p19s234z5z6z", "1z19m19p19s234z5z7z", "1z19m19p19s2z4z5z6z7z"]
    g.next_hand(2, wall=scripted_wall(winds, "8m8m8m8m", dealer=1))
    for seat in (1, 2, 3, 0):
        act(g, seat, "discard", "1z"); pass_all(g)
    assert g.hand_result["abort"] == "suufon_renda" and g._next == (1, 1, 3)  # East 2, 3 honba
    g.next_hand(3, wall=scripted_wall(["", "", "234m456p678s55s34m"], "5m", dealer=1))
    act(g, 1, "discard", "5m")
    act(g, 2, "ron", "5m"); pass_all(g)
    assert g.hand_result["deltas"][2] == 2000 + 900  # the 900 honba bonus
    assert g._next == (2, 2, 0)  # East 3, 0 honba


def test_r_end_2_single_deal_ends_after_one_hand_and_next_hand_is_refused():
    g = scenario("riichi-single-deal", hands=["123m456p789s111z2z"], draws="2z")
    act(g, 0, "tsumo")
    assert g.phase == "game_over"
    with pytest.raises(WrongPhase):
        g.next_hand(1)


def test_next_hand_refused_mid_hand():
    g = scenario()
    with pytest.raises(WrongPhase):
        g.next_hand(1)


# ---------------------------------------------------------------- placement and result record

def test_ex_51a_result_record():
    r = game_result([41300, 26000, 21500, 11200], 0, PRESETS["riichi"])
    assert r["results"] == [51300, 6000, -18500, -38800] and sum(r["results"]) == 0
    assert r["placements"] == [1, 2, 3, 4]


def test_ex_51b_r_result_1_ties_by_initial_seat_order():
    r = game_result([25000, 30000, 30000, 15000], 0, PRESETS["riichi"])
    assert r["order"] == [1, 2, 0, 3]
    assert r["results"] == [-15000, 40000, 10000, -35000]
    assert placement_order([30000, 30000, 20000, 20000]) == [0, 1, 2, 3]


def test_ex_51c_r_end_6_deposits_go_to_first_place():
    r = game_result([35000, 30000, 20000, 14000], 1000, PRESETS["riichi"])
    assert r["final_scores"][0] == 36000 and r["deposits_awarded"] == {"seat": 0, "points": 1000}
    assert sum(r["final_scores"]) == 100000


def test_tv_09b_no_four_winds_abort_after_an_ankan():
    hands = ["1z2222m19p19s234z5z", "1z19m19p19s234z5z6z", "1z19m19p19s234z5z7z", "1z19m19p19s2z4z5z6z7z"]
    g = scenario(hands=hands, draws="8m8m8m8m", replacements="9m")
    act(g, 0, "ankan", tiles="2222m")
    for seat in range(4):
        act(g, seat, "discard", "1z")
        pass_all(g)
    assert g.phase == "turn"  # R-FIRST-1: the ankan interrupted the first go-around


def test_tv_06b_r_tenpai_2_formal_tenpai_without_yaku_counts_at_a_draw():
    g = scenario(hands=["", "34m99s567p345s1z7z6z"], draws=["2m", "9s"])
    act(g, 0, "discard", "2m")
    act(g, 1, "chi", "2m"); pass_all(g)
    act(g, 1, "discard", "7z"); pass_all(g)
    act(g, 2, "discard", "9s")
    act(g, 1, "pon", "9s"); pass_all(g)
    act(g, 1, "discard", "6z"); pass_all(g)
    while g.phase in ("turn", "claim"):
        tsumogiri(g) if g.phase == "turn" else pass_all(g)
    assert g.hand_result["kind"] == "exhaustive_draw"  # nobody takes a win in this script
    assert g.hand_result["tenpai"][1] is True and "1" in g.hand_result["revealed"]
