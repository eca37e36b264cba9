"""Defence of the strong Taiwanese computer without furiten (T-WIN-6).

There is no furiten in this preset, so a tile an opponent discarded himself is only weakly
safe (his wait may have moved onto it). What is strong is a tile that **passed** him with his
current hand: any discard made after his own latest discard that he did not win on (his
concealed tiles have not changed since), and for an Original Call declarer, locked since his
declaration (T-ORIG-4), every tile discarded after it (his own automatic discards included).

``threats(sit)`` gives each opponent's chance of being ready and value in tai;
``expected_loss(sit, threats, kind)`` the tai expected to be paid by discarding ``kind``.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine.taiwanese.ai.state import TwOpponent, TwSituation

DEAL_IN_SCALE = 0.06
"""Chance that a ready opponent waits on a plain middle tile (danger 1.0)."""


@dataclass(slots=True)
class Threat:
    """An opponent's ``ready`` chance (0..1), ``value`` in tai if he wins, ``flush_suit``
    (0..2 when his melds show a one-suit hand, else ``None``) and ``passed`` (kinds that passed
    him with his current hand) and ``own`` (kinds he discarded)."""

    opp: TwOpponent
    ready: float
    value: float
    flush_suit: int | None
    passed: frozenset[int]
    own: frozenset[int]


def _oc_order(sit: TwSituation, o: TwOpponent) -> int:
    """Order after which an Original Call declarer's hand is fixed: before any discard of the
    hand for a non-dealer (declared in the opening window), his own first discard for the dealer."""
    if o.seat == sit.dealer and o.discards:
        return o.discards[0][1]
    return -1


def threats(sit: TwSituation) -> list[Threat]:
    out = []
    for o in sit.opponents:
        m = o.open_sets
        nd = len(o.discards)
        if o.original_call:
            ready = 1.0
        else:
            ready = min(0.9, 0.02 + 0.13 * m + 0.015 * nd + (0.1 if m >= 3 else 0.0))
            if sit.wall_count < 16:
                ready = min(0.9, ready + 0.15)
        suited = [k for k in o.meld_kinds if k < 27]
        suits = {k // 9 for k in suited}
        flush = next(iter(suits)) if m >= 2 and len(suits) == 1 else None
        value = 6.0 + len(o.flowers) + 15.0 * o.original_call + sum(1 for mm in o.melds if min(mm["tiles"]) >> 2 >= 27)
        if flush is not None:
            value += 10.0
        last = _oc_order(sit, o) if o.original_call else o.last_order
        passed = frozenset(kind for order, seat, kind, _called in sit.pool_order if order > last and seat != o.seat) \
            | (frozenset(t >> 2 for t, order, _c in o.discards if order > last) if o.original_call else frozenset())
        own = frozenset(t >> 2 for t, _o, _c in o.discards)
        out.append(Threat(o, ready, value, flush, passed, own))
    return out


def danger(sit: TwSituation, th: Threat, kind: int) -> float:
    """Relative chance (1.0 = a middle tile nobody knows about) that ``th`` waits on ``kind``."""
    if kind in th.passed:
        return 0.02
    if sit.visible[kind] >= 4:
        return 0.0
    if kind >= 27:
        d = (0.9, 0.8, 0.5, 0.12)[sit.visible[kind]]
    else:
        n = kind % 9
        d = (0.7, 0.85, 0.95, 1.0, 1.0, 1.0, 0.95, 0.85, 0.7)[n]
        suji = [kind - 3] if n >= 3 else []
        if n <= 5:
            suji.append(kind + 3)
        if suji and all(s in th.own for s in suji):
            d *= 0.6
        if th.flush_suit is not None:
            d *= 1.7 if kind // 9 == th.flush_suit else 0.25
    if kind in th.own:
        d *= 0.4
    return d


def expected_loss(sit: TwSituation, ths: list[Threat], kind: int) -> float:
    """Tai expected to be paid by discarding ``kind`` now (T-PAY-2: the discarder pays)."""
    return sum(th.ready * DEAL_IN_SCALE * danger(sit, th, kind) * th.value for th in ths)
