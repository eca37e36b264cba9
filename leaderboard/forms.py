"""The report form (P-FAIR-2)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Report


class ReportForm(forms.Form):
    """``account``: the username reported (one of the game's other players when reporting from
    a game); ``category``: P-FAIR-2's categories; ``comment``: optional; ``game``/``hand``:
    set when reporting from a game (hand 0-based)."""

    account = forms.CharField(label=_("Player"), max_length=150)
    category = forms.ChoiceField(label=_("Category"), choices=Report.Category.choices,
                                 widget=forms.RadioSelect)
    comment = forms.CharField(label=_("Comment (optional)"), required=False, max_length=2000,
                              widget=forms.Textarea(attrs={"rows": 4}))
    game = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    hand = forms.IntegerField(required=False, min_value=0, max_value=200, widget=forms.HiddenInput)

    def __init__(self, *args, players=None, **kwargs):
        super().__init__(*args, **kwargs)
        if players:
            self.fields["account"] = forms.ChoiceField(
                label=_("Player"), choices=[(p, p) for p in players])
