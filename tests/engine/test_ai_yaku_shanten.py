"""The strong computer's shanten to a hand with a yaku, far from tenpai (issue 13; R-WIN-2, R-YAKU).

Each route is checked against its definition on small hands (the plain shanten of the tiles the
route keeps), and the players' use of it: a far discard keeps the route open, a far call is made
exactly when it brings the route closer.
"""
from __future__ import annotations

import pytest

from rules_engine.ai import decide, players
from rules_engine.ai.efficiency import shanten_of
from rules_engine.ai.scenario import make_view
from rules_engine.ai.state import Situation
from rules_engine.ai.yaku_shanten import INF, YakuRoutes
from rules_engine.core.shanten import shanten_from_key
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS, parse_kinds


def k(text: str) -> int:
    return parse_kinds(text)[0]


def routes_of(hand: str, **kw) -> tuple[YakuRoutes, list[int]]:
    sit = Situation.from_view(make_view(hand, dealer=1, **kw))
    return YakuRoutes.of(sit), sit.counts


def test_issue_13_r_win_2_a_closed_hand_is_at_its_plain_shanten():
    """Closed, every hand has a route (riichi, menzen tsumo): the plain shanten, seven pairs
    and kokushi included."""
    for hand in ("13579m2468p135s7z", "1133557799m113z", "19m19p19s1234567z", "2345m345p678s557z"):
        r, c = routes_of(hand)
        assert r.shanten(c) == shanten_of(c), hand


def _only(counts: list[int], keep) -> bytes:
    return bytes(x if keep(i) else 0 for i, x in enumerate(counts))


def test_issue_13_r_yaku_4_an_open_hand_with_a_yakuhai_triplet_is_at_its_plain_shanten():
    r, c = routes_of("1479m258p555z", melds={0: [("chi", "123s")]})    # haku triplet held
    assert r.shanten(c) == shanten_of(c) == 3
    r, c = routes_of("1479m258p369s", melds={0: [("pon", "777z")]})    # chun called
    assert r.shanten(c) == shanten_of(c) == 5


def test_issue_13_r_yaku_4_a_yakuhai_pair_is_a_route_one_step_past_its_pon():
    """An open hand whose yaku can be a dragon pair still to pon: the shanten of the hand with
    that pon made, plus one; once both other copies are seen only the flush route is left."""
    r, c = routes_of("1479m2588p55z", melds={0: [("chi", "123s")]})
    after_pon = c[:]
    after_pon[k("5z")] = 0                         # the pair becomes a meld: one set fewer needed
    assert r.shanten(c) == shanten_from_key(bytes(after_pon), sum(c) - 3) + 1 == 3
    seen, cs = routes_of("1479m2588p55z", melds={0: [("chi", "123s")]}, discards={2: "5z5z"})
    flush = shanten_from_key(_only(cs, lambda i: i >= 18), sum(cs))    # souzu and honours
    assert seen.shanten(cs) == flush == 8


def test_issue_13_r_yaku_tanyao_route_drops_terminals_and_honours():
    """Open with a simple chi: the plain shanten of the simples alone; a terminal meld, or a
    preset without open tanyao, closes that route."""
    hand = "2346m2578p19s"
    r, c = routes_of(hand, melds={0: [("chi", "456s")]})
    simples = shanten_from_key(_only(c, lambda i: i not in TERMINAL_HONOR_KINDS), sum(c))
    flush = min(shanten_from_key(_only(c, lambda i, s=s: i >= 27 or i // 9 == s), sum(c)) for s in r._flush)
    assert r._tanyao and r._flush == (2,)
    assert r.shanten(c) == min(simples, flush) == simples == 3 < flush
    closed_off, c2 = routes_of(hand, melds={0: [("chi", "789s")]})
    assert not closed_off._tanyao and closed_off.shanten(c2) == flush
    sit = Situation.from_view(make_view(hand, dealer=1, melds={0: [("chi", "456s")]}))
    sit.open_tanyao = False
    assert not YakuRoutes.of(sit)._tanyao and YakuRoutes.of(sit).shanten(sit.counts) == flush


def test_issue_13_r_yaku_toitoi_route_counts_triplets_and_pairs():
    """With pon melds only: 8 - 2 × sets - pairs, the pairs capped at 5 - sets; a chi closes it."""
    r, c = routes_of("1199m33p55s22z", melds={0: [("pon", "777p")]})
    assert r._toitoi and r.shanten(c) == 8 - 2 * 1 - 4 == 2
    r, c = routes_of("111m99m33p55s22z", melds={0: [("pon", "777p")]}, drawn="3p")  # 14 - 3m tiles
    assert r.shanten(c) == 8 - 2 * 3 - 2 == 0
    assert not YakuRoutes([("chi", (0, 1, 2))], [], [4] * 34)._toitoi


def test_issue_13_r_yaku_flush_route_keeps_one_suit_and_the_honours():
    r, c = routes_of("1345679m19p2z", melds={0: [("chi", "234m")]})
    flush = shanten_from_key(_only(c, lambda i: i < 9 or i >= 27), sum(c))
    simples = shanten_from_key(_only(c, lambda i: i not in TERMINAL_HONOR_KINDS), sum(c))
    assert r._flush == (0,)
    assert r.shanten(c) == min(flush, simples) == flush == 2


def test_issue_13_no_route_for_an_open_hand_with_no_yaku_in_reach():
    """A terminal chi in souzu and a terminal pon in manzu, no yakuhai: no tanyao, no toitoi,
    no flush: ``INF``, and no tile counts as advancing."""
    r, c = routes_of("2468p246s", melds={0: [("chi", "123s"), ("pon", "999m")]})
    assert shanten_of(c) < INF
    assert r.shanten(c) == INF
    assert r.weighted_ukeire(c, range(34)) == 0


def test_issue_13_weighted_ukeire_counts_pon_four_chi_two_draw_one():
    """Open tanyao hand: each tile that lowers the route shanten counts its unseen copies,
    times 4 when a pon of it would also lower it, 2 when a chi would, else 1."""
    r, c = routes_of("2257m3469p2268s", melds={})
    now = r.shanten(c)
    total = 0
    for d in range(34):
        u = r.unseen[d]
        if not u:
            continue
        c[d] += 1
        lower = r.shanten(c) < now
        c[d] -= 1
        if not lower:
            continue
        w = 1
        if c[d] >= 2:
            c[d] -= 2
            w = 4 if r.with_call("pon", d).shanten(c) < now else 1
            c[d] += 2
        if w == 1 and d < 27:
            for lo in range(d - 2, d + 1):
                if lo < 0 or lo // 9 != d // 9 or (lo + 2) // 9 != d // 9 or lo + 2 >= 27:
                    continue
                others = [x for x in (lo, lo + 1, lo + 2) if x != d]
                if all(c[x] for x in others):
                    for x in others:
                        c[x] -= 1
                    if r.with_call("chi", lo).shanten(c) < now:
                        w = 2
                    for x in others:
                        c[x] += 1
                if w == 2:
                    break
        total += u * w
    assert total > 0
    assert r.weighted_ukeire(c, range(34)) == total


def _claim(hand: str, tile: str, call: str, own: tuple[str, str]) -> dict:
    """A claim view: seat 3 discarded ``tile``; ``call`` with the own copies of ``own`` is offered."""
    view = make_view(hand, claim=(3, tile), dealer=1, wall_count=50)
    tiles: list[int] = []
    for x in own:
        tiles.append(next(t for t in view["hand"] if t >> 2 == k(x) and t not in tiles))
    view["legal_actions"].append({"type": call, "seat": 0, "tile": view["last_discard"]["tile"], "tiles": tiles})
    return view


def test_issue_13_far_from_tenpai_strong_calls_a_chi_that_opens_tanyao(monkeypatch):
    """Three shanten, all simples: the chi lowers the shanten to a tanyao hand, so the strong
    computer calls it (majiang-ai's far calls); with the routes off (the default) it passes."""
    monkeypatch.setattr(players, "YAKU_ROUTES", True)
    view = _claim("3468m2468p2468s3s", "5m", "chi", ("3m", "4m"))
    assert shanten_of(Situation.from_view(view).counts) == 3
    assert decide("strong", view, 1).type == "chi"
    monkeypatch.setattr(players, "YAKU_ROUTES", False)
    assert decide("strong", view, 1).type == "pass"


def test_issue_13_far_from_tenpai_strong_passes_a_chi_that_leaves_no_yaku(monkeypatch):
    """Three shanten with terminals everywhere: a chi of 1-2-3m leaves no tanyao, no flush and
    no yakuhai, so its route shanten does not drop: pass."""
    monkeypatch.setattr(players, "YAKU_ROUTES", True)
    view = _claim("12m19p1379s13579p", "3m", "chi", ("1m", "2m"))
    sit = Situation.from_view(view)
    assert shanten_of(sit.counts) >= 3
    assert decide("strong", view, 1).type == "pass"


def test_issue_13_far_discard_keeps_the_route_to_a_yaku(monkeypatch):
    """Open hand (chi 234p) with a North pair (the seat wind): the discard leaves the least
    shanten to a hand with a yaku among the discards of best plain shanten."""
    monkeypatch.setattr(players, "YAKU_ROUTES", True)
    view = make_view("1m3m6m8m2s5s7s9s44z", melds={0: [("chi", "234p")]}, dealer=1, drawn="5z")
    sit = Situation.from_view(view)
    assert sum(sit.counts) == 11 and sit.seat_wind == 3
    r = YakuRoutes.of(sit)

    def left(j):
        c = sit.counts[:]
        c[j] -= 1
        return r.shanten(c), shanten_of(c)

    held = [j for j in range(34) if sit.counts[j]]
    best_plain = min(left(j)[1] for j in held)
    least = min(left(j)[0] for j in held if left(j)[1] == best_plain)
    choice = decide("strong", view, 1).tile >> 2
    assert left(choice) == (least, best_plain)
    assert left(k("4z"))[0] > least               # breaking the yakuhai pair costs the route
