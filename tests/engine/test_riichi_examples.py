"""Worked examples of riichi.md §5.2-§5.3 (EX-01..EX-44) and scoring test vectors.

Every expectation is copied from the spec text (computed there by hand and
cross-checked with the ``mahjong`` package, §1.5). Seats: E S W N = 0 1 2 3.
"""
from __future__ import annotations

import pytest

from rules_engine.preset import get_preset
from rules_engine.riichi import NotWinningHand, NoYaku, evaluate
from rules_engine.riichi.notation import situation

RIICHI = get_preset("riichi")
TOURNAMENT = get_preset("riichi-tournament")


def ron(n: int) -> dict:
    return {"ron": n}


def tsumo(non_dealer: int, dealer: int) -> dict:
    return {"tsumo_non_dealer": non_dealer, "tsumo_dealer": dealer}


def tsumo_all(n: int) -> dict:
    return {"tsumo_each": n}


# (id, situation kwargs, han, fu, yaku, cost). han/fu None = not checked (limit hands
# where the spec does not state them); yaku lists every yaku with its han.
CASES = [
    ("EX-01 closed ron 3 han 40 fu", dict(hand="234m678p1355s777z", win="2s", seat="S", riichi=True,
                                          dora="1m", ura="3z"),
     3, 40, {"riichi": 1, "yakuhai_chun": 1, "dora": 1}, ron(5200)),
    ("EX-02 same value by tsumo", dict(hand="234m678p1355s777z", win="2s", seat="S", riichi=True, tsumo=True,
                                       dora="9p", ura="3z"),
     3, 40, {"riichi": 1, "menzen_tsumo": 1, "yakuhai_chun": 1}, tsumo(1300, 2600)),
    ("EX-03 R-FU-10 open ron of 20 fu counts 30", dict(hand="567p678s34s88p", win="5s", seat="W",
                                                      melds=(("chi", "234m"),), dora="1z"),
     1, 30, {"tanyao": 1}, ron(1000)),
    ("EX-04 R-FU-1 seven pairs stay at 25 fu", dict(hand="11m33p55p77s99s22z6z", win="6z", seat="N", dora="9m"),
     4, 25, {"chiitoitsu": 2, "dora": 2}, ron(6400)),
    ("EX-05 R-FU-9 pinfu tsumo stays at 20 fu", dict(hand="123m456p678s99p45s", win="3s", seat="S", tsumo=True,
                                                    dora="1z"),
     2, 20, {"menzen_tsumo": 1, "pinfu": 1}, tsumo(400, 700)),
    ("EX-06 closed pinfu ron is 30 fu", dict(hand="123m456p678s99p45s", win="6s", seat="S", dora="1z"),
     1, 30, {"pinfu": 1}, ron(1000)),
    ("EX-06 dealer variant", dict(hand="123m456p678s99p45s", win="6s", seat="E", dora="1z"),
     1, 30, {"pinfu": 1}, ron(1500)),
    ("EX-07 R-SCORE-5 4 han 30 fu is not mangan", dict(hand="234m567p345s67m88s", win="5m", seat="W", riichi=True,
                                                      dora="4m", ura="1z"),
     4, 30, {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, ron(7700)),
    ("EX-07 dealer variant", dict(hand="234m567p345s67m88s", win="5m", seat="E", riichi=True, dora="4m", ura="1z"),
     4, 30, {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}, ron(11600)),
    ("EX-08 R-SCORE-5 3 han 60 fu is not mangan",
     dict(hand="23p55s", win="4p", seat="W", melds=(("daiminkan", "3333m"), ("shouminkan", "6666p"),
                                                      ("ankan", "8888s")), dora="1z2z3z5z"),
     3, 60, {"tanyao": 1, "sankantsu": 2}, ron(7700)),
    ("EX-09 R-FU-7 penchan wait", dict(hand="12m456789p234s66s", win="3m", seat="S", riichi=True, dora="1z", ura="1z"),
     1, 40, {"riichi": 1}, ron(1300)),
    ("EX-10 tanki on the seat-wind pair with ippatsu",
     dict(hand="123m456m789p345s2z", win="2z", seat="S", riichi=True, ippatsu=True, dora="5z", ura="5z"),
     2, 40, {"riichi": 1, "ippatsu": 1}, ron(2600)),
    ("EX-11 R-FU-6 double-wind pair is 4 fu", dict(hand="234m567p34s11z777z", win="2s", seat="E", dora="9s"),
     1, 50, {"yakuhai_chun": 1}, ron(2400)),
    ("EX-12 R-FU-5 shanpon won by ron is an open triplet",
     dict(hand="234m678m345p55p88s", win="8s", seat="S", riichi=True, dora="1z", ura="1z"),
     2, 40, {"riichi": 1, "tanyao": 1}, ron(2600)),
    ("EX-13 R-FU-5 shanpon won by tsumo is concealed",
     dict(hand="234m678m345p55p88s", win="8s", seat="S", riichi=True, tsumo=True, dora="1z", ura="1z"),
     3, 30, {"riichi": 1, "menzen_tsumo": 1, "tanyao": 1}, tsumo(1000, 2000)),
    ("EX-14 closed terminal kan is 32 fu",
     dict(hand="456p678s22p78m", win="9m", seat="S", melds=(("ankan", "1111m"),), riichi=True, dora="2z5z",
          ura="2z5z"),
     1, 70, {"riichi": 1}, ron(2300)),
    ("EX-15 open simple kan and open dragon triplet",
     dict(hand="234s67m99s", win="8m", seat="N", melds=(("daiminkan", "7777p"), ("pon", "555z")), dora="1z3z"),
     1, 40, {"yakuhai_haku": 1}, ron(1300)),
    ("EX-15 R-DORA-4 kan tiles are dora",
     dict(hand="234s67m99s", win="8m", seat="N", melds=(("daiminkan", "7777p"), ("pon", "555z")), dora="1z6p"),
     5, 40, {"yakuhai_haku": 1, "dora": 4}, ron(8000)),
    ("EX-16 added terminal kan by ron",
     dict(hand="234m45s22m", win="3s", seat="N", melds=(("shouminkan", "9999s"), ("pon", "666z")), dora="1z2z"),
     1, 40, {"yakuhai_hatsu": 1}, ron(1300)),
    ("EX-16 added terminal kan by tsumo",
     dict(hand="234m45s22m", win="3s", seat="N", tsumo=True, melds=(("shouminkan", "9999s"), ("pon", "666z")),
          dora="1z2z"),
     1, 50, {"yakuhai_hatsu": 1}, tsumo(400, 800)),
    ("EX-17 two closed terminal kans 1 han 100 fu",
     dict(hand="234p57m44z", win="6m", seat="S", melds=(("ankan", "9999m"), ("ankan", "1111s")), riichi=True,
          dora="2z5z6z", ura="9p8p5z"),
     1, 100, {"riichi": 1}, ron(3200)),
    ("EX-18 chankan", dict(hand="24p234m567m678s11s", win="3p", seat="W", chankan=True),
     1, 40, {"chankan": 1}, ron(1300)),
    ("EX-19 pinfu with a non-value wind pair",
     dict(hand="234m567m789p56s44z", win="7s", seat="E", riichi=True, dora="1z", ura="1z"),
     2, 30, {"riichi": 1, "pinfu": 1}, ron(2900)),
    ("EX-19 no pinfu with the double-wind pair",
     dict(hand="234m567m789p56s11z", win="7s", seat="E", riichi=True, dora="1z", ura="1z"),
     1, 40, {"riichi": 1}, ron(2000)),
    ("EX-20 R-SCORE-2 ryanmen reading beats penchan reading",
     dict(hand="12345m678p234s99p", win="3m", seat="S", riichi=True, dora="1z", ura="1z"),
     2, 30, {"riichi": 1, "pinfu": 1}, ron(2000)),
    ("EX-21 closed tsumo with a kanchan", dict(hand="234m567p678s99m13s", win="2s", seat="S", tsumo=True, dora="5z"),
     1, 30, {"menzen_tsumo": 1}, tsumo(300, 500)),
    ("EX-22 R-FU-10 open tsumo is never below 30 fu",
     dict(hand="567p678s34s88p", win="5s", seat="S", tsumo=True, melds=(("chi", "234m"),), dora="1z"),
     1, 30, {"tanyao": 1}, tsumo(300, 500)),
    ("EX-23 R-SCORE-2 three concealed triplets beat three identical sequences",
     dict(hand="111222333m45p77s", win="6p", seat="S", tsumo=True, dora="1z"),
     3, 40, {"menzen_tsumo": 1, "sanankou": 2}, tsumo(1300, 2600)),
    ("EX-24 R-YAKU-2 ryanpeikou beats seven pairs", dict(hand="223344m556677p8s", win="8s", seat="S", dora="1z"),
     4, 40, {"ryanpeikou": 3, "tanyao": 1}, ron(8000)),
    ("EX-25 R-YAKU-3 open honitsu and ittsu lose a han",
     dict(hand="123p456p666z9p", win="9p", seat="W", melds=(("chi", "789p"),), dora="1z"),
     4, 30, {"honitsu": 2, "ittsu": 1, "yakuhai_hatsu": 1}, ron(7700)),
    ("EX-25 closed variant", dict(hand="123p456p789p666z9p", win="9p", seat="W", dora="1z"),
     None, None, {"honitsu": 3, "ittsu": 2, "yakuhai_hatsu": 1}, ron(12000)),
    ("EX-26 R-YAKU-3 open junchan and sanshoku",
     dict(hand="123m123s789s9m", win="9m", seat="N", melds=(("chi", "123p"),), dora="1z"),
     3, 30, {"junchan": 2, "sanshoku_doujun": 1}, ron(3900)),
    ("EX-26 closed variant", dict(hand="123m123p123s789s9m", win="9m", seat="N", dora="1z"),
     None, None, {"junchan": 3, "sanshoku_doujun": 2}, ron(8000)),
    ("EX-27 R-DORA-5 red fives add han but are no yaku",
     dict(hand="234m067s22s78m", win="6m", seat="S", melds=(("pon", "055p"),), dora="4m"),
     3, 30, {"tanyao": 1, "aka_dora": 2}, ron(3900)),
    ("EX-28 toitoi with yakuhai",
     dict(hand="222p33s55m", win="5m", seat="W", melds=(("pon", "999m"), ("pon", "777z")), dora="1z"),
     3, 40, {"toitoi": 2, "yakuhai_chun": 1}, ron(5200)),
    ("EX-29 shousangen with its two dragon triplets",
     dict(hand="666z77z234m45p", win="3p", seat="S", melds=(("pon", "555z"),), dora="1z"),
     4, 40, {"shousangen": 2, "yakuhai_haku": 1, "yakuhai_hatsu": 1}, ron(8000)),
    ("EX-30 sanshoku doukou with a seat-wind pair",
     dict(hand="222p222s78m33z", win="9m", seat="W", melds=(("pon", "222m"),), dora="5z"),
     2, 40, {"sanshoku_doukou": 2}, ron(2600)),
    ("EX-31 closed chanta with a round-wind pair", dict(hand="123m789p999s11z78s", win="9s", seat="S", dora="5z"),
     2, 40, {"chanta": 2}, ron(2600)),
    ("EX-32 honroutou with seven pairs", dict(hand="11m99m11p99p11s99s1z", win="1z", seat="S", dora="5z"),
     4, 25, {"chiitoitsu": 2, "honroutou": 2}, ron(6400)),
    ("EX-33 open chinitsu", dict(hand="456s789s22s55s", win="2s", seat="S", melds=(("chi", "123s"),), dora="5z"),
     6, None, {"chinitsu": 5, "ittsu": 1}, ron(12000)),
    ("EX-34 dealer's double East triplet",
     dict(hand="123p456p789p5p", win="5p", seat="E", melds=(("pon", "111z"),), dora="9s"),
     5, None, {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1, "honitsu": 2, "ittsu": 1}, ron(12000)),
    ("EX-35 seven pairs by dealer tsumo", dict(hand="22m44m66p88p33s77s5s", win="5s", seat="E", tsumo=True, dora="1z"),
     4, 25, {"chiitoitsu": 2, "tanyao": 1, "menzen_tsumo": 1}, tsumo_all(3200)),
    ("EX-36 dealer riichi pinfu tsumo",
     dict(hand="123m456p678s99p45s", win="3s", seat="E", tsumo=True, riichi=True, dora="1z", ura="1z"),
     3, 20, {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1}, tsumo_all(1300)),
    ("EX-37 rinshan after a closed kan with its indicator",
     dict(hand="345m678m67p99p", win="8p", seat="S", tsumo=True, rinshan=True, melds=(("ankan", "2222s"),),
          dora="1z1s"),
     6, 40, {"menzen_tsumo": 1, "rinshan_kaihou": 1, "dora": 4}, tsumo(3000, 6000)),
    ("EX-38 rinshan after an open kan",
     dict(hand="345m678m67p99p", win="8p", seat="S", tsumo=True, rinshan=True, melds=(("daiminkan", "2222s"),),
          dora="1z"),
     1, 30, {"rinshan_kaihou": 1}, tsumo(300, 500)),
    ("EX-39a houtei", dict(hand="234m456p678s55s79p", win="8p", seat="S", houtei=True),
     1, 40, {"houtei_raoyui": 1}, ron(1300)),
    ("EX-39b haitei", dict(hand="234m456p678s55s79p", win="8p", seat="S", tsumo=True, haitei=True),
     2, 30, {"menzen_tsumo": 1, "haitei_raoyue": 1}, tsumo(500, 1000)),
    ("EX-40 double riichi ippatsu ura-dora",
     dict(hand="234m345p567s99s78p", win="6p", seat="N", tsumo=True, double_riichi=True, ippatsu=True,
          dora="1z", ura="8s"),
     7, 20, {"daburu_riichi": 2, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "ura_dora": 2}, tsumo(3000, 6000)),
    ("EX-40 without ura-dora",
     dict(hand="234m345p567s99s78p", win="6p", seat="N", tsumo=True, double_riichi=True, ippatsu=True,
          dora="1z", ura="1z"),
     5, 20, {"daburu_riichi": 2, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1}, tsumo(2000, 4000)),
    ("EX-41 R-YAKUMAN-6 kazoe yakuman",
     dict(hand="112233m56m789m55m", win="4m", seat="S", tsumo=True, riichi=True, dora="6m", ura="1z"),
     13, 20, {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "iipeikou": 1, "ittsu": 2, "chinitsu": 6, "dora": 1},
     tsumo(8000, 16000)),
    ("EX-41 12 han is sanbaiman",
     dict(hand="112233m56m789m55m", win="4m", seat="S", tsumo=True, riichi=True, dora="1z", ura="1z"),
     12, 20, {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "iipeikou": 1, "ittsu": 2, "chinitsu": 6},
     tsumo(6000, 12000)),
]


@pytest.mark.parametrize("kwargs,han,fu,yaku,cost", [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_worked_example(kwargs, han, fu, yaku, cost):
    result = evaluate(situation(**kwargs), RIICHI)
    assert dict(result.yaku) == yaku
    assert len(result.yaku) == len(yaku), "a yaku was listed twice"
    if han is not None:
        assert result.han == han
    if fu is not None:
        assert result.fu == fu
    assert result.yakuman == 0
    assert result.cost() == cost


YAKUMAN_CASES = [
    ("EX-42 R-YAKUMAN-11 double yakuman suuankou on a pair wait",
     dict(hand="111m999p222s777z4z", win="4z", seat="W"), {"suuankou": 2}, ron(64000)),
    ("EX-43 R-YAKUMAN-10 thirteen-sided kokushi", dict(hand="19m19p19s1234567z", win="5z", seat="E", tsumo=True),
     {"kokushi_musou": 2}, tsumo_all(32000)),
    ("EX-44 R-YAKUMAN-4 daisuushii plus tsuuiisou",
     dict(hand="222z333z44z55z", win="4z", seat="S", melds=(("pon", "111z"),)),
     {"daisuushii": 2, "tsuuiisou": 1}, ron(96000)),
    ("EX-45 daisangen hand", dict(hand="123m4m", win="4m", seat="S", tsumo=True,
                                  melds=(("pon", "555z"), ("pon", "666z"), ("pon", "777z"))),
     {"daisangen": 1}, tsumo(8000, 16000)),
    ("EX-46 daisangen plus tsuuiisou", dict(hand="111z2z", win="2z", seat="S", tsumo=True,
                                            melds=(("pon", "555z"), ("pon", "666z"), ("pon", "777z"))),
     {"daisangen": 1, "tsuuiisou": 1}, tsumo(16000, 32000)),
    ("TV-12 R-YAKUMAN-2 tenhou", dict(hand="123m456p789s11z22z", win="2z", seat="E", tsumo=True, tenhou=True),
     {"tenhou": 1}, tsumo_all(16000)),
]


@pytest.mark.parametrize("kwargs,yaku,cost", [pytest.param(*c[1:], id=c[0]) for c in YAKUMAN_CASES])
def test_yakuman_example(kwargs, yaku, cost):
    """R-YAKUMAN-5: only the yakuman are listed (multiples), no han, fu or dora."""
    result = evaluate(situation(**kwargs), RIICHI)
    assert dict(result.yaku) == yaku
    assert result.yakuman == sum(yaku.values())
    assert (result.han, result.fu, result.limit) == (0, 0, "yakuman")
    assert result.base_points == 8000 * result.yakuman
    assert result.cost() == cost


def test_ex_38_tournament_indicator_counts():
    """EX-38 [tournament]: the open kan's indicator 1s is revealed at once: rinshan + 4 dora = mangan."""
    ctx = situation(hand="345m678m67p99p", win="8p", seat="S", tsumo=True, rinshan=True,
                    melds=(("daiminkan", "2222s"),), dora="1z1s")
    result = evaluate(ctx, TOURNAMENT)
    assert dict(result.yaku) == {"rinshan_kaihou": 1, "dora": 4}
    assert result.limit == "mangan"
    assert result.cost() == tsumo(2000, 4000)


def test_ex_27_variant_r_dora_7_red_fives_are_not_a_yaku():
    """EX-27 variant: the same hand on 9m has only red fives: no yaku (R-WIN-2, R-DORA-7)."""
    ctx = situation(hand="234m067s22s78m", win="9m", seat="S", melds=(("pon", "055p"),), dora="4m")
    with pytest.raises(NoYaku):
        evaluate(ctx, RIICHI)


def test_tv_06d_four_of_a_kind_are_not_two_pairs():
    """TV-06 (d), R-WIN-1: 1111m33p55p77s99s2z + 2z is not seven pairs."""
    with pytest.raises(NotWinningHand):
        evaluate(situation(hand="1111m33p55p77s99s2z", win="2z", seat="S", tsumo=True), RIICHI)


def test_ex_24_not_also_chiitoitsu_or_iipeikou():
    """EX-24, R-YAKU-2: the ryanpeikou reading lists neither chiitoitsu nor iipeikou."""
    result = evaluate(situation(hand="223344m556677p8s", win="8s", seat="S", dora="1z"), RIICHI)
    names = [n for n, _ in result.yaku]
    assert "chiitoitsu" not in names and "iipeikou" not in names
    assert result.wait == "tanki"


def test_ex_01_fu_breakdown_lists_every_component():
    """EX-01: 20 + 10 closed ron + 8 concealed 777z + 2 kanchan = 40 (R-FU-2, -3, -5, -7)."""
    result = evaluate(situation(hand="234m678p1355s777z", win="2s", seat="S", riichi=True, dora="1m", ura="3z"))
    assert result.fu_breakdown == [("base", 20), ("closed ron", 10), ("concealed triplet 777z", 8),
                                   ("kanchan wait", 2)]
    assert sum(f for _, f in result.fu_breakdown) == result.fu


def test_ex_11_fu_breakdown_double_wind_pair_and_rounding():
    """EX-11: 20 + 10 + 8 + 4 (double-wind pair) = 42, rounded up to 50 (R-FU-6, R-FU-8)."""
    result = evaluate(situation(hand="234m567p34s11z777z", win="2s", seat="E", dora="9s"))
    assert result.fu_breakdown == [("base", 20), ("closed ron", 10), ("concealed triplet 777z", 8),
                                   ("pair 11z", 4), ("rounding", 8)]
