"""WebSocket routes. A path with no route is refused by ``NoRoute`` (close code 4404 before
the handshake completes), never an unhandled ``ValueError`` traceback (issue 8)."""
from django.urls import path, re_path

from channels.generic.websocket import AsyncWebsocketConsumer

from .consumers import TableConsumer
from .lobby_consumer import LobbyConsumer
from .quick_consumer import QuickConsumer
from .room_consumer import RoomConsumer
from .spectator_consumer import SpectatorConsumer

NO_ROUTE_CLOSE_CODE = 4404


class NoRoute(AsyncWebsocketConsumer):
    """Any WebSocket path that is not a table: refused at the handshake (the browser sees
    the connection fail; ASGI test clients see code 4404). Nothing is logged."""

    async def connect(self):
        await self.close(code=NO_ROUTE_CLOSE_CODE)


websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", TableConsumer.as_asgi()),
    path("ws/games/<int:game_id>/watch/", SpectatorConsumer.as_asgi()),
    path("ws/tables/<int:table_id>/", RoomConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/quick/", QuickConsumer.as_asgi()),
    re_path(r"", NoRoute.as_asgi()),
]
