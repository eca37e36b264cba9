"""Base points, limits and payments: riichi.md §5.1 table, EX-45..EX-48 (R-SCORE, R-PAY, R-MULTI, R-PAO).

Seats: East 0 (dealer), South 1, West 2, North 3.
"""
from __future__ import annotations

import dataclasses

import pytest

from rules_engine.preset import get_preset
from rules_engine.riichi import base_points, evaluate, hand_cost, multi_ron_payments, win_payments
from rules_engine.riichi.notation import situation

RIICHI = get_preset("riichi")
SINGLE = get_preset("riichi-single-deal")
TOURNAMENT = get_preset("riichi-tournament")
E, S, W, N = 0, 1, 2, 3

# §5.1: han, fu, base, non-dealer ron, non-dealer tsumo (each non-dealer, dealer), dealer ron, dealer tsumo each.
TABLE = [
    (1, 30, 240, 1000, (300, 500), 1500, 500), (1, 40, 320, 1300, (400, 700), 2000, 700),
    (1, 50, 400, 1600, (400, 800), 2400, 800), (1, 60, 480, 2000, (500, 1000), 2900, 1000),
    (1, 70, 560, 2300, (600, 1200), 3400, 1200), (1, 80, 640, 2600, (700, 1300), 3900, 1300),
    (1, 90, 720, 2900, (800, 1500), 4400, 1500), (1, 100, 800, 3200, (800, 1600), 4800, 1600),
    (1, 110, 880, 3600, (900, 1800), 5300, 1800),
    (2, 20, 320, 1300, (400, 700), 2000, 700), (2, 25, 400, 1600, (400, 800), 2400, 800),
    (2, 30, 480, 2000, (500, 1000), 2900, 1000), (2, 40, 640, 2600, (700, 1300), 3900, 1300),
    (2, 50, 800, 3200, (800, 1600), 4800, 1600), (2, 60, 960, 3900, (1000, 2000), 5800, 2000),
    (2, 70, 1120, 4500, (1200, 2300), 6800, 2300), (2, 80, 1280, 5200, (1300, 2600), 7700, 2600),
    (2, 90, 1440, 5800, (1500, 2900), 8700, 2900), (2, 100, 1600, 6400, (1600, 3200), 9600, 3200),
    (2, 110, 1760, 7100, (1800, 3600), 10600, 3600),
    (3, 20, 640, 2600, (700, 1300), 3900, 1300), (3, 25, 800, 3200, (800, 1600), 4800, 1600),
    (3, 30, 960, 3900, (1000, 2000), 5800, 2000), (3, 40, 1280, 5200, (1300, 2600), 7700, 2600),
    (3, 50, 1600, 6400, (1600, 3200), 9600, 3200), (3, 60, 1920, 7700, (2000, 3900), 11600, 3900),
    (3, 70, 2000, 8000, (2000, 4000), 12000, 4000), (3, 110, 2000, 8000, (2000, 4000), 12000, 4000),
    (4, 20, 1280, 5200, (1300, 2600), 7700, 2600), (4, 25, 1600, 6400, (1600, 3200), 9600, 3200),
    (4, 30, 1920, 7700, (2000, 3900), 11600, 3900), (4, 40, 2000, 8000, (2000, 4000), 12000, 4000),
]


@pytest.mark.parametrize("han,fu,base,nd_ron,nd_tsumo,d_ron,d_tsumo",
                         [pytest.param(*row, id=f"§5.1 R-PAY {row[0]} han {row[1]} fu") for row in TABLE])
def test_payment_table(han, fu, base, nd_ron, nd_tsumo, d_ron, d_tsumo):
    assert base_points(han, fu, 0, RIICHI)[0] == base
    assert hand_cost(base, is_dealer=False, tsumo=False) == {"ron": nd_ron}
    assert hand_cost(base, is_dealer=False, tsumo=True) == {"tsumo_non_dealer": nd_tsumo[0],
                                                            "tsumo_dealer": nd_tsumo[1]}
    assert hand_cost(base, is_dealer=True, tsumo=False) == {"ron": d_ron}
    assert hand_cost(base, is_dealer=True, tsumo=True) == {"tsumo_each": d_tsumo}


@pytest.mark.parametrize("han,fu,base,limit", [
    pytest.param(5, 30, 2000, "mangan", id="R-SCORE-4 5 han mangan"),
    pytest.param(4, 40, 2000, "mangan", id="R-SCORE-4 4 han 40 fu mangan"),
    pytest.param(6, 30, 3000, "haneman", id="R-SCORE-4 6 han haneman"),
    pytest.param(7, 30, 3000, "haneman", id="R-SCORE-4 7 han haneman"),
    pytest.param(8, 30, 4000, "baiman", id="R-SCORE-4 8 han baiman"),
    pytest.param(10, 30, 4000, "baiman", id="R-SCORE-4 10 han baiman"),
    pytest.param(11, 30, 6000, "sanbaiman", id="R-SCORE-4 11 han sanbaiman"),
    pytest.param(12, 30, 6000, "sanbaiman", id="R-SCORE-4 12 han sanbaiman"),
    pytest.param(13, 30, 8000, "yakuman", id="R-YAKUMAN-6 13 han kazoe"),
    pytest.param(26, 30, 8000, "yakuman", id="R-YAKUMAN-6 no double kazoe"),
    pytest.param(4, 30, 1920, None, id="R-SCORE-5 4 han 30 fu no kiriage"),
    pytest.param(3, 60, 1920, None, id="R-SCORE-5 3 han 60 fu no kiriage"),
])
def test_limits(han, fu, base, limit):
    assert base_points(han, fu, 0, RIICHI) == (base, limit)


def test_limit_switches_kiriage_and_kazoe():
    """Preset switches beside R-SCORE-5 / R-YAKUMAN-6 (kiriage on, kazoe off) change only their case."""
    preset = dataclasses.replace(RIICHI, kiriage_mangan=True, kazoe_yakuman=False)
    assert base_points(4, 30, 0, preset) == (2000, "mangan")
    assert base_points(13, 30, 0, preset) == (6000, "sanbaiman")
    assert base_points(3, 50, 0, preset) == (1600, None)


def test_r_yakuman_4_yakuman_multiples():
    assert base_points(0, 0, 3, RIICHI) == (24000, "yakuman")


def _result(hand, win, seat, **kw):
    return evaluate(situation(hand=hand, win=win, seat=seat, **kw), RIICHI)


DAISANGEN = dict(hand="123m4m", win="4m", seat="S", melds=(("pon", "555z"), ("pon", "666z"), ("pon", "777z")))
DAISANGEN_TSUUIISOU = dict(hand="111z2z", win="2z", seat="S",
                           melds=(("pon", "555z"), ("pon", "666z"), ("pon", "777z")))


@pytest.mark.parametrize("tsumo,discarder,honba,expected", [
    pytest.param(True, None, 0, [-32000, 32000, 0, 0], id="EX-45a R-PAO-4 tsumo liable pays all"),
    pytest.param(False, W, 0, [-16000, 32000, -16000, 0], id="EX-45b R-PAO-5 ron split in halves"),
    pytest.param(False, E, 0, [-32000, 32000, 0, 0], id="EX-45c R-PAO-5 liable discarder pays all"),
    pytest.param(True, None, 2, [-32600, 32600, 0, 0], id="EX-45d R-PAO-5 tsumo honba from liable"),
    pytest.param(False, W, 2, [-16000, 32600, -16600, 0], id="EX-45d R-PAO-5 ron honba from discarder"),
])
def test_ex_45_pao_daisangen(tsumo, discarder, honba, expected):
    result = _result(**DAISANGEN, tsumo=tsumo)
    assert win_payments(result, tsumo=tsumo, winner=S, discarder=discarder, dealer=E, honba=honba,
                        deposits=0, pao_seat=E, preset=RIICHI) == expected


@pytest.mark.parametrize("preset,tsumo,discarder,expected", [
    pytest.param(RIICHI, True, None, [-48000, 64000, -8000, -8000], id="EX-46 R-PAO-3 tsumo covered part only"),
    pytest.param(RIICHI, False, W, [-16000, 64000, -48000, 0], id="EX-46 R-PAO-3 ron covered part split"),
    pytest.param(TOURNAMENT, True, None, [-64000, 64000, 0, 0], id="EX-46 R-PAO-3 tournament whole hand tsumo"),
    pytest.param(TOURNAMENT, False, W, [-32000, 64000, -32000, 0], id="EX-46 R-PAO-3 tournament whole hand ron"),
])
def test_ex_46_pao_with_second_yakuman(preset, tsumo, discarder, expected):
    result = _result(**DAISANGEN_TSUUIISOU, tsumo=tsumo)
    assert result.yakuman == 2
    assert win_payments(result, tsumo=tsumo, winner=S, discarder=discarder, dealer=E, honba=0, deposits=0,
                        pao_seat=E, preset=preset) == expected


def test_ex_47a_honba_and_deposits_on_ron():
    """EX-47 (a), R-PAY-5/-6: North pays 1,000 + 600; South gains 1,600 + 2,000."""
    result = _result("123m456p678s99p45s", "6s", "S")
    assert win_payments(result, tsumo=False, winner=S, discarder=N, dealer=E, honba=2, deposits=2,
                        preset=RIICHI) == [0, 3600, 0, -1600]


def test_ex_47b_honba_and_deposits_on_tsumo():
    """EX-47 (b): East 700 + 200, West and North 400 + 200; South +4,100."""
    result = _result("123m456p678s99p45s", "3s", "S", tsumo=True)
    assert win_payments(result, tsumo=True, winner=S, discarder=None, dealer=E, honba=2, deposits=2,
                        preset=RIICHI) == [-900, 4100, -600, -600]


def test_ex_47c_dealer_mangan_tsumo_with_one_honba():
    """EX-47 (c): each pays 4,000 + 100."""
    result = _result("666z77z234m45p", "3p", "E", tsumo=True, melds=(("pon", "555z"),))
    assert (result.han, result.limit) == (4, "mangan")
    assert win_payments(result, tsumo=True, winner=E, discarder=None, dealer=E, honba=1, deposits=0,
                        preset=RIICHI) == [12300, -4100, -4100, -4100]


def _ex_48_results():
    north = _result("123m456p678s99p45s", "6s", "N")                              # 1 han 30 fu: 1,000
    south = _result("123m456m789p345s2z", "2z", "S", riichi=True, ippatsu=True)   # EX-10: 2,600
    assert (north.cost(), south.cost()) == ({"ron": 1000}, {"ron": 2600})
    return north, south


@pytest.mark.parametrize("preset", [pytest.param(RIICHI, id="EX-48 R-MULTI-2 riichi"),
                                    pytest.param(TOURNAMENT, id="EX-48 R-MULTI-5 tournament")])
def test_ex_48_two_rons_bonuses_to_the_nearest_winner(preset):
    north, south = _ex_48_results()
    deltas = multi_ron_payments([(S, south), (N, north)], discarder=W, dealer=E, honba=1, deposits=1,
                                preset=preset)
    assert deltas == [0, 2600, -3900, 2300]


def test_ex_48_single_deal_head_bump_single_winner():
    """EX-48 [single-deal], R-MULTI-4: only North wins (the table decides); honba 0; North +2,000."""
    north, _ = _ex_48_results()
    assert win_payments(north, tsumo=False, winner=N, discarder=W, dealer=E, honba=0, deposits=1,
                        preset=SINGLE) == [0, 0, -1000, 2000]


def test_r_multi_2_nearest_winner_wraps_around():
    """R-MULTI-2: discarder North (3): East (0) is nearer than South (1)."""
    north, south = _ex_48_results()
    deltas = multi_ron_payments([(S, south), (E, north)], discarder=N, dealer=W, honba=2, deposits=3,
                                preset=RIICHI)
    assert deltas == [1000 + 600 + 3000, 2600, 0, -(1000 + 600 + 2600)]


@pytest.mark.parametrize("kwargs,message", [
    pytest.param(dict(tsumo=False, winner=S, discarder=S), "discarder", id="R-PAY-1 winner cannot discard"),
    pytest.param(dict(tsumo=False, winner=S, discarder=None), "discarder", id="R-PAY-1 ron needs a discarder"),
    pytest.param(dict(tsumo=True, winner=S, discarder=W), "discarder", id="R-PAY-2 tsumo has no discarder"),
    pytest.param(dict(tsumo=True, winner=4, discarder=None), "winner", id="seat out of range"),
    pytest.param(dict(tsumo=True, winner=S, discarder=None, honba=-1), "honba", id="negative honba"),
    pytest.param(dict(tsumo=True, winner=S, discarder=None, pao_seat=W), "daisangen",
                 id="R-PAO-1 pao without a pao yakuman"),
])
def test_bad_payment_input_raises(kwargs, message):
    result = _result("123m456p678s99p45s", "3s", "S", tsumo=True)
    with pytest.raises(ValueError, match=message):
        win_payments(result, dealer=E, preset=RIICHI, **kwargs)


def test_r_multi_2_with_pao_on_the_far_winner():
    """Two rons from West: North (nearest, 1,000) gets honba and deposit; South's daisangen is
    covered by East's pao, split with the discarder (R-MULTI-2, R-PAO-5)."""
    north, _ = _ex_48_results()
    south = _result(**DAISANGEN)
    deltas = multi_ron_payments([(S, south), (N, north)], discarder=W, dealer=E, honba=1, deposits=1,
                                pao_seats={S: E}, preset=RIICHI)
    assert deltas == [-16000, 32000, -(16000 + 1300), 1300 + 1000]
