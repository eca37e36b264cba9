"""Claims on the Taiwanese table: the options on a discard (T-CALL-1, T-CALL-4, T-CALL-5) or
on an added-kong tile (T-KONG-4), their resolution by priority (T-CALL-2: every win, else a
pung or kong before a chow; T-WIN-7 several winners), and the dispatch of every other
response window (the Original Call window, the eighth-flower offer).

No furiten (T-WIN-6): a seat is offered every win its hand allows, whatever it passed before.

A mixin of ``rules_engine.taiwanese.table.TaiwaneseGame``.
"""
from __future__ import annotations

from rules_engine.core.actions import Action, call_action, simple_action
from rules_engine.game import AFTER as _AFTER


def _lowest(hand: list[int], kind: int, n: int) -> tuple[int, ...]:
    return tuple(sorted(t for t in hand if t >> 2 == kind)[:n])


class ClaimsMixin:
    """Claim windows of ``TaiwaneseGame`` (private methods)."""

    def _open_claims(self, discarder: int, tile: int, events: list[dict], *, rob: bool) -> None:
        """Offer responses to a discard (T-CALL-1) or to an added-kong tile (wins only, T-KONG-4).
        With the live wall empty no kong is offered (T-WALL-3, T-CALL-4)."""
        kind = tile >> 2
        live = bool(self._walls.live)
        legal: dict[int, list[Action]] = {}
        order = _AFTER[discarder]
        seats = self._seats
        for seat in order:
            s = seats[seat]
            win = kind in s.waits
            if not win and (rob or s.original_call
                            or (s.counts[kind] < 2 and (kind >= 27 or seat != order[0]))):
                continue
            opts: list[Action] = []
            if win:
                opts.append(simple_action("ron", seat, tile))
            if not rob and not s.original_call:  # T-CALL-5: a locked seat claims wins only
                kc = s.counts
                if kind < 27 and seat == order[0]:  # chow: the discarder's next player only
                    num = kind % 9
                    for lo in (kind - 2, kind - 1, kind):
                        if lo // 9 != kind // 9 or lo % 9 > 6 or lo < 0 or not num - 2 <= lo % 9 <= num:
                            continue
                        own = [k for k in (lo, lo + 1, lo + 2) if k != kind]
                        if kc[own[0]] and kc[own[1]]:
                            opts.append(call_action("chi", seat, tile, tuple(
                                sorted(_lowest(s.hand, own[0], 1) + _lowest(s.hand, own[1], 1)))))
                same = kc[kind]
                if same >= 2:
                    opts.append(call_action("pon", seat, tile, _lowest(s.hand, kind, 2)))
                if same == 3 and live:
                    opts.append(call_action("daiminkan", seat, tile, _lowest(s.hand, kind, 3)))
            if opts:
                opts.append(simple_action("pass", seat, None))
                legal[seat] = opts
        self._claim = {"kind": "rob" if rob else "discard", "discarder": discarder, "tile": tile}
        if legal:
            self._open(legal, "claim")
        elif self._hold_empty_claims:
            self._open({}, "claim")  # look-ahead only (empty_claim_window_views)
        else:
            # P-FAIR-6: a window nobody can answer still steps ``seq``, as an answered one does
            self.seq += 1
            self._legal, self._answers = {}, {}
            self._resolve_claim(events)

    def _resolve_claim(self, events: list[dict]) -> None:
        """Every seat of the window has answered: dispatch on the window's kind."""
        kind = self._claim["kind"]
        if kind == "flower":
            self._resolve_flower_offer(events)
        elif kind == "original_call":
            self._resolve_original_call(events)
        else:
            self._resolve_discard_claims(events)

    def _resolve_discard_claims(self, events: list[dict]) -> None:
        """T-CALL-2 priority: all wins (T-WIN-7); else pung/kong before chow; else the next
        player draws (T-TURN-7), which ends the hand when the live wall is empty (T-CALL-4)."""
        claim = self._claim
        d, tile, rob = claim["discarder"], claim["tile"], claim["kind"] == "rob"
        answers = self._answers
        self._legal, self._answers = {}, {}
        order = _AFTER[d]
        if answers:
            wins = [s for s in order if s in answers and answers[s].type == "ron"]
            if wins:
                self._win_on_tile(wins, d, tile, rob, events)
                return
        self._claim = None
        if rob:
            self._complete_added_kong(d, tile, events)
            return
        call = None
        if answers:
            call = next((answers[s] for s in order if s in answers and answers[s].type in ("pon", "daiminkan")),
                        None)
            if call is None:
                call = next((answers[s] for s in order if s in answers and answers[s].type == "chi"), None)
        if call is None:
            self._draw((d + 1) % 4, events, replacement=False)
        else:
            self._call(call, d, events)
