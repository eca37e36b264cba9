"""Per-seat state inside one hand (R-HAND, R-TURN-5, R-RIICHI, R-FURITEN, R-NAGASHI, R-PAO).

Plain mutable record owned by the Riichi table; nothing outside ``rules_engine.riichi.table``
should change it. Tile ids are physical ids 0..135.
"""
from __future__ import annotations

from rules_engine.core.meld import Meld
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS

_YAOCHUU = tuple(k in TERMINAL_HONOR_KINDS for k in range(34))
"""``_YAOCHUU[kind]``: ``tiles.is_terminal_or_honor(kind)`` as a table (R-TILE-5)."""


class SeatState:
    """One seat's hand-local state.

    - ``hand``: concealed tile ids (``13 - 3m`` between turns, ``14 - 3m`` in turn, R-HAND-1);
      ``kinds``: ``list[int]`` of length 34, the hand's counts by kind, kept in step with ``hand`` by
      ``add_tile`` / ``remove_tile`` (change the hand only through them).
    - ``melds``: declared sets in call order; ``discards``: the discard history
      ``[{tile, riichi, called, tsumogiri, order}]`` (R-TURN-5).
    - ``waits``: waiting kinds of the last ``13 - 3m`` hand (R-TENPAI-1); ``shanten``: that hand's
      shanten (a drawn tile lowers it by at most one, so the table skips the riichi test when >= 2).
    - riichi: ``riichi_declared`` (declared on the last discard, not yet established,
      R-RIICHI-4), ``riichi`` (established), ``double_riichi``, ``ippatsu`` (window open).
    - furiten: ``temp_furiten`` (R-FURITEN-3), ``riichi_furiten`` (R-FURITEN-4); the
      discard furiten (R-FURITEN-2) is derived from ``discard_kinds``.
    - ``nagashi``: all discards terminal/honor and none claimed so far (R-NAGASHI-1).
    - ``liable``: ``{"daisangen"|"daisuushii": liable seat}`` (R-PAO-1).
    - ``deposits_posted``: riichi deposits this seat has on the table (returned in
      ``riichi-single-deal``, R-DRAW-5).
    """

    __slots__ = ("hand", "kinds", "melds", "discards", "discard_kinds", "waits", "shanten", "riichi", "riichi_declared",
                 "double_riichi", "ippatsu", "temp_furiten", "riichi_furiten", "nagashi", "liable",
                 "deposits_posted")

    def __init__(self, hand: list[int]) -> None:
        self.hand = hand
        self.kinds = [0] * 34
        for t in hand:
            self.kinds[t >> 2] += 1
        self.melds: list[Meld] = []
        self.discards: list[dict] = []
        self.discard_kinds: set[int] = set()
        self.waits: frozenset[int] = frozenset()
        self.shanten = 8
        self.riichi = False
        self.riichi_declared = False
        self.double_riichi = False
        self.ippatsu = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.nagashi = True
        self.liable: dict[str, int] = {}
        self.deposits_posted = 0

    def clone(self) -> "SeatState":
        """An independent copy (lists, dicts and sets copied; melds are immutable)."""
        c = SeatState.__new__(SeatState)
        for name in self.__slots__:
            setattr(c, name, getattr(self, name))
        c.hand = list(self.hand)
        c.kinds = list(self.kinds)
        c.melds = list(self.melds)
        c.discards = [dict(d) for d in self.discards]
        c.discard_kinds = set(self.discard_kinds)
        c.liable = dict(self.liable)
        return c

    def add_tile(self, tile: int) -> None:
        """Put tile id ``tile`` into the concealed hand (a draw)."""
        self.hand.append(tile)
        self.kinds[tile >> 2] += 1

    def remove_tile(self, tile: int) -> None:
        """Take tile id ``tile`` out of the concealed hand; ``ValueError`` if it is not there."""
        self.hand.remove(tile)
        self.kinds[tile >> 2] -= 1

    @property
    def is_closed(self) -> bool:
        """No chi, pon, daiminkan or shouminkan (R-CALL-7)."""
        return all(m.type == "ankan" for m in self.melds)

    def meld_tiles(self) -> list[int]:
        """All tile ids in this seat's melds."""
        return [t for m in self.melds for t in m.tiles]

    def furiten(self) -> bool:
        """R-FURITEN-1: discard furiten (R-FURITEN-2), temporary (-3) or riichi (-4)."""
        return self.riichi_furiten or self.temp_furiten or not self.waits.isdisjoint(self.discard_kinds)

    def add_discard(self, tile: int, *, riichi: bool, tsumogiri: bool, order: int) -> dict:
        """Record a discard (R-TURN-5) and return its record."""
        rec = {"tile": tile, "riichi": riichi, "called": False, "tsumogiri": tsumogiri, "order": order}
        self.discards.append(rec)
        self.discard_kinds.add(tile >> 2)
        if self.nagashi and not _YAOCHUU[tile >> 2]:
            self.nagashi = False
        return rec
