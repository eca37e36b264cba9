"""Scripted Taiwanese walls for tests and examples, written in the spec's notation (§0.1).

``build_wall(hands, live, dead)`` returns a wall ``T[0..143]`` for ``Game.new(preset, seed,
wall=...)``: ``hands`` maps a wind (0 = East, the dealer, .. 3 = North) to the tiles dealt to
it in dealing order (T-DEAL-3; East 17, the others 16); ``live`` lists the live-wall tiles
after the deal in draw order (``T[65]``, ``T[66]``, ...); ``dead`` the dead wall front first
(``T[128]``, ...). Tokens are separated by spaces and each token is notation of ordinary
tiles (``123m``, ``EEE``) or one bonus tile (``f1``, ``s3``); ``?`` leaves one slot to the
filler. Unnamed slots are filled with the unused ordinary tiles in a fixed shuffled order;
unused flowers and seasons go to the highest free indices (the back of the dead wall first),
where they are reached only after many replacement draws. ``ValueError`` when more than the
four copies of a kind (or a bonus tile twice) are named, or a list is too long.
"""
from __future__ import annotations

import random

from rules_engine.taiwanese.notation import parse
from rules_engine.taiwanese.wall import DEAL_INDEX, DEALT, LIVE_TILES

_FREE = -1


def tokens(text: str) -> list[int | None]:
    """Kinds 0..33 / bonus ids 136..143 / ``None`` (a free slot) in written order."""
    out: list[int | None] = []
    for tok in text.split():
        if tok == "?":
            out.append(None)
            continue
        kinds, bonus = parse(tok)
        if kinds and bonus:
            raise ValueError(f"token {tok!r} mixes ordinary and bonus tiles; separate them by spaces")
        out.extend(kinds)
        out.extend(bonus)
    return out


def build_wall(hands: dict[int, str] | None = None, live: str = "", dead: str = "", *, filler_seed: int = 0
               ) -> list[int]:
    """See the module docstring."""
    wall = [_FREE] * 144
    want: list[tuple[int, int]] = []  # (slot, kind or bonus id)
    for wind, text in (hands or {}).items():
        toks = tokens(text)
        idx = DEAL_INDEX[wind]
        if len(toks) > len(idx):
            raise ValueError(f"wind {wind} is dealt {len(idx)} tiles, {len(toks)} named")
        want += [(idx[i], t) for i, t in enumerate(toks) if t is not None]
    toks = tokens(live)
    if len(toks) > LIVE_TILES - DEALT:
        raise ValueError(f"the live wall holds {LIVE_TILES - DEALT} tiles after the deal, {len(toks)} named")
    want += [(DEALT + i, t) for i, t in enumerate(toks) if t is not None]
    toks = tokens(dead)
    if len(toks) > 16:
        raise ValueError(f"the dead wall holds 16 tiles, {len(toks)} named")
    want += [(LIVE_TILES + i, t) for i, t in enumerate(toks) if t is not None]
    next_copy = [0] * 34
    used: set[int] = set()
    for slot, t in want:
        if t >= 136:
            if t in used:
                raise ValueError(f"bonus tile {t} named twice")
            tid = t
        else:
            if next_copy[t] == 4:
                raise ValueError(f"more than four tiles of kind {t} named")
            tid = 4 * t + next_copy[t]
            next_copy[t] += 1
        used.add(tid)
        wall[slot] = tid
    rest = [t for t in range(136) if t not in used]
    random.Random(filler_seed).shuffle(rest)
    bonus = [t for t in range(136, 144) if t not in used]
    free = [i for i in range(144) if wall[i] == _FREE]
    for i in reversed(free[len(free) - len(bonus):]):
        wall[i] = bonus.pop(0)
    for i in free[:len(free) - (8 - len([t for t in used if t >= 136]))]:
        wall[i] = rest.pop()
    return wall


def kind_of(label: str) -> int:
    """The kind 0..33 of one tile written in notation (``"5p"``, ``"C"``)."""
    kinds = tokens(label)
    if len(kinds) != 1 or kinds[0] is None or kinds[0] >= 136:
        raise ValueError(f"{label!r} is not one ordinary tile")
    return kinds[0]


def act(game, seat: int, typ: str, label: str | None = None) -> list[dict]:
    """Apply ``seat``'s first legal action of type ``typ`` (whose ``tile`` is of the kind
    ``label``, when given; ``label="-"`` asks for a null tile) and return its events.
    ``ValueError`` listing the legal actions when there is none."""
    for a in game.legal_actions(seat):
        if a.type != typ:
            continue
        if label == "-" and a.tile is not None:
            continue
        if label not in (None, "-") and (a.tile is None or a.tile >> 2 != kind_of(label)):
            continue
        return game.apply(a)
    raise ValueError(f"seat {seat} has no {typ} {label or ''}; legal: {[str(a) for a in game.legal_actions(seat)]}")


def quiet_step(game) -> list[dict]:
    """One step of quiet play: in a response window the first pending seat passes; on a turn
    the seat discards its drawn tile (else its first discard option). Never wins, calls or
    declares anything."""
    seat = game.pending_seats()[0]
    legal = game.legal_actions(seat)
    if game.phase == "claim":
        return game.apply(next(a for a in legal if a.type == "pass"))
    drawn = game._drawn if game._turn_kind != "call" else None
    for a in legal:
        if a.type == "discard" and a.tile == drawn:
            return game.apply(a)
    return game.apply(next(a for a in legal if a.type == "discard"))


def quiet_until(game, stop) -> None:
    """``quiet_step`` until ``stop(game)`` is true or the hand is over."""
    while game.phase in ("turn", "claim") and not stop(game):
        quiet_step(game)
