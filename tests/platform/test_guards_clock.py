"""Clock boundaries inside the lag allowance (P-CLOCK-8, P-SYS-3 as clarified 2026-12-01):
the timeout task must not play the default while a late-but-allowed action can still
arrive. With deadline ``D`` and allowance ``A`` (0.5 s):

- an action at ``D + A - ε`` and exactly at ``D + A`` is accepted as the player's own;
- the timeout task (and the sweeper) at ``D + A - ε`` is early and does nothing;
- at ``D + A`` the task plays the default, once; the player's action for that decision is
  then stale, never applied on top;
- an action after ``D + A`` whose task has not run yet is refused as ``late`` and the default
  is played at once.

No test measures time: ``games.clocks.now`` is a settable ``FakeTime``.
"""
from __future__ import annotations

import pytest
from platform_helpers import FakeTime, current_engine

from games import clocks, service, tasks
from games.models import ActionRecord

pytestmark = pytest.mark.django_db(transaction=True)

ALLOWANCE = 0.5
EPSILON = 0.01


@pytest.fixture
def fake_time(monkeypatch, settings):
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = ALLOWANCE
    settings.CLAIM_MASK_SHARE = 0.0
    clock = FakeTime(3_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    return clock


@pytest.fixture
def scheduled(monkeypatch):
    """The decision timeouts the service schedules, ``[(seat, seq, deadline, eta)]``; none run."""
    timers: list = []
    monkeypatch.setattr(tasks, "schedule_timeouts", lambda game_id, new: timers.extend(new))
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *args: None)
    return timers


def _dealer_turn(user, clock="standard"):
    """A timed practice game where the human (seat 0) deals: its first turn is pending.
    Returns ``(game, engine, deadline)``."""
    game = service.create_practice(user, "riichi-single-deal", clock=clock, human_seat=0)
    engine = current_engine(game)
    deadline = clocks.deadline_of(game.clock_state, 0)
    assert deadline is not None and engine.legal_actions(0)
    return game, engine, deadline


def _own_discard(engine):
    """A discard that is not the timeout default (the drawn tile), to tell the two apart."""
    drawn = engine.view(0)["drawn_tile"]
    return next(a for a in engine.legal_actions(0) if a.type == "discard" and a.tile != drawn)


def _human_records(game):
    return list(ActionRecord.objects.filter(game=game, seat=0, kind="action").order_by("index"))


def test_p_sys_3_the_timeout_is_scheduled_at_the_deadline_plus_the_allowance(alice, fake_time, scheduled):
    game, engine, deadline = _dealer_turn(alice)
    assert scheduled == [(0, engine.seq, deadline, deadline + ALLOWANCE)]


@pytest.mark.parametrize("offset", [ALLOWANCE - EPSILON, ALLOWANCE], ids=["D+A-eps", "D+A exactly"])
def test_p_clock_8_an_action_up_to_the_end_of_the_allowance_is_the_players_own(
        alice, fake_time, scheduled, offset):
    game, engine, deadline = _dealer_turn(alice)
    action = _own_discard(engine)
    fake_time.t = deadline + offset
    service.submit_action(game.pk, 0, action.to_json(), engine.seq)
    [record] = _human_records(game)
    assert not record.timeout and record.data["tile"] == action.tile
    # The task that was scheduled for this decision finds nothing left to do.
    fake_time.t = deadline + ALLOWANCE
    assert service.apply_timeout(game.pk, 0, engine.seq, deadline) == "stale"
    assert len(_human_records(game)) == 1


def test_p_sys_3_the_timeout_task_inside_the_allowance_is_early_and_changes_nothing(
        alice, fake_time, scheduled):
    game, engine, deadline = _dealer_turn(alice)
    game.refresh_from_db()
    before = (game.state_version, game.seq, game.log)
    for t in (deadline, deadline + ALLOWANCE / 2, deadline + ALLOWANCE - EPSILON):
        fake_time.t = t
        assert service.apply_timeout(game.pk, 0, engine.seq, deadline) == "early", t
        assert tasks.decision_timeout(game.pk, 0, engine.seq, deadline) is False, t
        tasks.sweep_pending(0.0)                               # the sweeper waits as well
        game.refresh_from_db()
        assert (game.state_version, game.seq, game.log) == before, t
    # ... so the late-but-allowed action still arrives and is the player's own.
    action = _own_discard(engine)
    service.submit_action(game.pk, 0, action.to_json(), engine.seq)
    [record] = _human_records(game)
    assert not record.timeout and record.data["tile"] == action.tile


def test_p_sys_3_at_the_end_of_the_allowance_the_task_plays_the_default_once(alice, fake_time, scheduled):
    game, engine, deadline = _dealer_turn(alice)
    drawn = engine.view(0)["drawn_tile"]
    fake_time.t = deadline + ALLOWANCE
    assert service.apply_timeout(game.pk, 0, engine.seq, deadline) == "applied"
    assert service.apply_timeout(game.pk, 0, engine.seq, deadline) == "stale"      # P-TIMEOUT-6
    [record] = _human_records(game)
    assert record.timeout and record.data["tile"] == drawn                        # P-TIMEOUT-3
    # The player's own action for that decision now comes too late to count.
    with pytest.raises(service.ActionRejected) as refused:
        service.submit_action(game.pk, 0, _own_discard(engine).to_json(), engine.seq)
    assert refused.value.code in ("stale_seq", "illegal")
    assert len(_human_records(game)) == 1


def test_p_sys_3_the_sweeper_plays_the_default_at_the_end_of_the_allowance(alice, fake_time, scheduled):
    game, engine, deadline = _dealer_turn(alice)
    fake_time.t = deadline + ALLOWANCE - EPSILON
    tasks.sweep_pending(0.0)
    assert _human_records(game) == []
    fake_time.t = deadline + ALLOWANCE
    tasks.sweep_pending(0.0)
    [record] = _human_records(game)
    assert record.timeout


def test_p_clock_8_an_action_after_the_allowance_is_late_and_the_default_is_played(
        alice, fake_time, scheduled):
    game, engine, deadline = _dealer_turn(alice)
    drawn = engine.view(0)["drawn_tile"]
    fake_time.t = deadline + ALLOWANCE + EPSILON                 # its task has not run yet
    with pytest.raises(service.ActionRejected) as refused:
        service.submit_action(game.pk, 0, _own_discard(engine).to_json(), engine.seq)
    assert (refused.value.code, refused.value.rule) == ("late", "P-CLOCK-8")
    [record] = _human_records(game)
    assert record.timeout and record.data["tile"] == drawn
    assert service.apply_timeout(game.pk, 0, engine.seq, deadline) == "stale"   # the task, later
    assert len(_human_records(game)) == 1


def test_p_clock_8_a_response_decision_has_the_same_allowance(alice, fake_time, scheduled):
    """A claim window offered to the human: pass at D+A-ε is its own; the task was early."""
    from rules_engine.ai.simple_player import decide as human_choice   # as conftest's
    for _attempt in range(40):
        game = service.create_practice(alice, "riichi-single-deal", clock="standard", human_seat=1)
        for _ in range(120):
            game.refresh_from_db()
            engine = current_engine(game)
            if engine.phase not in ("turn", "claim"):
                break
            seat = engine.pending_seats()[0]
            if engine.phase == "claim" and 1 in engine.pending_seats():
                deadline = clocks.deadline_of(game.clock_state, 1)
                assert deadline == pytest.approx(game.clock_state["prompt_at"] + 5.0, abs=1e-6)
                fake_time.t = deadline + ALLOWANCE - EPSILON
                assert service.apply_timeout(game.pk, 1, engine.seq, deadline) == "early"
                before = ActionRecord.objects.filter(game=game).count()
                service.submit_action(game.pk, 1, {"type": "pass"}, engine.seq)
                last = ActionRecord.objects.filter(game=game).order_by("index")[before]
                assert (last.seat, last.timeout, last.data["type"]) == (1, False, "pass")
                return
            fake_time.t += 0.1                          # everyone answers well in time
            if seat == 1:
                service.submit_action(game.pk, 1, human_choice(engine.view(1)).to_json(), engine.seq)
            else:
                service.play_computer(game.pk, seat, engine.seq)
    pytest.fail("no claim window was offered to the human in 40 hands")
