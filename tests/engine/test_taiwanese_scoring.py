"""Taiwanese scoring: the worked examples of taiwanese.md §6 (EX-01..EX-30) and the payments
of T-PAY-9, through ``rules_engine.taiwanese.scoring`` (no CLI here)."""
from __future__ import annotations

import pytest

from rules_engine.taiwanese.notation import parse, parse_kinds
from rules_engine.taiwanese.scoring import NotWinningHand, TaiMeld, TaiWin, payments, score_win

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


# --- One test per award (T-TAI-01 .. T-TAI-41) and its combination rules (T-SCORE-5) -----------

ALL_FLOWERS = tuple(range(136, 144))
H1 = "123m 456m 789m 11p 23p"
"""13 concealed tiles beside one meld; 4p completes 2-3-4 (two-sided wait)."""
H2 = "123m 456m 789m 234p 678p 5s"
"""16 concealed tiles, no meld; 5s completes the pair."""


def test_t_tai_01_eight_flowers_replaces_everything():
    """T-TAI-01, T-SCORE-2, T-FLOWER-6: even an Original Call declarer scores 30 only."""
    res = score_win(TaiWin(concealed=(), melds=(), flowers=ALL_FLOWERS, win_tile=None, self_draw=True,
                           seat_wind=E, round_wind=0, original_call=True, flower_win="eight_flowers"))
    assert (res.tai, res.awards, res.form) == (30, {"T-TAI-01": 30}, "flower")


def test_t_tai_02_seven_robbing_the_eighth_replaces_everything():
    res = score_win(TaiWin(concealed=(), melds=(), flowers=ALL_FLOWERS[:7], win_tile=None, self_draw=False,
                           seat_wind=S, round_wind=0, original_call=True, flower_win="seven_rob"))
    assert (res.tai, res.awards) == (20, {"T-TAI-02": 20})


def test_t_tai_03_winning_on_every_regular_and_seven_pairs_win():
    assert score_win(win(H1, "4p", ("pung EEE",), "f1")).awards["T-TAI-03"] == 2
    assert score_win(win("11m 22m 33p 44p 55s 66s 77s 88s", "8s")).awards["T-TAI-03"] == 2


def test_t_tai_04_one_tai_per_flower_or_season():
    res = score_win(win(H1, "4p", ("pung EEE",), "f1 s2 s4"))
    assert res.awards["T-TAI-04"] == 3 and "T-TAI-05" not in res.awards


def test_t_tai_05_no_flowers_with_an_honour():
    res = score_win(win(H1, "4p", ("pung EEE",)))
    assert res.awards.get("T-TAI-05") == 1 and "T-TAI-06" not in res.awards and "T-TAI-07" not in res.awards


def test_t_tai_06_no_honours_with_a_flower():
    res = score_win(win(H1, "4p", ("pung 999s",), "s3"))
    assert res.awards.get("T-TAI-06") == 1 and "T-TAI-05" not in res.awards and "T-TAI-07" not in res.awards


def test_t_tai_07_no_honours_and_no_flowers_replaces_05_and_06():
    res = score_win(win(H1, "4p", ("pung 999s",)))
    assert res.awards.get("T-TAI-07") == 3
    assert not {"T-TAI-05", "T-TAI-06"} & set(res.awards)


def test_t_tai_08_chow_hand_with_an_honour_pair():
    res = score_win(win("123m 456m 789p 234s 678s E", "E"))
    assert res.awards.get("T-TAI-08") == 3 and "T-TAI-09" not in res.awards
    assert res.awards.get("T-TAI-05") == 1  # no flowers still scores beside the chow hand


def test_t_tai_09_ten_tai_chow_award_replaces_08_07_06_05():
    res = score_win(win("123m 456m 789p 234s 678s 5s", "5s"))
    assert res.awards.get("T-TAI-09") == 10
    assert not {"T-TAI-05", "T-TAI-06", "T-TAI-07", "T-TAI-08"} & set(res.awards)
    # A flower blocks it (EX-03): chow hand 3 + no honours 1 instead.
    res = score_win(win("123m 456m 789p 234s 678s 5s", "5s", flowers="f2"))
    assert res.awards.get("T-TAI-08") == 3 and res.awards.get("T-TAI-06") == 1 and "T-TAI-09" not in res.awards


def test_t_tai_10_pung_hand_adds_to_concealed_triplets():
    # 111m and 999p are concealed triplets; 666s completed by the discard is exposed.
    res = score_win(win("111m 999p 55s 66s", "6s", ("pung 222s", "added 7777m")))
    assert res.awards.get("T-TAI-10") == 10 and res.awards.get("T-TAI-21") == 2
    drawn = score_win(win("111m 999p 55s 66s", "6s", ("pung 222s", "added 7777m"), self_draw=True))
    assert drawn.awards.get("T-TAI-10") == 10 and drawn.awards.get("T-TAI-22") == 5


def test_t_tai_11_pure_straight_5_melded_10_concealed():
    melded = score_win(win("456p 789p 123m 456m 5s", "5s", ("chow 123p",)))
    assert melded.awards.get("T-TAI-11") == 5
    concealed = score_win(win("123p 456p 789p 123m 5s", "5s", ("pung EEE",)))
    assert concealed.awards.get("T-TAI-11") == 10
    # "can be chosen" so that none is melded: a concealed 1-2-3 beside a melded one.
    chosen = score_win(win("123p 456p 789p 789m 1m", "1m", ("chow 123p",)))
    assert chosen.awards.get("T-TAI-11") == 10


def test_t_tai_12_honour_set_for_any_wind_or_dragon_not_pairs():
    res = score_win(win("WWW 123m 456m 78m PP", "9m", ("pung NNN",), "f1", seat=S))
    assert res.awards.get("T-TAI-12") == 2  # W and N count although seat is South and round East
    assert score_win(win("WWW 123m 456m 78m PP", "9m", ("pung NNN",), "f1", seat=W)).tai == res.tai


def test_t_tai_13_little_three_dragons_replaces_its_honour_sets():
    res = score_win(win("PPP FFF 123m 456m C", "C", ("pung EEE",)))
    assert res.awards.get("T-TAI-13") == 15 and res.awards.get("T-TAI-12") == 1  # EEE outside


def test_t_tai_14_big_three_dragons_only_the_higher_dragon_award():
    res = score_win(win("PPP FFF CCC 123m 4m", "4m", ("pung EEE",)))
    assert res.awards.get("T-TAI-14") == 30 and "T-TAI-13" not in res.awards
    assert res.awards.get("T-TAI-12") == 1


def test_t_tai_15_little_three_winds():
    res = score_win(win("EEE SSS 123m 456m W", "W", ("pung 999p",)))
    assert res.awards.get("T-TAI-15") == 5 and "T-TAI-12" not in res.awards


def test_t_tai_16_big_three_winds_with_a_dragon_set_outside():
    res = score_win(win("EEE SSS WWW 123m 4m", "4m", ("pung CCC",)))
    assert res.awards.get("T-TAI-16") == 15 and res.awards.get("T-TAI-12") == 1
    assert "T-TAI-15" not in res.awards


def test_t_tai_17_little_four_winds_only_the_highest_wind_award():
    res = score_win(win("EEE SSS WWW 123m N", "N", ("chow 456m",)))
    assert res.awards.get("T-TAI-17") == 30
    assert not {"T-TAI-12", "T-TAI-15", "T-TAI-16", "T-TAI-18"} & set(res.awards)


def test_t_tai_18_big_four_winds_with_kongs_still_scoring_kongs():
    res = score_win(win("EEE SSS 123m 1m", "1m", ("kong WWWW", "concealed NNNN")))
    assert res.awards.get("T-TAI-18") == 40 and "T-TAI-12" not in res.awards
    assert res.awards.get("T-TAI-19") == 1 and res.awards.get("T-TAI-20") == 2  # T-SCORE-5 rule 9


def test_t_tai_19_melded_kong_for_exposed_and_added_kongs():
    res = score_win(win("123m 456m 1p", "1p", ("kong 9999s", "added 5555p", "chow 789m")))
    assert res.awards.get("T-TAI-19") == 2 and "T-TAI-20" not in res.awards


def test_t_tai_20_concealed_kong_counts_as_a_concealed_triplet():
    res = score_win(win("123m 456m 999p 1s", "1s", ("concealed 5555p", "chow 789m")))
    assert res.awards.get("T-TAI-20") == 2 and res.awards.get("T-TAI-21") == 2


def test_t_tai_21_two_concealed_triplets():
    res = score_win(win("111m 999p 123s 456s 7s", "7s", ("chow 789m",)))
    assert res.awards.get("T-TAI-21") == 2


def test_t_tai_22_three_concealed_triplets():
    res = score_win(win("111m 999p 555s 456s 7s", "7s", ("chow 789m",)))
    assert res.awards.get("T-TAI-22") == 5 and "T-TAI-21" not in res.awards


def test_t_tai_23_four_concealed_triplets():
    res = score_win(win("111m 999p 555s 222s 7s", "7s", ("chow 789m",)))
    assert res.awards.get("T-TAI-23") == 15 and "T-TAI-22" not in res.awards


def test_t_tai_24_five_concealed_triplets_needs_a_self_drawn_last_pung():
    drawn = score_win(win("111m 999p 555s 222s 77s 33m", "7s", self_draw=True))
    assert drawn.awards.get("T-TAI-24") == 40
    discard = score_win(win("111m 999p 555s 222s 77s 33m", "7s"))
    assert discard.awards.get("T-TAI-23") == 15 and "T-TAI-24" not in discard.awards


def test_t_tai_25_half_flush_and_all_honours_is_no_flush():
    res = score_win(win("123m 456m 789m 11m EE", "E", ("pung CCC",)))
    assert res.awards.get("T-TAI-25") == 10 and "T-TAI-26" not in res.awards
    honours = score_win(win("EEE SSS WWW NN CC", "C", ("pung PPP",), "f1"))
    assert not {"T-TAI-25", "T-TAI-26"} & set(honours.awards)  # CHOSEN §7 item 25


def test_t_tai_26_full_flush_replaces_half_flush():
    res = score_win(win("123m 456m 789m 11m 22m", "2m", ("pung 999m",)))
    assert res.awards.get("T-TAI-26") == 40 and "T-TAI-25" not in res.awards
    assert res.awards.get("T-TAI-07") == 3  # T-SCORE-5 rule 10: flushes add to no honours


def test_t_tai_27_concealed_hand_on_a_discard_or_robbed_tile():
    res = score_win(win(H1, "4p", ("concealed EEEE",)))
    assert res.awards.get("T-TAI-27") == 1 and "T-TAI-28" not in res.awards
    robbed = score_win(win(H1, "4p", ("concealed EEEE",), robbing_kong=True))
    assert robbed.awards.get("T-TAI-27") == 1


def test_t_tai_28_self_drawn_with_a_melded_set():
    res = score_win(win(H1, "4p", ("pung EEE",), self_draw=True))
    assert res.awards.get("T-TAI-28") == 1 and "T-TAI-29" not in res.awards


def test_t_tai_29_fully_concealed_self_draw_replaces_27_and_28():
    res = score_win(win(H1, "4p", ("concealed EEEE",), self_draw=True,
                        replacement_draw=True))
    assert res.awards.get("T-TAI-29") == 3 and not {"T-TAI-27", "T-TAI-28"} & set(res.awards)


def test_t_tai_30_exposed_hand_replaces_out_on_a_pair():
    melds = ("chow 123m", "pung 777p", "chow 456s", "pung EEE", "chow 789s")
    assert score_win(win("5p", "5p", melds)).awards.get("T-TAI-30") == 10
    robbed = score_win(win("5p", "5p", melds, robbing_kong=True))
    assert robbed.awards.get("T-TAI-30") == 10 and "T-TAI-31" not in robbed.awards
    # A concealed kong is not a melded set (CHOSEN §7 item 20): only out on a pair.
    kong = score_win(win("5p", "5p", ("chow 123m", "pung 777p", "chow 456s", "concealed EEEE", "chow 789s")))
    assert "T-TAI-30" not in kong.awards and kong.awards.get("T-TAI-31") == 1


def test_t_tai_31_out_on_a_pair():
    res = score_win(win("123m 456m 789m 234p 678p 5s", "5s", flowers="f1"))
    assert res.awards.get("T-TAI-31") == 1 and "T-TAI-32" not in res.awards


@pytest.mark.parametrize("before,tile,expected", [
    ("123m 456m 789m 11p 24p 555s", "3p", True),   # middle of 2-3-4
    ("123m 456m 789m 11p 12p 555s", "3p", True),   # the 3 of 1-2-3
    ("123m 456m 789m 11p 89p 555s", "7p", True),   # the 7 of 7-8-9
    ("123m 456m 789m 11p 23p 555s", "4p", False),  # two-sided 2-3 + 4
    ("123m 456m 789m 11p 23p 555s", "1p", False),  # two-sided 2-3 + 1
])
def test_t_tai_32_one_chance_chow(before, tile, expected):
    res = score_win(win(before, tile, flowers="f1"))
    assert ("T-TAI-32" in res.awards) is expected


def test_t_tai_32_best_placement_is_chosen():
    """T-SCORE-3, CHOSEN §7 item 22: 4-5-6-6 + 6 placed as the 6 of 4-5-6 (nothing) or in the
    pair 66 (out on a pair) — the placement with the award is used."""
    res = score_win(win("123m 456m 789m 4566p 555s", "6p", flowers="f1"))
    assert res.awards.get("T-TAI-31") == 1 and "T-TAI-32" not in res.awards
    assert res.tai == 2 + 1 + 1 + 10 + 1 + 1  # winning, flower, no honours, pure straight, concealed


def test_t_tai_33_last_tile_of_the_wall_adds_to_self_drawn():
    res = score_win(win(H1, "4p", ("pung EEE",), self_draw=True, last_tile=True))
    assert res.awards.get("T-TAI-33") == 1 and res.awards.get("T-TAI-28") == 1


def test_t_tai_34_last_discard():
    res = score_win(win(H1, "4p", ("pung EEE",), last_discard=True))
    assert res.awards.get("T-TAI-34") == 1


def test_t_tai_35_robbing_a_kong_is_not_self_drawn():
    res = score_win(win(H1, "4p", ("pung EEE",), robbing_kong=True))
    assert res.awards.get("T-TAI-35") == 1 and "T-TAI-28" not in res.awards
    with pytest.raises(ValueError):
        score_win(win(H1, "4p", ("pung EEE",), robbing_kong=True, self_draw=True))


@pytest.mark.parametrize("d,award", [(0, "T-TAI-37"), (5, "T-TAI-37"), (6, "T-TAI-36"), (9, "T-TAI-36"),
                                     (10, None), (None, None)])
def test_t_tai_36_37_early_and_very_early_win(d, award):
    res = score_win(win(H1, "4p", ("pung EEE",), discards_before_win=d))
    got = {k for k in res.awards if k in ("T-TAI-36", "T-TAI-37")}
    assert got == ({award} if award else set())


def test_t_tai_36_early_win_on_seven_pairs_too():
    res = score_win(win("11m 22m 33p 44p 55s 66s 77s 88s", "8s", self_draw=True, discards_before_win=7))
    assert res.awards.get("T-TAI-36") == 5


def test_t_tai_37_very_early_win_value():
    res = score_win(win(H1, "4p", ("pung EEE",), discards_before_win=3))
    assert res.awards.get("T-TAI-37") == 10


def test_t_tai_38_original_call_on_any_regular_or_seven_pairs_win():
    plain = score_win(win(H2, "5s", flowers="f1", self_draw=True))
    called = score_win(win(H2, "5s", flowers="f1", self_draw=True, original_call=True))
    assert called.awards.get("T-TAI-38") == 15 and called.tai == plain.tai + 15
    sp = score_win(win("11m 22m 33p 44p 55s 66s 77s 88s", "8s", original_call=True))
    assert sp.awards.get("T-TAI-38") == 15


def test_t_tai_39_heavenly_replaces_early_win_and_has_no_wait_award():
    res = score_win(win("123m 456m 789m 111p 234p 55s", None, seat=E, heavenly=True, discards_before_win=0))
    assert res.awards.get("T-TAI-39") == 40
    assert not {"T-TAI-36", "T-TAI-37", "T-TAI-30", "T-TAI-31", "T-TAI-32"} & set(res.awards)
    assert res.awards.get("T-TAI-29") == 3  # self-drawn, concealed (T-SCORE-7)
    sp = score_win(win("11m 22m 33p 44p 55s 66s 77s 888s", None, seat=E, heavenly=True))
    assert sp.awards.get("T-TAI-28") == 1 and "T-TAI-29" not in sp.awards  # T-SCORE-7 + T-SCORE-6
    with pytest.raises(ValueError):
        score_win(win("123m 456m 789m 111p 234p 55s", None, seat=S, heavenly=True))


def test_t_tai_40_earthly_replaces_early_win():
    res = score_win(win(H2, "5s", seat=W, earthly=True, discards_before_win=1))
    assert res.awards.get("T-TAI-40") == 40 and "T-TAI-37" not in res.awards
    with pytest.raises(ValueError):
        score_win(win(H2, "5s", seat=E, earthly=True))


def test_t_tai_41_seven_pairs_scope():
    """T-TAI-41, T-SCORE-6: no set-based or wait award, no concealed-hand award; tile-based ones stay."""
    res = score_win(win("EEEE SS 11m 22m 33m 77m 88m", "8m"))
    assert res.form == "seven_pairs"
    assert res.awards == {"T-TAI-03": 2, "T-TAI-05": 1, "T-TAI-25": 10, "T-TAI-41": 30}
    # 11 22 33 44 55 66 99 + 888 of one suit is also 123 123 456 456 888 + 99 (46 tai: full flush,
    # no honours and no flowers, concealed hand); the higher total, seven pairs (75), is used.
    both = score_win(win("11m 22m 33m 44m 55m 66m 99m 88m", "8m"))
    assert both.form == "seven_pairs"
    assert both.awards == {"T-TAI-03": 2, "T-TAI-07": 3, "T-TAI-26": 40, "T-TAI-41": 30}


def test_t_win_3_thirteen_orphans_is_not_a_win():
    with pytest.raises(NotWinningHand):
        score_win(win("19m 19p 19s ESWNPFC 123m", "1m"))


@pytest.mark.parametrize("kw,msg", [
    (dict(before="123m 456m 789m 11p 22p", tile="3p"), "concealed part holds"),
    (dict(before=H1, tile="4p", melds=("kong 1111m",)), "more than four"),
    (dict(before=H2, tile="5s", last_tile=True), "self-drawn"),
    (dict(before=H2, tile="5s", self_draw=True, last_discard=True), "discard"),
    (dict(before=H2, tile="5s", replacement_draw=True), "self-drawn"),
])
def test_score_win_rejects_inconsistent_input(kw, msg):
    before, tile = kw.pop("before"), kw.pop("tile")
    with pytest.raises(ValueError, match=msg):
        score_win(win(before, tile, **kw))


def test_score_win_rejects_a_winning_tile_outside_the_hand():
    ok = win(H2, "5s")
    with pytest.raises(ValueError, match="not among"):
        score_win(TaiWin(**{**ok.__dict__, "win_tile": 26}))
    with pytest.raises(ValueError, match="heavenly"):
        score_win(TaiWin(**{**ok.__dict__, "win_tile": None}))
