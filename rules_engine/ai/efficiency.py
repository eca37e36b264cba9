"""Tile efficiency for the computer players: shanten, ukeire and improving tiles.

Counts are 34-length lists (or ``bytearray``) of concealed tiles by kind, as in
``rules_engine.core.shanten`` (melds are not in them). ``visible`` is the 34-length
count of tiles the seat can see (own hand included), so ``4 - visible[k]`` is
the number of copies of kind ``k`` that may still be drawn or discarded by others.

Everything here is on the players' hot path: it calls the unchecked
``shanten_from_key`` of ``rules_engine.core.shanten`` and only tries draw kinds that
can touch the hand (same kind, a neighbour within two in the suit, or any
terminal/honour while the hand is concealed for kokushi).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from rules_engine.core.shanten import shanten_from_key
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS

_NEAR: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(max(k - 2, (k // 9) * 9), min(k + 3, (k // 9) * 9 + 9))) if k < 27 else (k,)
    for k in range(34))
"""For each kind, the kinds a draw of which can join it in a set (same suit within two)."""


def shanten_of(counts: Sequence[int]) -> int:
    """Shanten of concealed ``counts`` (13-3m or 14-3m tiles): 0 tenpai, -1 complete (R-WIN-1)."""
    return shanten_from_key(bytes(counts), sum(counts))


def candidate_draws(counts: Sequence[int]) -> list[int]:
    """Kinds worth trying as a draw for ``counts``: near a held kind, plus terminals/honours
    when the hand holds 13+ tiles (kokushi, seven pairs need held kinds only)."""
    seen = set()
    for k in range(34):
        if counts[k]:
            seen.update(_NEAR[k])
    if sum(counts) >= 13:
        seen.update(TERMINAL_HONOR_KINDS)
    return sorted(seen)


def ukeire(counts: Sequence[int], visible: Sequence[int], shanten: int | None = None
           ) -> tuple[int, list[int]]:
    """Tiles that lower the shanten of a 13-3m tile hand.

    Returns ``(number of unseen copies, kinds)``: ``kinds`` are the draw kinds
    that lower the shanten (for a tenpai hand: its waits by shape); the number
    counts ``4 - visible[k]`` copies of each. ``shanten`` may be passed when known.
    """
    key = bytes(counts)
    n = sum(key)
    base = shanten_from_key(key, n) if shanten is None else shanten
    kinds = _ukeire_kinds(key, n, base)
    return sum(4 - visible[k] for k in kinds), list(kinds)


@lru_cache(maxsize=65536)
def _ukeire_kinds(key: bytes, n: int, base: int) -> tuple[int, ...]:
    """Draw kinds lowering the shanten ``base`` of the hand ``key`` (cached: the same hands
    recur across the discards and draws a player examines)."""
    c = bytearray(key)
    kinds: list[int] = []
    for k in candidate_draws(c):
        if c[k] >= 4:
            continue
        c[k] += 1
        if shanten_from_key(bytes(c), n + 1) < base:
            kinds.append(k)
        c[k] -= 1
    return tuple(kinds)


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """Efficiency of discarding one kind from a 14-3m tile hand.

    ``shanten`` after the discard; ``ukeire`` unseen tiles that lower it and their ``kinds``
    (computed only for options at the best shanten, else ``ukeire`` is -1).
    """

    kind: int
    shanten: int
    ukeire: int
    kinds: tuple[int, ...]


def discard_options(counts: Sequence[int], visible: Sequence[int], *, all_ukeire: bool = False
                    ) -> dict[int, DiscardOption]:
    """Shanten and ukeire after discarding each held kind of a 14-3m tile hand.

    ``counts``: 34-length list. With ``all_ukeire`` the ukeire is computed for every
    option (the strong player weighs slower routes when folding); otherwise only for
    options keeping the best shanten. Returns ``{kind: DiscardOption}``.
    """
    c = bytearray(counts)
    n = sum(c)
    sh: dict[int, int] = {}
    for k in range(34):
        if c[k]:
            c[k] -= 1
            sh[k] = shanten_from_key(bytes(c), n - 1)
            c[k] += 1
    best = min(sh.values())
    out: dict[int, DiscardOption] = {}
    for k, s in sh.items():
        if s == best or all_ukeire:
            c[k] -= 1
            u, kinds = ukeire(c, visible, s)
            c[k] += 1
            out[k] = DiscardOption(k, s, u, tuple(kinds))
        else:
            out[k] = DiscardOption(k, s, -1, ())
    return out


def improving_tiles(counts: Sequence[int], visible: Sequence[int], shanten: int, base_ukeire: int,
                    budget: int = 12) -> int:
    """Unseen copies of draw kinds that keep the shanten of a 13-3m hand but, after the best
    discard, raise its ukeire above ``base_ukeire`` (improving tiles, e.g. a kanchan turning
    into a ryanmen). Only the ``budget`` nearest non-ukeire draw kinds are tried (speed).
    """
    c = bytearray(counts)
    n = sum(c)
    total = 0
    tried = 0
    held = [k for k in range(34) if c[k]]
    for k in candidate_draws(c):
        if c[k] >= 4 or 4 - visible[k] <= 0:
            continue
        c[k] += 1
        if shanten_from_key(bytes(c), n + 1) < shanten:  # ukeire tile, not an improvement
            c[k] -= 1
            continue
        tried += 1
        improved = False
        for j in held + [k]:
            if j == k and c[k] == 1:
                continue  # discarding the drawn tile gives back the same hand
            if not c[j]:
                continue
            c[j] -= 1
            if shanten_from_key(bytes(c), n) == shanten:
                u, _ = ukeire(c, visible, shanten)
                if u > base_ukeire:
                    improved = True
            c[j] += 1
            if improved:
                break
        c[k] -= 1
        if improved:
            total += 4 - visible[k]
        if tried >= budget:
            break
    return total
