"""What a new-user trial of the people-vs-people pages found (issue 9 item 8, P-SPECT-1,
P-REPLAY-3, P-TABLE-7, P-FAIR-2): each fix proved where a person meets it, on the pages."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games import public_tables, ranked, tables
from games.models import Game, TableSeat
from leaderboard.models import Report

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", confirmed=True) for i in range(5)]


def test_p_spect_1_a_signed_in_visitor_who_does_not_play_is_sent_to_the_delayed_view(client, people):
    game = ranked.create_ranked_game(Game.Kind.QUICK, people[:4])
    client.force_login(people[4])
    response = client.get(reverse("table", args=[game.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("watch", args=[game.pk])
    client.force_login(people[0])                       # a player still gets their seat
    assert client.get(reverse("table", args=[game.pk])).status_code == 200


def test_p_replay_3_a_player_of_a_running_ranked_game_is_told_when_its_hands_open(client, people):
    game = ranked.create_ranked_game(Game.Kind.QUICK, people[:4])
    client.force_login(people[0])
    response = client.get(reverse("replay", args=[game.pk]) + "?hand=last", follow=True)
    assert response.redirect_chain[-1][0] == reverse("table", args=[game.pk])
    text = response.content.decode()
    assert "can be reviewed once the game is over" in text
    assert "The hand can be reviewed once it has ended." not in text


def test_p_table_7_no_button_offers_a_third_computer_at_a_public_table(client, people):
    table = public_tables.create_public_table(people[0], clock="blitz")
    client.force_login(people[0])
    seats_part = reverse("room", args=[table.pk]) + "?part=seats"
    assert client.get(seats_part).content.decode().count('data-role="add-computer"') == 3
    tables.add_computer(table.pk, people[0], 1)
    assert client.get(seats_part).content.decode().count('data-role="add-computer"') == 2
    tables.add_computer(table.pk, people[0], 2)
    page = client.get(seats_part).content.decode()
    assert 'data-role="add-computer"' not in page and 'data-role="remove-computer"' in page


def test_issue_9_item_8_a_room_action_address_opened_again_goes_back_to_the_room(client, people):
    table = public_tables.create_public_table(people[0], clock="blitz")
    client.force_login(people[0])
    before = list(TableSeat.objects.values_list("table_id", "position", "user_id"))
    response = client.get(reverse("room_action", args=[table.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("room", args=[table.pk])
    assert list(TableSeat.objects.values_list("table_id", "position", "user_id")) == before


def test_p_fair_2_a_report_link_with_a_bad_hand_drops_it_and_a_bad_post_says_why(client, people):
    game = ranked.create_ranked_game(Game.Kind.QUICK, people[:4])
    client.force_login(people[0])
    page = client.get(reverse("report") + f"?game={game.pk}&hand=abc").content.decode()
    assert "hand abc" not in page and f"About game #{game.pk}" in page
    response = client.post(reverse("report"), {"account": "p1", "category": "other", "comment": "x",
                                               "game": game.pk, "hand": "abc"})
    assert response.status_code == 400
    assert "is not valid; open the report from the game again" in response.content.decode()
    assert Report.objects.count() == 0


def test_p_fair_2_the_table_of_a_ranked_game_offers_report_on_its_game_over_screen(client, people, make_user):
    """Issue 10 item 5: the game-over screen of a ranked game carries a Report button (the
    table page hands its address to static/js/result.js); practice has none."""
    from games import service

    game = ranked.create_ranked_game(Game.Kind.QUICK, people[:4])
    client.force_login(people[0])
    page = client.get(reverse("table", args=[game.pk])).content.decode()
    assert f'data-report-url="{reverse("report")}?game={game.pk}"' in page
    assert 'data-k="report"' in page                     # the button's translated label
    practice = service.create_practice(people[4])
    client.force_login(people[4])
    assert "data-report-url" not in client.get(reverse("table", args=[practice.pk])).content.decode()


@pytest.mark.parametrize("path", ["/api/tables/abc/", "/api/games/abc/log/", "/api/nothing/", "/api/",
                                  "/api/tables/1/nothing/"])
def test_every_unmatched_api_address_answers_a_json_404(client, people, path):
    """Fresh-user trial item 3: no HTML error page under /api/, for a guest or a signed-in person,
    in DRF's shape like /api/games/999/; a missing slash still redirects first."""
    for signed_in in (False, True):
        if signed_in:
            client.force_login(people[0])
        for method in (client.get, client.post):
            response = method(path)
            assert response.status_code == 404, (path, response.status_code)
            assert response["Content-Type"] == "application/json"
            assert response.json() == {"detail": "Not found."}
    assert client.get("/api/tables/1")["Location"] == "/api/tables/1/"
    assert client.get("/api/games/999/").json()["detail"]       # real API 404s keep their own text
    assert client.get("/api/schema/").status_code == 200
