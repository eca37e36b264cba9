"""Tiles and notation (R-TILE, spec riichi.md §2.1, DESIGN §2).

A tile *kind* is an int 0..33: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s,
27-30 = East South West North, 31-33 = White Green Red.
A *physical tile* (tile id) is an int 0..135 = ``4 * kind + copy``; copy 0 of
each five is the red five (ids 16 = 0m, 52 = 0p, 88 = 0s, R-TILE-4).

Notation: ``123m406p789s1122z``: digits followed by their suit letter; ``0`` is
the red five of that suit (R-TILE-2). Parsing errors raise ``ValueError``
naming the bad character and its 0-based position.
"""
from __future__ import annotations

from typing import Iterable, Sequence

NUM_KINDS = 34
NUM_TILES = 136

MAN, PIN, SOU, HONOR = 0, 1, 2, 3
SUIT_LETTERS = "mpsz"

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
DRAGON_KINDS = (HAKU, HATSU, CHUN)
WIND_LETTERS = "ESWN"

RED_FIVES = frozenset({16, 52, 88})
"""Tile ids of the red fives 0m, 0p, 0s (R-TILE-4)."""

TERMINAL_HONOR_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The 13 yaochuuhai kinds (R-TILE-5)."""

_IS_TERMINAL_OR_HONOR = tuple(k in TERMINAL_HONOR_KINDS for k in range(NUM_KINDS))
_IS_HONOR = tuple(k >= 27 for k in range(NUM_KINDS))
_IS_TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(NUM_KINDS))


def kind_of(tile: int) -> int:
    """Kind 0..33 of physical tile id ``tile`` (0..135)."""
    return tile >> 2


def is_red(tile: int) -> bool:
    """True for the three red fives (ids 16, 52, 88; R-TILE-2)."""
    return tile in RED_FIVES


def is_honor(kind: int) -> bool:
    """True for winds and dragons (kinds 27..33)."""
    return _IS_HONOR[kind]


def is_terminal(kind: int) -> bool:
    """True for 1 and 9 of a suit."""
    return _IS_TERMINAL[kind]


def is_terminal_or_honor(kind: int) -> bool:
    """True for the 13 yaochuuhai kinds (R-TILE-5)."""
    return _IS_TERMINAL_OR_HONOR[kind]


def suit_of(kind: int) -> int:
    """0 = man, 1 = pin, 2 = sou, 3 = honor."""
    return kind // 9 if kind < 27 else HONOR


def number_of(kind: int) -> int:
    """1..9 for number tiles, 1..7 for honors (1z..7z)."""
    return kind % 9 + 1 if kind < 27 else kind - 26


def dora_from_indicator(kind: int) -> int:
    """Dora kind indicated by indicator kind ``kind`` (R-DORA-1).

    Numbers wrap 9 -> 1 within the suit; winds E->S->W->N->E; dragons
    White->Green->Red->White.
    """
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind <= NORTH:
        return EAST if kind == NORTH else kind + 1
    return HAKU if kind == CHUN else kind + 1


def counts_of(tiles: Iterable[int], *, physical: bool = True) -> list[int]:
    """34-length count array of ``tiles`` (tile ids if ``physical`` else kinds)."""
    counts = [0] * NUM_KINDS
    if physical:
        for t in tiles:
            counts[t >> 2] += 1
    else:
        for k in tiles:
            counts[k] += 1
    return counts


# ---------------------------------------------------------------- notation

def parse_kinds(text: str) -> list[int]:
    """Parse notation into tile kinds (red fives become ordinary kind 4/13/22).

    Raises ``ValueError`` on a bad character, a digit without suit, a red
    ``0z``, or an honor digit 8/9.
    """
    return [kind_of(t) for t in _parse(text, assign_ids=False)]


def parse_tiles(text: str, used: set[int] | None = None) -> list[int]:
    """Parse notation into physical tile ids (R-TILE-4).

    ``0`` gives the red copy (copy 0); an ordinary digit gives the lowest
    non-red copy not in ``used`` (updated in place when given). Raises
    ``ValueError`` for a bad character (with its position) or a fifth copy.
    """
    used_set = used if used is not None else set()
    return _parse(text, assign_ids=True, used=used_set)


def _parse(text: str, *, assign_ids: bool, used: set[int] | None = None) -> list[int]:
    if not isinstance(text, str):
        raise ValueError(f"tile notation must be a string, got {type(text).__name__}")
    out: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            pending.append((int(ch), pos))
            continue
        if ch in SUIT_LETTERS:
            if not pending:
                raise ValueError(f"suit letter {ch!r} at position {pos} has no digits before it")
            suit = SUIT_LETTERS.index(ch)
            for digit, dpos in pending:
                out.append(_tile_for(digit, suit, dpos, text, assign_ids, used))
            pending.clear()
            continue
        if ch.isspace():
            raise ValueError(f"bad character {ch!r} (whitespace) at position {pos} in {text!r}")
        raise ValueError(f"bad character {ch!r} at position {pos} in {text!r}")
    if pending:
        digit, dpos = pending[0]
        raise ValueError(f"digit {digit!r} at position {dpos} has no suit letter after it in {text!r}")
    return out


def _tile_for(digit: int, suit: int, pos: int, text: str, assign_ids: bool, used: set[int] | None) -> int:
    if suit == HONOR:
        if digit == 0 or digit > 7:
            raise ValueError(f"bad character {str(digit)!r} at position {pos}: honors are 1z..7z")
        kind = 26 + digit
    else:
        kind = suit * 9 + (4 if digit == 0 else digit - 1)
    if not assign_ids:
        return kind * 4 + (0 if digit == 0 else 1)
    assert used is not None
    if digit == 0:
        tile = kind * 4
        if tile in used:
            raise ValueError(f"red five at position {pos} appears twice in {text!r}")
        used.add(tile)
        return tile
    copies = (1, 2, 3) if kind in (4, 13, 22) else (0, 1, 2, 3)
    for c in copies:
        tile = kind * 4 + c
        if tile not in used:
            used.add(tile)
            return tile
    if kind in (4, 13, 22):
        raise ValueError(f"too many ordinary {format_kinds([kind])} at position {pos} in {text!r}: "
                         f"one of the four is the red five, written 0")
    raise ValueError(f"fifth copy of {format_kinds([kind])} at position {pos} in {text!r}")


def format_kinds(kinds: Iterable[int]) -> str:
    """Format kinds as compact notation, sorted (``[0,1,2,27]`` -> ``123m1z``)."""
    return _format(sorted((k, str(number_of(k))) for k in kinds))


def format_tiles(tiles: Iterable[int]) -> str:
    """Format physical tile ids as compact notation with ``0`` for red fives, sorted."""
    items = []
    for t in tiles:
        k = t >> 2
        items.append((k, "0" if t in RED_FIVES else str(number_of(k)), t))
    items.sort(key=lambda x: (x[0], x[1] != "0", x[2]))
    return _format([(k, d) for k, d, _ in items])


def _format(items: Sequence[tuple[int, str]]) -> str:
    parts: list[str] = []
    cur_suit = None
    for k, d in items:
        s = suit_of(k)
        if cur_suit is not None and s != cur_suit:
            parts.append(SUIT_LETTERS[cur_suit])
        parts.append(d)
        cur_suit = s
    if cur_suit is not None:
        parts.append(SUIT_LETTERS[cur_suit])
    return "".join(parts)


def tile_name(tile: int) -> str:
    """Notation of one physical tile (``'0p'`` for the red five of pins)."""
    return format_tiles([tile])


def kind_name(kind: int) -> str:
    """Notation of one kind (``'5z'`` for White)."""
    return format_kinds([kind])


def wind_from_letter(letter: str) -> int:
    """Wind index 0..3 from ``'E'|'S'|'W'|'N'``; raises ``ValueError`` otherwise."""
    if not isinstance(letter, str) or letter not in WIND_LETTERS or len(letter) != 1:
        raise ValueError(f"wind must be one of E, S, W, N, got {letter!r}")
    return WIND_LETTERS.index(letter)
