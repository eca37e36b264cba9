"""Seeded random legal Taiwanese wins, for the scoring benchmark (``python -m rules_engine.bench
--preset taiwanese``) and differential checks.

``random_tai_wins(seed, n)`` gives ``n`` ``TaiWin`` values: regular hands (five sets, 0..5 of
them declared as chows, pungs or kongs of every kind, and a pair) and about one in ten seven
pairs and a triplet, with random flowers, seat, way of winning and flags that are consistent
with each other (T-WIN-1, T-WIN-2, §3). Never a fifth copy of a kind. Uses its own
``random.Random(seed)``, so a seed always gives the same list.
"""
from __future__ import annotations

import random

from rules_engine.taiwanese.scoring import TaiMeld, TaiWin
from rules_engine.taiwanese.tiles import BONUS_TILES

_MELD_KINDS = ("pung", "pung", "kong_exposed", "kong_added", "kong_concealed")


def random_tai_win(rng: random.Random) -> TaiWin:
    """One random legal win drawn with ``rng`` (see the module documentation)."""
    counts = [0] * 34
    concealed: list[int] = []
    melds: list[TaiMeld] = []

    def same(n: int) -> tuple[int, ...]:
        k = rng.choice([k for k in range(34) if counts[k] + n <= 4])
        counts[k] += n
        return (k,) * n

    if rng.random() < 0.1:
        for _ in range(7):
            concealed.extend(same(2))
        concealed.extend(same(3))
    else:
        n_melds = rng.choice((0, 0, 1, 1, 2, 2, 3, 4, 5))
        for i in range(5):
            starts = [s for s in range(27) if s % 9 <= 6 and all(counts[s + j] < 4 for j in range(3))]
            if starts and rng.random() < 0.6:
                s0 = rng.choice(starts)
                kinds: tuple[int, ...] = (s0, s0 + 1, s0 + 2)
                for k in kinds:
                    counts[k] += 1
                mtype = "chow"
            else:
                mtype = rng.choice(_MELD_KINDS)
                kinds = same(3 if mtype == "pung" or i >= n_melds else 4)
            if i < n_melds:
                melds.append(TaiMeld(mtype, kinds))
            else:
                concealed.extend(kinds)
        concealed.extend(same(2))
    concealed.sort()
    flowers = tuple(sorted(rng.sample(BONUS_TILES, rng.choice((0, 0, 1, 1, 2, 3, 4)))))
    seat = rng.randrange(4)
    heavenly = not melds and seat == 0 and rng.random() < 0.05
    self_draw = heavenly or rng.random() < 0.4
    robbing = not self_draw and rng.random() < 0.05
    return TaiWin(
        concealed=tuple(concealed), melds=tuple(melds), flowers=flowers,
        win_tile=None if heavenly else rng.choice(concealed), self_draw=self_draw, seat_wind=seat,
        round_wind=rng.randrange(4), last_tile=self_draw and rng.random() < 0.05,
        last_discard=not self_draw and not robbing and rng.random() < 0.05, robbing_kong=robbing,
        replacement_draw=self_draw and not heavenly and rng.random() < 0.1,
        original_call=not melds and not heavenly and rng.random() < 0.1, heavenly=heavenly,
        earthly=not self_draw and not robbing and seat != 0 and rng.random() < 0.02,
        discards_before_win=rng.choice((None, None, None, rng.randrange(0, 14))))


def random_tai_wins(seed: int, n: int) -> list[TaiWin]:
    """``n`` random legal wins from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [random_tai_win(rng) for _ in range(n)]
