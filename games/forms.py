"""The Practice form (P-PRAC-1, J4 step 1)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.computers import available_strengths, default_strength

from .display import STRENGTH_NAMES
from .service import DEFAULT_PRACTICE_PRESET

FORMAT_CHOICES = [
    ("riichi-single-deal", _("Riichi — single hand")),
    ("riichi", _("Riichi — East round")),
    # P-PRESET-7: the UI names the preset "Taiwanese (fixed table)"; P-TW-4: three formats.
    ("taiwanese-single-deal", _("Taiwanese (fixed table) — single hand")),
    ("taiwanese-east", _("Taiwanese (fixed table) — East round")),
    ("taiwanese", _("Taiwanese (fixed table) — full match")),
]
#: P-CLOCK-1 / P-PRAC-1: Untimed (the default) or a timed clock, "per discard + reserve".
CLOCK_CHOICES = [
    ("untimed", _("Untimed")),
    ("bullet", _("Bullet (2 s + 5 s)")),
    ("blitz", _("Blitz (3 s + 10 s)")),
    ("standard", _("Standard (5 s + 20 s)")),
    ("relaxed", _("Relaxed (15 s + 60 s)")),
]


class PracticeForm(forms.Form):
    """Preset/format, computers' strength and clock (P-PRAC-1: Untimed by default, or any
    timed clock of P-CLOCK-1). Taiwanese practice: single hand, East round or full match
    (P-TW-4); its computers play the simple legal Taiwanese player whatever the strength
    chosen (``games.service.choose_computer_action``)."""

    preset = forms.ChoiceField(label=_("Game"), choices=FORMAT_CHOICES, initial=DEFAULT_PRACTICE_PRESET)
    strength = forms.ChoiceField(label=_("Computers' strength"))
    clock = forms.ChoiceField(label=_("Clock"), choices=CLOCK_CHOICES, initial="untimed")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["strength"].choices = [(k, STRENGTH_NAMES.get(k, label))   # translated (P-BOT-2)
                                           for k, label in available_strengths().items()]
        self.fields["strength"].initial = default_strength()


class PrivateTableForm(forms.Form):
    """Create a table (J3 step 1 "Create table → Private"; P-TABLE-5/-6): ``kind`` private
    (any clock including Untimed, invited spectators allowed or not; never rated, P-TABLE-10)
    or public (ranked, a timed clock is mandatory, P-TABLE-3; listed in the lobby). Taiwanese
    is a full match (P-TABLE-1). An Untimed public table is refused by the service
    (``untimed``) and shown as a form error."""

    kind = forms.ChoiceField(label=_("Table"), widget=forms.RadioSelect, initial="private", required=False,
                             choices=[("private", _("Private — invite friends, casual")),
                                      ("public", _("Public — listed in the lobby, ranked"))])
    family = forms.ChoiceField(label=_("Game"), choices=[("riichi", _("Riichi — East round")),
                                        ("taiwanese", _("Taiwanese (fixed table) — full match"))],
                               initial="riichi")
    clock = forms.ChoiceField(label=_("Clock"), choices=CLOCK_CHOICES, initial="untimed")
    allow_spectators = forms.BooleanField(label=_("Allow invited spectators"), required=False)

    def clean_kind(self) -> str:
        """No choice means Private (the form's first and default choice)."""
        return self.cleaned_data.get("kind") or "private"
