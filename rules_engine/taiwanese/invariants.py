"""Invariant checks of a running Taiwanese table for the simulator and the property tests
(T-WALL-4 tile conservation, T-PAY-8 zero-sum, P-SYS-2 / P-FAIR-6 no view leak). Each
function returns a list of violation messages (empty when the invariant holds).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core.view_checks import public_tiles, view_problems, view_tile_ids

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.game import Game


def tile_conservation(game: "Game") -> list[str]:
    """T-WALL-4: live wall + dead wall (16) + concealed + melds + uncalled discards + exposed
    flowers = the 144 ids, none twice; each seat's kind counts match its hand."""
    walls = game._walls
    ids = list(walls.live) + list(walls.dead)
    out = []
    if len(walls.dead) != 16:
        out.append(f"dead wall holds {len(walls.dead)} tiles, not 16 (T-WALL-2)")
    for s in game._seats:
        ids += s.hand
        ids += [t for m in s.melds for t in m.tiles]
        ids += [d["tile"] for d in s.discards if not d["called"]]
        ids += s.flowers
    if len(ids) != 144 or len(set(ids)) != 144:
        out.append(f"tile conservation: {len(ids)} ids, {len(set(ids))} distinct")
    out += hand_sizes(game)
    for i, s in enumerate(game._seats):
        kinds = [0] * 34
        for t in s.hand:
            if t < 136:
                kinds[t >> 2] += 1
        if kinds != s.counts:
            out.append(f"seat {i}: kind counts differ from the hand's")
    return out


def hand_sizes(game: "Game") -> list[str]:
    """T-TURN-6: concealed plus meld tiles are 16 + kongs, one more for the seat about to discard
    (the seat in turn; the dealer in the Original Call window; a kong declarer while his added
    kong may be robbed). Not checked during the opening passes."""
    if game.phase not in ("turn", "claim") or game._passes is not None:
        return []
    extra = None
    if game.phase == "turn":
        extra = game._turn
    else:
        kind = game._claim["kind"] if game._claim else "original_call"
        if kind == "rob":
            extra = game._claim["discarder"]
        elif kind == "original_call":
            extra = game.dealer
    out = []
    for i, s in enumerate(game._seats):
        kongs = sum(1 for m in s.melds if len(m.tiles) == 4)
        have = len(s.hand) + sum(len(m.tiles) for m in s.melds)
        if have != 16 + kongs + (i == extra):
            out.append(f"seat {i} holds {have} tiles with {kongs} kongs (T-TURN-6)")
    return out


def points_constant(game: "Game", total: int) -> list[str]:
    """T-PAY-8: payments are zero-sum, so the scores always sum to ``total``."""
    now = sum(game.scores)
    return [] if now == total else [f"points: scores {game.scores} sum to {now} != {total}"]


VIEW_KEYS = frozenset({
    "preset", "preset_version", "family", "seat", "phase", "seq", "round_wind", "hand_number", "dealer",
    "honba", "scores", "wall_count", "dead_wall_count", "turn", "last_discard", "pending_seats", "added_kong",
    "window", "flower_offer", "players", "hand_result", "game_result", "hand", "drawn_tile", "legal_actions",
    "waits"})
PLAYER_KEYS = frozenset({"seat", "seat_wind", "discards", "melds", "flowers", "original_call",
                         "concealed_count"})


def view_leaks(game: "Game", seat: int | None) -> list[str]:
    """P-SYS-2: every tile id in ``game.view(seat)`` outside ``hand_result`` is public
    (discards, melds, exposed flowers, an added-kong tile) or the seat's own; no wall key; the
    public view has no hand; during a response window no view names another seat that may
    answer (P-FAIR-6). The checks: ``core.view_checks``."""
    view = game.view(seat)
    allowed = public_tiles(game)
    for s in game._seats:
        allowed.update(s.flowers)
    if seat is not None:
        allowed.update(game._seats[seat].hand)
    ids = view_tile_ids(view, tile_keys=("last_discard", "added_kong"), player_lists=("flowers",))
    return view_problems(game, seat, view, allowed=allowed, view_keys=VIEW_KEYS, player_keys=PLAYER_KEYS,
                         tile_ids=ids)
