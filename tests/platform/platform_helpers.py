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


def finish(game: Game) -> Game:
    """Play the human seat of a single-hand game to its end (computers act eagerly);
    returns the refreshed row. Raises ``AssertionError`` if it does not end in 500 actions."""
    from rules_engine.ai.simple_player import decide as human_choice   # as conftest's

    from games import service
    seat = human_seat(game)
    for _ in range(500):
        engine = current_engine(game)
        if engine.phase == "game_over":
            game.refresh_from_db()
            return game
        service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)
    raise AssertionError("did not finish")


class FakeTime:
    """The server's clock in a test (``games.clocks.now`` replaced by an instance): ``t``
    seconds since the epoch, moved by hand. No test measures real time."""

    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def api(user=None, token: str | None = None):
    """A DRF ``APIClient`` signed in as ``user`` and/or carrying bot token ``token``
    (``Authorization: Bearer``)."""
    from rest_framework.test import APIClient

    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    if token is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client
