"""A shared replay or review link of a ranked game opened before its hands are public
(P-REPLAY-3, P-SPECT-2): anyone who is not one of its players, signed in or not, gets a page
that says when they open (and a link to the delayed live view while it runs), never "not
found"; once the delayed feed has reached the end the replay itself is served."""
from __future__ import annotations

import pytest
from django.urls import reverse
from platform_helpers import FakeTime
from spectate_helpers import play_one, ranked_game

from games import clocks, spectate
from games.models import SpectatorFrame

pytestmark = pytest.mark.django_db(transaction=True)

DELAY = 30.0


@pytest.fixture
def fake(monkeypatch, settings):
    settings.SPECTATOR_DELAY = DELAY
    settings.CLAIM_MASK_SHARE = 0.0
    settings.CLOCK_SCALE = 10.0
    clock = FakeTime(3_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    spectate.clear_cache()
    yield clock
    spectate.clear_cache()


@pytest.fixture
def people(make_user):
    from accounts.computers import ensure_computer_accounts
    ensure_computer_accounts()
    return [make_user(f"rl{i}", confirmed=True) for i in range(4)]


def pending_text(response) -> str:
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-role="replay-pending"' in html
    return html


def test_p_replay_3_a_shared_link_before_the_public_delay_says_when_it_opens(people, fake, client):
    game = ranked_game(people[:2])
    stranger = people[3]
    fake.t += 5
    play_one(game)
    replay, review = reverse("replay", args=[game.pk]), reverse("review", args=[game.pk])
    for who in (None, stranger):                       # anonymous, then a signed-in stranger
        if who is not None:
            client.force_login(who)
        for link in (replay, review):
            html = pending_text(client.get(link))
            assert "still being played" in html and reverse("watch", args=[game.pk]) in html
    client.logout()
    while play_one(game):
        fake.t += 1.0
    end = SpectatorFrame.objects.filter(game=game).exclude(status="active").get().at
    fake.t = end + DELAY - 1
    html = pending_text(client.get(replay))
    opens = spectate._at(end + DELAY).strftime("%H:%M:%S")
    assert "has ended" in html and opens in html
    client.force_login(people[0])                      # its players review at once
    assert 'data-role="replay-pending"' not in client.get(replay).content.decode()
    client.logout()
    fake.t = end + DELAY
    response = client.get(replay)                      # public now: the replay itself
    assert response.status_code == 200 and 'data-role="replay-pending"' not in response.content.decode()


def test_p_replay_3_practice_and_private_links_stay_not_found_for_strangers(people, fake, client):
    from games import service
    practice = service.create_practice(people[0])
    client.force_login(people[3])
    assert client.get(reverse("replay", args=[practice.pk])).status_code == 404
    assert client.get(reverse("review", args=[practice.pk])).status_code == 404
