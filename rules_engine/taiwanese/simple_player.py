"""The simulator's simple legal Taiwanese player: stateless, uses only a seat view
(``taiwanese.views.decision_view`` or ``game.view(seat)``).

Preference order: any win (self-drawn, on a discard, robbing a kong, taking the eighth
flower); Original Call when offered (a non-dealer's declaration; the dealer's Original Call
discard of the tile the discard rule picks, when it is among them); any pung, else any chow
(there is no minimum to win, T-WIN-5, so calling shortens the way out); a concealed kong;
exposed kongs are passed; otherwise the
least connected tile is discarded (honours and terminals alone first, then tiles with few
neighbours). It is a legal yardstick and a test driver, not one of the computer strengths of
``rules_engine.ai`` (playing Taiwanese sensibly there is a later task).
"""
from __future__ import annotations

from rules_engine.core.actions import Action


# Kinds get bit positions with two empty bits between suits and around every honour, so the
# neighbours of a kind are the bits next to its own in one presence mask:
# _NEAR[(mask >> (pos - 2)) & 0b11011] scores them (as rules_engine.ai.simple_player does).
_POS = tuple(2 + 11 * (k // 9) + k % 9 if k < 27 else 35 + 3 * (k - 27) for k in range(34))
_BIT = tuple(1 << _POS[t >> 2] for t in range(136))
_SHIFT = tuple(_POS[t >> 2] - 2 for t in range(136))
_NEAR = tuple((m & 1) + 2 * (m >> 1 & 1) + 2 * (m >> 3 & 1) + (m >> 4 & 1) for m in range(32))
_BASE = tuple(1000 * (1 if k < 27 and 2 <= k % 9 <= 6 else 0) + 200 + t for t, k in ((t, t >> 2) for t in range(136)))


def best_discard(hand: list[int], tiles: list[int], drawn: int | None) -> int:
    """The least connected tile among ``tiles`` (ids of ``hand``): key 3 per copy held, 2 per
    neighbour kind held, 1 per kind two away held, 1 for the numbers 3..7; ties: the drawn
    tile, then the lowest id."""
    counts = [0] * 34
    present = 0
    bit = _BIT
    for t in hand:
        counts[t >> 2] += 1
        present |= bit[t]
    near, shift, base = _NEAR, _SHIFT, _BASE
    best = -1
    best_key = 1 << 30
    for t in tiles:
        key = (3 * counts[t >> 2] + near[present >> shift[t] & 27]) * 1000 + base[t]
        if t == drawn:
            key -= 200
        if key < best_key:
            best, best_key = t, key
    return best


def decide(view: dict) -> Action:
    """One of ``view["legal_actions"]``; ``ValueError`` when there is none."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the view offers no legal action")
    return Action.from_json(_choose(view, legal))


def _choose(view: dict, legal: list[dict]) -> dict:
    if legal[0]["type"] == "discard" and legal[-1]["type"] == "discard":  # discards only (the usual turn)
        tile = best_discard(view["hand"], [a["tile"] for a in legal], view.get("drawn_tile"))
        return next(a for a in legal if a["tile"] == tile)
    by_type: dict[str, list[dict]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    for typ in ("tsumo", "ron"):
        if typ in by_type:
            return by_type[typ][0]
    if "pass" in by_type:  # a response window
        if "riichi" in by_type:
            return by_type["riichi"][0]
        for a in by_type.get("pon", ()):
            return a
        for a in by_type.get("chi", ()):
            return a
        return by_type["pass"][0]
    if "ankan" in by_type:
        return by_type["ankan"][0]
    discards = by_type.get("discard", [])
    if not discards:
        return legal[0]
    hand = view["hand"]
    tile = best_discard(hand, [a["tile"] for a in discards], view.get("drawn_tile"))
    for a in by_type.get("riichi", ()):
        if a["tile"] == tile:
            return a
    return next(a for a in discards if a["tile"] == tile)
