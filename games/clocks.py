"""Decision clocks and timeout defaults (P-CLOCK, P-TIMEOUT, P-FLOW-1, P-CONN-2; DESIGN §4).

The contract is ``docs/clocks.md``. This module holds the clock table and pure functions on
``Game.clock_state`` (a JSON dict; no database, no Celery): the service calls them inside
its one write path, the tasks and the state message read them. Every time is a float of
Unix epoch seconds of the server's clock (``now()``, patched by tests); every duration is
seconds, already multiplied by ``CLOCK_SCALE``.

Functions returning a state never change their argument; they return a new dict.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

UNTIMED = "untimed"
STANDARD = "standard"     # the Quick Play clock (P-MATCH-1)

#: P-CLOCK-1: clock name -> (per-discard, reserve per hand, response) in seconds.
CLOCK_TABLE: dict[str, tuple[float, float, float]] = {
    "bullet": (2.0, 5.0, 2.0),
    "blitz": (3.0, 10.0, 3.0),
    "standard": (5.0, 20.0, 5.0),
    "relaxed": (15.0, 60.0, 15.0),
}
#: Every clock a table may have, Untimed first (the practice default, P-PRAC-1).
CLOCK_NAMES: tuple[str, ...] = (UNTIMED, *CLOCK_TABLE)

_EPSILON = 1e-6     # seconds; deadlines compare equal within this (JSON round trips are exact)


@dataclass(frozen=True, slots=True)
class Clock:
    """One timed clock setting, durations in seconds (already scaled)."""

    name: str
    per_discard: float
    reserve: float
    response: float


def now() -> float:
    """The server's time, Unix epoch seconds (tests patch ``games.clocks.now``)."""
    return time.time()


def _setting(name: str, default: float) -> float:
    try:
        from django.conf import settings
        return float(getattr(settings, name, default))
    except Exception:   # outside Django (engine-only scripts)
        return default


def scale() -> float:
    """``settings.CLOCK_SCALE`` (1.0 in production; tests shrink every duration with it)."""
    return _setting("CLOCK_SCALE", 1.0)


def lag_allowance() -> float:
    """``settings.CLOCK_LAG_ALLOWANCE``: seconds accepted after a displayed deadline
    (P-CLOCK-8, 0.5 s; not scaled: it stands for transport time)."""
    return _setting("CLOCK_LAG_ALLOWANCE", 0.5)


def results_delay() -> float:
    """Seconds a timed table's results screen stays before the next hand (P-FLOW-1:
    ``RESULTS_SCREEN_SECONDS`` × ``CLOCK_SCALE``)."""
    return _setting("RESULTS_SCREEN_SECONDS", 15.0) * scale()


def clock_for(name: str, scale_factor: float | None = None) -> Clock | None:
    """The scaled ``Clock`` of ``name``; ``None`` for ``"untimed"`` (P-CLOCK-2).
    Raises ``ValueError`` for an unknown name."""
    if name == UNTIMED:
        return None
    if name not in CLOCK_TABLE:
        raise ValueError(f"unknown clock {name!r}; choose one of {', '.join(CLOCK_NAMES)}")
    k = scale() if scale_factor is None else scale_factor
    per, reserve, response = CLOCK_TABLE[name]
    return Clock(name, per * k, reserve * k, response * k)


# --------------------------------------------------------------------------- state

def initial_state(clock: Clock) -> dict:
    """A fresh ``clock_state``: full reserves (P-CLOCK-4), no decision yet."""
    return {"seq": None, "kind": None, "prompt_at": None, "deadlines": {}, "absent": [],
            "reserves": [clock.reserve] * 4, "timeouts": [0] * 4, "results_at": None}


def _copy(state: dict, clock: Clock) -> dict:
    base = initial_state(clock)
    base.update(state or {})
    base["deadlines"] = dict(base["deadlines"])
    base["reserves"] = list(base["reserves"])
    base["timeouts"] = list(base["timeouts"])
    base["absent"] = list(base.get("absent") or [])
    return base


def new_hand(state: dict, clock: Clock) -> dict:
    """A hand starts: every reserve is full again (P-CLOCK-4, P-FLOW-4); the results screen
    is over."""
    out = _copy(state, clock)
    out["reserves"] = [clock.reserve] * 4
    out["results_at"] = None
    return out


def open_decision(state: dict, clock: Clock, *, seq: int, phase: str, pending: Iterable[int],
                  now: float, absent: Iterable[int] = ()) -> dict:
    """The clocks after the engine moved to decision ``seq`` in ``phase``.

    ``pending``: seats that still owe an answer (``engine.pending_seats()``); ``absent``:
    seats on absent auto-play (P-CONN-2), whose deadline is the prompt time itself.

    - ``turn``: the seat's deadline = now + per_discard + its reserve (P-CLOCK-3, -8).
    - ``claim``: each offered seat's deadline = now + response (P-CLOCK-6). The same ``seq``
      as before (another seat answered) keeps the prompt time and the remaining deadlines.
    - ``hand_over``: no clock runs (P-CLOCK-7); ``results_at`` = when the result was first
      shown (P-FLOW-1). ``game_over``: nothing runs.
    """
    out = _copy(state, clock)
    pending = sorted(pending)
    if phase in ("turn", "claim"):
        kind = "turn" if phase == "turn" else "response"
        if out["seq"] == seq and out["kind"] == kind:
            out["deadlines"] = {k: v for k, v in out["deadlines"].items() if int(k) in pending}
            return out
        away = set(absent)
        out.update(seq=seq, kind=kind, prompt_at=now, results_at=None,
                   absent=sorted(s for s in pending if s in away))
        deadlines = {}
        for s in pending:
            if s in away:
                deadlines[str(s)] = now          # no thinking time, no reserve (P-CONN-2)
            elif kind == "turn":
                deadlines[str(s)] = now + clock.per_discard + max(0.0, out["reserves"][s])
            else:
                deadlines[str(s)] = now + clock.response
        out["deadlines"] = deadlines
        return out
    results_at = out["results_at"] if out["seq"] == seq and out["results_at"] is not None else now
    out.update(seq=seq, kind=None, prompt_at=None, deadlines={}, absent=[],
               results_at=results_at if phase == "hand_over" else None)
    return out


def reissue(state: dict, clock: Clock, now: float) -> dict:
    """The pending decision issued again at ``now`` (after a restart of the embedded server,
    whose in-process worker could run no clock while it was down; P-CLOCK-7: a clock runs
    from the prompt the server issues). Each pending seat gets its per-discard time (turn)
    or response time afresh, with the reserve it had; a seat on absent auto-play stays due at
    once (P-CONN-2). A state with no pending decision is returned unchanged (a copy)."""
    out = _copy(state, clock)
    if out["kind"] is None or not out["deadlines"]:
        return out
    away = set(out.get("absent") or [])
    deadlines = {}
    for key in out["deadlines"]:
        seat = int(key)
        if seat in away:
            deadlines[key] = now
        elif out["kind"] == "turn":
            deadlines[key] = now + clock.per_discard + max(0.0, out["reserves"][seat])
        else:
            deadlines[key] = now + clock.response
    out.update(prompt_at=now, deadlines=deadlines)
    return out


def charge(state: dict, clock: Clock, seat: int, now: float) -> dict:
    """The seat's action was accepted at ``now``: a turn decision reduces its reserve by
    max(0, used − per_discard), never below 0, where used = min(now, deadline) − prompt
    (P-CLOCK-5; an absent seat's instant default uses none). Responses never touch the
    reserve (P-CLOCK-6). A seat with no running deadline is unchanged."""
    out = _copy(state, clock)
    deadline = out["deadlines"].get(str(seat))
    if out["kind"] != "turn" or deadline is None or out["prompt_at"] is None:
        return out
    used = min(now, deadline) - out["prompt_at"]
    out["reserves"][seat] = max(0.0, out["reserves"][seat] - max(0.0, used - clock.per_discard))
    return out


def record_answer(state: dict, clock: Clock, seat: int, *, timeout: bool) -> dict:
    """Count consecutive timeouts of ``seat`` (P-CONN-2): +1 on a timeout, 0 when it acts."""
    out = _copy(state, clock)
    out["timeouts"][seat] = out["timeouts"][seat] + 1 if timeout else 0
    return out


def deadline_of(state: dict, seat: int) -> float | None:
    """The displayed deadline of ``seat``'s pending decision, or ``None``."""
    value = (state or {}).get("deadlines", {}).get(str(seat))
    return None if value is None else float(value)


def allowance_for(state: dict, seat: int, allowance: float | None = None) -> float:
    """The hidden allowance after ``seat``'s deadline: ``lag_allowance()``, 0 for a seat on
    absent auto-play (its defaults are played at once, P-CONN-2)."""
    if seat in ((state or {}).get("absent") or []):
        return 0.0
    return lag_allowance() if allowance is None else allowance


def is_late(state: dict, seat: int, now: float, allowance: float | None = None) -> bool:
    """True when an action of ``seat`` arriving at ``now`` is after deadline + allowance
    (P-CLOCK-8: it is refused as ``late`` and the default is played)."""
    deadline = deadline_of(state, seat)
    return deadline is not None and now > deadline + allowance_for(state, seat, allowance) + _EPSILON


def same_deadline(a: float | None, b: float | None) -> bool:
    """Deadlines equal within a microsecond (the task's guard, P-TIMEOUT-6)."""
    return a is not None and b is not None and abs(float(a) - float(b)) <= _EPSILON


def overdue(state: dict, now: float, allowance: float | None = None) -> list[tuple[int, float]]:
    """``[(seat, deadline)]`` whose deadline + allowance has passed at ``now`` (the sweeper)."""
    return [(int(k), float(v)) for k, v in sorted((state or {}).get("deadlines", {}).items())
            if now >= float(v) + allowance_for(state, int(k), allowance)]


def absent_seats(timeouts: Sequence[int], connected: dict[int, bool], humans: Iterable[int]) -> list[int]:
    """P-CONN-2: human seats with two or more consecutive timeouts and no live connection."""
    return sorted(s for s in humans if timeouts[s] >= 2 and not connected.get(s, False))


# --------------------------------------------------------------------------- state message

def timer_payload(state: dict, clock: Clock | None, *, my_seat: int | None, phase: str, now: float,
                  absent: Sequence[int] = ()) -> dict | None:
    """The state message's ``game.timer`` for the recipient in ``my_seat`` (docs/clocks.md;
    P-CLOCK-9): ``None`` at an untimed table. A response's time left is given only to the
    seat it was offered to; others learn only that the table waits (P-FAIR-6)."""
    if clock is None:
        return None
    st = _copy(state, clock)
    reserves = [max(0.0, float(r)) for r in st["reserves"]]
    turn = None
    response_left = None
    waiting = False
    running = phase in ("turn", "claim")
    if running and st["kind"] == "turn" and st["deadlines"] and st["prompt_at"] is not None:
        seat_key, deadline = next(iter(st["deadlines"].items()))
        seat = int(seat_key)
        fresh_end = min(st["prompt_at"] + clock.per_discard, deadline)
        reserve_left = max(0.0, min(reserves[seat], deadline - max(now, fresh_end)))
        if seat not in st["absent"]:
            reserves[seat] = reserve_left
        turn = {"seat": seat, "per_discard_left": round(max(0.0, fresh_end - now), 3),
                "reserve_left": round(reserve_left, 3)}
    elif running and st["kind"] == "response" and st["deadlines"]:
        waiting = True
        mine = st["deadlines"].get(str(my_seat)) if my_seat is not None else None
        if mine is not None:
            response_left = round(max(0.0, mine - now), 3)
    next_hand_in = None
    if phase == "hand_over" and st["results_at"] is not None:
        next_hand_in = round(max(0.0, st["results_at"] + results_delay() - now), 3)
    return {"clock": clock.name, "per_discard": clock.per_discard, "reserve": clock.reserve,
            "response": clock.response, "reserves": [round(r, 3) for r in reserves],
            "turn": turn, "response_left": response_left, "waiting_responses": waiting,
            "next_hand_in": next_hand_in, "absent": sorted(absent),
            # The recipient's own consecutive timeouts (P-CONN-2): when it rises, the page says
            # the server just played the default for that seat (P-CLOCK-9). Never another seat's.
            "own_timeouts": int(st["timeouts"][my_seat]) if my_seat is not None else None}


# --------------------------------------------------------------------------- timeout defaults

def timeout_action(legal_actions: Sequence[Any], view: dict) -> Any:
    """The default played when a decision times out (P-TIMEOUT-1, -2, -3), as an engine
    ``Action`` from ``legal_actions`` (the seat's non-empty legal actions; ``view`` its seat
    view, for ``drawn_tile``).

    Turn: tsumo if offered; else the discard of the drawn tile (the dealer's 14th tile on
    the first turn, P-TIMEOUT-3) if legal; else the rightmost legal discard in canonical
    order (P-PLAY-6: the highest tile id). Never riichi, kan or kyuushu.
    Response: ron if offered, else pass (never chi/pon/kan).
    Raises ``ValueError`` when no default is among the legal actions.
    """
    by_type: dict[str, list[Any]] = {}
    for action in legal_actions:
        by_type.setdefault(action.type, []).append(action)
    for win in ("tsumo", "ron"):
        if win in by_type:
            return by_type[win][0]
    if "pass" in by_type:
        return by_type["pass"][0]
    discards = by_type.get("discard", [])
    if discards:
        drawn = view.get("drawn_tile")
        for action in discards:
            if drawn is not None and action.tile == drawn:
                return action
        return max(discards, key=lambda a: a.tile)
    raise ValueError(f"no timeout default among {list(legal_actions)}")
