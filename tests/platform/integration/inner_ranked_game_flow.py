"""Run only inside the integration run (see test_integration_stack.py): a ranked game of two
people and two listed computers (``games.ranked.create_ranked_game``, as Quick Play's
"Start now with computers" and public tables make it) played to its end over two WebSocket
connections on PostgreSQL and the Redis channel layer, while a real Celery worker plays the
computers, runs the clocks and settles the ratings (issue 10 "done when"; P-TABLE-2, P-RATE-2,
P-RATE-3, P-RATE-6, P-RATE-9, P-LB-5).

Every seat's rating moves exactly once, the computers' too, and the result shows on each
person's profile (provisional, "1 of 20") and in their rated-games list.
"""
from __future__ import annotations

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import Client
from inner_reconnect_flow import connect, play_until
from ratings_helpers import make_players

from accounts.computers import ensure_computer_accounts
from games import ranked
from games.models import Game
from leaderboard.models import Rating, RatingChange, Settlement

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

WAIT = 90   # seconds to wait for the worker before failing (never a timing assertion)


def _settled(game_id: int) -> bool:
    return Settlement.objects.filter(game_id=game_id).exists()


async def test_p_rate_2_a_ranked_game_of_people_and_computers_moves_every_rating_once(celery_worker_process):
    assert connection.vendor == "postgresql"
    await database_sync_to_async(ensure_computer_accounts)()
    people = await database_sync_to_async(make_players)(["it-r1", "it-r2"], password="pw-Secret-123")
    bots = await database_sync_to_async(ranked.pick_computers)(2)
    game = await database_sync_to_async(ranked.create_ranked_game)(Game.Kind.QUICK, people, computers=bots)
    assert game.ranked and game.clock == "standard"

    clients = [connect(user, game.pk) for user in people]
    for comm in clients:
        assert (await comm.connect(timeout=WAIT))[0]
    over = (lambda s: s["view"]["phase"] == "game_over" or s["game"]["status"] != "active")
    finals = await asyncio.gather(*(play_until(comm, over) for comm in clients))
    for comm in clients:
        await comm.disconnect(timeout=WAIT)
    assert all(f["game"]["id"] == game.pk for f in finals)

    deadline = time.monotonic() + WAIT                 # the worker settles after the commit
    while not await database_sync_to_async(_settled)(game.pk):
        assert time.monotonic() < deadline, "the finished ranked game was not settled"
        await asyncio.sleep(0.1)

    def check():
        row = Game.objects.get(pk=game.pk)
        assert row.status == "finished" and row.end_reason
        everyone = [*people, *bots]
        changes = RatingChange.objects.filter(game=row)
        assert sorted(changes.values_list("user_id", flat=True)) == sorted(u.pk for u in everyone)
        for user in everyone:
            rating = Rating.objects.get(user=user, family="riichi")
            assert rating.games == 1                     # once, whatever the redeliveries
            assert rating.sigma < 500.0                  # the update ran (P-RATE-5)
        client = Client()
        client.force_login(people[0])
        page = client.get(f"/players/{people[0].username}/", secure=True)
        assert page.status_code == 200
        text = page.content.decode()
        assert "1 of 20" in text and f"/games/{row.pk}/" in text
        rated = client.get(f"/players/{people[0].username}/rated/riichi/", secure=True).content.decode()
        assert f"/games/{row.pk}/" in rated
    await database_sync_to_async(check)()
