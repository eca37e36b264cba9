"""Accounts (P-ACCT) and computer accounts (P-BOT-1, P-BOT-2)."""
from __future__ import annotations

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from .usernames import validate_username


class BotToken(models.Model):
    """The API token of a bot account (issue 13, ``accounts.bots``): only its SHA-256 digest
    is stored; the token itself is shown once, when made. One per account; making a new one
    replaces it, deleting the row revokes it."""

    user = models.OneToOneField("accounts.User", on_delete=models.CASCADE, related_name="bot_token")
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=12)          # shown on the settings page to tell tokens apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.prefix}… of {self.user_id}"


class CaseInsensitiveUserManager(UserManager):
    """Log-in finds ``Alice`` when ``alice`` is typed: names are unique case-insensitively
    (P-ACCT-1), so at most one account matches."""

    def get_by_natural_key(self, username):
        return self.get(username__iexact=username)


class User(AbstractUser):
    """A person or a computer player.

    - ``username``: 3–20 letters, digits, ``_`` or ``-``, unique case-insensitively (P-ACCT-1).
    - ``email_confirmed_at``: set when the e-mail link is followed; required for ranked
      play (P-ACCT-2).
    - ``is_computer``: computer players (P-BOT-1) have an unusable password and are labelled
      with a badge wherever their name appears (P-BOT-2); ``computer_strength`` is the
      strength id of ``rules_engine.ai.STRENGTHS`` (or ``"simple"`` for the simple player).
    - ``bot_account_at``: when the owner made this account an outside bot account (issue 13,
      ``accounts.bots``; irreversible, before its first game). A bot account is a computer
      (``is_computer``: the badge everywhere, P-BOT-2) that plays itself through the mjai bot
      protocol (``/ws/bot/``, docs/bot-api.md) instead of the platform's computer moves.
    - ``computer_listed``: staff put this outside bot on the public roster (P-BOT-2); only then
      may it enter ranked play. Built-in computers are always listed.
    """

    username = models.CharField(
        _("username"), max_length=150, unique=True, validators=[validate_username],
        help_text=_("3–20 characters: letters, digits, _ and -."),
        error_messages={"unique": _("That username is taken.")},
    )
    email_confirmed_at = models.DateTimeField(null=True, blank=True)
    is_computer = models.BooleanField(default=False)
    computer_strength = models.CharField(max_length=32, blank=True, default="")
    computer_description = models.CharField(max_length=200, blank=True, default="")
    bot_account_at = models.DateTimeField(null=True, blank=True)
    computer_listed = models.BooleanField(default=False)

    objects = CaseInsensitiveUserManager()

    @classmethod
    def from_db(cls, db, field_names, values):
        user = super().from_db(db, field_names, values)
        user._loaded_email = user.__dict__.get("email")
        user._loaded_confirmed_at = user.__dict__.get("email_confirmed_at")
        return user

    def refresh_from_db(self, using=None, fields=None, from_queryset=None):
        super().refresh_from_db(using=using, fields=fields, from_queryset=from_queryset)
        if fields is None or "email" in fields:
            self._loaded_email = self.__dict__.get("email")
        if fields is None or "email_confirmed_at" in fields:
            self._loaded_confirmed_at = self.__dict__.get("email_confirmed_at")

    def save(self, *args, **kwargs):
        """Save; a changed e-mail address (ignoring case) is no longer confirmed (P-ACCT-2):
        only the link sent to the new address confirms it (``accounts.emails``). A save that
        sets ``email_confirmed_at`` itself together with the address (an operator in the
        admin) keeps what it sets."""
        loaded = getattr(self, "_loaded_email", None)
        update_fields = kwargs.get("update_fields")
        email_written = update_fields is None or "email" in update_fields
        confirmation_kept = self.email_confirmed_at == getattr(self, "_loaded_confirmed_at", None)
        if (self.pk is not None and loaded is not None and email_written and self.email_confirmed_at
                and confirmation_kept and (self.email or "").lower() != loaded.lower()):
            self.email_confirmed_at = None
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "email_confirmed_at"}
        super().save(*args, **kwargs)
        self._loaded_email = self.email
        self._loaded_confirmed_at = self.email_confirmed_at

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    @property
    def email_confirmed(self) -> bool:
        """True once the e-mail address was confirmed (P-ACCT-2)."""
        return self.email_confirmed_at is not None

    @property
    def is_outside_bot(self) -> bool:
        """An outside computer playing through the bot protocol (issue 13; ``accounts.bots``)."""
        return self.bot_account_at is not None

    @property
    def played_by_platform(self) -> bool:
        """A built-in computer: the platform chooses its moves (P-BOT-4). False for people and
        for outside bots, which answer their own decisions (and time out like people)."""
        return self.is_computer and self.bot_account_at is None

    @property
    def display_name(self) -> str:
        """The name shown at the table; computers carry the "(computer)" label (P-BOT-2)."""
        return f"{self.username} ({_('computer')})" if self.is_computer else self.username
