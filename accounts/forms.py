"""Sign-up form (P-ACCT-1, J1 step 2)."""
from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .usernames import validate_human_username


class SignUpForm(UserCreationForm):
    """Username (P-ACCT-1 rules, case-insensitively unique), e-mail, password twice, terms.

    Never creates a computer account: ``is_computer`` is not a field and names with the
    reserved ``cpu-`` prefix are refused.
    """

    email = forms.EmailField(label=_("E-mail address"), required=True,
                             help_text=_("We send a confirmation link to this address."))
    accept_terms = forms.BooleanField(
        label=_("I accept the terms of use, including the fair-play rules."), required=True)

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # P-FAIR-1, J1 step 2: the terms are shown at sign-up, one click from the checkbox.
        self.fields["accept_terms"].help_text = format_html(
            '<a href="{}" target="_blank" rel="noopener" data-role="terms-link">{}</a>',
            reverse("terms"), _("Read the terms of use and the fair-play rules"))

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "")
        validate_human_username(username)
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("That username is taken."), code="username_taken")
        return username

    def clean_email(self) -> str:
        """The address, stripped. An address another account already uses is accepted like any
        other, so the sign-up page never tells a stranger whose address is registered (account
        enumeration); the e-mail sent to it says so instead (``emails.send_confirmation``), and
        an address is confirmed by one account only (``emails.confirm_token``)."""
        return self.cleaned_data["email"].strip()
