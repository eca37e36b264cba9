"""A bot account in the browser and the person's API (issue 13 item 3; P-BOT-1), the bot API
page (/docs/bot-api/), and clear errors for malformed action and practice requests."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse
from platform_helpers import api

from accounts import bot_docs, bots
from accounts.computers import ensure_computer_accounts
from games import service
from games.models import ActionRecord, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def bot_practice(bot):
    ensure_computer_accounts()
    return service.create_practice(bot, "riichi-single-deal", human_seat=0)


def _legal(game) -> tuple[int, dict]:
    from games.views_state import seat_view
    game.refresh_from_db()
    view = seat_view(game, 0)
    return view["seq"], view["legal_actions"][0]


# --------------------------------------------------------------------------- no browser play


def test_p_bot_1_the_action_api_refuses_a_bot_account_by_session_or_token(bot, bot_practice):
    seq, action = _legal(bot_practice)
    for client in (api(bot), api(token=bots.make_token(bot))):
        response = client.post(f"/api/games/{bot_practice.pk}/actions/", {"seq": seq, "action": action},
                               format="json")
        assert response.status_code == 403 and response.json()["code"] == "not_allowed"
        assert "/ws/bot/" in response.json()["message"]
    assert not ActionRecord.objects.filter(game=bot_practice, kind="action", seat=0).exists()
    bot_practice.refresh_from_db()
    assert bot_practice.seq == seq


def test_p_bot_1_the_table_page_tells_a_bot_account_to_use_the_bot_api(client, bot, bot_practice):
    client.force_login(bot)
    page = client.get(reverse("table", args=[bot_practice.pk]))
    text = page.content.decode()
    assert page.status_code == 403
    assert 'data-role="bot-api-notice"' in text and reverse("bot_api_doc") in text
    assert "/ws/games/" not in text                        # no table client that would connect
    assert "badge-computer" in text                        # its own name carries the badge


def test_p_bot_1_the_practice_page_tells_a_bot_account_to_use_the_bot_api_and_creates_nothing(client, bot):
    ensure_computer_accounts()
    client.force_login(bot)
    page = client.get(reverse("practice")).content.decode()
    assert 'data-role="bot-api-notice"' in page and 'name="preset"' not in page
    posted = client.post(reverse("practice"), {"preset": "riichi-single-deal", "clock": "untimed",
                                               "strength": list(service.available_strengths())[0]})
    assert posted.status_code == 403 and not Game.objects.exists()
    client.force_login(bot)
    spanish = client.get(reverse("practice"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "esta es una cuenta de bot" in spanish.lower()


# --------------------------------------------------------------------------- the bot API page


def test_bot_api_page_renders_the_protocol_document_and_the_bot_page_links_it(client, bot):
    page = client.get(reverse("bot_api_doc"))
    text = page.content.decode()
    assert page.status_code == 200
    assert "<h1>The bot API: outside computers speaking mjai</h1>" in text
    assert "<table>" in text and '<code class="language-python">' in text
    assert "docs/bot-api.md" not in text.split('data-role="bot-api-doc"')[0]
    client.force_login(bot)
    settings_page = client.get(reverse("bot_settings")).content.decode()
    assert f'href="{reverse("bot_api_doc")}"' in settings_page
    assert "described in docs/bot-api.md" not in settings_page


def test_bot_api_page_escapes_raw_html_in_the_document(client, tmp_path, monkeypatch, settings):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "bot-api.md").write_text(
        "# Title\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick=x>b</b>\n")
    monkeypatch.setattr(settings, "BASE_DIR", tmp_path)
    bot_docs._rendered.cache_clear()
    text = client.get(reverse("bot_api_doc")).content.decode()
    bot_docs._rendered.cache_clear()
    assert "<h1>Title</h1>" in text
    assert "<script>alert(1)</script>" not in text and "&lt;script&gt;" in text
    assert 'href="javascript:' not in text and "<b onclick" not in text


# --------------------------------------------------------------------------- clear errors


def test_p_play_3_a_bare_action_string_gets_the_expected_shape_with_an_example(make_user):
    ensure_computer_accounts()
    person = make_user("person")
    game = service.create_practice(person, "riichi-single-deal", human_seat=0)
    seq, _action = _legal(game)
    client = api(person)
    url = f"/api/games/{game.pk}/actions/"
    response = client.post(url, {"seq": seq, "action": "discard"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "malformed"
    message = response.json()["message"]
    assert "not a string" in message and service.ACTION_EXAMPLE in message
    whole = client.post(url, json.dumps("discard"), content_type="application/json")
    assert whole.status_code == 400 and whole.json()["code"] == "malformed"
    assert '"seq"' in whole.json()["message"] and service.ACTION_EXAMPLE in whole.json()["message"]
    game.refresh_from_db()
    assert game.seq == seq and not ActionRecord.objects.filter(game=game, kind="action").exists()


@pytest.mark.parametrize("body, content_type", [(b"", None), (b"", "application/json"), (b"  ", "text/plain"),
                                                (b"[]", "application/json")])
def test_p_prac_1_practice_creation_refuses_a_missing_body_and_creates_nothing(make_user, body, content_type):
    ensure_computer_accounts()
    client = api(make_user("person"))
    extra = {"content_type": content_type} if content_type else {}
    response = client.generic("POST", "/api/games/", body, **extra)
    assert response.status_code in (400, 415)
    if response.status_code == 400:
        assert response.json()["code"] == "malformed" and '"preset"' in response.json()["message"]
    assert not Game.objects.exists()
    assert client.post("/api/games/", {}, format="json").status_code == 201      # {} takes the defaults
