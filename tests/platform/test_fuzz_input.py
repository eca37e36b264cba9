"""A bounded, deterministic fuzzer of hostile input (issue 8, "Build and prove" 3).

Hypothesis (``derandomize=True``: the same examples on every run; a few dozen per test, so the
module runs in well under a minute) sends:

- hostile WebSocket messages to a live practice table through Channels' WebsocketCommunicator:
  wrong types, deep nesting, huge payloads, wrong and huge seq numbers, other seats' actions,
  unknown message and action types, invalid UTF-8-like text, floods;
- hostile HTTP requests to every page and API endpoint: bad ids, bad query parameters, bad
  JSON bodies, wrong content types, huge bodies;

and asserts every time: never a 500, no traceback logged (``games`` / ``django.request`` at
ERROR), the game's stored log, seq and state_version unchanged, every message answered and the
connection still open (except the documented flood close, code 4429), and the memory used
while a connection is flooded bounded (tracemalloc).
"""
from __future__ import annotations

import asyncio
import json
import logging
import string
import tracemalloc

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from platform_helpers import finish

from games import service
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

FUZZ = settings(derandomize=True, deadline=None, database=None, max_examples=30,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
RECEIVE_TIMEOUT = 10    # seconds to wait for an answer before failing (not a timing assertion)
ACTION_TYPES = ["discard", "riichi", "tsumo", "ron", "chi", "pon", "daiminkan", "ankan",
                "shouminkan", "kyuushu", "pass"]


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (json.dumps(game.log, sort_keys=True), game.seq, game.state_version, game.status,
            json.dumps(game.clock_state, sort_keys=True))


@pytest.fixture
def errors_logged(caplog):
    games_log = logging.getLogger("games")
    games_log.addHandler(caplog.handler)
    caplog.set_level(logging.ERROR)
    yield lambda: [f"{r.name}: {r.getMessage()}" for r in caplog.records
                   if r.levelno >= logging.ERROR and r.name.split(".")[0] in ("games", "django")]
    games_log.removeHandler(caplog.handler)


# ------------------------------------------------------------------ strategies

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                    st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)


def nested(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


def actions(current_seq: int, my_seat: int):
    """Action payloads that must all be refused: bad fields, other seats, any seq but now."""
    bad_seq = st.one_of(st.integers().filter(lambda s: s != current_seq), st.floats(allow_nan=False),
                        st.text(max_size=10), st.none(), st.booleans(), st.just(10 ** 30),
                        st.lists(st.integers(), max_size=3))
    fields = st.fixed_dictionaries({
        "type": st.one_of(st.sampled_from(ACTION_TYPES), st.text(max_size=12), json_values),
    }, optional={
        "seat": st.one_of(st.integers(0, 3).filter(lambda s: s != my_seat), json_values),
        "tile": st.one_of(st.integers(-5, 140), json_values),
        "tiles": st.one_of(st.lists(st.integers(-2, 140), max_size=5), json_values),
    })
    return st.fixed_dictionaries({"type": st.just("action"), "seq": bad_seq,
                                  "action": st.one_of(fields, json_values)})


def ws_texts(current_seq: int, my_seat: int):
    return st.one_of(
        actions(current_seq, my_seat).map(json.dumps),
        st.fixed_dictionaries({"type": st.just("continue"), "seq": json_values}).map(json.dumps),
        st.dictionaries(st.text(max_size=8), json_values, max_size=5).map(json.dumps),
        json_values.map(json.dumps),
        st.text(max_size=200),
        st.text(alphabet=string.printable, max_size=200),
        st.binary(max_size=100),
        st.builds(nested, st.integers(5, 3000), st.sampled_from(["list", "dict"])),
        st.integers(4000, 20_000).map(lambda n: json.dumps({"type": "ping", "pad": "é" * n})),
        st.integers(1, 4500).map(lambda n: '{"type": "action", "seq": 1' + "0" * n + "}"),
        st.sampled_from(["", " ", "null", "[]", "{}", '{"type": null}', '{"type": 1}', "\x00",
                         '{"type": "ping"', '"ping"', "NaN", "Infinity", '{"type": "ping"}' * 3,
                         "\ud800", '{"type":"state"}']),
    )


# ------------------------------------------------------------------ the WebSocket

def _communicator(user, game_id: int):
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator

    from games.routing import websocket_urlpatterns
    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    comm.scope["user"] = user
    return comm


async def _next(comm) -> dict:
    return json.loads(await comm.receive_from(timeout=RECEIVE_TIMEOUT))


@pytest.fixture
def table(alice):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    game.refresh_from_db()
    return game


def test_fuzz_hostile_websocket_messages_change_nothing_and_keep_the_connection(table, alice, errors_logged):
    before = snapshot(table)
    seq = table.seq

    @FUZZ
    @given(texts=st.lists(ws_texts(seq, 0), min_size=1, max_size=8))
    @example(texts=[nested(3000, "list"), nested(2000, "dict"), nested(9, "list")])     # the known
    @example(texts=['{"type": "ping", "pad": "' + "é" * 2100 + '"}', "", b"\xff\xfe"])  # hostile classes
    @example(texts=['{"type": "action", "seq": 1' + "0" * 4050 + ', "action": {"type": "pass"}}',
                    json.dumps({"type": "action", "seq": seq, "action": {"type": "discard", "seat": 1, "tile": 0}}),
                    json.dumps({"type": "action", "seq": seq - 1, "action": {"type": "pass"}}),
                    json.dumps({"type": "action", "seq": seq, "action": {"type": ["discard"]}}),
                    json.dumps({"type": "action", "seq": seq, "action": {"type": "discard", "tile": 135.5}}),
                    json.dumps({"type": "dance"}), json.dumps({"type": "continue", "seq": seq})])
    def run(texts):
        async def scenario():
            comm = _communicator(alice, table.pk)
            assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
            assert (await _next(comm))["type"] == "state"
            for text in texts:
                frame = {"type": "websocket.receive"}
                frame.update({"bytes": text} if isinstance(text, bytes) else {"text": text})
                await comm.send_input(frame)
                answer = await _next(comm)
                assert answer["type"] in ("error", "pong", "state"), answer
                if answer["type"] == "error":
                    assert answer["code"] in ("malformed", "unknown_action", "not_your_seat",
                                              "stale_seq", "illegal", "not_allowed"), answer
                    assert "could not handle" not in answer["message"], (text[:200], answer)
                    assert len(answer["message"]) <= 300
            await comm.send_json_to({"type": "ping"})
            assert await _next(comm) == {"type": "pong"}          # still open
            await comm.disconnect(timeout=RECEIVE_TIMEOUT)

        asyncio.run(scenario())
        assert snapshot(table) == before
        assert errors_logged() == []

    run()


def test_fuzz_floods_are_dropped_or_closed_and_memory_stays_bounded(table, alice, settings, errors_logged):
    """500 messages of 4 KiB (2 MB) sent in bursts of 100 on one connection: the burst of 20
    (and what the rate refills) pass, the rest are refused without being kept; the peak of
    memory allocated meanwhile stays under 1 MB. With the default flood limit the connection is
    closed with 4429 after a few dozen."""
    from games.ratelimit import FLOOD_CLOSE_CODE
    before = snapshot(table)
    settings.WS_RATE_BURST = 20                # the site's limit (conftest lifts it for other tests)
    settings.WS_FLOOD_LIMIT = 10 ** 9          # never closed: every message goes through the limiter
    pad = json.dumps({"type": "ping", "pad": "x" * 4000})

    async def flood() -> tuple[int, dict]:
        comm = _communicator(alice, table.pk)
        assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
        await _next(comm)
        counts: dict[str, int] = {}
        tracemalloc.start()
        for _ in range(5):                       # bursts of 100 sent before any answer is read
            for _ in range(100):
                await comm.send_to(text_data=pad)
            for _ in range(100):
                answer = await _next(comm)
                key = answer.get("code", answer["type"])
                counts[key] = counts.get(key, 0) + 1
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        await comm.disconnect(timeout=RECEIVE_TIMEOUT)
        return peak, counts

    peak, counts = asyncio.run(flood())
    print(f"flood: 500 × 4 KiB messages, tracemalloc peak {peak / 1e6:.2f} MB, answers {counts}")
    assert counts.get("pong", 0) >= 20 and counts.get("rate_limited", 0) >= 250
    assert sum(counts.values()) == 500
    assert peak < 1_000_000

    settings.WS_RATE_BURST = 20                # the site's limit (conftest lifts it for other tests)
    settings.WS_FLOOD_LIMIT = 50

    async def closed() -> dict:
        comm = _communicator(alice, table.pk)
        assert (await comm.connect(timeout=RECEIVE_TIMEOUT))[0]
        await _next(comm)
        for _ in range(500):
            await comm.send_to(text_data=pad)
        while True:
            output = await comm.receive_output(timeout=RECEIVE_TIMEOUT)
            if output["type"] == "websocket.close":
                return output

    assert asyncio.run(closed()) == {"type": "websocket.close", "code": FLOOD_CLOSE_CODE}
    assert snapshot(table) == before
    assert errors_logged() == []


# ------------------------------------------------------------------ HTTP

PATHS = ["/", "/practice/", "/games/", "/games/{id}/", "/games/{id}/review/", "/games/{id}/replay/",
         "/accounts/signup/", "/accounts/login/", "/accounts/confirm/resend/", "/accounts/confirm/{s}/",
         "/accounts/password_reset/", "/accounts/password_change/", "/accounts/reset/{s}/{s}/",
         "/players/{s}/", "/computers/", "/i18n/setlang/", "/api/me/", "/api/games/", "/api/games/{id}/",
         "/api/games/{id}/log/", "/api/games/{id}/replay/", "/api/games/{id}/actions/", "/admin/login/",
         "/leaderboard/", "/leaderboard/{s}/", "/leaderboard/{s}/computers/", "/players/{s}/rated/{s}/",
         "/report/", "/api/leaderboard/{s}/", "/api/leaderboard/riichi/computers/"]
BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
              "text/plain", "application/json; charset=latin-1", "application/xml", ""]


def game_ids(ids: list[int]):
    return st.one_of(st.sampled_from(ids), st.integers(0, 10 ** 30), st.sampled_from([2 ** 63, 2 ** 63 - 1, 2 ** 31]))


def bodies(current_seq: int):
    return st.one_of(
        json_values.map(json.dumps),
        actions(current_seq, 0).map(json.dumps),
        st.builds(nested, st.sampled_from([9, 50, 999, 1500, 5000, 50_000]), st.sampled_from(["list", "dict"])),
        st.sampled_from([10, 5000, 17_000, 400_000]).map(lambda n: '{"a": "' + "x" * n + '"}'),
        st.integers(1, 5000).map(lambda n: '{"seq": 1' + "0" * n + ', "action": {"type": "pass"}}'),
        st.binary(max_size=200),
        st.text(max_size=200),
        st.dictionaries(st.sampled_from(["preset", "strength", "clock", "seq", "action"]),
                        st.one_of(json_values, st.just("riichi"), st.just("untimed")), max_size=4).map(json.dumps),
    )


def api_posts(ids: list[int], current_seq: int):
    """POSTs with hostile bodies to the API endpoints that read one, signed in."""
    deep = st.builds(nested, st.sampled_from([9, 999, 5000, 50_000]), st.sampled_from(["list", "dict"]))
    return st.tuples(st.sampled_from(["/api/games/{id}/actions/", "/api/games/"]), st.just("POST"),
                     st.one_of(st.just(ids[0]), game_ids(ids)), st.just("x"), st.just({}),
                     st.one_of(deep, bodies(current_seq)),
                     st.sampled_from(["application/json"] * 6 + BODY_TYPES), st.just(True))


def any_requests(ids: list[int], current_seq: int):
    """Any path and method, hostile ids, path segments and query parameters, any body."""
    segment = st.one_of(st.text(alphabet=string.ascii_letters + string.digits + "-_.~%", min_size=1,
                                max_size=40), st.sampled_from(["x" * 3000, "%00", "%C0%AF", "..", "²"]))
    query = st.dictionaries(st.sampled_from(["hand", "next", "page", "seq", "format", "lang", "q"]),
                            st.one_of(st.text(max_size=30), st.sampled_from(["9" * 5000, "²", "last", "-1"]),
                                      st.integers().map(str)), max_size=3)
    return st.tuples(st.sampled_from(PATHS), st.sampled_from(["GET", "GET", "POST", "PUT", "PATCH", "DELETE",
                                                              "HEAD", "OPTIONS"]),
                     game_ids(ids), segment, query, st.one_of(st.none(), bodies(current_seq)),
                     st.sampled_from(BODY_TYPES), st.booleans())


@pytest.mark.parametrize("kind", ["api bodies", "any path and query"])
def test_fuzz_hostile_http_requests_never_get_a_500_and_change_nothing(kind, table, alice, make_user,
                                                                        errors_logged, settings):
    from django.test import Client
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MAX_ACTIVE_PRACTICE = 10 ** 6      # creation by chance must not hide other input
    settings.GAME_CREATE_LIMIT = 10 ** 6
    other = service.create_practice(make_user("mallory"), "riichi-single-deal")
    done = finish(service.create_practice(alice, "riichi-single-deal"))
    watched = [table, other, done]
    before = [snapshot(g) for g in watched]
    ids = [table.pk, other.pk, done.pk]
    strategy = api_posts(ids, table.seq) if kind == "api bodies" else any_requests(ids, table.seq)

    @settings_for_http
    @given(request=strategy)
    @example(request=("/api/games/{id}/actions/", "POST", ids[0], "x", {}, nested(50_000, "list"), "application/json", True))
    @example(request=("/api/games/", "POST", ids[0], "x", {}, nested(5000, "dict"), "application/json", True))
    @example(request=("/api/games/{id}/actions/", "POST", ids[0], "x", {}, '{"seq": 1' + "0" * 5000 + "}",
                      "application/json", True))
    @example(request=("/api/games/{id}/actions/", "POST", ids[0], "x", {}, '{"a": "' + "x" * 400_000 + '"}',
                      "application/json", True))
    @example(request=("/api/games/{id}/actions/", "POST", ids[0], "x", {}, "seq=1", "application/x-www-form-urlencoded", True))
    @example(request=("/games/{id}/replay/", "GET", ids[2], "x", {"hand": "²"}, None, "", True))
    @example(request=("/api/games/{id}/replay/", "GET", ids[2], "x", {"hand": "9" * 5000}, None, "", True))
    @example(request=("/api/games/{id}/", "GET", 2 ** 63, "x", {}, None, "", True))
    @example(request=("/players/{s}/", "GET", 0, "x" * 3000, {}, None, "", False))
    @example(request=("/report/", "POST", 0, "x", {}, "game=" + "9" * 5000 + "&account=mallory&category=other",
                      "application/x-www-form-urlencoded", True))
    @example(request=("/report/", "GET", 0, "x", {"game": "²"}, None, "", True))
    @example(request=("/report/", "GET", 0, "x", {"game": "9" * 30, "hand": "-1"}, None, "", True))
    @example(request=("/leaderboard/", "GET", 0, "x", {"page": "9" * 5000}, None, "", True))
    @example(request=("/api/leaderboard/{s}/", "GET", 0, "riichi", {"page": "²"}, None, "", False))
    @example(request=("/players/{s}/rated/{s}/", "GET", 0, "riichi", {"page": "9" * 5000}, None, "", False))
    def run(request):
        path, method, game_id, segment, query, body, content_type, signed_in = request
        url = path.replace("{id}", str(game_id)).replace("{s}", segment)
        browser = Client()
        if signed_in:
            browser.force_login(alice)
        data = b"" if body is None else (body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass"))
        if method in ("GET", "HEAD", "OPTIONS", "DELETE") or body is None:
            response = browser.generic(method, url, QUERY_STRING=_query(query))
        else:
            response = browser.generic(method, url + ("?" + _query(query) if query else ""), data,
                                       content_type=content_type)
        shown = (method, url[:120], query, data[:120], content_type)
        assert response.status_code < 500, (shown, response.status_code)
        assert [snapshot(g) for g in watched] == before, shown
        assert errors_logged() == [], (shown, errors_logged())

    run()


def _query(params: dict) -> str:
    from urllib.parse import urlencode
    return urlencode(params)


settings_for_http = settings(FUZZ, max_examples=50)
