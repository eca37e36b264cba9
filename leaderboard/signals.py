"""Keep the account facts copied onto ``Rating`` rows in step (P-LB-1 one-query leaderboard)."""
from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="leaderboard_rating_username")
def copy_account_facts(sender, instance, created, update_fields=None, **kwargs):
    """A renamed account (staff) keeps its name on the leaderboard; log-ins (``last_login``
    only) cost nothing."""
    if created or (update_fields is not None and not {"username", "is_computer"} & set(update_fields)):
        return
    from .models import Rating
    (Rating.objects.filter(user_id=instance.pk)
     .exclude(username=instance.username, is_computer=instance.is_computer)
     .update(username=instance.username, is_computer=instance.is_computer))
