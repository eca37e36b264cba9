"""Kuikae at the edges of a suit, in play on scripted walls (R-KUIKAE-1, R-KUIKAE-2, R-CALL-10).

R-KUIKAE-2: after a chi on the lowest tile ``x`` of ``x, x+1, x+2`` the player may not
discard ``x+3`` (if ``x+3 <= 9``); on the highest tile ``x`` of ``x-2, x-1, x`` not ``x-3``
(if ``x-3 >= 1``); on the middle tile only the called kind (R-KUIKAE-1). A red five is the
same kind as a five. The other end never wraps into another suit or the honors.

Each case: the dealer (seat 0, honours only) draws and discards the called tile, seat 1
calls chi with its two own tiles, every other claim is passed, and seat 1's legal discards
are read from ``legal_actions``; the hand holds the forbidden kinds and the kinds next to
them (the allowed ones) so that both sides of every edge are seen.
"""
from __future__ import annotations

import pytest

from rules_engine.core.actions import Action
from rules_engine.core.errors import IllegalAction
from rules_engine.riichi.scenario import act, pass_all, scenario
from rules_engine.core.tiles import RED_FIVES, parse_tiles

DEALER = "111z222z333z444z5z"                # 13 honours: never a chi/pon partner of seat 1
FILL = ["6z"] * 4 + ["7z"] * 4 + ["5z"] * 3   # seat 1's filler: honours nobody discards


def _label(tile: int) -> str:
    kind = tile >> 2
    if tile in RED_FIVES:
        return "0" + "mps"[kind // 9]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" if kind < 27 else f"{kind - 26}z"


def _after_chi(called: str, own: str, holds: str):
    """The game right after seat 1's chi of ``called`` with ``own``; seat 1 also holds ``holds``."""
    body = own + holds
    count = len(parse_tiles(body))
    hand = body + "".join(FILL[:13 - count])
    g = scenario(hands=[DEALER, hand, "", ""], draws=called)
    act(g, 0, "discard", called)
    act(g, 1, "chi", called, tiles=own)
    pass_all(g)
    assert g.phase == "turn" and g.pending_seats() == [1]
    return g


def _discardable(g) -> set[str]:
    return {_label(a.tile) for a in g.legal_actions(1) if a.type == "discard"}


@pytest.mark.parametrize("called, own, holds, forbidden, allowed", [
    # R-KUIKAE-2 at the low edge: the called 1 is the lowest tile -> 1 and 4 are refused.
    pytest.param("1m", "23m", "14m7m", {"1m", "4m"}, {"7m"}, id="1m with 23m forbids 1m 4m"),
    # the called 4 is the highest of 234: 4 and 1 (x-3 = 1 exactly at the edge).
    pytest.param("4m", "23m", "14m7m", {"4m", "1m"}, {"7m"}, id="4m with 23m forbids 4m 1m"),
    # the called 3 is the highest of 123: x-3 = 0 does not exist -> only 3 refused.
    pytest.param("3m", "12m", "36m9m", {"3m"}, {"6m", "9m"}, id="3m with 12m forbids 3m only"),
    # the same in pinzu: x-3 would be 9m of the previous suit -> never across suits.
    pytest.param("3p", "12p", "3p6p9m", {"3p"}, {"6p", "9m"}, id="3p with 12p never 9m"),
    pytest.param("3s", "12s", "3s6s9p", {"3s"}, {"6s", "9p"}, id="3s with 12s never 9p"),
    # the high edge: the called 9 is the highest of 789 -> 9 and 6.
    pytest.param("9m", "78m", "69m3m", {"9m", "6m"}, {"3m"}, id="9m with 78m forbids 9m 6m"),
    # the called 6 is the lowest of 678: x+3 = 9 exactly at the edge.
    pytest.param("6m", "78m", "69m3m", {"6m", "9m"}, {"3m"}, id="6m with 78m forbids 6m 9m"),
    # the called 7 is the lowest of 789: x+3 = 10 does not exist -> only 7 refused.
    pytest.param("7m", "89m", "47m1p", {"7m"}, {"4m", "1p"}, id="7m with 89m forbids 7m only"),
    pytest.param("7p", "89p", "4p7p1s", {"7p"}, {"4p", "1s"}, id="7p with 89p never 1s"),
    pytest.param("7s", "89s", "4s7s1z", {"7s"}, {"4s", "1z"}, id="7s with 89s never East"),
    # kanchan (the called tile in the middle): only the called kind.
    pytest.param("2m", "13m", "25m4m", {"2m"}, {"5m", "4m"}, id="kanchan 2m forbids 2m only"),
    pytest.param("8s", "79s", "58s6s", {"8s"}, {"5s", "6s"}, id="kanchan 8s forbids 8s only"),
    # red fives are fives (R-KUIKAE-1, R-TILE-4).
    pytest.param("2m", "34m", "25m0m8m", {"2m", "5m", "0m"}, {"8m"}, id="2m with 34m forbids the red 0m"),
    pytest.param("0m", "67m", "5m8m2m", {"5m", "8m"}, {"2m"}, id="red 0m called with 67m forbids 5m 8m"),
    pytest.param("5p", "34p", "5p0p2p8p", {"5p", "0p", "2p"}, {"8p"}, id="5p with 34p forbids the red 0p and 2p"),
    pytest.param("3s", "0s4s", "3s6s9s", {"3s", "6s"}, {"9s"}, id="3s with own red 0s4s forbids 6s"),
    pytest.param("4p", "30p", "1p7p4p", {"4p"}, {"1p", "7p"}, id="kanchan 4p with own red 30p"),
])
def test_r_kuikae_2_edges_of_a_suit_in_play(called, own, holds, forbidden, allowed):
    g = _after_chi(called, own, holds)
    hand = {_label(t) for t in g._seats[1].hand}
    assert forbidden | allowed <= hand, "the case holds every tile it speaks of"
    legal = _discardable(g)
    assert not legal & forbidden, f"kuikae lets {sorted(legal & forbidden)} be discarded"
    assert allowed <= legal, f"{sorted(allowed - legal)} wrongly refused after chi {called} with {own}"
    assert g.view(1)["kuikae"] == sorted({parse_tiles(k.replace("0", "5"))[0] >> 2 for k in forbidden})
    for tile in g._seats[1].hand:             # the engine refuses them too (not only the list)
        if _label(tile) in forbidden:
            with pytest.raises(IllegalAction) as exc:
                g.apply(Action("discard", 1, tile))
            assert exc.value.rule == "R-KUIKAE-1"


def test_r_kuikae_3_the_restriction_ends_with_the_discard_after_the_call():
    """The next turn of the same player may discard the kinds kuikae refused once."""
    g = _after_chi("1m", "23m", "14m7m")
    seven = next(t for t in g._seats[1].hand if t >> 2 == 6)
    g.apply(Action("discard", 1, seven))
    pass_all(g)
    for seat in (2, 3):                      # the others discard their drawn tiles
        assert g.pending_seats() == [seat]
        g.apply(Action("discard", seat, g._drawn))
        pass_all(g)
    assert g.pending_seats() == [0]
    g.apply(Action("discard", 0, g._drawn))
    pass_all(g)
    assert g.phase == "turn" and g.pending_seats() == [1]
    assert {"1m", "4m"} <= _discardable(g)
    assert g.view(1)["kuikae"] == []
