"""Computer players in real games (issue 3; P-BOT-3, R-FURITEN, R-KUIKAE, R-RIICHI-6).

Every action a computer picks must be one of ``game.legal_actions(seat)`` (which already
applies furiten, kuikae and the riichi lock), so ``Game.apply`` never refuses it.
"""
from __future__ import annotations

import inspect
import json

import pytest

from rules_engine import ai
from rules_engine.cli.arena import derive_seed, play_game
from rules_engine.game import Game
from rules_engine.preset import get_preset

SEATINGS = [
    ["strong", "intermediate", "beginner", "strong"],
    ["intermediate", "beginner", "strong", "intermediate"],
    ["beginner", "strong", "intermediate", "beginner"],
    ["strong", "beginner", "intermediate", "intermediate"],
]


@pytest.mark.parametrize("part", range(4))
def test_r_furiten_r_kuikae_r_riichi_6_every_computer_plays_500_hands_legally(part):
    """Four parts of 125+ seeded East-round hands; every hand seats all three strengths,
    so each computer plays at least 500 hands in total. ``play_game`` counts any action
    outside ``legal_actions`` as illegal."""
    hands = 0
    game_index = 0
    while hands < 125:
        seats = SEATINGS[(game_index + part) % 4]
        stats = play_game("riichi", seats, 1000 + part, game_index)
        assert [s.illegal for s in stats] == [0, 0, 0, 0]
        assert all(s.decisions > 0 for s in stats)
        hands += stats[0].hands
        game_index += 1
    assert hands >= 125


def _play_hand(strengths: list[str], seed: int) -> list[dict]:
    game = Game.new(get_preset("riichi-single-deal"), seed)
    while game.phase in ("turn", "claim"):
        for seat in game.pending_seats():
            if game.legal_actions(seat):
                view = game.view(seat)
                game.apply(ai.decide(strengths[seat], view, derive_seed(seed, game.seq, seat)))
                break
    return game.log["entries"]


def test_decisions_are_deterministic_for_a_given_seed():
    seats = ["strong", "intermediate", "beginner", "strong"]
    for seed in (5, 6):
        assert _play_hand(seats, seed) == _play_hand(seats, seed)


def test_p_bot_3_decide_reads_only_the_seat_view():
    """``decide`` takes (strength, view, seed) and nothing else; the view it gets holds no
    other seat's concealed tiles, and a JSON round trip of the view (plain data, no link to
    the ``Game``) gives the same decision."""
    assert list(inspect.signature(ai.decide).parameters) == ["strength", "view", "seed"]
    game = Game.new(get_preset("riichi-single-deal"), 77)
    checked = 0
    while game.phase in ("turn", "claim"):
        for seat in game.pending_seats():
            if not game.legal_actions(seat):
                continue
            view = game.view(seat)
            for p in view["players"]:
                assert set(p) == {"seat", "seat_wind", "discards", "melds", "riichi", "concealed_count"}
            plain = json.loads(json.dumps(view))
            for strength in ai.STRENGTHS:
                assert ai.decide(strength, plain, 3) == ai.decide(strength, view, 3)
            checked += 1
            game.apply(ai.decide("strong", view, 3))
            break
    assert checked > 10
