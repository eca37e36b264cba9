"""Actions: the values a seat sends to the table (R-TURN, R-CALL, P-PLAY-3).

An ``Action`` names physical tile ids (0..135, R-TILE-4). JSON form::

    {"type": "discard"|"riichi"|"tsumo"|"ron"|"chi"|"pon"|"daiminkan"|"ankan"|
             "shouminkan"|"kyuushu"|"pass",
     "seat": 0..3, "tile": id | null, "tiles": [ids]}

- ``discard``, ``riichi``: ``tile`` = the discarded tile (``tiles`` empty).
- ``chi``, ``pon``, ``daiminkan``: ``tile`` = the claimed discard, ``tiles`` =
  the tiles from the own hand (sorted ascending).
- ``ankan``: ``tiles`` = the four tiles (``tile`` null); ``shouminkan``:
  ``tile`` = the added tile.
- ``tsumo``, ``ron``: ``tile`` = the winning tile. ``kyuushu``, ``pass``: no tile.
"""
from __future__ import annotations

from dataclasses import dataclass

ACTION_TYPES = ("discard", "riichi", "tsumo", "ron", "chi", "pon", "daiminkan",
                "ankan", "shouminkan", "kyuushu", "pass")
WIN_TYPES = frozenset({"tsumo", "ron"})
CALL_TYPES = frozenset({"chi", "pon", "daiminkan"})


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat. ``tiles`` is a sorted tuple of tile ids.

    Construct directly or with ``Action.from_json``; equality is by value, so
    ``action in game.legal_actions(seat)`` works.
    """

    type: str
    seat: int
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    @property
    def is_win(self) -> bool:
        """True for ``tsumo`` and ``ron`` (the platform's timeout default, R-ONLINE-2)."""
        return self.type in WIN_TYPES

    def to_json(self) -> dict:
        """JSON-serializable dict (see module docstring)."""
        return {"type": self.type, "seat": self.seat, "tile": self.tile, "tiles": [*self.tiles]}

    @classmethod
    def from_json(cls, data: object) -> "Action":
        """Parse the JSON form. Raises ``ValueError`` naming the bad field for malformed input
        (unknown type, seat outside 0..3, tile ids outside 0..135, wrong field types)."""
        if type(data) is dict and cls is Action:
            # fast path: a value already in the shared cache was validated when it was made
            seat, tile, tiles = data.get("seat"), data.get("tile"), data.get("tiles")
            if (type(seat) is int and (tile is None or type(tile) is int)
                    and (tiles is None or (type(tiles) is list and not tiles))):
                a = _SIMPLE_CACHE.get((data.get("type"), seat, tile))
                if a is not None:
                    return a
        if not isinstance(data, dict):
            raise ValueError(f"action must be a JSON object, got {type(data).__name__}")
        typ = data.get("type")
        if typ not in ACTION_TYPES:
            raise ValueError(f"unknown action type {typ!r}; expected one of {', '.join(ACTION_TYPES)}")
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise ValueError(f"action seat must be an int 0..3, got {seat!r}")
        tile = data.get("tile")
        if tile is not None and (not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile < 136):
            raise ValueError(f"action tile must be null or a tile id 0..135, got {tile!r}")
        tiles = data.get("tiles", [])
        if not tiles and (tiles is None or isinstance(tiles, (list, tuple))):
            if cls is Action:
                return simple_action(typ, seat, tile)  # a shared immutable value
            return cls(type=typ, seat=seat, tile=tile, tiles=())
        if not isinstance(tiles, (list, tuple)) or any(
                not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < 136 for t in tiles):
            raise ValueError(f"action tiles must be a list of tile ids 0..135, got {tiles!r}")
        if len(set(tiles)) != len(tiles):
            raise ValueError(f"action tiles must be distinct, got {tiles!r}")
        return cls(type=typ, seat=seat, tile=tile, tiles=tuple(sorted(tiles)))

    def __str__(self) -> str:  # compact, for messages and logs
        from rules_engine.core.tiles import format_tiles
        parts = [f"{self.type}@{self.seat}"]
        if self.tile is not None:
            parts.append(format_tiles([self.tile]) + f"#{self.tile}")
        if self.tiles:
            parts.append(format_tiles(self.tiles))
        return " ".join(parts)


_SIMPLE_CACHE: dict[tuple[str, int, int], Action] = {}


def simple_action(typ: str, seat: int, tile: int | None) -> Action:
    """``Action(typ, seat, tile)`` without own tiles, shared from a cache (actions are immutable;
    the table builds the same discard options thousands of times per game)."""
    key = (typ, seat, tile)
    a = _SIMPLE_CACHE.get(key)
    if a is None:
        a = _SIMPLE_CACHE[key] = Action(typ, seat, tile)
    return a


_CALL_CACHE: dict[tuple[str, int, int, tuple[int, ...]], Action] = {}
CALL_CACHE_MAX = 8192
"""Entries ``_CALL_CACHE`` holds at most: it is emptied when full. Every (seat, claimed tile,
own tiles) combination could be some 23,000 values (about 300 bytes each with its key), met
ever more slowly over thousands of games: unbounded, the cache of a daphne process in the issue 8
soak grew by some 6,600 entries (about 2 MB) in 16 minutes and went on growing, while one
game's options repeat within a few hundred entries."""


def call_action(typ: str, seat: int, tile: int, tiles: tuple[int, ...]) -> Action:
    """``Action(typ, seat, tile, tiles)`` for a chi, pon or daiminkan option (``tiles`` sorted),
    shared from a cache like ``simple_action`` (bounded by ``CALL_CACHE_MAX``)."""
    key = (typ, seat, tile, tiles)
    a = _CALL_CACHE.get(key)
    if a is None:
        if len(_CALL_CACHE) >= CALL_CACHE_MAX:
            _CALL_CACHE.clear()
        a = _CALL_CACHE[key] = Action(typ, seat, tile, tiles)
    return a
