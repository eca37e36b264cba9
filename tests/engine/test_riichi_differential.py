"""Differential test against the ``mahjong`` package (DESIGN §8, riichi.md §1.5).

20,000 random winning situations from a fixed seed (``random_win_contexts``:
closed and open hands, every kan type, red fives, seven pairs, thirteen
orphans, every win flag, dora and ura-dora) are scored by our ``evaluate`` and
by ``mahjong`` 2.1.0's ``HandCalculator.estimate_hand_value`` configured as
§1.5 says (``to_mahjong_args``). For every hand we compare: win / no yaku /
not complete; the yaku with their han; total han and fu (non-yakuman); the
yakuman multiples; the payments.

``KNOWN_DISAGREEMENTS`` lists every category where we knowingly differ, with
the rule ID that justifies our value. With this generator none remains: the
package, configured per §1.5, agrees with the spec on every generated hand.
Situations the package cannot express (pao, several winners, honba/deposit
splits) are tested by hand in test_riichi_payments.py.
"""
from __future__ import annotations

from collections import Counter

import pytest
from mahjong.hand_calculating.hand import HandCalculator

from rules_engine.preset import get_preset
from rules_engine.riichi import NotWinningHand, NoYaku, evaluate
from rules_engine.riichi.notation import situation
from rules_engine.riichi.random_hands import random_win_contexts, to_mahjong_args

SEED = 20_261_129
N_CASES = 20_000
RIICHI = get_preset("riichi")

MAHJONG_YAKU = {
    "Tsumo": "menzen_tsumo", "Riichi": "riichi", "DaburuRiichi": "daburu_riichi", "Ippatsu": "ippatsu",
    "Chankan": "chankan", "Rinshan": "rinshan_kaihou", "Haitei": "haitei_raoyue", "Houtei": "houtei_raoyui",
    "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Haku": "yakuhai_haku", "Hatsu": "yakuhai_hatsu",
    "Chun": "yakuhai_chun", "SeatWindEast": "yakuhai_seat_wind", "SeatWindSouth": "yakuhai_seat_wind",
    "SeatWindWest": "yakuhai_seat_wind", "SeatWindNorth": "yakuhai_seat_wind",
    "RoundWindEast": "yakuhai_round_wind", "RoundWindSouth": "yakuhai_round_wind",
    "RoundWindWest": "yakuhai_round_wind", "RoundWindNorth": "yakuhai_round_wind",
    "Sanshoku": "sanshoku_doujun", "Ittsu": "ittsu", "Chantai": "chanta", "Honroto": "honroutou",
    "Toitoi": "toitoi", "Sanankou": "sanankou", "SanKantsu": "sankantsu", "SanshokuDoukou": "sanshoku_doukou",
    "Chiitoitsu": "chiitoitsu", "Shosangen": "shousangen", "Honitsu": "honitsu", "Junchan": "junchan",
    "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu", "KokushiMusou": "kokushi_musou",
    "DaburuKokushiMusou": "kokushi_musou", "ChuurenPoutou": "chuuren_poutou",
    "DaburuChuurenPoutou": "chuuren_poutou", "Suuankou": "suuankou", "SuuankouTanki": "suuankou",
    "Daisangen": "daisangen", "Shousuushii": "shousuushii", "DaiSuushii": "daisuushii", "Ryuuiisou": "ryuuiisou",
    "Suukantsu": "suukantsu", "Tsuuiisou": "tsuuiisou", "Chinroutou": "chinroutou", "Tenhou": "tenhou",
    "Chiihou": "chiihou", "Dora": "dora", "AkaDora": "aka_dora", "UraDora": "ura_dora",
}
"""The package's yaku classes -> our names (R-YAKU-4, R-YAKUMAN-1)."""

KNOWN_DISAGREEMENTS: dict[str, str] = {}
"""Disagreement category -> the rule ID that justifies our value. Empty: on this
seed and generator every hand agrees (the §1.5 configuration already encodes
the spec's CHOSEN options: open tanyao, red fives, double yakuman, kazoe
limited to one yakuman, no kiriage, 30 fu for an open pinfu shape, 20 fu for
pinfu tsumo, no renhou)."""


def _ours(ctx) -> tuple:
    try:
        r = evaluate(ctx, RIICHI)
    except NoYaku:
        return ("no_yaku",)
    except NotWinningHand:
        return ("not_winning",)
    yaku = tuple(sorted(r.yaku))
    if r.yakuman:
        return ("yakuman", yaku, r.cost())
    return ("ok", yaku, r.han, r.fu, r.cost())


def _theirs(ctx) -> tuple:
    resp = HandCalculator.estimate_hand_value(**to_mahjong_args(ctx, RIICHI))
    if resp.error:
        return ({"no_yaku": "no_yaku", "hand_not_winning": "not_winning"}.get(resp.error, resp.error),)
    is_yakuman = any(y.is_yakuman for y in resp.yaku)
    closed = not any(m.opened for m in to_mahjong_args(ctx, RIICHI)["melds"])
    yaku = []
    for y in resp.yaku:
        han = y.han_closed if closed else y.han_open
        if is_yakuman:
            han = han // 13
        yaku.append((MAHJONG_YAKU[type(y).__name__], han))
    c = resp.cost
    if not ctx.tsumo:
        cost = {"ron": c["main"]}
    elif ctx.seat_wind == 0:
        cost = {"tsumo_each": c["main"]}
    else:
        cost = {"tsumo_dealer": c["main"], "tsumo_non_dealer": c["additional"]}
    if is_yakuman:
        return ("yakuman", tuple(sorted(yaku)), cost)
    return ("ok", tuple(sorted(yaku)), resp.han, resp.fu, cost)


def _category(ours: tuple, theirs: tuple) -> str:
    if ours[0] != theirs[0]:
        return f"outcome {ours[0]} vs {theirs[0]}"
    if ours[1] != theirs[1]:
        return "yaku"
    return "han/fu/cost"


@pytest.fixture(scope="module")
def contexts():
    return random_win_contexts(SEED, N_CASES)


def test_generator_covers_every_feature(contexts):
    """The random situations really contain what the differential claims to cover."""
    seen = Counter()
    for ctx in contexts:
        seen.update(m.type for m in ctx.melds)
        seen["closed"] += all(m.type == "ankan" for m in ctx.melds)
        seen["red five"] += any(t in (16, 52, 88) for t in ctx.concealed)
        seen["tsumo"] += ctx.tsumo
        for flag in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
                     "chiihou"):
            seen[flag] += getattr(ctx, flag)
        seen["ura"] += bool(ctx.ura_indicators)
    for feature in ("chi", "pon", "daiminkan", "shouminkan", "ankan", "closed", "red five", "tsumo", "riichi",
                    "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "ura"):
        assert seen[feature] >= 10, feature


def test_differential_against_mahjong_package(contexts):
    """R-SCORE, R-YAKU, R-YAKUMAN, R-FU, R-PAY-1..4: 20,000 hands agree except the listed categories."""
    outcomes = Counter()
    unexplained = []
    explained = Counter()
    for ctx in contexts:
        ours, theirs = _ours(ctx), _theirs(ctx)
        outcomes[ours[0]] += 1
        if ours == theirs:
            continue
        category = _category(ours, theirs)
        if category in KNOWN_DISAGREEMENTS:
            explained[category] += 1
        else:
            unexplained.append((category, ctx, ours, theirs))
    assert not unexplained, f"{len(unexplained)} unexplained disagreements, first: {unexplained[:3]}"
    # The sample must exercise real scoring, not mostly failures.
    assert outcomes["ok"] > N_CASES // 2 and outcomes["yakuman"] > 100 and outcomes["no_yaku"] > 100
    assert outcomes["not_winning"] == 0


EDGE_CASES = [
    ("R-YAKUMAN-2 R-YAKUMAN-10 thirteen-sided kokushi with tenhou",
     dict(hand="19m19p19s1234567z", win="5z", seat="E", tsumo=True, tenhou=True)),
    ("R-YAKUMAN-18 pure chuuren by tsumo", dict(hand="1112345678999m", win="9m", seat="S", tsumo=True)),
    ("R-YAKUMAN-18 pure chuuren by ron on 1m", dict(hand="1112345678999m", win="1m", seat="S")),
    ("R-YAKUMAN-4 suukantsu with suuankou tanki", dict(hand="6z", win="6z", seat="S", tsumo=True, melds=(
        ("ankan", "2222m"), ("ankan", "3333p"), ("ankan", "4444s"), ("ankan", "5555z")))),
    ("R-YAKUMAN-4 daisangen suuankou tsuuiisou", dict(hand="555z666z777z11z22z", win="2z", seat="S", tsumo=True)),
    ("R-YAKUMAN-4 daisuushii suuankou tanki tsuuiisou", dict(hand="111z222z333z444z5z", win="5z", seat="S")),
    ("R-FIRST-2 chankan keeps ippatsu",
     dict(hand="24p234m567m678s11s", win="3p", seat="W", chankan=True, riichi=True, ippatsu=True)),
    ("R-YAKU-20 haitei with pinfu", dict(hand="123m456p678s99p45s", win="3s", seat="S", tsumo=True, haitei=True)),
    ("R-FU-6 double-wind pair on a pinfu shape by tsumo",
     dict(hand="234m567m789p56s11z", win="7s", seat="E", tsumo=True)),
    ("R-YAKUMAN-6 kazoe from 16 han",
     dict(hand="112233m56m789m55m", win="4m", seat="S", tsumo=True, double_riichi=True, ippatsu=True, dora="6m5m")),
    ("R-DORA-6 ura-dora on seven pairs with double riichi",
     dict(hand="1122m3344p5566s7z", win="7z", seat="N", double_riichi=True, ura="6z")),
    ("R-YAKU-29 sanankou counting an ankan", dict(hand="222m333p45s77z", win="6s", seat="S",
                                                  melds=(("ankan", "9999s"),))),
    ("R-YAKU-33 honroutou seven pairs by tsumo", dict(hand="11m99m11p99p11s99s1z", win="1z", seat="S", tsumo=True)),
    ("R-YAKUMAN-16 chinroutou with suuankou", dict(hand="111m999m111p999p1s", win="1s", seat="S", tsumo=True)),
    ("R-YAKU-35 junchan sanshoku iipeikou", dict(hand="123m123m123p123s9s", win="9s", seat="S")),
    ("R-YAKU-32 shousangen with honitsu", dict(hand="555z666z77z123m45m", win="6m", seat="S")),
]


@pytest.mark.parametrize("kwargs", [pytest.param(c[1], id=c[0]) for c in EDGE_CASES])
def test_crafted_rare_hands_agree_with_mahjong_package(kwargs):
    """Rare combinations the random generator meets seldom, checked against the same oracle."""
    ctx = situation(**kwargs)
    ours, theirs = _ours(ctx), _theirs(ctx)
    assert ours[0] in ("ok", "yakuman")
    assert ours == theirs or _category(ours, theirs) in KNOWN_DISAGREEMENTS
