"""Chance of dealing in with a discard on the Taiwanese table, without furiten (T-WIN-6).

A logistic model of "this opponent wins on this discard", fitted on 44,730 (discard, opponent)
pairs of 400 single hands played by four intermediate computers (307 deal-ins; calibrated by
decile: the safest half under 0.1 %, the top tenth 4.3 % predicted, 4.5 % observed). What it
learnt, in plain words: honours are almost never waits (x0.035); a tile the opponent discarded
himself is very safe (x0.08; his waits rarely move onto it); terminals and 2/8 are safer than
middle tiles; danger grows with the opponent's open sets and with the discards of the hand so
far; each visible copy of a suited tile lowers it a little; an opponent whose melds show two
suits waits in the third more often. Exact safety overrides the model: a tile that passed the
opponent with his current hand (``defence.Threat.passed``) is safe, and an Original Call
declarer (locked and ready, T-ORIG-4) counts as much more dangerous.
"""
from __future__ import annotations

import math

from rules_engine.taiwanese.ai.defence import Threat
from rules_engine.taiwanese.ai.state import TwSituation

BIAS = -7.804
HONOUR = -3.353
TERMINAL = -0.550
TWO_EIGHT = -0.316
OWN_DISCARD = -2.514
NEAR_OWN_DISCARD = -0.306
OPEN_SETS = (0.706, -0.064)
"""Linear and square coefficients of the opponent's open sets."""
DISCARDS = (1.581, -0.118)
"""Linear and square coefficients of the hand's discards so far, in tens."""
VISIBLE = -0.302
OTHER_SUIT = 0.678
"""A suited tile of a third suit against an opponent whose melds show two suits."""
ORIGINAL_CALL = 0.5
"""Added for an Original Call declarer, who is also counted as late in the hand as
``OC_DISCARDS`` (ready from the start, T-ORIG-1; not fitted: too rare in the sample)."""
OC_DISCARDS = 6.0
"""Discards (in tens) at which an Original Call declarer is counted: where the model's hand-wide
danger peaks, so his middle tiles come out near 9 % and his honours under 0.5 %."""
PASSED = 0.0002
"""Chance for a tile that passed the opponent with his current hand (computers always win)."""


def deal_in_chance(sit: TwSituation, th: Threat, kind: int) -> float:
    """Chance (0..1) that the opponent of ``th`` wins on a discard of ``kind`` now."""
    if kind in th.passed:
        return PASSED
    o = th.opp
    suited = kind < 27
    z = BIAS
    if not suited:
        z += HONOUR
    else:
        n = kind % 9
        if n in (0, 8):
            z += TERMINAL
        elif n in (1, 7):
            z += TWO_EIGHT
        z += VISIBLE * sit.visible[kind]
        if kind not in th.own and any(j < 27 and j // 9 == kind // 9 and abs(j - kind) <= 2 for j in th.own):
            z += NEAR_OWN_DISCARD
        suits = {k // 9 for k in o.meld_kinds if k < 27}
        if len(suits) == 2 and kind // 9 not in suits:
            z += OTHER_SUIT
    if kind in th.own:
        z += OWN_DISCARD
    m = o.open_sets
    z += OPEN_SETS[0] * m + OPEN_SETS[1] * m * m
    d = sit.discard_count / 10.0
    if o.original_call:
        d = max(d, OC_DISCARDS)
        z += ORIGINAL_CALL
    z += DISCARDS[0] * d + DISCARDS[1] * d * d
    return 1.0 / (1.0 + math.exp(-z))


def deal_in(sit: TwSituation, ths: list[Threat], kind: int) -> float:
    """Chance (0..1) that some opponent wins on a discard of ``kind`` now."""
    safe = 1.0
    for th in ths:
        safe *= 1.0 - deal_in_chance(sit, th, kind)
    return 1.0 - safe
