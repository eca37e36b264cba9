"""Quick Play on the page and in the API (J2 steps 1–3, P-MATCH-1/-5/-6): the choice screen
states format, clock and "Ranked"; the waiting screen has Cancel and, after 60 s, "Start now
with computers"; a reload recovers the state (the queue row or the formed game); refusals
are clear (4xx and a message) and change nothing; the endpoints are in the OpenAPI schema."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.computers import ensure_computer_accounts
from games import ranked
from games.models import Game, QueueEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    ensure_computer_accounts()
    return [make_user(f"pg{i}", confirmed=True) for i in range(4)]


def queue_state():
    return sorted(QueueEntry.objects.values_list("user_id", "joined_at", "opted_in_computers_at")), Game.objects.count()


def test_j2_choice_screen_states_format_clock_and_ranked_and_is_linked_from_the_nav(client, people):
    client.force_login(people[0])
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("quick_play")}"' in lobby and "Quick Play" in lobby
    page = client.get(reverse("quick_play")).content.decode()
    assert "One East round" in page and "5 s per discard + 20 s reserve per hand" in page
    assert "Ranked" in page and 'data-role="join-riichi"' in page
    assert 'data-role="join-taiwanese"' in page and "Full match" in page and "Not available yet" not in page


def test_j2_waiting_screen_cancel_and_reload_recovers_the_state(client, people, django_capture_on_commit_callbacks):
    client.force_login(people[0])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("quick_play"), {"op": "join", "family": "riichi"})
    assert response.status_code == 302 and response.url == reverse("quick_play")
    page = client.get(reverse("quick_play")).content.decode()      # a reload shows the waiting screen
    assert 'id="quick-root"' in page and 'data-role="cancel"' in page and 'data-ws-path="/ws/quick/"' in page
    assert 'data-role="computers-form" hidden' in page              # offered only after 60 s
    QueueEntry.objects.filter(user=people[0]).update(joined_at=timezone.now() - timedelta(seconds=61))
    page = client.get(reverse("quick_play")).content.decode()
    assert 'data-role="computers-form">' in page and "Start now with computers" in page
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("quick_play"), {"op": "computers"}).status_code == 302
    assert 'data-role="opted-in"' in client.get(reverse("quick_play")).content.decode()
    assert client.post(reverse("quick_play"), {"op": "leave"}).status_code == 302
    assert not QueueEntry.objects.exists()
    assert 'data-role="join-riichi"' in client.get(reverse("quick_play")).content.decode()


def test_p_match_4_a_reload_after_the_group_formed_goes_to_the_game(client, people, django_capture_on_commit_callbacks):
    for person in people:
        client.force_login(person)
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("quick_play"), {"op": "join", "family": "riichi"})
    game = Game.objects.get()
    client.force_login(people[1])
    response = client.get(reverse("quick_play"))
    assert response.status_code == 302 and response.url == reverse("table", args=[game.pk])


@pytest.mark.parametrize("case, status, code", [
    ("second_queue", 409, "in_queue"), ("unverified", 403, "unverified"), ("ranked_seat", 409, "ranked_seat"),
    ("unknown_family", 400, "family"), ("leave_idle", 409, "not_in_queue"), ("too_early", 409, "too_early"),
    ("unknown_op", 400, "malformed")])
def test_p_match_1_page_and_api_refusals_are_clear_and_change_nothing(client, people, make_user, case, status, code):
    person = people[0]
    if case == "unverified":
        person = make_user("unconfirmed")
    if case in ("second_queue", "too_early"):
        QueueEntry.objects.create(user=person, family="riichi", joined_at=timezone.now())
    if case == "ranked_seat":
        ranked.create_ranked_game(Game.Kind.PUBLIC, people[:2], computers=ranked.pick_computers(2))
    client.force_login(person)
    op, api, body = {"leave_idle": ("leave", "api-quick-leave", {}), "too_early": ("computers", "api-quick-computers", {}),
                     "unknown_op": ("dance", None, None)}.get(
        case, ("join", "api-quick-join", {"family": "mcr" if case == "unknown_family" else "riichi"}))
    before = queue_state()
    page = client.post(reverse("quick_play"), {"op": op, **(body or {})})
    assert page.status_code == status and 'class="message error"' in page.content.decode()
    assert queue_state() == before
    if api:
        response = client.post(reverse(api), body, content_type="application/json")
        assert response.status_code == status
        # An unknown family is refused by the API's choice field itself (every family is offered now).
        expected = "malformed" if case == "unknown_family" else code
        assert response.json()["code"] == expected and response.json()["message"] and response.json()["type"] == "error"
        assert queue_state() == before


def test_p_match_6_api_join_status_leave_and_grouped(client, people, django_capture_on_commit_callbacks):
    client.force_login(people[0])
    assert client.get(reverse("api-quick")).json()["state"] == "idle"
    with django_capture_on_commit_callbacks(execute=True):
        joined = client.post(reverse("api-quick-join"), {"family": "riichi"}, content_type="application/json")
    assert joined.status_code == 201 and joined.json()["state"] == "waiting" and joined.json()["family"] == "riichi"
    for person in people[1:]:
        client.force_login(person)
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("api-quick-join"), {"family": "riichi"}, content_type="application/json")
    game = Game.objects.get()
    client.force_login(people[0])
    st = client.get(reverse("api-quick")).json()
    assert st["state"] == "in_game" and st["game_id"] == game.pk
    left = client.post(reverse("api-quick-leave"), content_type="application/json")
    assert left.status_code == 409 and left.json()["code"] == "grouped" and left.json()["rule"] == "P-MATCH-6"
    assert game.seats.filter(user=people[0]).exists()


def test_p_match_1_quick_play_is_in_the_openapi_schema(client, people):
    client.force_login(people[0])
    schema = client.get(reverse("api-schema")).content.decode()
    for path in ("/api/quick/", "/api/quick/join/", "/api/quick/leave/", "/api/quick/computers/"):
        assert path in schema


def test_j2_quick_play_in_spanish(client, people):
    client.force_login(people[0])
    page = client.get(reverse("quick_play"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Juego rápido" in page and "Reloj Estándar: 5 s por descarte + 20 s de reserva por mano" in page
    assert "Una ronda Este" in page and "Partida completa" in page and "Jugar Riichi" in page
    QueueEntry.objects.create(user=people[0], family="riichi", joined_at=timezone.now() - timedelta(seconds=70))
    page = client.get(reverse("quick_play"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Buscando jugadores…" in page and "Empezar ya con computadoras" in page
    refused = client.post(reverse("api-quick-join"), {"family": "riichi"}, content_type="application/json",
                          HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 409 and refused.json()["message"] == "Ya estás esperando en Juego rápido."
