"""Computer players (P-BOT, P-PRAC): ``STRENGTHS`` and ``decide``.

A computer sees exactly what a human in its seat sees (P-BOT-3): ``decide`` takes the
seat view ``game.view(seat)`` (a dict, see docs/engine-api.md "Views") and returns one
of its ``legal_actions``; it never receives the ``Game``. A Taiwanese view
(``view["family"] == "taiwanese"``) is handed to ``rules_engine.taiwanese.ai.decide``, the
same three strengths playing the Taiwanese rules.

>>> sorted(STRENGTHS)
['beginner', 'intermediate', 'strong']
"""
from __future__ import annotations

from rules_engine.ai.choose import choose
from rules_engine.core.actions import Action
from rules_engine.ai.players import PLAYERS
from rules_engine.ai.state import Situation

STRENGTHS: dict[str, str] = {
    "beginner": "Kohai (beginner)",
    "intermediate": "Senpai (intermediate)",
    "strong": "Sensei (strong)",
}
"""Stable strength id -> display name shown to players (P-BOT-2)."""


def decide(strength: str, view: dict, seed: int) -> Action:
    """Choose the action of a computer of ``strength`` for the seat of ``view`` (Riichi, or
    Taiwanese through ``rules_engine.taiwanese.ai.decide`` when ``view["family"]`` says so).

    ``view``: the seat view dict of ``game.view(seat)``; ``seed``: int that fixes the
    tie-breaks, so the result is deterministic for a given (view, seed). Returns one of
    ``view["legal_actions"]`` as an ``Action``. Raises ``ValueError`` for an unknown
    strength, a non-int seed, a public view (no own hand), a malformed view or a view
    without legal actions; the view is never modified.
    """
    if isinstance(view, dict) and view.get("family") == "taiwanese":
        from rules_engine.taiwanese.ai import decide as taiwanese_decide
        return taiwanese_decide(strength, view, seed)
    return choose(PLAYERS, Situation.from_view, STRENGTHS, strength, view, seed)


__all__ = ["STRENGTHS", "decide"]
