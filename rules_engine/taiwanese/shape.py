"""Winning shapes of the Taiwanese 16-tile hand (T-WIN-1, T-WIN-2, T-ORIG-3).

Hands are given as *count tuples*: 34 ints, ``counts[k]`` = how many tiles of kind ``k``
(0..33, as in ``rules_engine.core.tiles``: 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s,
27-30 = E S W N, 31-33 = white, green, red dragon) the player holds *concealed*
(concealed kongs are declared sets and are not counted here). Flowers never appear.

- ``is_winning(counts, n_declared_sets)``: five sets and a pair in all (T-WIN-1), or, with
  no declared set at all, seven pairs and a triplet (T-WIN-2, four identical tiles counting
  as two pairs). Thirteen orphans and every other irregular form are not wins (T-WIN-3).
- ``arrangements(counts)``: every division of the concealed tiles into sets and one pair
  (T-SCORE-3), for scoring.
- ``waiting_kinds(counts16, n_declared_sets, held)``: the kinds that complete a 16-tile
  hand (its waits; "ready" of T-ORIG-3 when non-empty).

Everything is memoized on count tuples (per suit and per hand), so repeated questions
during a hand or a simulation cost a dictionary look-up.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

NUM_KINDS = 34
SETS_PER_HAND = 5
"""A regular Taiwanese hand is five sets and a pair (T-WIN-1)."""

CHOW, PUNG = 0, 1
"""Set codes of ``arrangements``: ``(CHOW, k)`` is the chow k, k+1, k+2 (k its lowest
kind); ``(PUNG, k)`` is three tiles of kind k."""

_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
"""(first kind, end kind, chows possible) of the characters, dots, bamboo and honours."""


@lru_cache(maxsize=None)
def _group_decomps(c: tuple[int, ...], suited: bool) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every way to divide one suit's (or the honours') count tuple into sets and at most
    one pair: ``((sets, pair_rank_or_-1), ...)`` with sets ``(CHOW|PUNG, rank)`` sorted,
    ranks relative to the group. Empty tuple when impossible."""
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return (((), -1),)
    out: list[tuple[tuple[tuple[int, int], ...], int]] = []
    lst = list(c)
    if c[i] >= 3:
        lst[i] -= 3
        for sets, pair in _group_decomps(tuple(lst), suited):
            out.append((tuple(sorted(((PUNG, i),) + sets)), pair))
        lst[i] += 3
    if c[i] >= 2:
        lst[i] -= 2
        for sets, pair in _group_decomps(tuple(lst), suited):
            if pair < 0:
                out.append((sets, i))
        lst[i] += 2
    if suited and i + 2 < n and c[i + 1] and c[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        for sets, pair in _group_decomps(tuple(lst), suited):
            out.append((tuple(sorted(((CHOW, i),) + sets)), pair))
    return tuple(sorted(set(out)))


@lru_cache(maxsize=None)
def _group_ok(c: tuple[int, ...], suited: bool) -> tuple[bool, bool]:
    """``(divisible into sets only, divisible into sets and exactly one pair)``."""
    no_pair = with_pair = False
    for _sets, pair in _group_decomps(c, suited):
        if pair < 0:
            no_pair = True
        else:
            with_pair = True
    return no_pair, with_pair


def _check_counts(counts: tuple[int, ...]) -> None:
    if len(counts) != NUM_KINDS or any(not 0 <= x <= 4 for x in counts):
        raise ValueError(f"a count tuple has 34 entries of 0..4, got {counts!r}")


@lru_cache(maxsize=1 << 16)
def is_regular(counts: tuple[int, ...]) -> bool:
    """True if the concealed ``counts`` divide into sets and exactly one pair (T-WIN-1; the
    number of sets follows from the tile count, which must be 3n + 2)."""
    if sum(counts) % 3 != 2:
        return False
    pairs = 0
    for lo, hi, suited in _GROUPS:
        no_pair, with_pair = _group_ok(counts[lo:hi], suited)
        if no_pair:
            continue
        if with_pair:
            pairs += 1
            if pairs > 1:
                return False
            continue
        return False
    return pairs == 1


def is_seven_pairs_triplet(counts: tuple[int, ...]) -> bool:
    """True for seven pairs and one triplet in 17 concealed tiles (T-WIN-2): exactly one kind
    held three times, every other held kind twice or four times (four = two pairs)."""
    if sum(counts) != 17:
        return False
    triplets = 0
    for x in counts:
        if x == 3:
            triplets += 1
        elif x == 1:
            return False
    return triplets == 1


@lru_cache(maxsize=1 << 16)
def is_winning(counts: tuple[int, ...], n_declared_sets: int) -> bool:
    """Whether concealed ``counts`` (34 ints, winning tile included) plus ``n_declared_sets``
    declared sets (melds and concealed kongs, 0..5) form a winning hand: T-WIN-1 (the
    concealed tiles give the other 5 − n sets and the pair) or, when ``n_declared_sets`` is 0,
    T-WIN-2 (seven pairs and a triplet). Raises ``ValueError`` for a malformed tuple or
    ``n_declared_sets`` outside 0..5."""
    _check_counts(counts)
    if not 0 <= n_declared_sets <= SETS_PER_HAND:
        raise ValueError(f"n_declared_sets is 0..5, got {n_declared_sets!r}")
    if sum(counts) != 3 * (SETS_PER_HAND - n_declared_sets) + 2:
        return False
    if n_declared_sets == 0 and is_seven_pairs_triplet(counts):
        return True
    return is_regular(counts)


@lru_cache(maxsize=1 << 16)
def arrangements(counts: tuple[int, ...]) -> tuple[tuple[tuple[tuple[int, int], ...], int], ...]:
    """Every arrangement of the concealed ``counts`` as sets and one pair (T-SCORE-3):
    ``((sets, pair_kind), ...)`` where ``sets`` is a sorted tuple of ``(CHOW, k)`` /
    ``(PUNG, k)`` with absolute kinds. Empty when the tiles do not form sets and a pair.
    Seven pairs and a triplet is not listed here (see ``is_seven_pairs_triplet``)."""
    _check_counts(counts)
    if sum(counts) % 3 != 2:
        return ()
    per_group = []
    for lo, hi, suited in _GROUPS:
        ds = _group_decomps(counts[lo:hi], suited)
        if not ds:
            return ()
        per_group.append([(tuple((t, r + lo) for t, r in sets), pair + lo if pair >= 0 else -1)
                          for sets, pair in ds])
    out = []
    for combo in product(*per_group):
        pairs = [p for _s, p in combo if p >= 0]
        if len(pairs) != 1:
            continue
        sets = tuple(sorted(s for group_sets, _p in combo for s in group_sets))
        out.append((sets, pairs[0]))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _waits(counts16: tuple[int, ...], n_declared_sets: int) -> frozenset[int]:
    out = set()
    lst = list(counts16)
    for k in range(NUM_KINDS):
        if lst[k] >= 4:
            continue
        lst[k] += 1
        if is_winning(tuple(lst), n_declared_sets):
            out.add(k)
        lst[k] -= 1
    return frozenset(out)


def waiting_kinds(counts16: tuple[int, ...], n_declared_sets: int,
                  held: tuple[int, ...] | None = None) -> frozenset[int]:
    """The kinds whose addition makes ``counts16`` (the concealed tiles of a hand one tile
    short: 3 × (5 − n) + 1 tiles) a winning hand with ``n_declared_sets`` declared sets
    (T-WIN-1, T-WIN-2). ``held`` (34 ints, optional): the player's copies of each kind
    counting his melds and concealed kongs too; kinds of which he holds all four are left
    out (T-ORIG-3: a hand is *ready* iff the result is non-empty). Raises ``ValueError`` for
    malformed tuples."""
    _check_counts(counts16)
    if not 0 <= n_declared_sets <= SETS_PER_HAND:
        raise ValueError(f"n_declared_sets is 0..5, got {n_declared_sets!r}")
    waits = _waits(counts16, n_declared_sets)
    if held is None or not waits:
        return waits
    if len(held) != NUM_KINDS:
        raise ValueError("held has 34 entries")
    return frozenset(k for k in waits if held[k] < 4)


def counts_of(kinds) -> tuple[int, ...]:
    """The count tuple of an iterable of kinds 0..33 (``ValueError`` for a bad kind)."""
    kinds = tuple(kinds)
    c = [0] * NUM_KINDS
    try:
        for k in kinds:
            c[k] += 1
    except (IndexError, TypeError):
        raise ValueError(f"tile kinds are ints 0..33, got {kinds!r}") from None
    if kinds and min(kinds) < 0:
        raise ValueError(f"tile kinds are ints 0..33, got {kinds!r}")
    return tuple(c)
