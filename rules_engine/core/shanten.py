"""Shanten and complete hands (R-WIN-1; spec riichi.md §3.13).

``counts`` is always a 34-length list (or tuple) of concealed-tile counts by
kind (0..33, see ``rules_engine.core.tiles``), each 0..4, holding ``13 - 3m`` or
``14 - 3m`` tiles where ``m`` is the number of melds (R-HAND-1). Melds are not
in ``counts``; their number is inferred from the tile count (``n // 3`` sets
are still needed). Shanten is the number of tiles a hand is away from tenpai:
``0`` tenpai, ``-1`` complete (MahjongRepository's convention).

The standard form is an exact exchange distance (see ``_suit_tables``): it
never counts on a fifth copy of a kind, so ``1111m234p567p789s`` is 1-shanten,
not tenpai (TV-06 (a)). Copies in the player's melds are not visible here;
``waits.waiting_kinds`` applies that part of R-TENPAI-1.

>>> from rules_engine.core.tiles import counts_of, parse_kinds
>>> shanten(counts_of(parse_kinds("123m456p789s1122z"), physical=False))
0
>>> shanten(counts_of(parse_kinds("19m19p19s1234567z1z"), physical=False))
-1
"""
from __future__ import annotations

from operator import itemgetter
from typing import Sequence

from rules_engine.core import _suit_tables as _tables
from rules_engine.core.tiles import NUM_KINDS, TERMINAL_HONOR_KINDS

NOT_APPLICABLE = 99
"""Returned by ``shanten_chiitoitsu`` / ``shanten_kokushi`` for a hand with melds
(fewer than 13 concealed tiles), where those forms are impossible (R-WIN-1)."""

_TERMINALS_HONORS = itemgetter(*TERMINAL_HONOR_KINDS)
_SUIT_IDS = _tables.SUIT_IDS
_HONOR_IDS = _tables.HONOR_IDS
_PAIR_IDS = _tables.PAIR_IDS
_FINAL = _tables.FINAL
_SUIT_GET = _tables.SUIT_IDS.get
_HONOR_GET = _tables.HONOR_IDS.get
_PAIR_GET = _tables.PAIR_IDS.get
_FINAL_GET = _tables.FINAL.get
_suit_id = _tables.suit_id
_honor_id = _tables.honor_id
_combine_id = _tables.combine_id
_final_shanten = _tables.final_shanten


def _bad_counts(counts: object, b: bytes | None) -> ValueError:
    """The ValueError for counts that failed the fast validity check."""
    if b is None:
        return ValueError(f"counts must be 34 ints 0..4, got {counts!r}")
    if len(b) != NUM_KINDS:
        return ValueError(f"counts must have 34 entries, got {len(b)}")
    for kind, c in enumerate(b):
        if c > 4:
            return ValueError(f"count of kind {kind} is {c}; at most 4 copies exist (R-TILE-1)")
    n = sum(b)
    return ValueError(f"a hand holds 13-3m or 14-3m concealed tiles, 1..14 (R-HAND-1), got {n}")


def to_key(counts: Sequence[int]) -> tuple[bytes, int]:
    """Validate ``counts`` and return ``(bytes(counts), number of tiles)``.

    Raises ``ValueError`` unless ``counts`` has 34 entries, each an int 0..4,
    and ``1 <= n <= 14`` tiles with ``n % 3 != 0`` (R-HAND-1).
    """
    try:
        b = bytes(counts)
    except (TypeError, ValueError):
        raise _bad_counts(counts, None) from None
    c1, c2, c3, c4 = b.count(1), b.count(2), b.count(3), b.count(4)
    n = c1 + 2 * c2 + 3 * c3 + 4 * c4
    if b.count(0) + c1 + c2 + c3 + c4 != NUM_KINDS or n % 3 == 0 or n > 14:
        raise _bad_counts(counts, b)
    return b, n


def standard_from_key(b: bytes, n: int) -> int:
    """Standard-form shanten of already validated ``bytes`` counts with ``n`` tiles.

    The unchecked hot path of ``shanten_standard``: the three suits' and the
    honors' cached distance vectors, combined (``_suit_tables``).
    """
    try:  # every part already cached (nearly always in a long game loop): plain lookups
        s0 = _SUIT_IDS[b[0:9]]
        ab = _PAIR_IDS[(s0 << 16) | _SUIT_IDS[b[9:18]]]
        abc = _PAIR_IDS[(ab << 16) | _SUIT_IDS[b[18:27]]]
        return _FINAL[(abc << 16) | _HONOR_IDS[b[27:34]]][n // 3]
    except KeyError:
        pass
    k = b[0:9]
    s0 = _SUIT_GET(k) or _suit_id(k)
    k = b[9:18]
    s1 = _SUIT_GET(k) or _suit_id(k)
    k = b[18:27]
    s2 = _SUIT_GET(k) or _suit_id(k)
    k = b[27:34]
    h = _HONOR_GET(k) or _honor_id(k)
    ab = _PAIR_GET((s0 << 16) | s1) or _combine_id(s0, s1)
    abc = _PAIR_GET((ab << 16) | s2) or _combine_id(ab, s2)
    return (_FINAL_GET((abc << 16) | h) or _final_shanten(abc, h))[n // 3]


def chiitoitsu_from_key(b: bytes) -> int:
    """Seven-pairs shanten of validated 13/14-tile ``bytes`` counts.

    Pairs must be of seven different kinds: four of a kind is one pair and one
    kind (R-WIN-1 form 2, TV-06 (d)).
    """
    kinds = NUM_KINDS - b.count(0)
    pairs = kinds - b.count(1)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def kokushi_from_key(b: bytes) -> int:
    """Thirteen-orphans shanten of validated 13/14-tile ``bytes`` counts (R-WIN-1 form 3)."""
    th = _TERMINALS_HONORS(b)
    kinds = 13 - th.count(0)
    return 12 - kinds if kinds > th.count(1) else 13 - kinds


def shanten_from_key(b: bytes, n: int) -> int:
    """``shanten`` of already validated ``bytes`` counts holding ``n`` tiles (no checks).

    For hot loops (waits, computer players): get ``(b, n)`` from ``to_key``
    or build them yourself from trusted counts.
    """
    best = standard_from_key(b, n)
    if best < 0 or n < 13:
        # Already complete, or a hand with melds (no seven pairs, no kokushi).
        return best
    kinds = NUM_KINDS - b.count(0)
    chiitoi = 6 - (kinds - b.count(1)) + (7 - kinds if kinds < 7 else 0)
    if chiitoi < best:
        best = chiitoi
    # Kokushi holds at most 6 terminal kinds plus the honor kinds present, so
    # its shanten is at least (absent honor kinds - 1): skip it when it can't win.
    if b[27:34].count(0) - 1 >= best:
        return best
    th = _TERMINALS_HONORS(b)
    kinds = 13 - th.count(0)
    kokushi = 12 - kinds if kinds > th.count(1) else 13 - kinds
    return kokushi if kokushi < best else best


_RECENT: dict[bytes, int] = {}
_RECENT_SIZE = 64
"""``shanten_recent`` keeps at most this many answers (then starts over)."""


def shanten_recent(b: bytes, n: int) -> int:
    """``shanten_from_key(b, n)`` remembering the last few dozen answers (no checks).

    For the table and its simple player, which ask about the same hands in turn: a
    player's discard choice and the table's waits after that discard, the table's
    riichi test and the player's. ``n`` must be the number of tiles in ``b`` (the
    answer is remembered by ``b`` alone). Answers are pure, so the memo never
    changes a result.
    """
    s = _RECENT.get(b)
    if s is None:
        if len(_RECENT) >= _RECENT_SIZE:
            _RECENT.clear()
        s = _RECENT[b] = shanten_from_key(b, n)
    return s


def shanten(counts: Sequence[int]) -> int:
    """Shanten of a hand: the minimum over the standard, seven-pairs and kokushi forms.

    ``counts``: ``list[int]`` of length 34 (concealed tiles, ``13-3m`` or
    ``14-3m`` of them). Returns ``-1`` for a complete hand (R-WIN-1), ``0`` for
    tenpai by shape, else the number of tiles away from tenpai (at most 8).
    Raises ``ValueError`` for a malformed hand (see ``to_key``).

    >>> from rules_engine.core.tiles import counts_of, parse_kinds
    >>> shanten(counts_of(parse_kinds("11335579m1133p4z"), physical=False))  # seven pairs
    1
    """
    b, n = to_key(counts)
    return shanten_from_key(b, n)


def shanten_standard(counts: Sequence[int]) -> int:
    """Shanten for four sets and a pair (R-WIN-1 form 1); melds inferred from the count.

    ``counts``: ``list[int]`` of length 34. Never relies on a fifth copy of a
    kind. Raises ``ValueError`` for a malformed hand.
    """
    b, n = to_key(counts)
    return standard_from_key(b, n)


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten for seven pairs of seven different kinds (R-WIN-1 form 2).

    ``counts``: ``list[int]`` of length 34. Returns ``NOT_APPLICABLE`` (99)
    for a hand with fewer than 13 concealed tiles (it has melds). Raises
    ``ValueError`` for a malformed hand.
    """
    b, n = to_key(counts)
    return chiitoitsu_from_key(b) if n >= 13 else NOT_APPLICABLE


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten for thirteen orphans (R-WIN-1 form 3).

    ``counts``: ``list[int]`` of length 34. Returns ``NOT_APPLICABLE`` (99)
    for a hand with fewer than 13 concealed tiles. Raises ``ValueError`` for a
    malformed hand.
    """
    b, n = to_key(counts)
    return kokushi_from_key(b) if n >= 13 else NOT_APPLICABLE


def is_complete(counts: Sequence[int]) -> bool:
    """True if the ``14 - 3m`` concealed tiles complete the hand (R-WIN-1), ignoring yaku.

    Standard form (the melds count as sets), seven different pairs, or kokushi.
    Raises ``ValueError`` for a malformed hand; a ``13 - 3m`` hand is never
    complete.
    """
    b, n = to_key(counts)
    return n % 3 == 2 and shanten_from_key(b, n) == -1
