"""The public spectator feed over WebSockets (``/ws/games/<id>/watch/``, P-SPECT-1/-2/-3/-5,
P-FAIR-6, J5): several clients, one of them anonymous, are only ever sent what was true at
(now − delay) — never a younger event, never a concealed tile — on connect, on reconnect and
until the feed reaches the game's end. The server's time is a ``FakeTime`` moved by hand
(the feed is asked for its state after each move), except in the one test that checks the
feed advancing by itself, where the clock is real time plus an offset and the test waits on
the message with a generous deadline."""
from __future__ import annotations

import json
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from hidden_info import tiles_in
from platform_helpers import FakeTime
from spectate_helpers import PublicKnowledge, play_one, ranked_game, visible_length

from games import clocks, service, spectate
from games.models import Game, SpectatorFrame
from games.routing import websocket_urlpatterns
from games.spectator_consumer import watch_group

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

DELAY = 20.0
T0 = 4_000_000.0
WAIT = 20      # seconds to wait for a message before failing (not a timing assertion)


@pytest.fixture
def fake(monkeypatch, settings):
    settings.SPECTATOR_DELAY = DELAY
    settings.CLOCK_SCALE = 10.0               # no decision clock runs out between fake steps
    settings.CLAIM_MASK_SHARE = 1.0           # masked pauses after every unclaimable discard
    settings.COMPUTER_DELAY_MIN = settings.COMPUTER_DELAY_MAX = 0.8
    clock = FakeTime(T0)
    monkeypatch.setattr(clocks, "now", clock)
    spectate.clear_cache()
    yield clock
    spectate.clear_cache()


@pytest.fixture
def people(db, django_user_model):
    from accounts.computers import ensure_computer_accounts
    ensure_computer_accounts()
    return [django_user_model.objects.create(username=f"w{i}", email=f"w{i}@example.com")
            for i in range(4)]


def connect(user, path: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    comm.scope["user"] = user
    return comm


async def receive(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=WAIT))


class Watcher:
    """One spectator client; every state it receives is kept with the server time then."""

    def __init__(self, user, game_id: int, fake) -> None:
        self.user, self.game_id, self.fake = user, game_id, fake
        self.seen: list[tuple[float, dict]] = []
        self.comm = None

    async def open(self) -> dict:
        self.comm = connect(self.user, f"/ws/games/{self.game_id}/watch/")
        assert (await self.comm.connect())[0]
        return await self.next_state()

    async def next_state(self) -> dict:
        while True:
            message = await receive(self.comm)
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.seen.append((self.fake.t, message))
                return message

    async def current(self, expected: dict) -> dict:
        """Wait for the state equal to ``expected`` (the server's delayed state at this fake
        time), after a poke of the watchers' group has made each feed rebuild its state (a
        feed sends only what changed); older states sent meanwhile are kept."""
        if self.seen and self.seen[-1][1] == expected:
            return expected
        while True:
            message = await self.next_state()
            if message == expected:
                return message


    async def close(self) -> None:
        await self.comm.disconnect()


async def poke(game_id: int) -> None:
    """What a feed's timer does when it wakes, at once: rebuild the delayed state."""
    await get_channel_layer().group_send(watch_group(game_id), {"type": "spectate.poke"})


def expected_state(game_id: int, now: float) -> dict:
    """The server's delayed state at ``now`` (``feed_step``: the moment rounded down to
    ``STEP_QUANTUM``, never later)."""
    return json.loads(spectate.feed_step(game_id, now)[0])


def check_never_younger(game: Game, watchers) -> int:
    """Every state any watcher received shows the stored log at a length visible at (its
    receipt time − DELAY), and no tile the public may not know then. Returns the number of
    states checked."""
    know = PublicKnowledge(game)
    checked = 0
    for w in watchers:
        for received_at, message in w.seen:
            allowed = visible_length(game, received_at - DELAY)
            if message["view"] is None:
                assert tiles_in(message) == set()
            else:
                length = know.length_of(message["view"])
                assert allowed is not None and length <= allowed, (
                    f"a state younger than the delay: log length {length}, visible {allowed}")
                assert tiles_in(message) <= know.known[length], "a concealed tile reached a spectator"
                assert not message["view"].get("legal_actions") and message["view"].get("seat") is None
            assert message["game"]["my_seat"] is None and message["game"]["delay"] == DELAY
            checked += 1
    return checked


async def test_p_spect_2_spectators_never_get_an_event_younger_than_the_delay_nor_a_concealed_tile(people, fake):
    game = await database_sync_to_async(ranked_game)(people[:2])
    watchers = [Watcher(AnonymousUser(), game.pk, fake), Watcher(people[2], game.pk, fake),
                Watcher(people[3], game.pk, fake)]
    for w in watchers:
        first = await w.open()
        assert first["view"] is None and first["game"]["starts_in"] == pytest.approx(DELAY)   # before the deal

    step, reconnected = 0, False
    while await database_sync_to_async(play_one)(game, fake):
        fake.t += 3.0
        step += 1
        expected = await database_sync_to_async(expected_state)(game.pk, fake.t)
        await poke(game.pk)
        for w in watchers:
            await w.current(expected)
        if step == 15 and not reconnected:          # a reconnect gets the same delayed state
            await watchers[1].close()
            assert (await watchers[1].open()) == expected
            reconnected = True
    assert reconnected and step > 15

    # The game is over; the feed goes on until the delayed moment reaches the end.
    end = await database_sync_to_async(
        lambda: SpectatorFrame.objects.filter(game=game).exclude(status="active").get().at)()
    while fake.t - DELAY < end:
        expected = await database_sync_to_async(expected_state)(game.pk, fake.t)
        assert expected["game"]["status"] == "active"
        await poke(game.pk)
        for w in watchers:
            await w.current(expected)
        fake.t += 5.0
    final = await database_sync_to_async(expected_state)(game.pk, fake.t)
    assert final["game"]["status"] == "finished" and final["view"]["phase"] == "game_over"
    await poke(game.pk)
    for w in watchers:
        await w.current(final)
    paused = await database_sync_to_async(
        lambda: SpectatorFrame.objects.filter(game=game).exclude(pause={}).exists())()
    assert paused, "the game had masked pauses for the feed to keep (P-FAIR-6)"
    checked = await database_sync_to_async(check_never_younger)(game, watchers)
    assert checked > 3 * step
    for w in watchers:
        await w.close()


async def test_p_spect_2_the_feed_advances_by_itself_when_a_change_is_old_enough(people, monkeypatch, settings):
    """No request from the client: the connection's own timer sends the next change once it
    is ``delay`` old, and not before (the clock is real time here; the test waits on the
    message)."""
    settings.SPECTATOR_DELAY = 1.0
    settings.CLAIM_MASK_SHARE = 0.0
    settings.CLOCK_SCALE = 100.0
    offset = 5_000_000.0 - time.time()
    monkeypatch.setattr(clocks, "now", lambda: time.time() + offset)
    spectate.clear_cache()
    game = await database_sync_to_async(ranked_game)(people[:2])
    w = Watcher(AnonymousUser(), game.pk, type("Now", (), {"t": property(lambda self: clocks.now())})())
    first = await w.open()
    created = await database_sync_to_async(
        lambda: SpectatorFrame.objects.filter(game=game).order_by("at").first().at)()
    dealt = first
    while dealt["view"] is None:                           # sent by the timer, unasked
        dealt = await w.next_state()
    assert w.seen[-1][0] >= created + 1.0, "the deal was sent before it was delay old"
    await database_sync_to_async(play_one)(game)
    changed = await database_sync_to_async(
        lambda: SpectatorFrame.objects.filter(game=game).order_by("-at").first().at)()
    before = w.seen[-1][1]["view"]["seq"]
    while True:
        message = await w.next_state()
        if message["view"]["seq"] != before:
            break
    assert w.seen[-1][0] >= changed + 1.0, "a change was sent before it was delay old"
    await w.close()


async def test_p_spect_1_players_practice_and_private_games_are_refused(people, fake):
    game = await database_sync_to_async(ranked_game)(people[:2])
    practice = await database_sync_to_async(service.create_practice)(people[2], "riichi-single-deal")
    private = await database_sync_to_async(service.create_private_table)(people[2], [people[3], None, None])
    for user, game_id, rule, close_code in ((people[0], game.pk, "P-SPECT-1", 4403),
                                            (people[3], practice.pk, "P-PRAC-3", 4403),
                                            (AnonymousUser(), private.pk, "P-SPECT-1", 4403),
                                            (AnonymousUser(), 999_999, None, 4404)):
        comm = connect(user, f"/ws/games/{game_id}/watch/")
        assert (await comm.connect())[0]
        refusal = await receive(comm)
        assert refusal["type"] == "error" and refusal["code"] == "not_allowed" and refusal["rule"] == rule
        assert "view" not in refusal
        closed = await comm.receive_output(timeout=WAIT)
        assert closed == {"type": "websocket.close", "code": close_code}
        await comm.disconnect()


async def test_p_spect_5_spectators_cannot_act_and_players_see_how_many_watch(people, fake):
    game = await database_sync_to_async(ranked_game)(people[:2])
    player = connect(people[0], f"/ws/games/{game.pk}/")
    assert (await player.connect())[0]
    state = json.loads(await player.receive_from(timeout=WAIT))
    assert state["type"] == "state" and state["game"]["spectators"] == 0
    w = Watcher(AnonymousUser(), game.pk, fake)
    await w.open()
    while True:                                  # the players see the number (no names)
        state = json.loads(await player.receive_from(timeout=WAIT))
        if state["type"] == "state" and state["game"]["spectators"] == 1:
            break
    await w.comm.send_json_to({"type": "action", "seq": 1, "action": {"type": "discard", "tile": 0}})
    refusal = await receive(w.comm)
    assert (refusal["code"], refusal["rule"]) == ("not_allowed", "P-SPECT-5")
    await w.comm.send_json_to({"type": "ping"})
    assert await receive(w.comm) == {"type": "pong"}
    await w.comm.send_to(text_data="not json")
    assert (await receive(w.comm))["code"] == "malformed"
    # a poke on the watchers' group only rebuilds the delayed state: never a live one
    await get_channel_layer().group_send(watch_group(game.pk), {"type": "spectate.poke"})
    await w.close()
    while True:
        state = json.loads(await player.receive_from(timeout=WAIT))
        if state["type"] == "state" and state["game"]["spectators"] == 0:
            break
    await player.disconnect()
