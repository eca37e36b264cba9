"""One seat's record in a Taiwanese hand (T-TURN-6, T-FLOWER-1, T-ORIG-4).

``TwSeat``: ``hand`` (concealed tile ids; never a flower once the seat has had its turn in
the opening passes), ``counts`` (34 kind counts of ``hand``, kept in step), ``melds``
(``core.meld.Meld``: chi = chow, pon = pung, daiminkan = exposed kong, shouminkan = added
kong, ankan = concealed kong), ``flowers`` (exposed bonus tile ids, in exposure order),
``discards`` (``{"tile", "order", "tsumogiri", "called"}`` dicts), ``original_call`` (the seat
declared Original Call this hand and is locked, T-ORIG-4) and ``waits`` (kinds completing
the concealed hand when it is ready, ``ready.waits``; no furiten ever restricts them, T-WIN-6).
"""
from __future__ import annotations

from rules_engine.taiwanese.ready import waits as _waits


class TwSeat:
    """See the module docstring."""

    __slots__ = ("hand", "counts", "melds", "flowers", "discards", "original_call", "waits")

    def __init__(self, hand: list[int]) -> None:
        self.hand = list(hand)
        self.counts = [0] * 34
        for t in self.hand:
            if t < 136:
                self.counts[t >> 2] += 1
        self.melds: list = []
        self.flowers: list[int] = []
        self.discards: list[dict] = []
        self.original_call = False
        self.waits: frozenset[int] = frozenset()

    def clone(self) -> "TwSeat":
        c = TwSeat.__new__(TwSeat)
        c.hand = list(self.hand)
        c.counts = list(self.counts)
        c.melds = list(self.melds)
        c.flowers = list(self.flowers)
        c.discards = [dict(d) for d in self.discards]
        c.original_call = self.original_call
        c.waits = self.waits
        return c

    def add(self, tile: int) -> None:
        self.hand.append(tile)
        self.counts[tile >> 2] += 1

    def remove(self, tile: int) -> None:
        self.hand.remove(tile)
        self.counts[tile >> 2] -= 1

    def update_waits(self) -> None:
        """Recompute ``waits`` of the (16 - 3 × sets)-tile concealed hand."""
        self.waits = _waits(self.counts, len(self.melds))

    def held_in_melds(self) -> list[int]:
        """34 kind counts of the tiles in the seat's melds and kongs."""
        held = [0] * 34
        for m in self.melds:
            for t in m.tiles:
                held[t >> 2] += 1
        return held
