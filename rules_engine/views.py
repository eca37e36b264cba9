"""Per-seat and public views of the table (DESIGN §2, P-SYS-2, P-PLAY-7).

A view is a JSON-serializable dict holding only what its recipient may know:
never the wall, the dead wall beyond revealed indicators, or another seat's
concealed tiles (hands revealed by a win, a tenpai reveal at a draw or a
kyuushu declaration appear only inside ``hand_result``). Keys are listed in
docs/engine-api.md, "Views".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def build_view(game: "Game", seat: int | None) -> dict:
    """The view of ``seat`` (0..3) or the public view (``None``). Raises ``ValueError`` for
    another seat value."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3):
        raise ValueError(f"view seat must be 0..3 or None, got {seat!r}")
    seats = game._seats
    players = []
    for i, s in enumerate(seats):
        players.append({
            "seat": i, "seat_wind": game.seat_wind(i),
            "discards": [dict(d) for d in s.discards],
            "melds": [m.to_json() for m in s.melds],
            "riichi": s.riichi or s.riichi_declared,
            "concealed_count": len(s.hand),
        })
    last = game._last_discard
    view: dict = {
        "preset": game.preset.name, "preset_version": game.preset.version, "seat": seat,
        "phase": game.phase, "seq": game.seq, "round_wind": game.round_wind,
        "hand_number": game.hand_number, "dealer": game.dealer, "honba": game.honba,
        "riichi_deposits": game.deposits, "scores": list(game.scores),
        "wall_count": game.live_count, "dora_indicators": game.dora_indicators(),
        "turn": game._turn,
        "last_discard": {"seat": last[0], "tile": last[1]} if last else None,
        "pending_seats": game.pending_seats(),
        "kakan": {"seat": game._kakan[0], "tile": game._kakan[1]} if game._kakan and game.phase == "claim" else None,
        "players": players,
        "hand_result": game.hand_result,
        "game_result": game.game_result,
    }
    if seat is not None:
        s = seats[seat]
        drawn = game._drawn if game._turn == seat and game.phase == "turn" else None
        view["hand"] = sorted(s.hand)
        view["drawn_tile"] = drawn
        view["legal_actions"] = game.legal_actions_json(seat)
        view["furiten"] = s.furiten()
        view["waits"] = sorted(s.waits) if len(s.hand) % 3 == 1 else []
        view["kuikae"] = sorted(game._kuikae) if game._turn == seat and game.phase == "turn" else []
    return view
