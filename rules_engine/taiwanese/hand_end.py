"""The end of a Taiwanese hand: wins (T-WIN-4, T-WIN-7, T-FLOWER-4/-5), the exhaustive draw
(T-END-2, T-END-4), scoring with ``taiwanese.scoring.score_win`` and payments with
``scoring.payments`` (T-PAY; scores may go negative), dealer retention and the match end
(T-MATCH-3..6, P-TW).

``hand_result`` (also the ``hand_end`` event's ``result``) mirrors Riichi's: ``{"kind": "win"
| "exhaustive_draw", "wins": [win, ...] (wins only), "deltas": [4], "scores": [4],
"dealer_repeat", "hand_number" (dealer changes c before the hand), "round_wind", "dealer",
"honba": 0, "deposits": 0, "deposits_returned": [0, 0, 0, 0], "dora_indicators": []}``; a win
is ``{"seat", "tsumo", "tile" (id or null), "from_seat" (the paying seat or null),
"chankan" (robbing an added kong), "flower_win" (null | "eight_flowers" | "seven_rob"),
"hand" (concealed ids, winning tile included), "melds", "flowers", "original_call", "tai",
"awards" ({"T-TAI-xx": tai}), "award_names" ([[id, English name, tai]]), "payments" ([4], this
winner's own transfers)}``. ``game_result``: ``{"final_scores", "net" (final − starting
points), "placements" (1..4 by seat; ties by initial seat order, P-TW-5), "order",
"deposits_awarded": null, "results": null}``.

A mixin of ``rules_engine.taiwanese.table.TaiwaneseGame``.
"""
from __future__ import annotations

from rules_engine.taiwanese import scoring
from rules_engine.taiwanese.scoring import TaiMeld, TaiWin

_MELD_TYPE = {"chi": "chow", "pon": "pung", "daiminkan": "kong_exposed", "shouminkan": "kong_added",
              "ankan": "kong_concealed"}
_END_AT = {"full": 16, "east": 4}
"""Dealer changes that end a match of that format (T-MATCH-5)."""


class HandEndMixin:
    """Hand-ending steps of ``TaiwaneseGame`` (private methods)."""

    def _tai_win(self, seat: int, concealed: list[int], win_tile: int | None, **flags: object) -> TaiWin:
        s = self._seats[seat]
        d = self._order
        return TaiWin(
            concealed=tuple(sorted(t >> 2 for t in concealed)),
            melds=tuple(TaiMeld(_MELD_TYPE[m.type], tuple(t >> 2 for t in m.tiles)) for m in s.melds),
            flowers=tuple(s.flowers), win_tile=win_tile, seat_wind=(seat - self.dealer) % 4,
            round_wind=self.round_wind, original_call=s.original_call,
            discards_before_win=d if d < 10 else None, **flags)  # type: ignore[arg-type]

    def _win_record(self, seat: int, res: scoring.TaiResult, deltas: list[int], *, tsumo: bool, tile: int | None,
                    from_seat: int | None, chankan: bool = False, flower_win: str | None = None,
                    hand: list[int] | None = None) -> dict:
        s = self._seats[seat]
        return {"seat": seat, "tsumo": tsumo, "tile": tile, "from_seat": from_seat, "chankan": chankan,
                "flower_win": flower_win, "hand": sorted(s.hand if hand is None else hand),
                "melds": [m.to_json() for m in s.melds], "flowers": list(s.flowers),
                "original_call": s.original_call, "tai": res.tai, "awards": dict(res.awards),
                "award_names": [list(x) for x in res.named_awards()], "payments": deltas}

    def _win_self_draw(self, seat: int, events: list[dict]) -> None:
        """A self-drawn win (T-WIN-4; T-TAI-39 heavenly hand on the dealer's first turn): every
        opponent pays (T-PAY-4)."""
        s = self._seats[seat]
        heavenly = self._turn_kind == "first"
        tile = self._drawn
        flags = {"self_draw": True, "heavenly": heavenly, "last_tile": not self._walls.live,
                 "replacement_draw": self._turn_kind == "replacement"}
        res = scoring.score_win(self._tai_win(seat, s.hand, None if heavenly else tile >> 2, **flags))
        deltas = scoring.payments([(seat, res.tai)], discarder=None, self_draw=True)
        win = self._win_record(seat, res, deltas, tsumo=True, tile=tile, from_seat=None)
        events.append({"type": "win", "seat": seat, "tsumo": True, "tile": tile})
        self._end_hand({"kind": "win", "wins": [win]}, deltas, events, dealer_repeat=seat == self.dealer)

    def _win_on_tile(self, winners: list[int], d: int, tile: int, rob: bool, events: list[dict]) -> None:
        """Wins on a discard or a robbed added-kong tile (T-WIN-4, T-WIN-7, T-KONG-4): each
        winner scored on his own, ``d`` pays each (T-PAY-2, T-PAY-3); a robbed kong stays a pung."""
        total = [0, 0, 0, 0]
        wins = []
        earthly = not rob and d == self.dealer and len(self._seats[d].discards) == 1
        for seat in winners:
            s = self._seats[seat]
            hand = s.hand + [tile]
            res = scoring.score_win(self._tai_win(
                seat, hand, tile >> 2, self_draw=False, robbing_kong=rob,
                last_discard=not rob and self._last_discard_empty, earthly=earthly))
            deltas = scoring.payments([(seat, res.tai)], discarder=d, self_draw=False)
            wins.append(self._win_record(seat, res, deltas, tsumo=False, tile=tile, from_seat=d, chankan=rob,
                                         hand=hand))
            total = [a + b for a, b in zip(total, deltas)]
        events.append({"type": "win", "seats": list(winners), "tsumo": False, "tile": tile, "from_seat": d,
                       "chankan": rob})
        self._end_hand({"kind": "win", "wins": wins}, total, events, dealer_repeat=self.dealer in winners)

    def _flower_win(self, seat: int, kind: str, payer: int | None, events: list[dict]) -> None:
        """T-FLOWER-4 (each opponent pays 30, T-PAY-5) or T-FLOWER-5 (the eighth's owner pays
        20, T-PAY-6); nothing else scores (T-FLOWER-6)."""
        s = self._seats[seat]
        res = scoring.score_win(TaiWin(concealed=(), melds=(), flowers=tuple(s.flowers), win_tile=None,
                                       self_draw=kind == "eight_flowers", seat_wind=(seat - self.dealer) % 4,
                                       round_wind=self.round_wind, flower_win=kind))
        deltas = scoring.payments([(seat, res.tai)], discarder=None, self_draw=kind == "eight_flowers",
                                  flower_win=kind, eighth_flower_owner=payer)
        win = self._win_record(seat, res, deltas, tsumo=kind == "eight_flowers", tile=None, from_seat=payer,
                               flower_win=kind, hand=[t for t in s.hand if t < 136])
        events.append({"type": "win", "seat": seat, "flower_win": kind, "from_seat": payer})
        self._end_hand({"kind": "win", "wins": [win]}, deltas, events, dealer_repeat=seat == self.dealer)

    def _exhaustive_draw(self, events: list[dict]) -> None:
        """T-END-2, T-END-4: no payments (T-PAY-7); the dealer keeps the deal."""
        self._end_hand({"kind": "exhaustive_draw"}, [0, 0, 0, 0], events, dealer_repeat=True)

    def _end_hand(self, result: dict, deltas: list[int], events: list[dict], *, dealer_repeat: bool) -> None:
        """Settle, keep or pass the deal (T-MATCH-3) and decide the match end (T-MATCH-5)."""
        for i in range(4):
            self.scores[i] += deltas[i]
        result.update({"deltas": list(deltas), "deposits_returned": [0, 0, 0, 0], "scores": list(self.scores),
                       "deposits": 0, "dealer_repeat": dealer_repeat, "hand_number": self.hand_number,
                       "round_wind": self.round_wind, "dealer": self.dealer, "honba": 0,
                       "dora_indicators": []})
        self.hand_result = result
        self.hands_played += 1
        self._legal, self._answers = {}, {}
        self._claim = None
        self._kakan = None
        self._passes = None
        self.phase = "hand_over"
        events.append({"type": "hand_end", "result": result})
        c = self.hand_number if dealer_repeat else self.hand_number + 1
        dealer = self.dealer if dealer_repeat else (self.dealer + 1) % 4
        fmt = self.preset.game_format
        if fmt == "single" or c >= _END_AT.get(fmt, 16):
            self._finish(events)
        else:
            self._next = (c, dealer, 0)

    def _finish(self, events: list[dict]) -> None:
        """T-MATCH-6, P-TW-5: final scores, net change, placement (ties: initial seat order)."""
        final = list(self.scores)
        order = sorted(range(4), key=lambda s: (-final[s], s))
        placements = [0] * 4
        for place, seat in enumerate(order):
            placements[seat] = place + 1
        start = self.preset.starting_points
        self.game_result = {"final_scores": final, "net": [x - start for x in final], "placements": placements,
                            "order": order, "deposits_awarded": None, "results": None}
        self._next = None
        self.phase = "game_over"
        events.append({"type": "game_end", "result": self.game_result})
