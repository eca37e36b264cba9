"""Profiles' rating history (P-LB-5, P-ACCT-3) and fair play (P-FAIR-2/-3/-5)."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from ratings_helpers import finished_ranked_game, make_players

from games.models import ActionRecord
from leaderboard import board, fairplay
from leaderboard.models import ModerationAction, Rating, RatingChange, Report
from leaderboard.profiles import rating_chart
from leaderboard.settlement import settle_game

pytestmark = pytest.mark.django_db

HAND_LOG = {"entries": [
    {"type": "action", "events": [{"type": "hand_end", "result": {
        "wins": [{"seat": 0, "tsumo": False, "from_seat": 2}]}}]},
    {"type": "action", "events": [{"type": "hand_end", "result": {
        "wins": [{"seat": 1, "tsumo": True, "from_seat": None}]}}]},
    {"type": "action", "events": [{"type": "hand_end", "result": {"wins": []}}]},
    {"type": "action", "events": [{"type": "hand_end", "result": {
        "wins": [{"seat": 0, "tsumo": False, "from_seat": 3}, {"seat": 1, "tsumo": False, "from_seat": 3}]}}]},
]}


def _played(players, count=3):
    games = []
    scores = [[42300, 31000, 18700, 8000], [8000, 42300, 31000, 18700], [31000, 18700, 8000, 42300]]
    for n in range(count):
        game = finished_ranked_game(players, scores[n % 3], log=HAND_LOG)
        settle_game(game.pk)
        games.append(game)
    return games


# ----------------------------------------------------------------- profiles (P-LB-5)

def test_p_lb_5_profile_shows_rating_uncertainty_placements_rates_chart_and_rated_games(client):
    players = make_players(["ann", "bob", "cy"], computers=["bot1"])
    games = _played(players)
    body = client.get(reverse("profile", args=["ann"])).content.decode()
    rating = Rating.objects.get(user=players[0])
    assert f"{round(rating.mu)}?" in body and f"± {round(rating.sigma)}" in body
    assert "Place 1: 1 (33.3%)" in body and "Place 4: 1 (33.3%)" in body and "Place 2: 1" in body
    # ann: won hands 1 and 4 of 4 per game, dealt in never -> 50.0% / 0.0%
    assert "Win rate: 50.0%" in body and "Deal-in rate: 0.0%" in body
    average = (52300 - 42000 + 11000) / 3 / 1000
    assert f"Average result: {average:+.1f}" in body
    svg = re.search(r'<svg class="rating-chart".*?</svg>', body, re.S).group(0)
    assert 'data-games="3"' in svg and "<polyline" in svg and "<script" not in svg
    assert ' style=' not in svg                                        # strict CSP: no inline style
    for game in games:                                                  # every row links its replay
        assert f'href="/games/{game.pk}/replay/"' in body
    change = RatingChange.objects.filter(user=players[0]).order_by("created_at", "id").first()
    assert f"1500? → {round(change.mu_after)}?" in body
    cy = client.get(reverse("profile", args=["cy"])).content.decode()
    assert "Deal-in rate: 25.0%" in cy                                  # dealt in hand 1 of 4


def test_p_lb_5_chart_geometry_and_long_histories_are_thinned():
    assert rating_chart([]) is None
    chart = rating_chart([(1600.0, 480.0), (1550.0, 470.0)])
    assert chart["games"] == 2 and len(chart["line"].split()) == 3     # start + 2 games
    assert chart["threshold_x"] is None
    long = rating_chart([(1500.0 + i % 50, 300.0) for i in range(2000)])
    assert long["games"] == 2000 and len(long["line"].split()) <= 601
    assert long["threshold_x"] is not None


def test_p_lb_5_all_rated_games_page_is_paginated(client):
    players = make_players(["ann", "bob", "cy", "dee"])
    _played(players, count=3)
    page = client.get(reverse("rated_games", args=["ann", "riichi"]))
    assert page.status_code == 200 and page.content.decode().count("/replay/") == 3
    assert client.get(reverse("rated_games", args=["ann", "riichi"]), {"page": 5}).status_code == 404
    assert client.get(reverse("rated_games", args=["ann", "chess"])).status_code == 404


# ----------------------------------------------------------------- reports (P-FAIR-2)

def _report(client, **data):
    return client.post(reverse("report"), {"category": "assistance", "comment": "", **data})


def test_p_fair_2_report_from_a_game_one_played_is_stored(client):
    ann, bob, cy, dee = make_players(["ann", "bob", "cy", "dee"])
    game = finished_ranked_game([ann, bob, cy, dee], [42300, 31000, 18700, 8000])
    client.force_login(ann)
    form = client.get(reverse("report"), {"game": game.pk, "hand": 2}).content.decode()
    assert 'value="bob"' in form and 'value="ann"' not in form          # the others only
    response = _report(client, account="bob", game=game.pk, hand=2, category="collusion",
                       comment="fed points to cy")
    assert response.status_code == 302
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.category, report.game, report.hand) == (
        ann, bob, "collusion", game, 2)
    assert report.comment == "fed points to cy" and report.status == "open"


def test_p_fair_2_report_from_a_profile(client):
    ann, bob = make_players(["ann", "bob"])
    client.force_login(ann)
    assert "Report this player" in client.get(reverse("profile", args=["bob"])).content.decode()
    assert "Report this player" not in client.get(reverse("profile", args=["ann"])).content.decode()
    assert _report(client, account="bob", category="abuse").status_code == 302
    assert Report.objects.get().game is None


def test_p_fair_2_bad_reports_are_refused_with_a_reason_and_nothing_is_stored(client):
    ann, bob, cy, dee, eve = make_players(["ann", "bob", "cy", "dee", "eve"])
    game = finished_ranked_game([ann, bob, cy, dee], [42300, 31000, 18700, 8000])
    client.force_login(ann)
    cases = [
        ({"account": "ann"}, "You cannot report yourself."),
        ({"account": "nobody"}, "There is no player of that name."),
        ({"account": "bob", "category": "bribery"}, "Select a valid choice"),
    ]
    for data, message in cases:
        response = _report(client, **data)
        assert response.status_code == 400 and message in response.content.decode(), data
    client.force_login(eve)                                  # eve did not play that game
    response = _report(client, account="bob", game=game.pk)
    assert response.status_code == 400
    assert "You can only report from a game you played in." in response.content.decode()
    with pytest.raises(fairplay.ReportRefused) as refused:
        fairplay.file_report(ann, eve, "other", game=game)
    assert refused.value.code == "not_in_game"
    assert not Report.objects.exists()
    client.logout()
    assert _report(client, account="bob").status_code == 302  # to the log-in page
    assert not Report.objects.exists()


def test_p_fair_2_ten_reports_a_day_the_eleventh_is_refused(client):
    ann, *others = make_players(["ann", "b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10"])
    client.force_login(ann)
    for other in others[:10]:
        assert _report(client, account=other.username).status_code == 302
    response = _report(client, account=others[10].username)
    assert response.status_code == 400
    assert "You have sent 10 reports in the last 24 hours" in response.content.decode()
    assert Report.objects.count() == 10
    Report.objects.update(created_at=timezone.now() - timedelta(hours=25))   # a day later
    assert _report(client, account=others[10].username).status_code == 302


def test_p_fair_2_report_links_on_ranked_table_and_replay(client):
    ann, bob, cy, dee = make_players(["ann", "bob", "cy", "dee"])
    game = finished_ranked_game([ann, bob, cy, dee], [42300, 31000, 18700, 8000])
    client.force_login(ann)
    table = client.get(reverse("table", args=[game.pk])).content.decode()
    assert f'href="/report/?game={game.pk}"' in table


# ----------------------------------------------------------------- moderation (P-FAIR-3/-5)

def test_p_fair_3_flag_removes_from_leaderboard_blocks_ranked_play_and_marks_profile(client):
    ann, bob = make_players(["ann", "bob"])
    Rating.objects.create(user=ann, family="riichi", games=30, last_rated_at=timezone.now(),
                          username="ann")
    report = fairplay.file_report(bob, ann, "assistance")
    assert fairplay.may_play_ranked(ann) and [r.username for r in board.ranking("riichi")] == ["ann"]
    assert fairplay.resolve([report], "flag", moderator=bob) == 1
    assert not fairplay.may_play_ranked(ann)
    assert list(board.ranking("riichi")) == []
    assert 'data-role="fairplay-marker"' in client.get(reverse("profile", args=["ann"])).content.decode()
    report.refresh_from_db()
    assert report.status == "flagged" and report.resolved_by == bob
    assert ModerationAction.objects.filter(account=ann, kind="flag").exists()


def test_p_fair_3_warn_dismiss_and_close():
    ann, bob, cy = make_players(["ann", "bob", "cy"])
    first = fairplay.file_report(bob, ann, "abuse")
    second = fairplay.file_report(cy, ann, "other")
    fairplay.resolve([first], "warn", moderator=cy)
    assert ann.fair_play.warnings == 1 and fairplay.may_play_ranked(ann)
    fairplay.resolve([second], "dismiss", moderator=cy)
    assert Report.objects.get(pk=second.pk).status == "dismissed" and not fairplay.is_flagged(ann)
    third = fairplay.file_report(bob, ann, "abuse")
    fairplay.resolve([third], "close", moderator=cy)
    ann.refresh_from_db()
    assert not ann.is_active and fairplay.is_flagged(ann) and not fairplay.may_play_ranked(ann)
    with pytest.raises(ValueError):
        fairplay.resolve([third], "ban", moderator=cy)


def test_p_fair_5_nothing_is_flagged_without_a_moderator():
    ann, *reporters = make_players(["ann", "r1", "r2", "r3", "r4", "r5"])
    for reporter in reporters:
        fairplay.file_report(reporter, ann, "assistance")
    assert fairplay.may_play_ranked(ann) and not fairplay.is_flagged(ann)


def test_p_fair_3_moderation_queue_shows_timing_and_frequent_tablemates(admin_client):
    ann, bob, cy = make_players(["ann", "bob", "cy"])
    (bot,) = make_players([], computers=["bot1"])
    game = finished_ranked_game([ann, bob, cy, bot], [42300, 31000, 18700, 8000])
    finished_ranked_game([ann, bob, cy, bot], [42300, 31000, 18700, 8000])
    start = timezone.now()
    for index, (seat, timeout) in enumerate([(0, False), (1, False), (0, True)], start=1):
        record = ActionRecord.objects.create(game=game, index=index, seq=index, seat=seat,
                                             kind="action", data={"type": "discard"}, timeout=timeout)
        ActionRecord.objects.filter(pk=record.pk).update(created_at=start + timedelta(seconds=3 * index))
    report = fairplay.file_report(bob, ann, "assistance", game=game, hand=0)
    timing = fairplay.decision_timing(game, ann)
    assert [(t["seq"], t["timeout"]) for t in timing] == [(1, False), (3, True)]
    assert timing[1]["seconds"] == pytest.approx(3.0)
    mates = fairplay.frequent_tablemates(ann)
    assert [(m["username"], m["games"]) for m in mates] == [("bob", 2), ("bot1", 2), ("cy", 2)]
    queue = admin_client.get(reverse("admin:leaderboard_report_changelist"))
    assert queue.status_code == 200 and "ann" in queue.content.decode()
    page = admin_client.get(reverse("admin:leaderboard_report_change", args=[report.pk])).content.decode()
    assert "2 decisions, 1 timeouts" in page and "TIMEOUT" in page and "bob (human): 2 games" in page
    response = admin_client.post(reverse("admin:leaderboard_report_changelist"),
                                 {"action": "decide_flag", "_selected_action": [report.pk]})
    assert response.status_code == 302 and fairplay.is_flagged(ann)
