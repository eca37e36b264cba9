"""Taiwanese tile set, wall, deal and initial flower passes (taiwanese.md T-SETUP, T-DEAL,
T-WALL, T-FLOWER-2): ``rules_engine.taiwanese.tiles`` and ``rules_engine.taiwanese.wall``."""
from collections import Counter

import pytest

from rules_engine.riichi.wall import shuffled_wall as riichi_wall
from rules_engine.taiwanese.tiles import BONUS_TILES, FLOWERS, NUM_TILES, SEASONS, is_bonus, tile_label
from rules_engine.taiwanese.wall import (DEAL_INDEX, Walls, check_wall, deal, initial_flower_passes,
                                         shuffled_wall)


def test_t_setup_2_the_set_is_144_tiles_four_of_each_kind_and_eight_bonus_tiles():
    """T-SETUP-2: 108 suited + 16 winds + 12 dragons, four of each, and f1-f4, s1-s4 once."""
    labels = Counter(tile_label(t) for t in range(NUM_TILES))
    assert NUM_TILES == 144 and len(labels) == 34 + 8
    assert all(labels[f"{n}{s}"] == 4 for n in range(1, 10) for s in "mps")
    assert all(labels[x] == 4 for x in "ESWNPFC")
    assert all(labels[x] == 1 for x in ("f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"))
    assert sum(map(is_bonus, range(NUM_TILES))) == 8 == len(BONUS_TILES)


def test_t_setup_3_ids_follow_the_engine_kinds_then_flowers_then_seasons():
    """T-SETUP-3: id = 4 * kind + copy for 0..135; 136..139 = f1..f4; 140..143 = s1..s4."""
    assert [tile_label(4 * k + 3) for k in (0, 8, 9, 18, 26, 27, 30, 31, 32, 33)] == \
        ["1m", "9m", "1p", "1s", "9s", "E", "N", "P", "F", "C"]
    assert [tile_label(t) for t in FLOWERS] == ["f1", "f2", "f3", "f4"]
    assert [tile_label(t) for t in SEASONS] == ["s1", "s2", "s3", "s4"]
    with pytest.raises(ValueError):
        tile_label(144)


def test_t_deal_1_the_shuffle_is_a_seeded_permutation_of_all_144_tiles():
    """T-DEAL-1: every id once; the same seed gives the same wall, other seeds other walls;
    not the Riichi wall of the same seed."""
    walls = [shuffled_wall(s) for s in range(20)]
    assert all(sorted(w) == list(range(144)) for w in walls)
    assert shuffled_wall(7) == walls[7]
    assert len({tuple(w) for w in walls}) == 20
    assert shuffled_wall(7)[:136] != riichi_wall(7)
    assert shuffled_wall(-3) == shuffled_wall(-3)
    with pytest.raises(ValueError):
        shuffled_wall("7")  # type: ignore[arg-type]


def test_t_deal_2_the_dead_wall_is_the_last_16_tiles_and_the_live_wall_the_first_128():
    """T-DEAL-2 (with T-DEAL-3): after the deal live = T[65..127], dead = T[128..143]."""
    wall = shuffled_wall(11)
    _hands, walls = deal(wall)
    assert list(walls.dead) == wall[128:] and len(walls.dead) == 16
    assert list(walls.live) == wall[65:128] and walls.live_count == 63


def test_t_deal_3_packets_of_four_east_south_west_north_then_one_more_to_east():
    """T-DEAL-3: the table of live-wall indices dealt to each seat."""
    assert DEAL_INDEX[0] == (*range(0, 4), *range(16, 20), *range(32, 36), *range(48, 52), 64)
    assert DEAL_INDEX[1] == (*range(4, 8), *range(20, 24), *range(36, 40), *range(52, 56))
    assert DEAL_INDEX[2] == (*range(8, 12), *range(24, 28), *range(40, 44), *range(56, 60))
    assert DEAL_INDEX[3] == (*range(12, 16), *range(28, 32), *range(44, 48), *range(60, 64))
    wall = list(range(144))[::-1]
    hands, _walls = deal(wall)
    assert [len(h) for h in hands] == [17, 16, 16, 16]
    assert hands[2] == [wall[i] for i in DEAL_INDEX[2]]
    assert sorted(t for h in hands for t in h) == sorted(wall[:65])
    with pytest.raises(ValueError):
        check_wall(list(range(136)))


def test_t_wall_2_replacement_draws_take_the_dead_front_and_refill_from_the_live_tail():
    """T-WALL-1, T-WALL-2 and the spec's illustration: the first replacement gives T[128] and
    moves T[127] to the back of the dead wall; the second gives T[129] and moves T[126]."""
    wall = shuffled_wall(5)
    _hands, walls = deal(wall)
    assert walls.replacement_draw() == wall[128]
    assert list(walls.dead) == wall[129:] + [wall[127]]
    assert list(walls.live) == wall[65:127] and walls.live_count == 62
    assert walls.replacement_draw() == wall[129]
    assert list(walls.dead) == wall[130:] + [wall[127], wall[126]]
    assert walls.draw() == wall[65] and walls.live_count == 60
    assert len(walls.dead) == 16


def test_t_wall_3_no_replacement_draw_and_no_draw_from_an_empty_live_wall():
    """T-WALL-3: with the live wall empty a replacement draw is refused (and so is a draw)."""
    walls = Walls(list(range(144)))
    while walls.live_count:
        walls.draw()
    with pytest.raises(ValueError, match="T-WALL-3"):
        walls.replacement_draw()
    with pytest.raises(ValueError):
        walls.draw()
    assert len(walls.dead) == 16


def _scripted(placed: dict[int, int]) -> list[int]:
    """A wall with ``placed`` (index -> tile id) and ordinary filler tiles elsewhere; the
    remaining bonus tiles go to the far back of the dead wall (never drawn here)."""
    rest_bonus = [t for t in BONUS_TILES if t not in placed.values()]
    back = {143 - i: t for i, t in enumerate(rest_bonus)}
    filler = iter(t for t in range(136) if t not in placed.values())
    return [placed.get(i, back.get(i)) if i in placed or i in back else next(filler) for i in range(144)]


def test_t_flower_2_initial_passes_follow_the_spec_illustration():
    """T-FLOWER-2 illustration: East holds f1 and s3, West f2; T[129] is s1. Pass 1: East
    exposes f1, s3 and gets T[128], T[129] (s1 stays); West exposes f2 and gets T[130].
    Pass 2: East exposes s1 and gets T[131]. Live T[65..123], dead T[132..143], T[127..124]."""
    f1, f2, s1, s3 = FLOWERS[0], FLOWERS[1], SEASONS[0], SEASONS[2]
    wall = _scripted({0: f1, 1: s3, 8: f2, 129: s1})
    hands, walls = deal(wall)
    exposed, steps = initial_flower_passes(hands, walls)
    assert exposed == [[f1, s3, s1], [], [f2], []]
    assert steps == [
        {"pass": 1, "seat": 0, "flowers": [f1, s3], "replacements": [wall[128], s1]},
        {"pass": 1, "seat": 2, "flowers": [f2], "replacements": [wall[130]]},
        {"pass": 2, "seat": 0, "flowers": [s1], "replacements": [wall[131]]},
    ]
    assert list(walls.live) == wall[65:124] and walls.live_count == 59
    assert list(walls.dead) == wall[132:] + [wall[127], wall[126], wall[125], wall[124]]
    assert [len(h) for h in hands] == [17, 16, 16, 16]
    assert not any(is_bonus(t) for h in hands for t in h)


def test_t_wall_4_every_tile_is_accounted_for_after_the_deal_and_flower_passes():
    """T-WALL-4: live + dead (16) + hands + exposed flowers = the 144 ids, on many seeds."""
    for seed in range(200):
        hands, walls = deal(shuffled_wall(seed))
        exposed, _steps = initial_flower_passes(hands, walls)
        assert len(walls.dead) == 16
        assert [len(h) for h in hands] == [17, 16, 16, 16]
        every = list(walls.live) + list(walls.dead) + [t for h in hands for t in h] + [t for e in exposed for t in e]
        assert sorted(every) == list(range(144))
        assert not any(is_bonus(t) for h in hands for t in h)
        assert all(is_bonus(t) for e in exposed for t in e)
