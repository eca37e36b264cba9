"""Placeholder settings; the platform issue replaces this module."""
SECRET_KEY = "dev-only"
INSTALLED_APPS: list[str] = []
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
USE_TZ = True
