"""Built-in computer accounts (P-BOT-1, P-BOT-2).

Each strength offered by the engine has three accounts, ``cpu-<strength>-1`` to ``-3``,
because an account may occupy at most one seat in any one game (P-ACCT-4) and practice
seats three computers of the chosen strength. The strengths come from
``rules_engine.ai.STRENGTHS`` when the computer players are installed, otherwise the
simple legal-move player (``rules_engine.ai.simple_player``) is offered as ``"simple"``.
"""
from __future__ import annotations

import importlib

from django.contrib.auth import get_user_model

SIMPLE_STRENGTH = "simple"
SEATS_PER_STRENGTH = 3


def available_strengths() -> dict[str, str]:
    """Strength id -> display name, looked up at call time (``rules_engine.ai`` may arrive later)."""
    try:
        ai = importlib.import_module("rules_engine.ai")
        strengths = getattr(ai, "STRENGTHS", None)
        if isinstance(strengths, dict) and strengths and callable(getattr(ai, "decide", None)):
            return dict(strengths)
    except ImportError:
        pass
    return {SIMPLE_STRENGTH: "Simple"}


def default_strength() -> str:
    """The strength preselected on the Practice page: the first offered (the weakest)."""
    return next(iter(available_strengths()))


def computer_username(strength: str, index: int) -> str:
    """Stable account name of computer ``index`` (1..3) of ``strength``."""
    return f"cpu-{strength}-{index}"


def ensure_computer_accounts() -> list:
    """Create the missing computer accounts; idempotent. Returns every built-in computer ``User``.

    Computers get an unusable password, so nobody can log in to them (P-BOT-1).
    """
    User = get_user_model()
    users = []
    for strength, label in available_strengths().items():
        for index in range(1, SEATS_PER_STRENGTH + 1):
            name = computer_username(strength, index)
            user = User.objects.filter(username__iexact=name).first()
            if user is None:
                user = User(username=name, is_computer=True, computer_strength=strength,
                            computer_description=f"Built-in computer player, strength: {label}")
                user.set_unusable_password()
                user.save()
            users.append(user)
    return users


def computers_for(strength: str) -> list:
    """The three computer accounts of ``strength``, creating them if needed.

    Raises ``ValueError`` for a strength that is not offered.
    """
    if strength not in available_strengths():
        raise ValueError(f"unknown computer strength {strength!r}; offered: "
                         f"{', '.join(available_strengths())}")
    ensure_computer_accounts()
    User = get_user_model()
    names = [computer_username(strength, i) for i in range(1, SEATS_PER_STRENGTH + 1)]
    by_name = {u.username: u for u in User.objects.filter(username__in=names, is_computer=True)}
    return [by_name[n] for n in names]
