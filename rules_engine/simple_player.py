"""The simulator's simple legal-move player (issue 5): stateless, uses only a seat view.

Preference order: a win (tsumo / ron); kyuushu kyuuhai; riichi; a pon of a dragon or of
the seat/round wind; an ankan; otherwise the discard that leaves the lowest shanten
(ties: the least connected tile, honors and terminals first). Every other call is passed.
It is a yardstick and a test driver, not one of the computer players of ``rules_engine.ai``.
"""
from __future__ import annotations

from .actions import Action
from .shanten import shanten

_PREFERRED = ("tsumo", "ron", "kyuushu")


def _connectivity(counts: list[int], kind: int) -> int:
    """How useful one tile of ``kind`` is to the rest of the hand (pairs, neighbours)."""
    score = 3 * (counts[kind] - 1)
    if kind < 27:
        num = kind % 9
        for d in (-2, -1, 1, 2):
            if 0 <= num + d <= 8 and counts[kind + d]:
                score += 3 - abs(d)
        score += 1 if 2 <= num <= 6 else 0
    return score


def _best_discard(view: dict, tiles: list[int]) -> int:
    """The tile among ``tiles`` whose discard leaves the lowest shanten.

    Candidates are tried from the least connected up; the first one whose discard keeps
    the shanten of the whole hand (the best any discard can reach) is taken, so usually
    only one or two shanten calls are needed.
    """
    counts = [0] * 34
    for t in view["hand"]:
        counts[t >> 2] += 1
    drawn = view.get("drawn_tile")
    order = sorted(tiles, key=lambda t: (_connectivity(counts, t >> 2), t != drawn, t))
    n = sum(counts)
    target = shanten(counts) if n % 3 == 2 else None
    best, best_s = order[0], 99
    for t in order:
        k = t >> 2
        counts[k] -= 1
        s = shanten(counts)
        counts[k] += 1
        if s < best_s:
            best, best_s = t, s
        if target is not None and s <= target:
            break
    return best


def decide(view: dict) -> Action:
    """Choose one of ``view["legal_actions"]``. Raises ``ValueError`` when there is none."""
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError("the view offers no legal action")
    by_type: dict[str, list[dict]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    choice = _choose(view, by_type, legal)
    return Action.from_json(choice)


def _choose(view: dict, by_type: dict[str, list[dict]], legal: list[dict]) -> dict:
    for typ in _PREFERRED:
        if typ in by_type:
            return by_type[typ][0]
    if "pass" in by_type:  # a claim decision
        winds = {27 + view["round_wind"], 27 + view["players"][view["seat"]]["seat_wind"]}
        for a in by_type.get("pon", []):
            if a["tile"] >> 2 >= 31 or a["tile"] >> 2 in winds:
                return a
        return by_type["pass"][0]
    if "riichi" in by_type:
        tile = _best_discard(view, [a["tile"] for a in by_type["riichi"]])
        return next(a for a in by_type["riichi"] if a["tile"] == tile)
    if "ankan" in by_type:
        return by_type["ankan"][0]
    discards = by_type.get("discard", [])
    if not discards:
        return legal[0]
    tile = _best_discard(view, [a["tile"] for a in discards])
    return next(a for a in discards if a["tile"] == tile)
