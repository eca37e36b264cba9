"""Waiting kinds, tenpai and ukeire (R-TENPAI-1, R-TENPAI-2; riichi.md §3.13).

``counts`` is a 34-length list of concealed-tile counts by kind (see
``rules_engine.shanten``); ``meld_counts`` and ``visible`` are 34-length
count lists as well. Everything here is shape-based: yaku are ignored
(R-TENPAI-2: formal tenpai is tenpai).

>>> from rules_engine.tiles import counts_of, parse_kinds
>>> waiting_kinds(counts_of(parse_kinds("123m456p789s1122z"), physical=False))
[27, 28]
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.shanten import shanten_from_key, to_key
from rules_engine.tiles import NUM_KINDS

_KINDS = range(NUM_KINDS)


def _counts34(name: str, values: Sequence[int] | None) -> bytes:
    """Validate an optional 34-length count list (0..4 each) and return it as bytes."""
    if values is None:
        return bytes(NUM_KINDS)
    try:
        b = bytes(values)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be 34 ints 0..4, got {values!r}") from None
    if len(b) != NUM_KINDS or max(b) > 4:
        raise ValueError(f"{name} must be 34 ints 0..4, got {list(b)!r}")
    return b


def _improving(b: bytes, n: int, current: int) -> list[int]:
    """Kinds (held fewer than 4 times) whose draw lowers the shanten of ``b`` below ``current``."""
    work = bytearray(b)
    out = []
    for k in _KINDS:
        c = work[k]
        if c == 4:
            continue
        work[k] = c + 1
        if shanten_from_key(bytes(work), n + 1) < current:
            out.append(k)
        work[k] = c
    return out


def waiting_kinds(counts: Sequence[int], meld_counts: Sequence[int] | None = None) -> list[int]:
    """Waiting kinds of a ``13 - 3m`` hand, ascending (R-TENPAI-1).

    ``counts``: ``list[int]`` of length 34, the concealed tiles.
    ``meld_counts``: ``list[int]`` of length 34 counting the tiles of the
    player's own melds (kans count four), or None for a closed hand.
    A kind ``k`` waits if one more tile of ``k`` completes the hand under
    R-WIN-1 (ignoring yaku), unless the player already holds all four copies of
    ``k`` in concealed tiles and melds together (TV-06 (a)). Copies visible
    elsewhere do not matter (R-TENPAI-2, TV-06 (c)).
    Raises ``ValueError`` for malformed input (including more than four copies
    of a kind in concealed tiles and melds together) or a ``14 - 3m`` hand.
    """
    b, n = to_key(counts)
    if n % 3 != 1:
        raise ValueError(f"waiting kinds need a hand of 13-3m concealed tiles, got {n} (R-HAND-1)")
    melds = _counts34("meld_counts", meld_counts)
    for k in _KINDS:
        if b[k] + melds[k] > 4:
            raise ValueError(f"kind {k}: {b[k]} concealed plus {melds[k]} in melds exceeds the 4 copies (R-TILE-1)")
    if shanten_from_key(b, n) != 0:
        return []
    return [k for k in _improving(b, n, 0) if b[k] + melds[k] < 4]


def is_tenpai(counts: Sequence[int], meld_counts: Sequence[int] | None = None) -> bool:
    """True if the ``13 - 3m`` hand has at least one waiting kind (R-TENPAI-2).

    Same arguments and errors as ``waiting_kinds``. ``1111m234p567p789s`` is
    not tenpai: its only completing tile would be a fifth ``1m`` (TV-06 (a)).
    """
    return bool(waiting_kinds(counts, meld_counts))


def ukeire(counts: Sequence[int], visible: Sequence[int] | None = None) -> tuple[list[tuple[int, int]], int]:
    """Tile acceptance: the kinds whose draw lowers the shanten, with copies left.

    ``counts``: ``list[int]`` of length 34 (``13 - 3m`` or ``14 - 3m`` concealed
    tiles). ``visible``: 34-length counts of tiles seen outside the concealed
    hand (discards, every meld including the player's own, dora indicators),
    or None. Returns ``([(kind, remaining), ...], total)`` in ascending kind
    order, ``remaining = max(0, 4 - counts[kind] - visible[kind])`` and
    ``total`` their sum. Kinds whose copies are all visible are listed with 0.

    For a ``14 - 3m`` hand the result is the union over the discards that keep
    the hand's shanten (the best discards); ``discard_ukeire`` gives each
    discard separately. A complete hand has no ukeire (``([], 0)``).
    Raises ``ValueError`` for malformed input, or if a kind's ``counts`` plus
    ``visible`` exceed 4.
    """
    b, n = to_key(counts)
    seen = _visible_bytes(b, visible)
    current = shanten_from_key(b, n)
    if current < 0:
        return [], 0
    if n % 3 == 1:
        kinds = _improving(b, n, current)
    else:
        found: set[int] = set()
        work = bytearray(b)
        for d in _KINDS:
            c = work[d]
            if not c:
                continue
            work[d] = c - 1
            key = bytes(work)
            if shanten_from_key(key, n - 1) == current:
                found.update(_improving(key, n - 1, current))
            work[d] = c
        kinds = sorted(found)
    pairs = [(k, 4 - b[k] - seen[k]) for k in kinds]
    return pairs, sum(r for _, r in pairs)


def discard_ukeire(
    counts: Sequence[int], visible: Sequence[int] | None = None
) -> dict[int, tuple[int, list[tuple[int, int]], int]]:
    """Ukeire after each possible discard of a ``14 - 3m`` hand.

    ``counts``: ``list[int]`` of length 34; ``visible`` as in ``ukeire``. The
    discarded copy counts as gone: ``remaining = 4 - counts[kind] -
    visible[kind]`` with ``counts`` before the discard. Returns
    ``{discard_kind: (shanten_after, [(kind, remaining), ...], total)}`` for
    every held kind, where ``shanten_after`` is the shanten of the remaining
    ``13 - 3m`` tiles and the list holds the kinds that lower it.
    Raises ``ValueError`` for malformed input or a ``13 - 3m`` hand.
    """
    b, n = to_key(counts)
    if n % 3 != 2:
        raise ValueError(f"discard_ukeire needs a hand of 14-3m concealed tiles, got {n} (R-HAND-1)")
    seen = _visible_bytes(b, visible)
    out: dict[int, tuple[int, list[tuple[int, int]], int]] = {}
    work = bytearray(b)
    for d in _KINDS:
        c = work[d]
        if not c:
            continue
        work[d] = c - 1
        key = bytes(work)
        after = shanten_from_key(key, n - 1)
        # The discarded copy is gone too, so copies left use the counts before it.
        pairs = [(k, 4 - b[k] - seen[k]) for k in _improving(key, n - 1, after)]
        out[d] = (after, pairs, sum(r for _, r in pairs))
        work[d] = c
    return out


def _visible_bytes(b: bytes, visible: Sequence[int] | None) -> bytes:
    seen = _counts34("visible", visible)
    for k in _KINDS:
        if b[k] + seen[k] > 4:
            raise ValueError(
                f"kind {k}: {b[k]} in hand plus {seen[k]} visible exceeds the 4 copies (R-TILE-1)"
            )
    return seen
