"""Guards found missing by planting bugs in ``games/`` (issue 8 item 6): nobody but a game's
player reaches any page or API of it (P-PRAC-3, P-ACCT-5, P-REPLAY-3), game lists show only
the own games, and practice creation refuses a seat outside 0..3 (P-PRAC-1)."""
from __future__ import annotations

import pytest
from django.urls import reverse

from games import service
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games(alice):
    """alice's running game (her turn: she deals) and a finished one."""
    running = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    done = service.create_practice(alice, "riichi-single-deal", human_seat=1)
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED, phase="game_over")
    running.refresh_from_db()
    done.refresh_from_db()
    return running, done


PAGES = ["table", "review", "replay", "api-game", "api-game-log", "api-game-replay"]


def _pages(game):
    return {name: reverse(name, args=[game.pk]) for name in PAGES}


def test_p_prac_3_the_player_reaches_the_pages_of_a_finished_game(client, alice, two_games):
    """The control for the test below: the same addresses answer the player."""
    _running, done = two_games
    client.force_login(alice)
    for name, url in _pages(done).items():
        assert client.get(url).status_code == 200, name


@pytest.mark.parametrize("which", ["running", "finished"])
def test_p_prac_3_another_account_gets_404_for_every_page_and_api_of_my_game(
        client, alice, make_user, two_games, which):
    game = two_games[0] if which == "running" else two_games[1]
    client.force_login(make_user("mallory"))
    for name, url in _pages(game).items():
        response = client.get(url)
        assert response.status_code == 404, (name, response.status_code)
        assert "alice" not in response.content.decode(), name


def test_p_prac_3_another_account_cannot_act_for_my_seat_through_the_api(client, alice, make_user, two_games):
    from platform_helpers import current_engine
    running, _done = two_games
    engine = current_engine(running)
    action = next(a for a in engine.legal_actions(0) if a.type == "discard")
    before = (running.state_version, running.log)
    client.force_login(make_user("mallory"))
    url = reverse("api-game-action", args=[running.pk])
    for body in ({"seq": engine.seq, "action": action.to_json()},
                 {"seq": engine.seq, "action": {**action.to_json(), "seat": None}}):
        assert client.post(url, body, content_type="application/json").status_code == 404
    running.refresh_from_db()
    assert (running.state_version, running.log) == before


def test_p_acct_3_game_lists_show_only_the_own_games(client, alice, make_user, two_games):
    running, done = two_games
    bob = make_user("bob")
    mine = service.create_practice(bob, "riichi-single-deal")
    client.force_login(bob)
    assert [g["id"] for g in client.get(reverse("api-games")).json()] == [mine.pk]
    for page in ("my_games", "lobby", "practice"):
        text = client.get(reverse(page)).content.decode()
        assert reverse("table", args=[mine.pk]) in text, page
        for game in (running, done):
            for name in ("table", "review", "replay"):
                assert reverse(name, args=[game.pk]) not in text, (page, name, game.pk)


@pytest.mark.parametrize("seat", [-1, 4, 7])
def test_p_prac_1_a_human_seat_outside_0_to_3_is_refused_and_creates_nothing(alice, seat):
    with pytest.raises(ValueError, match="0..3"):
        service.create_practice(alice, "riichi-single-deal", human_seat=seat)
    assert not Game.objects.exists()


def test_p_prac_4_only_running_games_are_offered_for_resuming(client, alice):
    """A finished game is history, never "unfinished", "Resume" or "Return to your game"."""
    done = service.create_practice(alice, "riichi-single-deal")
    Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED, phase="game_over")
    client.force_login(alice)
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Your unfinished games" not in lobby and "Return to your game" not in lobby
    assert reverse("review", args=[done.pk]) in lobby                  # under recent games
    practice = client.get(reverse("practice")).content.decode()
    assert "Resume a game" not in practice and "Return to your game" not in practice
    running = service.create_practice(alice, "riichi-single-deal")    # the control
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Your unfinished games" in lobby and "Return to your game" in lobby
    assert reverse("table", args=[running.pk]) in lobby


@pytest.mark.parametrize("seq", [True, False, 1.0, "1", None])
def test_p_play_4_a_seq_that_is_not_an_integer_is_malformed_even_when_it_equals_the_decision(alice, seq):
    """``true == 1`` in Python: the dealer's first decision is seq 1, and ``true`` must not pass
    for it (JSON booleans and floats are not decision numbers)."""
    from platform_helpers import current_engine
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    engine = current_engine(game)
    assert engine.seq == 1
    action = next(a for a in engine.legal_actions(0) if a.type == "discard")
    with pytest.raises(service.ActionRejected) as refused:
        service.submit_action(game.pk, 0, action.to_json(), seq)
    assert refused.value.code == "malformed"
    assert Game.objects.get(pk=game.pk).state_version == game.state_version
