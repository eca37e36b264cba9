"""Computer players for the Taiwanese presets (issue 12 item 6; P-BOT-3, T-ONLINE-6).

``decide(strength, view, seed)`` has the signature of ``rules_engine.ai.decide``: it takes the
seat view ``game.view(seat)`` of a Taiwanese table and returns one of its ``legal_actions``;
it never receives the ``Game``. Strengths have the Riichi computers' ids (``STRENGTHS``).
Modules: ``shanten`` (five sets and a pair), ``efficiency`` (ukeire, discard options),
``state`` (the digested view), ``defence`` (what passed each opponent; no furiten),
``danger`` (the chance of dealing in with a tile), ``strong`` (push or fold), ``players``.
"""
from __future__ import annotations

from rules_engine.ai.choose import choose
from rules_engine.core.actions import Action
from rules_engine.taiwanese.ai.players import PLAYERS
from rules_engine.taiwanese.ai.state import TwSituation

STRENGTHS: tuple[str, ...] = ("beginner", "intermediate", "strong")
"""The strength ids, the same as ``rules_engine.ai.STRENGTHS``."""


def decide(strength: str, view: dict, seed: int) -> Action:
    """Choose the action of a Taiwanese computer of ``strength`` for the seat of ``view``.

    ``view``: ``game.view(seat)`` of a Taiwanese table (``view["family"] == "taiwanese"``);
    ``seed``: int fixing the tie-breaks (same view and seed, same action). Returns one of
    ``view["legal_actions"]`` as an ``Action``. Raises ``ValueError`` for an unknown strength,
    a non-int seed, a public view, a malformed view or one without legal actions; the view is
    never modified.
    """
    return choose(PLAYERS, TwSituation.from_view, STRENGTHS, strength, view, seed)


__all__ = ["STRENGTHS", "decide"]
