"""Ratings per preset family, the leaderboard, profiles' rating history and fair play
(P-RATE, P-LB, P-FAIR)."""
from django.apps import AppConfig


class LeaderboardConfig(AppConfig):
    """Ratings and leaderboards (P-RATE, P-LB) and fair play (P-FAIR)."""

    name = "leaderboard"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the receivers)
