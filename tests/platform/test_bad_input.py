"""Bad input gets a 4xx or an ``error`` message and changes nothing (issue 8; P-PLAY-3,
P-PLAY-4, P-REPLAY-4, P-SYS-2).

Every refusal here is checked for three things: the answer (status code or error code), no
logged traceback (the ``games`` and ``django.request`` loggers at ERROR), and the stored game
unchanged (log, seq, state_version).
"""
from __future__ import annotations

import json
import logging

import pytest
from platform_helpers import current_engine, finish

from games import service
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)


def snapshot(game: Game) -> tuple:
    """What refused input must leave as it was: the stored log, seq and state_version."""
    game.refresh_from_db()
    return (json.dumps(game.log, sort_keys=True), game.seq, game.state_version, game.status)


@pytest.fixture
def errors_logged(caplog):
    """The ERROR records of the ``games`` and ``django.request`` loggers during the test
    (``games`` does not propagate to the root logger, so its handler list is extended)."""
    games_log = logging.getLogger("games")
    games_log.addHandler(caplog.handler)
    caplog.set_level(logging.ERROR)
    yield lambda: [r for r in caplog.records
                   if r.levelno >= logging.ERROR and r.name.split(".")[0] in ("games", "django")]
    games_log.removeHandler(caplog.handler)


@pytest.fixture
def mask_always(settings):
    """Every unclaimable discard is masked (P-FAIR-6 share 1) with a pause above zero, so the
    claim-mask look-ahead runs on every discard, riichi and added kan."""
    settings.CLAIM_MASK_SHARE = 1.0
    settings.COMPUTER_DELAY_MIN = 0.8
    settings.COMPUTER_DELAY_MAX = 0.8


def _illegal_turn_actions(view: dict) -> list[dict]:
    """Actions of the dealer's first turn that are never legal: a tile it does not hold, a
    riichi with a tile it does not hold, an added kan without a pon."""
    foreign = next(t for t in range(136) if t not in view["hand"])
    return [{"type": "discard", "tile": foreign}, {"type": "riichi", "tile": foreign},
            {"type": "shouminkan", "tile": view["hand"][0]}]


def test_p_play_3_illegal_actions_are_refused_as_illegal_whatever_the_claim_mask_draws(
        alice, mask_always, errors_logged):
    """Issue 8: the claim-mask planning looked ahead with the action before the legality
    check, and its ``IllegalAction`` escaped as a server error on a share of attempts."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    engine = current_engine(game)
    before = snapshot(game)
    for payload in _illegal_turn_actions(engine.view(0)):
        for _attempt in range(3):
            with pytest.raises(service.ActionRejected) as refused:
                service.submit_action(game.pk, 0, payload, engine.seq)
            assert refused.value.code == "illegal", (payload, refused.value.code)
            assert snapshot(game) == before
    assert errors_logged() == []
