"""Wall from a seed and dead-wall roles (R-WALL-1 to R-WALL-5, TV-01, P-SYS-4)."""
from collections import Counter

import pytest

from rules_engine.game import Game
from rules_engine.preset import PRESETS
from rules_engine.core.tiles import kind_of, parse_tiles
from rules_engine.core.seed import SeedStream, derive_seed
from rules_engine.riichi.wall import (DOMAIN, DORA_INDICATOR_INDEX, REPLACEMENT_INDEX, URA_INDICATOR_INDEX, check_wall,
                                      scripted_wall, shuffled_wall)


def test_r_wall_1_seed_gives_a_permutation_and_is_deterministic():
    w = shuffled_wall(12345)
    assert sorted(w) == list(range(136))
    assert shuffled_wall(12345) == w
    assert shuffled_wall(12346) != w


def test_r_wall_1_fixed_seed_vector_never_changes():
    """Replays must stay valid forever: pin the first ids of seed 0 and seed -7."""
    pinned = shuffled_wall(1)[:10]
    assert pinned == [24, 108, 16, 64, 78, 55, 82, 93, 3, 12]
    assert sorted(shuffled_wall(-7)) == list(range(136))


def test_r_wall_1_shuffle_is_roughly_uniform():
    """Each tile lands in the first position about 1/136 of the time (2,720 seeds: 20 expected)."""
    first = Counter(shuffled_wall(s)[0] for s in range(2720))
    assert len(first) > 120
    assert max(first.values()) < 50


def test_seed_stream_below_is_in_range_and_rejects_bad_bounds():
    s = SeedStream(3, DOMAIN)
    values = [s.below(6) for _ in range(600)]
    assert set(values) == set(range(6))
    with pytest.raises(ValueError):
        s.below(0)
    with pytest.raises(ValueError):
        SeedStream("3", DOMAIN)  # type: ignore[arg-type]


def test_r_wall_3_dead_wall_roles():
    assert DORA_INDICATOR_INDEX == (130, 128, 126, 124, 122)
    assert URA_INDICATOR_INDEX == (131, 129, 127, 125, 123)
    assert REPLACEMENT_INDEX == (134, 135, 132, 133)


def test_tv_01_wall_and_deal_identity_wall():
    """TV-01: W[i] = i gives the stated hands, indicator, first replacement and L values."""
    game = Game.new(PRESETS["riichi"], 0, wall=list(range(136)))
    hands = [sorted(s.hand) for s in game._seats]
    assert hands[0] == sorted([0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 52])  # East drew 52
    assert hands[1] == [4, 5, 6, 7, 20, 21, 22, 23, 36, 37, 38, 39, 49]
    assert hands[2] == [8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43, 50]
    assert hands[3] == [12, 13, 14, 15, 28, 29, 30, 31, 44, 45, 46, 47, 51]
    assert 16 in hands[0]  # the red 0m
    assert game.dora_indicators() == [130] and kind_of(130) == 32
    assert game._wall[URA_INDICATOR_INDEX[0]] == 131
    assert game._wall[REPLACEMENT_INDEX[0]] == 134
    assert game.live_count == 69  # 70 before the dealer's draw, 69 after
    assert game.view(None)["wall_count"] == 69


def test_r_wall_4_replacement_shortens_the_live_wall():
    """After one replacement draw the live wall ends at W[120] (TV-01)."""
    from rules_engine.riichi.scenario import act, scenario
    g = scenario(hands=["1111m23p456s789s1z"], draws="9m", replacements="2z")
    before = g.live_count
    act(g, 0, "ankan", tiles="1111m")
    assert g._live_end == 121 and g.live_count == before - 1
    assert g._seats[0].hand[-1] == parse_tiles("2z")[0]


def test_check_wall_refuses_non_permutations():
    with pytest.raises(ValueError, match="permutation"):
        check_wall(list(range(135)) + [0])
    with pytest.raises(ValueError):
        Game.new(PRESETS["riichi"], 0, wall=[0] * 136)


def test_scripted_wall_places_hands_by_seat_and_dealer():
    w = scripted_wall(["", "19m"], "5z", dealer=1)
    assert {w[0], w[1]} == set(parse_tiles("19m"))  # seat 1 deals: it is P0
    assert kind_of(w[52]) == 31
    with pytest.raises(ValueError):
        scripted_wall(["1111m1m"])


def test_derive_seed_is_stable_and_distinct():
    assert derive_seed(1, 0, 0) == derive_seed(1, 0, 0)
    assert len({derive_seed(1, g, h) for g in range(10) for h in range(10)}) == 100
