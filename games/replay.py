"""Summaries of a stored game's log for the review page (P-REPLAY-2, P-REPLAY-6, J6 step 2).

They only read the results the engine recorded in the log's events (``hand_end``,
``game_end``); nothing is re-scored (P-REPLAY-6).
"""
from __future__ import annotations

from django.utils.translation import gettext
from rules_engine.riichi.explain import win_parts

from .display import hand_label


def _events(log: dict):
    for entry in log.get("entries", []):
        for event in entry.get("events", []) or []:
            yield event


def hand_summaries(log: dict, names: dict[int, str]) -> list[dict]:
    """One dict per completed hand, in order:

    ``index`` (0-based among the game's hands, as the replay viewer's ``?hand=``),
    ``hand_number`` (0-based dealer rotation: 0 = East 1, 5 = South 2), ``label`` (its
    translated round name in the active language, ``display.hand_label``), ``honba``, ``kind`` (``win``/``exhaustive_draw``/
    ``abortive_draw``…), ``abort`` (abortive draw kind or None), ``wins``: list of
    ``{seat, name, tsumo, from_name, han, fu, yaku: [(name, han)], limit, points, honba_points,
    sticks_points}`` (Taiwanese wins: ``tai`` and ``awards`` ``[(T-TAI id, translated name, tai)]``
    instead of han/fu/yaku, ``han`` None) (``points`` the win's total for the winner, of which ``honba_points`` the honba
    bonus and ``sticks_points`` the riichi sticks taken, R-PAY-5, R-PAY-6, R-MULTI-2), ``returned``
    (``[{name, points}]``: riichi sticks given back, [single-deal] R-DRAW-5), ``deltas`` and
    ``scores`` (lists of 4, points). ``names`` maps seat -> display name.
    """
    hands = []
    for event in _events(log):
        if event.get("type") != "hand_end":
            continue
        result = event.get("result") or {}
        wins = []
        for i, win in enumerate(result.get("wins", []) or []):
            seat = win.get("seat")
            payments = win.get("payments") or [0, 0, 0, 0]
            try:
                part = win_parts(win, first=i == 0, honba=int(result.get("honba") or 0))[seat]
            except (KeyError, TypeError, IndexError):
                part = {"honba": 0, "sticks": 0}
            wins.append({
                "seat": seat, "name": names.get(seat, str(seat)), "tsumo": bool(win.get("tsumo")),
                "from_name": None if win.get("tsumo") else names.get(win.get("from_seat")),
                "han": win.get("han"), "fu": win.get("fu"), "yaku": win.get("yaku") or [],
                "limit": win.get("limit"), "points": payments[seat] if seat is not None else None,
                "tai": win.get("tai"), "flower_win": win.get("flower_win"),
                "awards": [(tid, gettext(name), n) for tid, name, n in win.get("award_names") or []],
                "honba_points": part["honba"], "sticks_points": part["sticks"],
            })
        number = int(result.get("hand_number", 0))
        hands.append({
            "index": len(hands), "hand_number": number, "label": hand_label(number),
            "honba": result.get("honba", 0), "kind": result.get("kind"), "abort": result.get("abort"),
            "wins": wins, "deltas": result.get("deltas") or [], "scores": result.get("scores") or [],
            "returned": [{"name": names.get(seat, str(seat)), "points": points}
                         for seat, points in enumerate(result.get("deposits_returned") or []) if points],
        })
    return hands


def game_end_summary(log: dict, names: dict[int, str]) -> dict | None:
    """The ``game_end`` record: ``rows`` of ``{place, seat, name, points, result}`` by place,
    where ``result`` is the P-RESULT-2 value in thousands with one decimal and a sign
    (``"+52.3"``) or None for a single-hand game (P-RESULT-5), ``result_value`` the same
    in points (int or None). None while the game runs."""
    for event in _events(log):
        if event.get("type") != "game_end":
            continue
        record = event.get("result") or {}
        scores = record.get("final_scores") or []
        placements = record.get("placements") or []
        results = record.get("results")
        rows = []
        for seat, points in enumerate(scores):
            value = results[seat] if isinstance(results, list) and len(results) == 4 else None
            rows.append({"place": placements[seat] if seat < len(placements) else None, "seat": seat,
                         "name": names.get(seat, str(seat)), "points": points,
                         "result": None if value is None else f"{value / 1000:+.1f}",
                         "result_value": value})
        rows.sort(key=lambda r: (r["place"] is None, r["place"]))
        return {"rows": rows}
    return None
