"""Shanten towards a hand that has a yaku, for the strong player's play far from tenpai
(issue 13; R-WIN-2, R-YAKU).

Plain shanten counts the tiles to any complete shape; an open hand without a yaku cannot win
(R-WIN-2), so far from tenpai the strong player aims at a route that has one: closed (riichi,
menzen tsumo, seven pairs), yakuhai (a triplet held or called, or a pair that may still be
ponned: one step more), tanyao (terminals and honours dropped), toitoi, or a half/full flush
(other suits dropped). The route shanten is the least over the routes still open to the
melds; ``INF`` when none is. The idea is the one kobalab's majiang-ai uses for its far
discards and calls (read, not copied).

Counts are 34-length concealed counts (melds not included) of ``n`` tiles: 13 - 3m (after a
discard) or 14 - 3m (after a draw or a call, before its discard).
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.ai.state import Situation
from rules_engine.ai.value import yakuhai_han
from rules_engine.core.shanten import shanten_from_key
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS

INF = 99
"""Route shanten of a hand no yaku route is open to."""

_SIMPLE_MASK = bytes(0 if k in TERMINAL_HONOR_KINDS else 1 for k in range(34))
_SUIT_MASKS = tuple(bytes(1 if (k < 27 and k // 9 == s) or k >= 27 else 0 for k in range(34)) for s in range(3))
_PON_TYPES = frozenset(("pon", "daiminkan", "shouminkan", "ankan"))


def _masked(b: bytes, mask: bytes) -> bytes:
    return bytes(x if m else 0 for x, m in zip(b, mask))


class YakuRoutes:
    """The yaku routes open to one seat's melds, and the route shanten of its hands.

    ``melds``: ``(type, kinds)`` pairs, ``type`` a meld type of ``rules_engine.core.meld``
    and ``kinds`` the meld's three kinds (a kan's three distinct-or-equal kinds as for a pon);
    ``yakuhai``: the honour kinds whose triplet is a yaku for this seat; ``unseen``: 34 counts
    of copies the seat has not seen; ``open_tanyao``: the preset allows tanyao open (R-YAKU).
    """

    __slots__ = ("melds", "closed", "yakuhai", "unseen", "open_tanyao", "_yakuhai_meld",
                 "_tanyao", "_toitoi", "_flush", "_children")

    def __init__(self, melds: Sequence[tuple[str, tuple[int, int, int]]], yakuhai: Sequence[int],
                 unseen: Sequence[int], open_tanyao: bool = True) -> None:
        self.melds = tuple(melds)
        self.closed = all(t == "ankan" for t, _ in self.melds)
        self.yakuhai = tuple(yakuhai)
        self.unseen = unseen
        self.open_tanyao = open_tanyao
        kinds = [k for _, ks in self.melds for k in ks]
        self._yakuhai_meld = any(k in self.yakuhai for k in kinds)
        self._tanyao = (self.closed or open_tanyao) and not any(k in TERMINAL_HONOR_KINDS for k in kinds)
        self._toitoi = all(t in _PON_TYPES for t, _ in self.melds)
        self._flush = tuple(s for s in range(3) if all(k >= 27 or k // 9 == s for k in kinds))
        self._children: dict[tuple, YakuRoutes] = {}

    @classmethod
    def of(cls, sit: Situation) -> "YakuRoutes":
        """The routes of ``sit``'s seat with its current melds."""
        melds = []
        for m in sit.melds:
            ks = sorted(t >> 2 for t in m["tiles"])[:3]
            melds.append((m["type"], tuple(ks)))
        yakuhai = [k for k in range(27, 34) if yakuhai_han(sit, k) > 0]
        return cls(melds, yakuhai, [sit.unseen(k) for k in range(34)], sit.open_tanyao)

    def with_call(self, typ: str, lo: int) -> "YakuRoutes":
        """The routes after a chi of ``lo..lo+2`` or a pon of ``lo`` (``typ`` "chi"/"pon")."""
        key = (typ, lo)
        got = self._children.get(key)
        if got is None:
            kinds = (lo, lo + 1, lo + 2) if typ == "chi" else (lo, lo, lo)
            got = self._children[key] = YakuRoutes(self.melds + ((typ, kinds),), self.yakuhai,
                                                   self.unseen, self.open_tanyao)
        return got

    def shanten(self, counts: Sequence[int] | bytes, n: int | None = None) -> int:
        """Least shanten over the open yaku routes of concealed ``counts`` of ``n`` tiles
        (default: their sum); ``INF`` when no route is open. -1 is a complete hand."""
        b = bytes(counts)
        if n is None:
            n = sum(b)
        best = INF
        plain = None
        if self.closed:
            plain = shanten_from_key(b, n)
            best = plain
        if self._yakuhai_meld or any(b[k] >= 3 for k in self.yakuhai):
            return plain if plain is not None else shanten_from_key(b, n)
        for k in self.yakuhai:             # a yakuhai pair still to be ponned: one step more
            if b[k] == 2 and self.unseen[k] > 0 and n >= 5:
                c = bytearray(b)
                c[k] = 0
                s = shanten_from_key(bytes(c), n - 3) + 1
                if s < best:
                    best = s
        if self._tanyao:
            s = shanten_from_key(_masked(b, _SIMPLE_MASK), n)
            if s < best:
                best = s
        if self._toitoi:
            sets = len(self.melds) + sum(1 for x in b if x >= 3)
            pairs = sum(1 for x in b if x == 2)
            pairs = min(pairs, 5 - sets)
            s = 8 - 2 * sets - pairs       # the same count for 13 - 3m and 14 - 3m tiles
            if s < best:
                best = s
        for suit in self._flush:
            s = shanten_from_key(_masked(b, _SUIT_MASKS[suit]), n)
            if s < best:
                best = s
        return best

    def weighted_ukeire(self, counts: Sequence[int], draws: Sequence[int]) -> int:
        """Unseen copies of the ``draws`` kinds that lower the route shanten of the 13 - 3m
        ``counts``, each weighted as majiang-ai weighs them: 4 when a pon of it would also
        lower it (a draw or any of three seats' discards), 2 when a chi would (a draw or the
        left seat's discard), else 1."""
        c = bytearray(counts)
        n = sum(c)
        now = self.shanten(c, n)
        if now >= INF:
            return 0
        total = 0
        for d in draws:
            u = self.unseen[d]
            if u <= 0:
                continue
            c[d] += 1
            lower = self.shanten(c, n + 1) < now
            c[d] -= 1
            if not lower:
                continue
            w = 1
            if c[d] >= 2:
                c[d] -= 2
                if self.with_call("pon", d).shanten(c, n - 2) < now:
                    w = 4
                c[d] += 2
            if w == 1 and d < 27:
                r = d % 9
                for lo in range(max(d - 2, d - r), min(d, d - r + 6) + 1):
                    others = [x for x in (lo, lo + 1, lo + 2) if x != d]
                    if not (c[others[0]] and c[others[1]]):
                        continue
                    c[others[0]] -= 1
                    c[others[1]] -= 1
                    s = self.with_call("chi", lo).shanten(c, n - 2)
                    c[others[0]] += 1
                    c[others[1]] += 1
                    if s < now:
                        w = 2
                        break
            total += u * w
        return total
