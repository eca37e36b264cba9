"""Errors raised by the table state machine (R-TURN, P-PLAY-3).

All are ``ValueError`` subclasses so a caller that only knows "bad input" can
catch one type. Each carries the rule ID it enforces.
"""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not legal now (P-PLAY-3): the game state is unchanged.

    Attributes: ``reason`` (human-readable, names the action and the state)
    and ``rule`` (the rule ID enforced, e.g. ``"R-KUIKAE-1"``; ``"P-PLAY-3"``
    when the action is simply not among the offered options).
    """

    def __init__(self, reason: str, rule: str = "P-PLAY-3") -> None:
        super().__init__(f"{reason} [{rule}]")
        self.reason = reason
        self.rule = rule


class WrongPhase(IllegalAction):
    """A method was called in a phase that does not allow it (e.g. ``next_hand`` mid-hand)."""
