from django.apps import AppConfig


class LeaderboardConfig(AppConfig):
    """Ratings and leaderboards (P-RATE, P-LB); models arrive with the ranked-play issue."""

    name = "leaderboard"
    default_auto_field = "django.db.models.BigAutoField"
