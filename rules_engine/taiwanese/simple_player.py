"""The simulator's simple legal Taiwanese player: stateless, uses only a seat view
(``taiwanese.views.decision_view`` or ``game.view(seat)``).

Preference order: any win (self-drawn, on a discard, robbing a kong, taking the eighth
flower); Original Call when offered (a non-dealer's declaration; the dealer's Original Call
discard of the tile the discard rule picks, when it is among them); a pung of an honour
(honour sets score, T-TAI-12); a concealed kong; every other call is passed; otherwise the
least connected tile is discarded (honours and terminals alone first, then tiles with few
neighbours). It is a legal yardstick and a test driver, not one of the computer strengths of
``rules_engine.ai`` (playing Taiwanese sensibly there is a later task).
"""
from __future__ import annotations

from rules_engine.core.actions import Action


def _key(tile: int, counts: list[int], drawn: int | None) -> tuple:
    k = tile >> 2
    c = counts[k]
    if k >= 27:
        near = 0
        middle = 0
    else:
        num = k % 9
        near = 0
        for off, w in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            j = num + off
            if 0 <= j <= 8 and counts[k + off]:
                near += w
        middle = 1 if 2 <= num <= 6 else 0
    return (3 * (c - 1) + near + middle, tile != drawn, tile)


def best_discard(hand: list[int], tiles: list[int], drawn: int | None) -> int:
    """The least connected tile among ``tiles`` (ids of ``hand``); ties: the drawn tile, then the
    lowest id."""
    counts = [0] * 34
    for t in hand:
        counts[t >> 2] += 1
    return min(tiles, key=lambda t: _key(t, counts, drawn))


def decide(view: dict) -> Action:
    """One of ``view["legal_actions"]``; ``ValueError`` when there is none."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the view offers no legal action")
    return Action.from_json(_choose(view, legal))


def _choose(view: dict, legal: list[dict]) -> dict:
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
            if a["tile"] >> 2 >= 27:
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
