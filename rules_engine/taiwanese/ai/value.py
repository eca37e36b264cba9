"""Value of Taiwanese hands in tai for the strong computer (T-TAI, T-SCORE).

- ``ready_value``: the exact tai of a ready hand, averaged over its waits weighted by unseen
  copies, from ``rules_engine.taiwanese.scoring.score_win`` (a discard win; the self-draw
  extra is added by the caller's payment factor).
- ``plan_value``: a quick estimate for a hand that is not ready yet: Winning 2, flowers, honour
  sets and pairs, dragon and wind patterns, one-suit hands (half flush 10, full flush 40, with
  partial credit while one or two tiles of other suits remain), pung hand, concealment.
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.taiwanese.ai.state import TwSituation
from rules_engine.taiwanese.scoring import TaiMeld, TaiWin, score_win

MELD_TYPE = {"chi": "chow", "pon": "pung", "daiminkan": "kong_exposed", "shouminkan": "kong_added",
             "ankan": "kong_concealed"}
PAY_FACTOR = 1.5
"""Average table points received per tai of an own win: a discard win pays once, a self-draw
three times (T-PAY-2, T-PAY-4); about a quarter of the wins are self-drawn."""

_FLUSH_CREDIT = (1.0, 0.45, 0.2, 0.08)
"""Share of a one-suit award counted while 0, 1, 2, 3 suited tiles of other suits remain."""


def tai_melds(melds: list[dict]) -> tuple[TaiMeld, ...]:
    return tuple(TaiMeld(MELD_TYPE[m["type"]], tuple(sorted(t >> 2 for t in m["tiles"]))) for m in melds)


def ready_value(sit: TwSituation, counts: Sequence[int], waits: Sequence[int],
                melds: list[dict] | None = None, original_call: bool | None = None) -> float:
    """Average tai of winning the ready concealed ``counts`` on a discard of each of ``waits``
    (weighted by unseen copies; 0 when none is unseen)."""
    melds = sit.melds if melds is None else melds
    tm = tai_melds(melds)
    oc = sit.original_call if original_call is None else original_call
    total = weight = 0.0
    for w in waits:
        n = 4 - sit.visible[w]
        if n <= 0:
            continue
        c = list(counts)
        c[w] += 1
        concealed = tuple(k for k in range(34) for _ in range(c[k]))
        try:
            tai = score_win(TaiWin(concealed=concealed, melds=tm, flowers=tuple(sit.flowers), win_tile=w,
                                   self_draw=False, seat_wind=(sit.seat - sit.dealer) % 4, round_wind=0,
                                   original_call=oc)).tai
        except ValueError:
            continue
        total += tai * n
        weight += n
    return total / weight if weight else 0.0


def plan_value(sit: TwSituation, counts: Sequence[int], melds: list[dict] | None = None) -> float:
    """Estimated tai of a win from the concealed ``counts`` with ``melds`` (default: own)."""
    melds = sit.melds if melds is None else melds
    allk = list(counts)
    open_sets = 0
    chow_melds = 0
    for m in melds:
        for t in m["tiles"]:
            allk[t >> 2] += 1
        if m["type"] != "ankan":
            open_sets += 1
        if m["type"] == "chi":
            chow_melds += 1
    v = 2.0 + (len(sit.flowers) or 1)
    if sit.original_call:
        v += 15
    # honours (T-TAI-12..18)
    d3 = d2 = w3 = w2 = 0
    for k in range(27, 34):
        n = allk[k]
        if n >= 3:
            v += 1
            if k >= 31:
                d3 += 1
            else:
                w3 += 1
        elif n == 2 and counts[k] == 2 and sit.visible[k] < 4:
            v += 0.35
            if k >= 31:
                d2 += 1
            else:
                w2 += 1
    if d3 == 3:
        v += 27
    elif d3 == 2 and d2:
        v += 13
    elif d3 == 2 or (d3 == 1 and d2 >= 2):
        v += 3
    if w3 == 4:
        v += 36
    elif w3 == 3:
        v += 10 if w2 else 6
    elif w3 == 2 and w2:
        v += 3
    # one-suit hands (T-TAI-25, -26)
    suits = [sum(allk[s * 9:(s + 1) * 9]) for s in range(3)]
    honours = sum(allk[27:34])
    main = max(range(3), key=suits.__getitem__)
    off = sum(suits) - suits[main]
    if suits[main] >= 8 and off < len(_FLUSH_CREDIT):
        v += _FLUSH_CREDIT[off] * (10.0 if honours else 30.0)
    elif honours == 0 and not sit.flowers:
        v += 1.5  # no honours and no flowers (T-TAI-07) or the 10-tai chow award in reach
    elif honours == 0:
        v += 0.7
    # pung hand (T-TAI-10)
    if chow_melds == 0:
        pairs_up = sum(1 for k in range(34) if counts[k] >= 2)
        singles = sum(1 for k in range(34) if counts[k] == 1)
        if open_sets >= 2 and singles <= 1:
            v += 6
        elif open_sets >= 1 and singles <= 2 and pairs_up >= 3:
            v += 2
    if open_sets == 0:
        v += 1.6  # concealed hand 1 / fully concealed self-draw 3 (T-TAI-27, -29)
    return v
