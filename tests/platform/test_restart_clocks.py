"""After a restart of the embedded server (DESIGN §5), timed games' pending decisions are issued
again instead of all being played by timeout (P-CLOCK-7; ``service.resume_clocks_after_restart``).
No test measures time: ``games.clocks.now`` is replaced by a settable value."""
from __future__ import annotations

import pytest
from platform_helpers import FakeTime, current_engine

from games import clocks, service, tasks
from games.models import ActionRecord

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fake_time(monkeypatch, settings):
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    settings.CLAIM_MASK_SHARE = 0.0
    clock = FakeTime(3_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    return clock


def test_p_clock_7_restart_reissues_the_pending_decision(alice, fake_time):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0, clock="standard")
    game.refresh_from_db()
    assert game.clock_state["deadlines"] == {"0": pytest.approx(fake_time.t + 5 + 20, abs=1e-6)}
    fake_time.t += 600.0                     # the server was down for ten minutes
    assert service.resume_clocks_after_restart() == 1
    game.refresh_from_db()
    state = game.clock_state
    assert state["prompt_at"] == fake_time.t
    assert state["deadlines"] == {"0": pytest.approx(fake_time.t + 5 + 20, abs=1e-6)}, "fresh time, reserve kept"
    tasks.sweep_pending(0.0)                 # the sweeper finds nothing overdue
    assert not ActionRecord.objects.filter(game=game, timeout=True).exists()
    assert current_engine(game).pending_seats() == [0], "still the player's own decision"


def test_p_clock_7_restart_leaves_untimed_and_finished_games_alone(alice, fake_time):
    untimed = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    assert service.resume_clocks_after_restart() == 0
    untimed.refresh_from_db()
    assert untimed.clock_state == {}


def test_p_clock_7_reissue_keeps_a_reserve_and_an_absent_seat_due_at_once():
    clock = clocks.Clock("standard", 5.0, 20.0, 5.0)
    state = {"seq": 7, "kind": "turn", "prompt_at": 100.0, "deadlines": {"2": 117.0},
             "reserves": [20.0, 20.0, 12.0, 20.0], "timeouts": [0, 0, 0, 0], "absent": [], "results_at": None}
    out = clocks.reissue(state, clock, 1000.0)
    assert out["deadlines"] == {"2": 1017.0} and out["prompt_at"] == 1000.0 and state["prompt_at"] == 100.0
    absent = clocks.reissue({**state, "absent": [2]}, clock, 1000.0)
    assert absent["deadlines"] == {"2": 1000.0}
    response = clocks.reissue({**state, "kind": "response", "deadlines": {"1": 105.0, "3": 105.0}}, clock, 1000.0)
    assert response["deadlines"] == {"1": 1005.0, "3": 1005.0}
