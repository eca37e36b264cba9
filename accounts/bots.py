"""Outside bot accounts and their API tokens (issue 13 item 3; P-BOT-1/-2/-4, docs/bot-api.md).

As on Lichess, a person turns their own account into a bot account by one explicit,
irreversible step (``make_bot_account``), allowed only before the account's first game.
A bot account is a computer (``User.is_computer``: the computer badge wherever its name
appears, P-BOT-2) that plays itself through the mjai bot protocol (``/ws/bot/``) instead of
the platform's computer moves; it may sit at private tables it is invited to and in practice
games it creates, and enters ranked play only when staff listed it on the roster
(``User.computer_listed``, P-BOT-2).

The API token (``make_token``) is ``mpb_`` + 43 URL-safe characters (256 random bits from
``secrets``), shown once; only its SHA-256 digest is stored (a random token needs no slow
hash: guessing 256 bits is the work, not the hash), and a presented token is compared with
``hmac.compare_digest``. Refusals raise ``BotRefused`` and change nothing.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import BotToken

TOKEN_PREFIX = "mpb_"
#: Largest token text looked up (a real one is 47 characters).
MAX_TOKEN_LENGTH = 100


#: Why a bot account's browser connection to a table or its call of the person's action API is
#: refused (issue 13: a bot plays only through ``/ws/bot/`` with its token; P-BOT-1: nobody
#: plays a computer account as a person). English like the other WebSocket errors.
BROWSER_REFUSAL = ("Bot accounts play only through the bot API: the WebSocket /ws/bot/ with the "
                   "account's API token (see /docs/bot-api/), not in the browser or the action API.")


#: Why an outside bot cannot take a seat in a game of another rule family: the bot protocol is
#: mjai, which expresses Riichi only (docs/bot-api.md). English like the other errors.
FAMILY_REFUSAL = ("Outside bots play Riichi games only: the bot protocol (mjai) cannot express "
                  "the Taiwanese rules.")


def bot_may_play(user, preset_name: str) -> bool:
    """Whether ``user`` may take a seat in a game of preset ``preset_name`` as far as the bot
    protocol goes: always for a person or a built-in computer; for an outside bot account
    (``is_outside_bot``) only a Riichi preset, since mjai speaks Riichi only (issue 13,
    docs/bot-api.md). An unknown preset name is refused for a bot."""
    if not getattr(user, "is_outside_bot", False):
        return True
    from rules_engine.preset import get_preset

    try:
        return get_preset(preset_name).family == "riichi"
    except ValueError:
        return False


class BotRefused(Exception):
    """A refused bot-account step; nothing changed. ``code``: ``not_signed_in``,
    ``computer`` (already a computer), ``staff``, ``played`` (the account has played or holds
    a seat), ``not_bot`` (a token for a person), ``unconfirmed`` (the step was not
    confirmed); ``message`` is translated; ``rule`` names the rule enforced."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


def has_played(user) -> bool:
    """Whether ``user`` ever took a seat in a game, or holds one now at a table that has not
    started, or waits in the Quick Play queue: after any of these the bot step is refused."""
    from games.models import QueueEntry, Seat, Table, TableSeat

    return (Seat.objects.filter(user=user).exists()
            or TableSeat.objects.filter(user=user, table__status=Table.Status.OPEN).exists()
            or QueueEntry.objects.filter(user=user).exists())


def make_bot_account(user, *, confirm: bool) -> None:
    """Turn ``user`` (a signed-in person) into a bot account, for good (issue 13, P-BOT-1/-2).

    ``confirm`` must be True (the settings page's confirmation box, the API's
    ``"confirm": true``). Refused (``BotRefused``) for anonymous users, computers, staff
    accounts, and an account that has played any game, holds a seat at an open table or
    waits in Quick Play. Pending invitations stay; the account keeps its password so that
    its owner can sign in to manage the token, but it plays only through ``/ws/bot/``."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise BotRefused("not_signed_in", _("Sign in first."))
    if not confirm:
        raise BotRefused("unconfirmed", _("Tick the box to confirm: this cannot be undone."))
    with transaction.atomic():
        row = get_user_model().objects.select_for_update().get(pk=user.pk)
        if row.is_computer:
            raise BotRefused("computer", _("This account is already a computer account."), "P-BOT-1")
        if row.is_staff or row.is_superuser:
            raise BotRefused("staff", _("Staff accounts cannot become bot accounts."))
        if has_played(row):
            raise BotRefused("played", _("Only an account that has never played a game can become a "
                                         "bot account."), "P-BOT-2")
        row.is_computer = True
        row.bot_account_at = timezone.now()
        row.computer_description = row.computer_description or _("Outside computer (mjai bot)")
        row.save(update_fields=["is_computer", "bot_account_at", "computer_description"])
    user.is_computer, user.bot_account_at = row.is_computer, row.bot_account_at
    user.computer_description = row.computer_description


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def make_token(user) -> str:
    """A new API token for bot account ``user``, replacing any earlier one (which stops
    working at once). Returns the token text: the only time it is ever shown. Raises
    ``BotRefused("not_bot")`` for an account that is not an outside bot."""
    if not getattr(user, "is_outside_bot", False):
        raise BotRefused("not_bot", _("Only bot accounts have API tokens."))
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        BotToken.objects.filter(user=user).delete()
        BotToken.objects.create(user=user, digest=_digest(token), prefix=token[:8])
    return token


def revoke_token(user) -> bool:
    """Delete ``user``'s token; returns whether there was one. Open bot connections
    authenticated by it are not cut (they end when they close)."""
    deleted, _unused = BotToken.objects.filter(user=user).delete()
    return bool(deleted)


def token_info(user) -> dict | None:
    """``{"prefix", "created_at", "last_used_at"}`` of ``user``'s token, or None (never the
    token itself: it is not stored)."""
    row = BotToken.objects.filter(user=user).first()
    if row is None:
        return None
    return {"prefix": row.prefix, "created_at": row.created_at, "last_used_at": row.last_used_at}


def user_for_token(token) -> object | None:
    """The active bot account whose token is ``token``, or None (wrong, revoked, not a
    string, too long, or the account was deactivated). Marks the token used."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX) or len(token) > MAX_TOKEN_LENGTH:
        return None
    digest = _digest(token)
    row = BotToken.objects.select_related("user").filter(digest=digest).first()
    if row is None or not hmac.compare_digest(row.digest, digest):
        return None
    user = row.user
    if not user.is_active or not user.is_outside_bot:
        return None
    BotToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now())
    return user


def bearer_token(headers) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header among ASGI ``headers``
    (``[(name bytes, value bytes)]``), else None."""
    for name, value in headers or ():
        if name.lower() == b"authorization":
            text = value.decode("latin-1").strip()
            if text[:7].lower() == "bearer ":
                return text[7:].strip()
    return None


try:                                   # DRF is installed with the site; the class is used there
    from rest_framework import authentication as _drf_auth
    from rest_framework import exceptions as _drf_exceptions
except ImportError:  # pragma: no cover
    _drf_auth = None


if _drf_auth is not None:
    class BotTokenAuthentication(_drf_auth.BaseAuthentication):
        """DRF authentication by ``Authorization: Bearer <bot token>`` (docs/bot-api.md): a bot
        account uses the REST API (invitations, practice games) with its token. A request
        without such a header is left to the other authentication classes; a wrong token is
        refused (HTTP 403: the session class comes first)."""

        keyword = "Bearer"

        def authenticate(self, request):
            header = _drf_auth.get_authorization_header(request).split()
            if not header or header[0].lower() != b"bearer":
                return None
            if len(header) != 2:
                raise _drf_exceptions.AuthenticationFailed(_("Send Authorization: Bearer <token>."))
            user = user_for_token(header[1].decode("latin-1"))
            if user is None:
                raise _drf_exceptions.AuthenticationFailed(_("That bot token is not valid."))
            return (user, None)

        def authenticate_header(self, request):
            return self.keyword

    try:
        from drf_spectacular.extensions import OpenApiAuthenticationExtension
        from drf_spectacular.plumbing import build_bearer_security_scheme_object

        class BotTokenScheme(OpenApiAuthenticationExtension):
            """The bot token in the OpenAPI schema (``/api/schema/``)."""

            target_class = "accounts.bots.BotTokenAuthentication"
            name = "botToken"

            def get_security_definition(self, auto_schema):
                return build_bearer_security_scheme_object(header_name="AUTHORIZATION",
                                                           token_prefix="Bearer")
    except ImportError:  # pragma: no cover
        pass
