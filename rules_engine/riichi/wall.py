"""The Riichi wall: a deterministic shuffle of the 136 tile ids from an int seed, and
the dead-wall roles (R-WALL-1 to R-WALL-5, P-SYS-4).

The shuffle is Fisher–Yates driven by ``rules_engine.core.seed.SeedStream`` (SHA-256 in
counter mode over the versioned domain tag ``DOMAIN`` and the seed, rejection sampling for
unbiased integers). It never uses Python's ``random``, so a stored seed reproduces its
wall on every Python version forever (replays, DESIGN §2).

Index layout of ``W[0..135]`` (R-WALL-2, R-WALL-3):
- live wall ``W[0..121]`` drawn from the front; ``W[0..51]`` are dealt (R-DEAL-4);
- dora indicators ``I1..I5`` = ``W[130, 128, 126, 124, 122]``, ura ``U1..U5`` =
  ``W[131, 129, 127, 125, 123]``, replacement tiles ``R1..R4`` = ``W[134, 135, 132, 133]``.
"""
from __future__ import annotations

import hashlib
import operator
import struct
from typing import Sequence

from rules_engine.core.seed import SeedStream
from rules_engine.core.tiles import NUM_TILES, parse_tiles

DOMAIN = b"mahjong-planet/riichi-wall/v1:"
LIVE_END = 122
"""Index one past the last live-wall tile before any replacement draw (R-WALL-2)."""
DORA_INDICATOR_INDEX = (130, 128, 126, 124, 122)
URA_INDICATOR_INDEX = (131, 129, 127, 125, 123)
REPLACEMENT_INDEX = (134, 135, 132, 133)


def shuffled_wall(seed: int) -> list[int]:
    """The wall ``W[0..135]`` of the hand with ``seed``: a uniformly random permutation of
    the tile ids 0..135 (R-WALL-1), Fisher–Yates driven by ``SeedStream(seed, DOMAIN)``.

    Raises ``ValueError`` if ``seed`` is not an int.
    """
    prefix = SeedStream(seed, DOMAIN)._prefix  # validates the seed
    sha256 = hashlib.sha256
    # Fast path: the first 17 blocks (136 words) at once; when none of the 135 words a
    # shuffle takes is rejected (almost always: each is rejected with odds below 4e-8) they
    # are exactly the words the loop below would take, in the same order.
    words = _ALL_WORDS(b"".join([sha256(prefix + b"%d" % c).digest() for c in range(17)]))
    if all(map(_LT, words, _LIMITS)):
        wall = list(range(NUM_TILES))
        for i, j in zip(_DOWN, map(_MOD, words, _SIZES)):
            wall[i], wall[j] = wall[j], wall[i]
        return wall
    # Inlined ``SeedStream.below``: each 32-byte block is eight big-endian 4-byte words, and a
    # 4-byte read never straddles two blocks, so the words are taken in the same order.
    words = ()
    w = counter = 0
    wall = list(range(NUM_TILES))
    for i in range(NUM_TILES - 1, 0, -1):
        n = i + 1
        limit = _TWO32 - (_TWO32 % n)
        while True:
            if w == len(words):
                words = _EIGHT_WORDS(sha256(prefix + str(counter).encode("ascii")).digest())
                counter += 1
                w = 0
            x = words[w]
            w += 1
            if x < limit:
                break
        j = x % n
        wall[i], wall[j] = wall[j], wall[i]
    return wall


_TWO32 = 1 << 32
_EIGHT_WORDS = struct.Struct(">8I").unpack
_ALL_WORDS = struct.Struct(">136I").unpack
_DOWN = tuple(range(NUM_TILES - 1, 0, -1))
"""Fisher–Yates positions ``i`` = 135 .. 1."""
_SIZES = tuple(i + 1 for i in _DOWN)
_LIMITS = tuple(_TWO32 - (_TWO32 % n) for n in _SIZES)
"""Largest multiple of ``i + 1`` not above 2**32, for each ``i`` of ``_DOWN``: words below it are kept."""
_LT = operator.lt
_MOD = operator.mod


def check_wall(wall: Sequence[int]) -> list[int]:
    """Validate a scripted wall: a permutation of 0..135. Returns it as a list;
    raises ``ValueError`` naming the problem (R-WALL-1, R-WALL-9)."""
    w = list(wall)
    if len(w) != NUM_TILES or sorted(w) != list(range(NUM_TILES)):
        missing = sorted(set(range(NUM_TILES)) - set(w))
        raise ValueError(f"a wall must be a permutation of the 136 tile ids; got {len(w)} ids, "
                         f"missing {missing[:8]}")
    return w


def scripted_wall(hands: Sequence[str] = ("", "", "", ""), draws: str | Sequence[str] = "",
                  *, dealer: int = 0, indicators: str = "", replacements: str = "",
                  ura: str = "") -> list[int]:
    """Build a wall for tests and examples from notation (R-WALL-1 "tests may supply W").

    - ``hands``: up to 13 tiles per **seat** 0..3 (seat order, not wind order); missing
      tiles are filled with unused tiles.
    - ``draws``: the live-wall tiles from ``W[52]`` on, in draw order (a string or a list of
      strings, concatenated); the rest of the live wall is filled.
    - ``dealer``: the seat that deals this hand (hands are placed per R-DEAL-4).
    - ``indicators`` / ``ura`` / ``replacements``: ``I1..``, ``U1..``, ``R1..`` in order.
    Filler tiles are the unused ids in ascending order, so the result is deterministic.
    Raises ``ValueError`` on bad notation, a fifth copy or more than 13 tiles per hand.
    """
    used: set[int] = set()
    seat_tiles = []
    for text in hands:
        ids = parse_tiles(text, used)
        if len(ids) > 13:
            raise ValueError(f"a dealt hand has 13 tiles, got {len(ids)} in {text!r}")
        seat_tiles.append(ids)
    while len(seat_tiles) < 4:
        seat_tiles.append([])
    draw_text = draws if isinstance(draws, str) else "".join(draws)
    draw_ids = parse_tiles(draw_text, used)
    ind_ids = parse_tiles(indicators, used)
    ura_ids = parse_tiles(ura, used)
    rep_ids = parse_tiles(replacements, used)
    if len(ind_ids) > 5 or len(ura_ids) > 5 or len(rep_ids) > 4:
        raise ValueError("at most 5 indicators, 5 ura indicators and 4 replacement tiles")
    if len(draw_ids) > LIVE_END - 52:
        raise ValueError(f"at most {LIVE_END - 52} live draws, got {len(draw_ids)}")
    filler = iter(sorted(set(range(NUM_TILES)) - used))
    wall: list[int | None] = [None] * NUM_TILES
    for j in range(4):  # P0 = dealer ... P3
        seat = (dealer + j) % 4
        tiles = seat_tiles[seat] + [next(filler) for _ in range(13 - len(seat_tiles[seat]))]
        idx = [16 * r + 4 * j + c for r in range(3) for c in range(4)] + [48 + j]
        for i, t in zip(idx, tiles):
            wall[i] = t
    for k, t in enumerate(draw_ids):
        wall[52 + k] = t
    for k, t in enumerate(ind_ids):
        wall[DORA_INDICATOR_INDEX[k]] = t
    for k, t in enumerate(ura_ids):
        wall[URA_INDICATOR_INDEX[k]] = t
    for k, t in enumerate(rep_ids):
        wall[REPLACEMENT_INDEX[k]] = t
    out = [t if t is not None else next(filler) for t in wall]
    return check_wall(out)
