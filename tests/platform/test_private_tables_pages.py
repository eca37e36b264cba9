"""Private tables on the pages and in the API (P-TABLE-6/-7/-8, P-SPECT-1/-4, P-REPLAY-3,
P-CONN-5, J3): clear errors that change nothing, the invitation banner and the "Return to
your game" banner on any page, the OpenAPI schema."""
from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.computers import ensure_computer_accounts
from games import service, tables
from games.models import Game, Table, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db, django_user_model):
    ensure_computer_accounts()
    return [django_user_model.objects.create(username=name, email=f"{name}@example.com")
            for name in ("host", "friend", "watcher", "stranger", "late")]


def as_user(client, user):
    client.force_login(user)
    return client


def full_table(people, **options):
    table = tables.create_private_table(people[0], **options)
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, people[0], 2)
    tables.add_computer(table.pk, people[0], 3)
    return table


def state_of_tables():
    return (list(Table.objects.values_list("pk", "status", "version")),
            list(TableSeat.objects.values_list("table_id", "position", "user_id")), Game.objects.count())


def test_j3_pages_create_join_by_link_add_computers_start(client, people):
    host, friend = people[0], people[1]
    lobby = as_user(client, host).get(reverse("lobby")).content.decode()
    assert reverse("new_table") in lobby and "Create private table" in lobby
    page = client.get(reverse("new_table")).content.decode()
    assert "Casual — does not affect ratings" in page and "Untimed" in page and "Blitz" in page
    response = client.post(reverse("new_table"), {"family": "riichi", "clock": "blitz",
                                                  "allow_spectators": "on"})
    table = Table.objects.get(host=host)
    assert response.status_code == 302 and response.url == reverse("room", args=[table.pk])
    room = client.get(response.url).content.decode()
    link = reverse("join_table", args=[table.invite_token])
    assert link in room and 'data-role="start"' in room and "/ws/tables/" in room

    as_user(client, friend)
    assert "host invites you" in client.get(link).content.decode()
    assert client.post(link).url == reverse("room", args=[table.pk])
    guest_room = client.get(reverse("room", args=[table.pk])).content.decode()
    assert table.invite_token not in guest_room and 'data-role="leave-table"' in guest_room

    as_user(client, host)
    for position in (2, 3):
        client.post(reverse("room_action", args=[table.pk]),
                    {"op": "add_computer", "position": position})
    seats = client.get(reverse("room", args=[table.pk]) + "?part=seats").content.decode()
    assert seats.count('data-role="remove-computer"') == 2
    response = client.post(reverse("room_action", args=[table.pk]), {"op": "start"})
    table.refresh_from_db()
    assert table.status == "started" and response.url == reverse("table", args=[table.game_id])
    # everyone who belongs there is sent to the game from the room page
    assert as_user(client, friend).get(reverse("room", args=[table.pk])).url == reverse("table", args=[table.game_id])


@pytest.mark.parametrize("op, who, data, status, text", [
    ("start", 1, {}, 403, "Only the host can do that."),
    ("start", 0, {}, 409, "Start needs four occupied seats."),
    ("add_computer", 0, {"position": "0"}, 409, "That seat is occupied."),
    ("add_computer", 0, {"position": "9"}, 400, ""),
    ("remove_computer", 0, {"position": "2"}, 409, "There is no computer in that seat."),
    ("invite", 0, {"username": "host"}, 400, "You cannot invite yourself."),
    ("invite", 0, {"username": "nobody"}, 400, "There is no player called"),
    ("invite", 0, {"username": "CPU"}, 400, "Computers are added"),
    ("explode", 0, {}, 400, ""),
])
def test_bad_input_on_the_room_page_gets_an_error_and_changes_nothing(client, people, op, who, data, status, text):
    table = tables.create_private_table(people[0])
    tables.join_by_token(table.invite_token, people[1])
    if data.get("username") == "CPU":
        data = {"username": ensure_computer_accounts()[0].username}
    before = state_of_tables()
    response = as_user(client, people[who]).post(reverse("room_action", args=[table.pk]), {"op": op, **data})
    assert response.status_code == status
    assert text in response.content.decode() and 'class="message error"' in response.content.decode()
    assert state_of_tables() == before


def test_bad_links_get_a_clear_error_page(client, people):
    as_user(client, people[4])
    wrong = client.get(reverse("join_table", args=["guessed-token-0123456789"]))
    assert wrong.status_code == 404 and "This invite link is not valid." in wrong.content.decode()
    assert client.post(reverse("join_table", args=["guessed"])).status_code == 400
    table = full_table(people)
    full = client.post(reverse("join_table", args=[table.invite_token]))
    assert full.status_code == 409 and "This table is full." in full.content.decode()
    tables.start(table.pk, people[0])
    before = state_of_tables()
    late = client.get(reverse("join_table", args=[table.invite_token]))
    assert late.status_code == 409 and "already started" in late.content.decode()
    assert client.post(reverse("join_table", args=[table.invite_token])).status_code == 409
    assert state_of_tables() == before


def test_p_table_6_invitation_shows_on_any_page_and_accept_takes_a_seat(client, people):
    table = tables.create_private_table(people[0], allow_spectators=True)
    invitation = tables.invite(table.pk, people[0], "friend")
    as_user(client, people[1])
    for url in (reverse("lobby"), reverse("my_games"), reverse("practice")):
        page = client.get(url).content.decode()
        assert "host invites you to a private table." in page and 'data-role="accept-invitation"' in page
    response = client.post(reverse("answer_invitation", args=[invitation.pk]), {"answer": "accept"})
    assert response.url == reverse("room", args=[table.pk])
    assert table.seats.filter(user=people[1]).exists()
    assert "invites you" not in client.get(reverse("lobby")).content.decode()
    # someone else's invitation cannot be answered
    other = tables.invite(table.pk, people[0], "late")
    as_user(client, people[3]).post(reverse("answer_invitation", args=[other.pk]), {"answer": "accept"})
    assert not table.seats.filter(user=people[3]).exists()


def test_p_conn_5_return_to_your_game_banner_on_every_page(client, people):
    as_user(client, people[3])
    assert "Return to your game" not in client.get(reverse("lobby")).content.decode()
    game = service.create_practice(people[3])                        # practice included
    for url in (reverse("lobby"), reverse("my_games"), reverse("new_table"), reverse("practice")):
        page = client.get(url).content.decode()
        assert "Return to your game" in page and f'href="{reverse("table", args=[game.pk])}"' in page
    game.status = Game.Status.FINISHED
    game.save()
    assert "Return to your game" not in client.get(reverse("lobby")).content.decode()
    table = full_table(people)
    private = tables.start(table.pk, people[0])
    page = as_user(client, people[1]).get(reverse("my_games")).content.decode()
    assert f'href="{reverse("table", args=[private.pk])}"' in page


def test_p_spect_4_invited_spectator_page_and_p_replay_3_review(client, people):
    table = tables.create_private_table(people[0], allow_spectators=True)
    tables.invite(table.pk, people[0], "watcher", "spectator")
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, people[0], 2)
    tables.add_computer(table.pk, people[0], 3)
    game = tables.start(table.pk, people[0])
    page = as_user(client, people[2]).get(reverse("table", args=[game.pk]))
    assert page.status_code == 200 and 'data-my-seat=""' in page.content.decode()
    assert client.get(reverse("review", args=[game.pk])).status_code == 302      # not while running
    assert client.get(reverse("api-game-log", args=[game.pk])).status_code == 403
    player = as_user(client, people[1]).get(reverse("table", args=[game.pk])).content.decode()
    assert 'data-my-seat=""' not in player                           # a player gets their own seat
    assert as_user(client, people[3]).get(reverse("table", args=[game.pk])).status_code == 404
    game.status = Game.Status.FINISHED
    game.save()
    as_user(client, people[2])
    assert client.get(reverse("review", args=[game.pk])).status_code == 200
    assert client.get(reverse("api-game-log", args=[game.pk])).status_code == 200
    assert client.get(reverse("replay", args=[game.pk])).status_code == 200
    as_user(client, people[3])
    assert client.get(reverse("review", args=[game.pk])).status_code == 404
    assert client.get(reverse("api-game-log", args=[game.pk])).status_code == 404


def test_api_private_table_flow_and_errors(client, people):
    host, friend = people[0], people[1]
    as_user(client, host)
    created = client.post(reverse("api-tables"), {"clock": "untimed", "allow_spectators": True},
                          content_type="application/json")
    assert created.status_code == 201
    room = created.json()
    table_id, token = room["table"]["id"], room["invite_token"]
    assert room["table"]["ranked"] is False and room["table"]["seats"][0]["name"] == "host"
    second = client.post(reverse("api-tables"), {}, content_type="application/json")
    assert second.status_code == 409 and second.json()["code"] == "limit"   # a conflict, not a throttle
    bad = client.post(reverse("api-tables"), {"clock": "warp"}, content_type="application/json")
    assert bad.status_code == 400 and bad.json()["code"] == "malformed"

    as_user(client, friend)
    wrong = client.post(reverse("api-table-join"), {"token": "guess"}, content_type="application/json")
    assert wrong.status_code == 400 and wrong.json()["code"] == "bad_token"
    joined = client.post(reverse("api-table-join"), {"token": token}, content_type="application/json")
    assert joined.status_code == 200 and joined.json()["table"]["seats"][1]["name"] == "friend"
    assert joined.json()["invite_token"] is None
    not_host = client.post(reverse("api-table-start", args=[table_id]))
    assert not_host.status_code == 403 and not_host.json()["code"] == "not_host"

    as_user(client, host)
    url = reverse("api-table-computers", args=[table_id])
    assert client.post(url, {"position": 2}, content_type="application/json").status_code == 200
    taken = client.post(url, {"position": 2}, content_type="application/json")
    assert taken.status_code == 409 and taken.json()["code"] == "seat_taken"
    too_few = client.post(reverse("api-table-start", args=[table_id]))
    assert too_few.status_code == 409 and too_few.json()["code"] == "not_enough_players"
    removed = client.delete(reverse("api-table-computer", args=[table_id, 2]))
    assert removed.status_code == 200 and removed.json()["table"]["seats"][2]["name"] is None
    invite = client.post(reverse("api-table-invite", args=[table_id]), {"username": "watcher", "role": "spectator"},
                         content_type="application/json")
    assert invite.status_code == 201 and invite.json()["role"] == "spectator"
    for position in (2, 3):
        client.post(url, {"position": position}, content_type="application/json")
    started = client.post(reverse("api-table-start", args=[table_id]))
    assert started.status_code == 201
    game = Game.objects.get(pk=started.json()["game_id"])
    assert game.kind == "private" and not game.ranked
    assert client.get(reverse("api-table", args=[table_id])).json()["table"]["game_id"] == game.pk
    closed = client.post(reverse("api-table-close", args=[table_id]))
    assert closed.status_code == 409 and closed.json()["code"] == "started"
    as_user(client, people[4])
    late = client.post(reverse("api-table-join"), {"token": token}, content_type="application/json")
    assert late.status_code == 409 and late.json()["code"] == "started"
    assert client.get(reverse("api-table", args=[table_id])).status_code == 404
    as_user(client, people[2])
    assert [i["role"] for i in client.get(reverse("api-invitations")).json()] == ["spectator"]


def test_openapi_schema_lists_the_table_endpoints(client):
    text = client.get("/api/schema/").content.decode()
    for path in ("/api/tables/", "/api/tables/join/", "/api/tables/{id}/", "/api/tables/{id}/computers/",
                 "/api/tables/{id}/computers/{position}/", "/api/tables/{id}/start/",
                 "/api/tables/{id}/close/", "/api/tables/{id}/invitations/", "/api/invitations/{id}/"):
        assert path in text, path


def test_room_and_invitation_in_spanish(client, people):
    table = tables.create_private_table(people[0], allow_spectators=True)
    tables.invite(table.pk, people[0], "friend")
    page = as_user(client, people[0]).get(reverse("room", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="es")
    text = page.content.decode()
    assert "Mesa privada de host" in text and "Informal — no afecta a las puntuaciones" in text
    assert "Añadir computadora" in text and "Copiar enlace" in text
    lobby = as_user(client, people[1]).get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "host te invita a una mesa privada." in lobby and "Crear mesa privada" in lobby


def test_room_start_hint_only_while_seats_are_empty_and_rate_limit_refusal_says_so(client, people, settings):
    """The host's "Start needs four occupied seats." shows only while a seat is empty (P-TABLE-8),
    and a host over the game-creation rate limit is told that, not that they hold an open table
    (nothing is created)."""
    host = people[0]
    table = tables.create_private_table(host)
    as_user(client, host)
    assert 'data-role="start-hint"' in client.get(reverse("room", args=[table.pk])).content.decode()
    tables.join_by_token(table.invite_token, people[1])
    tables.add_computer(table.pk, host, 2)
    tables.add_computer(table.pk, host, 3)
    room = client.get(reverse("room", args=[table.pk])).content.decode()
    assert 'data-role="start"' in room and 'data-role="start-hint"' not in room

    settings.GAME_CREATE_LIMIT = 0
    as_user(client, people[3])
    before = state_of_tables()
    response = client.post(reverse("new_table"), {"family": "riichi", "clock": "untimed"})
    page = response.content.decode()
    assert response.status_code == 429 and "please wait" in page and "open private table" not in page
    assert state_of_tables() == before


@pytest.mark.parametrize("lang, word", [("en", "computer"), ("es", "computadora")])
def test_p_bot_2_room_and_table_show_the_same_computer_badge(client, people, lang, word):
    """P-BOT-2 (tester report): the waiting room marks a computer with the site's one badge
    (accounts/_player_name.html: same word, case and title) and the live table's badge reads the
    same word, in English and in Spanish."""
    import re

    from django.template.loader import render_to_string
    from django.utils import translation

    table = full_table(people)
    room = as_user(client, people[0]).get(reverse("room", args=[table.pk]),
                                          HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    with translation.override(lang):
        badge = render_to_string("accounts/_player_name.html", {"name": "x", "is_computer": True})
        table_strings = render_to_string("games/_table_i18n.html")
    shared = re.search(r'<span class="badge badge-computer"[^>]*>[^<]*</span>', badge).group(0)
    assert shared.endswith(f">{word}</span>")
    badges = re.findall(r'<span class="badge badge-computer"[^>]*>[^<]*</span>', room)
    assert badges == [shared, shared], "seats 2 and 3: the shared badge, title included"
    assert re.search(r'<span data-k="computer">([^<]*)</span>', table_strings).group(1) == word
