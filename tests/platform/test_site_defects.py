"""Defects found in a new-user trial (issue 11 item 8): a full table's invite link, a GET on an
invitation's answer address, the site's own 404 and 500 pages in the embedded default
(DEBUG off unless asked for), and one channel-layer sender for game and room notices
(P-TABLE-6, DESIGN §3)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory
from django.urls import reverse

from accounts.computers import ensure_computer_accounts
from games import notify, tables
from games.models import Invitation, Table, TableSeat

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db, django_user_model):
    ensure_computer_accounts()
    return [django_user_model.objects.create(username=name, email=f"{name}@example.com")
            for name in ("host", "friend", "late")]


def _full_table(people) -> Table:
    table = tables.create_private_table(people[0])
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, people[0], 2)
    tables.add_computer(table.pk, people[0], 3)
    return table


def test_p_table_6_full_table_invite_link_says_full_instead_of_offering_a_seat(client, people):
    table = _full_table(people)
    client.force_login(people[2])
    link = reverse("join_table", args=[table.invite_token])
    response = client.get(link)
    page = response.content.decode()
    assert response.status_code == 409
    assert 'data-role="join-error"' in page and "This table is full." in page
    assert 'data-role="join"' not in page                          # no button that can only fail
    spanish = client.get(link, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Esta mesa está completa." in spanish
    assert TableSeat.objects.filter(table=table).count() == 4


def test_p_table_6_p_table_4_invite_link_with_a_free_seat_offers_it_with_the_rules_label(client, people):
    table = tables.create_private_table(people[0])
    client.force_login(people[2])
    page = client.get(reverse("join_table", args=[table.invite_token])).content.decode()
    assert 'data-role="join"' in page and "This table is full." not in page
    assert f'href="{reverse("rules", args=[table.preset_name])}"' in page       # P-TABLE-4 label


def test_p_table_6_get_on_an_invitation_answer_goes_to_the_lobby_and_changes_nothing(client, people):
    table = tables.create_private_table(people[0])
    invitation = tables.invite(table.pk, people[0], people[2].username)
    client.force_login(people[2])
    response = client.get(reverse("answer_invitation", args=[invitation.pk]))
    assert response.status_code == 302 and response.url == reverse("lobby")
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.PENDING
    lobby = client.get(response.url).content.decode()
    assert 'data-role="accept-invitation"' in lobby                # the answer buttons are there


def test_site_404_page_looks_like_the_site_in_both_languages(client, settings):
    assert settings.DEBUG is False
    for lang, title in (("en", "Page not found"), ("es", "Página no encontrada")):
        response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=lang)
        page = response.content.decode()
        assert response.status_code == 404
        assert title in page and 'class="site-header"' in page and f'href="{reverse("lobby")}"' in page
        assert "Django" not in page and "URLconf" not in page


def test_site_500_page_renders_without_a_request_context():
    from django.views.defaults import server_error
    response = server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert 'data-role="error-500"' in page and "Something went wrong" in page and "/static/css/site.css" in page


def _embedded_settings(tmp_path, **extra) -> list[str]:
    env = {k: v for k, v in os.environ.items()
           if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL"} and not k.startswith("SECURE_")}
    env.update({"DJANGO_SETTINGS_MODULE": "mahjongsite.settings",
                "MP_SECRET_KEY_FILE": str(tmp_path / "secret_key")}, **extra)
    code = ("import django; django.setup(); from django.conf import settings as s; "
            "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
            "getattr(s, 'SESSION_COOKIE_SECURE', False), s.SECRET_KEY)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


def test_embedded_default_runs_without_debug_on_plain_http_with_its_own_kept_key(tmp_path):
    """`make run` (no DATABASE_URL, REDIS_URL, DEBUG or SECRET_KEY) looks like the product: no
    debug pages, no HTTPS redirect on the loopback, and a random key kept between starts."""
    first = _embedded_settings(tmp_path)
    assert first[:4] == ["False", "False", "0", "False"]
    key = (tmp_path / "secret_key").read_text().strip()
    assert first[4] == key and len(key) >= 50 and "insecure" not in key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0        # owner only
    assert _embedded_settings(tmp_path)[4] == key                       # the same after a restart
    assert _embedded_settings(tmp_path, DEBUG="1")[0] == "True"          # development on request


def test_design_3_game_and_room_notices_share_one_sender(monkeypatch):
    """``notify.group_send_many`` is the one channel-layer send: the game notice and the room
    notice both go through it with their own group and small message (no tiles)."""
    sent = []
    monkeypatch.setattr(notify, "group_send_many", lambda messages, skip=frozenset(): sent.extend(messages))
    notify.table_changed(7, 3, 12)
    tables._notify(5, 9)
    assert sent == [("game-7", {"type": "table.changed", "version": 3, "seq": 12}),
                    ("room-5", {"type": "room.changed", "version": 9})]


def test_design_3_a_failing_room_notice_never_fails_the_write(monkeypatch, caplog):
    def broken(group, message):
        raise RuntimeError("layer down")
    monkeypatch.setattr(notify, "group_send", broken)
    tables._notify(5, 9)                                     # logged, not raised
    assert "could not notify room 5" in caplog.text
