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
]
CLOCK_CHOICES = [("untimed", _("Untimed"))]


class PracticeForm(forms.Form):
    """Preset/format, computers' strength and clock. Only the untimed clock exists until
    clocks land (P-CLOCK-2); Taiwanese practice arrives with its engine."""

    preset = forms.ChoiceField(label=_("Game"), choices=FORMAT_CHOICES, initial=DEFAULT_PRACTICE_PRESET)
    strength = forms.ChoiceField(label=_("Computers' strength"))
    clock = forms.ChoiceField(label=_("Clock"), choices=CLOCK_CHOICES, initial="untimed")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["strength"].choices = [(k, STRENGTH_NAMES.get(k, label))   # translated (P-BOT-2)
                                           for k, label in available_strengths().items()]
        self.fields["strength"].initial = default_strength()
