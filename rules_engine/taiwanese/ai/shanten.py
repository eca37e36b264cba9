"""Shanten of Taiwanese 16-tile hands for the computer players (T-WIN-1, T-WIN-2).

A regular Taiwanese hand is five sets and a pair; with ``d`` declared sets the concealed part
holds ``16 - 3d`` tiles (waiting) or ``17 - 3d`` (after a draw) and needs ``5 - d`` sets and a
pair. ``shanten(counts)`` is the fewest tiles to exchange before the hand is ready: ``0``
ready, ``-1`` complete (the Riichi convention of ``rules_engine.core.shanten``), computed as an
exact exchange distance per suit (targets never hold a fifth copy) and combined over the
four groups; with no declared set, seven pairs and a triplet (T-WIN-2) counts as well.

Counts are 34 kind counts (bytes or lists, 0..4) of the concealed tiles only. Everything is
cached on the raw bytes, so the players' hot loops cost dictionary look-ups.
"""
from __future__ import annotations

from typing import Sequence

MAX_SETS = 5
_W = MAX_SETS + 1          # vector index p * _W + m: p pairs (0/1), m sets (0..5)
_LEN = 2 * _W
INF = 99

_SUFFIX: dict[tuple[int, int, bytes], tuple[int, ...]] = {}


def _suffix(x: int, y: int, rest: bytes) -> tuple[int, ...]:
    """Distance vector of suit positions ``rest`` when ``x`` tiles of the first and ``y`` of the
    second position are already owed to chows started earlier."""
    key = (x, y, rest)
    got = _SUFFIX.get(key)
    if got is not None:
        return got
    out = [INF] * _LEN
    if not rest:
        if x == 0 and y == 0:
            out[0] = 0
        vec = tuple(out)
        _SUFFIX[key] = vec
        return vec
    have = rest[0]
    tail = rest[1:]
    s_max = 4 - x if len(rest) >= 3 else 0
    for s in range(s_max + 1):
        child = _suffix(y + s, s, tail)
        for t in (0, 1):
            sets = s + t
            if sets > MAX_SETS:
                break
            for q in (0, 1):
                need = x + s + 3 * t + 2 * q
                if need > 4:
                    break
                cost = need - have if need > have else 0
                for p in range(2 - q):
                    for m in range(_W - sets):
                        cv = child[p * _W + m]
                        if cv < INF:
                            j = (p + q) * _W + m + sets
                            if cost + cv < out[j]:
                                out[j] = cost + cv
    vec = tuple(out)
    _SUFFIX[key] = vec
    return vec


def _honour_vector(counts: bytes) -> tuple[int, ...]:
    vec = [INF] * _LEN
    vec[0] = 0
    for have in counts:
        new = [INF] * _LEN
        for j in range(_LEN):
            base = vec[j]
            if base >= INF:
                continue
            p, m = divmod(j, _W)
            for need, ds, dp in ((0, 0, 0), (3, 1, 0), (2, 0, 1)):
                if m + ds > MAX_SETS or p + dp > 1:
                    continue
                cost = base + (need - have if need > have else 0)
                k = (p + dp) * _W + m + ds
                if cost < new[k]:
                    new[k] = cost
        vec = new
    return tuple(vec)


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = [INF] * _LEN
    for pa in (0, 1):
        for ma in range(_W):
            va = a[pa * _W + ma]
            if va >= INF:
                continue
            for pb in range(2 - pa):
                for mb in range(_W - ma):
                    vb = b[pb * _W + mb]
                    if vb >= INF:
                        continue
                    j = (pa + pb) * _W + ma + mb
                    if va + vb < out[j]:
                        out[j] = va + vb
    return tuple(out)


_IDS: dict[tuple[int, ...], int] = {}
_VECS: list[tuple[int, ...]] = []


def _intern(vec: tuple[int, ...]) -> int:
    i = _IDS.get(vec)
    if i is None:
        i = _IDS[vec] = len(_VECS)
        _VECS.append(vec)
    return i


_SUIT: dict[bytes, int] = {}
_HONOUR: dict[bytes, int] = {}
_PAIRS: dict[tuple[int, int], int] = {}


def _suit_id(b: bytes) -> int:
    i = _SUIT.get(b)
    if i is None:
        i = _SUIT[b] = _intern(_suffix(0, 0, b))
        if len(_SUFFIX) > 200_000:
            _SUFFIX.clear()
    return i


def _honour_id(b: bytes) -> int:
    i = _HONOUR.get(b)
    if i is None:
        i = _HONOUR[b] = _intern(_honour_vector(b))
    return i


def _pair_id(a: int, b: int) -> int:
    i = _PAIRS.get((a, b))
    if i is None:
        i = _PAIRS[(a, b)] = _intern(_combine(_VECS[a], _VECS[b]))
    return i


def regular_shanten(b: bytes, n: int) -> int:
    """Regular-form shanten (five sets and a pair, T-WIN-1) of concealed counts ``b`` holding
    ``n`` tiles (``n // 3`` sets still needed)."""
    ab = _pair_id(_suit_id(b[0:9]), _suit_id(b[9:18]))
    abc = _pair_id(ab, _suit_id(b[18:27]))
    vec = _VECS[_pair_id(abc, _honour_id(b[27:34]))]
    return vec[_W + n // 3] - 1


def seven_pairs_shanten(b: bytes) -> int:
    """Shanten toward seven pairs and a triplet (T-WIN-2) of 16/17 concealed tiles: the
    fewest tiles to add (surplus discarded) to hold seven pairs (four of a kind counts as two)
    and one more triplet, minus one."""
    best = INF
    # choose the triplet kind among the most promising ones (held 3, else 4, else 2, else 1)
    cands = sorted(range(34), key=lambda k: -(b[k] if b[k] != 4 else 2.5))[:3]
    for t in cands:
        cost = 3 - b[t] if b[t] < 3 else 0
        free = paid1 = 0
        for k in range(34):
            c = b[k] if k != t else b[k] - 3 if b[k] >= 3 else 0
            if k == t and b[k] < 3:
                continue
            if c >= 4:
                free += 2
            elif c >= 2:
                free += 1
                if c == 3:
                    paid1 += 1  # a fourth copy would make a second pair
            elif c == 1:
                paid1 += 1
        need = 7
        use = min(free, need)
        need -= use
        use1 = min(paid1, need)
        need -= use1
        total = cost + use1 + 2 * need
        if total < best:
            best = total
    return best - 1


_CACHE: dict[bytes, int] = {}


def shanten(counts: Sequence[int], n_declared: int | None = None) -> int:
    """Shanten of the concealed ``counts`` (34 kind counts, ``16 - 3d`` or ``17 - 3d`` tiles
    for ``d`` declared sets): 0 ready, -1 complete. Seven pairs and a triplet is considered
    when the hand has no declared set (``n_declared`` 0, or inferred from 16/17 tiles)."""
    b = bytes(counts)
    got = _CACHE.get(b)
    if got is not None:
        return got
    n = sum(b)
    s = regular_shanten(b, n)
    if n >= 16 and (n_declared is None or n_declared == 0) and 7 - b.count(2) - b.count(3) - 2 * b.count(4) < s:
        sp = seven_pairs_shanten(b)
        if sp < s:
            s = sp
    if len(_CACHE) > 300_000:
        _CACHE.clear()
    _CACHE[b] = s
    return s
