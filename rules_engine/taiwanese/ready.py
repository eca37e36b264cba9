"""Fast hand-shape checks for the Taiwanese table: complete hands and waits (T-WIN-1,
T-WIN-2, T-ORIG-3), answered from per-suit tables filled as hands are met.

The table asks these after every discard and draw, so they are built for speed: a hand's
34 kind counts are cut into four groups (characters, dots, bamboo, honours); what each
group can be (only sets; sets and one pair; which kinds complete it either way) is
remembered per group, and a whole hand is answered from its four groups. The scoring
module ``rules_engine.taiwanese.shape`` answers the same questions one hand at a time
(the tests compare the two).

Counts are 34-length sequences of ints 0..4 (kinds 0..33 as in ``rules_engine.core.tiles``)
and hold the concealed tiles only; ``n_declared`` is the number of declared sets (melds
and concealed kongs), so a complete hand holds ``17 - 3 * n_declared`` concealed tiles and a
ready one ``16 - 3 * n_declared``.
"""
from __future__ import annotations

from typing import Sequence

_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _sets_only(c: list[int], suited: bool) -> bool:
    i = 0
    n = len(c)
    while i < n and c[i] == 0:
        i += 1
    if i == n:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, suited)
        c[i] += 3
        if ok:
            return True
    if suited and i + 2 < n and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_only(c, suited)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _with_pair(c: list[int], suited: bool) -> bool:
    for i in range(len(c)):
        if c[i] >= 2:
            c[i] -= 2
            ok = _sets_only(c, suited)
            c[i] += 2
            if ok:
                return True
    return False


_MEMO: dict[bytes, tuple[bool, bool, tuple[int, ...], tuple[int, ...], int]] = {}


def _group(b: bytes) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...], int]:
    """``(sets_only, sets_and_pair, to_sets, to_pair, residue)`` of one group's counts ``b``
    (9 bytes for a suit, 7 for the honours): whether it is only sets / sets and one pair now,
    the offsets whose addition makes it only sets / sets and one pair, and its tile count
    modulo 3."""
    got = _MEMO.get(b)
    if got is not None:
        return got
    suited = len(b) == 9
    c = list(b)
    n = sum(c)
    r = n % 3
    so = r == 0 and _sets_only(c, suited)
    sp = r == 2 and _with_pair(c, suited)
    to_sets: list[int] = []
    to_pair: list[int] = []
    if r != 0:
        for i in range(len(c)):
            if c[i] >= 4:
                continue
            c[i] += 1
            if r == 2:
                if _sets_only(c, suited):
                    to_sets.append(i)
            elif _with_pair(c, suited):
                to_pair.append(i)
            c[i] -= 1
    got = _MEMO[b] = (so, sp, tuple(to_sets), tuple(to_pair), r)
    return got


def is_winning(counts: Sequence[int], n_declared: int) -> bool:
    """True when the concealed ``counts`` with ``n_declared`` declared sets form a winning hand:
    five sets and a pair (T-WIN-1) or, with no declared set, seven pairs and a triplet
    (T-WIN-2, four of a kind as two pairs)."""
    b = bytes(counts)
    if sum(b) != 17 - 3 * n_declared:
        return False
    pair = 0
    ok = True
    for lo, hi in _GROUPS:
        so, sp, _s, _p, _r = _group(b[lo:hi])
        if sp:
            pair += 1
        elif not so:
            ok = False
            break
    if ok and pair == 1:
        return True
    if n_declared:
        return False
    return b.count(1) == 0 and b.count(3) == 1


def waits(counts: Sequence[int], n_declared: int) -> frozenset[int]:
    """Kinds whose addition to the ready concealed ``counts`` (``16 - 3 * n_declared`` tiles)
    makes a winning hand (``is_winning``); kinds already held four times in ``counts`` are left
    out. Empty for a hand that is not ready or has the wrong number of tiles."""
    b = bytes(counts)
    if sum(b) != 16 - 3 * n_declared:
        return frozenset()
    memo = _MEMO
    g0 = memo.get(b[0:9]) or _group(b[0:9])
    g1 = memo.get(b[9:18]) or _group(b[9:18])
    g2 = memo.get(b[18:27]) or _group(b[18:27])
    g3 = memo.get(b[27:34]) or _group(b[27:34])
    groups = (g0, g1, g2, g3)
    out: set[int] = set()
    ones = [g for g in range(4) if groups[g][4] == 1]
    if len(ones) == 1:
        g = ones[0]
        if all(groups[h][0] for h in range(4) if h != g) and groups[g][3]:
            base = _GROUPS[g][0]
            out.update(base + i for i in groups[g][3])
    elif not ones:
        twos = [g for g in range(4) if groups[g][4] == 2]
        if len(twos) == 2:
            for g, h in (twos, twos[::-1]):
                if groups[h][1] and all(groups[x][0] for x in range(4) if x not in (g, h)):
                    base = _GROUPS[g][0]
                    out.update(base + i for i in groups[g][2])
    if not n_declared:  # T-WIN-2: seven pairs and a triplet
        ones_n, threes_n = b.count(1), b.count(3)
        if ones_n > 1:
            pass
        elif ones_n == 1 and threes_n == 1:
            out.add(b.index(1))
        elif ones_n == 0 and threes_n == 0:
            out.update(k for k in range(34) if b[k] == 2)
        elif ones_n == 0 and threes_n == 2:
            out.update(k for k in range(34) if b[k] == 3)
    return frozenset(out) if out else _EMPTY


_EMPTY: frozenset[int] = frozenset()


def ready_kinds(counts: Sequence[int], n_declared: int, held: Sequence[int]) -> frozenset[int]:
    """T-ORIG-3: ``waits`` without the kinds of which the player holds all four copies,
    counting ``held`` (34 counts of the tiles in his own melds and kongs) too."""
    w = waits(counts, n_declared)
    return frozenset(k for k in w if counts[k] + held[k] < 4)
