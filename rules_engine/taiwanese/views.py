"""Per-seat and public views of the Taiwanese table (P-SYS-2, P-PLAY-7, P-FAIR-6).

A view is a JSON-serializable dict holding only what its recipient may know: never the
live wall or the dead wall (only the live wall's count, T-WALL-5), never another seat's
concealed tiles (hands shown by a win appear only inside ``hand_result``), and, during a
response window, never who else may answer (``pending_seats`` via ``Game.visible_pending``).

Keys: ``preset``, ``preset_version``, ``family`` ("taiwanese"), ``seat``, ``phase``, ``seq``,
``round_wind``, ``hand_number`` (dealer changes so far, T-MATCH-4), ``dealer``, ``honba`` (0),
``scores``, ``wall_count`` (live wall), ``dead_wall_count`` (16), ``turn``, ``last_discard``,
``pending_seats``, ``added_kong`` (``{"seat", "tile"}`` while the added kong may be robbed),
``window`` (the kind of response window open: ``"discard"``, ``"rob"``, ``"original_call"``,
``"flower"`` or null), ``flower_offer`` (``{"seat", "from_seat"}`` while the eighth flower is
offered), ``players`` (per seat: ``seat``, ``seat_wind``, ``discards``, ``melds``, ``flowers``,
``original_call``, ``concealed_count``), ``hand_result``, ``game_result``; own seat only:
``hand``, ``drawn_tile``, ``legal_actions``, ``waits`` (kinds completing the hand when ready).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.game import Game


def build_view(game: "Game", seat: int | None) -> dict:
    """The view of ``seat`` (0..3) or the public view (``None``); ``ValueError`` otherwise."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3):
        raise ValueError(f"view seat must be 0..3 or None, got {seat!r}")
    view = _header(game, seat)
    dealer = game.dealer
    view["players"] = [{
        "seat": i, "seat_wind": (i - dealer) % 4,
        "discards": [dict(d) for d in s.discards],
        "melds": [m.to_json() for m in s.melds],
        "flowers": list(s.flowers),
        "original_call": s.original_call,
        "concealed_count": len(s.hand),
    } for i, s in enumerate(game._seats)]
    view["hand_result"] = game.hand_result
    view["game_result"] = game.game_result
    if seat is not None:
        _add_private(game, seat, view)
    return view


def decision_view(game: "Game", seat: int) -> dict:
    """``game.view(seat)`` without ``players``, ``hand_result`` and ``game_result``, for the
    simulator's simple player (same values otherwise); ``ValueError`` for a bad seat."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise ValueError(f"decision view seat must be 0..3, got {seat!r}")
    view = _header(game, seat)
    _add_private(game, seat, view)
    return view


def _header(game: "Game", seat: int | None) -> dict:
    last = game._last_discard
    kakan = game._kakan
    phase = game.phase
    claim = game._claim if phase == "claim" else None
    window = claim["kind"] if claim else None
    return {
        "preset": game.preset.name, "preset_version": game.preset.version, "family": "taiwanese",
        "seat": seat, "phase": phase, "seq": game.seq, "round_wind": game.round_wind,
        "hand_number": game.hand_number, "dealer": game.dealer, "honba": 0, "scores": list(game.scores),
        "wall_count": len(game._walls.live), "dead_wall_count": len(game._walls.dead),
        "turn": game._turn,
        "last_discard": {"seat": last[0], "tile": last[1]} if last else None,
        "pending_seats": game.visible_pending(seat),
        "added_kong": {"seat": kakan[0], "tile": kakan[1]} if kakan and phase == "claim" else None,
        "window": window if phase == "claim" else None,
        "flower_offer": {"seat": claim["owner"], "from_seat": claim["payer"]} if window == "flower" else None,
    }


def _add_private(game: "Game", seat: int, view: dict) -> None:
    s = game._seats[seat]
    own_turn = game._turn == seat and game.phase == "turn"
    view["hand"] = sorted(s.hand)
    view["drawn_tile"] = game._drawn if own_turn and game._turn_kind != "call" else None
    view["legal_actions"] = game.legal_actions_json(seat)
    view["waits"] = sorted(s.waits) if len(s.hand) % 3 == 1 else []
