"""Scripted scenarios for tests, examples and bug reports (R-WALL-1: "tests may supply W").

``scenario(...)`` starts a game on a scripted wall (``wall.scripted_wall``) with a chosen
dealer, scores, honba and deposits; ``act(game, seat, type, tile)`` performs the legal
action of that type whose tile matches the notation (``"5p"``, ``"0p"`` for the red five);
``pass_all`` answers "pass" for every pending claim. These helpers only choose among
``legal_actions``: they never bypass validation.
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.core.actions import Action
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.core.tiles import RED_FIVES, parse_kinds, parse_tiles
from rules_engine.riichi.wall import scripted_wall


def scenario(preset: str = "riichi", hands: Sequence[str] = ("", "", "", ""), draws: str | Sequence[str] = "",
             *, dealer: int = 0, hand_number: int | None = None, scores: Sequence[int] | None = None,
             honba: int = 0, deposits: int = 0, indicators: str = "", replacements: str = "",
             ura: str = "") -> Game:
    """A game whose current hand is dealt from a scripted wall.

    ``hands`` per seat (13 tiles or fewer, the rest filled), ``draws`` the live draws in
    order from ``W[52]`` (the dealer's first draw). ``hand_number`` defaults to ``dealer``.
    ``deposits`` are points already on the table. Raises ``ValueError`` for bad notation.
    """
    p = get_preset(preset)
    wall = scripted_wall(hands, draws, dealer=dealer, indicators=indicators, replacements=replacements, ura=ura)
    game = Game(p)
    game._next = (dealer if hand_number is None else hand_number, dealer, honba)
    if scores is not None:
        game.scores = list(scores)
    game.deposits = deposits
    game._start_hand(0, wall)
    return game


def _matches(tile: int | None, text: str) -> bool:
    if tile is None:
        return False
    kind = parse_kinds(text)[0]
    red = "0" in text
    return tile >> 2 == kind and (tile in RED_FIVES) == red


def find(game: Game, seat: int, typ: str, tile: str | None = None, tiles: str | None = None) -> Action:
    """The legal action of ``seat`` of type ``typ`` matching ``tile`` (for ankan/chi/pon:
    ``tiles`` gives the own tiles' kinds, red fives as ``0``). Raises ``LookupError``
    listing the legal actions when none matches."""
    legal = game.legal_actions(seat)
    want = None
    if tiles is not None:
        ids = parse_tiles(tiles)
        want = sorted((t >> 2, t in RED_FIVES) for t in ids)
    for a in legal:
        if a.type != typ:
            continue
        if tile is not None and not _matches(a.tile, tile):
            continue
        if want is not None and sorted((t >> 2, t in RED_FIVES) for t in a.tiles) != want:
            continue
        return a
    raise LookupError(f"seat {seat} has no legal {typ} {tile or ''} {tiles or ''}; "
                      f"legal: {[str(a) for a in legal]}")


def act(game: Game, seat: int, typ: str, tile: str | None = None, tiles: str | None = None) -> list[dict]:
    """Apply ``find(game, seat, typ, tile, tiles)``; return its events."""
    return game.apply(find(game, seat, typ, tile, tiles))


def pass_all(game: Game, *, skip: Sequence[int] = ()) -> list[dict]:
    """Answer ``pass`` for every pending claim seat not in ``skip``; return the events."""
    events: list[dict] = []
    if game.phase != "claim":
        return events
    for seat in game.pending_seats():
        if seat in skip:
            continue
        events += game.apply(Action("pass", seat))
        if game.phase != "claim":
            break
    return events


def discard(game: Game, seat: int, tile: str) -> list[dict]:
    """Discard ``tile`` (notation) by ``seat``, then pass every claim it opens."""
    events = act(game, seat, "discard", tile)
    return events + pass_all(game)


def tsumogiri(game: Game) -> list[dict]:
    """The seat whose turn it is discards its drawn tile; every claim is passed."""
    seat = game.pending_seats()[0]
    tile = game._drawn
    assert tile is not None, "no drawn tile (turn after a call)"
    return game.apply(Action("discard", seat, tile)) + pass_all(game)


def run_to(game: Game, live_count: int) -> None:
    """Tsumogiri (passing every claim) until ``game.live_count == live_count`` at a turn."""
    while game.phase == "turn" and game.live_count > live_count:
        tsumogiri(game)
