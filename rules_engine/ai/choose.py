"""The step every family's computers share (P-BOT-3): check the request, digest the seat view
into the family's situation, and let the strength's player choose with seeded tie-breaks."""
from __future__ import annotations

import random
from typing import Callable, Mapping

from rules_engine.core.actions import Action


def choose(players: Mapping[str, Callable], situation_from_view: Callable, strengths,
           strength: str, view: dict, seed: int) -> Action:
    """One of ``view["legal_actions"]`` as an ``Action``, chosen by ``players[strength]``.

    ``situation_from_view``: the family's ``Situation.from_view``; ``strengths``: the known ids
    (for the error message). The player gets the situation and a ``random.Random`` seeded from
    ``seed``, the seat and the seat's discard count, so a (view, seed) pair always gives the
    same action; a single legal action is returned without asking. Raises ``ValueError`` for
    an unknown strength, a non-dict view, a non-int seed or a malformed view (one the
    situation cannot read, e.g. the public view); the view is never modified."""
    player = players.get(strength)
    if player is None:
        raise ValueError(f"unknown computer strength {strength!r}; known: {', '.join(strengths)}")
    if not isinstance(view, dict):
        raise ValueError(f"decide needs a seat view dict, got {type(view).__name__}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"decide needs an int seed, got {seed!r}")
    try:
        sit = situation_from_view(view)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        raise ValueError(f"malformed seat view ({type(e).__name__}: {e}); see docs/engine-api.md, Views") from None
    if len(sit.legal) == 1:
        return Action.from_json(sit.legal[0])
    rng = random.Random(int(seed) ^ (sit.seat << 20) ^ (sit.discard_count << 24))
    return Action.from_json(player(sit, rng))
