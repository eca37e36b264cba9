"""Hand end of the table: wins, exhaustive and abortive draws, settlement, rotation and game end
(R-WIN-5, R-MULTI, R-PAO, R-DRAW, R-NAGASHI, R-ABORT-6, R-ROT, R-END, R-RESULT).

A mixin of ``rules_engine.riichi.table.RiichiGame``; it reads and writes the game's hand state.
"""
from __future__ import annotations

from typing import Any

from rules_engine.riichi import settlement
from rules_engine.riichi.seat_state import SeatState
from rules_engine.riichi.wall import URA_INDICATOR_INDEX


class HandEndMixin:
    """Hand-ending steps of ``RiichiGame`` (private methods; see ``rules_engine.riichi.table``)."""

    def _win_tsumo(self, seat: int, events: list[dict]) -> None:
        tile = self._drawn
        assert tile is not None
        res = self._win_result(seat, tile, tsumo=True)
        assert res is not None
        s = self._seats[seat]
        pao = self._pao_seat(s, res)
        deltas = settlement.win_deltas(res, tsumo=True, winner=seat, discarder=None, dealer=self.dealer,
                                       honba=self.honba, deposits=self.deposits, pao_seat=pao, preset=self.preset)
        win = self._win_record(seat, tile, res, deltas, tsumo=True, pao=pao)
        self._end_hand({"kind": "win", "wins": [win]}, deltas, events,
                       dealer_repeat=seat == self.dealer, deposits_taken=True)

    def _win_ron(self, rons: list[int], d: int, tile: int, chankan: bool, results: dict, events: list[dict]) -> None:
        self._seats[d].riichi_declared = False  # R-RIICHI-3: void riichi, no deposit
        total = [0, 0, 0, 0]
        wins = []
        for i, seat in enumerate(rons):  # R-MULTI-2: bonuses to the nearest winner
            res = results[seat]
            s = self._seats[seat]
            pao = self._pao_seat(s, res)
            deltas = settlement.win_deltas(res, tsumo=False, winner=seat, discarder=d, dealer=self.dealer,
                                           honba=self.honba if i == 0 else 0,
                                           deposits=self.deposits if i == 0 else 0, pao_seat=pao,
                                           preset=self.preset)
            wins.append(self._win_record(seat, tile, res, deltas, tsumo=False, pao=pao, discarder=d,
                                         chankan=chankan))
            total = [a + b for a, b in zip(total, deltas)]
        self._end_hand({"kind": "win", "wins": wins}, total, events,
                       dealer_repeat=self.dealer in rons, deposits_taken=True)

    def _pao_seat(self, s: SeatState, res: Any) -> int | None:
        names = {name for name, _v in res.yaku}
        for yakuman, liable in s.liable.items():
            if yakuman in names:
                return liable
        return None

    def _win_record(self, seat: int, tile: int, res: Any, deltas: list[int], *, tsumo: bool,
                    pao: int | None, discarder: int | None = None, chankan: bool = False) -> dict:
        s = self._seats[seat]
        return {"seat": seat, "tsumo": tsumo, "tile": tile, "from_seat": discarder, "chankan": chankan,
                "hand": sorted(s.hand if tsumo else s.hand + [tile]), "melds": [m.to_json() for m in s.melds],
                "han": res.han, "fu": res.fu, "yaku": [list(y) for y in res.yaku], "yakuman": res.yakuman,
                "limit": res.limit, "base_points": res.base_points, "payments": deltas, "pao_seat": pao,
                "ura_indicators": [self._wall[URA_INDICATOR_INDEX[i]] for i in range(self._n_dora)]
                if s.riichi else []}

    def _exhaustive_draw(self, events: list[dict]) -> None:
        """R-DRAW-2: tenpai judged and revealed, nagashi, noten payments, deposits, rotation."""
        tenpai = [x.riichi or bool(x.waits) for x in self._seats]
        nagashi = [self.preset.nagashi_mangan and x.nagashi and bool(x.discards) for x in self._seats]
        if any(nagashi):
            deltas = settlement.nagashi_deltas(nagashi, self.dealer)
        else:
            deltas = settlement.noten_deltas(tenpai)
        result = {"kind": "exhaustive_draw", "tenpai": tenpai, "nagashi": nagashi,
                  "revealed": {str(i): sorted(x.hand) for i, x in enumerate(self._seats) if tenpai[i]}}
        self._end_hand(result, deltas, events, dealer_repeat=tenpai[self.dealer], deposits_taken=False)

    def _abort(self, kind: str, events: list[dict], reveal: list[int] | None = None) -> None:
        """R-ABORT-6: no payments, deposits stay (or return), honba +1, dealer repeats."""
        result: dict = {"kind": "abortive_draw", "abort": kind,
                        "revealed": {str(i): sorted(self._seats[i].hand) for i in (reveal or [])}}
        self._end_hand(result, [0, 0, 0, 0], events, dealer_repeat=True, deposits_taken=False)

    def _end_hand(self, result: dict, deltas: list[int], events: list[dict], *, dealer_repeat: bool,
                  deposits_taken: bool) -> None:
        """Settle (R-PAY-7), rotate (R-ROT) and decide the game end (R-END-8)."""
        for i in range(4):
            self.scores[i] += deltas[i]
        returned = [0, 0, 0, 0]
        if deposits_taken:
            self.deposits = 0
        elif self.preset.deposits_after_draw == "return" and self.deposits:  # R-DRAW-5
            for i, x in enumerate(self._seats):
                returned[i] = 1000 * x.deposits_posted
                self.scores[i] += returned[i]
            self.deposits -= sum(returned)
        for x in self._seats:
            x.deposits_posted = 0
        kind = result["kind"]
        if not self.preset.honba:
            honba = 0
        elif kind != "win" or dealer_repeat:
            honba = self.honba + 1  # R-ROT-2
        else:
            honba = 0
        result.update({"deltas": list(deltas), "deposits_returned": returned, "scores": list(self.scores),
                       "deposits": self.deposits, "dealer_repeat": dealer_repeat,
                       "hand_number": self.hand_number, "honba": self.honba,
                       "dora_indicators": self.dora_indicators()})
        self.hand_result = result
        self.hands_played += 1
        self._legal, self._answers = {}, {}
        self._claim = None
        events.append({"type": "hand_end", "result": result})
        if dealer_repeat:
            nxt = (self.hand_number, self.dealer, honba)
        else:
            nxt = (self.hand_number + 1, (self.dealer + 1) % 4, honba)
        if self._game_ends(kind, dealer_repeat):
            self._finish(events)
        else:
            self._next = nxt
            self.phase = "hand_over"

    def _game_ends(self, kind: str, dealer_repeat: bool) -> bool:
        """R-END-8: bust, last hand without repeat, automatic stop; single hand always ends."""
        p = self.preset
        if p.game_format == "single":
            return True
        if p.bust_ends_game and any(x < 0 for x in self.scores):
            return True
        last = 3 if p.game_format == "east" else 7
        if self.hand_number >= last:
            if not dealer_repeat:
                return True
            if p.auto_stop and kind != "abortive_draw":
                first = settlement.placement_order(self.scores)[0]
                if first == self.dealer and self.scores[self.dealer] >= 30_000:
                    return True
        return False

    def _finish(self, events: list[dict]) -> None:
        self.game_result = settlement.game_result(self.scores, self.deposits, self.preset)
        self.scores = list(self.game_result["final_scores"])
        self.deposits = 0
        self._next = None
        self.phase = "game_over"
        events.append({"type": "game_end", "result": self.game_result})
