"""Waiting kinds, tenpai and ukeire (R-TENPAI-1, R-TENPAI-2; riichi.md §3.13).

``counts`` is a 34-length list of concealed-tile counts by kind (see
``rules_engine.core.shanten``); ``meld_counts`` and ``visible`` are 34-length
count lists as well. Everything here is shape-based: yaku are ignored
(R-TENPAI-2: formal tenpai is tenpai).

>>> from rules_engine.core.tiles import counts_of, parse_kinds
>>> waiting_kinds(counts_of(parse_kinds("123m456p789s1122z"), physical=False))
[27, 28]
"""
from __future__ import annotations

from operator import itemgetter
from typing import Sequence

from rules_engine.core._suit_tables import FINAL, HONOR_IDS, PAIR_IDS, SUIT_IDS
from rules_engine.core._suit_tables import combine_id as _combine_id
from rules_engine.core._suit_tables import final_shanten as _final_shanten
from rules_engine.core._suit_tables import honor_id as _honor_id
from rules_engine.core._suit_tables import suit_id as _suit_id
from rules_engine.core.shanten import shanten_from_key, to_key
from rules_engine.core.tiles import NUM_KINDS, TERMINAL_HONOR_KINDS

_TERMINALS_HONORS = itemgetter(*TERMINAL_HONOR_KINDS)
_SUIT_GET, _HONOR_GET, _PAIR_GET, _FINAL_GET = SUIT_IDS.get, HONOR_IDS.get, PAIR_IDS.get, FINAL.get

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


_INC = tuple(bytes([c + 1]) for c in range(4))
_IS_YAOCHUU = tuple(k in TERMINAL_HONOR_KINDS for k in range(NUM_KINDS))


def _improving(b: bytes, n: int, current: int) -> list[int]:
    """Kinds (held fewer than 4 times) whose draw lowers the shanten of ``b`` below ``current``.

    ``b``: validated ``bytes`` counts of a ``13 - 3m`` hand with ``n`` tiles.
    Equal to trying ``shanten_from_key`` on every ``b + kind``, but only the
    part (suit or honors) that receives the tile is looked up again, and the
    seven-pairs and kokushi shanten are updated by counting.
    """
    sets = (n + 1) // 3
    k0, k1, k2, kh = b[0:9], b[9:18], b[18:27], b[27:34]
    s0 = _suit_id(k0)
    s1 = _suit_id(k1)
    s2 = _suit_id(k2)
    h = _honor_id(kh)
    ab = _combine_id(s0, s1)
    abc = _combine_id(ab, s2)
    closed = n == 13
    if closed:
        kinds = NUM_KINDS - b.count(0)
        pairs = kinds - b.count(1)
        th = _TERMINALS_HONORS(b)
        yao_kinds = 13 - th.count(0)
        yao_pair = yao_kinds > th.count(1)
    suit_get, honor_get, pair_get, final_get = _SUIT_GET, _HONOR_GET, _PAIR_GET, _FINAL_GET
    out = []
    for kind in _KINDS:
        c = b[kind]
        if c == 4:
            continue
        if kind < 27:
            if kind < 9:
                key = k0[:kind] + _INC[c] + k0[kind + 1:]
                sid = suit_get(key) or _suit_id(key)
                x = pair_get((sid << 16) | s1) or _combine_id(sid, s1)
                new_abc = pair_get((x << 16) | s2) or _combine_id(x, s2)
            elif kind < 18:
                i = kind - 9
                key = k1[:i] + _INC[c] + k1[i + 1:]
                sid = suit_get(key) or _suit_id(key)
                x = pair_get((s0 << 16) | sid) or _combine_id(s0, sid)
                new_abc = pair_get((x << 16) | s2) or _combine_id(x, s2)
            else:
                i = kind - 18
                key = k2[:i] + _INC[c] + k2[i + 1:]
                sid = suit_get(key) or _suit_id(key)
                new_abc = pair_get((ab << 16) | sid) or _combine_id(ab, sid)
            value = (final_get((new_abc << 16) | h) or _final_shanten(new_abc, h))[sets]
        else:
            i = kind - 27
            key = kh[:i] + _INC[c] + kh[i + 1:]
            hid = honor_get(key) or _honor_id(key)
            value = (final_get((abc << 16) | hid) or _final_shanten(abc, hid))[sets]
        if closed and value >= current:
            # Seven pairs after the draw (R-WIN-1 form 2: different kinds).
            new_kinds = kinds + (c == 0)
            new_pairs = pairs + (c == 1)
            chiitoi = 6 - new_pairs + (7 - new_kinds if new_kinds < 7 else 0)
            if chiitoi < value:
                value = chiitoi
            if _IS_YAOCHUU[kind]:
                new_yao = yao_kinds + (c == 0)
                kokushi = 13 - new_yao - (1 if yao_pair or c == 1 else 0)
            else:
                kokushi = 13 - yao_kinds - (1 if yao_pair else 0)
            if kokushi < value:
                value = kokushi
        if value < current:
            out.append(kind)
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
