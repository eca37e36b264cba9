"""Log-in throttling (django-axes), per-account game limits and API throttling (issue 8;
P-ACCT-5). No test waits: the cool-off is passed by moving the stored attempts back in time."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games import service
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

RIGHT = "pw-Secret-123"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """A fast hasher: these tests try many passwords (the hasher is not under test)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def action_rate(settings):
    """``action_rate("5/min")``: the actions API's throttle rate for one test (DRF keeps the
    rates in a class attribute read at import), restored afterwards; the counts start empty."""
    from django.core.cache import cache
    from rest_framework.throttling import SimpleRateThrottle
    saved = SimpleRateThrottle.THROTTLE_RATES
    cache.clear()

    def set_rate(rate: str) -> None:
        SimpleRateThrottle.THROTTLE_RATES = {**saved, "actions": rate}

    yield set_rate
    SimpleRateThrottle.THROTTLE_RATES = saved
    cache.clear()


def _log_in(client, username: str, password: str, ip: str = "203.0.113.7"):
    return client.post(reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=ip)


def _signed_in(client) -> bool:
    return "_auth_user_id" in client.session


def _pass_the_cool_off() -> None:
    """Move every stored failed attempt back past the cool-off (16 minutes)."""
    from axes.models import AccessAttempt
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(minutes=16)
        attempt.save()


def test_p_acct_5_the_11th_wrong_password_and_then_the_right_one_are_refused_until_the_cool_off(
        client, make_user, settings):
    assert settings.AXES_FAILURE_LIMIT == 10
    make_user("grace")
    for attempt in range(9):
        response = _log_in(client, "grace", f"wrong-{attempt}")
        assert response.status_code == 200 and not _signed_in(client)      # the form again
    tenth = _log_in(client, "grace", "wrong-9")
    assert tenth.status_code == 429                                         # locked now
    eleventh = _log_in(client, "Grace", "wrong-10")                         # any case
    assert eleventh.status_code == 429 and not _signed_in(client)
    page = eleventh.content.decode()
    assert "Too many attempts" in page and "15 minutes" in page and reverse("password_reset") in page
    right = _log_in(client, "grace", RIGHT)
    assert right.status_code == 429 and not _signed_in(client)              # refused in lock-out
    _pass_the_cool_off()
    after = _log_in(client, "grace", RIGHT)
    assert after.status_code == 302 and _signed_in(client)


def test_p_acct_5_the_lock_out_is_per_username_and_address(client, make_user):
    make_user("heidi")
    make_user("ivan")
    for attempt in range(10):
        _log_in(client, "heidi", f"wrong-{attempt}")
    assert _log_in(client, "heidi", RIGHT).status_code == 429
    assert _log_in(client, "heidi", RIGHT, ip="198.51.100.9").status_code == 302   # other address
    client.logout()
    assert _log_in(client, "ivan", RIGHT).status_code == 302                       # other account


def test_p_acct_5_a_password_reset_ends_the_lock_out(client, make_user):
    make_user("judy")
    for attempt in range(10):
        _log_in(client, "judy", f"wrong-{attempt}")
    assert _log_in(client, "judy", RIGHT).status_code == 429
    client.post(reverse("password_reset"), {"email": "judy@example.com"})
    path = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[-1].body).group(1)
    form = client.get(path, follow=True).redirect_chain[-1][0]
    new = "a-New-Secret-456"
    assert client.post(form, {"new_password1": new, "new_password2": new}).status_code == 302
    assert _log_in(client, "judy", new).status_code == 302 and _signed_in(client)


def test_p_acct_5_a_successful_log_in_resets_the_count(client, make_user):
    make_user("ken")
    for attempt in range(9):
        _log_in(client, "ken", f"wrong-{attempt}")
    assert _log_in(client, "ken", RIGHT).status_code == 302
    client.logout()
    for attempt in range(9):
        assert _log_in(client, "ken", f"wrong-{attempt}").status_code == 200
    assert _log_in(client, "ken", RIGHT).status_code == 302


def test_p_acct_5_the_admin_log_in_is_throttled_too(client, make_user):
    from django.contrib.auth import get_user_model
    get_user_model().objects.create_superuser("root", "root@example.com", RIGHT)
    url = reverse("admin:login")
    for attempt in range(10):
        client.post(url, {"username": "root", "password": f"wrong-{attempt}"}, REMOTE_ADDR="203.0.113.7")
    response = client.post(url, {"username": "root", "password": RIGHT}, REMOTE_ADDR="203.0.113.7")
    assert response.status_code == 429 and not _signed_in(client)


# ------------------------------------------------------------------ creating games

def test_creating_games_is_limited_per_account_in_the_api_and_the_page(client, alice, settings):
    settings.MAX_ACTIVE_PRACTICE = 3
    settings.GAME_CREATE_LIMIT = 100
    client.force_login(alice)
    url = reverse("api-games")
    for _ in range(3):
        assert client.post(url, {}, content_type="application/json").status_code == 201
    refused = client.post(url, {}, content_type="application/json")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_active"
    assert "unfinished practice games" in refused.json()["message"]
    page = client.post(reverse("practice"), {"preset": "riichi-single-deal", "clock": "untimed",
                                             "strength": list(service.available_strengths())[0]})
    assert page.status_code == 200 and "unfinished practice games" in page.content.decode()
    assert Game.objects.count() == 3                                     # nothing created
    # Finishing one (here: abandoning it) frees a place.
    Game.objects.filter(pk=Game.objects.first().pk).update(status=Game.Status.ABANDONED)
    assert client.post(url, {}, content_type="application/json").status_code == 201


def test_creating_games_is_rate_limited_per_account(client, alice, make_user, settings):
    settings.MAX_ACTIVE_PRACTICE = 100
    settings.GAME_CREATE_LIMIT = 10
    settings.GAME_CREATE_WINDOW_SECONDS = 600
    client.force_login(alice)
    url = reverse("api-games")
    for _ in range(10):
        assert client.post(url, {}, content_type="application/json").status_code == 201
    refused = client.post(url, {}, content_type="application/json")
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert 1 <= int(refused["Retry-After"]) <= 601
    assert Game.objects.count() == 10
    # Another account is not affected.
    client.force_login(make_user("bob"))
    assert client.post(url, {}, content_type="application/json").status_code == 201
    # Eleven minutes later (the stored creation times moved back) alice may create again.
    Game.objects.filter(created_by=alice).update(created_at=timezone.now() - timedelta(minutes=11))
    client.force_login(alice)
    assert client.post(url, {}, content_type="application/json").status_code == 201


def test_the_actions_api_is_throttled_per_account(client, alice, action_rate):
    action_rate("5/min")
    game = service.create_practice(alice, human_seat=0)
    client.force_login(alice)
    url = reverse("api-game-action", args=[game.pk])
    codes = [client.post(url, {"seq": 999, "action": {"type": "pass"}},
                         content_type="application/json").status_code for _ in range(7)]
    assert codes == [409] * 5 + [429] * 2
    assert client.get(reverse("api-game", args=[game.pk])).status_code == 200   # other calls


async def test_p_acct_5_a_session_naming_the_throttle_backend_opens_the_table(alice):
    """A session stored with the first listed backend (the log-in throttle: what
    ``force_login`` and a ``login()`` without a backend record) is a signed-in session on
    the WebSocket too, not an HTTP 500 at the handshake (issue 8)."""
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator
    from django.test import Client

    from games import service
    from mahjongsite.asgi import application

    game = await database_sync_to_async(service.create_practice)(alice, human_seat=0)
    client = Client()
    await database_sync_to_async(client.force_login)(alice)
    session_backend = await database_sync_to_async(
        lambda: client.session["_auth_user_backend"])()
    assert session_backend == "accounts.throttle.LoginThrottleBackend"
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    comm = WebsocketCommunicator(application, f"/ws/games/{game.pk}/",
                                 headers=[(b"cookie", cookie.encode()), (b"origin", b"http://127.0.0.1"),
                                          (b"host", b"127.0.0.1")])
    connected, _ = await comm.connect(timeout=20)
    assert connected
    message = await comm.receive_json_from(timeout=20)
    assert message["type"] == "state" and message["game"]["my_seat"] == 0
    await comm.disconnect()
