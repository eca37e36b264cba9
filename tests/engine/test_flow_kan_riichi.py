"""Kans, dora timing, riichi, ippatsu and the first go-around on scripted walls
(R-KAN, R-DORA, R-RIICHI, R-FIRST, TV-02, TV-05, TV-07, TV-08, TV-10, TV-12)."""
import pytest

from rules_engine.core.actions import Action
from rules_engine.core.errors import IllegalAction
from rules_engine.riichi.scenario import act, pass_all, run_to, scenario, tsumogiri
from rules_engine.core.tiles import parse_tiles
from rules_engine.game import Game
from rules_engine.preset import PRESETS
from rules_engine.riichi.wall import scripted_wall


def _types(events):
    return [e["type"] for e in events]


def _yaku(game, i=0):
    return {name for name, _han in game.hand_result["wins"][i]["yaku"]}


# South (seat 1) holds 555z; West (seat 2) waits on 3s with tanyao.
MINKAN_HANDS = ["123456789m1234z", "555z3s19p19s2p8p7z6z4p", "234m345p678p45s88s"]


def test_tv_07a_r_dora_3_minkan_indicator_revealed_with_the_next_discard_and_counts_for_ron():
    g = scenario(hands=MINKAN_HANDS, draws="5z", indicators="1z2z", replacements="9m")
    act(g, 0, "discard", "5z")
    ev = act(g, 1, "daiminkan", "5z")
    pass_all(g)
    assert "dora" not in _types(ev) and len(g.dora_indicators()) == 1  # pending
    ev = act(g, 1, "discard", "3s")
    assert _types(ev)[:2] == ["discard", "dora"]
    assert g.dora_indicators() == [g._wall[130], g._wall[128]]
    act(g, 2, "ron", "3s")
    pass_all(g)
    assert g.hand_result["wins"][0]["seat"] == 2
    assert len(g.hand_result["dora_indicators"]) == 2


def test_tv_07b_rinshan_win_after_minkan_never_reveals_the_pending_indicator():
    hands = ["123456789m1234z", "555z234m345p678p9s"]
    g = scenario(hands=hands, draws="5z", indicators="1z2z", replacements="9s")
    act(g, 0, "discard", "5z")
    act(g, 1, "daiminkan", "5z")
    pass_all(g)
    act(g, 1, "tsumo")
    assert "rinshan_kaihou" in _yaku(g)
    assert len(g.hand_result["dora_indicators"]) == 1


def test_tv_07c_ankan_reveals_before_the_replacement_draw():
    g = scenario(hands=["111m234p456s789s5z"], draws="1m", indicators="1z2z", replacements="9m")
    ev = act(g, 0, "ankan", tiles="1111m")
    assert _types(ev) == ["ankan", "dora", "draw"]
    assert ev[2]["rinshan"] is True


def test_tv_07d_pending_indicator_revealed_before_a_following_ankan():
    g = scenario(hands=["123456789m1234z", "555z1111s234m678p"], draws="5z", indicators="1z2z3z",
                 replacements="9m")
    act(g, 0, "discard", "5z")
    act(g, 1, "daiminkan", "5z")
    pass_all(g)
    ev = act(g, 1, "ankan", tiles="1111s")
    assert _types(ev) == ["ankan", "dora", "dora", "draw"]
    assert [e["indicator"] for e in ev if e["type"] == "dora"] == [g._wall[128], g._wall[126]]


# South pons 3s, later adds the fourth 3s; West waits on 3s with tanyao.
KAKAN_HANDS = ["123456789m1234z", "33s9p19m19s234z6z7z8p", "234m345p678p45s88s"]


def _kakan_game(**kw):
    g = scenario(hands=KAKAN_HANDS, draws=["3s", "1p1p1p", "3s"], indicators="1z2z", **kw)
    act(g, 0, "discard", "3s")
    act(g, 2, "pass")  # West could ron (tanyao) and declines: temporary furiten until its draw
    act(g, 1, "pon", "3s")
    pass_all(g)
    act(g, 1, "discard", "9p")
    pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    assert g.pending_seats() == [1]
    return g


def test_r_kan_5_chankan_robs_the_added_kan_and_tv_07e_reveals_nothing():
    g = _kakan_game()
    act(g, 1, "shouminkan", "3s")
    assert g.phase == "claim" and g.pending_seats() == [2]
    assert len(g._seats[1].hand) == 14 - 3 - 1  # R-HAND-1: one lower while robbing is checked
    act(g, 2, "ron", "3s")
    assert "chankan" in _yaku(g)
    assert g.hand_result["wins"][0]["from_seat"] == 1
    assert len(g.hand_result["dora_indicators"]) == 1  # TV-07e
    assert not any(m["type"] == "shouminkan" for m in g.view(None)["players"][1]["melds"])


def test_r_kan_5_passed_chankan_completes_the_kan_and_r_furiten_3_applies():
    g = _kakan_game()
    act(g, 1, "shouminkan", "3s")
    ev = act(g, 2, "pass")
    assert "kan_completed" in _types(ev) and ev[-1]["type"] == "draw" and ev[-1]["rinshan"]
    assert g._seats[1].melds[0].type == "shouminkan"
    assert g._seats[2].temp_furiten


def _wall_with(hands, at: dict, **kw):
    """A scripted wall where the tile ``at[index]`` (notation) is moved to ``W[index]``."""
    wall = scripted_wall(hands, **kw)
    for index, text in at.items():
        kind = parse_tiles(text)[0] >> 2
        src = next(i for i in range(136) if wall[i] >> 2 == kind and i not in _dealt(hands, kind, wall)
                   and i != index)
        wall[src], wall[index] = wall[index], wall[src]
    return wall


def _dealt(hands, kind, wall):
    """Indices of the scripted hands' tiles of ``kind`` (kept in place)."""
    wanted = set()
    used = set()
    for text in hands:
        wanted.update(t for t in parse_tiles(text, used) if t >> 2 == kind)
    return {i for i, t in enumerate(wall) if t in wanted}


def test_tv_10_kan_at_the_last_live_tile_gives_rinshan_not_haitei():
    hands = ["111m234p456s789s5z"]
    g = Game.new(PRESETS["riichi"], 0, wall=_wall_with(hands, {120: "1m"}, replacements="5z"))
    run_to(g, 1)
    assert g.pending_seats() == [0] and g.live_count == 1 and g._drawn >> 2 == 0
    act(g, 0, "ankan", tiles="1111m")
    assert g.live_count == 0
    act(g, 0, "tsumo")
    yaku = _yaku(g)
    assert "rinshan_kaihou" in yaku and "haitei_raoyue" not in yaku


def test_tv_10_r_call_8_final_discard_only_ron_and_r_kan_3_no_kan_after_haitei():
    hands = ["", "1111z19m19p2345z6z", "99s19m19p567z1234s"]
    g = Game.new(PRESETS["riichi"], 0, wall=_wall_with(hands, {121: "9s"}))
    run_to(g, 0)
    assert g.pending_seats() == [1] and g.live_count == 0 and g._drawn >> 2 == 26
    assert not any(a.type in ("ankan", "shouminkan") for a in g.legal_actions(1))  # four 9s held
    act(g, 1, "discard", "9s")
    assert g.phase == "hand_over" and g.hand_result["kind"] == "exhaustive_draw"  # no pon for seat 2


def test_r_kan_3_r_kan_8_four_kans_by_one_player_continue_without_a_fifth():
    g = scenario(hands=["111m222m333m444m5z"], draws="1m", replacements="2m3m4m9p")
    for kind in ("1111m", "2222m", "3333m", "4444m"):
        act(g, 0, "ankan", tiles=kind)
    assert g.phase == "turn" and len(g._kan_owners) == 4 and not g._suukaikan
    assert not any(a.type in ("ankan", "shouminkan") for a in g.legal_actions(0))


def test_tv_09d_r_abort_4_four_kans_by_two_players_abort_after_the_next_discard():
    g = scenario(hands=["111m222m19p19s567z", "333m444m19p19s567z"], draws=["1m", "3m"],
                 replacements="2m8s4m2p")
    act(g, 0, "ankan", tiles="1111m")
    act(g, 0, "ankan", tiles="2222m")
    act(g, 0, "discard", "8s"); pass_all(g)
    act(g, 1, "ankan", tiles="3333m")
    act(g, 1, "ankan", tiles="4444m")
    assert g._suukaikan and g.phase == "turn"
    act(g, 1, "discard", "2p"); pass_all(g)
    assert g.hand_result["kind"] == "abortive_draw" and g.hand_result["abort"] == "suukaikan"


# ---------------------------------------------------------------- riichi

TENPAI = "234m345p678p55s88s"  # shanpon 5s/8s, tanyao


@pytest.mark.parametrize("points,offered", [pytest.param(900, False, id="TV-02 900 refused"),
                                            pytest.param(1000, True, id="TV-02 1000 allowed")])
def test_tv_02_r_riichi_1_needs_1000_points(points, offered):
    g = scenario(hands=[TENPAI], draws="1z", scores=[points, 25000, 25000, 50000 - points])
    assert any(a.type == "riichi" for a in g.legal_actions(0)) is offered
    if offered:
        act(g, 0, "riichi", "1z")
        pass_all(g)
        assert g.scores[0] == 0 and g.deposits == 1000 and g.phase == "turn"
    else:
        with pytest.raises(IllegalAction) as exc:
            g.apply(Action("riichi", 0, g._drawn))
        assert exc.value.rule == "R-RIICHI-1"


@pytest.mark.parametrize("seat,live,offered", [pytest.param(1, 4, True, id="TV-02 L=4 allowed"),
                                               pytest.param(2, 3, False, id="TV-02 L=3 refused")])
def test_tv_02_r_riichi_1_needs_four_live_tiles(seat, live, offered):
    hands = ["", "", "", ""]
    hands[seat] = TENPAI
    g = scenario(hands=hands)
    while not (g.pending_seats() == [seat] and g.live_count == live):
        tsumogiri(g)
    assert any(a.type == "riichi" for a in g.legal_actions(seat)) is offered


def test_tv_02_riichi_refused_for_an_open_hand_and_allowed_with_an_ankan():
    g = scenario(hands=["111m345p678p45s88s"], draws="1m", replacements="1z")
    act(g, 0, "ankan", tiles="1111m")
    riichis = {a.tile >> 2 for a in g.legal_actions(0) if a.type == "riichi"}
    assert riichis == {27}  # only discarding 1z keeps the hand tenpai
    g = scenario(hands=["123456789m1234z", "", "55p3p6p19s19p19m56z"], draws="5p")
    act(g, 0, "discard", "5p")
    act(g, 2, "pon", "5p")
    pass_all(g)
    assert not any(a.type == "riichi" for a in g.legal_actions(2))


def test_r_riichi_3_ron_on_the_declaring_discard_voids_the_riichi():
    g = scenario(hands=["234m345p678p55s88s", "", "234m345p678p45s66s"], draws="3s")
    act(g, 0, "riichi", "3s")
    act(g, 2, "ron", "3s")
    pass_all(g)
    assert g.phase == "hand_over"
    assert g.deposits == 0 and not g._seats[0].riichi
    assert g.hand_result["deltas"][0] < 0 and sum(g.hand_result["deltas"]) == 0


def test_r_riichi_4_deposit_before_a_chi_and_tv_08c_no_ippatsu():
    g = scenario(hands=["234m345p678p55s88s", "12m3z4z5z6z7z19p19s1s"], draws="3m")
    act(g, 0, "riichi", "3m")
    ev = act(g, 1, "chi", "3m")
    ev += pass_all(g)
    assert _types(ev).index("riichi_established") < _types(ev).index("call")
    assert g._seats[0].riichi and g.deposits == 1000 and not g._seats[0].ippatsu


def test_r_riichi_6_riichi_player_discards_the_drawn_tile_automatically():
    g = scenario(hands=[TENPAI], draws=["1z", "7z", "7z", "7z", "6z"])
    act(g, 0, "riichi", "1z")
    pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    # seat 0 drew 6z: no win, no kan -> automatic discard, the turn passes on
    assert g.pending_seats() != [0]
    auto = [d for d in g._seats[0].discards if d["tile"] >> 2 == 32]
    assert auto and auto[0]["tsumogiri"]


def _riichi_then_draw(hand_before, draw1, riichi_tile, draw2, preset="riichi"):
    g = scenario(preset, hands=[hand_before], draws=[draw1, "7z7z7z", draw2])
    act(g, 0, "riichi", riichi_tile)
    pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    return g


def test_tv_05a_r_riichi_7_ankan_keeping_waits_is_offered():
    g = _riichi_then_draw("234m055m23p678s9s1z", "9s", "1z", "5m")
    assert g.pending_seats() == [0]
    assert [a.type for a in g.legal_actions(0)] == ["ankan", "discard"]


@pytest.mark.parametrize("hand,draw1,riichi_tile,draw2", [
    pytest.param("055666777m23p9s1z", "9s", "1z", "5m", id="TV-05b 567 readable as sequences"),
    pytest.param("3334m567p789s66z1z", "6z", "1z", "3m", id="TV-05c waits would change"),
    pytest.param("05556m234p678s9s1z", "9s", "1z", "2s", id="TV-05d drawn tile is not the kan kind"),
])
def test_tv_05_r_riichi_7_ankan_refused_and_tile_auto_discarded(hand, draw1, riichi_tile, draw2):
    g = _riichi_then_draw(hand, draw1, riichi_tile, draw2)
    assert g.pending_seats() != [0]
    assert g._seats[0].discards[-1]["tile"] >> 2 == parse_tiles(draw2)[0] >> 2
    assert not g._seats[0].melds


def test_tv_05e_single_deal_no_kan_after_riichi():
    g = _riichi_then_draw("234m055m23p678s9s1z", "9s", "1z", "5m", preset="riichi-single-deal")
    assert g.pending_seats() != [0] and not g._seats[0].melds


def test_tv_08a_ippatsu_and_r_first_3_double_riichi():
    g = scenario(hands=["234m345p678p55s88s"], draws=["3z", "7z7z7z", "5s"])
    act(g, 0, "riichi", "3z")
    pass_all(g)
    assert g._seats[0].double_riichi  # R-FIRST-3: first discard, no call before
    for _ in range(3):
        tsumogiri(g)
    act(g, 0, "tsumo")
    yaku = _yaku(g)
    assert {"ippatsu", "daburu_riichi", "menzen_tsumo"} <= yaku and "riichi" not in yaku


def test_tv_08b_a_call_ends_ippatsu():
    hands = ["234m345p678p55s88s", "", "", "66z19m19p19s2345z"]
    g = scenario(hands=hands, draws=["3z", "1z", "6z", "5s"])
    act(g, 0, "riichi", "3z"); pass_all(g)
    tsumogiri(g)
    act(g, 2, "discard", "6z")
    act(g, 3, "pon", "6z")
    pass_all(g)
    act(g, 3, "discard", "9m"); pass_all(g)
    assert g.pending_seats() == [0]
    act(g, 0, "tsumo")
    assert "ippatsu" not in _yaku(g)


def test_tv_08d_ankan_after_riichi_ends_ippatsu():
    g = _riichi_then_draw("234m055m23p678s9s1z", "9s", "1z", "5m")
    act(g, 0, "ankan", tiles="0555m")
    assert not g._seats[0].ippatsu


def test_tv_12_tenhou_and_r_first_1_no_tenhou_after_an_ankan():
    g = scenario(hands=["123m456p789s111z2z"], draws="2z")
    act(g, 0, "tsumo")
    assert "tenhou" in _yaku(g)
    g = scenario(hands=["123m456p789s111z2z"], draws="1z", replacements="2z")
    act(g, 0, "ankan", tiles="1111z")
    act(g, 0, "tsumo")
    assert "tenhou" not in _yaku(g) and "rinshan_kaihou" in _yaku(g)


def test_tv_08e_chankan_inside_the_ippatsu_window_keeps_ippatsu():
    g = scenario(hands=["", "234m345p678p45s88s", "33s19m19p19s23456z"],
                 draws=["3s", "7z", "7z", "1z", "3s"])
    act(g, 0, "discard", "3s")
    act(g, 1, "pass")  # South could ron; it declines (temporary furiten until its draw)
    act(g, 2, "pon", "3s"); pass_all(g)
    act(g, 2, "discard", "9m"); pass_all(g)
    tsumogiri(g); tsumogiri(g)
    act(g, 1, "riichi", "1z"); pass_all(g)
    act(g, 2, "shouminkan", "3s")
    act(g, 1, "ron", "3s")
    assert {"chankan", "ippatsu", "riichi"} <= _yaku(g)
