"""Log export on the site (issue 13): ``/api/games/<id>/export/?format=tenhou6|mjai`` and its links on
the replay viewer and review page, allowed exactly when review is (P-REPLAY-3): never for a running
ranked or private game; a finished ranked game for anyone (once its public feed reached the end); a
private game for its players and invited spectators; practice for its player. 400 for a bad format."""
from __future__ import annotations

import json

import pytest
from django.urls import reverse
from platform_helpers import FakeTime, finish
from spectate_helpers import play_one, ranked_game

from games import clocks, service, spectate, tables
from games.models import Game, SpectatorFrame

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
    return [make_user(f"ex{i}", confirmed=True) for i in range(4)]


def url(game, fmt="tenhou6"):
    return reverse("api-game-export", args=[game.pk]) + (f"?format={fmt}" if fmt is not None else "")


def codes(client, game):
    return [client.get(url(game, f)).status_code for f in ("tenhou6", "mjai")]


def test_p_replay_3_ranked_refused_while_running_then_public_once_ended(people, fake, client):
    game = ranked_game(people[:2])
    player, stranger = people[0], people[3]
    fake.t += 5
    play_one(game)
    assert codes(client, game) == [403, 403]                   # anonymous
    client.force_login(stranger)
    assert codes(client, game) == [404, 404]
    client.force_login(player)
    assert codes(client, game) == [403, 403]                   # not even its players while it runs
    while play_one(game):
        fake.t += 1.0
    end = SpectatorFrame.objects.filter(game=game).exclude(status="active").get().at
    assert codes(client, game) == [200, 200]                   # its players at once
    client.force_login(stranger)
    fake.t = end + DELAY - 1
    assert codes(client, game) == [404, 404]                   # the public feed has not reached the end
    fake.t = end + DELAY
    client.logout()
    response = client.get(url(game, "tenhou6"))
    assert response.status_code == 200                         # anyone, signed in or not
    assert response["Content-Disposition"] == f'attachment; filename="mahjong-planet-game-{game.pk}.tenhou6.json"'
    assert response["Content-Type"].startswith("application/json")
    doc = json.loads(response.content)
    names = [n for _s, n in sorted(game.seats.values_list("seat", "user__username"))]
    assert doc["name"] == names and len(doc["log"]) == 1 and doc["log"][0][-1][0]
    mjai = client.get(url(game, "mjai"))
    assert mjai["Content-Disposition"].endswith(f'game-{game.pk}.mjai.jsonl"')
    events = [json.loads(line) for line in mjai.content.decode().splitlines()]
    assert events[0]["type"] == "start_game" and events[0]["names"] == names and events[-1]["type"] == "end_game"


def test_p_replay_3_private_only_players_and_invited_spectators_after_the_end(people, fake, client):
    host, friend, watcher, stranger = people
    table = tables.create_private_table(host, clock="untimed", allow_spectators=True)
    tables.join_by_token(table.invite_token, friend)
    tables.invite(table.pk, host, watcher.username, "spectator")
    tables.add_computer(table.pk, host, 2)
    tables.add_computer(table.pk, host, 3)
    game = tables.start(table.pk, host)
    for user in (host, watcher):
        client.force_login(user)
        assert codes(client, game) == [403, 403], user.username    # running: nobody
    service.abort_game(game.pk, "test")                            # ended
    fake.t += DELAY * 10
    for user, code in ((host, 200), (friend, 200), (watcher, 200), (stranger, 404)):
        client.force_login(user)
        assert codes(client, game) == [code, code], user.username
    client.logout()
    assert codes(client, game) == [403, 403]                       # never public


def test_p_replay_3_practice_only_its_player_after_a_hand_and_bad_formats(people, client):
    owner, other = people[0], people[1]
    game = service.create_practice(owner, "riichi-single-deal")
    client.force_login(owner)
    assert codes(client, game) == [403, 403]                       # no hand has ended yet
    finish(game)
    assert codes(client, game) == [200, 200]
    for bad in ("json", "", "TENHOU6", None):
        response = client.get(url(game, bad))
        assert response.status_code == 400 and response.json()["code"] == "bad_format", bad
    client.force_login(other)
    assert codes(client, game) == [404, 404]
    assert client.get(url(game, "nonsense")).status_code == 404     # strangers learn nothing
    client.logout()
    assert codes(client, game) == [403, 403]


def test_non_riichi_preset_is_refused_with_400(people, client):
    owner = people[0]
    game = finish(service.create_practice(owner, "riichi-single-deal"))
    Game.objects.filter(pk=game.pk).update(preset_name="taiwanese")
    client.force_login(owner)
    response = client.get(url(game, "mjai"))
    assert response.status_code == 400 and response.json()["code"] == "unsupported_preset"


def test_download_links_on_the_review_page_and_replay_viewer(people, client):
    owner = people[0]
    game = finish(service.create_practice(owner, "riichi-single-deal"))
    client.force_login(owner)
    for page in ("review", "replay"):
        text = client.get(reverse(page, args=[game.pk])).content.decode()
        assert f'href="{url(game, "tenhou6")}"' in text and f'href="{url(game, "mjai")}"' in text, page
        assert 'data-role="export-links"' in text
    es = client.get(reverse("review", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Descargar para herramientas de análisis" in es


def test_export_endpoint_is_in_the_openapi_schema(client):
    text = client.get("/api/schema/").content.decode()
    assert "/api/games/{id}/export/" in text and "tenhou6" in text
