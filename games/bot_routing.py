"""The ``/ws/bot/`` route (docs/bot-api.md) in front of the site's WebSocket routes.

The site's own routes sit behind ``AllowedHostsOriginValidator`` and the session middleware
(P-ACCT-5): a browser page of another origin must not use a visitor's cookie. A bot
authenticates with its API token instead (``games.bot_consumer``) and its client sends no
``Origin`` header, so its one path is dispatched before that check.
"""
from __future__ import annotations

BOT_PATH = "/ws/bot/"


def with_bot_route(site_websocket_app):
    """An ASGI app: ``/ws/bot/`` -> ``BotConsumer``, any other path -> ``site_websocket_app``."""
    from .bot_consumer import BotConsumer

    bot_app = BotConsumer.as_asgi()

    async def websocket_app(scope, receive, send):
        if scope.get("path") == BOT_PATH:
            return await bot_app(scope, receive, send)
        return await site_websocket_app(scope, receive, send)

    return websocket_app
