"""The wall: a deterministic shuffle of the 136 tile ids from an int seed, and
the dead-wall roles (R-WALL-1 to R-WALL-5, P-SYS-4).

The generator is SHA-256 in counter mode over a versioned domain tag and the
seed, with rejection sampling for unbiased integers and a Fisher–Yates
shuffle. It never uses Python's ``random``, so a stored seed reproduces its
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

from rules_engine.core.tiles import NUM_TILES, parse_tiles

DOMAIN = b"mahjong-planet/riichi-wall/v1:"
LIVE_END = 122
"""Index one past the last live-wall tile before any replacement draw (R-WALL-2)."""
DORA_INDICATOR_INDEX = (130, 128, 126, 124, 122)
URA_INDICATOR_INDEX = (131, 129, 127, 125, 123)
REPLACEMENT_INDEX = (134, 135, 132, 133)


class SeedStream:
    """Deterministic byte stream: SHA-256(DOMAIN || seed || counter), counter = 0, 1, 2...

    ``seed`` is any Python int (negative allowed; encoded as signed decimal text).
    """

    __slots__ = ("_prefix", "_counter", "_buf", "_pos")

    def __init__(self, seed: int, domain: bytes = DOMAIN) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, got {seed!r}")
        self._prefix = domain + str(seed).encode("ascii") + b":"
        self._counter = 0
        self._buf = b""
        self._pos = 0  # bytes of _buf already handed out

    def _bytes(self, n: int) -> bytes:
        buf, pos = self._buf, self._pos
        if len(buf) - pos < n:
            buf = buf[pos:]
            pos = 0
            while len(buf) < n:
                buf += hashlib.sha256(self._prefix + str(self._counter).encode("ascii")).digest()
                self._counter += 1
            self._buf = buf
        self._pos = pos + n
        return buf[pos:pos + n]

    def below(self, n: int) -> int:
        """Uniform int in ``0..n-1`` (``1 <= n <= 2**32``) by rejection sampling: no modulo bias."""
        if not 1 <= n <= 1 << 32:
            raise ValueError(f"range must be 1..2**32, got {n}")
        limit = (1 << 32) - ((1 << 32) % n)  # largest multiple of n not above 2**32
        while True:
            x = int.from_bytes(self._bytes(4), "big")
            if x < limit:
                return x % n


def shuffled_wall(seed: int) -> list[int]:
    """The wall ``W[0..135]`` of the hand with ``seed``: a uniformly random permutation of
    the tile ids 0..135 (R-WALL-1), Fisher–Yates driven by ``SeedStream(seed)``.

    Raises ``ValueError`` if ``seed`` is not an int.
    """
    prefix = SeedStream(seed)._prefix  # validates the seed
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


def derive_seed(seed: int, *path: int) -> int:
    """A 63-bit int seed derived from ``seed`` and an index path (e.g. game, hand), for the
    simulator and tests; the server draws real hand seeds from the OS (P-SYS-4)."""
    text = ":".join(str(x) for x in (seed, *path)).encode("ascii")
    return int.from_bytes(hashlib.sha256(b"mahjong-planet/derive/v1:" + text).digest()[:8], "big") >> 1


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
