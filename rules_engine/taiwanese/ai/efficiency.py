"""Tile efficiency of Taiwanese hands for the computer players: shanten, ukeire and discard
options on the 16/17-tile hand of five sets and a pair (T-WIN-1, T-WIN-2).

Counts are 34 kind counts of the concealed tiles; ``visible`` the 34 counts the seat sees
(``4 - visible[k]`` copies of ``k`` unseen); ``n_declared`` the seat's declared sets.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from rules_engine.taiwanese.ai.shanten import shanten

_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(range(max(k - 2, (k // 9) * 9), min(k + 3, (k // 9) * 9 + 9))) if k < 27 else (k,)
    for k in range(34))


def shanten_of(counts: Sequence[int], n_declared: int) -> int:
    """Shanten of concealed ``counts`` with ``n_declared`` declared sets (0 ready, -1 won)."""
    return shanten(counts, n_declared)


@lru_cache(maxsize=100_000)
def _ukeire_kinds(key: bytes, n_declared: int, base: int) -> tuple[int, ...]:
    c = bytearray(key)
    cand: set[int] = set()
    for k in range(34):
        if c[k]:
            cand.update(_NEAR[k])
    out = []
    for k in sorted(cand):
        if c[k] >= 4:
            continue
        c[k] += 1
        if shanten(c, n_declared) < base:
            out.append(k)
        c[k] -= 1
    return tuple(out)


def ukeire(counts: Sequence[int], visible: Sequence[int], n_declared: int,
           base: int | None = None) -> tuple[int, tuple[int, ...]]:
    """``(unseen copies, kinds)`` of the draws lowering the shanten of a waiting-size hand
    (``16 - 3 * n_declared`` tiles); for a ready hand the kinds are its waits."""
    key = bytes(counts)
    if base is None:
        base = shanten(key, n_declared)
    kinds = _ukeire_kinds(key, n_declared, base)
    return sum(4 - visible[k] for k in kinds), kinds


@dataclass(frozen=True, slots=True)
class Option:
    """Discarding ``kind``: ``shanten`` after it and the ``ukeire`` (unseen tiles, ``kinds``);
    ``ukeire`` is -1 when not computed (an option worse than the best shanten)."""

    kind: int
    shanten: int
    ukeire: int
    kinds: tuple[int, ...]


def discard_options(counts: Sequence[int], visible: Sequence[int], n_declared: int,
                    kinds: Sequence[int] | None = None, slack: int = 0) -> dict[int, Option]:
    """Shanten and ukeire after discarding each kind of ``kinds`` (default: every held kind)
    from an after-draw hand; ukeire only for options within ``slack`` of the best shanten."""
    c = bytearray(counts)
    if kinds is None:
        kinds = [k for k in range(34) if c[k]]
    sh: dict[int, int] = {}
    for k in kinds:
        c[k] -= 1
        sh[k] = shanten(c, n_declared)
        c[k] += 1
    best = min(sh.values())
    out: dict[int, Option] = {}
    for k, s in sh.items():
        if s <= best + slack:
            c[k] -= 1
            u, ks = ukeire(c, visible, n_declared, s)
            c[k] += 1
            out[k] = Option(k, s, u, ks)
        else:
            out[k] = Option(k, s, -1, ())
    return out


def isolation(kind: int, counts: Sequence[int]) -> int:
    """Own tiles within two of ``kind`` in its suit, itself excluded (0 = isolated)."""
    if kind >= 27:
        return counts[kind] - 1
    return sum(counts[j] for j in _NEAR[kind]) - 1


def centrality(kind: int) -> float:
    """How central ``kind`` is in its suit (0 honours, 1 terminals .. 3.5 for 4-6): the tie-break
    that throws edge tiles before middle ones."""
    if kind >= 27:
        return 0.0
    return (1.0, 2.0, 3.0, 3.5, 3.5, 3.5, 3.0, 2.0, 1.0)[kind % 9]
