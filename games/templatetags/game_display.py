"""Template filters for translated engine ids (``{% load game_display %}``), see games/display.py."""
from __future__ import annotations

from django import template

from games import display, preset_names, rules_facts

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
def preset_name(name: str) -> str:
    """``{{ game.preset_name|preset_name }}`` -> "Taiwanese (fixed table)" translated (P-PRESET-7);
    unknown ids unchanged."""
    return preset_names.preset_name(name)


@register.filter
def preset_title(name: str) -> str:
    """``{{ table.preset_name|preset_title }}`` -> "Taiwanese (fixed table) — full match"
    translated (P-TABLE-4); unknown ids unchanged."""
    return preset_names.preset_title(name)


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


@register.filter
def points(value) -> str:
    """``{{ 25000|points }}`` -> "25,000" (en) / "25.000" (es), as the table groups digits;
    a non-number is shown unchanged."""
    if not isinstance(value, int) or isinstance(value, bool):
        return value
    return rules_facts.points(value)


@register.filter
def signed_points(value) -> str:
    """``{{ -2600|signed_points }}`` -> "−2,600" (Unicode minus), "+1,000", "0", as the
    table's point changes; a non-number is shown unchanged."""
    if not isinstance(value, int) or isinstance(value, bool):
        return value
    return rules_facts.signed_points(value)


@register.filter
def result_record(value) -> str:
    """``{{ 52300|result_record }}`` -> "+52.3": a P-RESULT-2 result in thousands with one
    decimal and a sign (Unicode minus), exactly as the table's game-over screen shows it;
    ``None`` -> ""."""
    if not isinstance(value, int) or isinstance(value, bool):
        return ""
    text = f"{abs(value) / 1000:.1f}"
    return f"+{text}" if value > 0 else f"\u2212{text}" if value < 0 else text
