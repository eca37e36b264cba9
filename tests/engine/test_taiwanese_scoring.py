"""Taiwanese scoring: the worked examples of taiwanese.md §6 (EX-01..EX-30) and the payments
of T-PAY-9, through ``rules_engine.taiwanese.scoring`` (no CLI here)."""
from __future__ import annotations

import pytest

from rules_engine.taiwanese.notation import parse, parse_kinds
from rules_engine.taiwanese.scoring import TaiMeld, TaiWin, payments, score_win

E, S, W, N = 0, 1, 2, 3


def meld(text: str) -> TaiMeld:
    """``"chow 234p"``, ``"pung 999p"``, ``"kong NNNN"`` (exposed), ``"added CCCC"``,
    ``"concealed 8888s"`` -> a TaiMeld."""
    word, tiles = text.split(" ", 1)
    mtype = {"chow": "chow", "pung": "pung", "kong": "kong_exposed", "added": "kong_added",
             "concealed": "kong_concealed"}[word]
    return TaiMeld(mtype, tuple(sorted(parse_kinds(tiles))))


def win(before: str, win_tile: str | None, melds: tuple[str, ...] = (), flowers: str = "",
        self_draw: bool = False, seat: int = S, **kw) -> TaiWin:
    """A TaiWin from the spec's "Before the win" notation and the winning tile."""
    concealed = parse_kinds(before)
    w = None
    if win_tile is not None:
        [w] = parse_kinds(win_tile)
        concealed.append(w)
    return TaiWin(concealed=tuple(concealed), melds=tuple(meld(m) for m in melds),
                  flowers=tuple(parse(flowers)[1]), win_tile=w, self_draw=self_draw,
                  seat_wind=seat, round_wind=0, **kw)


def check(res, total: int, awards: dict[str, int] | None = None) -> None:
    assert res.tai == total
    assert sum(res.awards.values()) == total
    if awards is not None:
        assert res.awards == awards


def test_ex_01_plain_win_on_a_discard():
    res = score_win(win("67m 789m 345s EEE 66s", "5m", ("chow 234p",), "f2 s3"))
    check(res, 5, {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-12": 1})
    assert payments([(S, res.tai)], discarder=W, self_draw=False) == [0, 5, -5, 0]


def test_ex_02_open_hand_self_drawn_on_a_pair():
    res = score_win(win("123m 456m 678s 234s C", "C", ("pung 999p",), self_draw=True, seat=N))
    check(res, 5, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-28": 1, "T-TAI-31": 1})
    assert payments([(N, res.tai)], discarder=None, self_draw=True) == [-5, -5, -5, 15]


def test_ex_03_fully_concealed_chow_hand_closed_wait():
    res = score_win(win("123m 456m 789p 35s 678s 99p", "4s", flowers="s1", self_draw=True))
    check(res, 11, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-08": 3, "T-TAI-06": 1, "T-TAI-29": 3,
                    "T-TAI-32": 1})
    assert payments([(S, 11)], discarder=None, self_draw=True) == [-11, 33, -11, -11]


def test_ex_04_ten_tai_chow_award():
    res = score_win(win("123m 456m 789p 35s 678s 99p", "4s"))
    check(res, 14, {"T-TAI-03": 2, "T-TAI-09": 10, "T-TAI-27": 1, "T-TAI-32": 1})
    assert payments([(S, 14)], discarder=E, self_draw=False) == [-14, 14, 0, 0]


def test_ex_05_discard_completing_a_pung_is_not_concealed():
    res = score_win(win("222m 777p 33s 456s EE", "3s", ("chow 789m",), seat=W))
    check(res, 5, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-21": 2})
    assert payments([(W, 5)], discarder=N, self_draw=False) == [0, 0, 5, -5]


def test_ex_06_same_hand_self_drawn():
    res = score_win(win("222m 777p 33s 456s EE", "3s", ("chow 789m",), seat=W, self_draw=True))
    check(res, 9, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-22": 5, "T-TAI-28": 1})
    assert payments([(W, 9)], discarder=None, self_draw=True) == [-9, -9, 27, -9]


def test_ex_07_best_arrangement_wins():
    res = score_win(win("222m 333m 44m 678p 99s", "4m", ("chow 567s",)))
    check(res, 12, {"T-TAI-03": 2, "T-TAI-09": 10})
    assert [g[0] for g in res.arrangement[:3]] == ["chow", "chow", "chow"]
    assert payments([(S, 12)], discarder=W, self_draw=False) == [0, 12, -12, 0]


def test_ex_08_pung_hand_with_both_kinds_of_kong():
    res = score_win(win("111m 77m 33p", "7m", ("concealed 8888s", "kong NNNN", "pung 555p"),
                        self_draw=True, seat=N))
    check(res, 23, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-10": 10, "T-TAI-12": 1, "T-TAI-19": 1,
                    "T-TAI-20": 2, "T-TAI-22": 5, "T-TAI-28": 1})
    assert payments([(N, 23)], discarder=None, self_draw=True) == [-23, -23, -23, 69]


def test_ex_09_concealed_kong_versus_melded_kong():
    a = score_win(win("222p 35s 678s 456m 11p", "4s", ("concealed 7777m",), "f1", True, seat=W))
    check(a, 12, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-06": 1, "T-TAI-20": 2, "T-TAI-21": 2,
                  "T-TAI-29": 3, "T-TAI-32": 1})
    b = score_win(win("222p 35s 678s 456m 11p", "4s", ("kong 7777m",), "f1", True, seat=W))
    check(b, 7, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-06": 1, "T-TAI-19": 1, "T-TAI-28": 1,
                 "T-TAI-32": 1})
    assert payments([(W, 12)], discarder=None, self_draw=True) == [-12, -12, 36, -12]
    assert payments([(W, 7)], discarder=None, self_draw=True) == [-7, -7, 21, -7]


def test_ex_10_little_three_dragons():
    res = score_win(win("FFF 234m 678m 345p P", "P", ("pung CCC",), "s2 s4", seat=E))
    check(res, 20, {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-13": 15, "T-TAI-31": 1})
    assert payments([(E, 20)], discarder=S, self_draw=False) == [20, -20, 0, 0]


def test_ex_11_big_three_dragons_added_kong_half_flush():
    res = score_win(win("PPP 12s 456s 99s", "3s", ("added CCCC", "pung FFF"), self_draw=True))
    check(res, 46, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-14": 30, "T-TAI-19": 1, "T-TAI-25": 10,
                    "T-TAI-28": 1, "T-TAI-32": 1})
    assert payments([(S, 46)], discarder=None, self_draw=True) == [-46, 138, -46, -46]


def test_ex_12_little_three_winds_plus_dragon_pung():
    res = score_win(win("CCC 57p 234m WW", "6p", ("pung EEE", "pung SSS"), "f3", seat=W))
    check(res, 10, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-15": 5, "T-TAI-12": 1, "T-TAI-32": 1})
    assert payments([(W, 10)], discarder=N, self_draw=False) == [0, 0, 10, -10]


def test_ex_13_little_four_winds():
    res = score_win(win("EEE SSS WW 35m 567m", "4m", ("pung NNN",), seat=N))
    check(res, 46, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-17": 30, "T-TAI-21": 2, "T-TAI-25": 10,
                    "T-TAI-32": 1})
    assert payments([(N, 46)], discarder=W, self_draw=False) == [0, 0, -46, 46]


def test_ex_14_big_four_winds():
    res = score_win(win("NN 88m 345m", "N", ("pung EEE", "pung SSS", "concealed WWWW")))
    check(res, 55, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-18": 40, "T-TAI-20": 2, "T-TAI-25": 10})
    assert payments([(S, 55)], discarder=E, self_draw=False) == [-55, 55, 0, 0]


def test_ex_15_melded_pure_straight_half_flush():
    res = score_win(win("456p 789p 222p FFF W", "W", ("chow 123p",), self_draw=True, seat=E))
    check(res, 23, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-12": 1, "T-TAI-11": 5, "T-TAI-21": 2,
                    "T-TAI-25": 10, "T-TAI-28": 1, "T-TAI-31": 1})
    assert payments([(E, 23)], discarder=None, self_draw=True) == [69, -23, -23, -23]


def test_ex_16_full_flush_with_a_concealed_straight():
    res = score_win(win("123s 234s 456s 68s 789s 55s", "7s", seat=W))
    check(res, 64, {"T-TAI-03": 2, "T-TAI-09": 10, "T-TAI-11": 10, "T-TAI-26": 40, "T-TAI-27": 1,
                    "T-TAI-32": 1})
    assert payments([(W, 64)], discarder=S, self_draw=False) == [0, -64, 64, 0]


def test_ex_17_exposed_hand():
    res = score_win(win("5p", "5p", ("chow 123m", "pung 777p", "chow 456s", "pung EEE", "chow 789s"),
                        "f1", seat=N))
    check(res, 14, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-12": 1, "T-TAI-30": 10})
    assert payments([(N, 14)], discarder=S, self_draw=False) == [0, -14, 0, 14]


def test_ex_18_all_melded_but_self_drawn_is_not_an_exposed_hand():
    res = score_win(win("5p", "5p", ("chow 123m", "pung 777p", "chow 456s", "pung EEE", "chow 789s"),
                        "f1", self_draw=True, seat=N))
    check(res, 6, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-12": 1, "T-TAI-28": 1, "T-TAI-31": 1})
    assert payments([(N, 6)], discarder=None, self_draw=True) == [-6, -6, -6, 18]


def test_ex_19_seven_pairs_and_a_triplet_four_as_two_pairs():
    res = score_win(win("1111m 55p 77p 99s EE CC 33s", "3s", self_draw=True, seat=W))
    check(res, 34, {"T-TAI-03": 2, "T-TAI-41": 30, "T-TAI-05": 1, "T-TAI-28": 1})
    assert res.form == "seven_pairs"
    assert payments([(W, 34)], discarder=None, self_draw=True) == [-34, -34, 102, -34]


def test_ex_20_seven_pairs_and_a_triplet_completed_by_a_discard():
    res = score_win(win("11p 22p 44p 66p 88p EE NN 99p", "9p", flowers="f4"))
    check(res, 43, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-41": 30, "T-TAI-25": 10})
    assert payments([(S, 43)], discarder=N, self_draw=False) == [0, 43, 0, -43]


def test_ex_21_robbing_an_added_kong():
    res = score_win(win("45m 123p 789p 234s 567s 99s", "6m", flowers="s2", seat=N, robbing_kong=True))
    check(res, 9, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-08": 3, "T-TAI-06": 1, "T-TAI-27": 1,
                   "T-TAI-35": 1})
    assert payments([(N, 9)], discarder=W, self_draw=False) == [0, 0, -9, 9]


def test_ex_22_last_tile_of_the_wall():
    res = score_win(win("234m 555p 68p 333s 789s 11s", "7p", flowers="f1 f2", self_draw=True, seat=E,
                        last_tile=True))
    check(res, 12, {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-06": 1, "T-TAI-21": 2, "T-TAI-29": 3,
                    "T-TAI-32": 1, "T-TAI-33": 1})
    assert payments([(E, 12)], discarder=None, self_draw=True) == [36, -12, -12, -12]


def test_ex_23_last_discard():
    res = score_win(win("123s 567s CC 66s", "C", ("chow 789m", "pung 444p"), "s1 s2 s3",
                        last_discard=True))
    check(res, 7, {"T-TAI-03": 2, "T-TAI-04": 3, "T-TAI-12": 1, "T-TAI-34": 1})
    assert payments([(S, 7)], discarder=N, self_draw=False) == [0, 7, 0, -7]


def test_ex_24_original_call_with_a_very_early_win():
    res = score_win(win("123m 456m 789m 345p 678s 2s", "2s", original_call=True, discards_before_win=4))
    check(res, 49, {"T-TAI-03": 2, "T-TAI-09": 10, "T-TAI-11": 10, "T-TAI-27": 1, "T-TAI-31": 1,
                    "T-TAI-37": 10, "T-TAI-38": 15})
    assert payments([(S, 49)], discarder=N, self_draw=False) == [0, 49, 0, -49]


def test_ex_25_earthly_hand():
    res = score_win(win("234m 234m 567p 678s EEE 9s", "9s", flowers="f4", seat=N, earthly=True,
                        discards_before_win=1))
    check(res, 46, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-12": 1, "T-TAI-27": 1, "T-TAI-31": 1,
                    "T-TAI-40": 40})
    assert payments([(N, 46)], discarder=E, self_draw=False) == [-46, 0, 0, 46]


def test_ex_26_heavenly_hand():
    res = score_win(win("123m 456m 777p 345s CCC 88s", None, flowers="s1", self_draw=True, seat=E,
                        heavenly=True, discards_before_win=0))
    check(res, 49, {"T-TAI-03": 2, "T-TAI-04": 1, "T-TAI-12": 1, "T-TAI-21": 2, "T-TAI-29": 3,
                    "T-TAI-39": 40})
    assert res.placement is None
    assert payments([(E, 49)], discarder=None, self_draw=True) == [147, -49, -49, -49]


def test_ex_27_five_concealed_triplets():
    res = score_win(win("111m 333m 555p 777s EE 99s", "E", self_draw=True, seat=W))
    check(res, 57, {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-10": 10, "T-TAI-12": 1, "T-TAI-24": 40,
                    "T-TAI-29": 3})
    assert payments([(W, 57)], discarder=None, self_draw=True) == [-57, -57, 171, -57]


def test_ex_28_eight_flowers():
    res = score_win(TaiWin(concealed=(), melds=(), flowers=tuple(range(136, 144)), win_tile=None,
                           self_draw=True, seat_wind=W, round_wind=0, flower_win="eight_flowers"))
    check(res, 30, {"T-TAI-01": 30})
    assert payments([(W, 30)], discarder=None, self_draw=True, flower_win="eight_flowers") == [-30, -30, 90, -30]


def test_ex_29_seven_flowers_robbing_the_eighth():
    res = score_win(TaiWin(concealed=(), melds=(), flowers=tuple(range(136, 143)), win_tile=None,
                           self_draw=False, seat_wind=N, round_wind=0, flower_win="seven_rob"))
    check(res, 20, {"T-TAI-02": 20})
    assert payments([(N, 20)], discarder=None, self_draw=False, flower_win="seven_rob",
                    eighth_flower_owner=S) == [0, -20, 0, 20]


def test_ex_30_two_winners_on_one_discard():
    south = score_win(win("FFF 222m 999s 46p 789m 11s", "5p", flowers="f1 s2"))
    check(south, 12, {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-12": 1, "T-TAI-22": 5, "T-TAI-27": 1,
                      "T-TAI-32": 1})
    north = score_win(win("123p 444p 678p 999p 5p", "5p", ("pung WWW",), "f3 s4", seat=N))
    check(north, 18, {"T-TAI-03": 2, "T-TAI-04": 2, "T-TAI-12": 1, "T-TAI-21": 2, "T-TAI-25": 10,
                      "T-TAI-31": 1})
    assert payments([(S, 12), (N, 18)], discarder=E, self_draw=False) == [-30, 12, 0, 18]


@pytest.mark.parametrize("case,args,expected", [
    ("EX-07 discard", dict(winners=[(S, 12)], discarder=W, self_draw=False), [0, 12, -12, 0]),
    ("EX-22 self-draw", dict(winners=[(E, 12)], discarder=None, self_draw=True), [36, -12, -12, -12]),
    ("EX-30 two winners", dict(winners=[(S, 12), (N, 18)], discarder=E, self_draw=False), [-30, 12, 0, 18]),
    ("EX-21 robbed kong", dict(winners=[(N, 9)], discarder=W, self_draw=False), [0, 0, -9, 9]),
    ("EX-28 eight flowers", dict(winners=[(W, 30)], discarder=None, self_draw=True,
                                 flower_win="eight_flowers"), [-30, -30, 90, -30]),
    ("EX-29 seven rob", dict(winners=[(N, 20)], discarder=None, self_draw=False, flower_win="seven_rob",
                             eighth_flower_owner=S), [0, -20, 0, 20]),
    ("exhaustive draw", dict(winners=[], discarder=None, self_draw=False), [0, 0, 0, 0]),
])
def test_t_pay_9_worked_payments_table(case, args, expected):
    """T-PAY-9: every row of the worked payments table (and T-PAY-8: each sums to zero)."""
    winners = args.pop("winners")
    out = payments(winners, **args)
    assert out == expected
    assert sum(out) == 0
