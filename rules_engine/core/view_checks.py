"""The view-leak check both families' invariants run (P-SYS-2, P-FAIR-6): every tile id a seat
view shows during play must be public or the viewing seat's own, the view holds only the keys
its family documents, the public view has no hand, no result shows during play, and a response
window names no other seat that may answer.

Used by ``rules_engine.riichi.invariants`` and ``rules_engine.taiwanese.invariants``, which
say what differs: the view's keys, which extra keys carry tiles (Riichi's dora indicators and
``kakan``, Taiwanese flowers and ``added_kong``) and which tiles are public besides discards
and melds.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.game import Game


def view_tile_ids(view: dict, *, lists: Iterable[str] = (), tile_keys: Iterable[str] = ("last_discard",),
                  player_lists: Iterable[str] = ()) -> Iterator[int]:
    """Every tile id ``view`` shows outside ``hand_result`` / ``game_result``: hand, drawn tile,
    legal actions, the view's tile lists ``lists`` (e.g. ``"dora_indicators"``), the ``"tile"``
    of each present ``tile_keys`` object, each player's discards, melds and ``player_lists``."""
    yield from view.get("hand", ())
    if view.get("drawn_tile") is not None:
        yield view["drawn_tile"]
    for a in view.get("legal_actions", ()):
        if a["tile"] is not None:
            yield a["tile"]
        yield from a["tiles"]
    for key in lists:
        yield from view[key]
    for key in tile_keys:
        if view.get(key):
            yield view[key]["tile"]
    for p in view["players"]:
        for d in p["discards"]:
            yield d["tile"]
        for m in p["melds"]:
            yield from m["tiles"]
        for key in player_lists:
            yield from p[key]


def view_problems(game: "Game", seat: int | None, view: dict, *, allowed: set[int], view_keys: frozenset,
                  player_keys: frozenset, tile_ids: Iterable[int]) -> list[str]:
    """Violations of P-SYS-2 / P-FAIR-6 in ``view`` (``game.view(seat)``): ``tile_ids`` (the
    view's tiles, ``view_tile_ids``) not in ``allowed`` (public tiles plus the seat's own);
    keys outside ``view_keys`` / ``player_keys``; a hand or legal actions in the public view
    (``seat`` None); a ``hand_result`` during play; other seats in ``pending_seats`` during a
    response window. Each is one message; empty when the view is clean."""
    out = [f"view of {seat} shows hidden tile {t}" for t in tile_ids if t not in allowed]
    extra = set(view) - view_keys
    extra |= {k for p in view["players"] for k in p} - player_keys
    if extra:
        out.append(f"view of {seat} has unexpected keys {sorted(extra)}")
    if seat is None and ("hand" in view or "legal_actions" in view):
        out.append("public view has a hand or legal actions")
    if game.phase in ("turn", "claim") and view.get("hand_result") is not None:
        out.append("hand_result shown during play")
    if game.phase == "claim" and set(view["pending_seats"]) - ({seat} if seat is not None else set()):
        out.append(f"view of {seat} names other seats that may answer: {view['pending_seats']} (P-FAIR-6)")
    return out


def public_tiles(game: "Game") -> set[int]:
    """Tiles every seat may see during play in both families: all discards (called ones too),
    every meld's tiles and an added-kong tile awaiting the robbing window (``game._kakan``)."""
    allowed: set[int] = set()
    for s in game._seats:
        allowed.update(d["tile"] for d in s.discards)
        allowed.update(t for m in s.melds for t in m.tiles)
    if game._kakan is not None:
        allowed.add(game._kakan[1])
    return allowed
