"""The masked claim pause (P-FAIR-6, CHOSEN as on Tenhou).

When someone may call a discard, the table waits while they decide, and every client sees
the same "waiting for responses" window. Without a mask, a wait would tell the others that
somebody holds tiles that can answer that discard. So after a discard (or an added kan)
that nobody can answer, the server still holds the table in that waiting state on a random
share of such discards (``CLAIM_MASK_SHARE``, default 0.25), for a pause drawn from the
range real call decisions take here (the computers' think time, ``COMPUTER_DELAY_MIN`` …
``COMPUTER_DELAY_MAX``; P-BOT-4). Clients are served the views of that empty window,
computed exactly by the engine (``Game.empty_claim_window_views``); the next seat's draw and
turn (its clock too) start when the pause ends. The engine's ``seq`` already steps alike
with or without a real window, so the numbers tell nothing either.

``Game.claim_mask`` (JSON) while a pause runs::

    {"seq": N + 1,            # the engine decision hidden behind the pause (the next turn)
     "window_seq": N,         # the seq of the empty window the clients see
     "until": float,          # epoch seconds when the pause ends
     "views": {"public": view, "0": view, … "3": view}}

``{}`` otherwise. Any later write of the game clears it.
"""
from __future__ import annotations

import secrets

from . import clocks


def share() -> float:
    """``settings.CLAIM_MASK_SHARE``: the share (0..1) of unclaimable discards that get a pause."""
    from django.conf import settings

    return min(1.0, max(0.0, float(getattr(settings, "CLAIM_MASK_SHARE", 0.25))))


def pause_seconds() -> float:
    """A pause length in seconds, drawn like a computer's call decision (P-BOT-4 range)."""
    from .tasks import computer_delay

    return computer_delay()


def plan(engine, action) -> dict | None:
    """Before ``action`` is applied: whether a pause follows it. With probability ``share()``
    and a pause above zero, returns ``{"window_seq", "pause", "views"}`` when ``action``
    opens a claim window that offers nobody anything; else ``None``. Cheap when no pause is
    drawn (no engine look-ahead). Never changes ``engine`` and never raises for an illegal
    ``action``: the look-ahead only ever applies an action among its seat's legal actions
    (an illegal one gets ``None``; ``service._apply_masked`` refuses it before planning)."""
    if action.type not in ("discard", "riichi", "shouminkan"):
        return None
    p = share()
    if p <= 0.0 or secrets.randbelow(1_000_000) >= int(p * 1_000_000):
        return None
    pause = pause_seconds()
    if pause <= 0.0:
        return None
    if action not in engine.legal_actions(action.seat):
        return None
    held = engine.empty_claim_window_views(action)
    if held is None:
        return None
    return {"window_seq": held[None]["seq"], "pause": pause,
            "views": {("public" if seat is None else str(seat)): view for seat, view in held.items()}}


def after_apply(planned: dict | None, engine, now: float) -> dict:
    """The ``Game.claim_mask`` to store once the action is applied: the pause when the engine
    went straight on to the next turn past the empty window (``engine.seq == window_seq + 1``),
    else ``{}`` (a riichi player's automatic discard or the hand's end followed; no pause)."""
    if not planned or engine.phase != "turn" or engine.seq != planned["window_seq"] + 1:
        return {}
    return {"seq": engine.seq, "window_seq": planned["window_seq"], "until": now + planned["pause"],
            "views": planned["views"]}


def opening(engine, now: float) -> dict:
    """The ``Game.claim_mask`` to store when a hand has just been dealt (Taiwanese, P-FAIR-6 as
    clarified for the Original Call window, T-ORIG-2): when nobody could declare Original Call,
    on the same random share and with the same pause as an empty claim window, every client is
    shown the empty window (``engine.empty_opening_window_views``) before the dealer's first
    turn, so that a real window tells nobody that someone's dealt hand is ready. ``{}`` for a
    Riichi engine, when no pause is drawn, or when a real window is open."""
    views = getattr(engine, "empty_opening_window_views", None)
    if views is None:
        return {}
    p = share()
    if p <= 0.0 or secrets.randbelow(1_000_000) >= int(p * 1_000_000):
        return {}
    pause = pause_seconds()
    if pause <= 0.0:
        return {}
    held = views()
    if held is None:
        return {}
    return {"seq": engine.seq, "window_seq": held[None]["seq"], "until": now + pause,
            "views": {("public" if seat is None else str(seat)): view for seat, view in held.items()}}


def active(mask: dict | None, seq: int, now: float | None = None) -> bool:
    """Whether the pause ``mask`` still hides decision ``seq`` at ``now`` (epoch seconds)."""
    if not mask or mask.get("seq") != seq:
        return False
    return (clocks.now() if now is None else now) < float(mask.get("until", 0.0))


def view_for(mask: dict, seat: int | None) -> dict:
    """The empty window's view for ``seat`` (``None``: the public view), a fresh copy."""
    import copy

    return copy.deepcopy(mask["views"]["public" if seat is None else str(seat)])


def masked_timer(timer: dict | None) -> dict | None:
    """``game.timer`` during a pause: as in a window where the recipient has no call to make —
    no turn clock running, the table waits for responses (P-CLOCK-9)."""
    if timer is None:
        return None
    return {**timer, "turn": None, "response_left": None, "waiting_responses": True}
