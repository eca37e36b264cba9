"""Fu of a standard reading (R-FU). Seven pairs are a flat 25 (R-FU-1); yakuman need none (R-FU-11).

Sets are ``(kind, t)`` as in ``yaku.py``: t = 0 sequence, 1 open triplet,
2 concealed triplet, 3 open kan, 4 closed kan.
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.core.tiles import format_kinds

_SET_FU = (0, 2, 4, 8, 16)
"""Simple-tile fu by set type (R-FU-5); terminal/honor sets double it."""
_SET_NAMES = ("sequence", "open triplet", "concealed triplet", "open kan", "closed kan")
_YAOCHUU = tuple(k >= 27 or k % 9 in (0, 8) for k in range(34))
_EDGE_WAITS = ("kanchan", "penchan", "tanki")
_WAIT_TEXT = {w: f"{w} wait" for w in _EDGE_WAITS}
_FU_OF = tuple(tuple(f * (2 if _YAOCHUU[k] else 1) for f in _SET_FU) for k in range(34))
"""Fu of a set of kind ``k`` and type ``t``: ``_FU_OF[k][t]`` (R-FU-5)."""
_SET_TEXT = tuple(tuple(f"{_SET_NAMES[t]} {format_kinds([k] * (4 if t >= 3 else 3))}" for t in range(5))
                  for k in range(34))
_PAIR_TEXT = tuple(f"pair {format_kinds([k, k])}" for k in range(34))


def pair_fu(pair: int, seat_kind: int, round_kind: int) -> int:
    """Fu of the pair (R-FU-6): dragon 2, seat wind 2, round wind 2 (4 when both)."""
    if pair >= 31:
        return 2
    return (2 if pair == seat_kind else 0) + (2 if pair == round_kind else 0)


def standard_fu(sets: Sequence[tuple[int, int]], pair: int, wait: str, *, tsumo: bool, closed: bool,
                pinfu: bool, seat_kind: int, round_kind: int,
                detail: list[tuple[str, int]] | None = None) -> int:
    """Rounded fu of a standard reading (R-FU-2..R-FU-10).

    ``detail``, when given, receives the ``(reason, fu)`` breakdown, ending with
    ``("rounding", n)`` when rounding up adds ``n`` fu.
    """
    if pinfu:
        fu = 20 if tsumo else 30
        if detail is not None:
            detail.append(("base", 20))
            if not tsumo:
                detail.append(("closed ron", 10))
        return fu
    fu = 30 if closed and not tsumo else 22 if tsumo else 20
    if detail is None:
        for k, t in sets:
            if t:
                fu += _FU_OF[k][t]
        if pair >= 31:
            fu += 2
        else:
            fu += (2 if pair == seat_kind else 0) + (2 if pair == round_kind else 0)
        if wait in _EDGE_WAITS:
            fu += 2
    else:
        detail.append(("base", 20))
        if closed and not tsumo:
            detail.append(("closed ron", 10))
        if tsumo:
            detail.append(("tsumo", 2))
        for k, t in sets:
            if t:
                f = _FU_OF[k][t]
                fu += f
                detail.append((_SET_TEXT[k][t], f))
        pf = pair_fu(pair, seat_kind, round_kind)
        if pf:
            fu += pf
            detail.append((_PAIR_TEXT[pair], pf))
        if wait in _EDGE_WAITS:
            fu += 2
            detail.append((_WAIT_TEXT[wait], 2))
    rounded = -(-fu // 10) * 10
    if rounded == 20:
        # R-FU-10: an open hand of 20 fu (open pinfu shape by ron) is scored as 30.
        rounded = 30
    if detail is not None and rounded != fu:
        detail.append(("open minimum" if fu == 20 else "rounding", rounded - fu))
    return rounded
