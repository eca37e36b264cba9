"""Cached per-suit distance tables behind ``rules_engine.core.shanten``.

The standard-form shanten is computed as an exchange distance (the method of
tomohxx's ``shanten-number`` tables): for one suit with counts ``c[0..8]``,
``D[p*5 + m]`` is the fewest tiles that must be *added* to the suit so that it
holds ``m`` sets (sequences or triplets) and ``p`` pairs (``p`` in 0/1,
``m`` in 0..4), where the target never holds more than four copies of a kind
and surplus tiles cost nothing (they are discarded). A hand of ``n`` concealed
tiles needs ``M = n // 3`` sets and one pair; its standard shanten is the
smallest sum of the four parts' distances (three suits and the honors) over
every split of ``M`` sets and the pair, minus one.

Because targets never exceed four copies, a kind held four times is never
counted as waiting for a fifth copy (R-TENPAI-1, TV-06 (a)).

Results are cached, keyed by the raw ``bytes`` of the suit's counts. All
405,350 possible suits share only 127 distinct distance vectors, so vectors
are interned to small ints and the suit-combination steps are cached by those
ints as well. The vector of every suit holding at most ``SHIPPED_MAX_TILES``
(14) tiles is shipped precomputed in ``_suit_data.py`` as one byte per suit,
indexed by the suit's counts read as a base-5 number (``5**9`` bytes, 255 for
impossible suits, about 80 KB compressed, 2 MB in memory once loaded at
import), so no suit is ever computed at run time in a long game loop.
Regenerate the data with ``python -m rules_engine.core._suit_tables --write-data``
(about a minute).
"""
from __future__ import annotations

import base64
import sys
import threading
import zlib
from typing import Iterator

SHIPPED_MAX_TILES = 14
"""Suits with at most this many tiles are precomputed in ``_suit_data.py``."""

NO_VECTOR = 255
"""Byte of the shipped table for a suit that no hand can hold."""

_SHIPPED: bytes = b""
"""The shipped table: ``_SHIPPED[base5(counts)]`` = index into ``_SHIPPED_VIDS``."""

_SHIPPED_VIDS: list[int] = []
"""Interned vector id of each shipped vector."""

INF = 99
"""Distance of an impossible (sets, pair) target."""

_VEC_IDS: dict[tuple[int, ...], int] = {}
_VECS: list[tuple[int, ...]] = [()]
# Id 0 is a placeholder so that every real id is truthy and the hot path in
# ``shanten`` can write ``table.get(key) or compute(key)``.


_INTERN_LOCK = threading.Lock()


def _intern(vec: tuple[int, ...]) -> int:
    """Small int id of a distance vector (``_VECS[id] == vec``).

    Only this step needs a lock: two threads handing out the same new id
    would silently mix up vectors. Every other cache write is idempotent.
    """
    vid = _VEC_IDS.get(vec)
    if vid is None:
        with _INTERN_LOCK:
            vid = _VEC_IDS.get(vec)
            if vid is None:
                _VECS.append(vec)
                vid = _VEC_IDS[vec] = len(_VECS) - 1
    return vid


# ------------------------------------------------------------ suit distances

_SUFFIX: dict[tuple[int, int, bytes], tuple[int, ...]] = {}
_SUFFIX_LIMIT = 100_000
"""The suffix memo only speeds up building new suit vectors; it is dropped
when it grows past this many entries so a long-running process stays small
(the finished per-suit results in ``SUIT_IDS`` are kept)."""


def _suffix(x: int, y: int, rest: bytes) -> tuple[int, ...]:
    """Distance vector of positions ``rest`` of a suit.

    ``x`` tiles of the first position and ``y`` of the second are already
    required by sequences started before ``rest``.
    """
    key = (x, y, rest)
    found = _SUFFIX.get(key)
    if found is not None:
        return found
    out = [INF] * 10
    if not rest:
        if x == 0 and y == 0:
            out[0] = 0
        vec = tuple(out)
        _SUFFIX[key] = vec
        return vec
    have = rest[0]
    tail = rest[1:]
    # A sequence may start only where two more positions follow.
    s_max = 4 - x if len(rest) >= 3 else 0
    for s in range(s_max + 1):
        child = _suffix(y + s, s, tail)
        for t in (0, 1):
            sets = s + t
            if sets > 4:
                break
            for q in (0, 1):
                need = x + s + 3 * t + 2 * q
                if need > 4:
                    break
                cost = need - have if need > have else 0
                base = q * 5 + sets
                for p in range(2 - q):
                    off = p * 5
                    for m in range(5 - sets):
                        cv = child[off + m]
                        if cv < INF:
                            j = base + off + m
                            if cost + cv < out[j]:
                                out[j] = cost + cv
    vec = tuple(out)
    _SUFFIX[key] = vec
    return vec


_HONOR_OPTIONS = ((0, 0, 0), (3, 1, 0), (2, 0, 1))
"""Per honor kind: (tiles needed, sets made, pairs made) for nothing, a triplet, a pair."""


def _honor_vector(counts: bytes) -> tuple[int, ...]:
    """Distance vector of the seven honor kinds (triplets and a pair only)."""
    vec = [INF] * 10
    vec[0] = 0
    for have in counts:
        new = [INF] * 10
        for j in range(10):
            base = vec[j]
            if base >= INF:
                continue
            p, m = divmod(j, 5)
            for need, ds, dp in _HONOR_OPTIONS:
                if m + ds > 4 or p + dp > 1:
                    continue
                cost = base + (need - have if need > have else 0)
                k = (p + dp) * 5 + m + ds
                if cost < new[k]:
                    new[k] = cost
        vec = new
    return tuple(vec)


SUIT_IDS: dict[bytes, int] = {}
"""bytes of 9 counts (one suit) -> interned distance-vector id."""

HONOR_IDS: dict[bytes, int] = {}
"""bytes of 7 counts (the honors) -> interned distance-vector id."""


def suit_id(key: bytes) -> int:
    """Interned distance-vector id of one suit's 9 counts (cached)."""
    vid = SUIT_IDS.get(key)
    if vid is None:
        if len(key) != 9:
            raise ValueError(f"a suit key holds 9 counts, got {len(key)}")
        shipped = NO_VECTOR
        if _SHIPPED and max(key) <= 4:
            shipped = _SHIPPED[base5(key)]
        if shipped != NO_VECTOR:
            vid = _SHIPPED_VIDS[shipped]
        else:
            vid = _intern(_suffix(0, 0, key))
            if len(_SUFFIX) > _SUFFIX_LIMIT:
                _SUFFIX.clear()
        SUIT_IDS[key] = vid
    return vid


def base5(key: bytes) -> int:
    """Index of a suit's 9 counts (each 0..4) in the shipped table: ``sum(c[i] * 5**i)``."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = key
    return c0 + 5 * (c1 + 5 * (c2 + 5 * (c3 + 5 * (c4 + 5 * (c5 + 5 * (c6 + 5 * (c7 + 5 * c8)))))))


def honor_id(key: bytes) -> int:
    """Interned distance-vector id of the 7 honor counts (cached)."""
    vid = HONOR_IDS.get(key)
    if vid is None:
        vid = HONOR_IDS[key] = _intern(_honor_vector(key))
    return vid


# ------------------------------------------------------------ combining parts

PAIR_IDS: dict[int, int] = {}
"""``(id_a << 16) | id_b`` -> id of the combined vector of two parts."""

FINAL: dict[int, tuple[int, ...]] = {}
"""``(id_abc << 16) | id_honor`` -> standard shanten for M = 0..4 sets needed."""


_SPLITS = tuple(
    (i, j, (i // 5 + j // 5) * 5 + i % 5 + j % 5)
    for i in range(10)
    for j in range(10)
    if i // 5 + j // 5 <= 1 and i % 5 + j % 5 <= 4
)
"""(index in a, index in b, index in the combination) of every compatible split."""


def combine_id(a: int, b: int) -> int:
    """Id of the min-plus combination of two parts' vectors (cached)."""
    key = (a << 16) | b
    vid = PAIR_IDS.get(key)
    if vid is None:
        u, v = _VECS[a], _VECS[b]
        out = [INF] * 10
        for i, j, k in _SPLITS:
            total = u[i] + v[j]
            if total < out[k]:
                out[k] = total
        vid = PAIR_IDS[key] = _intern(tuple(min(x, INF) for x in out))
    return vid


def final_shanten(abc: int, honors: int) -> tuple[int, ...]:
    """Standard shanten for M = 0..4 needed sets, from the suits' and honors' ids."""
    key = (abc << 16) | honors
    res = FINAL.get(key)
    if res is None:
        u, h = _VECS[abc], _VECS[honors]
        res = tuple(
            min(
                u[p * 5 + m] + h[(1 - p) * 5 + sets - m]
                for p in (0, 1)
                for m in range(sets + 1)
            ) - 1
            for sets in range(5)
        )
        FINAL[key] = res
    return res


# ------------------------------------------------------------ shipped data

def suit_keys(max_tiles: int) -> Iterator[bytes]:
    """Every suit (9 counts 0..4) holding at most ``max_tiles`` tiles, in lexicographic order."""
    counts = [0] * 9

    def walk(pos: int, left: int) -> Iterator[bytes]:
        if pos == 9:
            yield bytes(counts)
            return
        for c in range(min(4, left) + 1):
            counts[pos] = c
            yield from walk(pos + 1, left - c)
        counts[pos] = 0

    return walk(0, max_tiles)


def build_data(max_tiles: int = SHIPPED_MAX_TILES) -> tuple[list[tuple[int, ...]], bytes]:
    """Compute the shipped data: the distance vectors, and a ``5**9``-byte table
    giving for each suit (by ``base5``) of at most ``max_tiles`` tiles its index
    into the vectors (``NO_VECTOR`` elsewhere)."""
    vectors: list[tuple[int, ...]] = []
    index: dict[tuple[int, ...], int] = {}
    table = bytearray([NO_VECTOR]) * (5 ** 9)
    for key in suit_keys(max_tiles):
        vec = _suffix(0, 0, key)
        if vec not in index:
            index[vec] = len(vectors)
            vectors.append(vec)
        table[base5(key)] = index[vec]
        if len(_SUFFIX) > 4 * _SUFFIX_LIMIT:
            _SUFFIX.clear()
    return vectors, bytes(table)


def write_data(path: str) -> None:
    """Write ``_suit_data.py`` (generated source: the vectors and the compressed table)."""
    vectors, table = build_data()
    packed = base64.b64encode(zlib.compress(table, 9)).decode("ascii")
    lines = [
        '"""Precomputed suit distance vectors (generated; do not edit).',
        "",
        "Written by ``python -m rules_engine.core._suit_tables --write-data``; see",
        "``_suit_tables``. ``TABLE`` is base64 of zlib-compressed bytes: for each",
        "suit, at offset ``base5(counts)``, its index into ``VECTORS`` (255: none).",
        '"""',
        f"MAX_TILES = {SHIPPED_MAX_TILES}",
        f"SIZE = {len(table)}",
        "VECTORS = (",
        *[f"    {v!r}," for v in vectors],
        ")",
        "TABLE = (",
        *[f'    "{packed[i:i + 76]}"' for i in range(0, len(packed), 76)],
        ")",
        "",
    ]
    with open(path, "w", encoding="ascii") as fh:
        fh.write("\n".join(lines))


def _load_shipped() -> None:
    global _SHIPPED, _SHIPPED_VIDS
    try:
        from rules_engine.core import _suit_data as data
    except ImportError:  # pragma: no cover - only while regenerating the data
        return
    table = zlib.decompress(base64.b64decode(data.TABLE))
    if data.MAX_TILES != SHIPPED_MAX_TILES or len(table) != data.SIZE or data.SIZE != 5 ** 9:
        raise RuntimeError("rules_engine/core/_suit_data.py is stale: regenerate it (see _suit_tables)")
    _SHIPPED_VIDS = [_intern(v) for v in data.VECTORS]
    _SHIPPED = table


if __name__ == "__main__":
    if sys.argv[1:] != ["--write-data"]:
        sys.exit("usage: python -m rules_engine.core._suit_tables --write-data")
    import os

    write_data(os.path.join(os.path.dirname(os.path.abspath(__file__)), "_suit_data.py"))
else:
    _load_shipped()
