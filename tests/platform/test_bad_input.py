"""Bad input gets a 4xx or an ``error`` message and changes nothing (issue 8; P-PLAY-3,
P-PLAY-4, P-REPLAY-4, P-SYS-2).

Every refusal here is checked for three things: the answer (status code or error code), no
logged traceback (the ``games`` and ``django.request`` loggers at ERROR), and the stored game
unchanged (log, seq, state_version).
"""
from __future__ import annotations

import json
import logging

import pytest
from platform_helpers import current_engine, finish

from django.urls import reverse

from games import service
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def snapshot(game: Game) -> tuple:
    """What refused input must leave as it was: the stored log, seq and state_version."""
    game.refresh_from_db()
    return (json.dumps(game.log, sort_keys=True), game.seq, game.state_version, game.status)


@pytest.fixture
def errors_logged(caplog):
    """The ERROR records of the ``games`` and ``django.request`` loggers during the test
    (``games`` does not propagate to the root logger, so its handler list is extended)."""
    games_log = logging.getLogger("games")
    games_log.addHandler(caplog.handler)
    caplog.set_level(logging.ERROR)
    yield lambda: [r for r in caplog.records
                   if r.levelno >= logging.ERROR and r.name.split(".")[0] in ("games", "django")]
    games_log.removeHandler(caplog.handler)


@pytest.fixture
def mask_always(settings):
    """Every unclaimable discard is masked (P-FAIR-6 share 1) with a pause above zero, so the
    claim-mask look-ahead runs on every discard, riichi and added kan."""
    settings.CLAIM_MASK_SHARE = 1.0
    settings.COMPUTER_DELAY_MIN = 0.8
    settings.COMPUTER_DELAY_MAX = 0.8


def _illegal_turn_actions(view: dict) -> list[dict]:
    """Actions of the dealer's first turn that are never legal: a tile it does not hold, a
    riichi with a tile it does not hold, an added kan without a pon."""
    foreign = next(t for t in range(136) if t not in view["hand"])
    return [{"type": "discard", "tile": foreign}, {"type": "riichi", "tile": foreign},
            {"type": "shouminkan", "tile": view["hand"][0]}]


def test_p_play_3_illegal_actions_are_refused_as_illegal_whatever_the_claim_mask_draws(
        alice, mask_always, errors_logged):
    """Issue 8: the claim-mask planning looked ahead with the action before the legality
    check, and its ``IllegalAction`` escaped as a server error on a share of attempts."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    engine = current_engine(game)
    before = snapshot(game)
    for payload in _illegal_turn_actions(engine.view(0)):
        for _attempt in range(3):
            with pytest.raises(service.ActionRejected) as refused:
                service.submit_action(game.pk, 0, payload, engine.seq)
            assert refused.value.code == "illegal", (payload, refused.value.code)
            assert snapshot(game) == before
    assert errors_logged() == []


def test_p_play_3_an_illegal_discard_over_the_api_is_a_409_illegal_with_the_claim_mask_on(
        client, alice, mask_always, errors_logged):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    engine = current_engine(game)
    before = snapshot(game)
    client.force_login(alice)
    for payload in _illegal_turn_actions(engine.view(0)):
        response = client.post(reverse("api-game-action", args=[game.pk]),
                               {"seq": engine.seq, "action": payload}, content_type="application/json")
        assert response.status_code == 409 and response.json()["code"] == "illegal", response.content
    assert snapshot(game) == before
    assert errors_logged() == []


# ------------------------------------------------------------------ replay ?hand= (P-REPLAY-4)

BAD_HANDS = ["²", "٣", "9" * 5000, "-1", "+0", "1.0", " 0", "0x1", "last\x00", "ｌａｓｔ", "1e3",
             "%", "1000000000"]


def test_p_replay_4_a_hand_parameter_that_is_not_a_hand_number_is_never_a_500(
        client, alice, errors_logged):
    """Issue 8: ``?hand=²`` and 5,000 digits passed ``str.isdigit`` and ``int()`` raised."""
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    client.force_login(alice)
    for wanted in BAD_HANDS:
        page = client.get(reverse("replay", args=[game.pk]), {"hand": wanted})
        assert page.status_code == 200 and page.context["start"] == 0, wanted  # the first hand
        api = client.get(reverse("api-game-replay", args=[game.pk]), {"hand": wanted})
        assert api.status_code == 404 and api.json()["code"] == "no_such_hand", wanted
    assert errors_logged() == []


def test_p_replay_4_hand_index_accepts_only_short_ascii_numbers_and_last():
    from games.replay_frames import hand_index
    assert [hand_index(v, 3) for v in ("0", "2", "last", "", None, "007")] == [0, 2, 2, 0, 0, 7]
    assert all(hand_index(v, 3) is None for v in BAD_HANDS)


# ------------------------------------------------------------------ actions API bodies

def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("body, content_type, status_code", [
    pytest.param(_deep(100_000), "application/json", 400, id="nested 100,000 deep"),
    pytest.param('{"seq": 1, "action": ' + _deep(50) + "}", "application/json", 400, id="nested 50 deep"),
    pytest.param('{"seq": 1, "action": {"type": "discard", "tile": 1' + "0" * 5000 + "}}",
                 "application/json", 400, id="5,000-digit number"),
    pytest.param("{" + '"a": 1,' * 40_000 + '"b": 2}', "application/json", 400, id="320 KB body"),
    pytest.param(b"\xff\xfe{}", "application/json", 400, id="not UTF-8"),
    pytest.param("{not json", "application/json", 400, id="not JSON"),
    pytest.param("seq=1&action=discard", "application/x-www-form-urlencoded", 415, id="form body"),
    pytest.param("<xml/>", "text/xml", 415, id="XML"),
    pytest.param("[1, 2]", "application/json", 400, id="a list"),
    pytest.param("null", "application/json", 400, id="null"),
])
def test_bad_bodies_to_the_actions_api_get_a_4xx_and_change_nothing(
        client, alice, body, content_type, status_code, errors_logged):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    before = snapshot(game)
    client.force_login(alice)
    response = client.post(reverse("api-game-action", args=[game.pk]), body, content_type=content_type)
    assert response.status_code == status_code, response.content[:300]
    assert snapshot(game) == before
    assert errors_logged() == []


# ------------------------------------------------------------------ the WebSocket

RECEIVE_TIMEOUT = 10   # seconds to wait for a message before failing (not a timing assertion)


def ws_connect(user, game_id: int, path: str | None = None):
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from games.routing import websocket_urlpatterns
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path or f"/ws/games/{game_id}/")
    communicator.scope["user"] = user
    return communicator


async def ws_receive(comm, kind: str) -> dict:
    while True:
        message = json.loads(await comm.receive_from(timeout=RECEIVE_TIMEOUT))
        if message["type"] == kind:
            return message


async def drain(comm) -> None:
    while not await comm.receive_nothing(timeout=0.05):
        await comm.receive_from(timeout=RECEIVE_TIMEOUT)


@pytest.mark.parametrize("text, fragment", [
    pytest.param(_deep(2000), "nests deeper", id="nested 2,000 deep (RecursionError before)"),
    pytest.param('{"type": "action", "seq": 1, "action": ' + _deep(20) + "}", "nests deeper", id="nested 20"),
    pytest.param('{"type": "ping", "pad": "' + "é" * 2100 + '"}', "4096 bytes",
                 id="2,100 characters but 4,200 bytes"),
    pytest.param('{"type": "ping", "n": 1' + "0" * 4400 + "}", "4096 bytes", id="4,400 digits"),
    pytest.param('{"type": "action", "seq": 1' + "0" * 4000 + ', "action": {"type": "pass"}}',
                 "no longer pending", id="4,000-digit seq"),
    pytest.param('{"type": "action", "seq": 1, "action": {"type": "pass", "seat": "' + "s" * 3000 + '"}}',
                 "you sit in seat", id="long seat"),
    pytest.param('{"type": ["action"]}', "Unknown message type", id="type is a list"),
    pytest.param('{"type": "action", "seq": 1, "action": {"type": ["discard"]}}', "unknown action",
                 id="action type is a list"),
    pytest.param('{"type": "' + "x" * 3000 + '"}', "Unknown message type 'str'", id="long type"),
])
async def test_hostile_websocket_messages_get_an_error_and_the_connection_stays_open(
        alice, text, fragment, errors_logged):
    from channels.db import database_sync_to_async
    game = await database_sync_to_async(service.create_practice)(alice, "riichi-single-deal", human_seat=0)
    before = await database_sync_to_async(snapshot)(game)
    comm = ws_connect(alice, game.pk)
    assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
    await ws_receive(comm, "state")
    await comm.send_to(text_data=text)
    error = await ws_receive(comm, "error")
    assert error["code"] in ("malformed", "unknown_action", "stale_seq", "not_your_seat"), error
    assert fragment in error["message"], error
    assert len(json.dumps(error)) < 600
    await comm.send_json_to({"type": "ping"})
    assert await ws_receive(comm, "pong") == {"type": "pong"}
    await comm.disconnect(timeout=RECEIVE_TIMEOUT)
    assert await database_sync_to_async(snapshot)(game) == before
    assert errors_logged() == []


async def test_a_websocket_path_with_no_route_is_refused_cleanly(alice, errors_logged):
    """Issue 8: an unrouted path raised ``ValueError`` in the router (a logged traceback)."""
    from mahjongsite.asgi import application
    from channels.testing import WebsocketCommunicator
    for path in ("/ws/nothing/", "/ws/games/abc/", "/ws/games/1/extra/", "/"):
        comm = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1")])
        connected, code = await comm.connect(timeout=RECEIVE_TIMEOUT)
        assert not connected and code == 4404, (path, code)
    assert errors_logged() == []


async def test_a_message_flood_is_rate_limited_then_closed(alice, settings, errors_logged):
    """Per connection: 20 messages at once pass, the rest are refused ``rate_limited`` and
    dropped; a sustained flood closes the connection with 4429. The game is unchanged."""
    from channels.db import database_sync_to_async

    from games.ratelimit import FLOOD_CLOSE_CODE
    settings.WS_RATE_BURST = 20
    settings.WS_RATE_PER_SECOND = 1e-9       # no refill during the test: deterministic counts
    settings.WS_FLOOD_LIMIT = 30
    game = await database_sync_to_async(service.create_practice)(alice, "riichi-single-deal", human_seat=0)
    comm = ws_connect(alice, game.pk)
    assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
    await ws_receive(comm, "state")
    before = await database_sync_to_async(snapshot)(game)
    for _ in range(20):
        await comm.send_json_to({"type": "ping"})
    for _ in range(20):
        assert await ws_receive(comm, "pong") == {"type": "pong"}
    await comm.send_json_to({"type": "ping"})
    error = await ws_receive(comm, "error")
    assert error["code"] == "rate_limited"
    for _ in range(28):
        await comm.send_json_to({"type": "action", "seq": 0, "action": {"type": "pass"}})
    refused = [await ws_receive(comm, "error") for _ in range(28)]
    assert {e["code"] for e in refused} == {"rate_limited"}
    await comm.send_json_to({"type": "ping"})           # the 30th refused message: a flood
    final = await ws_receive(comm, "error")
    assert final["code"] == "rate_limited" and "closed" in final["message"]
    assert await comm.receive_output(timeout=RECEIVE_TIMEOUT) == {"type": "websocket.close",
                                                                   "code": FLOOD_CLOSE_CODE}
    assert await database_sync_to_async(snapshot)(game) == before
    assert errors_logged() == []


def test_token_bucket_refills_at_its_rate_and_a_flood_score_drains():
    from games.ratelimit import TokenBucket
    t = [0.0]
    bucket = TokenBucket(burst=2, rate=10.0, flood_limit=5, clock=lambda: t[0])
    assert [bucket.allow() for _ in range(3)] == ["ok", "ok", "limited"]
    t[0] += 0.1                                   # one token back
    assert [bucket.allow() for _ in range(2)] == ["ok", "limited"]
    t[0] += 10.0                                  # full again, flood score drained
    assert [bucket.allow() for _ in range(2)] == ["ok", "ok"]
    assert [bucket.allow() for _ in range(5)] == ["limited"] * 4 + ["flood"]
    # Sending steadily at the limit never floods.
    steady = TokenBucket(burst=2, rate=10.0, flood_limit=5, clock=lambda: t[0])
    for _ in range(1000):
        t[0] += 0.1
        assert steady.allow() == "ok"


def test_inbound_decode_counts_bytes_and_depth_without_recursion():
    from games import inbound
    assert inbound.decode('{"a": [1, {"b": 2}]}') == {"a": [1, {"b": 2}]}
    assert inbound.depth(json.loads(_deep(8))) == 8
    with pytest.raises(inbound.BadInput):
        inbound.decode(_deep(9))
    with pytest.raises(inbound.BadInput):
        inbound.decode('"' + "€" * 1400 + '"')         # 1,402 characters, 4,202 bytes
    assert inbound.decode('"' + "€" * 1300 + '"') == "€" * 1300
    with pytest.raises(inbound.BadInput):
        inbound.decode(b"\xc3\x28")


async def test_a_table_id_beyond_any_integer_column_is_refused_like_a_stranger(alice, errors_logged):
    for game_id in (2 ** 63, 10 ** 30):
        comm = ws_connect(alice, game_id)
        assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
        error = await ws_receive(comm, "error")
        assert error["code"] == "not_allowed"
        assert await comm.receive_output(timeout=RECEIVE_TIMEOUT) == {"type": "websocket.close", "code": 4403}
    assert errors_logged() == []


def test_ids_beyond_any_integer_column_are_404_on_every_game_url(client, alice, errors_logged):
    client.force_login(alice)
    for game_id in (2 ** 63, 10 ** 30):
        for name in ("table", "review", "replay", "api-game", "api-game-log", "api-game-replay"):
            assert client.get(reverse(name, args=[game_id])).status_code == 404, name
        response = client.post(reverse("api-game-action", args=[game_id]), {"seq": 1, "action": {"type": "pass"}},
                               content_type="application/json")
        assert response.status_code == 404
    assert errors_logged() == []
