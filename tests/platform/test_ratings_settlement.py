"""Settlement of ranked games (P-RATE-2/-3/-4/-5/-7/-8/-9, P-RESULT, P-SYS-5)."""
from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from openskill.models import PlackettLuce
from ratings_helpers import (create_ranked_game, finished_ranked_game, make_players,
                             play_to_end)

from games import service
from games.models import Game
from leaderboard import outcome, tasks
from leaderboard.models import Rating, RatingChange, Settlement
from leaderboard.settlement import settle_game

pytestmark = pytest.mark.django_db(transaction=True)


# ----------------------------------------------------------------- result record (pure)

def test_p_result_3_worked_example_42300_31000_18700_8000():
    assert outcome.result_record([42300, 31000, 18700, 8000]) == [52300, 11000, -21300, -42000]
    assert sum(outcome.result_record([42300, 31000, 18700, 8000])) == 0


def test_p_result_3_all_on_25000_initial_seat_order_decides():
    assert outcome.placements([25000] * 4) == [1, 2, 3, 4]
    assert outcome.result_record([25000] * 4) == [35000, 5000, -15000, -25000]


def test_p_result_1_equal_points_are_separated_by_initial_seat_order():
    assert outcome.placements([30000, 20000, 30000, 20000]) == [1, 3, 2, 4]
    assert outcome.placements([8000, 42300, 31000, 18700]) == [4, 1, 2, 3]


def test_p_result_2_matches_the_engines_game_end_record():
    from rules_engine.preset import get_preset
    from rules_engine.riichi.settlement import game_result
    for scores in ([42300, 31000, 18700, 8000], [25000] * 4, [-300, 40000, 30300, 30000]):
        assert outcome.result_record(scores) == game_result(scores, 0, get_preset("riichi"))["results"]


def test_p_rate_4_taiwanese_equal_scores_share_a_rank_riichi_never_ties():
    assert outcome.rating_ranks([2500, 2500, 1800, 1200], ties_share=True) == [1, 1, 3, 4]
    assert outcome.rating_ranks([2000, 2100, 2100, 1800], ties_share=True) == [3, 1, 1, 4]
    assert outcome.rating_ranks([2000] * 4, ties_share=True) == [1, 1, 1, 1]
    assert outcome.rating_ranks([2500, 2500, 1800, 1200], ties_share=False) == [1, 2, 3, 4]


def test_p_rate_7_tenhou_r_change_and_shared_bonus_for_ties():
    # Everyone at 1500, first game: the change is the placement bonus.
    assert outcome.tenhou_changes([1500] * 4, [0] * 4, [30, 10, -10, -30]) == [30, 10, -10, -30]
    # n = 100 games before: factor 0.8; own R 1600 at a table averaging 1525.
    change = outcome.tenhou_changes([1600, 1500, 1500, 1500], [100, 0, 0, 0], [30, 10, -10, -30])
    assert change[0] == pytest.approx(0.8 * (30 + (1525 - 1600) / 40))
    # The factor never drops below 0.2 (n >= 400).
    assert outcome.tenhou_changes([1500] * 4, [1000] * 4, [30, 10, -10, -30])[0] == pytest.approx(6.0)
    # Two tied first places share (30 + 10) / 2.
    scores = [2500, 2500, 1800, 1200]
    assert outcome.tenhou_bonus(1, scores, 0, ties_share=True) == 20.0
    assert outcome.tenhou_bonus(3, scores, 2, ties_share=True) == -10.0


# ----------------------------------------------------------------- the settlement

def test_p_rate_5_update_equals_openskill_plackett_luce_called_directly():
    players = make_players(["ann", "bob", "cy"], computers=["bot1"])
    starting = [(1612.5, 410.25), (1490.0, 480.0), (1720.75, 300.5), (1500.0, 500.0)]
    for user, (mu, sigma) in zip(players, starting):
        Rating.objects.create(user=user, family="riichi", mu=mu, sigma=sigma, games=7,
                              username=user.username, is_computer=user.is_computer)
    game = finished_ranked_game(players, [18700, 42300, 8000, 31000])
    assert settle_game(game.pk) == "settled"
    model = PlackettLuce(mu=1500, sigma=500, beta=750, tau=5)
    expected = model.rate([[model.rating(mu=mu, sigma=sigma)] for mu, sigma in starting],
                          ranks=[3, 1, 4, 2])
    for user, team in zip(players, expected):
        row = Rating.objects.get(user=user, family="riichi")
        assert (row.mu, row.sigma) == (team[0].mu, team[0].sigma)        # full precision
        assert row.games == 8


def test_p_rate_4_taiwanese_ties_reach_the_model_as_a_shared_rank():
    players = make_players(["ann", "bob", "cy", "dee"])
    game = finished_ranked_game(players, [2600, 2600, 1600, 1200], preset_name="taiwanese")
    assert settle_game(game.pk) == "settled"
    model = PlackettLuce(mu=1500, sigma=500, beta=750, tau=5)
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 1, 3, 4])
    changes = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[s].rank for s in range(4)] == [1, 1, 3, 4]
    assert [changes[s].placement for s in range(4)] == [1, 2, 3, 4]    # display: seat order (P-TW-5)
    assert [changes[s].mu_after for s in range(4)] == [t[0].mu for t in expected]
    assert all(changes[s].result_points is None for s in range(4))      # no Riichi record (P-TW-5)
    assert changes[0].tenhou_r_after - changes[0].tenhou_r_before == pytest.approx(20.0)
    assert Rating.objects.filter(family="taiwanese").count() == 4
    assert not Rating.objects.filter(family="riichi").exists()          # per family (P-RATE-1)


def test_p_rate_8_change_record_holds_everything_to_recompute():
    players = make_players(["ann", "bob", "cy"], computers=["bot1"])
    game = finished_ranked_game(players, [42300, 31000, 18700, 8000])
    settle_game(game.pk)
    rows = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    first, last = rows[0], rows[3]
    assert (first.user, first.family, first.placement, first.rank) == (players[0], "riichi", 1, 1)
    assert (first.final_score, first.result_points) == (42300, 52300)
    assert (last.final_score, last.result_points) == (8000, -42000)
    assert (first.mu_before, first.sigma_before) == (1500.0, 500.0)
    assert first.mu_after > 1500 > last.mu_after
    assert first.display_change == round(first.mu_after) - 1500
    assert first.provisional and first.games_before == 0
    assert (first.tenhou_r_before, first.tenhou_r_after) == (1500.0, 1530.0)
    assert last.is_computer and not first.is_computer
    assert first.created_at is not None
    rating = Rating.objects.get(user=players[0], family="riichi")
    assert (rating.first, rating.games, rating.result_sum, rating.score_sum) == (1, 1, 52300, 42300)
    assert rating.last_rated_at == first.created_at
    assert Settlement.objects.get(game=game).family == "riichi"


def test_p_sys_5_duplicate_task_settles_once():
    players = make_players(["ann", "bob", "cy", "dee"])
    game = finished_ranked_game(players, [42300, 31000, 18700, 8000])
    assert tasks.settle.delay(game.pk).get() == "settled"
    after_first = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    assert tasks.settle.delay(game.pk).get() == "already_settled"
    assert settle_game(game.pk) == "already_settled"
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == after_first
    assert RatingChange.objects.filter(game=game).count() == 4
    assert Settlement.objects.filter(game=game).count() == 1


def test_p_sys_5_database_refuses_a_second_change_or_mark_for_the_same_game():
    players = make_players(["ann", "bob", "cy", "dee"])
    game = finished_ranked_game(players, [42300, 31000, 18700, 8000])
    settle_game(game.pk)
    change = RatingChange.objects.filter(game=game).first()
    change.pk = None
    with pytest.raises(IntegrityError), transaction.atomic():
        change.save()
    with pytest.raises(IntegrityError), transaction.atomic():
        Settlement.objects.create(game=game, family="riichi")
    assert RatingChange.objects.filter(game=game).count() == 4


@pytest.mark.parametrize("kwargs", [
    {"ranked": False},                                          # private table / practice
    {"status": Game.Status.ABANDONED, "end_reason": "idle"},   # P-TABLE-9
    {"status": Game.Status.ABORTED, "end_reason": "system_abort"},   # P-SYS-7
    {"status": Game.Status.ACTIVE, "end_reason": ""},          # not over yet
])
def test_p_rate_2_unranked_abandoned_aborted_games_never_settle(kwargs):
    players = make_players(["ann", "bob", "cy", "dee"])
    game = finished_ranked_game(players, [42300, 31000, 18700, 8000], **kwargs)
    assert tasks.settle.delay(game.pk).get() == "not_rated"
    assert not Settlement.objects.exists() and not RatingChange.objects.exists()
    assert not Rating.objects.exists()


def test_p_rate_3_a_missing_game_is_not_an_error():
    assert tasks.settle.delay(987654).get() == "missing"


def test_p_rate_3_lost_task_is_caught_up_by_settle_missed():
    players = make_players(["ann", "bob", "cy", "dee"])
    from ratings_helpers import days_ago
    old = finished_ranked_game(players, [42300, 31000, 18700, 8000], finished_at=days_ago(0.01))
    fresh = finished_ranked_game(players, [42300, 31000, 18700, 8000])      # its task may still run
    unranked = finished_ranked_game(players, [42300, 31000, 18700, 8000], ranked=False,
                                    finished_at=days_ago(1))
    assert tasks.settle_missed.delay().get() == 1
    assert set(Settlement.objects.values_list("game_id", flat=True)) == {old.pk}
    assert tasks.settle_missed.delay().get() == 0
    assert fresh.pk and unranked.pk


def test_p_rate_3_p_rate_9_ranked_east_round_played_to_its_end_settles_every_seat_once(
        monkeypatch, settings):
    """A ranked Riichi East round (two people, two listed computers) played through the
    live-table service: the commit that ends it queues the settlement on the default queue
    (run eagerly here), which moves every seat's rating once."""
    queued = []
    original = tasks.settle.apply_async

    def spy(args, **kwargs):
        queued.append((tuple(args), kwargs.get("queue")))
        return original(args, **kwargs)

    monkeypatch.setattr(tasks.settle, "apply_async", spy)
    players = make_players(["ann", "bob"], computers=["bot1", "bot2"])
    game = create_ranked_game(players)
    game = play_to_end(game)
    assert queued == [((game.pk,), settings.DEFAULT_QUEUE)]          # once, default queue
    assert game.status == Game.Status.FINISHED and game.ranked
    assert Settlement.objects.filter(game=game).exists()
    changes = list(RatingChange.objects.filter(game=game).order_by("seat"))
    assert [c.user for c in changes] == players
    scores = game.game_result["final_scores"]
    assert [c.final_score for c in changes] == scores
    assert [c.placement for c in changes] == outcome.placements(scores)
    assert [c.result_points for c in changes] == game.game_result["results"]
    assert sum(c.result_points for c in changes) == 0
    assert sum(c.hands for c in changes) == 4 * changes[0].hands > 0
    for user in players:                                        # computers too (P-RATE-9)
        assert Rating.objects.get(user=user, family="riichi").games == 1
    assert settle_game(game.pk) == "already_settled"


def test_p_rate_2_practice_game_played_to_its_end_is_never_settled(alice):
    from platform_helpers import finish
    game = finish(service.create_practice(alice, "riichi-single-deal", human_seat=0))
    assert game.status == Game.Status.FINISHED
    assert not Settlement.objects.exists() and not RatingChange.objects.exists()
