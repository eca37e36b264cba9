"""Pages (lobby, practice, table, history, review) and the REST API with its schema."""
from __future__ import annotations

import pytest
from conftest import human_choice
from django.urls import reverse
from platform_helpers import finish

from games import service
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)



def test_lobby_invites_visitors_to_sign_up(client):
    page = client.get(reverse("lobby")).content.decode()
    assert reverse("signup") in page


def test_j4_practice_page_starts_a_game_and_opens_the_table(client, alice):
    client.force_login(alice)
    assert client.get(reverse("practice")).status_code == 200
    response = client.post(reverse("practice"), {"preset": "riichi", "strength":
                                                 list(service.available_strengths())[0],
                                                 "clock": "untimed"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[game.pk])
    assert game.preset_name == "riichi" and game.game_format == "east"
    page = client.get(response["Location"]).content.decode()
    assert f'data-ws-path="/ws/games/{game.pk}/"' in page
    # P-PRAC-4: the unfinished game is offered for resuming.
    assert reverse("table", args=[game.pk]) in client.get(reverse("practice")).content.decode()


def test_practice_form_refuses_an_unknown_strength(client, alice):
    client.force_login(alice)
    response = client.post(reverse("practice"), {"preset": "riichi", "strength": "godlike",
                                                 "clock": "untimed"})
    assert response.status_code == 200 and not Game.objects.exists()


def test_p_prac_3_table_of_another_player_is_not_found(client, alice, make_user):
    game = service.create_practice(alice)
    client.force_login(make_user("mallory"))
    assert client.get(reverse("table", args=[game.pk])).status_code == 404
    assert client.get(reverse("api-game", args=[game.pk])).status_code == 404
    assert client.get(reverse("api-game-log", args=[game.pk])).status_code == 404


def test_p_prac_3_history_marks_practice_and_review_shows_rules(client, alice):
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    client.force_login(alice)
    history = client.get(reverse("my_games")).content.decode()
    assert "badge-practice" in history and reverse("review", args=[game.pk]) in history
    review = client.get(reverse("review", args=[game.pk])).content.decode()
    assert f"Rules: Riichi, version {game.preset_version}" in review     # P-REPLAY-5
    assert "badge-computer" in review                                          # P-BOT-2


def test_api_me_requires_login(client):
    assert client.get(reverse("api-me")).status_code == 403


def test_api_create_list_detail_and_log(client, alice):
    client.force_login(alice)
    response = client.post(reverse("api-games"), {"preset": "riichi-single-deal"},
                           content_type="application/json")
    assert response.status_code == 201
    body = response.json()
    game_id, seat = body["game"]["id"], body["game"]["my_seat"]
    assert body["view"]["seat"] == seat and "hand" in body["view"]
    listed = client.get(reverse("api-games")).json()
    assert [g["id"] for g in listed] == [game_id] and listed[0]["kind"] == "practice"
    detail = client.get(reverse("api-game", args=[game_id])).json()
    assert detail["game"]["players"][seat]["name"] == "alice"
    # P-REPLAY-3: no log while the hand runs.
    assert client.get(reverse("api-game-log", args=[game_id])).status_code == 403
    finish(Game.objects.get(pk=game_id))
    log = client.get(reverse("api-game-log", args=[game_id])).json()["log"]
    assert log["preset"] == "riichi-single-deal" and log["entries"][0]["type"] == "hand"
    from rules_engine.game import Game as Engine
    assert Engine.from_log(log).phase == "game_over"


def test_api_action_refusals_change_nothing_400_for_malformed_409_for_stale(client, alice):
    client.force_login(alice)
    body = client.post(reverse("api-games"), {"preset": "riichi-single-deal"}, content_type="application/json").json()
    game_id, seat, seq = body["game"]["id"], body["game"]["my_seat"], body["view"]["seq"]
    url = reverse("api-game-action", args=[game_id])
    before = Game.objects.get(pk=game_id).state_version
    cases = [({"seq": seq, "action": "discard"}, 400, "malformed"),
             ({"seq": seq, "action": {"type": "fly"}}, 400, "unknown_action"),
             ({"seq": seq, "action": {"type": "pass", "seat": (seat + 1) % 4}}, 400, "not_your_seat"),
             ({"seq": seq - 1, "action": {"type": "pass"}}, 409, "stale_seq")]
    for payload, status_code, code in cases:
        response = client.post(url, payload, content_type="application/json")
        assert response.status_code == status_code and response.json()["code"] == code, (payload, response.json())
    assert Game.objects.get(pk=game_id).state_version == before          # nothing changed


def test_api_refuses_bad_practice_requests(client, alice):
    client.force_login(alice)
    for body in ({"preset": "riichi-tournament"}, {"strength": "godlike"}):
        response = client.post(reverse("api-games"), body, content_type="application/json")
        assert response.status_code == 400, body
    assert not Game.objects.exists()


def test_api_action_goes_through_the_service(client, alice):
    game = service.create_practice(alice, human_seat=0)
    game.refresh_from_db()
    client.force_login(alice)
    view = client.get(reverse("api-game", args=[game.pk])).json()["view"]
    stale = client.post(reverse("api-game-action", args=[game.pk]),
                        {"seq": view["seq"] + 5, "action": {"type": "discard", "tile": view["hand"][0]}},
                        content_type="application/json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale_seq"
    action = human_choice(view).to_json()
    ok = client.post(reverse("api-game-action", args=[game.pk]), {"seq": view["seq"], "action": action},
                     content_type="application/json")
    assert ok.status_code == 200 and ok.json()["view"]["seq"] > view["seq"]


def test_openapi_schema_lists_the_endpoints(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    text = response.content.decode()
    for path in ("/api/me/", "/api/games/", "/api/games/{id}/", "/api/games/{id}/log/"):
        assert path in text, path


def test_p_replay_2_review_lists_hands_and_placements_from_the_stored_log(client, alice):
    from games.replay import game_end_summary, hand_summaries
    game = finish(service.create_practice(alice, "riichi-single-deal"))
    names = {s.seat: s.user.username for s in game.seats.select_related("user")}
    hands = hand_summaries(game.log, names)
    assert len(hands) == 1 and hands[0]["label"] == "East 1"       # P-END-1: one hand
    assert hands[0]["scores"] == game.final_scores
    assert len(hands[0]["deltas"]) == 4
    end = game_end_summary(game.log, names)
    assert [r["place"] for r in end["rows"]] == [1, 2, 3, 4]
    assert all(r["result"] is None for r in end["rows"])          # P-RESULT-5: no record
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk])).content.decode()
    assert "East 1" in page and "Final placements" in page


def test_p_result_2_result_values_are_shown_in_thousands_with_a_sign():
    from games.replay import game_end_summary
    log = {"entries": [{"type": "action", "events": [{"type": "game_end", "result": {
        "final_scores": [42300, 31000, 18700, 8000], "placements": [1, 2, 3, 4],
        "results": [52300, 11000, -21300, -42000]}}]}]}
    rows = game_end_summary(log, {0: "a", 1: "b", 2: "c", 3: "d"})["rows"]
    assert [r["result"] for r in rows] == ["+52.3", "+11.0", "-21.3", "-42.0"]
