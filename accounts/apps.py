from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-up, log-in, profiles and computer accounts (P-ACCT, P-BOT)."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
