"""Riichi wins seen from the table: the ``WinContext`` of a seat's possible win (R-WIN,
R-FIRST, haitei/houtei, rinshan, chankan, ura dora), whether it is a win with a yaku
(R-WIN-2), and tenpai without a yaku (P-PLAY-7).

A mixin of ``rules_engine.riichi.table.RiichiGame``; it only reads the state.
"""
from __future__ import annotations

from typing import Any, Iterable

from rules_engine.core.tiles import RED_FIVES
from rules_engine.preset import Preset
from rules_engine.riichi.context import WinContext
from rules_engine.riichi.errors import NoYaku, NotWinningHand
from rules_engine.riichi.scoring import evaluate
from rules_engine.riichi.wall import URA_INDICATOR_INDEX


def _evaluate(ctx: Any, preset: Preset) -> Any:
    """HandResult for ``ctx`` or ``None`` when it is not a win (no shape or no yaku, R-WIN-2)."""
    try:
        return evaluate(ctx, preset)
    except (NoYaku, NotWinningHand):
        return None


class WinningMixin:
    """Win checks of ``RiichiGame`` (see ``rules_engine.riichi.table``)."""

    def _win_context(self, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> Any:
        s = self._seats[seat]
        concealed = tuple(s.hand) if tsumo else tuple(s.hand) + (tile,)
        first = tsumo and self._turn_kind == "draw" and not s.discards and self._no_calls
        final = self.live_count == 0
        return WinContext(
            concealed=concealed, melds=tuple(s.melds), win_tile=tile, tsumo=tsumo,
            seat_wind=self.seat_wind(seat), round_wind=self.round_wind,
            dora_indicators=tuple(self.dora_indicators()),
            ura_indicators=tuple(self._wall[URA_INDICATOR_INDEX[i]] for i in range(self._n_dora)) if s.riichi else (),
            riichi=s.riichi and not s.double_riichi, double_riichi=s.riichi and s.double_riichi,
            ippatsu=s.riichi and s.ippatsu,
            haitei=tsumo and self._turn_kind == "draw" and final,
            houtei=(not tsumo) and (not chankan) and final,
            rinshan=tsumo and self._turn_kind == "rinshan", chankan=chankan,
            tenhou=first and seat == self.dealer, chiihou=first and seat != self.dealer)

    def tenpai_without_yaku(self, seat: int) -> bool:
        """True when ``seat`` (0..3) is tenpai but no waiting kind gives a yaku by ron (P-PLAY-7).

        Judged on the shape and the hand's fixed yaku only: a ron on any waiting
        kind, without riichi, dora, haitei/houtei or chankan; a seat in riichi
        always has a yaku. Such a hand can still win by tsumo when closed
        (menzen tsumo). False when not tenpai or not between turns.
        """
        s = self._seats[seat]
        if len(s.hand) % 3 != 1 or not s.waits or s.riichi or s.riichi_declared:
            return False
        return self._no_yaku_by_ron(seat, tuple(s.hand), s.waits)

    def hand_without_yaku(self, seat: int, discard_kind: int, waits: Iterable[int]) -> bool:
        """True when, after ``seat`` discards one tile of kind ``discard_kind`` (0..33) from its
        ``14 - 3m`` concealed tiles, none of ``waits`` (the kinds that hand waits on) would give a
        yaku by ron, judged as ``tenpai_without_yaku`` (P-PLAY-7, the per-discard preview of
        ``rules_engine.riichi.discard_preview``). Raises ``ValueError`` if the seat holds no
        tile of that kind."""
        hand = list(self._seats[seat].hand)
        tile = next((t for t in sorted(hand, key=lambda t: t in RED_FIVES) if t >> 2 == discard_kind), None)
        if tile is None:
            raise ValueError(f"seat {seat} holds no tile of kind {discard_kind}")
        hand.remove(tile)
        return self._no_yaku_by_ron(seat, tuple(hand), waits)

    def _no_yaku_by_ron(self, seat: int, concealed: tuple[int, ...], waits: Iterable[int]) -> bool:
        """No kind of ``waits`` completes ``concealed`` (plus the seat's melds) with a yaku by ron."""
        s = self._seats[seat]
        used = set(concealed)
        for m in s.melds:
            used.update(m.tiles)
        melds = tuple(s.melds)
        wind = self.seat_wind(seat)
        for kind in waits:
            tile = next((t for t in (4 * kind + 1, 4 * kind + 2, 4 * kind + 3, 4 * kind) if t not in used), None)
            if tile is None:
                continue
            ctx = WinContext(concealed=concealed + (tile,), melds=melds, win_tile=tile, tsumo=False,
                             seat_wind=wind, round_wind=self.round_wind)
            if _evaluate(ctx, self.preset) is not None:
                return False
        return True

    def _win_result(self, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> Any:
        return _evaluate(self._win_context(seat, tile, tsumo=tsumo, chankan=chankan), self.preset)
