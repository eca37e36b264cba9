"""Taiwanese winning shapes and waits (rules_engine.taiwanese.shape; T-WIN-1, T-WIN-2, T-WIN-3,
T-ORIG-3), checked against a brute-force search over the same hands."""
from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from rules_engine.taiwanese.notation import parse_kinds
from rules_engine.taiwanese.shape import (arrangements, counts_of, is_seven_pairs_triplet,
                                          is_winning, waiting_kinds)


def c(text: str) -> tuple[int, ...]:
    return counts_of(parse_kinds(text))


@lru_cache(maxsize=None)
def brute_regular(counts: tuple[int, ...], need_pair: bool = True) -> bool:
    """Five sets and a pair by plain recursion on the lowest tile (independent of shape.py)."""
    if not any(counts):
        return not need_pair
    i = next(k for k, x in enumerate(counts) if x)
    lst = list(counts)
    if need_pair and lst[i] >= 2:
        lst[i] -= 2
        if brute_regular(tuple(lst), False):
            return True
        lst[i] += 2
    if lst[i] >= 3:
        lst[i] -= 3
        if brute_regular(tuple(lst), need_pair):
            return True
        lst[i] += 3
    if i < 27 and i % 9 <= 6 and lst[i + 1] and lst[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        if brute_regular(tuple(lst), need_pair):
            return True
    return False


def test_t_win_1_five_sets_and_a_pair():
    assert is_winning(c("123m 456m 789m 234p 678p 55s"), 0)
    assert is_winning(c("123m 456m 55s"), 3)
    assert is_winning(c("55s"), 5)
    assert not is_winning(c("123m 456m 789m 234p 678p 56s"), 0)
    assert not is_winning(c("123m 456m 789m 234p 55s"), 0)  # 14 tiles: too few without melds


def test_t_win_1_honours_never_form_chows_and_no_wraparound():
    assert not is_winning(c("ESW 123m 456m 789m 234p 55s"), 0)
    assert not is_winning(c("891m 123m 456m 789p 234p 55s"), 0)


def test_t_win_2_seven_pairs_and_a_triplet_four_as_two_pairs():
    assert is_winning(c("1111m 55p 77p 99s EE CC 333s"), 0)
    assert is_seven_pairs_triplet(c("1111m 55p 77p 99s EE CC 333s"))
    assert not is_winning(c("1111m 55p 77p 99s EE CC 33s 4s"), 0)
    # only without any declared set (T-WIN-2)
    assert not is_winning(c("11m 55p 77p 99s EE 333s"), 1)
    # eight pairs and no triplet is not a hand (T-SETUP-5: no plain seven pairs)
    assert not is_seven_pairs_triplet(c("11m 22m 55p 77p 99s EE CC 33s 4s"))


def test_t_win_3_thirteen_orphans_is_not_a_win():
    assert not is_winning(c("19m 19p 19s ESWNPFC 123m 1m"), 0)


def test_arrangements_lists_every_division():
    arrs = arrangements(c("222m 333m 444m 678p 99s"))
    assert len(arrs) == 2  # 234m x3 or 222m 333m 444m (EX-07)
    assert all(pair == 26 for _sets, pair in arrs)
    assert arrangements(c("123m 456m 789m 234p 678p 56s")) == ()


def test_t_orig_3_waits_and_held_copies():
    assert waiting_kinds(c("123m 456m 789m 234p 678p 5s"), 0) == frozenset({22})
    assert waiting_kinds(c("123m 456m 789m 11p 23p"), 1) == frozenset({9, 12})
    # a kind of which the player holds all four copies is not a wait (T-ORIG-3)
    held = list(c("123m 456m 789m 11p 23p"))
    held[12] = 4  # all four 4p held, e.g. in a concealed kong
    assert waiting_kinds(c("123m 456m 789m 11p 23p"), 1, tuple(held)) == frozenset({9})
    assert waiting_kinds(c("123m 456m 789m 11p 56s"), 1) == frozenset({21, 24})
    # seven pairs and a triplet waits
    assert 33 in waiting_kinds(c("11m 55p 77p 99s EE CC 33s 88s"), 0)


def test_shape_rejects_malformed_tuples():
    with pytest.raises(ValueError):
        is_winning((0,) * 33, 0)
    with pytest.raises(ValueError):
        is_winning((5,) + (0,) * 33, 0)
    with pytest.raises(ValueError):
        waiting_kinds((0,) * 34, 6)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=17, max_size=17))
def test_is_winning_agrees_with_brute_force(kinds):
    counts = counts_of(kinds)
    if max(counts) > 4:
        return
    assert is_winning(counts, 0) == (brute_regular(counts) or is_seven_pairs_triplet(counts))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(range(9, 18)), min_size=14, max_size=14))
def test_waits_of_one_suit_agree_with_brute_force(kinds):
    """Dense one-suit hands (many arrangements) beside one meld: waits = kinds completing it."""
    counts = counts_of(kinds[:13])
    if max(counts) > 4:
        return
    expect = set()
    for k in range(34):
        if counts[k] < 4:
            lst = list(counts)
            lst[k] += 1
            if brute_regular(tuple(lst)):
                expect.add(k)
    assert waiting_kinds(counts, 1) == frozenset(expect)


def brute_arrangements(counts: tuple[int, ...]) -> set:
    """Every (sorted sets, pair) division by trying every pair kind and then every set on the
    lowest remaining tile (independent of shape.py's per-suit tables)."""
    out = set()

    def sets_of(c: list[int], acc: list) -> None:
        i = next((k for k, x in enumerate(c) if x), None)
        if i is None:
            out_sets.add(tuple(sorted(acc)))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets_of(c, acc + [(1, i)])
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for j in range(3):
                c[i + j] -= 1
            sets_of(c, acc + [(0, i)])
            for j in range(3):
                c[i + j] += 1

    for p in range(34):
        if counts[p] >= 2:
            c = list(counts)
            c[p] -= 2
            out_sets: set = set()
            sets_of(c, [])
            out |= {(s, p) for s in out_sets}
    return out


def test_arrangements_are_exactly_the_brute_force_divisions():
    """T-SCORE-3: the scorer sees every arrangement, each once (300 seeded random legal wins and
    300 dense one-suit winning hands)."""
    from rules_engine.taiwanese.random_hands import random_tai_wins
    import random

    cases = [counts_of(w.concealed) for w in random_tai_wins(11, 300)]
    rng = random.Random(5)
    while len(cases) < 600:  # dense winning hands: sets and the pair all of one suit
        c = [0] * 34
        base = 9 * rng.randrange(3)
        for _ in range(rng.choice((3, 4, 5))):
            if rng.random() < 0.6:
                r = base + rng.randrange(7)
                for j in range(3):
                    c[r + j] += 1
            else:
                c[base + rng.randrange(9)] += 3
        c[base + rng.randrange(9)] += 2
        if max(c) <= 4:
            cases.append(tuple(c))
    seen_many = 0
    for counts in cases:
        if max(counts) > 4:
            continue
        ours = arrangements(counts)
        assert len(set(ours)) == len(ours)
        assert set(ours) == brute_arrangements(counts)
        seen_many += len(ours) > 1
    assert seen_many >= 30  # the check met many hands with several arrangements
