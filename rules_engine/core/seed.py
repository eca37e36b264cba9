"""Seeded randomness without ``random`` (P-SYS-4, DESIGN §2): the byte stream that every
family's wall shuffle draws from, and derived seeds for the simulator and tests.

SHA-256 in counter mode over a versioned domain tag and the seed, with rejection sampling
for unbiased integers, so a stored seed gives the same tiles on every Python version forever.
"""
from __future__ import annotations

import hashlib


class SeedStream:
    """Deterministic byte stream: SHA-256(domain || seed || ":" || counter), counter = 0, 1, 2...

    ``seed`` is any Python int (negative allowed; encoded as signed decimal text); ``domain``
    (bytes) names the use and its version, e.g. ``b"mahjong-planet/riichi-wall/v1:"``, so two
    uses never share a stream. Raises ``ValueError`` for a non-int seed.
    """

    __slots__ = ("_prefix", "_counter", "_buf", "_pos")

    def __init__(self, seed: int, domain: bytes) -> None:
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


def derive_seed(seed: int, *path: int) -> int:
    """A 63-bit int seed derived from ``seed`` and an index path (e.g. game, hand), for the
    simulator and tests; the server draws real hand seeds from the OS (P-SYS-4)."""
    text = ":".join(str(x) for x in (seed, *path)).encode("ascii")
    return int.from_bytes(hashlib.sha256(b"mahjong-planet/derive/v1:" + text).digest()[:8], "big") >> 1
