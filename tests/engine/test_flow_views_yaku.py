"""The own-seat warning for a tenpai hand without a yaku (P-PLAY-7, R-WIN-2, R-TENPAI-2)."""
from rules_engine.scenario import act, pass_all, scenario, tsumogiri

NO_YAKU = "45m234p567p999s77z"  # tenpai on 3m/6m, but no yaku by ron (TV-04 d)
PINFU = "234m678m678s22s45p"    # tenpai on 3p/6p with pinfu


def test_p_play_7_tenpai_without_yaku_is_flagged_for_its_owner_only():
    g = scenario(hands=["", NO_YAKU, PINFU], draws=["1z"])
    assert g.view(1)["waits"] and g.view(1)["tenpai_no_yaku"] is True
    assert g.view(2)["waits"] and g.view(2)["tenpai_no_yaku"] is False
    assert g.view(3)["tenpai_no_yaku"] is False  # not tenpai (filler hand)
    assert "tenpai_no_yaku" not in g.view(None)  # private to the seat


def test_r_win_2_a_value_pon_gives_the_hand_its_yaku():
    g = scenario(hands=["", NO_YAKU], draws=["1z", "2z", "3m", "7z"])
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "3m")  # no ron offered: no yaku
    pass_all(g)
    act(g, 3, "discard", "7z")
    act(g, 1, "pon", "7z")
    pass_all(g)
    act(g, 1, "discard", "9s"); pass_all(g)
    view = g.view(1)
    assert sorted(view["waits"]) == [2, 5]  # still 3m/6m
    assert view["tenpai_no_yaku"] is False  # yakuhai chun now


def test_r_riichi_5_a_riichi_hand_always_has_its_yaku():
    g = scenario(hands=["", NO_YAKU], draws=["1z", "1z"])
    tsumogiri(g)
    act(g, 1, "riichi", "1z"); pass_all(g)
    assert g._seats[1].riichi
    assert g.view(1)["tenpai_no_yaku"] is False
