"""Computer players for the Taiwanese presets (issue 12 item 6; P-BOT-3, T-ONLINE-6).

``decide(strength, view, seed)`` has the signature of ``rules_engine.ai.decide``: it takes the
seat view ``game.view(seat)`` of a Taiwanese table and returns one of its ``legal_actions``;
it never receives the ``Game``. Strengths have the Riichi computers' ids (``STRENGTHS``).
Modules: ``shanten`` (five sets and a pair), ``efficiency`` (ukeire, discard options),
``state`` (the digested view), ``value`` (tai), ``defence`` (no furiten), ``players``.
"""
from __future__ import annotations

import random

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
    player = PLAYERS.get(strength)
    if player is None:
        raise ValueError(f"unknown computer strength {strength!r}; known: {', '.join(STRENGTHS)}")
    if not isinstance(view, dict):
        raise ValueError(f"decide needs a seat view dict, got {type(view).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"decide needs an int seed, got {seed!r}")
    try:
        sit = TwSituation.from_view(view)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"malformed seat view ({type(e).__name__}: {e}); see docs/engine-api.md, Views") from None
    if len(sit.legal) == 1:
        return Action.from_json(sit.legal[0])
    rng = random.Random(int(seed) ^ (sit.seat << 20) ^ (sit.discard_count << 24))
    return Action.from_json(player(sit, rng))


__all__ = ["STRENGTHS", "decide"]
