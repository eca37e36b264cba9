"""``evaluate`` refuses impossible situations with ``InvalidHand`` naming the rule (R-HAND-1, R-TILE-4, flags)."""
from __future__ import annotations

import dataclasses

import pytest

from rules_engine.core.meld import Meld
from rules_engine.riichi import InvalidHand, evaluate
from rules_engine.riichi.notation import situation

BASE = situation(hand="123m456p678s99p45s", win="6s", seat="S")
KAN_HAND = situation(hand="345m678m67p99p", win="8p", seat="S", tsumo=True, melds=(("ankan", "2222s"),))


@pytest.mark.parametrize("changes,match", [
    pytest.param(dict(concealed=BASE.concealed[:-1]), "13 concealed tiles", id="R-HAND-1 too few tiles"),
    pytest.param(dict(concealed=BASE.concealed[:-1] + (BASE.concealed[0],)), "twice", id="R-TILE-4 duplicate id"),
    pytest.param(dict(concealed=BASE.concealed[:-1] + (136,)), "0..135", id="R-TILE-4 id out of range"),
    pytest.param(dict(concealed=BASE.concealed[:-1] + ("5s",)), "0..135", id="R-TILE-4 id not an int"),
    pytest.param(dict(win_tile=135), "winning tile", id="winning tile not in the hand"),
    pytest.param(dict(seat_wind=4), "winds", id="seat wind out of range"),
    pytest.param(dict(dora_indicators=(-1,)), "indicator", id="R-DORA-1 bad indicator id"),
    pytest.param(dict(houtei=True, chankan=True), "R-YAKU-23", id="R-YAKU-23 chankan is never houtei"),
    pytest.param(dict(tenhou=True), "R-YAKUMAN-2", id="R-YAKUMAN-2 tenhou by ron"),
])
def test_invalid_situations(changes, match):
    with pytest.raises(InvalidHand, match=match):
        evaluate(dataclasses.replace(BASE, **changes))


def test_r_tile_4_meld_tile_also_in_the_hand():
    clash = Meld("ankan", tuple(sorted(KAN_HAND.melds[0].tiles)))
    ctx = dataclasses.replace(KAN_HAND, concealed=KAN_HAND.concealed[:-1] + (clash.tiles[0],))
    with pytest.raises(InvalidHand, match="twice"):
        evaluate(ctx)


def test_valid_rinshan_and_its_missing_kan():
    assert dict(evaluate(dataclasses.replace(KAN_HAND, rinshan=True)).yaku)["rinshan_kaihou"] == 1
    no_kan = situation(hand="345m678m67p99p222s", win="8p", seat="S", tsumo=True, rinshan=True)
    with pytest.raises(InvalidHand, match="R-YAKU-22"):
        evaluate(no_kan)
