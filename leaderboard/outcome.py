"""Pure functions of a finished game's outcome: placements, the Riichi result record, ranks for
the rating model, Tenhou-style R and per-seat hand statistics (P-RESULT, P-RATE-4, P-RATE-7,
P-LB-5). No database access; seats are 0..3 in initial seat order (0 = initial East).
"""
from __future__ import annotations

from collections.abc import Sequence

#: P-RESULT-2 constants (platform.md §21), points.
RETURN_POINTS = 30_000
WINNER_BONUS = 20_000
PLACEMENT_ADJUSTMENTS = (20_000, 10_000, -10_000, -20_000)
#: P-RATE-7 placement bonuses for 1st..4th.
TENHOU_BONUS = (30.0, 10.0, -10.0, -30.0)


def placements(final_scores: Sequence[int]) -> list[int]:
    """Display placement 1..4 per seat: highest score first, equal scores by initial seat order
    (P-RESULT-1, P-TW-5). ``placements([25000] * 4) == [1, 2, 3, 4]``."""
    order = sorted(range(len(final_scores)), key=lambda s: (-final_scores[s], s))
    out = [0] * len(final_scores)
    for place, seat in enumerate(order):
        out[seat] = place + 1
    return out


def result_record(final_scores: Sequence[int]) -> list[int]:
    """The P-RESULT-2 result record per seat, in points (never rounded):
    ``final − 30,000 + adjustment(placement) + (20,000 if first)``. The four values add up to
    zero when the scores add up to 100,000 (P-RESULT-3).

    >>> result_record([42300, 31000, 18700, 8000])
    [52300, 11000, -21300, -42000]
    """
    places = placements(final_scores)
    return [final_scores[s] - RETURN_POINTS + PLACEMENT_ADJUSTMENTS[places[s] - 1]
            + (WINNER_BONUS if places[s] == 1 else 0) for s in range(len(final_scores))]


def rating_ranks(final_scores: Sequence[int], *, ties_share: bool) -> list[int]:
    """The rank given to the rating model per seat (P-RATE-4): with ``ties_share`` (Taiwanese)
    equal final scores share the best of their places (``[1, 1, 3, 4]``); otherwise the display
    placement (Riichi placements never tie, P-RESULT-1)."""
    if not ties_share:
        return placements(final_scores)
    return [1 + sum(1 for other in final_scores if other > mine) for mine in final_scores]


def tenhou_bonus(rank: int, final_scores: Sequence[int], seat: int, *, ties_share: bool) -> float:
    """The P-RATE-7 placement bonus of ``seat``; tied players (Taiwanese) share the average of
    their places' bonuses."""
    if not ties_share:
        return TENHOU_BONUS[rank - 1]
    tied = sum(1 for other in final_scores if other == final_scores[seat])
    return sum(TENHOU_BONUS[rank - 1:rank - 1 + tied]) / tied


def tenhou_changes(r_before: Sequence[float], games_before: Sequence[int],
                   bonuses: Sequence[float]) -> list[float]:
    """Tenhou-style R change per seat (P-RATE-7):
    ``max(1 − 0.002 n, 0.2) × (bonus + (table average R − own R) / 40)``, where ``n`` is the
    seat's number of rated games before this one and the table average is over all four."""
    average = sum(r_before) / len(r_before)
    return [max(1.0 - 0.002 * n, 0.2) * (bonus + (average - r) / 40.0)
            for r, n, bonus in zip(r_before, games_before, bonuses, strict=True)]


def hand_stats(log: dict, seats: int = 4) -> list[dict]:
    """Per seat ``{"hands", "wins", "deal_ins"}`` from the stored log's ``hand_end`` events
    (P-LB-5: win and deal-in rates). A hand a seat won counts once however many winners;
    a discard that several players won on is one deal-in."""
    stats = [{"hands": 0, "wins": 0, "deal_ins": 0} for _ in range(seats)]
    for entry in (log or {}).get("entries", []) or []:
        for event in entry.get("events", []) or []:
            if event.get("type") != "hand_end":
                continue
            wins = (event.get("result") or {}).get("wins") or []
            winners = {w.get("seat") for w in wins if w.get("seat") is not None}
            dealers_in = {w.get("from_seat") for w in wins
                          if not w.get("tsumo") and w.get("from_seat") is not None}
            for seat in range(seats):
                stats[seat]["hands"] += 1
                stats[seat]["wins"] += seat in winners
                stats[seat]["deal_ins"] += seat in dealers_in
    return stats
