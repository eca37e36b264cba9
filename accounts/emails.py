"""E-mail confirmation (P-ACCT-2): a signed, time-limited link bound to the user and address."""
from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

SALT = "accounts.email-confirmation"


def make_token(user) -> str:
    """Signed token naming ``user.pk`` and the address being confirmed."""
    return signing.dumps({"u": user.pk, "e": user.email.lower()}, salt=SALT)


def confirm_token(token: str):
    """Confirm the address named by ``token``; returns the ``User``.

    Raises ``signing.BadSignature`` (tampered or expired, see ``EMAIL_CONFIRM_MAX_AGE``) or
    ``LookupError`` when the user or address no longer matches.
    """
    from django.contrib.auth import get_user_model

    data = signing.loads(token, salt=SALT, max_age=settings.EMAIL_CONFIRM_MAX_AGE)
    user = get_user_model().objects.filter(pk=data.get("u"), is_computer=False).first()
    if user is None or user.email.lower() != data.get("e"):
        raise LookupError("the link does not match an account's current e-mail address")
    if user.email_confirmed_at is None:
        user.email_confirmed_at = timezone.now()
        user.save(update_fields=["email_confirmed_at"])
    return user


def send_confirmation(request, user) -> None:
    """Send the confirmation link to ``user.email`` (console backend by default)."""
    link = request.build_absolute_uri(reverse("confirm_email", args=[make_token(user)]))
    send_mail(
        subject=_("Confirm your e-mail address for Mahjong Planet"),
        message=_("Hello %(name)s,\n\nFollow this link to confirm your e-mail address:\n%(link)s\n\n"
                  "Quick Play and public tables open once it is confirmed.") % {
                      "name": user.username, "link": link},
        from_email=None,
        recipient_list=[user.email],
    )
