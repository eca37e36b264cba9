"""A private table of people (P-TABLE-1, P-TABLE-2, P-REPLAY-3; ``service.create_private_table``)."""
from __future__ import annotations

import pytest

from games import service
from games.models import Game
from games.selectors import review_allowed

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db, django_user_model):
    """Four people (no password: nothing here logs in with one, and hashing four is slow)."""
    return [django_user_model.objects.create(username=name, email=f"{name}@example.com")
            for name in ("alice", "bob", "carol", "dave")]


def test_p_table_1_four_people_sit_in_the_given_order_never_rated(people):
    game = service.create_private_table(people[0], people[1:], clock="blitz", draw_seats=False)
    assert game.kind == Game.Kind.PRIVATE and not game.ranked
    assert (game.preset_name, game.game_format, game.clock) == ("riichi", "east", "blitz")
    assert [s.user for s in game.seats.order_by("seat")] == people
    assert game.created_by == people[0] and game.phase == "turn" and game.clock_state["deadlines"]


def test_p_table_8_seats_are_drawn_and_computers_fill_empty_seats(people):
    game = service.create_private_table(people[0], [people[1], None, None])
    seats = list(game.seats.select_related("user"))
    assert sorted(s.user.username for s in seats if not s.user.is_computer) == ["alice", "bob"]
    assert sum(s.user.is_computer for s in seats) == 2 and all(s.strength for s in seats if s.user.is_computer)
    orders = {tuple(s.user.username for s in service.create_private_table(people[0], people[1:]).seats.all())
              for _ in range(8)}
    assert len(orders) > 1                      # drawn, not always the order given (P-TABLE-8)


@pytest.mark.parametrize("guests, options, message", [
    (lambda p: p[1:3], {}, "four seats"),
    (lambda p: [p[1], p[1], p[2]], {}, "one seat"),
    (lambda p: [p[0], p[1], p[2]], {}, "one seat"),
    (lambda p: p[1:], {"preset_name": "riichi-single-deal"}, "presets"),
    (lambda p: p[1:], {"clock": "hyperbullet"}, "unknown clock"),
    (lambda p: [p[1], p[2], None], {"strength": "grandmaster"}, "strength"),
])
def test_bad_tables_are_refused_and_nothing_is_stored(people, guests, options, message):
    with pytest.raises(ValueError, match=message):
        service.create_private_table(people[0], guests(people), **options)
    assert not Game.objects.exists()


def test_p_bot_1_a_computer_account_is_no_person(people):
    from accounts.computers import computers_for, default_strength
    cpu = computers_for(default_strength())[0]
    for host, guests in ((cpu, people[1:]), (people[0], [cpu, people[1], people[2]])):
        with pytest.raises(ValueError, match="P-BOT-1"):
            service.create_private_table(host, guests)
    assert not Game.objects.exists()


def test_p_replay_3_no_hand_of_a_running_table_of_people_can_be_reviewed(people, make_user):
    game = service.create_private_table(people[0], people[1:], draw_seats=False)
    Game.objects.filter(pk=game.pk).update(phase="hand_over")        # even between hands
    game.refresh_from_db()
    assert not any(review_allowed(game, p) for p in people)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    assert all(review_allowed(game, p) for p in people)               # the table's players
    assert not review_allowed(game, make_user("eve"))                 # nobody else
