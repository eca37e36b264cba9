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
    ``LookupError`` when the user or address no longer matches, or when another account has
    confirmed the address (one confirmed account per address; sign-up accepts any address
    so as not to reveal which are registered).
    """
    from django.contrib.auth import get_user_model

    data = signing.loads(token, salt=SALT, max_age=settings.EMAIL_CONFIRM_MAX_AGE)
    users = get_user_model().objects
    user = users.filter(pk=data.get("u"), is_computer=False).first()
    if user is None or user.email.lower() != data.get("e"):
        raise LookupError("the link does not match an account's current e-mail address")
    if users.filter(email__iexact=user.email, email_confirmed_at__isnull=False).exclude(pk=user.pk).exists():
        raise LookupError("another account has confirmed this e-mail address")
    if user.email_confirmed_at is None:
        user.email_confirmed_at = timezone.now()
        user.save(update_fields=["email_confirmed_at"])
    return user


def send_confirmation(request, user) -> None:
    """Send the confirmation link to ``user.email`` (console backend by default).

    When other accounts already use the address, the e-mail names them and links to sign-in
    and password reset (the address's owner learns it; the sign-up page tells nobody); when
    one of them has confirmed it, no link is sent, since it could not confirm (``confirm_token``).
    """
    from django.contrib.auth import get_user_model

    others = list(get_user_model().objects.filter(email__iexact=user.email, is_computer=False)
                  .exclude(pk=user.pk).order_by("date_joined"))
    hello = _("Hello %(name)s,") % {"name": user.username}
    if any(o.email_confirmed_at for o in others):
        body = _("Someone signed up at Mahjong Planet as \"%(name)s\" with this e-mail address, which "
                 "the account \"%(owner)s\" has already confirmed. If that was you, sign in as "
                 "%(owner)s: %(login)s\nForgotten the password? %(reset)s\n\nIf it was not you, you "
                 "need do nothing: this address stays with %(owner)s.") % {
                     "name": user.username, "owner": next(o for o in others if o.email_confirmed_at).username,
                     "login": request.build_absolute_uri(reverse("login")),
                     "reset": request.build_absolute_uri(reverse("password_reset"))}
    else:
        link = request.build_absolute_uri(reverse("confirm_email", args=[make_token(user)]))
        body = _("Follow this link to confirm your e-mail address:\n%(link)s\n\n"
                 "Quick Play and public tables open once it is confirmed.") % {"link": link}
        if others:
            body += "\n\n" + _("This address is also given by the account(s) %(names)s; only one "
                                "account can confirm it.") % {"names": ", ".join(o.username for o in others)}
    send_mail(
        subject=_("Confirm your e-mail address for Mahjong Planet"),
        message=f"{hello}\n\n{body}",
        from_email=None,
        recipient_list=[user.email],
    )
