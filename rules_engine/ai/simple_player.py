"""The simulator's simple legal-move player (issue 5): stateless, uses only a seat view.

Preference order: a win (tsumo / ron); kyuushu kyuuhai; riichi; a pon of a dragon or of
the seat/round wind; an ankan; otherwise the discard that leaves the lowest shanten
(ties: the least connected tile, honors and terminals first). Every other call is passed.
It is a yardstick and a test driver, not one of the computer players of ``rules_engine.ai``.
"""
from __future__ import annotations

from rules_engine.core.actions import Action
from rules_engine.core.shanten import shanten, shanten_recent, to_key

_PREFERRED = ("tsumo", "ron", "kyuushu")
_COUNTS_0_TO_4 = bytes(range(5))
"""Deleted from a hand's count bytes, these leave only counts above four (R-TILE-1)."""

# Connectivity of a tile of kind k (its place in the discard order): 3 per other copy held,
# 2 per neighbour kind held, 1 per kind two away held (same suit), 1 for the numbers 3..7.
# Kinds get bit positions with two empty bits between suits and around every honor, so the
# neighbours of a kind are the bits next to its own in one presence mask and no test of the
# number is needed: _NEAR[(mask >> (pos - 2)) & 0b11011] scores them.
_POS = tuple(2 + 11 * (k // 9) + k % 9 if k < 27 else 35 + 3 * (k - 27) for k in range(34))
_BIT = tuple(1 << _POS[t >> 2] for t in range(136))
"""``_BIT[id]``: the presence bit of the tile's kind."""
_SHIFT = tuple(_POS[t >> 2] - 2 for t in range(136))
_NEAR = tuple((m & 1) + 2 * (m >> 1 & 1) + 2 * (m >> 3 & 1) + (m >> 4 & 1) for m in range(32))
"""Neighbour score of the five bits around a kind (bits 0, 1 two and one below; 3, 4 above)."""
_BASE = tuple(1000 * ((k < 27 and 2 <= k % 9 <= 6) - 3) + 200 + t for t, k in ((t, t >> 2) for t in range(136)))
"""``_BASE[id]``: the key part of a tile besides its copies and neighbours: 1000 * (1 for
the numbers 3..7, less the 3 of ``3 * (count - 1)``) + 200 (not the drawn tile) + id."""


def _best_discard(view: dict, tiles: list[int]) -> int:
    """The tile among ``tiles`` whose discard leaves the lowest shanten.

    Candidates are tried from the least connected up (ties: a tile other than the drawn
    one first, then the lower id); the first one whose discard keeps the shanten of the
    whole hand (the best any discard can reach) is taken, so usually only one or two
    shanten calls are needed.
    """
    hand = view["hand"]
    counts = [0] * 34
    present = 0
    bit = _BIT
    for t in hand:
        counts[t >> 2] += 1
        present |= bit[t]
    drawn = view.get("drawn_tile")
    # sort by (connectivity, not the drawn tile, id), packed in one int: 0 <= id < 200
    near, shift = _NEAR, _SHIFT
    keys = [(3 * counts[t >> 2] + near[present >> shift[t] & 27]) * 1000 + _BASE[t] for t in tiles]
    if drawn in tiles:
        if tiles.count(drawn) == 1:
            keys[tiles.index(drawn)] -= 200
        else:
            for i, t in enumerate(tiles):
                if t == drawn:
                    keys[i] -= 200
    keys.sort()
    n = len(hand)
    if n % 3 != 2:  # not a hand about to discard: plain validated shanten for every candidate
        best, best_s = keys[0] % 1000 % 200, 99
        for key in keys:
            t = key % 1000 % 200
            counts[t >> 2] -= 1
            s = shanten(counts)
            counts[t >> 2] += 1
            if s < best_s:
                best, best_s = t, s
        return best
    if n > 14:  # not a valid hand (n % 3 == 2 here): to_key raises its error
        to_key(counts)
    b = bytes(counts)
    if b.translate(None, _COUNTS_0_TO_4):  # a count above 4: to_key raises its error
        to_key(counts)
    target = shanten_recent(b, n)
    # the rest of a valid 14-3m hand is a valid 13-3m hand: the unchecked lookup is safe
    best, best_s = keys[0] % 1000 % 200, 99
    tried: dict[int, int] = {}
    for key in keys:
        t = key % 1000 % 200
        k = t >> 2
        s = tried.get(k)
        if s is None:
            counts[k] -= 1
            s = tried[k] = shanten_recent(bytes(counts), n - 1)
            counts[k] += 1
        if s < best_s:
            best, best_s = t, s
        if s <= target:
            break
    return best


def decide(view: dict) -> Action:
    """Choose one of ``view["legal_actions"]``. ``view``: ``game.view(seat)`` or the smaller
    ``views.decision_view`` (keys used: seat, dealer, round_wind, hand, drawn_tile, legal_actions).
    Raises ``ValueError`` when there is none."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the view offers no legal action")
    return Action.from_json(_choose(view, legal))


def _choose(view: dict, legal: list[dict]) -> dict:
    types = [a["type"] for a in legal]
    present = set(types)
    for typ in _PREFERRED:
        if typ in present:
            return legal[types.index(typ)]
    if "pass" in present:  # a claim decision
        if "pon" in present:
            winds = {27 + view["round_wind"], 27 + (view["seat"] - view["dealer"]) % 4}  # seat wind, R-DEAL-2
            for a in legal:
                if a["type"] == "pon" and (a["tile"] >> 2 >= 31 or a["tile"] >> 2 in winds):
                    return a
        return legal[types.index("pass")]
    if "riichi" in present:
        return _pick_discard(view, [a for a in legal if a["type"] == "riichi"])
    if "ankan" in present:
        return legal[types.index("ankan")]
    if "discard" not in present:
        return legal[0]
    if len(present) == 1:  # discards only
        return _pick_discard(view, legal)
    return _pick_discard(view, [a for a in legal if a["type"] == "discard"])


def _pick_discard(view: dict, options: list[dict]) -> dict:
    """The first of ``options`` (discards or riichi declarations) naming ``_best_discard``'s tile."""
    tiles = [a["tile"] for a in options]
    return options[tiles.index(_best_discard(view, tiles))]
