"""Template filters for translated engine ids (``{% load game_display %}``), see games/display.py."""
from __future__ import annotations

from django import template

from games import display

register = template.Library()


@register.filter
def strength_name(strength: str) -> str:
    """``{{ user.computer_strength|strength_name }}`` -> "Kohai (beginner)" translated (P-BOT-2)."""
    return display.strength_name(strength)


@register.filter
def family_name(family: str) -> str:
    """``{{ "taiwanese"|family_name }}`` -> "Taiwanese" translated; unknown ids unchanged."""
    return display.FAMILY_NAMES.get(family, family)


@register.filter
def yaku_name(key: str) -> str:
    """``{{ "pinfu"|yaku_name }}`` -> "Pinfu" translated; unknown keys unchanged."""
    return display.YAKU_NAMES.get(key, key)


@register.filter
def limit_name(key: str) -> str:
    """``{{ "mangan"|limit_name }}`` -> "Mangan" translated; unknown names unchanged."""
    return display.LIMIT_NAMES.get(key, key)


@register.filter
def abort_name(key: str) -> str:
    """``{{ "suukaikan"|abort_name }}`` -> "Abortive draw: four kans" translated; unknown kinds unchanged."""
    return display.ABORT_NAMES.get(key, key)
