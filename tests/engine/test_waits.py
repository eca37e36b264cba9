"""Waiting kinds, tenpai and ukeire (R-TENPAI-1, R-TENPAI-2, TV-06; rules_engine.core.waits).

Waits are checked against brute force (add each kind, ask R-WIN-1); ukeire
against its definition (kinds whose draw lowers shanten) with copies left.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.core.shanten import is_complete, shanten
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS, counts_of, format_kinds, parse_kinds
from rules_engine.core.waits import discard_ukeire, is_tenpai, ukeire, waiting_kinds


def c34(text: str) -> list[int]:
    return counts_of(parse_kinds(text), physical=False)


def brute_waits(counts: list[int], melds: list[int] | None = None) -> list[int]:
    melds = melds or [0] * 34
    out = []
    for k in range(34):
        if counts[k] + melds[k] >= 4:
            continue
        counts[k] += 1
        if is_complete(counts):
            out.append(k)
        counts[k] -= 1
    return out


def random_hand(rng: random.Random, n: int) -> list[int]:
    wall = [k for k in range(34) for _ in range(4)]
    return counts_of(rng.sample(wall, n), physical=False)


def random_tenpai(rng: random.Random, n: int) -> list[int]:
    """A random complete hand of n + 1 tiles minus one tile (tenpai by shape)."""
    while True:
        hand = [0] * 34
        k = rng.randrange(34)
        hand[k] = 2
        while sum(hand) < n + 1:
            if rng.random() < 0.3:
                k = rng.randrange(34)
                if hand[k] <= 1:
                    hand[k] += 3
            else:
                s, r = rng.randrange(3), rng.randrange(7)
                ks = [9 * s + r + i for i in range(3)]
                if all(hand[j] < 4 for j in ks):
                    for j in ks:
                        hand[j] += 1
        d = rng.choice([k for k in range(34) if hand[k]])
        hand[d] -= 1
        return hand


# --------------------------------------------------------------- named rules

@pytest.mark.parametrize(
    ("hand", "melds", "waits"),
    [
        pytest.param("123m456p789s1122z", "", "12z", id="R-TENPAI-1 shanpon"),
        pytest.param("1112345678999m", "", "123456789m", id="R-TENPAI-1 nine gates waits on nine kinds"),
        pytest.param("19m19p19s1234567z", "", "19m19p19s1234567z", id="R-TENPAI-1 kokushi 13-sided"),
        pytest.param("1111m234p567p789s", "", "", id="TV-06 (a) a fifth 1m is no wait: noten"),
        pytest.param("567p345s1z", "234m999s", "1z", id="TV-06 (b) formal tenpai on 1z with melds"),
        pytest.param("1111m33p55p77s99s2z", "", "", id="TV-06 (d) four 1m are not two pairs"),
        pytest.param("123m456p123s9s", "999s", "", id="R-TENPAI-1 tanki on a kind held four times counting the pon: noten"),
        pytest.param("1m", "111m222p333s444z", "", id="R-TENPAI-1 last tile tanki on own pon kind: noten"),
        pytest.param("123m456p1789s", "789s", "1s", id="R-TENPAI-1 a chi's 9s does not remove the 1s wait"),
        pytest.param("113355m2244p66s7z", "", "7z", id="R-WIN-1 seven pairs tanki"),
    ],
)
def test_named_waits(hand: str, melds: str, waits: str) -> None:
    counts = c34(hand)
    meld_counts = c34(melds) if melds else None
    assert format_kinds(waiting_kinds(counts, meld_counts)) == waits
    assert is_tenpai(counts, meld_counts) == bool(waits)


def test_r_tenpai_2_tv_06_c_tanki_with_all_copies_visible_is_tenpai() -> None:
    """TV-06 (c) / R-TENPAI-2: visibility never matters for tenpai; ukeire shows 0 left."""
    hand = c34("123m456p789s234s4z")
    assert waiting_kinds(hand) == [30]
    visible = [0] * 34
    visible[30] = 3
    assert ukeire(hand, visible) == ([(30, 0)], 0)


def test_r_tenpai_1_kokushi_13_sided_waits_on_every_terminal_and_honor() -> None:
    """R-YAKUMAN-10: the 13 orphans once each wait on all 13 terminal-or-honor kinds."""
    assert waiting_kinds(c34("19m19p19s1234567z")) == list(TERMINAL_HONOR_KINDS)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: waiting_kinds(c34("123m456p789s11z2z44z")), id="14 tiles"),
        pytest.param(lambda: waiting_kinds(c34("123m456p789s1z"), [0] * 33), id="short meld_counts"),
        pytest.param(lambda: waiting_kinds(c34("123m456p789s1z"), [5] + [0] * 33), id="five in melds"),
        pytest.param(lambda: discard_ukeire(c34("123m456p789s1z")), id="discard_ukeire on 13-3m"),
        pytest.param(lambda: waiting_kinds(c34("123m456p789s9s"), c34("999s")), id="five 9s in hand+melds"),
        pytest.param(lambda: ukeire(c34("1111m234p567p789s"), [1] + [0] * 33), id="five 1m in hand+visible"),
    ],
)
def test_bad_input_raises_value_error(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        call()


# --------------------------------------------------------------- brute force

@pytest.mark.parametrize("n", (1, 4, 7, 10, 13))
def test_waits_match_brute_force(n: int) -> None:
    rng = random.Random(300 + n)
    tenpai = 0
    for i in range(600):
        hand = random_tenpai(rng, n) if i % 2 else random_hand(rng, n)
        melds = [0] * 34
        for k in rng.sample(range(34), 3):
            melds[k] = min(rng.randrange(4), 4 - hand[k])
        assert waiting_kinds(hand) == brute_waits(hand), hand
        assert waiting_kinds(hand, melds) == brute_waits(hand, melds), (hand, melds)
        # Shanten never counts on a fifth copy, so tenpai and shanten 0 agree.
        assert is_tenpai(hand) == (shanten(hand) == 0)
        tenpai += is_tenpai(hand)
    assert tenpai >= 250  # the built half is tenpai (the test sees real waits)


def _ukeire_by_definition(counts: list[int], visible: list[int]) -> list[tuple[int, int]]:
    now = shanten(counts)
    out = []
    for k in range(34):
        if counts[k] == 4:
            continue
        counts[k] += 1
        if shanten(counts) < now:
            out.append((k, 4 - (counts[k] - 1) - visible[k]))
        counts[k] -= 1
    return out


def _random_visible(rng: random.Random, hand: list[int]) -> list[int]:
    visible = [0] * 34
    for k in rng.sample(range(34), 10):
        visible[k] = rng.randrange(5 - hand[k])
    return visible


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from((1, 4, 7, 10, 13)))
def test_ukeire_13_tiles_by_definition(seed: int, n: int) -> None:
    rng = random.Random(seed)
    hand = random_tenpai(rng, n) if seed % 3 == 0 else random_hand(rng, n)
    visible = _random_visible(rng, hand)
    kinds, total = ukeire(hand, visible)
    assert kinds == _ukeire_by_definition(hand, visible)
    assert total == sum(r for _, r in kinds)
    assert all(0 <= r <= 4 - hand[k] for k, r in kinds)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from((2, 5, 8, 11, 14)))
def test_discard_ukeire_by_definition(seed: int, n: int) -> None:
    rng = random.Random(seed)
    hand = random_hand(rng, n)
    visible = _random_visible(rng, hand)
    table = discard_ukeire(hand, visible)
    assert sorted(table) == [k for k in range(34) if hand[k]]
    best = min(after for after, _, _ in table.values())
    assert best == max(shanten(hand), 0)
    union: set[int] = set()
    for d, (after, kinds, total) in table.items():
        rest = list(hand)
        rest[d] -= 1
        assert after == shanten(rest)
        # Copies left count the discarded tile as gone.
        expected = [(k, r - (1 if k == d else 0)) for k, r in _ukeire_by_definition(rest, visible)]
        assert kinds == expected
        assert total == sum(r for _, r in kinds)
        if after == best:
            union.update(k for k, _ in kinds)
    if shanten(hand) >= 0:
        assert [k for k, _ in ukeire(hand, visible)[0]] == sorted(union)
    else:
        assert ukeire(hand, visible) == ([], 0)


def test_ukeire_named_example() -> None:
    """Ryanmen + ryanmen 1-shanten: 23m 67p draws 1m/4m/5p/8p; 2 of 4m visible."""
    hand = c34("23m67p123s456s77z9m")  # 13 tiles
    visible = [0] * 34
    visible[3] = 2
    kinds, total = ukeire(hand, visible)
    assert format_kinds(k for k, _ in kinds) == "14m58p"
    assert dict(kinds)[3] == 2 and dict(kinds)[0] == 4
    assert total == sum(r for _, r in kinds)


def test_docstring_examples_run() -> None:
    import doctest

    import rules_engine.core.waits

    result = doctest.testmod(rules_engine.core.waits)
    assert result.attempted >= 1 and result.failed == 0
