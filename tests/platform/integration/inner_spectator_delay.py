"""Run only inside the integration run (see test_integration_stack.py): public spectators of
a ranked game on PostgreSQL, the Redis channel layer and a real Celery worker process
(P-SPECT-1/-2/-3, J5). The game plays itself: the worker plays the two computers and the
clock's defaults for the two absent people (clocks x0.05 in this run); two spectators, one
anonymous, watch over WebSockets with ``MP_SPECTATOR_DELAY`` = 3 s and never ask for
anything. Each state they receive must show the stored log at a length that was at least the
delay old when it arrived, with no concealed tile, and the feed must advance by itself to the
game's end."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from hidden_info import tiles_in
from spectate_helpers import PublicKnowledge, ranked_game, visible_length

from accounts.computers import ensure_computer_accounts
from games import clocks, spectate
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 120   # seconds to wait for the next message before failing (no timing assertion)


def connect(user, path):
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    comm.scope["user"] = user
    return comm


async def watch_to_the_end(comm) -> list[tuple[float, dict]]:
    """Every state until the one showing the game's end, each with its arrival time."""
    seen = []
    while True:
        message = json.loads(await comm.receive_from(timeout=WAIT))
        assert message["type"] == "state", message
        seen.append((clocks.now(), message))
        if message["game"]["status"] != "active":
            return seen


async def test_p_spect_2_spectators_on_the_production_shape_never_see_younger_than_the_delay(
        make_user, celery_worker_process):
    assert connection.vendor == "postgresql"
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    delay = spectate.delay()
    assert delay == settings.SPECTATOR_DELAY == 3.0          # MP_SPECTATOR_DELAY of this run
    await database_sync_to_async(ensure_computer_accounts)()
    people = [await database_sync_to_async(make_user)(f"it-watched-{i}", confirmed=True) for i in range(2)]
    game = await database_sync_to_async(ranked_game)(people)
    watchers = [connect(AnonymousUser(), f"/ws/games/{game.pk}/watch/"),
                connect(await database_sync_to_async(make_user)("it-watcher"), f"/ws/games/{game.pk}/watch/")]
    for comm in watchers:
        assert (await comm.connect(timeout=WAIT))[0]
    seen = [await watch_to_the_end(comm) for comm in watchers]

    know = await database_sync_to_async(PublicKnowledge)(game)
    lengths = set()
    for stream in seen:
        assert stream[-1][1]["game"]["status"] == "finished" and stream[-1][1]["view"]["phase"] == "game_over"
        for arrived, message in stream:
            if message["view"] is None:             # before the first deal: no tile at all
                assert tiles_in(message) == set()
                continue
            length = know.length_of(message["view"])
            assert tiles_in(message) <= know.known[length], "a concealed tile reached a spectator"
            allowed = await database_sync_to_async(visible_length)(game, arrived - delay)
            assert allowed is not None and length <= allowed, (
                f"a state younger than the delay: log length {length}, visible {allowed}")
            lengths.add(length)
    # The feed stepped through the game by itself, not only from the first state to the last.
    # (How many steps depends on how fast the worker's computers play; the feed shares steps
    # of 0.25 s between the spectators of a game, so a fast game shows fewer.)
    assert len(lengths) >= 3, "the feed did not advance by itself through the game"
    for comm in watchers:
        await comm.disconnect()
