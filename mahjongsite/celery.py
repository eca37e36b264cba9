"""The Celery app (DESIGN §4): ``celery -A mahjongsite worker -Q realtime,default``."""
from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings")

app = Celery("mahjongsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
