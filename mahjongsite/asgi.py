"""ASGI entry point: HTTP through Django, WebSockets through Channels (DESIGN §1, §3).

Serve with ``daphne mahjongsite.asgi:application``. In the embedded default
(``CELERY_EMBEDDED``, no ``REDIS_URL``) the in-process Celery worker starts here, unless
``MP_NO_EMBEDDED_WORKER=1`` (tests drive tasks themselves).
"""
from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from games.bot_routing import with_bot_route  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_asgi_app,
    # /ws/bot/ (token-authenticated, docs/bot-api.md) first; the site's routes check Origin.
    "websocket": with_bot_route(
        AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))),
})

from mahjongsite.gc_tuning import tune  # noqa: E402
from mahjongsite.memtrace import install as install_memtrace  # noqa: E402

install_memtrace()     # only with MP_MEMTRACE_DIR (diagnosis)
tune()     # after start-up's imports: no collection walks them again

if settings.CELERY_EMBEDDED and os.environ.get("MP_NO_EMBEDDED_WORKER") != "1":
    from games.embedded import start_embedded_worker

    start_embedded_worker()
