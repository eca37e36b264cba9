"""Per-account limits on creating games (issue 8: "one account created 50 games in seconds").

Checked by the pages and the API before ``service.create_practice`` (which stays unlimited
for the server's own callers: tests, load scripts). Two limits, both from settings:

- ``MAX_ACTIVE_PRACTICE`` (default 10): unfinished practice games one account may have;
- ``GAME_CREATE_LIMIT`` per ``GAME_CREATE_WINDOW_SECONDS`` (default 10 per 600 s): games one
  account may create in any such window.

``create_practice_limited`` counts and creates inside one transaction that first locks the
account's row, so two concurrent requests cannot both slip under a limit.
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import Game


class CreationLimited(ValueError):
    """A game was not created because of a per-account limit. ``code``: ``"too_many_active"``
    or ``"rate_limited"``; ``message``: for the person (translated); ``retry_after``: seconds
    until the rate window allows one more game (``None`` for the active-games limit)."""

    def __init__(self, code: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.retry_after = retry_after


def check_can_create(user) -> None:
    """Raise ``CreationLimited`` when ``user`` may not create a game now; else return."""
    active = Game.objects.filter(created_by=user, kind=Game.Kind.PRACTICE,
                                 status=Game.Status.ACTIVE).count()
    if active >= settings.MAX_ACTIVE_PRACTICE:
        raise CreationLimited("too_many_active", _(
            "You already have %(count)d unfinished practice games; finish or resume one of them "
            "before starting another.") % {"count": active})
    window = timedelta(seconds=settings.GAME_CREATE_WINDOW_SECONDS)
    since = timezone.now() - window
    recent = list(Game.objects.filter(created_by=user, created_at__gte=since)
                  .order_by("created_at").values_list("created_at", flat=True)[:settings.GAME_CREATE_LIMIT])
    if len(recent) >= settings.GAME_CREATE_LIMIT:
        oldest = recent[0] if recent else timezone.now()      # a limit of 0 refuses every game
        wait = max(1, int((oldest + window - timezone.now()).total_seconds()) + 1)
        raise CreationLimited("rate_limited", _(
            "You started %(count)d games in the last %(minutes)d minutes; please wait %(wait)d "
            "seconds before starting another.") % {
                "count": len(recent), "minutes": settings.GAME_CREATE_WINDOW_SECONDS // 60,
                "wait": wait}, retry_after=wait)


def create_practice_limited(user, *args, **kwargs) -> Game:
    """``service.create_practice(user, *args, **kwargs)`` within the per-account limits.
    Raises ``CreationLimited`` (nothing created) or what ``create_practice`` raises."""
    from . import service

    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        check_can_create(user)
        return service.create_practice(user, *args, **kwargs)
