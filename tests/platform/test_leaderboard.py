"""The leaderboard, its eligibility and the provisional period (P-LB-1..-4, P-LB-6, P-RATE-6)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone
from ratings_helpers import days_ago, finished_ranked_game, make_players

from leaderboard import board, fairplay
from leaderboard.models import Rating
from leaderboard.ratings import display_rating, matchmaking_rating
from leaderboard.settlement import settle_game

pytestmark = pytest.mark.django_db


def rated(name: str, *, mu: float = 1500.0, games: int = 25, last=None, computer: bool = False,
          family: str = "riichi") -> Rating:
    """An account whose rating row stands at ``mu`` after ``games`` rated games."""
    (user,) = make_players([], computers=[name]) if computer else make_players([name])
    return Rating.objects.create(user=user, family=family, mu=mu, sigma=300.0, games=games,
                                 last_rated_at=last or days_ago(1), username=user.username,
                                 is_computer=computer)


def names(family: str = "riichi", **kwargs) -> list[str]:
    return [r.username for r in board.ranking(family, **kwargs)]


# ----------------------------------------------------------------- eligibility (P-RATE-6)

@pytest.mark.django_db(transaction=True)
def test_p_rate_6_ranked_after_20_settled_games_not_after_19():
    players = make_players(["ann", "bob", "cy", "dee"])
    for n in range(20):
        game = finished_ranked_game(players, [42300, 31000, 18700, 8000])
        assert settle_game(game.pk) == "settled"
        if n == 18:                                                  # 19 rated games
            assert names() == []
            position = board.own_position(players[0], "riichi")
            assert (position.state, position.games, position.total) == ("provisional", 19, 20)
            assert display_rating(Rating.objects.get(user=players[0]).mu, 19).endswith("?")
    assert names() == ["ann", "bob", "cy", "dee"]                    # by rating
    assert board.own_position(players[0], "riichi").rank == 1
    assert not display_rating(Rating.objects.get(user=players[0]).mu, 20).endswith("?")


def test_p_rate_6_19_games_is_provisional_20_is_established():
    rated("nineteen", games=19)
    rated("twenty", games=20)
    assert names() == ["twenty"]


def test_p_rate_6_activity_window_day_30_is_in_day_31_is_out():
    now = timezone.now()
    rated("day29", last=now - timedelta(days=29))
    rated("day30", last=now - timedelta(days=30) + timedelta(minutes=1))
    rated("day30late", last=now - timedelta(days=30) - timedelta(minutes=1))
    rated("day31", last=now - timedelta(days=31))
    assert sorted(names(now=now)) == ["day29", "day30"]
    inactive = Rating.objects.get(username="day31").user
    assert board.own_position(inactive, "riichi", now=now).state == "inactive"


def test_p_fair_3_flagged_account_leaves_the_leaderboard_and_returns_when_unflagged():
    row = rated("cheater", mu=1900)
    rated("honest", mu=1600)
    assert names() == ["cheater", "honest"]
    fairplay.set_flag(row.user, True)
    assert names() == ["honest"]
    assert board.own_position(row.user, "riichi").state == "flagged"
    fairplay.set_flag(row.user, False)
    assert names() == ["cheater", "honest"]


def test_p_lb_4_computers_have_their_own_tab_without_activity_window():
    rated("person", mu=1500)
    rated("bot-old", mu=1800, computer=True, last=days_ago(200))
    rated("bot-new", mu=1700, computer=True, games=19)
    assert names() == ["person"]                                     # humans only (P-LB-1)
    assert names(computers=True) == ["bot-old"]                      # 20+ games, any activity
    bot = Rating.objects.get(username="bot-old").user
    position = board.own_position(bot, "riichi")
    assert (position.state, position.rank) == ("computer", 1)


def test_p_lb_1_order_is_rating_then_rated_games_then_username():
    rated("zed", mu=1600.0000001, games=20)
    rated("amy", mu=1600.0, games=30)
    rated("bea", mu=1600.0, games=30)
    rated("cal", mu=1600.0, games=25)
    rated("top", mu=1700.0)
    assert names() == ["top", "zed", "amy", "bea", "cal"]
    positions = [board.own_position(Rating.objects.get(username=n).user, "riichi").rank
                 for n in names()]
    assert positions == [1, 2, 3, 4, 5]


def test_p_lb_1_families_are_separate():
    rated("rii", family="riichi")
    rated("tai", family="taiwanese")
    assert names("riichi") == ["rii"] and names("taiwanese") == ["tai"]
    with pytest.raises(board.UnknownFamily):
        board.ranking("chess")


def test_p_match_2_matchmaking_rating_is_the_stored_mu_or_1500():
    row = rated("ann", mu=1623.25)
    (new,) = make_players(["newbie"])
    assert matchmaking_rating(row.user, "riichi") == 1623.25
    assert matchmaking_rating(row.user, "taiwanese") == 1500.0
    assert matchmaking_rating(new, "riichi") == 1500.0
    with pytest.raises(ValueError):
        matchmaking_rating(new, "chess")


# ----------------------------------------------------------------- the page and the API

def _bulk_ranked(count: int) -> None:
    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"p{i:03d}", password="!") for i in range(count)])
    Rating.objects.bulk_create([Rating(user=u, family="riichi", mu=2000.0 - i, games=20,
                                       last_rated_at=days_ago(1), username=u.username)
                                for i, u in enumerate(users)])


def test_p_lb_1_page_shows_50_rows_with_ranks_and_a_pager(client):
    _bulk_ranked(120)
    page = client.get(reverse("leaderboard"))
    assert page.status_code == 200
    body = page.content.decode()
    assert body.count('<td data-label="Rank">') == 50 and "p000" in body and "p050" not in body
    third = client.get(reverse("leaderboard_family", args=["riichi"]), {"page": 3})
    body = third.content.decode()
    assert body.count('<td data-label="Rank">') == 20
    assert '<td data-label="Rank">101</td>' in body and "p119" in body and "Page 3 of 3" in body


def test_p_lb_1_page_out_of_range_and_unknown_family_are_404_with_a_clear_message(client):
    _bulk_ranked(3)
    page = client.get(reverse("leaderboard"), {"page": 2})
    assert page.status_code == 404
    assert "Page 2 does not exist: this ranking has 1 page(s)." in page.content.decode()
    assert client.get(reverse("leaderboard"), {"page": "x"}).status_code == 404
    assert client.get("/leaderboard/chess/").status_code == 404
    api = client.get("/api/leaderboard/riichi/", {"page": 9})
    assert api.status_code == 404 and "Page 9 does not exist" in api.json()["detail"]
    unknown = client.get("/api/leaderboard/chess/")
    assert unknown.status_code == 404 and "no leaderboard for 'chess'" in unknown.json()["detail"]


def test_p_lb_1_api_is_public_paginated_and_in_the_schema(client):
    _bulk_ranked(60)
    data = client.get("/api/leaderboard/riichi/").json()
    assert data["count"] == 60 and len(data["results"]) == 50 and data["me"] is None
    assert data["results"][0] == {"rank": 1, "username": "p000", "is_computer": False, "rating": 2000,
                                  "rating_display": "2000", "mu": 2000.0, "sigma": 500.0,
                                  "rated_games": 20}
    second = client.get(data["next"]).json()
    assert [r["rank"] for r in second["results"]] == list(range(51, 61))
    assert client.get("/api/leaderboard/riichi/computers/").json()["count"] == 0
    schema = client.get("/api/schema/").content.decode()
    assert "/api/leaderboard/{family}/" in schema and "/api/leaderboard/{family}/computers/" in schema


def test_p_lb_3_own_rank_provisional_progress_and_inactive_message(client):
    _bulk_ranked(60)
    me = rated("mememe", mu=1945.5)                      # between p054 (1946) and p055 (1945)
    client.force_login(me.user)
    body = client.get(reverse("leaderboard")).content.decode()
    assert "Your rank: 56 (rating 1946)" in body and "Show my page" in body
    assert client.get("/api/leaderboard/riichi/").json()["me"] == {
        "state": "ranked", "rated_games": 25, "provisional_total": 20, "rank": 56, "page": 2}
    mine = client.get(reverse("leaderboard"), {"page": 2}).content.decode()
    assert '<tr class="me">' in mine
    new = rated("newish", games=7)
    client.force_login(new.user)
    assert "Provisional: 7 of 20 rated games" in client.get(reverse("leaderboard")).content.decode()
    old = rated("oldie", last=days_ago(45))
    client.force_login(old.user)
    assert ("Inactive: play a rated game to return to the ranking."
            in client.get(reverse("leaderboard")).content.decode())


def test_p_lb_2_explains_the_provisional_period_and_what_is_rated(client):
    body = client.get(reverse("leaderboard")).content.decode()
    assert "provisional until you have completed 20 rated games" in body
    assert "last 30 days" in body
    assert "Only Quick Play and public tables are rated" in body
    assert "is not the rating" in body
    assert 'href="/leaderboard/"' in body                # in the site navigation
    computers = client.get(reverse("leaderboard_computers", args=["taiwanese"]))
    assert computers.status_code == 200 and "No computer has 20 rated games" in computers.content.decode()


def test_p_rate_6_profile_shows_the_provisional_mark_until_20_games(client):
    row = rated("ann", mu=1612.4, games=7)
    body = client.get(reverse("profile", args=["ann"])).content.decode()
    assert "1612?" in body and "Provisional: 7 of 20 rated games" in body
    row.games = 20
    row.save()
    body = client.get(reverse("profile", args=["ann"])).content.decode()
    assert "1612?" not in body and ">1612<" in body
    client.force_login(row.user)
    me = client.get("/api/me/").json()
    assert me["ratings"][0]["rating"] == "1612" and me["ratings"][1]["rating"] == "1500?"


def test_p_lb_2_leaderboard_and_refusals_in_spanish(client):
    client.cookies["django_language"] = "es"
    body = client.get(reverse("leaderboard"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Clasificación" in body and "Cómo funciona la clasificación" in body
    missing = client.get(reverse("leaderboard"), {"page": 4}, HTTP_ACCEPT_LANGUAGE="es")
    assert missing.status_code == 404
    assert "La página 4 no existe" in missing.content.decode()


def test_p_lb_1_a_renamed_account_keeps_its_place_under_its_new_name():
    row = rated("oldname", mu=1700)
    user = row.user
    user.username = "newname"
    user.save()
    assert names() == ["newname"]
    user.save(update_fields=["last_login"])              # log-ins touch nothing
    assert names() == ["newname"]
