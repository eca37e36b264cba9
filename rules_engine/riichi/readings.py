"""Readings of a complete hand: splits into sets and a pair (R-WIN-1, R-SCORE-2).

Works on 34-length count arrays of the *concealed* tiles (winning tile
included); declared melds are fixed and not part of the counts. A set is coded
as one int: ``k`` (0..26) = the sequence starting at kind ``k``; ``34 + k`` =
a triplet of kind ``k``. Suit splits are cached per 9-count pattern, so a
hand is decomposed by combining at most three cached lists.
"""
from __future__ import annotations

from typing import Sequence

TRIPLET = 34
"""Offset of triplet codes: ``TRIPLET + kind``."""

YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Split = tuple[int, tuple[int, ...]]
"""``(pair_kind, set_codes)``: pair kind 0..33 (or -1 inside a suit without pair) and sorted set codes."""

_SUIT_CACHE: tuple[dict[bytes, tuple[Split, ...]], ...] = ({}, {}, {})
"""Per suit (man, pin, sou): 9-count pattern (as ``bytes``) -> its splits, with kinds already offset."""
_SUITS = ((0, _SUIT_CACHE[0]), (9, _SUIT_CACHE[1]), (18, _SUIT_CACHE[2]))


def _search(c: list[int], i: int, pair: int, sets: list[int], out: set[Split], base: int) -> None:
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        out.add((pair, tuple(sets)))
        return
    k = base + i
    if c[i] >= 3:
        c[i] -= 3
        sets.append(TRIPLET + k)
        _search(c, i, pair, sets, out, base)
        sets.pop()
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append(k)
        _search(c, i, pair, sets, out, base)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if pair < 0 and c[i] >= 2:
        c[i] -= 2
        _search(c, i, k, sets, out, base)
        c[i] += 2


def suit_splits(base: int, counts9: Sequence[int]) -> tuple[Split, ...]:
    """Every split of one suit's tiles into sets and at most one pair (cached).

    ``base``: 0, 9 or 18 (first kind of the suit); ``counts9``: 9 counts.
    Returns ``()`` when the tiles cannot be split.
    """
    cache = _SUIT_CACHE[base // 9]
    key = bytes(counts9)
    hit = cache.get(key)
    if hit is None:
        out: set[Split] = set()
        if sum(key) % 3 != 1:
            _search(list(key), 0, -1, [], out, base)
        hit = tuple(sorted(out))
        cache[key] = hit
    return hit


_HONOR_CACHE: dict[bytes, Split | None] = {}
"""7 honor counts -> ``(pair_or_-1, triplet_codes)``, or ``None`` when honors cannot be split."""


_MISSING = (-2, ())


def _honor_split(key: bytes) -> Split | None:
    pair = -1
    hsets: list[int] = []
    k = 27
    for c in key:
        if c:
            if c == 3:
                hsets.append(TRIPLET + k)
            elif c == 2 and pair < 0:
                pair = k
            else:
                return None
        k += 1
    return (pair, tuple(hsets))


def standard_splits(counts: Sequence[int]) -> list[Split]:
    """Every split of ``counts`` (34 concealed counts) into sets and exactly one pair.

    Returns ``[]`` when the tiles do not form ``n`` sets and a pair (R-WIN-1 form 1).
    """
    c = bytes(counts)  # compact keys: one short bytes object per suit
    key = c[27:]
    head = _HONOR_CACHE.get(key, _MISSING)
    if head is _MISSING:
        head = _HONOR_CACHE[key] = _honor_split(key)
    if head is None:
        return []
    # While every suit so far splits one way only, the split is kept as (pair, sets).
    pair, sets = head
    acc: list[Split] | None = None
    for base, cache in _SUITS:
        sub = c[base:base + 9]
        parts = cache.get(sub)
        if parts is None:
            parts = suit_splits(base, sub)
        if not parts:
            return []
        if acc is None:
            if len(parts) == 1:
                p2, s2 = parts[0]
                if p2 >= 0:
                    if pair >= 0:
                        return []
                    pair = p2
                if s2:
                    sets += s2
                continue
            acc = [(pair, sets)]
        nxt: list[Split] = []
        for p1, s1 in acc:
            for p2, s2 in parts:
                if p2 >= 0:
                    if p1 >= 0:
                        continue
                    nxt.append((p2, s1 + s2))
                else:
                    nxt.append((p1, s1 + s2))
        if not nxt:
            return []
        acc = nxt
    if acc is None:
        return [(pair, sets)] if pair >= 0 else []
    return [s for s in acc if s[0] >= 0]


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven pairs of seven different kinds (R-WIN-1 form 2); four of a kind is not two pairs."""
    pairs = 0
    for c in counts:
        if c == 2:
            pairs += 1
        elif c:
            return False
    return pairs == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each of the 13 terminal/honor kinds plus one more of them (R-WIN-1 form 3)."""
    total = 0
    for k in YAOCHUU:
        c = counts[k]
        if c == 0:
            return False
        total += c
    return total == 14 and sum(counts) == 14


def wait_slots(split: Split, win_kind: int) -> list[tuple[str, int]]:
    """Every distinct role of the winning tile in ``split`` (R-SCORE-2, R-FU-7).

    Returns ``[(wait, code), ...]`` with wait ``tanki`` (code -1 = the pair),
    ``shanpon`` (code = the triplet), ``ryanmen``, ``kanchan`` or ``penchan``
    (code = the sequence).
    """
    pair, sets = split
    out: list[tuple[str, int]] = [("tanki", -1)] if pair == win_kind else []
    roles = _ROLES[win_kind]
    for code in sets:
        slot = roles[code]
        if slot is not None and slot not in out:
            out.append(slot)
    return out


def _role(code: int, win_kind: int) -> tuple[str, int] | None:
    """The role of a tile of kind ``win_kind`` in the set ``code``, or ``None`` when not in it."""
    if code >= TRIPLET:
        return ("shanpon", code) if code - TRIPLET == win_kind else None
    if not code <= win_kind <= code + 2:
        return None
    pos = win_kind - code
    if pos == 1:
        return ("kanchan", code)
    if (pos == 2 and code % 9 == 0) or (pos == 0 and code % 9 == 6):
        return ("penchan", code)
    return ("ryanmen", code)


_ROLE_VALUES: dict[tuple[str, int] | None, tuple[str, int] | None] = {}
_ROLES = tuple(tuple(_ROLE_VALUES.setdefault(r, r) for r in (_role(code, w) for code in range(TRIPLET + 34)))
               for w in range(34))
"""``_ROLES[win_kind][code]``: the winning tile's role in a set (``wait_slots``)."""
