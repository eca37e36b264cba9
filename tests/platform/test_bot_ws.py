"""The mjai bot WebSocket ``/ws/bot/`` (issue 13 items 3 and 5; games.bot_consumer, docs/bot-api.md):
the docs' 30-line bot plays a private table to its end beside a person's client and two
computers; bad messages, illegal replies and wrong tokens get clear errors and change
nothing; a silent bot is played by the clock's timeout defaults (P-BOT-4, P-TIMEOUT-1)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from accounts import bots
from accounts.computers import ensure_computer_accounts
from games import clocks, service, tables, tasks
from games.bot_routing import with_bot_route
from games.models import ActionRecord, Game, Seat, Table
from games.routing import websocket_urlpatterns
from rules_engine.ai.simple_player import decide as human_choice   # the person's moves

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

RECEIVE_TIMEOUT = 20   # seconds to wait for a message before a test fails (not a timing assertion)
APP = with_bot_route(URLRouter(websocket_urlpatterns))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "bot-api.md"


@pytest.fixture(autouse=True)
def _no_pauses(settings):
    settings.CLAIM_MASK_SHARE = 0.0      # no masked pauses (their end is a timer task)
    # The test's clients answer at machine speed with eager computers: a person's client here
    # can send more than the per-connection limit of 10 a second, whose refusal (rate_limited)
    # it would wait on forever. The limit itself is tested in test_bad_input/test_throttling.
    settings.WS_RATE_BURST = 100_000


def bot_socket(token: str | None = None) -> WebsocketCommunicator:
    headers = [(b"authorization", f"Bearer {token}".encode())] if token else []
    return WebsocketCommunicator(APP, "/ws/bot/", headers=headers)


async def receive(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=RECEIVE_TIMEOUT))


async def receive_until(comm, predicate) -> dict:
    while True:
        message = await receive(comm)
        if predicate(message):
            return message


@database_sync_to_async
def make_bot(name="robo"):
    from django.contrib.auth import get_user_model
    ensure_computer_accounts()
    user = get_user_model().objects.create_user(name, f"{name}@example.com", "pw-Secret-123")
    bots.make_bot_account(user, confirm=True)
    return user, bots.make_token(user)


def docs_bot() -> tuple[dict, type]:
    """The docs' example bot's namespace, and a stand-in for ``websockets.connect`` served by
    Channels' test client instead of a network connection (the library's transport is not
    ours; tests/browser/test_bot_over_daphne.py runs it over a real one)."""
    code = re.search(r"```python\n(.*?)```", DOCS.read_text(), re.S).group(1)
    namespace: dict = {"__name__": "docs_bot"}
    exec(compile(code, str(DOCS), "exec"), namespace)

    class Connection:
        def __init__(self, url):
            assert url.endswith("/ws/bot/")
            self.comm = bot_socket()

        async def __aenter__(self):
            assert (await self.comm.connect())[0]
            return self

        async def __aexit__(self, *exc):
            await self.comm.disconnect()

        async def send(self, text):
            await self.comm.send_to(text_data=text)

        def __aiter__(self):
            return self

        async def __anext__(self):
            return await self.comm.receive_from(timeout=RECEIVE_TIMEOUT)

    return namespace, Connection


@pytest.fixture
def docs_namespace(monkeypatch):
    import websockets
    namespace, connection = docs_bot()
    monkeypatch.setattr(websockets, "connect", connection)      # restored after the test
    return namespace


async def person_client(comm, seat_holder: dict) -> None:
    """A person's table client: plays its legal actions (the simple player) and presses
    Continue after each hand, until the game is over."""
    while True:
        message = await receive(comm)
        if message["type"] != "state":
            continue
        if message["game"]["status"] != "active":
            return
        view = message["view"]
        if view.get("legal_actions"):
            action = human_choice(view)
            await comm.send_to(text_data=json.dumps({"type": "action", "action": action.to_json(),
                                                     "seq": view["seq"]}))
        elif view.get("phase") == "hand_over":
            await comm.send_to(text_data=json.dumps({"type": "continue", "seq": view["seq"]}))


async def test_docs_bot_plays_a_private_table_to_its_end(docs_namespace, django_user_model):
    import asyncio
    bot, token = await make_bot()
    host = await database_sync_to_async(django_user_model.objects.create_user)("host", "h@example.com", "pw")
    table = await database_sync_to_async(tables.create_private_table)(host, clock="untimed")
    await database_sync_to_async(tables.invite)(table.pk, host, "robo")
    await database_sync_to_async(tables.add_computer)(table.pk, host, 2)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 3)
    room = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/tables/{table.pk}/")
    room.scope["user"] = host
    assert (await room.connect())[0]

    bot_task = asyncio.ensure_future(docs_namespace["play"]("ws://testserver/ws/bot/", token))
    # The bot accepts its invitation itself; the host starts once the four seats are taken.
    await receive_until(room, lambda m: m["type"] == "room" and all(s["name"] for s in m["table"]["seats"]))
    game = await database_sync_to_async(tables.start)(table.pk, host)
    await room.disconnect()
    person = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    person.scope["user"] = host
    assert (await person.connect())[0]
    await asyncio.wait_for(person_client(person, {}), timeout=600)
    status = await asyncio.wait_for(bot_task, timeout=RECEIVE_TIMEOUT)
    await person.disconnect()

    assert status == "finished"
    game = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert game.status == "finished" and game.final_scores and sum(game.final_scores) == 100_000
    seat = await database_sync_to_async(lambda: Seat.objects.get(game=game, user=bot).seat)()
    records = await database_sync_to_async(lambda: list(
        ActionRecord.objects.filter(game=game, seat=seat, kind="action")))()
    assert records and not any(r.timeout or r.by_computer for r in records)   # it played itself


async def _bot_at_practice(human_seat=0, clock="untimed"):
    bot, token = await make_bot()
    game = await database_sync_to_async(service.create_practice)(bot, "riichi-single-deal",
                                                                 human_seat=human_seat, clock=clock)
    comm = bot_socket(token)
    assert (await comm.connect())[0]
    hello = await receive(comm)
    assert hello["type"] == "hello" and hello["games"][0]["game_id"] == game.pk
    await comm.send_to(text_data=json.dumps({"type": "join"}))
    return bot, game, comm


async def _state(game_id):
    row = await database_sync_to_async(Game.objects.get)(pk=game_id)
    return row.state_version, row.seq


async def test_events_are_the_seats_mjai_view_and_a_request_follows(settings):
    bot, game, comm = await _bot_at_practice(human_seat=0)
    start = await receive(comm)
    assert start["type"] == "start_game" and start["id"] == 0 and start["names"][0] == "robo"
    kyoku = await receive(comm)
    assert kyoku["type"] == "start_kyoku" and len(kyoku["tehais"][0]) == 13
    assert all(t == "?" for hand in kyoku["tehais"][1:] for t in hand)          # P-BOT-3
    draw = await receive(comm)
    assert draw["type"] == "tsumo" and draw["actor"] == 0 and draw["pai"] != "?"
    request = await receive(comm)
    assert request["type"] == "request" and request["possible_actions"]
    assert any(o["type"] == "dahai" and o["tsumogiri"] and o["pai"] == draw["pai"]
               for o in request["possible_actions"])
    await comm.send_to(text_data=json.dumps({"type": "dahai", "pai": draw["pai"], "tsumogiri": True,
                                             "seq": request["seq"]}))
    mine = await receive(comm)
    assert mine == {"type": "dahai", "actor": 0, "pai": draw["pai"], "tsumogiri": True}
    other = await receive_until(comm, lambda m: m["type"] == "tsumo")
    assert other["actor"] != 0 or other["pai"] != "?"
    if other["actor"] != 0:
        assert other["pai"] == "?"                                                 # P-BOT-3
    await comm.disconnect()


@pytest.mark.parametrize("text, code", [
    ("not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "dance"}', "unknown_action"),
    ('{"type": "dahai", "pai": "9z"}', "malformed"),
    ('{"type": "dahai", "pai": "C", "tsumogiri": true}', "illegal"),
    ('{"type": "none"}', "illegal"),
    ('{"type": "dahai", "actor": 2, "pai": "1m"}', "not_your_seat"),
    ('{"type": "pon", "pai": "1m", "consumed": ["1m", "1m"]}', "illegal"),
    ('{"type": "none", "seq": "a"}', "malformed"),                # as on the table socket and API
    ('{"type": "none", "seq": true}', "malformed"),
])
async def test_bad_messages_and_illegal_replies_get_errors_and_change_nothing(text, code):
    bot, game, comm = await _bot_at_practice(human_seat=0)
    request = await receive_until(comm, lambda m: m["type"] == "request")
    before = await _state(game.pk)
    drawn = [o["pai"] for o in request["possible_actions"] if o["type"] == "dahai" and o["tsumogiri"]]
    if '"tsumogiri": true' in text and drawn == ["C"]:
        text = text.replace('"C"', '"N"')           # tsumogiri of a tile it did not draw
    await comm.send_to(text_data=text)
    error = await receive(comm)
    assert error["type"] == "error" and error["code"] == code and error["message"]
    assert await _state(game.pk) == before
    # still usable: a legal answer is taken
    await comm.send_to(text_data=json.dumps({**request["possible_actions"][0], "seq": request["seq"]}))
    await receive_until(comm, lambda m: m["type"] in ("dahai", "reach", "hora", "ankan", "ryukyoku"))
    assert await _state(game.pk) != before
    await comm.disconnect()


async def test_a_stale_seq_is_refused():
    bot, game, comm = await _bot_at_practice(human_seat=0)
    request = await receive_until(comm, lambda m: m["type"] == "request")
    before = await _state(game.pk)
    await comm.send_to(text_data=json.dumps({**request["possible_actions"][0], "seq": request["seq"] - 1}))
    assert (await receive(comm))["code"] == "stale_seq"
    assert await _state(game.pk) == before
    await comm.disconnect()


async def test_wrong_or_missing_token_is_refused_clearly():
    await make_bot()
    comm = bot_socket("mpb_wrong")
    assert (await comm.connect())[0]
    error = await receive(comm)
    assert error["type"] == "error" and error["code"] == "bad_token"
    assert (await comm.receive_output(timeout=RECEIVE_TIMEOUT))["code"] == 4401
    await comm.disconnect()

    comm = bot_socket()
    assert (await comm.connect())[0]
    await comm.send_to(text_data='{"type": "join"}')
    assert (await receive(comm))["code"] == "not_authenticated"
    await comm.send_to(text_data='{"type": "hello", "token": "mpb_nope"}')
    assert (await receive(comm))["code"] == "bad_token"
    await comm.disconnect()


async def test_a_persons_token_or_session_is_not_a_bot(django_user_model):
    person = await database_sync_to_async(django_user_model.objects.create_user)("person", "p@e.com", "pw")
    comm = bot_socket()
    comm.scope["user"] = person                   # a session is not enough: the token is needed
    assert (await comm.connect())[0]
    await comm.send_to(text_data='{"type": "ping"}')
    assert (await receive(comm))["code"] == "not_authenticated"
    await comm.disconnect()


async def test_hello_lists_invitations_and_accept_takes_the_seat(django_user_model):
    bot, token = await make_bot()
    host = await database_sync_to_async(django_user_model.objects.create_user)("host", "h@e.com", "pw")
    table = await database_sync_to_async(tables.create_private_table)(host)
    await database_sync_to_async(tables.invite)(table.pk, host, "robo")
    comm = bot_socket()
    assert (await comm.connect())[0]
    await comm.send_to(text_data=json.dumps({"type": "hello", "token": token}))
    hello = await receive(comm)
    assert hello["games"] == [] and hello["invitations"][0]["host"] == "host"
    await comm.send_to(text_data=json.dumps({"type": "join"}))
    assert (await receive(comm))["type"] == "no_game"
    await comm.send_to(text_data=json.dumps({"type": "accept", "invitation": hello["invitations"][0]["id"]}))
    assert (await receive(comm))["type"] == "accepted"
    await comm.send_to(text_data=json.dumps({"type": "accept", "invitation": hello["invitations"][0]["id"]}))
    assert (await receive(comm))["code"] == "already_seated"
    await comm.send_to(text_data=json.dumps({"type": "join", "game_id": 999999}))
    assert (await receive(comm))["code"] == "not_allowed"
    await comm.disconnect()


async def test_p_bot_4_a_silent_bot_is_played_by_the_timeout_default(monkeypatch, settings):
    """P-BOT-4, P-TIMEOUT-1: the bot never answers; when the deadline (+ allowance) passes the
    server plays the drawn tile for it, recorded as a timeout, and the bot is told."""
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    timers = []
    monkeypatch.setattr(tasks, "schedule_timeouts", lambda game_id, items: timers.extend(items))
    bot, game, comm = await _bot_at_practice(human_seat=0, clock="bullet")
    draw = await receive_until(comm, lambda m: m["type"] == "tsumo")
    request = await receive(comm)
    assert request["type"] == "request" and request["timer"]["turn"]["seat"] == 0
    (seat, seq, deadline, eta) = next(t for t in timers if t[0] == 0)
    assert seq == request["seq"] and eta == deadline + 0.5
    monkeypatch.setattr(clocks, "now", lambda: eta)
    assert await database_sync_to_async(service.apply_timeout)(game.pk, 0, seq, deadline) == "applied"
    played = await receive_until(comm, lambda m: m["type"] == "dahai")
    assert played == {"type": "dahai", "actor": 0, "pai": draw["pai"], "tsumogiri": True}
    record = await database_sync_to_async(
        lambda: ActionRecord.objects.filter(game=game, seat=0, kind="action").get())()
    assert record.timeout
    # a reply now is late/stale: refused, nothing changes
    before = await _state(game.pk)
    await comm.send_to(text_data=json.dumps({**request["possible_actions"][0], "seq": request["seq"]}))
    error = await receive_until(comm, lambda m: m["type"] == "error")
    assert error["code"] in ("stale_seq", "illegal")
    assert await _state(game.pk) == before
    await comm.disconnect()


async def test_p_fair_6_a_masked_pause_holds_back_what_follows_the_bots_discard(monkeypatch, settings):
    """While the masked claim pause after the bot's own discard runs, the bot has its dahai and
    nothing after it (a real claim window would show no more); the rest comes when it ends."""
    from platform_helpers import FakeTime
    settings.COMPUTER_DELAY_MIN = settings.COMPUTER_DELAY_MAX = 0.8
    fake = FakeTime(2_000_000.0)
    monkeypatch.setattr(clocks, "now", fake)
    bot, game, comm = await _bot_at_practice(human_seat=0)
    for _turn in range(15):
        request = await receive_until(comm, lambda m: m["type"] == "request")
        drawn = [o for o in request["possible_actions"] if o["type"] == "dahai" and o["tsumogiri"]]
        if not drawn:
            await comm.send_to(text_data=json.dumps({**request["possible_actions"][0], "seq": request["seq"]}))
            continue
        settings.CLAIM_MASK_SHARE = 1.0             # this discard pauses if nobody can call it
        await comm.send_to(text_data=json.dumps({**drawn[0], "seq": request["seq"]}))
        mine = await receive_until(comm, lambda m: m["type"] == "dahai" and m["actor"] == 0)
        settings.CLAIM_MASK_SHARE = 0.0
        row = await database_sync_to_async(Game.objects.get)(pk=game.pk)
        if not row.claim_mask:
            continue                                 # a computer could call it: a real window
        if row.claim_mask["views"]["public"]["last_discard"]["seat"] != 0:
            fake.t = float(row.claim_mask["until"]) + 0.01        # a computer's discard paused
            await database_sync_to_async(service.end_claim_pause)(game.pk, row.claim_mask["seq"])
            continue
        await comm.send_to(text_data='{"type": "ping"}')
        assert await receive(comm) == {"type": "pong"}, "nothing after the discard during the pause"
        fake.t = float(row.claim_mask["until"]) + 0.01
        assert await database_sync_to_async(service.end_claim_pause)(game.pk, row.claim_mask["seq"]) == "ended"
        after = await receive(comm)
        assert after["type"] == "tsumo" and after["actor"] == 1 and after["pai"] == "?"
        assert mine["pai"] == drawn[0]["pai"]
        await comm.disconnect()
        return
    pytest.fail("no discard of the bot started a pause")


async def test_p_flow_2_a_bot_needs_no_continue_between_hands():
    """A bot's own untimed East-round practice: nobody presses Continue (mjai has no such
    message); the bot counts as having pressed it, so the second hand is dealt."""
    namespace, _connection = docs_bot()
    bot, token = await make_bot()
    game = await database_sync_to_async(service.create_practice)(bot, "riichi", human_seat=0)
    comm = bot_socket(token)
    assert (await comm.connect())[0]
    await receive(comm)
    await comm.send_to(text_data=json.dumps({"type": "join", "game_id": game.pk}))
    kyoku = 0
    while kyoku < 2:
        message = await receive(comm)
        if message["type"] == "start_kyoku":
            kyoku += 1
        elif message["type"] == "request":
            choice = namespace["choose"](message["possible_actions"])
            await comm.send_to(text_data=json.dumps({**choice, "seq": message["seq"]}))
        assert message["type"] not in ("error", "game_closed"), message
    row = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert row.hands_started == 2
    await comm.disconnect()


async def test_a_duplicate_reply_to_an_answered_decision_is_stale_seq_as_for_a_person(monkeypatch):
    """A bot that sends its answer twice gets ``stale_seq`` for the second, as a person's client
    does (``service._check_seq``), not ``illegal``; the second changes nothing. The computers'
    moves are held back, so that no new decision of the bot is open when the copy arrives."""
    held = []
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *args: held.append(args))
    bot, game, comm = await _bot_at_practice(human_seat=0)
    request = await receive_until(comm, lambda m: m["type"] == "request")
    reply = json.dumps({**request["possible_actions"][0], "seq": request["seq"]})
    await comm.send_to(text_data=reply)
    await receive_until(comm, lambda m: m["type"] in ("dahai", "reach", "hora", "ankan", "ryukyoku"))
    mine = database_sync_to_async(lambda: ActionRecord.objects.filter(game_id=game.pk, seat=0,
                                                                      kind="action").count())
    assert await mine() == 1
    await comm.send_to(text_data=reply)
    error = await receive_until(comm, lambda m: m["type"] == "error")
    assert error["code"] == "stale_seq" and str(request["seq"]) in error["message"]
    assert await mine() == 1                              # the duplicate was not applied
    # the same without "seq" (it defaults to the decision last offered): stale too
    no_seq = {k: v for k, v in json.loads(reply).items() if k != "seq"}
    await comm.send_to(text_data=json.dumps(no_seq))
    error = await receive_until(comm, lambda m: m["type"] == "error")
    assert error["code"] == "stale_seq"
    assert await mine() == 1 and held                     # the computers were due to move next
    await comm.disconnect()


async def test_p_bot_1_a_bot_account_cannot_take_its_seat_through_the_browsers_table_socket(django_user_model):
    """A bot account signed in on the site is refused by the person's table WebSocket (close
    4403, told to use /ws/bot/), takes no presence lease and changes nothing, while the host's
    browser client at the same table keeps its seat; the bot then plays through /ws/bot/."""
    bot, token = await make_bot()
    host = await database_sync_to_async(django_user_model.objects.create_user)("host", "h@example.com", "pw")
    table = await database_sync_to_async(tables.create_private_table)(host, clock="untimed")
    await database_sync_to_async(tables.invite)(table.pk, host, "robo")
    invitation = (await database_sync_to_async(lambda: list(tables.pending_invitations(bot)))())[0]
    await database_sync_to_async(tables.answer_invitation)(invitation.pk, bot, True)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 2)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 3)
    game = await database_sync_to_async(tables.start)(table.pk, host)

    person = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    person.scope["user"] = host
    assert (await person.connect())[0]
    assert (await receive_until(person, lambda m: m["type"] == "state"))["game"]["id"] == game.pk
    before = await _state(game.pk)

    browser = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    browser.scope["user"] = bot
    assert (await browser.connect())[0]
    error = await receive(browser)
    assert error["type"] == "error" and error["code"] == "not_allowed" and "/ws/bot/" in error["message"]
    assert (await browser.receive_output(timeout=RECEIVE_TIMEOUT))["code"] == 4403
    await browser.disconnect()
    bot_seat = await database_sync_to_async(lambda: Seat.objects.get(game=game, user=bot))()
    assert not bot_seat.presence_channel and bot_seat.presence_until is None   # never held the seat
    assert await _state(game.pk) == before
    await person.send_to(text_data='{"type": "ping"}')
    assert (await receive_until(person, lambda m: m["type"] != "state"))["type"] == "pong"

    comm = bot_socket(token)                               # the bot's own way in works
    assert (await comm.connect())[0]
    assert (await receive(comm))["games"][0]["game_id"] == game.pk
    await comm.send_to(text_data=json.dumps({"type": "join", "game_id": game.pk}))
    assert (await receive(comm))["type"] == "start_game"
    await comm.disconnect()
    await person.disconnect()


async def test_p_bot_2_a_listed_bot_takes_a_public_tables_computer_seat_and_plays_it_over_ws_bot(django_user_model):
    """Several clients at one public table: a visitor's lobby socket shows the listed bot's seat
    with the computer badge; when its join fills the table the ranked game starts, the host's
    table socket shows the bot as a computer, and the bot plays its seat through /ws/bot/."""
    from django.utils import timezone

    from games import public_tables

    bot, token = await make_bot()
    bot.computer_listed = True
    await database_sync_to_async(bot.save)()

    def person(name):
        return django_user_model.objects.create_user(name, f"{name}@example.com", "pw",
                                                     email_confirmed_at=timezone.now())
    host = await database_sync_to_async(person)("host")
    guest = await database_sync_to_async(person)("guest")
    table = await database_sync_to_async(public_tables.create_public_table)(host)
    lobby = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/lobby/")
    assert (await lobby.connect())[0]
    await receive_until(lobby, lambda m: m["type"] == "lobby" and m["tables"])
    await database_sync_to_async(public_tables.join_public_table)(table.pk, bot)
    shown = await receive_until(lobby, lambda m: m["type"] == "lobby" and m["tables"][0]["seats"][1]["name"])
    seat = shown["tables"][0]["seats"][1]
    assert seat["name"] == "robo" and seat["is_computer"] is True            # badged in the lobby
    await database_sync_to_async(public_tables.join_public_table)(table.pk, guest)
    await database_sync_to_async(tables.add_computer)(table.pk, host, 3)     # the second computer
    await receive_until(lobby, lambda m: m["type"] == "lobby" and not m["tables"])   # started: gone
    await lobby.disconnect()
    joined = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk))()
    assert joined.status == "started" and joined.game_id is not None

    game = await database_sync_to_async(lambda: Game.objects.get(pk=joined.game_id))()
    assert game.ranked
    person_socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game.pk}/")
    person_socket.scope["user"] = host
    assert (await person_socket.connect())[0]
    state = await receive_until(person_socket, lambda m: m["type"] == "state")
    assert [p["is_computer"] for p in state["game"]["players"] if p["name"] == "robo"] == [True]

    comm = bot_socket(token)
    assert (await comm.connect())[0]
    hello = await receive(comm)
    assert hello["games"] == [{"game_id": game.pk, "seat": hello["games"][0]["seat"], "kind": "public",
                               "clock": game.clock}]
    await comm.send_to(text_data=json.dumps({"type": "join"}))
    start = await receive(comm)
    assert start["type"] == "start_game" and start["names"][start["id"]] == "robo"
    await comm.disconnect()
    await person_socket.disconnect()


async def test_a_game_of_a_family_mjai_cannot_express_is_refused_at_join_without_a_traceback(caplog):
    """A bot holding a seat in a Taiwanese game (seated before bots were kept to Riichi, or by
    staff) is told at ``join`` that the bot protocol cannot play it: a clear error, no seat
    claimed, no traceback in the log; ``join`` without a number skips that game."""
    bot, token = await make_bot()
    game = await database_sync_to_async(_taiwanese_game_with)(bot)
    comm = bot_socket(token)
    assert (await comm.connect())[0]
    await receive(comm)                                             # hello
    await comm.send_to(text_data=json.dumps({"type": "join", "game_id": game.pk}))
    error = await receive(comm)
    assert error["type"] == "error" and error["code"] == "not_allowed" and "Riichi" in error["message"]
    await comm.send_to(text_data=json.dumps({"type": "join"}))
    assert (await receive(comm))["type"] == "no_game"
    assert not [r for r in caplog.records if r.exc_info]
    await comm.disconnect()


def _taiwanese_game_with(bot):
    """A Taiwanese practice game with ``bot`` in seat 0, made behind the checks' back."""
    from django.contrib.auth import get_user_model
    person = get_user_model().objects.create_user("twhost", "tw@example.com", "pw-Secret-123")
    game = service.create_practice(person, "taiwanese-single-deal", human_seat=0)
    Seat.objects.filter(game=game, seat=0).update(user=bot)
    return game
