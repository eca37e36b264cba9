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


def validate_username(value: str) -> None:
    """Raise ``ValidationError`` unless ``value`` is 3–20 of ``[A-Za-z0-9_-]`` (P-ACCT-1)."""
    if not isinstance(value, str) or not USERNAME_RE.fullmatch(value):
        raise ValidationError(
            _("Usernames are 3–20 characters: letters, digits, _ and -."), code="invalid_username")


def validate_human_username(value: str) -> None:
    """P-ACCT-1 plus the reserved computer prefix: human sign-up never makes a computer name."""
    validate_username(value)
    if value.lower().startswith(COMPUTER_PREFIX):
        raise ValidationError(_("Names starting with “cpu-” are reserved for computer players."),
                              code="reserved_username")
