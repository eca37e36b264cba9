"""Original Call on the Taiwanese table (T-ORIG): the non-dealers' concurrent window after the
opening flower passes (T-ORIG-2), offered only to ready hands (T-ORIG-3), and its masked
twin when nobody is ready (P-FAIR-6). The dealer's Original Call discard is a turn option
(``TaiwaneseGame._turn_actions``); the lock (T-ORIG-4) is applied where the table offers
options (turns: win or the drawn tile, discarded automatically when it does not win; claims:
wins only).

A mixin of ``rules_engine.taiwanese.table.TaiwaneseGame``.
"""
from __future__ import annotations

from rules_engine.core.actions import simple_action
from rules_engine.game import AFTER as _AFTER
from rules_engine.taiwanese.ready import ready_kinds


class OriginalCallMixin:
    """The Original Call window of ``TaiwaneseGame`` (private methods and one view helper)."""

    def _open_original_call_window(self, events: list[dict]) -> None:
        """T-ORIG-2: every ready non-dealer may declare (``riichi`` with tile null) or pass;
        they decide concurrently. With nobody ready the window still steps ``seq`` (so the
        numbering never tells whether anyone could declare) and the dealer's turn follows."""
        legal = {}
        for seat in _AFTER[self.dealer]:
            s = self._seats[seat]
            if s.waits and ready_kinds(s.counts, 0, s.held_in_melds()):
                legal[seat] = [simple_action("riichi", seat, None), simple_action("pass", seat, None)]
        self._claim = {"kind": "original_call"}
        if legal:
            self._open(legal, "claim")
            return
        self.seq += 1
        self._opening_masked = True
        self._claim = None
        self._dealer_first_turn(events)

    def _resolve_original_call(self, events: list[dict]) -> None:
        answers = self._answers
        self._legal, self._answers = {}, {}
        self._claim = None
        for seat in _AFTER[self.dealer]:
            if seat in answers and answers[seat].type == "riichi":
                self._seats[seat].original_call = True
                events.append({"type": "original_call", "seat": seat})
        self._dealer_first_turn(events)

    def empty_opening_window_views(self) -> dict | None:
        """The views of an Original Call window that offered nobody anything (P-FAIR-6 as
        clarified: the window is masked like a claim window). When the hand has just reached
        the dealer's first decision without a window having been held, returns ``{None:
        public view, 0: view, …, 3: view}`` as that window would have looked: phase
        ``"claim"``, ``seq`` one below the current one, no legal actions, ``pending_seats``
        empty, ``turn`` the dealer. The server shows them for a moment, as after a discard
        nobody can claim. ``None`` otherwise. The game is never changed."""
        if not (self._opening_masked and self.phase == "turn" and self._turn_kind == "first"
                and self._turn == self.dealer):
            return None
        look = self.clone()
        look.phase = "claim"
        look.seq = self.seq - 1
        look._legal, look._answers = {}, {}
        look._claim = {"kind": "original_call"}
        return {seat: look.view(seat) for seat in (None, 0, 1, 2, 3)}
