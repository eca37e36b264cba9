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


def test_p_fair_6_claim_views_never_name_another_seat_offered_a_call():
    """P-FAIR-6 / P-CLOCK-9: during a claim a seat view's ``pending_seats`` holds at most the
    seat itself and the public view holds none (who was offered a call would reveal concealed
    tiles); in a turn the turn seat is public. ``game.pending_seats()`` (server side) still
    lists every seat that must answer."""
    from rules_engine import invariants, simple_player
    from rules_engine.game import Game
    from rules_engine.preset import get_preset
    from rules_engine.views import decision_view

    multi_claims = 0
    for seed in range(40):
        game = Game.new(get_preset("riichi-single-deal"), seed)
        while game.phase in ("turn", "claim"):
            pending = game.pending_seats()
            public = game.view(None)["pending_seats"]
            if game.phase == "claim":
                assert public == []
                multi_claims += len(pending) > 1
            else:
                assert public == pending == [game.view(None)["turn"]]
            for seat in range(4):
                shown = game.view(seat)["pending_seats"]
                expected = ([seat] if seat in pending else []) if game.phase == "claim" else pending
                assert shown == expected
                assert invariants.view_leaks(game, seat) == []
            game.apply(simple_player.decide(decision_view(game, pending[0])))
    assert multi_claims > 0, "the seeds must reach claims offered to several seats"
