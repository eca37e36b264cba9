"""Kongs on the Taiwanese table (T-KONG): concealed and added kongs in a turn decision
(T-KONG-2, -3), the window to rob an added kong (T-KONG-4) and the replacement draw after
every completed kong (T-KONG-6). Exposed kongs claimed from a discard are carried out by
``TaiwaneseGame._call``.

A mixin of ``rules_engine.taiwanese.table.TaiwaneseGame``.
"""
from __future__ import annotations

from rules_engine.core.actions import Action
from rules_engine.core.meld import Meld


class KongsMixin:
    """Kong steps of ``TaiwaneseGame`` (private methods)."""

    def _kong_options(self, seat: int) -> list[Action]:
        """Concealed kongs (four copies held) and added kongs (a melded pung and its fourth tile
        held) of the seat whose turn it is; the caller checks the live wall (T-WALL-3) and
        the lock (T-ORIG-4)."""
        s = self._seats[seat]
        counts = s.counts
        out: list[Action] = []
        if 4 in counts:
            for k in range(34):
                if counts[k] == 4:
                    out.append(Action("ankan", seat, None, tuple(sorted(t for t in s.hand if t >> 2 == k))))
        for m in s.melds:
            if m.type == "pon" and counts[m.kind]:
                out.append(Action("shouminkan", seat, min(t for t in s.hand if t >> 2 == m.kind)))
        return out

    def _concealed_kong(self, seat: int, tiles: tuple[int, ...], events: list[dict]) -> None:
        s = self._seats[seat]
        for t in tiles:
            s.remove(t)
        meld = Meld(type="ankan", tiles=tuple(sorted(tiles)))
        s.melds.append(meld)
        s.update_waits()
        self._kan_owners.append(seat)
        events.append({"type": "kong", "seat": seat, "meld": meld.to_json()})
        self._draw(seat, events, replacement=True)

    def _declare_added_kong(self, seat: int, tile: int, events: list[dict]) -> None:
        """T-KONG-3: offer the added tile to be robbed first (T-KONG-4)."""
        self._kakan = (seat, tile)
        events.append({"type": "added_kong_declared", "seat": seat, "tile": tile})
        self._open_claims(seat, tile, events, rob=True)

    def _complete_added_kong(self, seat: int, tile: int, events: list[dict]) -> None:
        """Nobody robbed: the pung becomes an added kong and a replacement draw follows."""
        s = self._seats[seat]
        s.remove(tile)
        i = next(i for i, m in enumerate(s.melds) if m.type == "pon" and m.kind == tile >> 2)
        old = s.melds[i]
        meld = Meld(type="shouminkan", tiles=tuple(sorted(old.tiles + (tile,))), called_tile=old.called_tile,
                    from_seat=old.from_seat, added_tile=tile)
        s.melds[i] = meld
        s.update_waits()
        self._kakan = None
        self._kan_owners.append(seat)
        events.append({"type": "kong", "seat": seat, "meld": meld.to_json()})
        self._draw(seat, events, replacement=True)
