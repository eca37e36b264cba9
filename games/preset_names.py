"""What the pages call a preset (P-TABLE-4, P-PRESET-7, P-REPLAY-5): the translated display
name and title of a preset id, so no page shows an id such as ``taiwanese`` to a person.

``preset_name("taiwanese-east")`` -> "Taiwanese (fixed table)" (the name the UI gives the rule
set, P-PRESET-7; the format is labelled apart, ``Game.format_label``);
``preset_title("taiwanese-east")`` -> "Taiwanese (fixed table) — East round" (the rules page's
title). Unknown ids come back unchanged (never an error), so an older stored game still renders.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine.preset import PRESETS

from . import rules_facts, rules_tw


def _family(name: str) -> str | None:
    preset = PRESETS.get(name)
    return preset.family if preset is not None else None


def preset_name(name: str) -> str:
    """Translated display name of preset id ``name`` without its format: "Riichi",
    "Riichi (tournament)" or "Taiwanese (fixed table)"; ``name`` itself when unknown."""
    if name == "riichi-tournament":
        return _("Riichi (tournament)")
    family = _family(name)
    if family == "taiwanese":
        return _("Taiwanese (fixed table)")
    return _("Riichi") if family == "riichi" else name


def preset_title(name: str) -> str:
    """Translated title of preset id ``name`` with its format, as its rules page heads it:
    "Riichi — East round", "Taiwanese (fixed table) — full match"; ``name`` when unknown."""
    preset = PRESETS.get(name)
    if preset is None:
        return name
    return (rules_tw if preset.family == "taiwanese" else rules_facts).preset_title(preset)
