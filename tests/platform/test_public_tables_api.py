"""Public tables in the REST API (P-TABLE-5/-7/-8, P-TABLE-3, P-FAIR-4, P-MATCH-7, issue 9 item 8):
list, create, join, leave, add/remove computer; every refusal has a clear code and changes
nothing; the endpoints are in the OpenAPI schema."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games import public_tables, ranked
from games.models import Game, Table, TableSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", confirmed=True) for i in range(8)]


def state():
    return (list(Table.objects.order_by("pk").values_list("pk", "status", "version", "game_id")),
            list(TableSeat.objects.order_by("pk").values_list("table_id", "position", "user_id")),
            Game.objects.count())


def post(client, user, url, data=None):
    client.force_login(user)
    return client.post(url, data or {}, content_type="application/json")


def refused(client, user, url, data, status, code, method="post"):
    before = state()
    client.force_login(user)
    response = getattr(client, method)(url, data or {}, content_type="application/json")
    assert response.status_code == status, response.content
    body = response.json()
    assert body["type"] == "error" and body["code"] == code and body["message"]
    assert state() == before
    return body


def test_p_table_5_api_create_list_join_and_auto_start(client, people):
    created = post(client, people[0], reverse("api-public-tables"), {"family": "riichi", "clock": "blitz"})
    assert created.status_code == 201
    room = created.json()
    table_id = room["table"]["id"]
    assert room["table"]["kind"] == "public" and room["table"]["ranked"] is True
    listed = client.get(reverse("api-public-tables")).json()
    assert [(t["id"], t["clock"], t["free_seats"]) for t in listed] == [(table_id, "blitz", 3)]
    assert listed[0]["seats"][0] == {"name": "p0", "is_computer": False}
    post(client, people[1], reverse("api-public-table-join", args=[table_id]))
    computers = reverse("api-public-table-computers", args=[table_id])
    added = post(client, people[0], computers)
    assert added.status_code == 200
    assert [s["is_computer"] for s in added.json()["table"]["seats"]] == [False, False, True, False]
    last = post(client, people[2], reverse("api-public-table-join", args=[table_id]))
    assert last.status_code == 200
    game = Game.objects.get(pk=last.json()["table"]["game_id"])
    assert game.ranked and game.kind == "public" and game.clock == "blitz"
    assert client.get(reverse("api-public-tables")).json() == []


def test_issue_9_item_8_api_refusals_have_clear_codes_and_change_nothing(client, people, make_user):
    url_list = reverse("api-public-tables")
    refused(client, people[0], url_list, {"clock": "untimed"}, 400, "untimed")
    refused(client, people[0], url_list, {"family": "mcr", "clock": "blitz"}, 400, "family")
    refused(client, make_user("fresh"), url_list, {"clock": "blitz"}, 403, "unverified")

    table_id = post(client, people[0], url_list, {"clock": "standard"}).json()["table"]["id"]
    join = reverse("api-public-table-join", args=[table_id])
    computers = reverse("api-public-table-computers", args=[table_id])
    refused(client, people[1], computers, {"position": 1}, 403, "not_host")
    post(client, people[0], computers, {"position": 1})
    post(client, people[0], computers, {"position": 2})
    body = refused(client, people[0], computers, {"position": 3}, 409, "computer_limit")
    assert body["rule"] == "P-TABLE-7"
    refused(client, people[1], reverse("api-public-table-computer", args=[table_id, 1]), None, 403,
            "not_host", method="delete")
    assert client.delete(reverse("api-public-table-computer", args=[table_id, 2])).status_code == 403

    client.force_login(people[0])
    removed = client.delete(reverse("api-public-table-computer", args=[table_id, 2]))
    assert removed.status_code == 200 and removed.json()["table"]["seats"][2]["name"] is None

    ranked.create_ranked_game(Game.Kind.QUICK, people[4:8])          # p4 holds a ranked seat
    body = refused(client, people[4], join, None, 409, "ranked_seat")
    assert body["rule"] == "P-FAIR-4"

    post(client, people[1], join)
    post(client, people[2], join)                        # fourth seat: the game starts
    assert Table.objects.get(pk=table_id).status == "started"
    refused(client, people[3], join, None, 409, "started")
    refused(client, people[0], computers, {"position": 1}, 409, "started")

    closing = post(client, people[3], url_list, {"clock": "bullet"}).json()["table"]["id"]
    client.force_login(people[3])
    left = client.post(reverse("api-public-table-leave", args=[closing]))
    assert left.status_code == 200 and left.json()["table"]["status"] == "closed"
    refused(client, make_user("late", confirmed=True), reverse("api-public-table-join", args=[closing]),
            None, 409, "closed")
    refused(client, people[0], reverse("api-public-table-join", args=[999999]), None, 404, "not_found")


def test_p_table_5_api_full_table_and_two_open_tables_are_refused(client, people):
    table = public_tables.create_public_table(people[0])
    for position, p in ((1, people[1]), (2, people[2]), (3, people[3])):
        TableSeat.objects.create(table=table, position=position, user=p)    # full, not yet started
    refused(client, people[4], reverse("api-public-table-join", args=[table.pk]), None, 409, "full")
    second = public_tables.create_public_table(people[5])
    refused(client, people[5], reverse("api-public-table-join", args=[table.pk]), None, 409, "full")
    third = public_tables.create_public_table(people[6])
    refused(client, people[6], reverse("api-public-table-join", args=[second.pk]), None, 409,
            "at_open_table")
    assert third.status == "open"


def test_openapi_schema_lists_the_public_table_endpoints(client):
    text = client.get("/api/schema/").content.decode()
    for path in ("/api/public-tables/", "/api/public-tables/{id}/join/", "/api/public-tables/{id}/leave/",
                 "/api/public-tables/{id}/computers/", "/api/public-tables/{id}/computers/{position}/"):
        assert path in text, path
