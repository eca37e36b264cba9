"""What each opponent has let pass, for the strong Taiwanese computer (no furiten, T-WIN-6).

There is no furiten in this preset, so a tile an opponent discarded himself is only relatively
safe (his wait may have moved onto it; ``danger`` weighs it). What is exactly safe is a tile
that **passed** him with his current hand: any discard made after his own latest discard that
he did not win on (his concealed tiles have not changed since; computers declare every win),
and for an Original Call declarer, locked since his declaration (T-ORIG-4), every tile
discarded after it (his own automatic discards included).

``threats(sit)`` gives one ``Threat`` per opponent; ``danger.deal_in`` turns them into the
chance of dealing in with a discard.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine.taiwanese.ai.state import TwOpponent, TwSituation


@dataclass(slots=True)
class Threat:
    """An opponent ``opp`` with ``passed`` (kinds that passed him with his current hand) and
    ``own`` (kinds he discarded in this hand)."""

    opp: TwOpponent
    passed: frozenset[int]
    own: frozenset[int]


def _oc_order(sit: TwSituation, o: TwOpponent) -> int:
    """Order after which an Original Call declarer's hand is fixed: before any discard of the
    hand for a non-dealer (declared in the opening window), his own first discard for the dealer."""
    if o.seat == sit.dealer and o.discards:
        return o.discards[0][1]
    return -1


def threats(sit: TwSituation) -> list[Threat]:
    """One ``Threat`` per opponent of ``sit``, in seat order."""
    out = []
    for o in sit.opponents:
        last = _oc_order(sit, o) if o.original_call else o.last_order
        passed = frozenset(kind for order, seat, kind, _called in sit.pool_order if order > last and seat != o.seat) \
            | (frozenset(t >> 2 for t, order, _c in o.discards if order > last) if o.original_call else frozenset())
        own = frozenset(t >> 2 for t, _o, _c in o.discards)
        out.append(Threat(o, passed, own))
    return out
