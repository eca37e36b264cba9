"""Hand and game settlement of the table: win deltas (via ``riichi.win_payments``), noten
payments (R-DRAW-3), nagashi mangan (R-NAGASHI-2), placement (R-RESULT-1) and the
result record (R-RESULT-2, R-END-6).

All amounts are integer table points; deltas are lists of 4 signed ints by seat.
"""
from __future__ import annotations

from typing import Any, Sequence

from rules_engine.preset import Preset
from rules_engine.riichi.payments import win_payments


def win_deltas(result: Any, *, tsumo: bool, winner: int, discarder: int | None, dealer: int,
               honba: int, deposits: int, pao_seat: int | None, preset: Preset) -> list[int]:
    """Point changes of one win (R-PAY-1..7, R-PAO); ``deposits`` in points (multiples of
    1,000), all to this winner; ``honba`` the counter (0 for a second ron winner, R-MULTI-2).
    The deltas sum to ``deposits``."""
    return win_payments(result, tsumo=tsumo, winner=winner, discarder=discarder, dealer=dealer,
                        honba=honba, deposits=deposits // 1000, pao_seat=pao_seat, preset=preset)


def noten_deltas(tenpai: Sequence[bool]) -> list[int]:
    """R-DRAW-3: 3,000 points from the noten to the tenpai players (nothing for 0 or 4 tenpai).

    >>> noten_deltas([True, False, True, False])
    [1500, -1500, 1500, -1500]
    """
    t = sum(1 for x in tenpai if x)
    if t in (0, 4):
        return [0, 0, 0, 0]
    gain, loss = 3000 // t, 3000 // (4 - t)
    return [gain if x else -loss for x in tenpai]


def nagashi_deltas(qualified: Sequence[bool], dealer: int) -> list[int]:
    """R-NAGASHI-2: each qualifier receives a mangan tsumo (dealer 4,000 from each; non-dealer
    4,000 from the dealer and 2,000 from each other), settled independently, no honba.

    >>> nagashi_deltas([True, False, False, True], 0)
    [8000, -6000, -6000, 4000]
    """
    out = [0, 0, 0, 0]
    for q, ok in enumerate(qualified):
        if not ok:
            continue
        for p in range(4):
            if p == q:
                continue
            amount = 4000 if (q == dealer or p == dealer) else 2000
            out[p] -= amount
            out[q] += amount
    return out


def placement_order(scores: Sequence[int]) -> list[int]:
    """Seats from first to fourth: highest points first, ties by initial seat order
    (seat 0 = initial East first) (R-RESULT-1).

    >>> placement_order([25000, 30000, 30000, 15000])
    [1, 2, 0, 3]
    """
    return sorted(range(4), key=lambda s: (-scores[s], s))


def game_result(scores: Sequence[int], deposits: int, preset: Preset) -> dict:
    """The R-RESULT record of a finished game.

    Deposits still on the table go to first place (R-END-6, ``deposits_at_end ==
    "first_place"``). Returns ``{"final_scores": [4], "deposits_awarded": {"seat", "points"}|None,
    "placements": [place 1..4 by seat], "order": [seats first..fourth],
    "results": [4] | None}``; ``results`` is ``final − return_points + uma[place] +
    winner_bonus (1st only)`` (R-RESULT-2), ``None`` without a result record (R-RESULT-3).
    """
    final = list(scores)
    order = placement_order(final)
    awarded = None
    if deposits and preset.deposits_at_end == "first_place":
        final[order[0]] += deposits
        awarded = {"seat": order[0], "points": deposits}
        order = placement_order(final)
    placements = [0] * 4
    for place, seat in enumerate(order):
        placements[seat] = place + 1
    results = None
    if preset.result_record:
        results = [final[s] - preset.return_points + preset.uma[placements[s] - 1]
                   + (preset.winner_bonus if placements[s] == 1 else 0) for s in range(4)]
    return {"final_scores": final, "deposits_awarded": awarded, "placements": placements,
            "order": order, "results": results}
