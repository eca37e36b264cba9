"""Why an action is refused: the most precise rule ID for ``IllegalAction`` (P-PLAY-3).

A mixin of ``rules_engine.riichi.table.RiichiGame``; it only reads the state.
"""
from __future__ import annotations

from rules_engine.core.actions import Action


class RefusalMixin:
    """``_why_illegal(action) -> (reason, rule)`` for an action not among the legal ones."""

    def _why_illegal(self, a: Action) -> tuple[str, str]:
        """Best rule ID for a refused action (P-PLAY-3 when nothing more precise applies)."""
        s = self._seats[a.seat]
        if self.phase == "turn":
            if a.type == "discard" and a.tile is not None and (a.tile >> 2) in self._kuikae:
                return f"{a}: kuikae forbids discarding this kind right after the call", "R-KUIKAE-1"
            if a.type == "discard" and s.riichi:
                return f"{a}: a riichi hand discards only the drawn tile", "R-RIICHI-6"
            if a.type == "riichi":
                if s.riichi:
                    return f"{a}: already in riichi", "R-RIICHI-1"
                if not s.is_closed:
                    return f"{a}: riichi needs a closed hand", "R-RIICHI-1"
                if self.scores[a.seat] < 1000:
                    return f"{a}: riichi needs at least 1,000 points", "R-RIICHI-1"
                if self.live_count < 4:
                    return f"{a}: riichi needs at least 4 tiles in the live wall", "R-RIICHI-1"
                return f"{a}: the hand is not tenpai after this discard", "R-RIICHI-1"
            if a.type in ("ankan", "shouminkan"):
                if s.riichi:
                    return f"{a}: kan not allowed in riichi here", "R-RIICHI-7"
                return f"{a}: kan not available", "R-KAN-3"
            if a.type == "tsumo":
                return f"{a}: the drawn tile does not complete the hand with a yaku", "R-WIN-3"
            if a.type == "kyuushu":
                return f"{a}: kyuushu kyuuhai not available", "R-ABORT-1"
            if a.type in ("ron", "chi", "pon", "daiminkan", "pass"):
                return f"{a}: no discard to answer; it is this seat's turn", "R-TURN-1"
        else:
            if a.type == "ron":
                if s.furiten():
                    return f"{a}: the seat is furiten", "R-FURITEN-1"
                return f"{a}: no winning hand with a yaku on this tile", "R-CALL-4"
            if a.type == "chi":
                return f"{a}: chi not available (only the next seat, a sequence, kuikae)", "R-CALL-1"
            if a.type in ("pon", "daiminkan"):
                if s.riichi:
                    return f"{a}: a riichi player may not call", "R-CALL-9"
                return f"{a}: call not available", "R-CALL-2" if a.type == "pon" else "R-CALL-3"
        return f"{a} is not among the legal actions of seat {a.seat}", "P-PLAY-3"
