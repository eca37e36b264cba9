"""Property tests of Taiwanese scoring and payments (hypothesis): random legal winning hands
are always scored (never an exception), totals add up, and the rules the spec states as
additions behave as additions (T-SCORE-1, T-SCORE-5 rule 10, T-ORIG-5, T-PAY-8, §7 item 4)."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given, settings, strategies as st

from rules_engine.taiwanese.scoring import DECLARED_LABELS, TAI_NAMES, TaiMeld, TaiWin, payments, score_win
from rules_engine.taiwanese.shape import counts_of, is_winning

BONUS = tuple(range(136, 144))


@st.composite
def winning_hands(draw, max_melds: int = 5) -> TaiWin:
    """A random legal winning hand with consistent flags: five sets (some declared) and a pair,
    or (sometimes) seven pairs and a triplet; never a fifth copy of a kind. Choices are made
    among the still-legal options, so nothing is filtered out."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[TaiMeld] = []

    def pick(options: list):
        return options[draw(st.integers(0, 1 << 20)) % len(options)]

    def same(n: int) -> tuple[int, ...]:
        k = pick([k for k in range(34) if counts[k] + n <= 4])
        counts[k] += n
        return (k,) * n

    if not max_melds and draw(st.integers(0, 4)) == 0 or draw(st.integers(0, 9)) == 0:
        for _ in range(7):  # seven pairs (a kind twice = four of a kind) and a triplet
            concealed.extend(same(2))
        concealed.extend(same(3))
    else:
        n_melds = draw(st.integers(0, max_melds))
        for i in range(5):
            starts = [s for s in range(27) if s % 9 <= 6 and all(counts[s + j] < 4 for j in range(3))]
            if starts and draw(st.booleans()):
                s0 = pick(starts)
                kinds = (s0, s0 + 1, s0 + 2)
                for k in kinds:
                    counts[k] += 1
                mtype = "chow"
            else:
                mtype = draw(st.sampled_from(("pung", "pung", "kong_exposed", "kong_added", "kong_concealed")))
                kinds = same(3 if mtype == "pung" or i >= n_melds else 4)
            if i < n_melds:
                melds.append(TaiMeld(mtype, kinds))
            else:
                concealed.extend(kinds)
        concealed.extend(same(2))
    concealed.sort()
    flowers = tuple(sorted(draw(st.sets(st.sampled_from(BONUS), max_size=8))))
    seat = draw(st.integers(0, 3))
    heavenly = not melds and seat == 0 and draw(st.integers(0, 9)) == 0
    self_draw = heavenly or draw(st.booleans())
    win_tile = None if heavenly else draw(st.sampled_from(concealed))
    robbing = not self_draw and draw(st.booleans())
    return TaiWin(
        concealed=tuple(concealed), melds=tuple(melds), flowers=flowers, win_tile=win_tile,
        self_draw=self_draw, seat_wind=seat, round_wind=draw(st.integers(0, 3)),
        last_tile=self_draw and draw(st.booleans()),
        last_discard=not self_draw and not robbing and draw(st.booleans()),
        robbing_kong=robbing,
        replacement_draw=self_draw and not heavenly and draw(st.booleans()),
        original_call=not melds and not heavenly and draw(st.booleans()),
        heavenly=heavenly,
        earthly=not self_draw and not robbing and seat != 0 and draw(st.integers(0, 9)) == 0,
        discards_before_win=draw(st.one_of(st.none(), st.integers(0, 12))))


FAST = settings(max_examples=120, deadline=None)


@FAST
@given(winning_hands())
def test_score_win_never_raises_on_legal_winning_hands(win):
    """T-SCORE-1, §3.2: every legal win scores at least 3 tai (Winning 2 plus a flower or no
    flowers 1), the total is the sum of the awards, and every award id is in the table."""
    n_sets = len(win.melds)
    assert is_winning(counts_of(win.concealed), n_sets)
    res = score_win(win)
    assert res.tai == sum(res.awards.values()) >= 3
    assert set(res.awards) <= set(TAI_NAMES)
    assert res.awards["T-TAI-03"] == 2
    assert len({"T-TAI-05", "T-TAI-06", "T-TAI-07", "T-TAI-09"} & set(res.awards)) <= 1
    assert len({"T-TAI-13", "T-TAI-14"} & set(res.awards)) <= 1
    assert len({f"T-TAI-{i}" for i in range(15, 19)} & set(res.awards)) <= 1
    assert len({f"T-TAI-{i}" for i in range(21, 25)} & set(res.awards)) <= 1
    assert len({"T-TAI-27", "T-TAI-28", "T-TAI-29"} & set(res.awards)) <= 1
    assert len({"T-TAI-36", "T-TAI-37", "T-TAI-39", "T-TAI-40"} & set(res.awards)) <= 1


@FAST
@given(winning_hands())
def test_winds_of_seat_and_round_never_change_the_score(win):
    """CHOSEN §7 item 4 / T-MATCH-4: honour sets score for any wind."""
    res = score_win(win)
    other = replace(win, round_wind=(win.round_wind + 1) % 4)
    assert score_win(other).tai == res.tai


@FAST
@given(winning_hands(), st.data())
def test_a_further_flower_adds_exactly_one(win, data):
    """T-TAI-04: with at least one flower already, one more flower adds exactly 1 tai. (From no
    flower to one the total can fall: the flower removes no flowers / the 10-tai chow award,
    EX-03 vs EX-04 — so "a flower never lowers the total" is not a property of this table.)"""
    assume(win.flowers and len(win.flowers) < 8)
    extra = data.draw(st.sampled_from([f for f in BONUS if f not in win.flowers]))
    more = replace(win, flowers=tuple(sorted(win.flowers + (extra,))))
    assert score_win(more).tai == score_win(win).tai + 1


@FAST
@given(winning_hands(max_melds=0))
def test_original_call_adds_exactly_fifteen(win):
    """T-ORIG-5 / T-TAI-38 adds to everything (T-SCORE-5 rule 10); a declarer makes no meld."""
    assume(not win.heavenly)
    a = score_win(replace(win, original_call=False))
    b = score_win(replace(win, original_call=True))
    assert b.tai == a.tai + 15 and b.awards.get("T-TAI-38") == 15


@FAST
@given(winning_hands())
def test_last_tile_and_last_discard_add_exactly_one(win):
    """T-TAI-33 / T-TAI-34 add (T-SCORE-5 rule 10)."""
    assume(not win.heavenly and not win.robbing_kong and not win.earthly)
    if win.self_draw:
        a, b = replace(win, last_tile=False), replace(win, last_tile=True)
    else:
        a, b = replace(win, last_discard=False), replace(win, last_discard=True)
    assert score_win(b).tai == score_win(a).tai + 1


@FAST
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(3, 200)), min_size=1, max_size=3,
                unique_by=lambda w: w[0]),
       st.integers(0, 3), st.booleans(), st.sampled_from([None, "eight_flowers", "seven_rob"]))
def test_payments_are_zero_sum_and_only_winners_gain(winners, payer, self_draw, flower_win):
    """T-PAY-8: every hand's payments sum to zero; T-PAY-2..6: a winner gains exactly his tai
    from one payer, or 3x from three; non-winners never gain."""
    seats = {s for s, _ in winners}
    if flower_win or self_draw:
        winners = winners[:1]
        seats = {winners[0][0]}
    assume(payer not in seats)
    out = payments(winners, discarder=None if self_draw else payer, self_draw=self_draw and not flower_win,
                   flower_win=flower_win, eighth_flower_owner=payer if flower_win == "seven_rob" else None)
    assert sum(out) == 0
    for s, t in winners:
        many = flower_win == "eight_flowers" or (self_draw and not flower_win)
        assert out[s] == (3 * t if many else t)
    assert all(out[s] <= 0 for s in range(4) if s not in seats)


@FAST
@given(winning_hands())
def test_reported_arrangement_covers_the_tiles_and_places_the_winning_tile(win):
    """T-SCORE-9: the arrangement reported uses exactly the concealed tiles (plus the declared
    sets unchanged) and the placement is a concealed group holding the winning tile."""
    res = score_win(win)
    concealed = sorted(k for label, kinds in res.arrangement if label in ("chow", "pung", "pair")
                       for k in kinds)
    assert concealed == sorted(win.concealed)
    declared = [(label, kinds) for label, kinds in res.arrangement if label not in ("chow", "pung", "pair")]
    assert declared == [(DECLARED_LABELS[m.type], tuple(sorted(m.kinds))) for m in win.melds]
    if res.placement is not None:
        label, kinds = res.arrangement[res.placement]
        assert label in ("chow", "pung", "pair") and win.win_tile in kinds
    else:
        assert win.heavenly or res.form == "seven_pairs"
