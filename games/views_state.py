"""The per-recipient state message (wsproto ``state``; DESIGN §3, P-SYS-2).

Only views leave the server: a seated player gets ``game.view(seat)``; nobody else is
served a practice game.
"""
from __future__ import annotations

from . import engine_store
from .models import Game, Seat


def players_of(game: Game) -> list[dict]:
    """``[{"seat", "name", "is_computer", "strength"}]`` for the four seats (P-BOT-2 badge)."""
    seats = game.seats.select_related("user")
    return [{"seat": s.seat, "name": s.user.username, "is_computer": s.user.is_computer,
             "strength": s.strength or None} for s in seats]


def seat_of(game: Game, user) -> int | None:
    """The seat ``user`` holds in ``game`` (P-CONN-1: the seat belongs to the account)."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).values_list("seat", flat=True).first()


def game_info(game: Game, my_seat: int | None) -> dict:
    """The ``game`` part of the state message."""
    return {
        "id": game.pk, "preset": game.preset_name, "preset_version": game.preset_version,
        "kind": game.kind, "format": game.game_format, "clock": game.clock,
        "status": game.status, "players": players_of(game), "my_seat": my_seat,
    }


def seat_view(game: Game, seat: int | None) -> dict:
    """``game.view(seat)`` of the stored game (rebuilt from the log or the cache)."""
    with engine_store.engine_lock(game.pk):
        return engine_store.load(game).view(seat)


def state_message(game: Game, my_seat: int | None) -> dict:
    """``{"type": "state", "game": {...}, "view": {...}}`` for the recipient in ``my_seat``."""
    return {"type": "state", "game": game_info(game, my_seat), "view": seat_view(game, my_seat)}
