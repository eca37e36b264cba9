"""Payments of a win: ron, tsumo, honba, riichi deposits, several ron winners, pao (R-PAY, R-MULTI, R-PAO).

Every function returns signed per-seat point deltas (a list of 4 ints, seat
0..3 absolute). Their sum equals ``1000 * deposits``: the deposits leave the
table and go to a winner (R-PAY-7). ``honba`` is the number of honba counters
(300 points per counter on a win, R-PAY-5); ``deposits`` is the number of
1,000-point riichi deposits on the table, this hand's included (R-PAY-6).
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.preset import Preset, RIICHI_V1
from rules_engine.riichi.context import HandResult

PAO_YAKUMAN = ("daisangen", "daisuushii")
"""Yakuman that can carry liability (R-PAO-1)."""


def round_up_100(points: int) -> int:
    """``points`` rounded up to a multiple of 100 (R-PAY-4)."""
    return -(-points // 100) * 100


def hand_cost(base: int, *, is_dealer: bool, tsumo: bool) -> dict[str, int]:
    """Individual payments of a hand with ``base`` base points, before honba (R-PAY-1..4).

    Ron: ``{"ron": n}``; non-dealer tsumo: ``{"tsumo_dealer": d, "tsumo_non_dealer": n}``;
    dealer tsumo: ``{"tsumo_each": n}``.

    >>> hand_cost(240, is_dealer=False, tsumo=True)
    {'tsumo_dealer': 500, 'tsumo_non_dealer': 300}
    """
    if not tsumo:
        return {"ron": round_up_100(base * (6 if is_dealer else 4))}
    if is_dealer:
        return {"tsumo_each": round_up_100(base * 2)}
    return {"tsumo_dealer": round_up_100(base * 2), "tsumo_non_dealer": round_up_100(base)}


def _check_seat(name: str, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"{name} must be a seat 0..3, got {seat!r}")
    return seat


def _check_count(name: str, n: object) -> int:
    if type(n) is not int or n < 0:
        raise ValueError(f"{name} must be an int >= 0, got {n!r}")
    return n


def _plain(base: int, *, tsumo: bool, winner: int, discarder: int | None, dealer: int,
           honba: int, out: list[int]) -> None:
    """Ordinary hand payments plus honba into ``out`` (R-PAY-1..5)."""
    is_dealer = winner == dealer
    if not tsumo:
        assert discarder is not None
        pay = round_up_100(base * (6 if is_dealer else 4)) + 300 * honba
        out[discarder] -= pay
        out[winner] += pay
        return
    for seat in range(4):
        if seat == winner:
            continue
        if is_dealer or seat == dealer:
            pay = round_up_100(base * 2)
        else:
            pay = round_up_100(base)
        pay += 100 * honba
        out[seat] -= pay
        out[winner] += pay


def _covered_yakuman(result: HandResult, preset: Preset) -> int:
    if preset.pao_scope == "whole_hand":
        return result.yakuman
    for name, n in result.yaku:
        if name in PAO_YAKUMAN:
            return n
    raise ValueError("pao_seat given but the hand has neither daisangen nor daisuushii (R-PAO-1)")


def win_payments(result: HandResult, *, tsumo: bool, winner: int, discarder: int | None, dealer: int,
                 honba: int = 0, deposits: int = 0, pao_seat: int | None = None,
                 preset: Preset = RIICHI_V1, bonuses: bool = True) -> list[int]:
    """Per-seat point changes of one win (R-PAY-1..7, R-PAO-3..6).

    - ``result``: the winner's ``HandResult``; ``tsumo``: self-draw, else ron
      from ``discarder`` (for chankan: the kan declarer, R-PAY-1).
    - ``winner``, ``discarder``, ``dealer``, ``pao_seat``: absolute seats 0..3;
      ``discarder`` must be ``None`` for tsumo.
    - ``honba``: counters (300 each, paid by the ron payer; 100 by each tsumo
      payer); ``deposits``: riichi deposits on the table (1,000 each), all to
      the winner. ``bonuses=False`` leaves both out (the second winner of a
      double ron, R-MULTI-2; see ``multi_ron_payments``).
    - ``pao_seat``: the liable player of R-PAO-1, or ``None``. The covered
      amount is the pao yakuman (daisangen 1, daisuushii 2) at the winner's
      rate, or the whole hand when ``preset.pao_scope == "whole_hand"``
      (R-PAO-3). Tsumo: the liable seat pays the covered amount and all honba;
      the rest is an ordinary tsumo by the three others (R-PAO-4, R-PAO-5).
      Ron: a liable discarder pays everything; otherwise the covered amount
      is split in halves between discarder and liable seat, the discarder pays
      the rest and the honba (R-PAO-5).

    Returns 4 ints summing to ``1000 * deposits`` (0 when ``bonuses`` is off).
    Raises ``ValueError`` for bad seats, counts or an impossible pao.

    >>> from rules_engine.riichi.context import HandResult
    >>> r = HandResult(1, 30, [("pinfu", 1)], 0, None, 240, [], False)
    >>> win_payments(r, tsumo=False, winner=1, discarder=3, dealer=0, honba=2, deposits=2)
    [0, 3600, 0, -1600]
    """
    _check_seat("winner", winner)
    _check_seat("dealer", dealer)
    _check_count("honba", honba)
    _check_count("deposits", deposits)
    if tsumo:
        if discarder is not None:
            raise ValueError("a tsumo has no discarder")
    else:
        _check_seat("discarder", discarder)
        if discarder == winner:
            raise ValueError("the winner cannot be the discarder")
    if not bonuses:
        honba = deposits = 0
    out = [0, 0, 0, 0]
    base = result.base_points
    if pao_seat is not None:
        _check_seat("pao_seat", pao_seat)
        if pao_seat == winner:
            raise ValueError("the winner cannot be liable (R-PAO-1)")
        covered_n = _covered_yakuman(result, preset)
        is_dealer = winner == dealer
        covered = 8000 * covered_n * (6 if is_dealer else 4)
        rest_base = base - 8000 * covered_n
        if tsumo:
            pay = covered + 300 * honba
            out[pao_seat] -= pay
            out[winner] += pay
            if rest_base > 0:
                _plain(rest_base, tsumo=True, winner=winner, discarder=None, dealer=dealer, honba=0, out=out)
        elif discarder == pao_seat:
            _plain(base, tsumo=False, winner=winner, discarder=discarder, dealer=dealer, honba=honba, out=out)
        else:
            assert discarder is not None
            half = covered // 2
            out[pao_seat] -= half
            rest = round_up_100(rest_base * (6 if is_dealer else 4)) if rest_base > 0 else 0
            out[discarder] -= covered - half + rest + 300 * honba
            out[winner] += covered + rest + 300 * honba
    else:
        _plain(base, tsumo=tsumo, winner=winner, discarder=discarder, dealer=dealer, honba=honba, out=out)
    out[winner] += 1000 * deposits
    return out


def nearest_after(discarder: int, seats: Sequence[int]) -> int:
    """The seat of ``seats`` that comes first in turn order after ``discarder`` (R-MULTI-2)."""
    return min(seats, key=lambda s: (s - discarder) % 4)


def multi_ron_payments(wins: Sequence[tuple[int, HandResult]], *, discarder: int, dealer: int,
                       honba: int = 0, deposits: int = 0,
                       pao_seats: dict[int, int] | None = None,
                       preset: Preset = RIICHI_V1) -> list[int]:
    """Per-seat point changes of one or more ron wins on the same tile (R-MULTI-1/-2/-5).

    ``wins``: ``[(winner_seat, HandResult), ...]`` (distinct seats, none the
    discarder). The discarder pays each winner that winner's own hand
    (R-MULTI-1). The honba bonus and every deposit go only to the winner nearest
    to the discarder in turn order (R-MULTI-2; same in ``riichi-tournament``,
    R-MULTI-5); the others get their hand value only. ``pao_seats`` maps a
    winner to their liable seat (R-PAO). With one winner this equals
    ``win_payments``. Which claims win (two winners, head bump, abort on three)
    is the table's decision, not this function's (R-MULTI-3, R-MULTI-4).

    Returns 4 ints summing to ``1000 * deposits``; raises ``ValueError`` on bad input.
    """
    if not wins:
        raise ValueError("multi_ron_payments needs at least one winner")
    seats = [w for w, _ in wins]
    if len(set(seats)) != len(seats):
        raise ValueError(f"winner seats repeat: {seats}")
    first = nearest_after(_check_seat("discarder", discarder), seats)
    total = [0, 0, 0, 0]
    for seat, result in wins:
        pao = (pao_seats or {}).get(seat)
        part = win_payments(result, tsumo=False, winner=seat, discarder=discarder, dealer=dealer,
                            honba=honba, deposits=deposits, pao_seat=pao, preset=preset,
                            bonuses=seat == first)
        for i in range(4):
            total[i] += part[i]
    return total
