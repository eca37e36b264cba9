"""The spec's tile notation (taiwanese.md §0.1) for the scorer CLI and tests.

``123m`` = 1m 2m 3m (runs of one suit compressed), ``E S W N`` winds, ``P`` white, ``F``
green, ``C`` red dragon, ``f1``..``f4`` flowers, ``s1``..``s4`` seasons. Spaces are
ignored. ``s`` after digits is the bamboo suit; ``s`` not after digits starts a season
(``s1`` is a season, ``1s`` a bamboo). Errors raise ``ValueError`` naming the position.
"""
from __future__ import annotations

from rules_engine.taiwanese.tiles import FLOWERS, SEASONS

HONOUR_LETTERS = "ESWNPFC"
"""Letters of the kinds 27..33 (E S W N, white, green, red)."""


def parse(text: str) -> tuple[list[int], list[int]]:
    """``(kinds, bonus_ids)`` of a notation string: ordinary tiles as kinds 0..33 in the
    written order, flowers and seasons as their ids 136..143. Raises ``ValueError`` for a
    character that is not notation, a digit 0, digits without a suit, or ``f``/``s`` + digit
    outside 1..4."""
    if not isinstance(text, str):
        raise ValueError(f"tiles are a notation string, got {text!r}")
    s = "".join(text.split())
    kinds: list[int] = []
    bonus: list[int] = []
    pending: list[tuple[int, int]] = []
    i = 0
    while i < len(s):
        ch = s[i]
        if ch.isdigit():
            if ch == "0":
                raise ValueError(f"no tile 0 at position {i} (ranks are 1..9)")
            pending.append((int(ch), i))
        elif ch in "mps" and pending:
            base = "mps".index(ch) * 9
            kinds.extend(base + r - 1 for r, _ in pending)
            pending = []
        elif ch in "fs":
            if i + 1 < len(s) and s[i + 1] in "1234":
                bonus.append((FLOWERS if ch == "f" else SEASONS)[int(s[i + 1]) - 1])
                i += 1
            else:
                raise ValueError(f"{ch!r} at position {i} must be followed by 1..4 "
                                 f"(a {'flower' if ch == 'f' else 'season'})")
        elif ch in HONOUR_LETTERS:
            if pending:
                raise ValueError(f"digits before position {i} have no suit letter")
            kinds.append(27 + HONOUR_LETTERS.index(ch))
        else:
            raise ValueError(f"bad character {ch!r} at position {i}")
        i += 1
    if pending:
        raise ValueError(f"digits at the end (position {pending[0][1]}) have no suit letter")
    return kinds, bonus


def parse_kinds(text: str) -> list[int]:
    """Ordinary tiles only (``ValueError`` if a flower or season is written)."""
    kinds, bonus = parse(text)
    if bonus:
        raise ValueError(f"flowers and seasons are not tiles of the hand: {text!r}")
    return kinds


def kind_label(kind: int) -> str:
    """``"5m"``, ``"E"``, ``"C"`` for kinds 0..33."""
    if kind >= 27:
        return HONOUR_LETTERS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"
