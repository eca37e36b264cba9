"""The three kinds of furiten on scripted walls (R-FURITEN-1 to R-FURITEN-6, TV-04)."""
from rules_engine.riichi.scenario import act, pass_all, scenario, tsumogiri

SOUTH = "234p567p678s99s45m"  # closed pinfu tenpai on 3m / 6m (TV-04)


def _ron_offered(game, seat):
    return any(a.type == "ron" for a in game.legal_actions(seat))


def test_tv_04a_r_furiten_2_own_discard_blocks_ron_not_tsumo():
    g = scenario(hands=["", SOUTH], draws=["1z", "6m", "3m", "2z", "3z", "3m"])
    tsumogiri(g)
    act(g, 1, "discard", "6m"); pass_all(g)
    assert g.view(1)["furiten"] is True  # R-FURITEN-6: shown to the player
    act(g, 2, "discard", "3m")
    assert not _ron_offered(g, 1)
    pass_all(g)
    tsumogiri(g); tsumogiri(g)
    assert g.pending_seats() == [1]
    assert any(a.type == "tsumo" for a in g.legal_actions(1))


def test_tv_04b_claimed_own_discard_still_counts():
    g = scenario(hands=["", SOUTH, "", "66m19p19s1234z5z"], draws=["1z", "6m", "3m"])
    tsumogiri(g)
    act(g, 1, "discard", "6m")
    act(g, 3, "pon", "6m")
    pass_all(g)
    act(g, 3, "discard", "9p"); pass_all(g)
    act(g, 0, "discard", "3m")  # seat 0 drew 3m
    assert not _ron_offered(g, 1)
    assert g._seats[1].discards[0]["called"] is True


def test_tv_04c_r_furiten_3_temporary_until_the_next_draw():
    g = scenario(hands=["", SOUTH], draws=["1z", "7z", "3m", "6m", "2z", "7z", "5z", "4z", "3m"])
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "3m")
    assert _ron_offered(g, 1)
    act(g, 1, "pass"); pass_all(g)
    assert g._seats[1].temp_furiten and g.view(1)["furiten"]
    act(g, 3, "discard", "6m")
    assert not _ron_offered(g, 1)
    pass_all(g)
    tsumogiri(g)  # seat 0
    assert g.pending_seats() == [1]
    assert not g._seats[1].temp_furiten  # the draw ended it
    tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 0, "discard", "3m")
    assert _ron_offered(g, 1)


def test_tv_04d_r_furiten_3_no_yaku_pass_and_a_pon_does_not_end_it():
    south = "45m234p567p999s77z"
    g = scenario(hands=["", south], draws=["1z", "2z", "3m", "7z", "1p", "2p", "6m", "3z", "3m"])
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "3m")
    assert not _ron_offered(g, 1)  # no yaku
    pass_all(g)
    assert g._seats[1].temp_furiten
    act(g, 3, "discard", "7z")
    act(g, 1, "pon", "7z")
    pass_all(g)
    act(g, 1, "discard", "9s"); pass_all(g)
    tsumogiri(g); tsumogiri(g)
    act(g, 0, "discard", "6m")
    assert not _ron_offered(g, 1)  # CHOSEN: the pon did not end it
    pass_all(g)
    tsumogiri(g)  # seat 1 draws 3z
    act(g, 2, "discard", "3m")
    assert _ron_offered(g, 1)  # now with yakuhai chun


def test_tv_04f_r_furiten_4_riichi_furiten_lasts_but_tsumo_stays():
    g = scenario(hands=["", SOUTH], draws=["1z", "2z", "3m", "4z", "5z", "7z", "6m", "4z", "5z", "3m"])
    tsumogiri(g)
    act(g, 1, "riichi", "2z"); pass_all(g)
    act(g, 2, "discard", "3m")
    assert _ron_offered(g, 1)
    act(g, 1, "pass"); pass_all(g)
    assert g._seats[1].riichi_furiten
    tsumogiri(g); tsumogiri(g)  # seats 3, 0; seat 1 draws 7z and discards it automatically
    assert g.pending_seats() == [2]
    act(g, 2, "discard", "6m")
    assert not _ron_offered(g, 1)
    pass_all(g)
    tsumogiri(g); tsumogiri(g)
    assert g.pending_seats() == [1] and any(a.type == "tsumo" for a in g.legal_actions(1))


def test_tv_04e_no_yaku_tile_makes_temporary_furiten_for_the_other_wait():
    """EX-27's hand: pon(055p), concealed 234m067s22s78m; 9m has no yaku, then 6m is refused."""
    g = scenario(hands=["", "05p234m067s22s78m9p"], draws=["1z", "2z", "5p", "9m", "6m"])
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "5p")
    act(g, 1, "pon", "5p", tiles="05p")
    pass_all(g)
    act(g, 1, "discard", "9p"); pass_all(g)
    act(g, 2, "discard", "9m")
    assert not _ron_offered(g, 1)
    pass_all(g)
    assert g._seats[1].temp_furiten
    act(g, 3, "discard", "6m")
    assert not _ron_offered(g, 1)
