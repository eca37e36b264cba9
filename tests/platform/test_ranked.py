"""Ranked games (P-TABLE-2): who may enter and how one is created (``games.ranked``), the
base shared by Quick Play (P-MATCH) and public tables (P-TABLE-5)."""
from __future__ import annotations

import pytest

from games import clocks, ranked
from games.models import Game, Seat
from leaderboard.models import FairPlayStatus


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", confirmed=True) for i in range(4)]


def test_p_table_2_a_ranked_game_is_ranked_timed_east_round_with_seats_by_lot(people):
    game = ranked.create_ranked_game(Game.Kind.QUICK, people)
    assert game.ranked and game.kind == "quick" and game.clock == clocks.STANDARD
    assert game.preset_name == "riichi" and game.game_format == "east" and game.status == "active"
    seated = sorted(Seat.objects.filter(game=game).values_list("user__username", flat=True))
    assert seated == ["p0", "p1", "p2", "p3"]
    assert game.log_length > 0                           # the first hand is dealt


def test_p_table_8_seat_winds_are_drawn_by_lot(people):
    orders = set()
    for _ in range(12):
        game = ranked.create_ranked_game(Game.Kind.PUBLIC, people, clock="blitz")
        orders.add(tuple(Seat.objects.filter(game=game).order_by("seat").values_list("user_id", flat=True)))
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert len(orders) > 1          # 12 draws all equal: probability (1/24)^11


def test_p_table_7_at_most_two_computers_and_they_play_at_their_own_strength(people):
    bots = ranked.pick_computers(2)
    game = ranked.create_ranked_game(Game.Kind.QUICK, people[:2], computers=bots)
    seats = {s.user_id: s for s in Seat.objects.filter(game=game)}
    for bot in bots:
        assert seats[bot.pk].strength == bot.computer_strength != ""
    with pytest.raises(ValueError, match="at most two computers"):
        ranked.create_ranked_game(Game.Kind.QUICK, people[:1], computers=ranked.pick_computers(3))


@pytest.mark.parametrize("kwargs, message", [
    ({"clock": clocks.UNTIMED}, "timed clock"),
    ({"family": "mcr"}, "no ranked preset"),
    ({"clock": "sundial"}, "clock"),
])
def test_p_table_3_ranked_games_need_a_timed_clock_and_a_ranked_preset(people, kwargs, message):
    before = Game.objects.count()
    with pytest.raises(ValueError, match=message):
        ranked.create_ranked_game(Game.Kind.PUBLIC, people, **kwargs)
    assert Game.objects.count() == before


def test_p_table_2_private_and_practice_kinds_are_refused(people):
    with pytest.raises(ValueError, match="not a ranked kind"):
        ranked.create_ranked_game(Game.Kind.PRIVATE, people)


def test_p_acct_4_an_account_seated_twice_is_refused(people):
    with pytest.raises(ValueError, match="only one seat"):
        ranked.create_ranked_game(Game.Kind.QUICK, [people[0], people[0], people[1], people[2]])


def test_p_match_1_who_may_enter_ranked_play(make_user, people):
    ranked.check_may_enter(people[0])                    # confirmed, unflagged, no seat: fine
    unconfirmed = make_user("newbie")
    with pytest.raises(ranked.RankedRefused) as refused:
        ranked.check_may_enter(unconfirmed)
    assert refused.value.code == "unverified"
    computer = ranked.pick_computers(1)[0]
    with pytest.raises(ranked.RankedRefused) as refused:
        ranked.check_may_enter(computer)
    assert refused.value.code == "computer"
    FairPlayStatus.objects.create(user=people[1], flagged=True)
    with pytest.raises(ranked.RankedRefused) as refused:
        ranked.check_may_enter(people[1])
    assert refused.value.code == "flagged" and refused.value.rule == "P-FAIR-3"


def test_p_fair_4_one_unfinished_ranked_seat_per_account(people):
    game = ranked.create_ranked_game(Game.Kind.QUICK, people)
    assert ranked.unfinished_ranked_game(people[2]) == game
    with pytest.raises(ranked.RankedRefused) as refused:
        ranked.check_may_enter(people[2])
    assert refused.value.code == "ranked_seat"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert ranked.unfinished_ranked_game(people[2]) is None
    ranked.check_may_enter(people[2])


def test_p_rate_6_the_table_shows_each_seats_displayed_rating_with_the_provisional_mark(people):
    """Issue 10: ratings at the table — "1500?" for an account with no rated game, the stored
    rating without "?" once established (20 games); unranked games show none."""
    from games import views_state
    from leaderboard.models import Rating

    Rating.objects.create(user=people[0], family="riichi", mu=1612.4, sigma=120.0, games=25,
                          username=people[0].username)
    Rating.objects.create(user=people[1], family="riichi", mu=1433.6, sigma=300.0, games=3,
                          username=people[1].username)
    game = ranked.create_ranked_game(Game.Kind.PUBLIC, people, clock="blitz")
    shown = {p["name"]: p["rating"] for p in views_state.players_of(game)}
    assert shown == {"p0": "1612", "p1": "1434?", "p2": "1500?", "p3": "1500?"}


def test_p_rate_6_unranked_tables_show_no_rating(make_user):
    from games import service, views_state

    game = service.create_practice(make_user("solo"))
    assert all(p["rating"] is None for p in views_state.players_of(game))


def test_p_match_7_the_lobby_lists_seated_players_with_their_ratings(people):
    from games import public_tables
    from leaderboard.models import Rating

    Rating.objects.create(user=people[0], family="riichi", mu=1700.2, sigma=100.0, games=40,
                          username=people[0].username)
    table = public_tables.create_public_table(people[0], clock="blitz")
    public_tables.join_public_table(table.pk, people[1])
    (listed,) = [t for t in public_tables.open_public_tables() if t["id"] == table.pk]
    assert [s["rating"] for s in listed["seats"]] == ["1700", "1500?", None, None]
