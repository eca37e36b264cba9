"""The live-table consumer with Channels' WebsocketCommunicator (DESIGN §3, wsproto)."""
from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from conftest import human_choice

from games import service
from games.models import Game
from games.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RECEIVE_TIMEOUT = 10   # seconds to wait for a message before a test fails (not a timing assertion)


def connect(user, game_id: int) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    communicator.scope["user"] = user
    return communicator


async def receive(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=RECEIVE_TIMEOUT))


async def receive_type(comm, kind: str) -> dict:
    while True:
        message = await receive(comm)
        if message["type"] == kind:
            return message


async def latest_state(comm) -> dict:
    """The newest state among the messages already queued (at least one is awaited)."""
    state = await receive_type(comm, "state")
    while not await comm.receive_nothing(timeout=0.05):
        message = await receive(comm)
        if message["type"] == "state":
            state = message
    return state


@database_sync_to_async
def new_practice(user, preset="riichi-single-deal", seat=0) -> Game:
    return service.create_practice(user, preset, human_seat=seat)


@database_sync_to_async
def reload(game: Game) -> Game:
    game.refresh_from_db()
    return game


async def play_until(comm, state=None, stop=("hand_over", "game_over"), limit=400) -> dict:
    """Play the human seat with the simple player, starting from ``state`` (else the next
    state message), until the view's phase is in ``stop``. Acts once per decision ``seq``."""
    answered: set[int] = set()
    for _ in range(limit):
        if state is None:
            state = await receive_type(comm, "state")
        view = state["view"]
        if view["phase"] in stop:
            return state
        if view["legal_actions"] and view["seq"] not in answered:
            answered.add(view["seq"])
            action = human_choice(view).to_json()
            del action["seat"]                    # the server fills in the connection's seat
            await comm.send_json_to({"type": "action", "seq": view["seq"], "action": action})
        state = None
    raise AssertionError("the hand did not end")


async def test_j4_practice_hand_over_the_websocket(alice):
    """J4: connect, get the own seat view, play a complete single hand against computers."""
    game = await new_practice(alice, seat=2)
    comm = connect(alice, game.pk)
    connected, _ = await comm.connect(timeout=RECEIVE_TIMEOUT)
    assert connected
    first = await receive_type(comm, "state")
    assert first["game"]["my_seat"] == 2 and first["game"]["preset"] == "riichi-single-deal"
    assert [p["is_computer"] for p in first["game"]["players"]] == [True, True, False, True]
    assert "hand" in first["view"] and first["view"]["seat"] == 2
    final = await play_until(comm, first)
    assert final["view"]["phase"] == "game_over"
    assert final["view"]["hand_result"] is not None
    game = await reload(game)
    assert game.status == "finished"
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)


async def test_p_sys_2_each_connection_gets_only_its_own_seat_view(alice):
    game = await new_practice(alice, seat=1)
    comm = connect(alice, game.pk)
    await comm.connect(timeout=RECEIVE_TIMEOUT)
    state = await latest_state(comm)
    view = state["view"]
    assert view["seat"] == 1 and len(view["hand"]) in (13, 14)
    text = json.dumps(state)
    assert '"wall"' not in text          # never the wall (engine-api "Views")
    for p in view["players"]:
        assert "hand" not in p           # other seats: counts only
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)


@pytest.mark.parametrize("text, code", [
    pytest.param("{not json", "malformed", id="malformed JSON"),
    pytest.param("[1, 2]", "malformed", id="not an object"),
    pytest.param('{"type": "dance"}', "malformed", id="unknown message type"),
    pytest.param('{"type": "action", "seq": SEQ, "action": {"type": "teleport"}}', "unknown_action",
                 id="unknown action"),
    pytest.param('{"type": "action", "seq": SEQ, "action": {"type": "discard", "seat": 2, "tile": 0}}',
                 "not_your_seat", id="action for another seat"),
    pytest.param('{"type": "action", "seq": STALE, "action": {"type": "discard", "tile": HAND0}}',
                 "stale_seq", id="stale seq"),
    pytest.param('{"type": "action", "seq": SEQ, "action": {"type": "discard", "tile": FOREIGN}}',
                 "illegal", id="tile not in hand"),
    pytest.param('{"type": "continue", "seq": SEQ}', "not_allowed", id="continue mid-hand"),
])
async def test_bad_messages_get_an_error_and_the_connection_stays_open(alice, text, code):
    game = await new_practice(alice, seat=0)       # the human is dealer: it is our turn
    comm = connect(alice, game.pk)
    await comm.connect(timeout=RECEIVE_TIMEOUT)
    view = (await latest_state(comm))["view"]
    foreign = next(t for t in range(136) if t not in view["hand"])
    text = (text.replace("STALE", str(view["seq"] - 1)).replace("SEQ", str(view["seq"]))
            .replace("HAND0", str(view["hand"][0])).replace("FOREIGN", str(foreign)))
    before = (await reload(game)).state_version
    await comm.send_to(text_data=text)
    error = await receive(comm)
    assert error["type"] == "error" and error["code"] == code, error
    assert (await reload(game)).state_version == before          # nothing changed
    await comm.send_json_to({"type": "ping"})
    assert await receive(comm) == {"type": "pong"}               # still connected
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)


async def test_p_acct_5_anonymous_and_strangers_are_refused(alice, make_user):
    from django.contrib.auth.models import AnonymousUser
    game = await new_practice(alice)
    bob = await database_sync_to_async(make_user)("bob")
    for user, code in ((AnonymousUser(), 4401), (bob, 4403)):
        comm = connect(user, game.pk)
        connected, _ = await comm.connect(timeout=RECEIVE_TIMEOUT)
        assert connected                     # accepted only to say why, so the browser can tell
        error = await comm.receive_json_from(timeout=RECEIVE_TIMEOUT)
        assert error["type"] == "error" and error["code"] == "not_allowed"
        assert "hand" not in json.dumps(error)   # nothing about the table
        assert await comm.receive_output(timeout=RECEIVE_TIMEOUT) == {"type": "websocket.close", "code": code}


@pytest.mark.parametrize("closes_older", [True, False], ids=["older closed", "older told only"])
async def test_p_conn_1_reload_resumes_the_seat_and_p_conn_4_newest_connection_wins(
        alice, settings, closes_older):
    settings.SEAT_TAKEOVER_CLOSES_OLDER = closes_older
    game = await new_practice(alice, seat=0)
    first = connect(alice, game.pk)
    await first.connect(timeout=RECEIVE_TIMEOUT)
    view1 = (await latest_state(first))["view"]
    second = connect(alice, game.pk)           # a reload, or another device
    await second.connect(timeout=RECEIVE_TIMEOUT)
    view2 = (await latest_state(second))["view"]
    assert view2 == view1
    error = await receive_type(first, "error")
    assert error["message"] == "Opened elsewhere"
    if closes_older:
        closed = await first.receive_output(timeout=RECEIVE_TIMEOUT)
        assert closed == {"type": "websocket.close", "code": 4409}
    else:
        await first.send_json_to({"type": "ping"})
        assert await receive(first) == {"type": "pong"}
    # The new connection plays on.
    action = human_choice(view2).to_json()
    await second.send_json_to({"type": "action", "seq": view2["seq"], "action": action})
    after = await receive_type(second, "state")
    while after["view"]["seq"] == view2["seq"]:     # a presence change re-sends the same decision
        after = await receive_type(second, "state")
    assert after["view"]["seq"] > view2["seq"]
    await second.disconnect(timeout=RECEIVE_TIMEOUT)


async def test_continue_starts_the_next_hand_of_an_east_round(alice):
    """P-FLOW-2: at an untimed table the results screen waits for Continue."""
    for _ in range(5):  # a bust in East 1 (P-END-3, very rare) ends the game: deal again
        game = await new_practice(alice, preset="riichi", seat=0)
        comm = connect(alice, game.pk)
        await comm.connect(timeout=RECEIVE_TIMEOUT)
        state = await play_until(comm, await receive_type(comm, "state"))
        if state["view"]["phase"] == "hand_over":
            break
        await comm.disconnect(timeout=RECEIVE_TIMEOUT)
    assert state["view"]["phase"] == "hand_over"
    assert await comm.receive_nothing(timeout=0.2)         # nothing advances by itself
    await comm.send_json_to({"type": "continue", "seq": state["view"]["seq"]})
    nxt = await receive_type(comm, "state")
    assert nxt["view"]["phase"] in ("turn", "claim") and nxt["view"]["hand_result"] is None
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)


async def test_session_cookie_authenticates_through_the_asgi_application(alice, client):
    """P-ACCT-5 with the real stack: the site's login session opens the table."""
    from mahjongsite.asgi import application
    game = await new_practice(alice, seat=0)
    await database_sync_to_async(client.force_login)(alice)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/",
                                 headers=[(b"cookie", cookie), (b"origin", b"http://127.0.0.1")])
    connected, _ = await comm.connect(timeout=RECEIVE_TIMEOUT)
    assert connected
    assert (await receive_type(comm, "state"))["game"]["my_seat"] == 0
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)
