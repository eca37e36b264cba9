"""Value-weighted look-ahead for the strong computer's discards and calls (issue 13, R-SCORE).

Ukeire counts how many tiles advance a hand, not what the hand is worth when it wins. Here a
hand is worth the draws that advance it, each weighted by its unseen copies and by the best
value reachable after it, down to the exact ron value of every finished hand
(``rules_engine.riichi.evaluate``, with riichi when the hand is closed; a finished hand with no
yaku is worth 0, R-WIN-2). So among discards of equal shanten the one keeping dora, red fives,
yakuhai, tanyao or a flush within reach wins, and an open hand that cannot have a yaku is
worth nothing. The idea is the one kobalab's majiang-ai uses for its discards (read, not
copied): a hand at ``s`` shanten is worth ``sum(unseen[d] * best value after drawing d) /
WIDTH[s]`` over the draws ``d`` that lower its shanten.

Counts are 34-length count lists of concealed kinds (melds not included). Values are table
points of a ron (dealer ×1.5 included), before the division by ``WIDTH``.
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.ai.efficiency import _ukeire_kinds
from rules_engine.ai.state import Situation
from rules_engine.core.meld import Meld
from rules_engine.core.shanten import shanten_from_key
from rules_engine.core.tiles import RED_FIVES

WIDTH = (12.0, 72.0, 216.0)
"""Divisor per shanten level (0, 1, 2): keeps hands of different shanten on one scale, so a call
or a step back can be compared with the hand as it stands (majiang-ai's scale)."""

MAX_SHANTEN = 2
"""Deepest shanten the look-ahead is run from; beyond it the players use ukeire."""

CALLS = True
"""Count, for each advancing kind, the chi/pon another seat's discard of it would allow
(majiang-ai's ``eval_fulou``): a hand that can also advance by calling is worth more, so the
strong player keeps pairs and open shapes with a yaku and calls more (issue 13). False gives
the draw-only values, for A/B arena runs."""

VALUE_CACHE_MAX = 4096
"""Bound of the finished-hand value cache shared by decisions (the same hands recur across a
seat's turns); emptied when full (as ``CALL_CACHE_MAX`` in ``rules_engine.core.actions``).
About 0.6 KB an entry, so some 2.4 MB in a process that runs computers; 20,000 entries (11 MB)
saved only 14 % of the strong player's CPU in ``python -m rules_engine.ai.bench``."""

_VALUE_CACHE: dict[tuple, float] = {}


class Lookahead:
    """Look-ahead values for one seat's situation and a fixed set of melds.

    ``sit``: the decision's ``Situation``; ``melds``: the seat's melds as JSON dicts (default:
    ``sit.melds``; a call being weighed passes them with the new meld). ``unseen`` copies are
    ``4 - sit.visible[k]``, lowered along each draw sequence. Values are memoised per hand for
    this object (``ev``), finished-hand values across decisions (``VALUE_CACHE_MAX``).
    """

    __slots__ = ("sit", "melds", "closed", "unseen", "memo", "_ids", "_own", "_key", "_mult", "_called")

    def __init__(self, sit: Situation, melds: Sequence[dict | Meld] | None = None,
                 _called: dict | None = None) -> None:
        self.sit = sit
        mj = list(sit.melds if melds is None else melds)
        self.melds = tuple(m if isinstance(m, Meld) else Meld.from_json(m) for m in mj)
        self._called = {} if _called is None else _called   # melds -> Lookahead, shared by the tree
        self.closed = all(m.type == "ankan" for m in self.melds)
        self.unseen = [4 - v for v in sit.visible]
        self.memo: dict[bytes, float] = {}
        # own physical tiles by kind, red fives first (they are kept: discards prefer plain copies),
        # then the fresh copies a finished hand may add; never a tile of a meld (a tile id twice
        # makes the hand invalid, so its value 0: a chi of 2-3-4m waiting on 3m was worth nothing
        # whenever the chi held the 3m copy picked first)
        in_melds = {t for m in self.melds for t in m.tiles}
        own = [t for t in sit.hand if t not in in_melds]
        ids: list[list[int]] = [[] for _ in range(34)]
        for t in sorted(own, key=lambda t: (t not in RED_FIVES, t)):
            ids[t >> 2].append(t)
        for k in range(34):
            ids[k] += [t for t in (4 * k + 1, 4 * k + 2, 4 * k + 3, 4 * k) if t not in in_melds and t not in ids[k]]
        self._ids = ids
        self._own = frozenset(own)
        self._mult = 6 if sit.is_dealer else 4
        self._key = (sit.seat_wind, sit.round_wind, tuple(sit.dora_indicators), self.melds,
                     tuple(sorted(t for t in own if t in RED_FIVES)), self._mult, sit.preset.name)

    # ------------------------------------------------------------------ finished hands

    def value(self, c14: bytes, win_kind: int) -> float:
        """Ron value in points of the finished concealed hand ``c14`` (won on ``win_kind``),
        with riichi when closed; 0 when it has no yaku (R-WIN-2)."""
        key = (self._key, c14, win_kind)
        v = _VALUE_CACHE.get(key)
        if v is None:
            v = self._score(c14, win_kind)
            if len(_VALUE_CACHE) >= VALUE_CACHE_MAX:
                _VALUE_CACHE.clear()
            _VALUE_CACHE[key] = v
        return v

    def _score(self, c14: bytes, win_kind: int) -> float:
        from rules_engine.riichi import HandError, WinContext, evaluate
        from rules_engine.riichi.payments import round_up_100

        tiles: list[int] = []
        win_tile = -1
        for k in range(34):
            n = c14[k]
            if not n:
                continue
            picked = self._ids[k][:n]
            if len(picked) < n:
                return 0.0      # a fifth copy: a called tile the unseen counts did not lose
            if k == win_kind:
                # the winning tile is a fresh copy when one exists, else the last one
                win_tile = next((t for t in picked if t not in self._own), picked[-1])
            tiles.extend(picked)
        ctx = WinContext(concealed=tuple(tiles), melds=self.melds, win_tile=win_tile, tsumo=False,
                         seat_wind=self.sit.seat_wind, round_wind=self.sit.round_wind,
                         dora_indicators=tuple(self.sit.dora_indicators), riichi=self.closed)
        try:
            res = evaluate(ctx, self.sit.preset)
        except HandError:
            return 0.0
        return float(round_up_100(res.base_points * self._mult))

    # ------------------------------------------------------------------ hands waiting for a draw

    def ev(self, counts: Sequence[int], shanten: int) -> float:
        """Value of the 13 - 3m concealed ``counts`` at ``shanten`` (0..``MAX_SHANTEN``): for
        tenpai, the unseen copies of each wait times its finished value; further out, the
        unseen copies of each shanten-lowering draw times the best value after a discard that
        keeps the lower shanten; divided by ``WIDTH[shanten]``. Raises ``ValueError`` for a
        shanten outside 0..``MAX_SHANTEN``."""
        if not 0 <= shanten <= MAX_SHANTEN:
            raise ValueError(f"look-ahead needs 0..{MAX_SHANTEN} shanten, got {shanten}")
        return self._ev(bytearray(counts), sum(counts), shanten)

    def _ev(self, c: bytearray, n: int, s: int) -> float:
        key = bytes(c)
        got = self.memo.get(key)
        if got is not None:
            return got
        unseen = self.unseen
        total = 0.0
        if s == 0:
            for w in _ukeire_kinds(key, n, 0):
                u = unseen[w]
                if u > 0:
                    c[w] += 1
                    total += u * self.value(bytes(c), w)
                    c[w] -= 1
        else:
            for d in _ukeire_kinds(key, n, s):
                u = unseen[d]
                if u <= 0:
                    continue
                c[d] += 1
                unseen[d] -= 1
                best = 0.0
                for k in range(34):
                    if not c[k] or k == d:
                        continue
                    c[k] -= 1
                    if shanten_from_key(bytes(c), n) == s - 1:
                        v = self._ev(c, n, s - 1)
                        if v > best:
                            best = v
                    c[k] += 1
                c[d] -= 1
                if CALLS:
                    best += self._call_value(c, n, s, d)
                unseen[d] += 1
                total += u * best
        total /= WIDTH[s]
        self.memo[key] = total
        return total

    # ------------------------------------------------------------------ calls

    def _call_value(self, c: bytearray, n: int, s: int, d: int) -> float:
        """What the discard of a ``d`` by another seat is worth to the ``n``-tile hand ``c`` at
        ``s`` >= 1 shanten through a call that lowers the shanten (majiang-ai's weighting:
        a pon can come from any of three seats, a chi from the left one only): ``3 × pon`` when
        the best pon beats the best chi, else ``2 × pon + chi``; 0 without such a call."""
        pon = 0.0
        if c[d] >= 2:
            c[d] -= 2
            pon = self.after_call(c, n - 2, s, ("pon", d, d), (d,))  # kuikae: not d
            c[d] += 2
        chi = 0.0
        if d < 27:
            r = d % 9
            for lo in range(max(d - 2, d - r), min(d, d - r + 6) + 1):
                others = [x for x in (lo, lo + 1, lo + 2) if x != d]
                if not (c[others[0]] and c[others[1]]):
                    continue
                barred = kuikae_barred("chi", lo, d)
                c[others[0]] -= 1
                c[others[1]] -= 1
                v = self.after_call(c, n - 2, s, ("chi", lo, d), barred)
                c[others[0]] += 1
                c[others[1]] += 1
                if v > chi:
                    chi = v
        if not pon and not chi:
            return 0.0
        return pon * 3 if pon > chi else pon * 2 + chi

    def after_call(self, c: bytearray, n: int, before: int, call: tuple[str, int, int],
                   barred: Sequence[int]) -> float:
        """Value of the hand right after the chi/pon ``call`` = ``(type, lowest kind, called
        kind)``: ``c`` the ``n`` concealed tiles left (14 - 3m form), ``before`` the shanten
        without the call, ``barred`` the kinds kuikae forbids discarding (R-KUIKAE). 0 unless the call
        lowers the shanten below ``before``; else ``best_discard`` with the new meld."""
        after = shanten_from_key(bytes(c), n)
        if after >= before or after > MAX_SHANTEN:
            return 0.0
        return self._child(call)._best_discard(c, n, after, barred)

    def best_discard(self, counts: Sequence[int], barred: Sequence[int] = ()) -> float:
        """Best value over the discards of the 14 - 3m concealed ``counts`` that keep its
        shanten (kinds in ``barred`` excepted: kuikae after a call); 0 beyond ``MAX_SHANTEN``."""
        c = bytearray(counts)
        n = sum(c)
        s = shanten_from_key(bytes(c), n)
        if not 0 <= s <= MAX_SHANTEN:
            return 0.0
        return self._best_discard(c, n, s, barred)

    def _best_discard(self, c: bytearray, n: int, s: int, barred: Sequence[int]) -> float:
        best = 0.0
        for k in range(34):
            if not c[k] or k in barred:
                continue
            c[k] -= 1
            if shanten_from_key(bytes(c), n - 1) == s:
                v = self._ev(c, n - 1, s)
                if v > best:
                    best = v
            c[k] += 1
        return best

    def _child(self, call: tuple[str, int, int]) -> "Lookahead":
        """The look-ahead of this hand with one more meld: ``call`` = (type, lowest kind, called
        kind). Its tiles are plain copies no other meld holds (a red five only when no plain
        one is left); one object per meld set for the whole tree of a decision."""
        typ, lo, d = call
        kinds = (d, d, d) if typ == "pon" else (lo, lo + 1, lo + 2)
        tiles: list[int] = []
        for kind in kinds:
            tiles.append(min((t for t in self._ids[kind] if t not in tiles), key=lambda t: t in RED_FIVES))
        called = next(t for t in tiles if t >> 2 == d)
        frm = (self.sit.seat + (3 if typ == "chi" else 2)) % 4
        meld = Meld(type=typ, tiles=tuple(sorted(tiles)), called_tile=called, from_seat=frm)
        melds = self.melds + (meld,)
        got = self._called.get(melds)
        if got is None:
            got = self._called[melds] = Lookahead(self.sit, melds, self._called)
            got.unseen[d] = max(0, got.unseen[d] - 1)   # the called copy is no longer to be drawn
        return got

    def discard_values(self, counts: Sequence[int], shanten_after: dict[int, int]) -> dict[int, float]:
        """``{kind: ev}`` after discarding each kind of ``shanten_after`` (kind -> the shanten
        left) from the 14 - 3m concealed ``counts``; kinds left further than ``MAX_SHANTEN``
        are absent."""
        out: dict[int, float] = {}
        c = bytearray(counts)
        n = sum(c) - 1
        for k, s in shanten_after.items():
            if s > MAX_SHANTEN or not c[k]:
                continue
            c[k] -= 1
            out[k] = self._ev(c, n, s)
            c[k] += 1
        return out


def kuikae_barred(typ: str, lo: int, called: int) -> tuple[int, ...]:
    """Kinds a seat may not discard right after a chi of ``lo..lo+2`` or a pon (``lo`` =
    ``called``) on the ``called`` kind: the called kind (R-KUIKAE-1) and, when a chi's called tile
    is at an end of the run, the kind three away on the other side in the same suit (R-KUIKAE-2)."""
    if typ != "chi":
        return (called,)
    r = called % 9
    if called == lo and r <= 5:
        return (called, called + 3)
    if called == lo + 2 and r >= 3:
        return (called, called - 3)
    return (called,)


def clear_cache() -> None:
    """Empty the finished-hand value cache (tests, memory checks)."""
    _VALUE_CACHE.clear()
