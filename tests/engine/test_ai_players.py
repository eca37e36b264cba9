"""Computer players on scripted seat views: the API of ``rules_engine.ai`` (P-BOT-3),
push/fold of the strong computer, efficiency and value choices (issue 3)."""
from __future__ import annotations

import pytest

from rules_engine.core.actions import Action
from rules_engine.ai import STRENGTHS, decide, defence, players
from rules_engine.ai.efficiency import discard_options, shanten_of, ukeire
from rules_engine.ai.scenario import make_view
from rules_engine.ai.state import Situation
from rules_engine.ai.value import open_hand_has_yaku, yakuhai_han
from rules_engine.core.tiles import counts_of, parse_kinds, parse_tiles

ALL = sorted(STRENGTHS)


def kinds34(text: str) -> list[int]:
    return counts_of(parse_kinds(text), physical=False)


def k(text: str) -> int:
    return parse_kinds(text)[0]


# ------------------------------------------------------------------ API

def test_p_bot_2_three_strengths_with_display_names():
    assert set(STRENGTHS) == {"beginner", "intermediate", "strong"}
    assert len(set(STRENGTHS.values())) == 3 and all(STRENGTHS.values())


def test_decide_rejects_an_unknown_strength():
    with pytest.raises(ValueError, match="unknown computer strength 'grandmaster'"):
        decide("grandmaster", make_view("123m456p789s1122z", drawn="3z"), 1)


def test_p_bot_3_decide_rejects_a_public_view():
    view = make_view("123m456p789s1122z", drawn="3z")
    del view["hand"]
    view["seat"] = None
    with pytest.raises(ValueError, match="seat view"):
        decide("strong", view, 1)


def test_decide_rejects_a_malformed_view_and_a_bad_seed():
    view = make_view("123m456p789s1122z", drawn="3z")
    del view["players"]
    with pytest.raises(ValueError, match="malformed seat view"):
        decide("strong", view, 1)
    with pytest.raises(ValueError, match="int seed"):
        decide("strong", make_view("123m456p789s1122z", drawn="3z"), "1")


@pytest.mark.parametrize("strength", ALL)
def test_decide_leaves_the_view_unchanged(strength):
    import copy
    view = make_view("2378m3578p2469s", drawn="5z", discards={1: "1z9m", 2: "1p9s", 3: "9p1m"},
                     riichi_after={1: 1})
    before = copy.deepcopy(view)
    decide(strength, view, 2)
    assert view == before


@pytest.mark.parametrize("strength", ALL)
def test_decide_rejects_a_view_without_legal_actions(strength):
    view = make_view("123m456p789s1122z", drawn="3z", legal=[])
    with pytest.raises(ValueError, match="no legal action"):
        decide(strength, view, 1)


@pytest.mark.parametrize("strength", ALL)
def test_decide_returns_one_of_the_legal_actions_and_is_deterministic(strength):
    view = make_view("2378m3578p2469s", drawn="5z", discards={1: "1z9m", 2: "1p9s", 3: "9p1m"})
    a = decide(strength, view, 7)
    assert isinstance(a, Action)
    assert a.to_json() in view["legal_actions"]
    assert all(decide(strength, view, 7) == a for _ in range(3))


@pytest.mark.parametrize("strength", ALL)
def test_decide_takes_a_win(strength):
    hand = "123m456p789s1122z"
    used: set[int] = set()
    ids = parse_tiles(hand, used)
    view = make_view(hand, claim=(3, "2z"))
    win_tile = view["last_discard"]["tile"]
    view["legal_actions"] = [{"type": "ron", "seat": 0, "tile": win_tile, "tiles": []},
                             {"type": "pass", "seat": 0, "tile": None, "tiles": []}]
    assert decide(strength, view, 3).type == "ron"
    assert len(ids) == 13


# ------------------------------------------------------------------ efficiency and value

def test_ukeire_counts_unseen_copies_of_the_waits():
    counts = kinds34("123m456p789s23s11z")  # waits 1s-4s
    visible = counts[:]
    visible[k("1s")] += 2
    n, waits = ukeire(counts, visible, 0)
    assert waits == [k("1s"), k("4s")]
    assert n == (4 - 2) + (4 - 0)


def test_discard_options_prefer_the_isolated_honour():
    counts = kinds34("13m46p2378s55z123z")
    opts = discard_options(counts, counts)
    best = min(opts.values(), key=lambda o: (o.shanten, -o.ukeire))
    assert best.kind >= 27 and best.shanten == shanten_of([c - (i == best.kind) for i, c in enumerate(counts)])


def test_r_yaku_4_yakuhai_han_of_winds_and_dragons():
    sit = Situation.from_view(make_view("123m456p789s1122z", drawn="3z", dealer=0, round_wind=0))
    assert yakuhai_han(sit, k("1z")) == 2  # double East for the dealer in the East round
    assert yakuhai_han(sit, k("2z")) == 0
    assert yakuhai_han(sit, k("7z")) == 1


def test_r_win_2_open_hand_needs_a_yaku():
    sit = Situation.from_view(make_view("123m456p789s1122z", drawn="3z"))
    assert open_hand_has_yaku(sit, kinds34("234m456p67s88s"), [k("5s")])  # tanyao
    assert not open_hand_has_yaku(sit, kinds34("123m456p67s99s"), [k("5s")])
    assert open_hand_has_yaku(sit, kinds34("123m456p67s99s"), [k("7z")])  # pon of red dragon


@pytest.mark.parametrize("strength", ["intermediate", "strong"])
@pytest.mark.parametrize("hand,indicator,keep", [
    pytest.param("123m456m789m111z0p5s", "1z", "5p", id="R-DORA-5 keeps the red five"),
    pytest.param("123m456m789m111z5p5s", "4s", "5s", id="R-DORA-1 keeps the dora"),
])
def test_keeps_value_when_the_waits_are_equal(strength, hand, indicator, keep):
    """Two tanki choices with the same ukeire: discard the one without value."""
    view = make_view(hand, dora_indicators=indicator)
    a = decide(strength, view, 1)
    assert a.tile >> 2 in (k("5p"), k("5s"))
    assert a.tile >> 2 != k(keep)


def test_intermediate_passes_a_chi_that_leaves_no_yaku():
    # closed hand with terminals and no yakuhai: chi 123m would leave no yaku (R-WIN-2)
    view = make_view("23m789p19s1239s44z", claim=(3, "1m"))
    tile = view["last_discard"]["tile"]
    own = [t for t in view["hand"] if t >> 2 in (k("2m"), k("3m"))]
    view["legal_actions"].append({"type": "chi", "seat": 0, "tile": tile, "tiles": sorted(own)})
    assert decide("intermediate", view, 1).type == "pass"
    assert decide("beginner", view, 1).type == "chi"  # lowers shanten, the beginner takes it


def test_intermediate_pons_a_yakuhai():
    view = make_view("23m789p1239s4s77z", claim=(3, "7z"))
    tile = view["last_discard"]["tile"]
    own = [t for t in view["hand"] if t >> 2 == k("7z")]
    view["legal_actions"].append({"type": "pon", "seat": 0, "tile": tile, "tiles": sorted(own)})
    assert decide("intermediate", view, 1).type == "pon"


# ------------------------------------------------------------------ push / fold

RIICHI_DISCARDS = {1: "1z9m5p2z3z7z", 2: "1p9s6z1s", 3: "9p1m4z8s"}


def test_strong_folds_with_genbutsu_against_riichi_when_far_from_tenpai():
    """Two-shanten cheap hand against riichi: the strong computer discards genbutsu 5p
    (R-FURITEN-4 makes it safe) even though it breaks its shape."""
    view = make_view("23467m4557p3468s", drawn="2m", discards=RIICHI_DISCARDS, riichi_after={1: 5},
                     wall_count=40)
    sit = Situation.from_view(view)
    assert shanten_of(sit.counts) == 2
    opp = next(o for o in sit.opponents if o.seat == 1)
    a = decide("strong", view, 1)
    assert a.tile >> 2 in defence.genbutsu(sit, opp)
    assert decide("intermediate", view, 1).tile >> 2 not in defence.genbutsu(sit, opp)


def test_strong_folds_against_dealer_riichi_from_one_shanten_late():
    view = make_view("234567m4557p468s", drawn="3s", discards=RIICHI_DISCARDS, riichi_after={1: 5},
                     dealer=1, wall_count=12)
    sit = Situation.from_view(view)
    assert shanten_of(sit.counts) == 1
    opp = next(o for o in sit.opponents if o.seat == 1)
    assert decide("strong", view, 1).tile >> 2 in defence.genbutsu(sit, opp)


def test_strong_pushes_a_mangan_tenpai_against_a_cheap_riichi():
    """Tenpai with tanyao, pinfu shape, red five and two dora: discarding the drawn 3p keeps
    tenpai though it is not safe; folding with genbutsu 8m would break the hand."""
    view = make_view("234678m067p34s88s", drawn="3p", discards={1: "1z2z8m9s1p3z", 2: "1p9s6z1s",
                                                                   3: "9p1m4z8s"},
                     riichi_after={1: 5}, wall_count=40, dora_indicators="7s")
    sit = Situation.from_view(view)
    opp = next(o for o in sit.opponents if o.seat == 1)
    a = decide("strong", view, 1)
    assert a.tile >> 2 == k("3p")
    assert defence.danger(sit, opp, k("3p")) > 0.0 and k("8m") in defence.genbutsu(sit, opp)


def test_strong_avoids_feeding_an_obvious_pin_flush():
    """An opponent with pon 777p and chi 234p is on a pin flush: the strong computer throws an
    off-suit tile, not its lone pin or an honour."""
    view = make_view("13m579s2468p11z3s", drawn="5z", discards={1: "1m9s3s4z8m", 2: "1s", 3: "9m"},
                     melds={1: [("pon", "777p"), ("chi", "234p")]}, wall_count=30)
    a = decide("strong", view, 1)
    assert a.tile >> 2 < 9 or 18 <= a.tile >> 2 < 27


# ------------------------------------------------------------------ riichi and value

def _with_riichi_offers(view: dict, *kinds_text: str) -> dict:
    for t in view["hand"]:
        if format_kind(t) in kinds_text:
            view["legal_actions"].append({"type": "riichi", "seat": 0, "tile": t, "tiles": []})
    return view


def format_kind(tile: int) -> str:
    from rules_engine.core.tiles import kind_name
    return kind_name(tile >> 2)


def test_r_riichi_1_strong_declares_riichi_without_a_yaku_on_a_good_wait():
    # 111m 789m 456p 34s 99s + 1z drawn: discard 1z, waits 2s-5s; a triplet rules out pinfu,
    # terminals rule out tanyao: no yaku without riichi (R-WIN-2)
    view = _with_riichi_offers(make_view("111789m456p34s99s", drawn="1z", dealer=1), "1z")
    a = decide("strong", view, 1)
    assert a.type == "riichi" and a.tile >> 2 == k("1z")
    assert decide("intermediate", view, 1).type == "riichi"


def test_strong_stays_damaten_with_a_mangan_that_already_has_yaku():
    # tanyao, red five, two dora (8s): 5 han without riichi -> damaten (R-YAKU-4, R-DORA)
    view = _with_riichi_offers(make_view("234678m067p34s88s", drawn="1z", dora_indicators="7s"), "1z")
    a = decide("strong", view, 1)
    assert a.type == "discard" and a.tile >> 2 == k("1z")


def test_tenpai_value_scores_each_wait_with_the_evaluator():
    from rules_engine.ai.value import tenpai_value
    view = make_view("234678m067p34s88s", drawn="1z", dora_indicators="7s", dealer=1)
    sit = Situation.from_view(view)
    hand13 = [t for t in sit.hand if t != view["drawn_tile"]]
    dama, has_yaku = tenpai_value(sit, hand13, [k("2s"), k("5s")], riichi=False)
    with_riichi, _ = tenpai_value(sit, hand13, [k("2s"), k("5s")], riichi=True)
    assert has_yaku and dama == 8000 and with_riichi == 12000  # non-dealer mangan, haneman
    bare = make_view("123789m406p34s99s", drawn="1z", dealer=1)
    sit2 = Situation.from_view(bare)
    h2 = [t for t in sit2.hand if t != bare["drawn_tile"]]
    # pinfu + red five on 2s/5s: a yaku exists without riichi
    assert tenpai_value(sit2, h2, [k("2s"), k("5s")], riichi=False)[1]


# ------------------------------------------------------------------ kans (R-KAN-1, R-KAN-2)

def _with_ankan(view: dict, kind_text: str) -> dict:
    four = [t for t in view["hand"] if format_kind(t) == kind_text]
    assert len(four) == 4
    view["legal_actions"].append({"type": "ankan", "seat": 0, "tile": None, "tiles": sorted(four)})
    return view


@pytest.mark.parametrize("strength", ["intermediate", "strong"])
def test_r_kan_2_declares_an_ankan_that_keeps_the_shanten(strength):
    view = _with_ankan(make_view("2222m456p789s13s5z", drawn="7z"), "2m")
    assert decide(strength, view, 1).type == "ankan"


def test_strong_skips_the_ankan_while_folding_against_riichi():
    view = _with_ankan(make_view("2222m4579p1378s5z", drawn="7z", discards=RIICHI_DISCARDS,
                                 riichi_after={1: 5}, wall_count=30), "2m")
    a = decide("strong", view, 1)
    assert a.type == "discard"
    assert decide("intermediate", view, 1).type == "ankan"


# ------------------------------------------------------------------ placement (all-last, R-END-1)

ALL_LAST_LEAD = [33000, 25000, 22000, 20000]
ALL_LAST_TRAIL = [20000, 25000, 22000, 33000]


def _all_last(view: dict, scores: list[int]) -> dict:
    view["hand_number"] = 3  # East 4, the last hand of an East round (R-END-1)
    view["scores"] = list(scores)
    return view


def test_all_last_leader_stays_damaten_where_a_trailing_seat_declares_riichi():
    # tanyao, pinfu, red five (no dora): 3 han without riichi, good wait 2s-5s
    def view(scores):
        v = make_view("234678m067p34s88s", drawn="1z", dealer=1, wall_count=50)
        return _all_last(_with_riichi_offers(v, "1z"), scores)
    lead = decide("strong", view(ALL_LAST_LEAD), 1)
    assert lead.type == "discard" and lead.tile >> 2 == k("1z")
    assert decide("strong", view(ALL_LAST_TRAIL), 1).type == "riichi"
    assert decide("strong", view([25000] * 4), 1).type == "riichi"  # not first: no lead to keep


def test_all_last_leader_calls_a_cheap_tanyao_chi_that_it_passes_otherwise(monkeypatch):
    """Three-shanten all-simples hand: by the rules of the far calls before the yaku routes
    (``YAKU_ROUTES`` off), opening it for a cheap tanyao costs riichi, so the strong computer
    passes the chi, except as the leader in the last hand, where any win keeps first. (With the
    routes it calls it in either case: tests/engine/test_ai_yaku_shanten.py.)"""
    monkeypatch.setattr(players, "YAKU_ROUTES", False)
    def view(scores):
        v = make_view("3468m2468p2468s3s", claim=(3, "5m"), dealer=1, wall_count=50,
                      discards={1: "1z9m", 2: "2z1p", 3: "9s"})
        own = [next(t for t in v["hand"] if t >> 2 == k(x)) for x in ("3m", "4m")]
        v["legal_actions"].append({"type": "chi", "seat": 0, "tile": v["last_discard"]["tile"], "tiles": own})
        return _all_last(v, scores)
    assert shanten_of(Situation.from_view(view(ALL_LAST_LEAD)).counts) == 3
    assert decide("strong", view(ALL_LAST_LEAD), 1).type == "chi"
    assert decide("strong", view(ALL_LAST_TRAIL), 1).type == "pass"
    assert decide("intermediate", view(ALL_LAST_LEAD), 1).type == "pass"


# ------------------------------------------------------------------ riichi readiness (issue 13)

def _kanchan_tanyao(wall_count: int, dora_indicators: str = "1z") -> dict:
    # 234m 678m 24p 345s 88s + 1z drawn: discard 1z, kanchan wait on 3p; tanyao is the only yaku
    view = make_view("234678m24p345s88s", drawn="1z", dealer=1, wall_count=wall_count,
                     dora_indicators=dora_indicators)
    return _with_riichi_offers(view, "1z")


def test_r_riichi_1_strong_declares_a_cheap_bad_wait_mid_hand():
    """A cheap damaten (tanyao, 1,300 points) on a kanchan with 20 tiles left in the wall: the
    strong computer declares riichi (it used to stay damaten below 31 tiles)."""
    sit = Situation.from_view(_kanchan_tanyao(20))
    c = sit.counts[:]
    c[k("1z")] -= 1
    assert ukeire(c, sit.visible, 0)[1] == [k("3p")]
    a = decide("strong", _kanchan_tanyao(20), 1)
    assert a.type == "riichi" and a.tile >> 2 == k("1z")


def test_r_riichi_1_strong_stays_damaten_on_a_valuable_bad_wait_or_a_late_cheap_one():
    """Bad wait with tanyao and two dora (5,200 damaten) at 20 tiles left: damaten keeps the wait
    hidden; the cheap one declares no riichi with only 10 tiles left either."""
    valuable = decide("strong", _kanchan_tanyao(20, dora_indicators="7s"), 1)
    assert valuable.type == "discard" and valuable.tile >> 2 == k("1z")
    late = decide("strong", _kanchan_tanyao(10), 1)
    assert late.type == "discard" and late.tile >> 2 == k("1z")
    assert decide("strong", _kanchan_tanyao(40, dora_indicators="7s"), 1).type == "riichi"
