"""Invariant checks of a running Taiwanese table for the simulator and the property tests
(T-WALL-4 tile conservation, T-PAY-8 zero-sum, P-SYS-2 / P-FAIR-6 no view leak). Each
function returns a list of violation messages (empty when the invariant holds).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

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


def _tile_ids(view: dict) -> Iterator[int]:
    yield from view.get("hand", ())
    if view.get("drawn_tile") is not None:
        yield view["drawn_tile"]
    for a in view.get("legal_actions", ()):
        if a["tile"] is not None:
            yield a["tile"]
        yield from a["tiles"]
    for key in ("last_discard", "added_kong"):
        if view.get(key):
            yield view[key]["tile"]
    for p in view["players"]:
        for d in p["discards"]:
            yield d["tile"]
        for m in p["melds"]:
            yield from m["tiles"]
        yield from p["flowers"]


def view_leaks(game: "Game", seat: int | None) -> list[str]:
    """P-SYS-2: every tile id in ``game.view(seat)`` outside ``hand_result`` is public
    (discards, melds, exposed flowers, an added-kong tile) or the seat's own; no wall key; the
    public view has no hand; during a response window no view names another seat that may
    answer (P-FAIR-6)."""
    view = game.view(seat)
    allowed: set[int] = set()
    for s in game._seats:
        allowed.update(d["tile"] for d in s.discards)
        allowed.update(t for m in s.melds for t in m.tiles)
        allowed.update(s.flowers)
    if game._kakan is not None:
        allowed.add(game._kakan[1])
    if seat is not None:
        allowed.update(game._seats[seat].hand)
    out = [f"view of {seat} shows hidden tile {t}" for t in _tile_ids(view) if t not in allowed]
    extra = set(view) - VIEW_KEYS
    extra |= {k for p in view["players"] for k in p} - PLAYER_KEYS
    if extra:
        out.append(f"view of {seat} has unexpected keys {sorted(extra)}")
    if seat is None and ("hand" in view or "legal_actions" in view):
        out.append("public view has a hand or legal actions")
    if game.phase in ("turn", "claim") and view.get("hand_result") is not None:
        out.append("hand_result shown during play")
    if game.phase == "claim" and set(view["pending_seats"]) - ({seat} if seat is not None else set()):
        out.append(f"view of {seat} names other seats that may answer: {view['pending_seats']} (P-FAIR-6)")
    return out
