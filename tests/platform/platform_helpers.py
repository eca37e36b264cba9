"""Helpers shared by the platform tests (imported as ``helpers``)."""
from __future__ import annotations

from games import engine_store
from games.models import Game


def current_engine(game: Game):
    """The engine rebuilt from the stored log only (no cache): what a restart would see."""
    game.refresh_from_db()
    return engine_store.engine_module().Game.from_log(game.log)


def human_seat(game: Game) -> int:
    return game.seats.get(user__is_computer=False).seat
