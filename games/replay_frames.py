"""Step-by-step frames of a stored game's completed hands for the replay viewer
(P-REPLAY-3, P-REPLAY-4, P-REPLAY-6, P-TIMEOUT-5, J4 step 5).

The stored log (hand seeds + ordered actions, ``rules_engine`` ``game.log``) is replayed once
with the engine, entry by entry. After the deal and after every action the public view and the
four concealed hands are copied into a *step*. A step never holds the wall, the dead wall
beyond the revealed indicators or any tile still to be drawn: only what the table shows at
that moment plus the four hands (the viewer may show them open, P-REPLAY-4).

Only *completed* hands are built: entries after the last ``hand_end`` event (the hand in
progress of a running East-round game) are never replayed, so its tiles never reach a page
(P-REPLAY-3, P-SYS-2). Results come from the stored ``hand_end`` / ``game_end`` events, never
from the replay (P-REPLAY-6).
"""
from __future__ import annotations

from typing import Iterable

from rules_engine.riichi.views import decision_view, explained_hand_result
from rules_engine.taiwanese.views import decision_view as tw_decision_view

_HIDDEN_VIEW_KEYS = ("hand_result", "game_result")
"""Public-view keys dropped from steps: the stored records are served once per hand instead."""


def sort_key(tile: int) -> int:
    """Canonical hand order (P-PLAY-6, as ``sortTiles`` in static/js/tiles.js): by kind, the red
    five first within its kind, then ascending id. ``tile``: id 0..143 (Taiwanese flowers and
    seasons 136..143 sort last)."""
    return (tile >> 2) * 1000 + (0 if tile in (16, 52, 88) else 1 + tile)


def completed_entry_count(log: dict) -> int:
    """Number of leading log entries that belong to completed hands: everything up to and
    including the last entry whose events hold a ``hand_end``. 0 when no hand has ended."""
    end = 0
    for i, entry in enumerate(log.get("entries") or []):
        if any(e.get("type") == "hand_end" for e in entry.get("events") or []):
            end = i + 1
    return end


def _event(entry: dict, kind: str) -> dict | None:
    for e in entry.get("events") or []:
        if e.get("type") == kind:
            return e
    return None


def _step(game, index: int, action: dict | None, flags: tuple[bool, bool]) -> dict:
    view = game.view(None)
    for key in _HIDDEN_VIEW_KEYS:
        view.pop(key, None)
    hands, drawn = [], []
    own_view = tw_decision_view if getattr(game, "FAMILY", "riichi") == "taiwanese" else decision_view
    for seat in range(4):
        own = own_view(game, seat)        # hand and drawn tile only: the cheap own view
        hands.append(sorted(own["hand"], key=sort_key))
        drawn.append(own.get("drawn_tile"))
    return {"index": index, "actor": None if action is None else action.get("seat"),
            "action": action, "timeout": flags[0], "by_computer": flags[1],
            "view": view, "hands": hands, "drawn": drawn}


def replay_hands(log: dict, flags: Iterable[tuple[bool, bool]] = (), *,
                 only: int | None = None) -> list[dict]:
    """Frames of every completed hand of ``log`` (the ``Game.log`` shape), in order.

    ``flags``: ``(timeout, by_computer)`` per logged action, in log order (the
    ``ActionRecord`` rows of kind ``"action"``); missing flags count as ``(False, False)``.
    ``only``: build the steps of that hand index only (earlier hands are replayed without
    steps, later ones not at all).

    Returns one dict per completed hand: ``index`` (0-based among the game's hands),
    ``hand_number`` (0-based dealer rotation: 0 = East 1), ``honba``, ``result`` (the stored
    ``hand_end`` record, P-REPLAY-6), ``game_result`` (the stored ``game_end`` record when the
    game ended with this hand, else None) and ``steps``: the deal (``index`` 0, ``actor`` and
    ``action`` null) then one step per logged action of the hand, each
    ``{index, actor: seat | None, action: Action JSON | None, timeout: bool, by_computer: bool,
    view: engine public view (without hand_result/game_result), hands: [4 × tile ids in hand
    order], drawn: [4 × tile id | None]}``. Raises ``ValueError`` / ``IllegalAction`` for a
    malformed log (as ``Game.from_log``).
    """
    from rules_engine.core.actions import Action
    from rules_engine.game import Game
    from rules_engine.preset import get_preset

    entries = (log.get("entries") or [])[:completed_entry_count(log)]
    flag_iter = iter(flags)
    game = None
    hands: list[dict] = []
    current: dict | None = None
    keep = False
    for entry in entries:
        if entry.get("type") == "hand":
            if only is not None and len(hands) > only:
                break
            if game is None:
                game = Game.new(get_preset(log["preset"], log["version"]), entry["seed"],
                                wall=entry.get("wall"))
            else:
                game.next_hand(entry["seed"], wall=entry.get("wall"))
            start = _event(entry, "hand_start") or {}
            keep = only is None or len(hands) == only
            current = {"index": len(hands), "hand_number": game.hand_number, "honba": game.honba,
                       "result": None, "game_result": None,
                       "steps": [_step(game, 0, None, (False, False))] if keep else []}
            hands.append(current)
            if start and start.get("hand_number") not in (None, game.hand_number):
                raise ValueError("the stored hand does not match its replay")
        elif entry.get("type") == "action":
            if game is None or current is None:
                raise ValueError("log entry 0 must be a hand")
            action = Action.from_json(entry["action"])
            game.apply(action)
            timeout, by_computer = next(flag_iter, (False, False))
            if keep:
                current["steps"].append(_step(game, len(current["steps"]), action.to_json(),
                                          (bool(timeout), bool(by_computer))))
        else:
            raise ValueError(f"unknown log entry type {entry.get('type')!r}")
        if current is not None:
            end = _event(entry, "hand_end")
            if end is not None:
                # The stored record (P-REPLAY-6) with the results-screen explanation added
                # (fu items, payment parts; the same as the live table's view).
                current["result"] = explained_hand_result(game) if keep and game is not None \
                    and game.preset.family == "riichi" and game.hand_result == end.get("result") \
                    else end.get("result")
            over = _event(entry, "game_end")
            if over is not None:
                current["game_result"] = over.get("result")
    return hands


def action_flags(game_row) -> list[tuple[bool, bool]]:
    """``(timeout, by_computer)`` of every accepted action of ``game_row`` (a ``games.Game``),
    in log order: its ``ActionRecord`` rows of kind ``"action"`` by index (P-TIMEOUT-5)."""
    return [(r.timeout, r.by_computer) for r in
            game_row.actions.filter(kind="action").order_by("index").only("timeout", "by_computer")]


def hand_list(log: dict) -> list[dict]:
    """Light index of the completed hands (no replay): ``[{index, hand_number, honba, kind}]``
    read from the stored ``hand_end`` events."""
    out = []
    for entry in (log.get("entries") or [])[:completed_entry_count(log)]:
        end = _event(entry, "hand_end")
        if end is not None:
            result = end.get("result") or {}
            out.append({"index": len(out), "hand_number": int(result.get("hand_number", 0)),
                        "honba": result.get("honba", 0), "kind": result.get("kind")})
    return out


def hand_index(wanted: str | None, count: int, *, default: int | None = 0) -> int | None:
    """The hand a replay request asks for (``?hand=``, P-REPLAY-4): ``"last"`` is
    ``count - 1``; 1 to 6 ASCII digits are that 0-based index (it may still be out of range:
    the caller checks it against ``count``); absent or empty gives ``default``. Anything else
    — other digits such as ``"²"`` or ``"٣"``, a sign, 5,000 digits, text — gives ``None``
    (the caller answers 404 or shows the first hand). Never raises."""
    if wanted is None or wanted == "":
        return default
    if wanted == "last":
        return count - 1
    if 1 <= len(wanted) <= 6 and wanted.isascii() and wanted.isdigit():
        return int(wanted)
    return None
