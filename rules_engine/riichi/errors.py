"""Errors of Riichi hand evaluation (R-WIN, R-SCORE).

All are ``ValueError`` subclasses so a caller that only wants "not a legal
win" can catch ``HandError``. Each carries ``rule`` (the rule ID it enforces).
"""
from __future__ import annotations

from typing import Callable


class HandError(ValueError):
    """Base of every hand-evaluation error; ``rule`` names the rule ID."""

    rule = "R-WIN-1"

    def __init__(self, message: str | Callable[[], str], rule: str | None = None) -> None:
        # A callable message is formatted only when shown: evaluating many
        # candidate hands (tenpai checks, benchmarks) raises NoYaku often.
        self._message = message
        self.args = (message,) if isinstance(message, str) else ("",)  # as ValueError.__init__ would set
        if rule is not None:
            self.rule = rule

    def __str__(self) -> str:
        msg = self._message
        return msg if isinstance(msg, str) else msg()


class InvalidHand(HandError):
    """The situation itself is malformed: wrong tile count, a fifth copy, the
    winning tile missing from the hand, contradictory flags (R-HAND-1, R-TILE-1)."""

    rule = "R-HAND-1"


class NotWinningHand(HandError):
    """The tiles do not form a complete hand under R-WIN-1 (standard, seven pairs, thirteen orphans)."""

    rule = "R-WIN-1"


class NoYaku(HandError):
    """The hand is complete but no reading has a yaku; dora never count (R-WIN-2, R-DORA-7)."""

    rule = "R-WIN-2"
