"""Public tables on the pages (P-TABLE-5/-7/-8, P-MATCH-7, J3 step 1, issue 9 items 1, 3 and 8):
the lobby lists open public tables (preset, clock, seated players with computer badges, free
seats, Join) and has a separate Live games section; "Create table" offers Private or Public;
refusals are shown on the page and change nothing; everything new is in Spanish."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games import public_tables, ranked, tables
from games.models import Game, Table, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", confirmed=True) for i in range(8)]


def state():
    return (list(Table.objects.order_by("pk").values_list("pk", "status", "version", "game_id")),
            list(TableSeat.objects.order_by("pk").values_list("table_id", "position", "user_id")),
            Game.objects.count())


def test_p_match_7_lobby_lists_open_public_tables_and_a_separate_live_games_section(client, people):
    table = public_tables.create_public_table(people[0], clock="blitz")
    tables.add_computer(table.pk, people[0], 1)
    client.force_login(people[2])
    page = client.get(reverse("lobby")).content.decode()
    assert 'id="public-tables"' in page and 'data-ws-path="/ws/lobby/"' in page
    assert f'data-table="{table.pk}"' in page and "Blitz (3 s + 10 s)" in page
    assert "p0" in page and "badge-computer" in page and "2 free seats" in page
    assert reverse("join_public", args=[table.pk]) in page
    assert '<section class="live-games-section" id="live-games"' in page
    assert "No live games to watch yet." in page
    assert 'src="/static/js/lobby.js"' in page and "<script>" not in page
    part = client.get(reverse("lobby") + "?part=public-tables").content.decode()
    assert part.startswith('<div data-role="public-tables-list"') and f'data-table="{table.pk}"' in part
    client.force_login(people[0])                       # the host sees a link to their table
    assert reverse("room", args=[table.pk]) in client.get(reverse("lobby")).content.decode()
    client.logout()                                     # visitors see the list too
    visitor = client.get(reverse("lobby")).content.decode()
    assert f'data-table="{table.pk}"' in visitor and "Log in to join" in visitor


def test_j3_create_table_offers_private_or_public_and_public_refuses_untimed(client, people):
    client.force_login(people[0])
    form = client.get(reverse("new_table") + "?kind=public").content.decode()
    assert 'value="public"' in form and 'value="private"' in form and 'value="taiwanese"' in form
    before = state()
    refused = client.post(reverse("new_table"), {"kind": "public", "family": "riichi", "clock": "untimed"})
    assert refused.status_code == 400
    assert "Public tables need a timed clock: Bullet, Blitz, Standard or Relaxed." in refused.content.decode()
    assert state() == before
    created = client.post(reverse("new_table"), {"kind": "public", "family": "riichi", "clock": "standard"})
    table = Table.objects.get(host=people[0])
    assert created.status_code == 302 and created["Location"] == reverse("room", args=[table.pk])
    assert table.kind == "public" and table.clock == "standard"
    room = client.get(reverse("room", args=[table.pk])).content.decode()
    assert "Public table of p0" in room and "Ranked" in room and "Leave and close the table" in room
    assert 'data-role="start"' not in room and "invite-link" not in room


def test_p_table_5_join_from_the_lobby_and_the_fourth_joiner_goes_to_the_game(client, people):
    table = public_tables.create_public_table(people[0])
    for p in people[1:3]:
        client.force_login(p)
        response = client.post(reverse("join_public", args=[table.pk]))
        assert response["Location"] == reverse("room", args=[table.pk])
    client.force_login(people[1])
    room = client.get(reverse("room", args=[table.pk])).content.decode()
    assert "Leave table" in room and "The game starts by itself when the fourth seat is filled." in room
    client.force_login(people[3])
    response = client.post(reverse("join_public", args=[table.pk]))
    table.refresh_from_db()
    assert table.status == "started" and response["Location"] == reverse("table", args=[table.game_id])
    client.force_login(people[1])                 # an earlier joiner's room sends them to the game
    assert client.get(reverse("room", args=[table.pk]))["Location"] == reverse("table", args=[table.game_id])
    part = client.get(reverse("lobby") + "?part=public-tables").content.decode()   # and so does the lobby
    assert f'data-started="{table.pk}:{table.game_id}"' in part
    client.force_login(people[5])
    assert 'data-started=""' in client.get(reverse("lobby") + "?part=public-tables").content.decode()


def test_issue_9_item_8_refusals_on_the_lobby_change_nothing(client, people, make_user):
    table = public_tables.create_public_table(people[0])
    for p in people[1:4]:
        public_tables.join_public_table(table.pk, p)
    client.force_login(people[4])
    before = state()
    page = client.post(reverse("join_public", args=[table.pk]), follow=True).content.decode()
    assert "This table has already started." in page and state() == before
    ranked.create_ranked_game(Game.Kind.QUICK, people[4:8])
    other = public_tables.create_public_table(make_user("fresh", confirmed=True))
    before = state()
    page = client.post(reverse("join_public", args=[other.pk]), follow=True).content.decode()
    assert "You already hold a seat in an unfinished ranked game." in page and state() == before


def test_p_table_7_host_adds_and_removes_a_computer_on_the_room_page(client, people):
    table = public_tables.create_public_table(people[0])
    client.force_login(people[0])
    room = client.get(reverse("room", args=[table.pk])).content.decode()
    assert 'data-role="add-computer"' in room and 'name="strength"' not in room     # P-BOT-6: random
    client.post(reverse("room_action", args=[table.pk]), {"op": "add_computer", "position": 1})
    client.post(reverse("room_action", args=[table.pk]), {"op": "add_computer", "position": 2})
    before = state()
    third = client.post(reverse("room_action", args=[table.pk]), {"op": "add_computer", "position": 3})
    assert third.status_code == 409 and "at most two computers" in third.content.decode()
    assert state() == before
    client.post(reverse("room_action", args=[table.pk]), {"op": "remove_computer", "position": 2})
    assert TableSeat.objects.filter(table=table, user__is_computer=True).count() == 1
    left = client.post(reverse("room_action", args=[table.pk]), {"op": "leave"}, follow=True)
    assert "The table has been closed." in left.content.decode()
    assert Table.objects.get(pk=table.pk).status == "closed"


def test_public_lobby_and_room_in_spanish(client, people):
    table = public_tables.create_public_table(people[0])
    client.force_login(people[1])
    lobby = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Mesas públicas abiertas" in lobby and "Partidas en directo" in lobby and "Unirse" in lobby
    assert "3 asientos libres" in lobby and "Todavía no hay partidas en directo para ver." in lobby
    room = client.get(reverse("room", args=[table.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Mesa pública de p0" in room
