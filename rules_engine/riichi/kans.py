"""Riichi kans: ankan, shouminkan (open to chankan, R-KAN-5) and its completion, the kan
count, kan dora (R-DORA-3), four kans (R-ABORT-4) and the replacement draw (R-KAN-4).

A mixin of ``rules_engine.riichi.table.RiichiGame``; it reads and writes the game's hand state.
"""
from __future__ import annotations

from rules_engine.core.meld import Meld


class KansMixin:
    """Kans of ``RiichiGame`` (private methods; see ``rules_engine.riichi.table``)."""

    def _kan_done(self, seat: int, events: list[dict], *, deferred: bool) -> None:
        """A kan is completed: count it, dora per R-DORA-3, R-ABORT-4 check, replacement draw."""
        self._kan_owners.append(seat)
        if deferred and self.preset.kan_dora_timing == "deferred_open":
            self._pending_dora += 1
        else:
            self._reveal_dora(events)
        if (len(self._kan_owners) == 4 and len(set(self._kan_owners)) > 1
                and "suukaikan" in self.preset.abortive_draws):
            self._suukaikan = True
        s = self._seats[seat]
        self._update_waits(s)
        self._draw(seat, events, rinshan=True)

    def _ankan(self, seat: int, four: tuple[int, ...], events: list[dict]) -> None:
        s = self._seats[seat]
        for t in four:
            s.remove_tile(t)
        s.melds.append(Meld(type="ankan", tiles=tuple(sorted(four))))
        self._interrupt()
        events.append({"type": "ankan", "seat": seat, "tiles": list(four)})
        self._reveal_pending(events)  # R-DORA-3: an earlier pending indicator first
        self._kan_done(seat, events, deferred=False)

    def _declare_shouminkan(self, seat: int, tile: int, events: list[dict]) -> None:
        s = self._seats[seat]
        s.remove_tile(tile)
        events.append({"type": "shouminkan", "seat": seat, "tile": tile})
        self._reveal_pending(events)  # R-DORA-3 (an earlier minkan's indicator)
        self._kakan = (seat, tile)
        self._drawn = None
        self._open_claims(seat, tile, events, chankan=True)  # R-KAN-5

    def _complete_shouminkan(self, seat: int, tile: int, events: list[dict]) -> None:
        s = self._seats[seat]
        i = next(i for i, m in enumerate(s.melds) if m.type == "pon" and m.kind == tile >> 2)
        pon = s.melds[i]
        s.melds[i] = Meld(type="shouminkan", tiles=tuple(sorted(pon.tiles + (tile,))), called_tile=pon.called_tile,
                          from_seat=pon.from_seat, added_tile=tile)
        self._kakan = None
        self._interrupt()
        events.append({"type": "kan_completed", "seat": seat, "meld": s.melds[i].to_json()})
        self._kan_done(seat, events, deferred=True)
