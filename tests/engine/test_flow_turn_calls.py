"""Turn flow, hand size, calls, priority and kuikae on scripted walls
(R-PRESET, R-DEAL, R-HAND, R-TURN, R-CALL, R-KUIKAE, P-PLAY-3)."""
import json

import pytest

from rules_engine.core.actions import Action
from rules_engine.core.calls import chi_options, kuikae_forbidden, pon_options
from rules_engine.core.errors import IllegalAction
from rules_engine.game import Game
from rules_engine.preset import PRESETS, Preset
from rules_engine.riichi.scenario import act, discard, pass_all, scenario, tsumogiri
from rules_engine.core.tiles import parse_tiles

# Seat 3 waits on 5p (kanchan, tanyao); seat 2 holds 55p; seat 1 holds 46p (chi).
PRIORITY_HANDS = ["123456789m1234z", "46p123s789s11z222z", "55p19s19p19m567z34z", "234m345m678s66s46p"]


def _snapshot(game):
    return json.dumps([game.view(s) for s in (None, 0, 1, 2, 3)], sort_keys=True), game.seq, len(game.log["entries"])


def test_r_preset_1_both_presets_are_values_of_one_type():
    a, b = PRESETS["riichi"], PRESETS["riichi-single-deal"]
    assert isinstance(a, Preset) and isinstance(b, Preset)
    assert (a.name, a.version) == ("riichi", 1) and (b.name, b.version) == ("riichi-single-deal", 1)
    assert b.multi_ron == "head_bump" and b.kans_after_riichi == "none" and b.deposits_after_draw == "return"
    assert Game.new(b, 5).view(None)["preset"] == "riichi-single-deal"


def test_r_deal_4_and_r_hand_1_counts_and_first_decision():
    g = Game.new(PRESETS["riichi"], 99)
    assert [len(s.hand) for s in g._seats] == [14, 13, 13, 13]
    assert g.phase == "turn" and g.pending_seats() == [0] and g.seq == 1
    assert g.legal_actions(1) == [] and g.legal_actions(0)
    view = g.view(0)
    assert view["drawn_tile"] == g._wall[52]  # R-DEAL-4: W[52] is the dealer's 14th tile
    assert [p["seat_wind"] for p in view["players"]] == [0, 1, 2, 3]


def test_r_turn_1_discard_passes_the_turn_and_seq_rises():
    g = scenario(hands=["19m19p19s1234567z"], draws="2m3m")
    seq = g.seq
    discard(g, 0, "1z")
    assert g.phase == "turn" and g.pending_seats() == [1]
    assert g.seq > seq
    assert len(g._seats[0].hand) == 13 and len(g._seats[1].hand) == 14
    assert g.view(None)["players"][0]["discards"][0]["tile"] == parse_tiles("1z")[0]


def test_p_play_3_illegal_action_raises_and_changes_nothing():
    g = Game.new(PRESETS["riichi"], 3)
    before = _snapshot(g)
    not_in_hand = next(t for t in range(136) if t not in g._seats[0].hand)
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("discard", 0, not_in_hand))
    assert exc.value.rule == "P-PLAY-3"
    with pytest.raises(IllegalAction):
        g.apply(Action("discard", 1, g._seats[1].hand[0]))  # not seat 1's turn
    with pytest.raises(IllegalAction):
        g.apply(Action("ron", 0, g._seats[0].hand[0]))
    assert _snapshot(g) == before


def test_r_call_5_ron_beats_pon_and_chi():
    g = scenario(hands=PRIORITY_HANDS, draws="5p")
    act(g, 0, "discard", "5p")
    assert g.phase == "claim" and g.pending_seats() == [1, 2, 3]
    seq = g.seq
    act(g, 1, "chi", "5p")
    assert g.seq == seq and g.pending_seats() == [2, 3]  # one decision point, same seq
    act(g, 2, "pon", "5p")
    act(g, 3, "ron", "5p")
    assert g.phase == "hand_over"
    (win,) = g.hand_result["wins"]
    assert win["seat"] == 3 and win["from_seat"] == 0 and win["tsumo"] is False


def test_r_call_5_pon_beats_chi_and_r_call_6_skips_seats():
    g = scenario(hands=PRIORITY_HANDS, draws="5p")
    act(g, 0, "discard", "5p")
    act(g, 3, "pass")
    act(g, 1, "chi", "5p")
    act(g, 2, "pon", "5p")
    assert g.phase == "turn" and g.pending_seats() == [2]
    assert [m.type for m in g._seats[2].melds] == ["pon"] and g._seats[1].melds == []
    assert all(a.type == "discard" for a in g.legal_actions(2))  # R-TURN-4: no draw, only a discard
    assert len(g._seats[2].hand) == 11
    act(g, 2, "discard", "9m")
    pass_all(g)
    assert g.pending_seats() == [3]  # seat 1 lost its turn


def test_r_call_1_only_the_next_seat_may_chi():
    g = scenario(hands=PRIORITY_HANDS, draws="5p")
    act(g, 0, "discard", "5p")
    assert any(a.type == "chi" for a in g.legal_actions(1))
    assert not any(a.type == "chi" for a in g.legal_actions(3))  # seat 3 also holds 46p
    act(g, 3, "pass"); act(g, 2, "pass")
    act(g, 1, "chi", "5p", tiles="46p")
    meld = g._seats[1].melds[0]
    assert meld.type == "chi" and meld.from_seat == 0 and meld.called_tile >> 2 == parse_tiles("5p")[0] >> 2
    assert g._seats[0].discards[-1]["called"] is True  # R-TURN-5: stays in the history, marked


def test_r_tile_4_pon_with_and_without_the_red_five_are_two_options():
    g = scenario(hands=["123456789m1234z", "", "05p5p19s19p19m567z3z"], draws="5p")
    act(g, 0, "discard", "5p")
    pons = [a for a in g.legal_actions(2) if a.type == "pon"]
    assert len(pons) == 2 and {52 in a.tiles for a in pons} == {True, False}


def test_r_call_9_riichi_player_may_not_call():
    hands = ["123456789m1234z", "", "234m234s678s11z46p"]
    g = scenario(hands=hands, draws=["2p", "7p", "9m", "8p", "9p"])
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "riichi", "9m")
    pass_all(g)
    assert g._seats[2].riichi
    tsumogiri(g)
    act(g, 0, "discard", "1z")
    assert 2 not in g.pending_seats()  # no pon of 1z for the riichi player
    # control: without riichi the same pon is offered
    g2 = scenario(hands=hands, draws=["2p", "7p", "9m", "8p", "9p"])
    tsumogiri(g2); tsumogiri(g2)
    act(g2, 2, "discard", "9m")
    pass_all(g2)
    tsumogiri(g2)
    act(g2, 0, "discard", "1z")
    assert any(a.type == "pon" for a in g2.legal_actions(2))


@pytest.mark.parametrize("held,claimed,forbidden", [
    pytest.param("45m", "3m", {"3m", "6m"}, id="TV-03a R-KUIKAE-2 chi low end"),
    pytest.param("45m", "6m", {"6m", "3m"}, id="TV-03b R-KUIKAE-2 chi high end"),
    pytest.param("46m", "5m", {"5m"}, id="TV-03c R-KUIKAE-1 middle: 5m and 0m"),
    pytest.param("89m", "7m", {"7m"}, id="TV-03d R-KUIKAE-2 no 10m"),
])
def test_tv_03_kuikae_forbidden_kinds(held, claimed, forbidden):
    own = parse_tiles(held)
    kinds = kuikae_forbidden("chi", parse_tiles(claimed)[0], own)
    assert kinds == {parse_tiles(t)[0] >> 2 for t in forbidden}


def test_tv_03e_kuikae_after_pon_forbids_5p_and_0p_in_play():
    g = scenario(hands=["123456789m1234z", "", "055p3p6p19s19p19m56z"], draws="5p")
    act(g, 0, "discard", "5p")
    act(g, 2, "pon", "5p", tiles="55p")
    pass_all(g)
    assert 52 in g._seats[2].hand
    assert all(a.tile >> 2 != 13 for a in g.legal_actions(2))
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("discard", 2, 52))
    assert exc.value.rule == "R-KUIKAE-1"


def test_tv_03f_r_call_10_call_leaving_no_legal_discard_is_not_offered():
    hand = parse_tiles("3456m")
    three = parse_tiles("3m", set(hand))[0]
    assert chi_options(hand, three) == []
    # with a fifth tile of another kind the chi would leave a legal discard
    assert chi_options(hand + parse_tiles("9p"), three)
    assert pon_options(parse_tiles("33m"), three) == []


def test_r_kuikae_1_in_play_after_chi_the_called_kind_is_refused():
    g = scenario(hands=["123456789m1234z", "45m3m6m9p19s19p567z"], draws="3m")
    act(g, 0, "discard", "3m")
    act(g, 1, "chi", "3m", tiles="45m")
    pass_all(g)
    kinds = {a.tile >> 2 for a in g.legal_actions(1)}
    assert 2 not in kinds and 5 not in kinds  # 3m and 6m (R-KUIKAE-2)
    six = next(t for t in g._seats[1].hand if t >> 2 == 5)
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action("discard", 1, six))
    assert exc.value.rule == "R-KUIKAE-1"


def test_r_turn_6_no_option_means_the_next_seat_draws_at_once():
    g = scenario(hands=["19m19p19s1234567z", "", "", ""], draws="2m")
    act(g, 0, "discard", "1z")  # nobody else holds an East: no claim window
    assert g.phase == "turn" and g.pending_seats() == [1]


def test_views_and_events_are_json_round_trippable_through_a_whole_game():
    """Views and actions are JSON values (DESIGN §2): dumping and loading gives the same dict."""
    from rules_engine.ai import simple_player
    g = Game.new(PRESETS["riichi-single-deal"], 4242)
    while True:
        for seat in (None, 0, 1, 2, 3):
            v = g.view(seat)
            assert json.loads(json.dumps(v)) == v
        if g.phase not in ("turn", "claim"):
            break
        seat = g.pending_seats()[0]
        events = g.apply(simple_player.decide(g.view(seat)))
        assert json.loads(json.dumps(events)) == events
    assert g.view(None)["game_result"]["final_scores"] == g.scores
