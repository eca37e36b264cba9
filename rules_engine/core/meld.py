"""Melds (declared sets): chi, pon, daiminkan, shouminkan, ankan (R-CALL, R-KAN).

Shared by scoring, the table state machine, views and the computer players.
"""
from __future__ import annotations

from dataclasses import dataclass

MELD_TYPES = ("chi", "pon", "daiminkan", "shouminkan", "ankan")
KAN_TYPES = frozenset({"daiminkan", "shouminkan", "ankan"})


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set.

    - ``type``: one of ``MELD_TYPES``.
    - ``tiles``: physical tile ids (0..135), 3 for chi/pon, 4 for kans, sorted ascending.
    - ``called_tile``: the physical tile taken from another seat (chi, pon,
      daiminkan; for shouminkan the tile of the original pon call), ``None`` for ankan.
    - ``from_seat``: absolute seat 0..3 that discarded ``called_tile`` (``None`` for ankan).
    - ``added_tile``: for shouminkan, the tile added to the pon (R-KAN-1).

    Raises ``ValueError`` when the tiles do not form the declared set.
    """

    type: str
    tiles: tuple[int, ...]
    called_tile: int | None = None
    from_seat: int | None = None
    added_tile: int | None = None

    def __post_init__(self) -> None:
        if self.type not in MELD_TYPES:
            raise ValueError(f"unknown meld type {self.type!r}")
        kinds = sorted(t >> 2 for t in self.tiles)
        if len(set(self.tiles)) != len(self.tiles) or any(not 0 <= t < 136 for t in self.tiles):
            raise ValueError(f"meld tiles must be distinct tile ids 0..135, got {self.tiles}")
        if self.type == "chi":
            ok = (len(kinds) == 3 and kinds[0] < 27 and kinds[1] == kinds[0] + 1
                  and kinds[2] == kinds[0] + 2 and kinds[0] // 9 == kinds[2] // 9)
        elif self.type == "pon":
            ok = len(kinds) == 3 and kinds[0] == kinds[2]
        else:
            ok = len(kinds) == 4 and kinds[0] == kinds[3]
        if not ok:
            raise ValueError(f"tiles {self.tiles} do not form a {self.type}")

    @property
    def kind(self) -> int:
        """Lowest tile kind of the set (the kind of a pon/kan)."""
        return min(self.tiles) >> 2

    @property
    def is_kan(self) -> bool:
        return self.type in KAN_TYPES

    @property
    def is_open(self) -> bool:
        """Chi, pon, daiminkan and shouminkan open the hand; ankan does not (R-CALL-7)."""
        return self.type != "ankan"

    def to_json(self) -> dict:
        """JSON-serializable dict (keys as the dataclass fields)."""
        return {"type": self.type, "tiles": list(self.tiles), "called_tile": self.called_tile,
                "from_seat": self.from_seat, "added_tile": self.added_tile}

    @classmethod
    def from_json(cls, data: dict) -> "Meld":
        """Inverse of ``to_json``; raises ``ValueError``/``KeyError`` on malformed data."""
        return cls(type=data["type"], tiles=tuple(sorted(data["tiles"])), called_tile=data.get("called_tile"),
                   from_seat=data.get("from_seat"), added_tile=data.get("added_tile"))
