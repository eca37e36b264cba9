"""The live-table service (DESIGN §3): creation, actions, checks, computer tasks, restart."""
from __future__ import annotations

import pytest
from conftest import human_choice
from platform_helpers import current_engine, human_seat

from games import engine_store, service, tasks
from games.models import ActionRecord, Game
from rules_engine.preset import get_preset

# Transactional: on_commit callbacks (notices, computer tasks) run as in production.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def no_computer_tasks(monkeypatch):
    """Computers owe moves but their tasks are lost (as after a restart of the embedded worker)."""
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *args: None)


def play_human_until_end(game: Game, *, stop_phases=("hand_over", "game_over"), limit=500):
    """Answer every decision of the human seat with the simple player until a stop phase.

    Computers act through their (eager) Celery tasks after each commit."""
    seat = human_seat(game)
    for _ in range(limit):
        engine = current_engine(game)
        if engine.phase in stop_phases:
            return engine
        assert engine.legal_actions(seat), (
            f"the table waits on nobody: phase {engine.phase}, pending {engine.pending_seats()}")
        action = human_choice(engine.view(seat))
        service.submit_action(game.pk, seat, action.to_json(), engine.seq)
    raise AssertionError("hand did not end")


def test_p_prac_1_practice_has_one_human_and_three_distinct_computers(alice):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=2)
    seats = list(game.seats.select_related("user"))
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    assert seats[2].user == alice
    computers = [s.user for s in seats if s.seat != 2]
    assert all(u.is_computer for u in computers)
    assert len({u.pk for u in computers}) == 3            # P-ACCT-4: one seat per account
    assert game.kind == "practice" and not game.ranked and game.clock == "untimed"


def test_p_preset_3_game_stores_preset_name_version_and_snapshot(alice):
    game = service.create_practice(alice, "riichi")
    game.refresh_from_db()
    preset = get_preset("riichi")
    assert (game.preset_name, game.preset_version) == ("riichi", preset.version)
    assert game.preset_snapshot == preset.snapshot()
    assert game.game_format == "east"
    assert (game.log["preset"], game.log["version"]) == ("riichi", preset.version)


def test_p_prac_1_human_seat_is_drawn_at_random(alice):
    seats = {human_seat(service.create_practice(alice, "riichi-single-deal")) for _ in range(30)}
    assert len(seats) > 1   # all 30 in one seat has probability 4 * 4**-30


@pytest.mark.parametrize("kwargs, message", [
    pytest.param({"preset_name": "taiwanese-tournament"}, "practice offers", id="unknown practice preset"),
    pytest.param({"preset_name": "riichi-tournament"}, "practice offers", id="preset not offered"),
    pytest.param({"strength": "grandmaster"}, "unknown computer strength", id="unknown strength"),
])
def test_create_practice_refuses_bad_choices_and_creates_nothing(alice, kwargs, message):
    with pytest.raises(ValueError, match=message):
        service.create_practice(alice, **kwargs)
    assert Game.objects.count() == 0


def test_p_bot_1_computer_cannot_create_a_table(alice):
    from accounts.computers import ensure_computer_accounts
    bot = ensure_computer_accounts()[0]
    with pytest.raises(ValueError, match="P-BOT-1"):
        service.create_practice(bot)


def test_j4_single_hand_plays_to_the_end_with_computer_tasks(alice):
    """J4 steps 2–4 and P-END-1: the single hand ends the game; the log replays it exactly."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=1)
    engine = play_human_until_end(game)
    game.refresh_from_db()
    assert engine.phase == "game_over"
    assert game.status == "finished" and game.finished_at is not None
    assert game.final_scores == engine.view(None)["scores"]
    assert game.pending_computer_seats == []
    records = list(ActionRecord.objects.filter(game=game))
    assert [r.index for r in records] == list(range(1, len(records) + 1))
    assert any(r.by_computer for r in records) and any(not r.by_computer and r.kind == "action"
                                                       for r in records)
    # DESIGN §2: the stored log replays to the same state as the live engine.
    assert current_engine(game).view(None) == engine.view(None)


def _fresh_game(alice, seat=0):
    """A single-hand game where the human (seat 0, the dealer) has the first decision."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=seat)
    game.refresh_from_db()
    return game


def _unchanged(game, before):
    game.refresh_from_db()
    assert (game.state_version, game.seq, game.log) == before


def _snapshot(game):
    game.refresh_from_db()
    return (game.state_version, game.seq, game.log)


def test_stale_seq_is_refused_and_changes_nothing(alice):
    game = _fresh_game(alice)
    engine = current_engine(game)
    action = engine.legal_actions(0)[-1]
    before = _snapshot(game)
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, action.to_json(), engine.seq - 1)
    assert err.value.code == "stale_seq"
    _unchanged(game, before)


@pytest.mark.parametrize("payload, code", [
    pytest.param(["discard"], "malformed", id="not an object"),
    pytest.param({"type": "teleport"}, "unknown_action", id="unknown action type"),
    pytest.param({"type": "discard", "tile": 999}, "malformed", id="tile id out of range"),
    pytest.param({"type": "discard", "tile": "5m"}, "malformed", id="tile not an id"),
    pytest.param({"type": "discard", "seat": 3, "tile": 0}, "not_your_seat", id="another seat"),
])
def test_bad_input_is_refused_and_changes_nothing(alice,
                                                  payload, code):
    game = _fresh_game(alice)
    before = _snapshot(game)
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, payload, game.seq)
    assert err.value.code == code
    _unchanged(game, before)


def test_p_play_1_discarding_a_tile_not_in_hand_is_illegal(alice):
    game = _fresh_game(alice)
    engine = current_engine(game)
    hand = set(engine.view(0)["hand"])
    foreign = next(t for t in range(136) if t not in hand)
    before = _snapshot(game)
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, {"type": "discard", "tile": foreign}, engine.seq)
    assert err.value.code == "illegal" and err.value.rule
    _unchanged(game, before)


def test_non_integer_seq_is_malformed(alice):
    game = _fresh_game(alice)
    action = current_engine(game).legal_actions(0)[-1]
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, action.to_json(), "7")
    assert err.value.code == "malformed"


def test_p_bot_4_computer_task_acts_only_while_its_decision_is_pending(alice, no_computer_tasks):
    """DESIGN §4: a late or duplicated computer task is a no-op."""
    game = Game.objects.get(pk=service.create_practice(alice, "riichi-single-deal", human_seat=1).pk)
    # Its task was lost: the dealer (seat 0, a computer) still owes its discard.
    assert game.pending_computer_seats == [0]
    seq = game.seq
    assert tasks.computer_move(game.pk, 2, seq) is False          # not seat 2's decision
    assert tasks.computer_move(game.pk, 0, seq + 1) is False      # not this decision
    assert tasks.computer_move(game.pk, 0, seq) is True
    assert tasks.computer_move(game.pk, 0, seq) is False          # duplicate: already answered
    game.refresh_from_db()
    assert game.seq > seq


def test_computer_never_plays_a_human_seat(alice):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    assert tasks.computer_move(game.pk, 0, game.seq) is False


def test_sweeper_rearms_lost_computer_moves(alice, no_computer_tasks, monkeypatch):
    """DESIGN §3: pending computer moves are re-armed after a restart lost their tasks."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=2)
    game.refresh_from_db()
    seq = game.seq
    monkeypatch.undo()                          # the restarted worker runs tasks again
    assert tasks.sweep_pending(0.0) == 1        # eager: the re-armed move runs at once
    game.refresh_from_db()
    assert game.seq > seq


def test_restart_resumes_from_the_stored_log(alice):
    """DESIGN §3: a server restart (cold cache) resumes the same game from the log."""
    game = _fresh_game(alice, seat=3)
    with engine_store.engine_lock(game.pk):
        before = engine_store.load(game).view(3)
    engine_store.clear()
    with engine_store.engine_lock(game.pk):
        after = engine_store.load(game).view(3)
    assert after == before and after["legal_actions"]
    action = human_choice(after)
    service.submit_action(game.pk, 3, action.to_json(), after["seq"])
    game.refresh_from_db()
    assert game.seq > after["seq"]


def _first_hand_played(user):
    """An East-round practice game whose first hand is over and the game is not: a bust in
    East 1 (P-END-3, very rare) ends the game at once, so such a deal is replaced by a new one."""
    for _ in range(5):
        game = service.create_practice(user, "riichi", human_seat=0)
        engine = play_human_until_end(game)
        if engine.phase == "hand_over":
            break
    return game, engine


def test_p_flow_2_continue_starts_the_next_hand_of_an_east_round(
        alice):
    game, engine = _first_hand_played(alice)
    game.refresh_from_db()
    assert engine.phase == "hand_over" and game.hands_started == 1
    with pytest.raises(service.ActionRejected) as err:
        service.continue_after_hand(game.pk, 0, engine.seq - 1)
    assert err.value.code == "stale_seq"
    service.continue_after_hand(game.pk, 0, engine.seq)
    game.refresh_from_db()
    assert game.hands_started == 2 and game.phase in ("turn", "claim")
    with pytest.raises(service.ActionRejected) as err:
        service.continue_after_hand(game.pk, 0, game.seq)
    assert err.value.code == "not_allowed"
    # P-SYS-6: the results-screen task of hand 1 is now a no-op.
    assert tasks.advance_hand(game.pk, 1) is False


def test_p_sys_6_results_task_starts_the_next_hand_once(alice):
    game, engine = _first_hand_played(alice)
    assert engine.phase == "hand_over"
    assert tasks.advance_hand(game.pk, 1) is True
    assert tasks.advance_hand(game.pk, 1) is False
    game.refresh_from_db()
    assert game.hands_started == 2


def test_actions_on_a_finished_game_are_not_allowed(alice):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    engine = play_human_until_end(game)
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, {"type": "pass"}, engine.seq)
    assert err.value.code == "not_allowed"


def test_p_table_9_idle_untimed_games_are_closed_after_72_hours(alice):
    from datetime import timedelta

    from django.utils import timezone
    idle = service.create_practice(alice)
    fresh = service.create_practice(alice)
    Game.objects.filter(pk=idle.pk).update(last_human_action_at=timezone.now() - timedelta(hours=73))
    Game.objects.filter(pk=fresh.pk).update(last_human_action_at=timezone.now() - timedelta(hours=71))
    assert service.close_idle_untimed_games() == 1
    idle.refresh_from_db()
    fresh.refresh_from_db()
    assert (idle.status, idle.end_reason) == ("abandoned", "idle") and fresh.status == "active"
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(idle.pk, human_seat(idle), {"type": "pass"}, idle.seq)
    assert err.value.code == "not_allowed"


def test_p_sys_7_engine_failure_aborts_the_game_and_keeps_the_log(alice, monkeypatch):
    """An engine error (not an illegal action) ends the game as aborted by system."""
    game = _fresh_game(alice)
    before = _snapshot(game)
    action = current_engine(game).legal_actions(0)[-1]
    engine_cls = engine_store.engine_module().Game

    def broken_apply(self, action):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(engine_cls, "apply", broken_apply)
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, action.to_json(), game.seq)
    assert (err.value.code, err.value.rule) == ("not_allowed", "P-SYS-7")
    game.refresh_from_db()
    assert (game.status, game.end_reason) == ("aborted", "system_abort")
    assert game.log == before[2]                 # completed play stays stored, nothing half-done
    assert game.actions.filter(kind="abort").count() == 1
    monkeypatch.undo()
    with pytest.raises(service.ActionRejected) as err:
        service.submit_action(game.pk, 0, action.to_json(), game.seq)
    assert err.value.code == "not_allowed"
