"""The Taiwanese wall: the shuffle of 144 tiles, the deal of 16 (dealer 17), the live and
dead walls and the initial flower replacement passes (T-DEAL, T-WALL, T-FLOWER-2).

Seats here are winds: 0 = East (the dealer), 1 = South, 2 = West, 3 = North (§0.2).
"""
from __future__ import annotations

from collections import deque
from typing import Sequence

from rules_engine.core.seed import SeedStream
from rules_engine.taiwanese.tiles import NUM_TILES, is_bonus

DOMAIN = b"mahjong-planet/taiwanese-wall/v1:"
"""Domain tag of the shuffle's byte stream (distinct from the Riichi wall's)."""
LIVE_TILES = 128
"""``T[0..127]`` is the live wall before the deal, ``T[128..143]`` the dead wall (T-DEAL-2)."""
DEAD_TILES = 16
"""The dead wall always holds 16 tiles (T-DEAL-2, T-WALL-2)."""
DEAL_INDEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(16 * r + 4 * j + c for r in range(4) for c in range(4)) + ((64,) if j == 0 else ())
    for j in range(4))
"""``DEAL_INDEX[wind]``: the wall indices dealt to that seat (T-DEAL-3): four packets of
four in the order East, South, West, North, then one more tile to East."""
DEALT = 65
"""Tiles dealt: 17 + 3 × 16 (T-DEAL-3)."""


def shuffled_wall(seed: int) -> list[int]:
    """``T[0..143]`` of the hand with ``seed``: a uniformly random permutation of the ids
    0..143 (T-DEAL-1), Fisher–Yates driven by ``SeedStream(seed, DOMAIN)`` (never ``random``,
    so a stored seed gives the same wall forever). Raises ``ValueError`` for a non-int seed."""
    below = SeedStream(seed, DOMAIN).below
    wall = list(range(NUM_TILES))
    for i in range(NUM_TILES - 1, 0, -1):
        j = below(i + 1)
        wall[i], wall[j] = wall[j], wall[i]
    return wall


def check_wall(wall: Sequence[int]) -> list[int]:
    """A scripted wall as a list; ``ValueError`` unless it is a permutation of 0..143."""
    w = list(wall)
    if len(w) != NUM_TILES or sorted(w) != list(range(NUM_TILES)):
        raise ValueError(f"a Taiwanese wall must be a permutation of the 144 tile ids; got {len(w)} ids")
    return w


class Walls:
    """The live and dead walls of one hand after the deal (T-DEAL-2, T-WALL).

    ``live``: the live wall, front first; ``dead``: the dead wall, front first (16 tiles).
    """

    __slots__ = ("live", "dead")

    def __init__(self, wall: Sequence[int], dealt: int = DEALT) -> None:
        self.live = deque(wall[dealt:LIVE_TILES])
        self.dead = deque(wall[LIVE_TILES:])

    @property
    def live_count(self) -> int:
        """The wall count players see: tiles in the live wall (T-WALL-5)."""
        return len(self.live)

    def draw(self) -> int:
        """An ordinary draw: the front tile of the live wall (T-WALL-1). ``ValueError`` when
        the live wall is empty (the hand is then over, T-END)."""
        if not self.live:
            raise ValueError("the live wall is empty (T-WALL-1)")
        return self.live.popleft()

    def replacement_draw(self) -> int:
        """A replacement draw (T-WALL-2): the front tile of the dead wall; then the tail tile
        of the live wall moves to the back of the dead wall, which stays at 16 tiles.
        ``ValueError`` when the live wall is empty (T-WALL-3)."""
        if not self.live:
            raise ValueError("no replacement draw from an empty live wall (T-WALL-3)")
        tile = self.dead.popleft()
        self.dead.append(self.live.pop())
        return tile


def deal(wall: Sequence[int]) -> tuple[list[list[int]], Walls]:
    """Deal a hand from ``wall`` (``T[0..143]``): the hands by wind (East 17 tiles, the others
    16, T-DEAL-3) and the walls left (live ``T[65..127]``, dead ``T[128..143]``)."""
    w = check_wall(wall)
    return [[w[i] for i in DEAL_INDEX[j]] for j in range(4)], Walls(w)


def initial_flower_passes(hands: list[list[int]], walls: Walls) -> tuple[list[list[int]], list[dict]]:
    """Run the initial flower replacement passes (T-FLOWER-2) on ``hands`` (by wind, changed
    in place) and ``walls``.

    Passes are run until no hand holds a flower; in each pass the seats East, South, West,
    North in turn expose every flower then in the hand (in id order) and take that many
    replacement draws; a flower received in a pass waits for the seat's turn in the next
    pass. Returns ``(exposed, steps)``: the exposed bonus tiles by wind, and one step
    ``{"pass": p, "seat": wind, "flowers": [ids], "replacements": [ids]}`` per exposure, in
    order. ``ValueError`` if a replacement draw meets an empty live wall (T-WALL-3)."""
    exposed: list[list[int]] = [[], [], [], []]
    steps: list[dict] = []
    n = 0
    while any(is_bonus(t) for h in hands for t in h):
        n += 1
        for seat in range(4):
            hand = hands[seat]
            flowers = sorted(t for t in hand if is_bonus(t))
            if not flowers:
                continue
            for t in flowers:
                hand.remove(t)
            exposed[seat].extend(flowers)
            got = [walls.replacement_draw() for _ in flowers]
            hand.extend(got)
            steps.append({"pass": n, "seat": seat, "flowers": flowers, "replacements": got})
    return exposed, steps
