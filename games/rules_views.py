"""Rules pages (P-PRESET-1, P-PRESET-5, P-REPLAY-5, P-TABLE-4) and the terms of use
(P-FAIR-1). Public: no log-in needed. The content of a rules page comes from
``games.rules_facts`` (derived from the engine's ``Preset`` values)."""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from rules_engine.preset import get_preset

from . import rules_facts, rules_tw


def rules_index(request):
    """``/rules/``: the presets the site offers, each linked to its latest version."""
    presets = []
    for p in rules_facts.offered_presets():
        facts = rules_tw if p.family == "taiwanese" else rules_facts   # P-PRESET-7
        presets.append({"preset": p, "title": facts.preset_title(p), "summary": facts.preset_summary(p)})
    return render(request, "rules/index.html", {"presets": presets})


def rules_preset(request, preset: str, version: int | None = None):
    """``/rules/<preset>/`` (latest version) and ``/rules/<preset>/<version>/``: one preset
    version in the site's words. 404 for an unknown preset or version (P-PRESET-5: old
    versions keep their page as long as the engine keeps them)."""
    try:
        value = get_preset(preset, version)
    except ValueError:
        raise Http404("no such preset or version") from None
    if value.family == "taiwanese":
        return render(request, "rules/taiwanese.html", rules_tw.rules_page(value))
    return render(request, "rules/preset.html", rules_facts.rules_page(value))


def terms(request):
    """``/terms/``: the terms of use accepted at sign-up, with the fair-play rules (P-FAIR-1,
    J1 step 2)."""
    return render(request, "terms.html")
