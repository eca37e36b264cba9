from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Tables, the live-table service, consumers and Celery tasks (DESIGN §3, §4)."""

    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
