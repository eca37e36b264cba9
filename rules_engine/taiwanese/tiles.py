"""The Taiwanese tile set: 144 physical ids (T-SETUP-2, T-SETUP-3).

Ids 0..135 are the 34 ordinary kinds in engine order (1-9m, 1-9p, 1-9s, E S W N, white,
green, red), four consecutive ids per kind (id = 4 * kind + copy), as in
``rules_engine.core.tiles``. Ids 136..139 are the flowers f1..f4 and 140..143 the seasons
s1..s4: the eight bonus tiles, one of each (T-SETUP-2).
"""
from __future__ import annotations

NUM_TILES = 144
"""Tiles in the Taiwanese set (T-SETUP-2)."""
ORDINARY_TILES = 136
"""Ids below this are ordinary tiles (kind = id // 4, T-SETUP-3)."""
FLOWERS = tuple(range(136, 140))
"""f1..f4 (plum, orchid, chrysanthemum, bamboo)."""
SEASONS = tuple(range(140, 144))
"""s1..s4 (spring, summer, autumn, winter)."""
BONUS_TILES = FLOWERS + SEASONS
"""The eight bonus tiles ("flowers" in the spec's wider sense, T-FLOWER-1)."""

_HONOR_LETTERS = "ESWNPFC"


def is_bonus(tile: int) -> bool:
    """True for a flower or a season (ids 136..143)."""
    return tile >= ORDINARY_TILES


def tile_label(tile: int) -> str:
    """The spec's notation (§0.1) of tile id ``tile``: ``"5m"``, ``"E"``, ``"C"``, ``"f2"``,
    ``"s4"``. Raises ``ValueError`` outside 0..143.

    >>> [tile_label(t) for t in (0, 108, 132, 136, 143)]
    ['1m', 'E', 'C', 'f1', 's4']
    """
    if not isinstance(tile, int) or not 0 <= tile < NUM_TILES:
        raise ValueError(f"a Taiwanese tile id is 0..143, got {tile!r}")
    if tile >= 140:
        return f"s{tile - 139}"
    if tile >= 136:
        return f"f{tile - 135}"
    kind = tile >> 2
    if kind >= 27:
        return _HONOR_LETTERS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"
