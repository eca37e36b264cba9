"""Shanten and complete hands (R-WIN-1, R-TENPAI-1, TV-06; rules_engine.core.shanten).

Exactness is checked three ways: against the ``mahjong`` package on seeded
random hands of every legal size, against an independent backtracking
decomposition for complete hands, and by the exchange-distance recursions
that define shanten (one draw lowers a 13-tile hand's shanten by exactly one
at best; a 14-tile hand's shanten is its best discard's).
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from rules_engine.core.shanten import (
    NOT_APPLICABLE,
    is_complete,
    shanten,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
)
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS, counts_of, parse_kinds

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


def c34(text: str) -> list[int]:
    return counts_of(parse_kinds(text), physical=False)


def random_hand(rng: random.Random, n: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    return counts_of(rng.sample(wall, n), physical=False)


def brute_complete(counts: list[int]) -> bool:
    """Independent R-WIN-1 check by backtracking (no tables)."""
    n = sum(counts)
    if n % 3 != 2:
        return False
    if n == 14:
        if sum(1 for c in counts if c == 2) == 7:
            return True
        th = [counts[k] for k in TERMINAL_HONOR_KINDS]
        if all(th) and sum(th) == 14:
            return True

    def sets_only(c: list[int]) -> bool:
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return True
        if c[i] >= 3:
            c[i] -= 3
            ok = sets_only(c)
            c[i] += 3
            if ok:
                return True
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for j in (i, i + 1, i + 2):
                c[j] -= 1
            ok = sets_only(c)
            for j in (i, i + 1, i + 2):
                c[j] += 1
            return ok
        return False

    work = list(counts)
    for k in range(34):
        if work[k] >= 2:
            work[k] -= 2
            ok = sets_only(work)
            work[k] += 2
            if ok:
                return True
    return False


# --------------------------------------------------------------- named cases

@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("123m456p789s1122z", 0, id="shanpon tenpai"),
        pytest.param("123m456p789s11222z", -1, id="R-WIN-1 standard complete"),
        pytest.param("19m19p19s1234567z", 0, id="R-WIN-1 kokushi 13-sided tenpai"),
        pytest.param("19m19p19s1234567z7z", -1, id="R-WIN-1 kokushi complete"),
        pytest.param("113355779m1133p", 0, id="R-WIN-1 seven pairs tenpai"),
        pytest.param("11335579m1133p4z", 1, id="seven pairs 1-shanten"),
        pytest.param("1111m234p567p789s", 1, id="TV-06 (a) a fifth 1m is no wait"),
        pytest.param("1111m33p55p77s99s2z", 2, id="TV-06 (d) four 1m are not two pairs"),
        pytest.param("11m", -1, id="pair with four melds is complete"),
        pytest.param("1m", 0, id="tanki with four melds"),
        pytest.param("1111m", 1, id="four of a kind with three melds cannot wait on a fifth"),
        pytest.param("1357m1357p1357s1z", 4, id="scattered hand: four kanchan blocks count"),
    ],
)
def test_named_shanten(hand: str, expected: int) -> None:
    counts = c34(hand)
    assert shanten(counts) == expected
    assert Shanten.calculate_shanten(counts) == expected


def test_r_win_1_chiitoitsu_needs_seven_different_pairs() -> None:
    """R-WIN-1 form 2 / TV-06 (d): four identical tiles are one pair, not two."""
    hand = c34("1111m33p55p77s99s2z2z")
    assert shanten_chiitoitsu(hand) == 1
    assert not is_complete(hand)
    assert shanten(hand) == 1


def test_r_win_1_seven_pairs_complete() -> None:
    hand = c34("11m33p55p77s99s22z33z")
    assert shanten_chiitoitsu(hand) == -1
    assert is_complete(hand)
    assert shanten_standard(hand) > -1


def test_r_win_1_kokushi_thirteen_sided() -> None:
    """R-YAKUMAN-10: the 13 orphans once each wait on all 13 (kokushi shanten 0)."""
    hand = c34("19m19p19s1234567z")
    assert shanten_kokushi(hand) == 0
    for k in TERMINAL_HONOR_KINDS:
        hand[k] += 1
        assert is_complete(hand), k
        assert shanten_kokushi(hand) == -1
        hand[k] -= 1


def test_forms_not_applicable_with_melds() -> None:
    """R-WIN-1: a hand with a meld (fewer than 13 concealed tiles) has no seven pairs or kokushi."""
    hand = c34("123m456p789s1z")  # 10 tiles: one meld
    assert shanten_chiitoitsu(hand) == NOT_APPLICABLE
    assert shanten_kokushi(hand) == NOT_APPLICABLE
    assert shanten(hand) == shanten_standard(hand) == 0


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param([0] * 33, id="33 entries"),
        pytest.param([5] + [0] * 33, id="five copies"),
        pytest.param([-1, 2] + [0] * 32, id="negative"),
        pytest.param([1] * 12 + [0] * 22, id="12 tiles"),
        pytest.param([2] * 8 + [0] * 26, id="16 tiles"),
        pytest.param("1234", id="not a list of ints"),
        pytest.param([1.0] * 13 + [0] * 21, id="floats"),
    ],
)
def test_r_hand_1_malformed_counts_raise(bad: object) -> None:
    for fn in (shanten, shanten_standard, shanten_chiitoitsu, shanten_kokushi, is_complete):
        with pytest.raises(ValueError):
            fn(bad)  # type: ignore[arg-type]


def test_bad_counts_are_not_modified() -> None:
    hand = [5] + [1] * 9 + [0] * 24
    before = list(hand)
    with pytest.raises(ValueError, match="kind 0 is 5"):
        shanten(hand)
    assert hand == before


# --------------------------------------------------------------- differential

@pytest.mark.parametrize("n", SIZES)
def test_matches_mahjong_package_on_random_hands(n: int) -> None:
    """2000 seeded random hands per size agree with ``mahjong.shanten`` on every form."""
    rng = random.Random(1000 + n)
    for _ in range(2000):
        hand = random_hand(rng, n)
        assert shanten(hand) == Shanten.calculate_shanten(hand), hand
        assert shanten_standard(hand) == Shanten.calculate_shanten_for_regular_hand(hand), hand
        if n >= 13:
            assert shanten_chiitoitsu(hand) == Shanten.calculate_shanten_for_chiitoitsu_hand(hand)
            assert shanten_kokushi(hand) == Shanten.calculate_shanten_for_kokushi_hand(hand)


def test_matches_mahjong_package_on_one_suit_hands() -> None:
    """Dense single-suit hands (chinitsu shapes) stress the suit tables hardest."""
    rng = random.Random(7)
    suit = [k for k in range(9) for _ in range(4)]
    for i in range(3000):
        n = SIZES[i % len(SIZES)]
        hand = counts_of(rng.sample(suit, n), physical=False)
        assert shanten(hand) == Shanten.calculate_shanten(hand), hand


def test_is_complete_matches_backtracking_on_near_complete_hands() -> None:
    """Random tenpai-ish 14-tile hands: tables and backtracking agree on R-WIN-1."""
    rng = random.Random(11)
    wins = 0
    for _ in range(3000):
        base = random_hand(rng, 13)
        k = rng.randrange(34)
        if base[k] == 4:
            continue
        base[k] += 1
        assert is_complete(base) == brute_complete(base), base
        wins += is_complete(base)
    # Built complete hands: four sets and a pair, then every 14-3m size.
    for _ in range(1500):
        hand = [0] * 34
        sets = rng.randrange(5)
        while sum(hand) < 3 * sets:
            if rng.random() < 0.5:
                k = rng.randrange(34)
                if hand[k] <= 1:
                    hand[k] += 3
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                ks = [9 * s + r + i for i in range(3)]
                if all(hand[j] < 4 for j in ks):
                    for j in ks:
                        hand[j] += 1
        k = rng.randrange(34)
        if hand[k] > 2:
            continue
        hand[k] += 2
        assert is_complete(hand) and brute_complete(hand), hand
        wins += 1
    assert wins > 1000


# --------------------------------------------------------------- properties

hands = st.integers(min_value=0, max_value=2**32).flatmap(
    lambda seed: st.sampled_from(SIZES).map(lambda n: random_hand(random.Random(seed), n))
)


@settings(max_examples=300, deadline=None)
@given(hands, st.permutations(range(3)))
def test_permuting_suits_changes_nothing(hand: list[int], perm: list[int]) -> None:
    """Swapping whole suits (and mirroring 1..9 -> 9..1) keeps every shanten."""
    moved = [0] * 34
    for s in range(3):
        for r in range(9):
            moved[9 * perm[s] + r] = hand[9 * s + r]
    moved[27:] = hand[27:]
    mirrored = [hand[9 * s + 8 - r] for s in range(3) for r in range(9)] + hand[27:]
    honors = hand[:27] + hand[27:][::-1]
    for other in (moved, mirrored, honors):
        assert shanten(other) == shanten(hand)
        assert shanten_standard(other) == shanten_standard(hand)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from((1, 4, 7, 10, 13)))
def test_one_draw_lowers_shanten_by_at_most_one(seed: int, n: int) -> None:
    """Exchange-distance recursion: for a 13-3m hand h,
    shanten(h) == 1 + min over drawable k of shanten(h + k), and for h + k,
    shanten(h + k) == min over discards d of shanten(h + k - d)."""
    hand = random_hand(random.Random(seed), n)
    s13 = shanten(hand)
    after_draw = []
    for k in range(34):
        if hand[k] == 4:
            continue
        hand[k] += 1
        s14 = shanten(hand)
        assert s13 - 1 <= s14 <= s13
        best_discard = min(
            shanten(hand[:d] + [hand[d] - 1] + hand[d + 1:]) for d in range(34) if hand[d]
        )
        # A complete hand's best discard leaves it tenpai.
        assert best_discard == max(s14, 0)
        after_draw.append(s14)
        hand[k] -= 1
    assert s13 == 1 + min(after_draw)


def test_docstring_examples_run() -> None:
    import doctest

    import rules_engine.core.shanten

    result = doctest.testmod(rules_engine.core.shanten)
    assert result.attempted >= 3 and result.failed == 0


def test_shipped_suit_data_matches_the_tables_it_caches() -> None:
    """``_suit_data.py`` (generated) holds exactly what the suit DP computes.

    Rebuilding all 405,350 suits takes about a minute, so every suit of at most
    six tiles and a seeded sample of 20,000 larger suits are recomputed with the
    DP and compared with the shipped table; the table's impossible cells (more
    than ``MAX_TILES`` tiles) must hold ``NO_VECTOR``.
    """
    import base64
    import random
    import zlib

    from rules_engine.core import _suit_data, _suit_tables

    table = zlib.decompress(base64.b64decode(_suit_data.TABLE))
    assert len(table) == _suit_data.SIZE == 5 ** 9
    assert _suit_data.MAX_TILES == _suit_tables.SHIPPED_MAX_TILES == 14
    keys = list(_suit_tables.suit_keys(_suit_data.MAX_TILES))
    assert sum(1 for b in table if b != _suit_tables.NO_VECTOR) == len(keys) == 405_350
    rng = random.Random(20261129)
    sample = [k for k in keys if sum(k) <= 6] + rng.sample([k for k in keys if sum(k) > 6], 20_000)
    for key in sample:
        assert _suit_data.VECTORS[table[_suit_tables.base5(key)]] == _suit_tables._suffix(0, 0, key), key.hex()
    too_many = bytes([4, 4, 4, 3, 0, 0, 0, 0, 0])  # 15 tiles
    assert table[_suit_tables.base5(too_many)] == _suit_tables.NO_VECTOR