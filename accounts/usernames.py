"""Username rules (P-ACCT-1): 3–20 characters of letters, digits, ``_`` and ``-``.

Names starting with ``cpu-`` are reserved for computer accounts so a person cannot pose as
one (P-BOT-2).
"""
from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

USERNAME_RE = re.compile(r"^[A-Za-z0-9_-]{3,20}$")
COMPUTER_PREFIX = "cpu-"
RESERVED_NAMES = frozenset({
    "admin", "administrator", "root", "staff", "support", "system", "moderator", "mod", "mods",
    "official", "operator", "security", "abuse", "help", "helpdesk", "postmaster", "webmaster",
    "noreply", "no-reply", "no_reply", "anonymous", "guest", "everyone", "null", "none", "undefined",
    "api", "bot", "bots", "computer", "spectator", "mahjong", "rules", "tenhou", "mjai",
})
"""Names (compared case-insensitively) a person may not take: they would pose as the site's
staff, a role of the site or a piece of it (a serious platform's "admin" is never a player)."""
RESERVED_PARTS = ("admin", "moderator", "mahjongplanet", "mahjong-planet", "mahjong_planet")
"""Parts that no person's name may contain, anywhere, in any case."""


def validate_username(value: str) -> None:
    """Raise ``ValidationError`` unless ``value`` is 3–20 of ``[A-Za-z0-9_-]`` (P-ACCT-1)."""
    if not isinstance(value, str) or not USERNAME_RE.fullmatch(value):
        raise ValidationError(
            _("Usernames are 3–20 characters: letters, digits, _ and -."), code="invalid_username")


def validate_human_username(value: str) -> None:
    """P-ACCT-1 plus the reserved computer prefix (human sign-up never makes a computer name) and
    the site's reserved names (``RESERVED_NAMES``, ``RESERVED_PARTS``). Raises
    ``ValidationError`` (code ``invalid_username`` or ``reserved_username``)."""
    validate_username(value)
    lower = value.lower()
    if lower.startswith(COMPUTER_PREFIX):
        raise ValidationError(_("Names starting with “cpu-” are reserved for computer players."),
                              code="reserved_username")
    if lower in RESERVED_NAMES or any(part in lower for part in RESERVED_PARTS):
        raise ValidationError(_("That name is reserved for the site; please choose another."),
                              code="reserved_username")
