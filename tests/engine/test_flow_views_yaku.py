"""The own-seat warning for a tenpai hand without a yaku (P-PLAY-7, R-WIN-2, R-TENPAI-2)."""
import json

from rules_engine.riichi.scenario import act, pass_all, scenario, tsumogiri

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
    from rules_engine.ai import simple_player
    from rules_engine.riichi import invariants
    from rules_engine.game import Game
    from rules_engine.preset import get_preset
    from rules_engine.riichi.views import decision_view

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


def test_p_fair_6_seq_steps_alike_whether_or_not_anyone_could_call():
    """P-FAIR-6: every discard (and shouminkan) opens a decision point: an empty claim window
    takes its own ``seq`` just as a real one does, so the numbers never tell that a call was
    possible; ``empty_claim_window_views`` gives the views of that window held open (the masked
    pause) without changing the game, and ``None`` where a real window opens."""
    from rules_engine.ai import simple_player
    from rules_engine.game import Game
    from rules_engine.preset import get_preset
    from rules_engine.riichi.views import decision_view

    empty = real = 0
    for seed in range(30):
        game = Game.new(get_preset("riichi-single-deal"), seed)
        while game.phase in ("turn", "claim"):
            seat = game.pending_seats()[0]
            action = simple_player.decide(decision_view(game, seat))
            before = (game.seq, json.dumps([game.view(s) for s in (None, 0, 1, 2, 3)], sort_keys=True))
            held = game.empty_claim_window_views(action) if game.phase == "turn" else None
            assert (game.seq, json.dumps([game.view(s) for s in (None, 0, 1, 2, 3)], sort_keys=True)) == before
            events = game.apply(action)
            if (action.type not in ("discard", "riichi") or game.phase not in ("turn", "claim")
                    or sum(e["type"] in ("discard", "riichi") for e in events) != 1):
                continue  # not a discard, or the hand ended, or a riichi player's auto-discard followed
            if game.phase == "claim":
                real += 1
                assert held is None and game.seq == before[0] + 1
                continue
            empty += 1
            assert game.seq == before[0] + 2, "the empty window took seq + 1, the next turn seq + 2"
            assert held is not None and set(held) == {None, 0, 1, 2, 3}
            nxt = game.view(None)["turn"]
            for who, view in held.items():
                assert view["phase"] == "claim" and view["seq"] == before[0] + 1
                assert view["pending_seats"] == [] and view["turn"] == seat
                assert view["last_discard"] == {"seat": seat, "tile": action.tile}
                assert view["wall_count"] == game.view(None)["wall_count"] + 1, "the next draw is not made"
                if who is not None:
                    assert view["legal_actions"] == [] and view["drawn_tile"] is None
                    assert len(view["hand"]) == len(game.view(who)["hand"]) - (who == nxt)
    assert empty > 100 and real > 5
