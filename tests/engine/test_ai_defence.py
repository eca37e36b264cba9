"""Defence reading of the computer players: genbutsu, suji, kabe, visible counts, threats
(issue 3; R-FURITEN-2, R-FURITEN-4 give genbutsu its meaning)."""
from __future__ import annotations

import pytest

from rules_engine.ai import defence
from rules_engine.ai.scenario import make_view
from rules_engine.ai.state import Situation
from rules_engine.core.tiles import parse_kinds


def k(text: str) -> int:
    return parse_kinds(text)[0]


def riichi_sit(**kw) -> tuple[Situation, defence.Opponent]:
    view = make_view(kw.pop("hand", "123m456p789s1122z"), drawn=kw.pop("drawn", "3z"),
                     discards=kw.pop("discards", {1: "1z9m5p2z3z7z", 2: "1p9s6z", 3: "9p1m4z"}),
                     riichi_after=kw.pop("riichi_after", {1: 5}), **kw)
    sit = Situation.from_view(view)
    return sit, next(o for o in sit.opponents if o.seat == 1)


def test_r_furiten_2_own_discards_are_genbutsu():
    sit, opp = riichi_sit()
    safe = defence.genbutsu(sit, opp)
    assert {k("1z"), k("9m"), k("5p"), k("2z"), k("3z"), k("7z")} <= safe
    assert defence.danger(sit, opp, k("5p")) == 0.0


def test_r_furiten_4_discards_after_riichi_by_any_seat_are_genbutsu():
    # seat 1 declares riichi on its 2nd discard; later discards of seats 2, 3 (and the own seat) are safe
    # orders (dealer 0 first, round robin): 4s 1z 8p 2s | 6s 7z* 3m 6m | 9m
    sit, opp = riichi_sit(discards={0: "4s6s9m", 1: "1z7z", 2: "8p3m", 3: "2s6m"}, riichi_after={1: 1})
    safe = defence.genbutsu(sit, opp)
    assert k("3m") in safe and k("6m") in safe  # other seats' discards after the riichi
    assert k("9m") in safe  # the own discard after the riichi
    assert not {k("4s"), k("8p"), k("2s"), k("6s")} & safe  # discarded before it


def test_suji_lowers_the_danger_of_a_middle_tile():
    plain, opp = riichi_sit(discards={1: "1z2z3z7z"}, riichi_after={1: 3})
    suji, opp2 = riichi_sit(discards={1: "1z2z1m7m7z"}, riichi_after={1: 4})
    # 4m: both sides' two-sided waits (23m, 56m) are excluded by 1m and 7m (nakasuji)
    assert defence.danger(suji, opp2, k("4m")) < 0.5 * defence.danger(plain, opp, k("4m"))
    # 1m is genbutsu itself; 7m suji-protected 4m, and 4m protects 1m's only two-sided wait (23m)
    assert defence.danger(plain, opp, k("9m")) < defence.danger(plain, opp, k("5m"))


def test_kabe_four_visible_blocks_two_sided_waits():
    # all four 8s visible (own hand holds three, one discarded): 9s cannot be hit by a 78s wait
    walled, opp = riichi_sit(hand="888s123m456p11z", drawn="9s", discards={2: "8s", 1: "1z2z3z"},
                             riichi_after={1: 2})
    open_, opp2 = riichi_sit(hand="123m456p11z22z3z", drawn="9s", discards={1: "1z2z3z"}, riichi_after={1: 2})
    assert defence.danger(walled, opp, k("9s")) < defence.danger(open_, opp2, k("9s"))


def test_visible_count_honour_with_three_seen_is_nearly_safe():
    sit, opp = riichi_sit(hand="123m456p789s11z", drawn="6z", discards={2: "6z6z", 1: "1z2z3z"},
                          riichi_after={1: 2})
    fresh, opp2 = riichi_sit(hand="123m456p789s11z", drawn="6z", discards={1: "1z2z3z"}, riichi_after={1: 2})
    assert defence.danger(sit, opp, k("6z")) < 0.4 * defence.danger(fresh, opp2, k("6z"))


def test_threat_riichi_is_tenpai_and_dealer_costs_more():
    sit, opp = riichi_sit()
    th = defence.threat(sit, opp)
    assert th.tenpai == 1.0
    dealer_sit, dealer_opp = riichi_sit(dealer=1)
    assert defence.threat(dealer_sit, dealer_opp).value > th.value


def test_obvious_flush_makes_other_suits_safe():
    view = make_view("123m456s789s1122z", drawn="5m", discards={1: "1m9s3s4z"},
                     melds={1: [("pon", "777p"), ("chi", "234p")]})
    sit = Situation.from_view(view)
    opp = next(o for o in sit.opponents if o.seat == 1)
    th = defence.threat(sit, opp)
    assert th.suit == 1 and th.tenpai > 0.4
    safe = defence.genbutsu(sit, opp)
    assert defence.tile_danger(sit, opp, th, k("5m"), safe) == 0.0
    assert defence.tile_danger(sit, opp, th, k("5p"), safe) > 0.0


def test_expected_loss_is_zero_for_genbutsu_and_grows_with_danger():
    sit, opp = riichi_sit(hand="123m456p789s11z", drawn="5m")
    threats = defence.assess(sit)
    assert defence.expected_loss(sit, threats, k("5p")) == 0.0
    assert defence.expected_loss(sit, threats, k("5m")) > defence.expected_loss(sit, threats, k("1s"))


@pytest.mark.parametrize("kind", range(34))
def test_danger_is_a_bounded_percentage(kind):
    sit, opp = riichi_sit()
    d = defence.danger(sit, opp, kind)
    assert 0.0 <= d <= 20.0


def test_obvious_toitoi_only_pair_waits_are_dangerous():
    """Against two open pons the waits are pairs: a kind whose other copies are all visible
    is safe, while a fresh honour is more dangerous than against a normal hand."""
    view = make_view("123m456s789s1122z", drawn="5m", discards={1: "1m9s3s", 2: "5m0m", 3: "5m"},
                     melds={1: [("pon", "777p"), ("pon", "222s")]})
    sit = Situation.from_view(view)
    opp = next(o for o in sit.opponents if o.seat == 1)
    th = defence.threat(sit, opp)
    assert th.toitoi and th.suit is None
    safe = defence.genbutsu(sit, opp)
    assert sit.unseen(k("5m")) == 0
    assert defence.tile_danger(sit, opp, th, k("5m"), safe) == 0.0
    assert defence.tile_danger(sit, opp, th, k("6z"), safe) > defence.danger(sit, opp, k("6z"), safe)


def test_strong_keeps_a_two_shanten_hand_when_nobody_declared_riichi():
    """Three closed opponents at their eleventh-twelfth discard, none in riichi: most closed tenpai
    declare riichi, so the phantom damaten is unlikely (threat at most DAMA_TENPAI_MAX); the strong
    computer keeps its two-shanten hand (8s) instead of folding with the safe drawn 9p."""
    from rules_engine.ai import decide
    from rules_engine.ai.efficiency import shanten_of
    view = make_view("2456778m37p4558s", drawn="9p", wall_count=24,
                     discards={1: "1z9m5p2z3z7z1s9p4z8m2p6z", 2: "1p9s6z1s2z9m7z3m3z8p1m",
                               3: "9p1m4z8s5z7z2z1p6s9s4z"})
    sit = Situation.from_view(view)
    assert shanten_of(sit.counts) == 2
    assert all(defence.threat(sit, o).tenpai <= defence.DAMA_TENPAI_MAX for o in sit.opponents)
    a = decide("strong", view, 1)
    c = sit.counts[:]
    c[a.tile >> 2] -= 1
    assert a.tile >> 2 != k("9p") and shanten_of(c) == 2
