"""Hand-shape questions the table asks many times per hand, memoized
(R-TENPAI-1, R-WIN-1, R-RIICHI-7).

``waits`` delegates to ``rules_engine.core.waits.waiting_kinds`` when that module is
present and otherwise uses the small complete-hand test below; either way
results are cached on the 34-count tuple, because the same concealed hand is
asked about again at every discard of the other seats.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator, Sequence

from rules_engine.core.tiles import TERMINAL_HONOR_KINDS

from rules_engine.core.shanten import shanten as _shanten

try:  # the shape module of the hand-evaluation engineer (docs/engine-api.md)
    from rules_engine.core.waits import waiting_kinds as _ext_waiting_kinds  # type: ignore
except ImportError:  # pragma: no cover - only before that module lands
    _ext_waiting_kinds = None


def counts34(tiles: Sequence[int]) -> list[int]:
    """34-length count list of physical tile ids."""
    c = [0] * 34
    for t in tiles:
        c[t >> 2] += 1
    return c


def _standard_complete(c: list[int], sets: int) -> bool:
    """True if counts ``c`` (sum 3*sets+2) split into ``sets`` sets and one pair."""
    for k in range(34):
        if c[k] >= 2:
            c[k] -= 2
            ok = _sets_only(c, 0)
            c[k] += 2
            if ok:
                return True
    return False


def _sets_only(c: list[int], k: int) -> bool:
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        return True
    if c[k] >= 3:
        c[k] -= 3
        ok = _sets_only(c, k)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1; c[k + 1] -= 1; c[k + 2] -= 1
        ok = _sets_only(c, k)
        c[k] += 1; c[k + 1] += 1; c[k + 2] += 1
        return ok
    return False


def is_complete_counts(c: Sequence[int]) -> bool:
    """R-WIN-1 shape test on concealed counts (sum 3n+2): standard, seven pairs, kokushi."""
    c = list(c)
    total = sum(c)
    if total == 14:
        if all(x in (0, 2) for x in c) and sum(1 for x in c if x == 2) == 7:
            return True
        if all(c[k] >= 1 for k in TERMINAL_HONOR_KINDS) and sum(c[k] for k in TERMINAL_HONOR_KINDS) == 14:
            return True
    return _standard_complete(c, (total - 2) // 3)


@lru_cache(maxsize=200_000)
def _waits_cached(key: tuple[int, ...], meld_key: tuple[int, ...]) -> frozenset[int]:
    if _shanten(key) != 0:  # fast exit: most hands are not tenpai
        return frozenset()
    if _ext_waiting_kinds is not None:
        meld_counts = list(meld_key) if any(meld_key) else None
        return frozenset(_ext_waiting_kinds(list(key), meld_counts))
    c = list(key)
    out = set()
    for k in range(34):
        if c[k] + meld_key[k] >= 4:
            continue
        c[k] += 1
        if is_complete_counts(c):
            out.add(k)
        c[k] -= 1
    return frozenset(out)


def meld_key(meld_tiles: Sequence[int]) -> tuple[int, ...]:
    """34-tuple of counts by kind of the tile ids in a seat's melds (the second argument of
    ``waits_of_counts``)."""
    mk = [0] * 34
    for t in meld_tiles:
        mk[t >> 2] += 1
    return tuple(mk)


def waits_of_counts(counts: tuple[int, ...], melds: tuple[int, ...]) -> frozenset[int]:
    """``waits`` on already counted tiles: ``counts`` (34-tuple) of a ``13 - 3m`` concealed
    hand and ``melds`` from ``meld_key`` (memoized; no validation, for the table's hot path)."""
    return _waits_cached(counts, melds)


def waits(concealed: Sequence[int], meld_tiles: Sequence[int] = ()) -> frozenset[int]:
    """Waiting kinds (R-TENPAI-1) of a ``13 - 3m`` concealed hand of tile ids; kinds held four
    times in concealed tiles and melds together are excluded."""
    return _waits_cached(tuple(counts34(concealed)), meld_key(meld_tiles))


def _readings(c: list[int], k: int, acc: list) -> Iterator[list]:
    """All ways to split counts ``c`` (sum 3n) into sets from kind ``k`` on; yields set lists
    of ``("t", kind)`` triplets and ``("s", lowest kind)`` sequences."""
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        yield list(acc)
        return
    if c[k] >= 3:
        c[k] -= 3
        acc.append(("t", k))
        yield from _readings(c, k, acc)
        acc.pop()
        c[k] += 3
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1; c[k + 1] -= 1; c[k + 2] -= 1
        acc.append(("s", k))
        yield from _readings(c, k, acc)
        acc.pop()
        c[k] += 1; c[k + 1] += 1; c[k + 2] += 1


def kind_always_triplet(c14: Sequence[int], kind: int) -> bool:
    """True if in every standard reading of the complete counts ``c14`` the tiles of ``kind``
    form exactly one triplet (never part of a sequence or the pair) (R-RIICHI-7 cond. 4).
    A hand with no standard reading (seven pairs, kokushi) returns False."""
    c = list(c14)
    found = False
    for p in range(34):
        if c[p] < 2:
            continue
        c[p] -= 2
        for reading in _readings(c, 0, []):
            found = True
            if p == kind or ("t", kind) not in reading or any(
                    s == "s" and k <= kind <= k + 2 for s, k in reading):
                c[p] += 2
                return False
        c[p] += 2
    return found
