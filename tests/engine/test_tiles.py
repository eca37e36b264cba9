"""Tiles and notation (R-TILE-1..5, R-DORA-1; rules_engine.core.tiles)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.core.tiles import (
    NUM_KINDS,
    RED_FIVES,
    TERMINAL_HONOR_KINDS,
    counts_of,
    dora_from_indicator,
    format_kinds,
    format_tiles,
    is_honor,
    is_red,
    is_terminal,
    is_terminal_or_honor,
    kind_name,
    kind_of,
    number_of,
    parse_kinds,
    parse_tiles,
    suit_of,
    tile_name,
    wind_from_letter,
)


def test_r_tile_1_four_copies_of_34_kinds() -> None:
    kinds = [kind_of(t) for t in range(136)]
    assert counts_of(kinds, physical=False) == [4] * NUM_KINDS
    assert counts_of(range(136)) == [4] * NUM_KINDS


def test_r_tile_2_and_4_red_fives_are_copy_zero_of_the_fives() -> None:
    assert sorted(RED_FIVES) == [16, 52, 88]
    assert [kind_of(t) for t in sorted(RED_FIVES)] == [4, 13, 22]
    assert parse_tiles("0m0p0s") == [16, 52, 88]
    assert all(is_red(t) for t in RED_FIVES)
    assert not is_red(17)
    assert format_tiles([17, 16]) == "05m"


def test_r_tile_4_ordinary_digit_takes_lowest_non_red_copy() -> None:
    assert parse_tiles("555m") == [17, 18, 19]
    assert parse_tiles("0555m") == [16, 17, 18, 19]
    used = {0}
    assert parse_tiles("11m", used) == [1, 2]
    assert used == {0, 1, 2}


def test_r_tile_5_classes() -> None:
    assert list(TERMINAL_HONOR_KINDS) == [k for k in range(NUM_KINDS) if is_terminal_or_honor(k)]
    assert [k for k in range(NUM_KINDS) if is_honor(k)] == list(range(27, 34))
    assert [k for k in range(NUM_KINDS) if is_terminal(k)] == [0, 8, 9, 17, 18, 26]
    assert [suit_of(k) for k in (0, 9, 18, 27)] == [0, 1, 2, 3]
    assert [number_of(k) for k in (0, 8, 27, 33)] == [1, 9, 1, 7]


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        pytest.param("9m", "1m", id="R-DORA-1 9 wraps to 1"),
        pytest.param("4p", "5p", id="R-DORA-1 number plus one"),
        pytest.param("4z", "1z", id="R-DORA-1 North -> East"),
        pytest.param("1z", "2z", id="R-DORA-1 East -> South"),
        pytest.param("7z", "5z", id="R-DORA-1 Red -> White"),
        pytest.param("5z", "6z", id="R-DORA-1 White -> Green"),
    ],
)
def test_r_dora_1_indicator(indicator: str, dora: str) -> None:
    assert kind_name(dora_from_indicator(parse_kinds(indicator)[0])) == dora


def test_named_notation() -> None:
    assert parse_kinds("123m406p789s1122z") == [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28]
    assert format_kinds([27, 0, 1, 2]) == "123m1z"
    assert tile_name(52) == "0p"
    assert kind_name(31) == "5z"
    assert [wind_from_letter(x) for x in "ESWN"] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("12x", "'x' at position 2", id="unknown letter"),
        pytest.param("1 2m", "position 1", id="whitespace"),
        pytest.param("m", "'m' at position 0", id="suit without digits"),
        pytest.param("123", "position 0", id="digits without suit"),
        pytest.param("18z", "'8' at position 1", id="honor 8z"),
        pytest.param("0z", "'0' at position 0", id="red honor"),
        pytest.param("00m", "position 1", id="two red 5m"),
        pytest.param("11111m", "position 4", id="fifth copy"),
        pytest.param("5555m", "position 3", id="four ordinary fives leave no room for the red one"),
    ],
)
def test_parse_errors_name_the_bad_character_and_position(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        parse_tiles(text)


def test_parse_kinds_rejects_non_strings() -> None:
    with pytest.raises(ValueError, match="string"):
        parse_kinds(123)  # type: ignore[arg-type]


def test_wind_from_letter_rejects_others() -> None:
    for bad in ("X", "", "EE", None):
        with pytest.raises(ValueError):
            wind_from_letter(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------- properties

tile_sets = st.sets(st.integers(min_value=0, max_value=135), max_size=20)


@given(tile_sets)
def test_format_then_parse_tiles_round_trips_kinds_and_red_fives(tiles: set[int]) -> None:
    text = format_tiles(tiles)
    back = parse_tiles(text)
    assert sorted(kind_of(t) for t in back) == sorted(kind_of(t) for t in tiles)
    assert {t for t in back if is_red(t)} == {t for t in tiles if is_red(t)}
    assert format_tiles(back) == text  # printing the parse is stable


@given(st.lists(st.integers(min_value=0, max_value=33), max_size=20))
def test_format_then_parse_kinds_round_trips(kinds: list[int]) -> None:
    assert parse_kinds(format_kinds(kinds)) == sorted(kinds)


@given(st.text(alphabet="0123456789mpsz xq", max_size=16))
def test_parse_succeeds_or_names_a_position(text: str) -> None:
    """Fuzz: every input parses, or fails with a ValueError naming a position in the text."""
    try:
        tiles = parse_tiles(text)
    except ValueError as err:
        msg = str(err)
        assert "position" in msg
        pos = int(msg.split("position ")[1].split()[0].rstrip(":"))
        assert 0 <= pos < len(text)
    else:
        assert len(set(tiles)) == len(tiles)
        assert format_tiles(parse_tiles(format_tiles(tiles))) == format_tiles(tiles)
