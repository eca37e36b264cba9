"""The strong computer's value-weighted look-ahead (issue 13; R-SCORE, R-WIN-2, R-YAKU)."""
from __future__ import annotations

import pytest

from rules_engine.ai import decide, lookahead, players
from rules_engine.ai.efficiency import discard_options, shanten_of, ukeire
from rules_engine.ai.scenario import make_view
from rules_engine.ai.state import Situation
from rules_engine.core.meld import Meld
from rules_engine.core.tiles import parse_kinds
from rules_engine.riichi import HandError, WinContext, evaluate
from rules_engine.riichi.payments import round_up_100


def k(text: str) -> int:
    return parse_kinds(text)[0]


def _ron_points(sit: Situation, tiles: list[int], win_tile: int, *, riichi: bool) -> float:
    ctx = WinContext(concealed=tuple(tiles), melds=tuple(Meld.from_json(m) for m in sit.melds),
                     win_tile=win_tile, tsumo=False, seat_wind=sit.seat_wind, round_wind=sit.round_wind,
                     dora_indicators=tuple(sit.dora_indicators), riichi=riichi)
    try:
        r = evaluate(ctx, sit.preset)
    except HandError:
        return 0.0
    return float(round_up_100(r.base_points * (6 if sit.is_dealer else 4)))


def _tiles(sit: Situation, counts: list[int]) -> list[int]:
    """Physical ids for ``counts``: the seat's own copies first, then plain copies before a red five."""
    out = []
    for kind, n in enumerate(counts):
        own = [t for t in sorted(sit.hand) if t >> 2 == kind]
        fresh = [t for t in (4 * kind + 1, 4 * kind + 2, 4 * kind + 3, 4 * kind) if t not in own]
        out += (own + fresh)[:n]
    return out


def test_issue_13_r_score_a_finished_closed_hand_is_worth_its_ron_with_riichi():
    # 234m 567p 34567s 88s waiting 2s/5s/8s; dealer; dora indicator 4s -> 5s is dora
    view = make_view("234m567p34588s67s", dora_indicators="4s")
    sit = Situation.from_view(view)
    la = lookahead.Lookahead(sit)
    c = bytearray(sit.counts)
    c[k("5s")] += 1
    win = next(t for t in (4 * k("5s") + 1, 4 * k("5s") + 2, 4 * k("5s") + 3) if t not in sit.hand)
    expected = _ron_points(sit, sit.hand + [win], win, riichi=True)
    assert expected >= 12000  # dealer: riichi, pinfu, tanyao, two dora (5s twice)
    assert la.value(bytes(c), k("5s")) == expected


def test_issue_13_r_win_2_an_open_hand_with_no_yaku_is_worth_nothing():
    # chi 123m opens the hand: 456p 789s 23s 11z waits 1s/4s with no yaku (East is only a pair
    # for the North seat); the same tiles closed are worth riichi (R-WIN-2, R-CALL-7)
    view = make_view("456p23789s11z", melds={0: [("chi", "123m")]}, dealer=1)
    sit = Situation.from_view(view)
    assert not sit.is_closed
    assert lookahead.Lookahead(sit).ev(sit.counts, 0) == 0.0
    closed = lookahead.Lookahead(sit, melds=[])
    assert closed.closed
    c = sit.counts[:]
    c[k("1m")] += 1
    c[k("2m")] += 1
    c[k("3m")] += 1
    assert closed.ev(c, 0) > 0.0


def test_issue_13_tenpai_value_sums_each_wait_weighted_by_unseen_copies():
    view = make_view("234m567p34588s67s", dora_indicators="4s", dealer=1,
                     discards={1: "5s8s", 2: "1z"})
    sit = Situation.from_view(view)
    _, waits = ukeire(sit.counts, sit.visible, 0)
    assert sorted(waits) == [k("2s"), k("5s"), k("8s")]
    total = 0.0
    for w in waits:
        c = sit.counts[:]
        c[w] += 1
        tiles = _tiles(sit, c)  # a plain copy of a five wins, not the red one
        win = next(t for t in reversed(tiles) if t >> 2 == w)
        total += sit.unseen(w) * _ron_points(sit, tiles, win, riichi=True)
    assert total > 0
    assert lookahead.Lookahead(sit).ev(sit.counts, 0) == pytest.approx(total / lookahead.WIDTH[0])


def test_issue_13_one_shanten_value_is_the_best_tenpai_after_each_draw(monkeypatch):
    """Brute force over draws and discards: each draw weighted by its unseen copies, then each
    wait of the best tenpai by the copies still unseen after that draw, at its exact ron value
    (the draws only: the call term has its own test)."""
    monkeypatch.setattr(lookahead, "CALLS", False)
    view = make_view("234m567p3588s67s1z", dora_indicators="9m", dealer=1)  # 13 tiles, 1-shanten
    sit = Situation.from_view(view)
    _, draws = ukeire(sit.counts, sit.visible, 1)
    assert draws
    want = 0.0
    for d in draws:
        best = 0.0
        for j in range(34):
            c = sit.counts[:]
            c[d] += 1
            if not c[j] or j == d:
                continue
            c[j] -= 1
            _, waits = ukeire(c, sit.visible, 0)
            if shanten_of(c) != 0:
                continue
            v = 0.0
            for w in waits:
                unseen = sit.unseen(w) - (w == d)
                c[w] += 1
                tiles = _tiles(sit, c)
                win = next(t for t in reversed(tiles) if t >> 2 == w)
                if unseen > 0:
                    v += unseen * _ron_points(sit, tiles, win, riichi=True)
                c[w] -= 1
            best = max(best, v / lookahead.WIDTH[0])
        want += sit.unseen(d) * best
    assert want > 0
    assert lookahead.Lookahead(sit).ev(sit.counts, 1) == pytest.approx(want / lookahead.WIDTH[1])


def test_issue_13_one_shanten_value_adds_the_calls_each_advancing_discard_allows(monkeypatch):
    """Each advancing kind also counts the chi/pon another seat's discard of it allows, valued
    with the new meld (no riichi) after the best discard kuikae permits: 3 × pon when the pon
    is worth more than the best chi, else 2 × pon + chi (majiang-ai's weighting)."""
    # 1-shanten, not dealer: pairs 44m 66m (pon), 45p (chi 3p/6p), all simples but the 9p
    view = make_view("4466m459p234678s", dora_indicators="9p", dealer=1)
    sit = Situation.from_view(view)
    assert shanten_of(sit.counts) == 1
    with_calls = lookahead.Lookahead(sit).ev(sit.counts, 1)
    monkeypatch.setattr(lookahead, "CALLS", False)
    draws_only = lookahead.Lookahead(sit).ev(sit.counts, 1)
    _, draws = ukeire(sit.counts, sit.visible, 1)
    extra = 0.0
    for d in draws:
        pon = chi = 0.0
        options = []
        if sit.counts[d] >= 2:
            options.append(("pon", (d, d), (d,)))
        if d < 27:
            for lo in range(d - 2, d + 1):
                if lo // 9 == d // 9 == (lo + 2) // 9 and lo >= 0:
                    others = tuple(x for x in (lo, lo + 1, lo + 2) if x != d)
                    barred = {d} | ({d + 3} if d == lo and d % 9 <= 5 else set()) \
                        | ({d - 3} if d == lo + 2 and d % 9 >= 3 else set())
                    options.append(("chi", others, tuple(barred)))
        for typ, others, barred in options:
            c = sit.counts[:]
            if any(c[x] < others.count(x) for x in others):
                continue
            for x in others:
                c[x] -= 1
            after = shanten_of(c)
            if after >= 1:
                continue
            # the called tile a plain copy outside the hand, the others from the hand
            ids = [next(t for t in (4 * d + 1, 4 * d + 2, 4 * d + 3) if t not in sit.hand)]
            for x in others:
                ids.append(next(t for t in sorted(sit.hand) if t >> 2 == x and t not in ids))
            meld = {"type": typ, "tiles": sorted(ids), "called_tile": ids[0], "from_seat": 3}
            open_la = lookahead.Lookahead(sit, [meld])
            best = 0.0
            for j in range(34):
                if c[j] and j not in barred:
                    c[j] -= 1
                    if shanten_of(c) == 0:
                        best = max(best, open_la.ev(c, 0))
                    c[j] += 1
            if typ == "pon":
                pon = max(pon, best)
            else:
                chi = max(chi, best)
        extra += sit.unseen(d) * (pon * 3 if pon > chi else pon * 2 + chi)
    assert extra > 0  # tanyao stays open: the calls are worth something
    assert with_calls == pytest.approx(draws_only + extra / lookahead.WIDTH[1])


@pytest.mark.parametrize("typ, lo, called, barred", [
    ("pon", 4, 4, (4,)),            # R-KUIKAE-1: pon 5m, not 5m
    ("chi", 2, 2, (2, 5)),          # R-KUIKAE-2: 3m called with 45m: not 3m nor 6m
    ("chi", 2, 4, (4, 1)),          # 5m called with 34m: not 5m nor 2m
    ("chi", 2, 3, (3,)),            # 4m called with 35m (kanchan): only 4m
    ("chi", 6, 6, (6,)),            # 7m called with 89m: no 10m
    ("chi", 9, 11, (11,)),          # 3p called with 12p: no 0p
])
def test_issue_13_r_kuikae_barred_kinds_after_a_call(typ, lo, called, barred):
    assert lookahead.kuikae_barred(typ, lo, called) == barred


def test_issue_13_open_hand_value_never_reuses_a_tile_of_a_meld():
    """The finished hand's fresh copies are never a tile of a meld: a chi 2-3-4m holding the
    3m copy picked first made every 3m win invalid, so worth 0 (the look-ahead then undervalued
    open hands and calls)."""
    view = make_view("24m567p678s55s", melds={0: [("chi", "234m")]}, dealer=1)
    sit = Situation.from_view(view)
    assert lookahead.Lookahead(sit).ev(sit.counts, 0) > 0
    sit.melds[0]["tiles"] = [5, 9, 13]       # 2m, 3m, 4m: the 3m is id 9, the first fresh copy
    assert 9 not in sit.hand
    assert lookahead.Lookahead(sit).ev(sit.counts, 0) > 0   # tanyao, kanchan 3m: 1,000 × 3 / 12


def test_issue_13_lookahead_refuses_a_shanten_it_does_not_search():
    sit = Situation.from_view(make_view("19m19p19s1234567z", drawn="1m"))
    with pytest.raises(ValueError, match="0..2 shanten"):
        lookahead.Lookahead(sit).ev([0] * 34, 3)


@pytest.mark.parametrize("hand, drawn, keep_value, ukeire_pick", [
    # tanyao: 9p and 6s leave the same ukeire; only dropping 9p keeps every tile simple
    ("3368m23456799p6s", "6s", "9p", "6s"),
    # sanshoku 789: 89m next to 789p and 89s; dropping 6m keeps it, dropping 9m (same ukeire) does not
    ("2689m34789p3558s", "9s", "6m", "9m"),
])
def test_issue_13_r_yaku_strong_keeps_the_value_among_discards_of_equal_ukeire(
        hand, drawn, keep_value, ukeire_pick, monkeypatch):
    view = make_view(hand, drawn=drawn)
    sit = Situation.from_view(view)
    opts = discard_options(sit.counts, sit.visible)
    a, b = opts[k(keep_value)], opts[k(ukeire_pick)]
    assert (a.shanten, a.ukeire) == (b.shanten, b.ukeire)
    assert decide("strong", view, 1).tile >> 2 == k(keep_value)
    monkeypatch.setattr(players, "LOOKAHEAD", False)  # the ukeire-only play of before differs
    monkeypatch.setattr(players, "YAKU_ROUTES", False)
    assert decide("strong", view, 1).tile >> 2 == k(ukeire_pick)


def test_issue_13_value_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(lookahead, "VALUE_CACHE_MAX", 5)
    lookahead.clear_cache()
    view = make_view("234m567p3588s67s1z", dora_indicators="9m")
    la = lookahead.Lookahead(Situation.from_view(view))
    la.ev(la.sit.counts, 1)
    assert 0 < len(lookahead._VALUE_CACHE) <= 5
    lookahead.clear_cache()


def _claim_view(hand: str, seat: int, from_seat: int, tile: str, call: str, kinds: tuple[str, str],
                **kw) -> dict:
    view = make_view(hand, seat=seat, dealer=0, claim=(from_seat, tile), dora_indicators="2s2p", **kw)
    own = [next(t for t in sorted(view["hand"]) if t >> 2 == k(kinds[0]))]
    own.append(next(t for t in sorted(view["hand"]) if t >> 2 == k(kinds[1]) and t not in own))
    view["legal_actions"].append({"type": call, "seat": seat, "tile": view["last_discard"]["tile"],
                                  "tiles": own})
    return view


@pytest.mark.parametrize("view, weighed, rules_only", [
    # open with 777m: pon 8m makes all-simples certain (tanyao, R-YAKU) at equal shanten, a call
    # the rule-based play never makes without a yakuhai
    (_claim_view("456m88m78p67s7z", 1, 3, "8m", "pon", ("8m", "8m"), melds={1: [("pon", "777m")]}),
     "pon", "pass"),
    # the dealer's closed hand with a double-East pair: chi 789p gives up riichi (R-CALL-7) for a
    # hand whose only yaku would be the East pon; the rules-only play calls since it lowers shanten
    (_claim_view("26m44445p78p12s11z", 0, 3, "9p", "chi", ("7p", "8p")), "pass", "chi"),
])
def test_issue_13_r_call_strong_calls_exactly_when_the_call_raises_the_lookahead_value(
        view, weighed, rules_only, monkeypatch):
    sit = Situation.from_view(view)
    call = next(a for a in view["legal_actions"] if a["type"] != "pass")
    c = sit.counts[:]
    for t in call["tiles"]:
        c[t >> 2] -= 1
    before = shanten_of(sit.counts)
    now = lookahead.Lookahead(sit).ev(sit.counts, before)
    after_call = players._call_lookahead(sit, call, c, before, now)
    assert (after_call > now) == (weighed != "pass")
    assert decide("strong", view, 1).type == weighed
    monkeypatch.setattr(players, "LOOKAHEAD", False)
    assert decide("strong", view, 1).type == rules_only
