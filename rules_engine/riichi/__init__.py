"""Riichi hand evaluation: readings, yaku, fu, scoring and payments (riichi.md §3.13-§3.21).

Public API (docs/engine-api.md, "Hand evaluation")::

    from rules_engine.riichi import evaluate, WinContext, HandResult, win_payments
    from rules_engine.riichi import NotWinningHand, NoYaku, HandError, InvalidHand

- ``evaluate(ctx, preset) -> HandResult`` scores the best reading (R-SCORE-2);
  it raises ``NotWinningHand`` / ``NoYaku`` / ``InvalidHand`` (all ``HandError``).
- ``has_yaku_for(ctx, preset) -> bool``: "may this seat win here?" without
  exceptions (the table uses it before offering tsumo or ron).
- ``win_payments``, ``multi_ron_payments``: per-seat deltas (R-PAY, R-MULTI, R-PAO).
"""
from rules_engine.riichi.context import HandResult, WinContext
from rules_engine.riichi.errors import HandError, InvalidHand, NotWinningHand, NoYaku
from rules_engine.riichi.payments import hand_cost, multi_ron_payments, round_up_100, win_payments
from rules_engine.riichi.scoring import base_points, evaluate, has_yaku_for

__all__ = [
    "HandError", "HandResult", "InvalidHand", "NoYaku", "NotWinningHand", "WinContext", "base_points",
    "evaluate", "hand_cost", "has_yaku_for", "multi_ron_payments", "round_up_100", "win_payments",
]
