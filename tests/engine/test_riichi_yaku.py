"""Single rules of R-YAKU, R-YAKUMAN, R-DORA and R-SCORE not covered by a §5 example.

Expected values are worked out by hand from the rule text (cited per case).
"""
from __future__ import annotations

import dataclasses

import pytest

from rules_engine.preset import get_preset
from rules_engine.riichi import InvalidHand, NoYaku, evaluate
from rules_engine.riichi.notation import situation
from rules_engine.riichi.yaku import reading_yaku

RIICHI = get_preset("riichi")

YAKUMAN = [
    ("R-YAKUMAN-17 ryuuiisou with the green dragon", dict(hand="234s234s666s888s6z", win="6z", seat="S"),
     {"ryuuiisou": 1}),
    ("R-YAKUMAN-17 ryuuiisou without the green dragon", dict(hand="234s234s666s888s2s", win="2s", seat="S"),
     {"ryuuiisou": 1}),
    ("R-YAKUMAN-18 pure chuuren is double", dict(hand="1112345678999m", win="5m", seat="S"), {"chuuren_poutou": 2}),
    ("R-YAKUMAN-18 chuuren on a single wait", dict(hand="1113455678999m", win="2m", seat="S"),
     {"chuuren_poutou": 1}),
    ("R-YAKUMAN-13 shousuushii", dict(hand="111z222z333z44z12m", win="3m", seat="S"), {"shousuushii": 1}),
    ("R-YAKUMAN-16 chinroutou", dict(hand="999m111p999p1s", win="1s", seat="S", melds=(("pon", "111m"),)),
     {"chinroutou": 1}),
    ("R-YAKUMAN-4 suuankou tanki with chinroutou stacks to 3", dict(hand="111m999m111p999p1s", win="1s", seat="S"),
     {"suuankou": 2, "chinroutou": 1}),
    ("R-YAKUMAN-19 suukantsu", dict(hand="6z", win="6z", seat="S", melds=(
        ("daiminkan", "2222m"), ("daiminkan", "3333p"), ("shouminkan", "4444s"), ("ankan", "5555z"))),
     {"suukantsu": 1}),
    ("R-YAKUMAN-15 tsuuiisou in seven-pairs shape is plain tsuuiisou",
     dict(hand="1122334455667z", win="7z", seat="S"), {"tsuuiisou": 1}),
    ("R-YAKUMAN-10 kokushi on a single wait", dict(hand="119m19p19s123456z", win="7z", seat="S"),
     {"kokushi_musou": 1}),
    ("R-YAKUMAN-11 suuankou by tsumo on a shanpon wait", dict(hand="111m222p333s44z33z", win="3z", seat="S",
                                                             tsumo=True), {"suuankou": 1}),
    ("R-YAKUMAN-2 chiihou", dict(hand="123m456p789s11z22z", win="2z", seat="S", tsumo=True, chiihou=True),
     {"chiihou": 1}),
    ("R-YAKUMAN-5 dora ignored in a yakuman hand",
     dict(hand="123m4m", win="4m", seat="S", melds=(("pon", "555z"), ("pon", "666z"), ("pon", "777z")),
          dora="3m3m7z"), {"daisangen": 1}),
]


@pytest.mark.parametrize("kwargs,yaku", [pytest.param(*c[1:], id=c[0]) for c in YAKUMAN])
def test_yakuman(kwargs, yaku):
    result = evaluate(situation(**kwargs), RIICHI)
    assert dict(result.yaku) == yaku
    assert result.yakuman == sum(yaku.values())
    assert result.base_points == 8000 * result.yakuman


ORDINARY = [
    ("R-YAKUMAN-11 suuankou by ron on a shanpon is sanankou and toitoi",
     dict(hand="111m222p333s44z33z", win="3z", seat="S"), 4, 50, {"toitoi": 2, "sanankou": 2}, 8000),
    ("R-YAKU-33 honroutou with toitoi and a round-wind triplet",
     dict(hand="999p111z99s22z", win="2z", seat="W", melds=(("pon", "111m"),)), 5, None,
     {"honroutou": 2, "toitoi": 2, "yakuhai_round_wind": 1}, 8000),
    ("R-YAKU-36 ryanpeikou may repeat one sequence four times",
     dict(hand="111122223333m5p", win="5p", seat="S"), 3, 40, {"ryanpeikou": 3}, 5200),
    ("R-DORA-1 a red five indicator indicates the six",
     dict(hand="123m456p678s99p45s", win="6s", seat="S", dora="0s"), 3, 30, {"pinfu": 1, "dora": 2}, 3900),
    ("R-DORA-6 no ura-dora without riichi",
     dict(hand="123m456p678s99p45s", win="6s", seat="S", ura="5s5s"), 1, 30, {"pinfu": 1}, 1000),
    ("R-DORA-4 indicators add up",
     dict(hand="123m456p678s99p45s", win="6s", seat="S", dora="5s5s"), 5, 30, {"pinfu": 1, "dora": 4}, 8000),
]


@pytest.mark.parametrize("kwargs,han,fu,yaku,ron", [pytest.param(*c[1:], id=c[0]) for c in ORDINARY])
def test_ordinary(kwargs, han, fu, yaku, ron):
    result = evaluate(situation(**kwargs), RIICHI)
    assert dict(result.yaku) == yaku
    assert result.han == han
    if fu is not None:
        assert result.fu == fu
    assert result.cost() == {"ron": ron}


def test_r_yaku_15_three_identical_sequences_give_iipeikou_once():
    sets = [(0, 0), (0, 0), (0, 0), (13, 0)]
    yaku, concealed = reading_yaku(sets, 24, "ryanmen", True, False)
    assert yaku == [("pinfu", 1), ("iipeikou", 1)] and concealed == 0


def test_r_yaku_3_iipeikou_needs_a_closed_hand():
    yaku, _ = reading_yaku([(0, 0), (0, 0), (13, 0), (18, 0)], 24, "ryanmen", False, False)
    assert yaku == []


def test_r_yakuman_3_double_forms_count_once_without_the_switch():
    preset = dataclasses.replace(RIICHI, double_yakuman=False)
    result = evaluate(situation(hand="111m999p222s777z4z", win="4z", seat="W"), preset)
    assert result.yaku == [("suuankou", 1)] and result.cost() == {"ron": 32000}


def test_r_yaku_16_open_tanyao_switch():
    ctx = situation(hand="567p678s34s88p", win="5s", seat="W", melds=(("chi", "234m"),))
    assert dict(evaluate(ctx, RIICHI).yaku) == {"tanyao": 1}
    with pytest.raises(NoYaku):
        evaluate(ctx, dataclasses.replace(RIICHI, open_tanyao=False))


def test_r_yaku_22_rinshan_is_never_also_haitei():
    ctx = situation(hand="345m678m67p99p", win="8p", seat="S", tsumo=True, rinshan=True, haitei=True,
                    melds=(("ankan", "2222s"),))
    with pytest.raises(InvalidHand):
        evaluate(ctx, RIICHI)


def test_r_riichi_1_riichi_with_an_open_hand_is_invalid():
    ctx = situation(hand="567p678s34s88p", win="5s", seat="W", melds=(("chi", "234m"),), riichi=True)
    with pytest.raises(InvalidHand, match="R-RIICHI-1"):
        evaluate(ctx, RIICHI)


def test_r_yaku_23_chankan_needs_the_fourth_copy():
    """A robbed kakan tile is the fourth copy: the winner cannot hold another (R-YAKU-23, R-YAKU-27)."""
    ctx = situation(hand="11m33p55p77s99s22z6z", win="6z", seat="S", chankan=True)
    with pytest.raises(InvalidHand, match="R-YAKU-23"):
        evaluate(ctx, RIICHI)


def test_r_score_2_reading_and_wait_are_reported():
    """EX-20: the chosen reading completes 45m two-sidedly (pinfu)."""
    result = evaluate(situation(hand="12345m678p234s99p", win="3m", seat="S", riichi=True, dora="1z", ura="1z"))
    assert result.wait == "ryanmen"
    assert sorted(result.reading) == sorted(("123m", "345m", "678p", "234s", "99p"))


def test_has_yaku_for_answers_without_exceptions():
    """R-WIN-1 / R-WIN-2 as a yes/no for the table: complete with a yaku, complete without, incomplete."""
    from rules_engine.riichi import has_yaku_for

    assert has_yaku_for(situation(hand="123m456p678s99p45s", win="6s", seat="S"), RIICHI)
    assert not has_yaku_for(situation(hand="234m067s22s78m", win="9m", seat="S", melds=(("pon", "055p"),)), RIICHI)
    assert not has_yaku_for(situation(hand="123m456p678s99p45s", win="1s", seat="S"), RIICHI)
