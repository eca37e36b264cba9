"""Timed play on the server (docs/clocks.md): the clock table, deadlines and reserves
(P-CLOCK), timeout defaults (P-TIMEOUT), the timed results screen (P-FLOW-1) and absent
auto-play (P-CONN-2).

No test measures time: the clock functions take ``now``, and the service's time comes from
``games.clocks.now``, which the ``fake_time`` fixture replaces by a settable value.
"""
from __future__ import annotations

import pytest
from platform_helpers import FakeTime, current_engine, human_seat

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import clocks, engine_store, hot_sql, service, tasks
from games.models import ActionRecord, Game
from rules_engine.core.actions import Action
from rules_engine.riichi.scenario import act, scenario

STANDARD = clocks.Clock("standard", 5.0, 20.0, 5.0)


@pytest.fixture
def fake_time(monkeypatch, settings):
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    settings.RESULTS_SCREEN_SECONDS = 15.0
    clock = FakeTime()
    monkeypatch.setattr(clocks, "now", clock)
    return clock


# --------------------------------------------------------------------------- pure functions

def test_p_clock_1_clock_table_and_scale():
    assert clocks.CLOCK_NAMES == ("untimed", "bullet", "blitz", "standard", "relaxed")
    assert clocks.clock_for("untimed") is None
    table = {name: clocks.clock_for(name, 1.0) for name in clocks.CLOCK_NAMES[1:]}
    assert [(c.per_discard, c.reserve, c.response) for c in table.values()] == [
        (2, 5, 2), (3, 10, 3), (5, 20, 5), (15, 60, 15)]
    assert clocks.clock_for("bullet", 0.5) == clocks.Clock("bullet", 1.0, 2.5, 1.0)
    with pytest.raises(ValueError, match="unknown clock"):
        clocks.clock_for("hyperbullet")


def _turn(state, seat, t, seq):
    return clocks.open_decision(state, STANDARD, seq=seq, phase="turn", pending=[seat], now=t)


def test_p_clock_10_worked_example_standard():
    """P-CLOCK-10 exactly: 8 s -> 20 → 17; 2 s -> 17; no action -> timeout at 5 + 17 = 22 s,
    reserve 0, later turns 5 s; next hand 20 again; a pon offer always allows exactly 5 s."""
    state = clocks.initial_state(STANDARD)
    state = _turn(state, 1, 100.0, seq=1)
    assert clocks.deadline_of(state, 1) == 125.0                       # P-CLOCK-3: 5 + 20
    state = clocks.charge(state, STANDARD, 1, 108.0)                   # 8 s
    assert state["reserves"][1] == 17.0
    state = _turn(state, 1, 200.0, seq=2)
    state = clocks.charge(state, STANDARD, 1, 202.0)                   # 2 s
    assert state["reserves"][1] == 17.0
    state = _turn(state, 1, 300.0, seq=3)
    assert clocks.deadline_of(state, 1) == 322.0                       # 5 + 17
    assert not clocks.is_late(state, 1, 322.5, 0.5)                    # within the allowance
    assert clocks.is_late(state, 1, 322.6, 0.5)
    assert clocks.overdue(state, 322.4, 0.5) == []
    assert clocks.overdue(state, 322.5, 0.5) == [(1, 322.0)]
    state = clocks.charge(state, STANDARD, 1, 322.5)                   # the timeout
    state = clocks.record_answer(state, STANDARD, 1, timeout=True)
    assert state["reserves"][1] == 0.0 and state["timeouts"][1] == 1
    state = _turn(state, 1, 400.0, seq=4)
    assert clocks.deadline_of(state, 1) == 405.0                       # only 5 s now
    pon_offer = clocks.open_decision(state, STANDARD, seq=5, phase="claim", pending=[1, 2], now=500.0)
    assert clocks.deadline_of(pon_offer, 1) == 505.0                   # P-CLOCK-6: exactly 5 s
    state = clocks.new_hand(pon_offer, STANDARD)
    assert state["reserves"] == [20.0] * 4                             # P-CLOCK-4
    assert clocks.deadline_of(_turn(state, 1, 600.0, seq=9), 1) == 625.0


def test_p_clock_5_reserve_never_below_zero_and_responses_never_touch_it():
    state = _turn(clocks.initial_state(STANDARD), 2, 0.0, seq=1)
    assert clocks.charge(state, STANDARD, 2, 999.0)["reserves"][2] == 0.0
    assert clocks.charge(state, STANDARD, 2, 4.9)["reserves"][2] == 20.0  # fresh time is lost, never added
    claim = clocks.open_decision(state, STANDARD, seq=2, phase="claim", pending=[0, 2], now=10.0)
    assert clocks.charge(claim, STANDARD, 2, 14.0)["reserves"] == [20.0] * 4


def test_p_clock_6_another_seats_answer_keeps_the_remaining_deadline():
    claim = clocks.open_decision(clocks.initial_state(STANDARD), STANDARD, seq=7, phase="claim",
                                 pending=[0, 2, 3], now=10.0)
    after = clocks.open_decision(claim, STANDARD, seq=7, phase="claim", pending=[2, 3], now=12.0)
    assert after["deadlines"] == {"2": 15.0, "3": 15.0} and after["prompt_at"] == 10.0


def test_p_clock_7_no_clock_runs_on_the_results_screen(fake_time):
    state = _turn(clocks.initial_state(STANDARD), 0, 0.0, seq=3)
    over = clocks.open_decision(state, STANDARD, seq=3, phase="hand_over", pending=[], now=50.0)
    assert over["deadlines"] == {} and over["kind"] is None and over["results_at"] == 50.0
    again = clocks.open_decision(over, STANDARD, seq=3, phase="hand_over", pending=[], now=52.0)
    assert again["results_at"] == 50.0                                  # Continue by one human
    payload = clocks.timer_payload(again, STANDARD, my_seat=0, phase="hand_over", now=55.0)
    assert payload["turn"] is None and payload["next_hand_in"] == 10.0


def test_p_clock_9_timer_payload_shows_response_time_only_to_its_own_seat():
    claim = clocks.open_decision(clocks.initial_state(STANDARD), STANDARD, seq=4, phase="claim",
                                 pending=[2], now=100.0)
    mine = clocks.timer_payload(claim, STANDARD, my_seat=2, phase="claim", now=101.0)
    other = clocks.timer_payload(claim, STANDARD, my_seat=1, phase="claim", now=101.0)
    assert mine["response_left"] == 4.0 and mine["waiting_responses"] is True
    assert other["response_left"] is None and other["waiting_responses"] is True
    assert "2" not in str(other["turn"]) and other["absent"] == []
    assert set(mine) == {"clock", "per_discard", "reserve", "response", "reserves", "turn",
                         "response_left", "waiting_responses", "next_hand_in", "absent", "own_timeouts"}
    assert mine["own_timeouts"] == 0
    turn = _turn(clocks.initial_state(STANDARD), 3, 100.0, seq=5)
    early = clocks.timer_payload(turn, STANDARD, my_seat=1, phase="turn", now=102.0)
    assert early["turn"] == {"seat": 3, "per_discard_left": 3.0, "reserve_left": 20.0}
    late = clocks.timer_payload(turn, STANDARD, my_seat=1, phase="turn", now=110.0)
    assert late["turn"] == {"seat": 3, "per_discard_left": 0.0, "reserve_left": 15.0}
    assert late["reserves"] == [20.0, 20.0, 20.0, 15.0] and late["response_left"] is None
    assert clocks.timer_payload({}, None, my_seat=1, phase="turn", now=0.0) is None   # untimed


def test_p_clock_9_own_timeouts_only_for_the_recipients_seat():
    """P-CLOCK-9, P-CONN-2: the payload counts the recipient's own consecutive timeouts (so the
    page can say the server played for it); another seat's count is never sent, nor a
    spectator's."""
    state = clocks.record_answer(clocks.initial_state(STANDARD), STANDARD, 2, timeout=True)
    assert clocks.timer_payload(state, STANDARD, my_seat=2, phase="turn", now=1.0)["own_timeouts"] == 1
    assert clocks.timer_payload(state, STANDARD, my_seat=1, phase="turn", now=1.0)["own_timeouts"] == 0
    assert clocks.timer_payload(state, STANDARD, my_seat=None, phase="turn", now=1.0)["own_timeouts"] is None
    again = clocks.record_answer(state, STANDARD, 2, timeout=False)
    assert clocks.timer_payload(again, STANDARD, my_seat=2, phase="turn", now=1.0)["own_timeouts"] == 0


# --------------------------------------------------------------------------- timeout defaults

def _default(game, seat):
    return clocks.timeout_action(game.legal_actions(seat), game.view(seat))


def test_p_timeout_1_turn_default_claims_a_self_drawn_win():
    game = scenario("riichi", ["123m456m789m1p2p3p9p", "", "", ""], "9p")
    assert game.phase == "turn" and any(a.type == "tsumo" for a in game.legal_actions(0))
    assert _default(game, 0).type == "tsumo"


def test_p_timeout_3_dealers_first_turn_discards_the_14th_tile_never_riichi_or_kyuushu():
    game = scenario("riichi", ["19m19p19s1234567z", "", "", ""], "5m")
    legal = game.legal_actions(0)
    assert {a.type for a in legal} >= {"kyuushu", "discard"}
    action = _default(game, 0)
    assert action.type == "discard" and action.tile == game.view(0)["drawn_tile"]


def test_p_timeout_2_response_default_is_ron_else_pass():
    game = scenario("riichi", ["9p", "123m456m789m1p2p3p9p", "99p1s4s7s2m5m123567z", ""], "4z")
    act(game, 0, "discard", "9p")
    assert game.phase == "claim"
    assert _default(game, 1).type == "ron"
    assert any(a.type == "pon" for a in game.legal_actions(2))
    assert _default(game, 2) == Action("pass", 2)


def test_p_timeout_1_after_a_call_discards_the_rightmost_legal_tile():
    game = scenario("riichi", ["9p", "", "99p", ""], "1z")
    act(game, 0, "discard", "9p")
    for seat in game.pending_seats():
        if seat != 2:
            game.apply(Action("pass", seat))
    act(game, 2, "pon", "9p")
    assert game.phase == "turn" and game.view(2)["drawn_tile"] is None
    action = _default(game, 2)
    discards = [a for a in game.legal_actions(2) if a.type == "discard"]
    assert action.type == "discard" and action.tile == max(a.tile for a in discards)
    assert action.tile >> 2 == max(t for t in game.view(2)["hand"]
                                   if t >> 2 not in game.view(2)["kuikae"]) >> 2


# --------------------------------------------------------------------------- the service

pytestmark_db = pytest.mark.django_db(transaction=True)


@pytest.fixture
def no_computer_tasks(monkeypatch):
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *args: None)


def _state(game) -> dict:
    game.refresh_from_db()
    return game.clock_state


@pytestmark_db
def test_p_clock_2_untimed_game_has_no_deadlines_and_a_null_timer(alice):
    from games.views_state import state_message
    game = service.create_practice(alice, human_seat=0)
    game.refresh_from_db()
    assert game.clock == "untimed" and game.clock_state == {}
    assert state_message(game, 0)["game"]["timer"] is None


@pytestmark_db
@pytest.mark.parametrize("clock", clocks.CLOCK_NAMES)
def test_p_prac_1_practice_offers_every_clock(alice, clock):
    game = service.create_practice(alice, clock=clock, human_seat=0)
    assert Game.objects.get(pk=game.pk).clock == clock


@pytestmark_db
def test_p_prac_1_unknown_clock_is_refused(alice):
    with pytest.raises(ValueError, match="unknown clock"):
        service.create_practice(alice, clock="hyperbullet")
    assert Game.objects.count() == 0


@pytestmark_db
def test_p_clock_3_human_dealer_gets_per_discard_plus_reserve_and_a_timer(alice, fake_time):
    from games.views_state import state_message
    game = service.create_practice(alice, clock="standard", human_seat=0)
    state = _state(game)
    assert state["kind"] == "turn" and state["deadlines"] == {"0": fake_time.t + 25.0}
    fake_time.t += 7.0
    timer = state_message(game, 0)["game"]["timer"]
    assert timer["turn"] == {"seat": 0, "per_discard_left": 0.0, "reserve_left": 18.0}
    assert timer["clock"] == "standard" and timer["absent"] == []


@pytestmark_db
def test_p_clock_5_an_accepted_discard_charges_the_reserve(alice, fake_time, no_computer_tasks):
    game = service.create_practice(alice, clock="standard", human_seat=0)
    engine = current_engine(game)
    fake_time.t += 8.0
    action = [a for a in engine.legal_actions(0) if a.type == "discard"][0]
    service.submit_action(game.pk, 0, action.to_json(), engine.seq)
    assert _state(game)["reserves"] == [17.0, 20.0, 20.0, 20.0]


@pytestmark_db
def test_p_clock_8_late_action_is_refused_and_the_default_is_played(alice, fake_time, no_computer_tasks):
    game = service.create_practice(alice, clock="standard", human_seat=0)
    engine = current_engine(game)
    drawn = engine.view(0)["drawn_tile"]
    other = next(a for a in engine.legal_actions(0) if a.type == "discard" and a.tile != drawn)
    fake_time.t += 25.6                                     # deadline 25 s + 0.5 s allowance passed
    with pytest.raises(service.ActionRejected) as refused:
        service.submit_action(game.pk, 0, other.to_json(), engine.seq)
    assert refused.value.code == "late" and refused.value.rule == "P-CLOCK-8"
    record = ActionRecord.objects.filter(game=game, kind="action").latest("index")
    assert record.timeout and record.seat == 0                       # P-TIMEOUT-5
    assert record.data == {"type": "discard", "seat": 0, "tile": drawn, "tiles": []}
    state = _state(game)
    assert state["reserves"][0] == 0.0 and state["timeouts"][0] == 1


@pytestmark_db
def test_p_clock_8_an_action_within_the_allowance_is_accepted(alice, fake_time, no_computer_tasks):
    game = service.create_practice(alice, clock="standard", human_seat=0)
    engine = current_engine(game)
    fake_time.t += 25.4
    action = [a for a in engine.legal_actions(0) if a.type == "discard"][0]
    service.submit_action(game.pk, 0, action.to_json(), engine.seq)
    record = ActionRecord.objects.filter(game=game, kind="action").latest("index")
    assert not record.timeout and _state(game)["reserves"][0] == 0.0


@pytestmark_db
def test_p_timeout_6_timeout_task_is_idempotent(alice, fake_time, no_computer_tasks):
    game = service.create_practice(alice, clock="bullet", human_seat=0)
    state = _state(game)
    seq, deadline = state["seq"], clocks.deadline_of(state, 0)
    assert tasks.decision_timeout(game.pk, 0, seq, deadline) is False         # early: no-op
    fake_time.t = deadline + 0.5
    assert tasks.decision_timeout(game.pk, 0, seq, deadline + 1.0) is False   # another deadline
    assert tasks.decision_timeout(game.pk, 0, seq + 1, deadline) is False     # another decision
    assert tasks.decision_timeout(game.pk, 0, seq, deadline) is True
    assert tasks.decision_timeout(game.pk, 0, seq, deadline) is False         # already played
    assert ActionRecord.objects.filter(game=game, timeout=True).count() == 1
    assert tasks.decision_timeout(game.pk + 99, 0, seq, deadline) is False    # no such game


@pytestmark_db
def test_p_timeout_6_a_stale_clock_task_reads_one_row_and_takes_no_lock(alice, fake_time, no_computer_tasks,
                                                                       monkeypatch):
    """DESIGN §4: most timeout and pause-end tasks are stale when they run; such a task reads
    one row, unlocked, and loads no engine. A due one still takes the lock and plays."""
    game = service.create_practice(alice, clock="bullet", human_seat=0)
    state = _state(game)
    seq, deadline = state["seq"], clocks.deadline_of(state, 0)
    fake_time.t = deadline + 0.5
    locked, real_lock = [], engine_store.engine_lock
    monkeypatch.setattr(engine_store, "engine_lock", lambda game_id: locked.append(game_id) or real_lock(game_id))
    hot, real_run = [], hot_sql._run           # the hot statements bypass Django's cursor on PostgreSQL
    monkeypatch.setattr(hot_sql, "_run", lambda c, sql, *a: hot.append(sql) or real_run(c, sql, *a))

    def statements(run) -> list[str]:
        """The SQL ``run()`` sent: hot statements, plus ORM ones (on SQLite the hot one again)."""
        hot.clear()
        with CaptureQueriesContext(connection) as queries:
            assert run() is False
        orm = [q["sql"] for q in queries]
        assert len(orm) <= len(hot) and not any("BEGIN" in q.upper() for q in orm), orm
        return hot + orm

    stale = [lambda: tasks.decision_timeout(game.pk, 0, seq, deadline + 1.0),      # another deadline
             lambda: tasks.decision_timeout(game.pk, 0, seq + 1, deadline),        # another decision
             lambda: tasks.end_claim_pause(game.pk, seq)]                          # no pause
    for run in stale:
        sent = statements(run)
        assert len(hot) == 1, sent
        for sql in sent:
            sql = sql.upper()
            assert "FOR UPDATE" not in sql and "JOIN" not in sql and "GAMES_GAME" in sql, sent
    assert locked == [] and ActionRecord.objects.filter(game=game, timeout=True).count() == 0
    assert tasks.decision_timeout(game.pk, 0, seq, deadline) is True                # due: played
    assert game.pk in locked and ActionRecord.objects.filter(game=game, timeout=True).count() == 1
    locked.clear()
    sent = statements(lambda: tasks.decision_timeout(game.pk, 0, seq, deadline))  # already played
    assert len(hot) == 1 and "JOIN" not in sent[0].upper() and locked == []


@pytestmark_db
def test_computers_are_held_to_the_clock(alice, fake_time, no_computer_tasks):
    game = service.create_practice(alice, clock="bullet", human_seat=1)     # computer deals
    state = _state(game)
    fake_time.t = clocks.deadline_of(state, 0) + 1.0
    service.play_computer(game.pk, 0, state["seq"])
    record = ActionRecord.objects.filter(game=game, kind="action").latest("index")
    assert record.timeout and record.by_computer and record.seat == 0


@pytestmark_db
def test_p_sys_3_sweeper_plays_overdue_timeouts(alice, fake_time, no_computer_tasks, monkeypatch):
    game = service.create_practice(alice, clock="bullet", human_seat=0)
    state = _state(game)
    Game.objects.filter(pk=game.pk).update(updated_at=game.updated_at)
    assert tasks.sweep_pending(0.0) == 0                     # not due: left to its own task
    assert not ActionRecord.objects.filter(game=game, timeout=True).exists()
    fake_time.t = clocks.deadline_of(state, 0) + 0.5
    tasks.sweep_pending(0.0)
    assert ActionRecord.objects.filter(game=game, timeout=True, seat=0).count() == 1


class TimerQueue:
    """Stands in for the worker's eta queue: ``schedule_timeouts`` and
    ``schedule_results_advance`` append here, and ``run_next`` moves the fake clock to the
    earliest eta and runs that task (computer moves stay eager)."""

    def __init__(self, fake_time) -> None:
        self.fake_time = fake_time
        self.pending: list[tuple[float, str, tuple]] = []
        self.scheduled: list[tuple[float, tuple]] = []    # (time scheduled, timer)

    def timeouts(self, game_id, timers) -> None:
        for seat, seq, deadline, eta in timers:
            self.scheduled.append((self.fake_time.t, (seat, seq, deadline, eta)))
            self.pending.append((eta, "timeout", (game_id, seat, seq, deadline)))

    def results(self, game_id, hands_started, eta) -> None:
        self.pending.append((eta, "results", (game_id, hands_started)))

    def run_next(self, *, results: bool = True) -> bool:
        """Run the earliest queued task; False when none is left (or only a results timer
        and ``results`` is false)."""
        queue = sorted((p for p in self.pending if results or p[1] != "results"), key=lambda p: p[0])
        if not queue:
            return False
        eta, kind, args = queue[0]
        self.pending.remove(queue[0])
        self.fake_time.t = max(self.fake_time.t, eta)
        (tasks.decision_timeout if kind == "timeout" else tasks.advance_hand)(*args)
        return True


@pytest.fixture
def timer_queue(fake_time, monkeypatch):
    queue = TimerQueue(fake_time)
    monkeypatch.setattr(tasks, "schedule_timeouts", queue.timeouts)
    monkeypatch.setattr(tasks, "schedule_results_advance", queue.results)
    return queue


@pytestmark_db
def test_p_conn_2_absent_seat_is_auto_played_after_two_timeouts(alice, timer_queue):
    """The human never acts and has no live connection; computers answer at once."""
    from games.views_state import state_message
    game = service.create_practice(alice, "riichi-single-deal", clock="standard", human_seat=0)
    while timer_queue.run_next():
        pass
    game.refresh_from_db()
    assert game.status == "finished"                                  # P-CONN-6
    records = list(ActionRecord.objects.filter(game=game, seat=0, kind="action").order_by("index"))
    assert len(records) > 2 and all(r.timeout for r in records)
    mine = [(at, timer) for at, timer in timer_queue.scheduled if timer[0] == 0]
    for at, (_seat, _seq, deadline, eta) in mine[:2]:                 # a real clock, + allowance
        assert deadline > at and eta == deadline + 0.5
    for at, (_seat, _seq, deadline, eta) in mine[2:]:                 # at once, no reserve used
        assert deadline == at and eta == deadline
    assert game.clock_state["timeouts"][0] == len(records)
    assert state_message(game, 0)["game"]["timer"]["absent"] == [0]


@pytestmark_db
def test_t_online_5_a_taiwanese_hand_runs_on_while_its_person_is_away(alice, timer_queue):
    """T-ONLINE-5 (P-CONN-2): a Taiwanese single hand on the Standard clock whose person never
    connects is played to its end by the clock; each of the person's decisions is a timeout, and
    the seat stays the person's (the state message still names it absent, not replaced)."""
    from games.views_state import state_message
    game = service.create_practice(alice, "taiwanese-single-deal", clock="standard", human_seat=0)
    while timer_queue.run_next():
        pass
    game.refresh_from_db()
    assert game.status == "finished"
    records = list(ActionRecord.objects.filter(game=game, seat=0, kind="action"))
    assert records and all(r.timeout for r in records)
    message = state_message(game, 0)
    assert message["game"]["my_seat"] == 0 and message["game"]["timer"]["absent"] == [0]


@pytestmark_db
def test_p_conn_2_a_connected_seat_keeps_its_clock_and_acting_resets_the_count(alice, timer_queue, settings):
    from games import presence
    settings.PRESENCE_TTL = 1e6             # a connection renewed throughout (games.presence)
    game = service.create_practice(alice, "riichi-single-deal", clock="standard", human_seat=0)
    presence.claim(game.pk, 0, "test-connection")
    for _ in range(40):
        if not timer_queue.run_next():
            break
    mine = [timer for _at, timer in timer_queue.scheduled if timer[0] == 0]
    assert all(eta == deadline + 0.5 for _s, _q, deadline, eta in mine)
    state = _state(game)
    assert state["absent"] == []
    engine = current_engine(game)
    if engine.legal_actions(0) and state["timeouts"][0]:
        action = clocks.timeout_action(engine.legal_actions(0), engine.view(0))
        service.submit_action(game.pk, 0, action.to_json(), engine.seq)
        assert _state(game)["timeouts"][0] == 0


@pytestmark_db
def test_p_flow_1_timed_results_screen_advances_by_its_task(alice, timer_queue):
    game = service.create_practice(alice, "riichi", clock="bullet", human_seat=0)
    while timer_queue.run_next(results=False):
        pass
    game.refresh_from_db()
    assert game.phase == "hand_over" and game.hands_started == 1
    state = _state(game)
    assert state["results_at"] is not None and state["deadlines"] == {}
    assert [p[1:] for p in timer_queue.pending] == [("results", (game.pk, 1))]
    assert timer_queue.pending[0][0] == state["results_at"] + 15.0
    assert tasks.advance_hand(game.pk, 1) is False                    # 15 s not over yet
    assert timer_queue.run_next()
    game.refresh_from_db()
    assert game.hands_started == 2 and game.phase in ("turn", "claim")
    assert game.clock_state["reserves"] == [5.0] * 4                   # P-CLOCK-4
    assert tasks.advance_hand(game.pk, 1) is False                    # P-SYS-6


@pytestmark_db
def test_p_flow_2_untimed_results_screen_has_no_timer(alice, monkeypatch):
    scheduled = []
    monkeypatch.setattr(tasks, "schedule_results_advance", lambda *args: scheduled.append(args))
    from platform_helpers import finish
    finish(service.create_practice(alice, "riichi-single-deal", human_seat=0))
    assert scheduled == []


# --------------------------------------------------------------------------- pages, API, consumer

@pytestmark_db
def test_p_prac_1_practice_page_and_api_take_the_clock(client, alice, fake_time):
    from django.urls import reverse

    from games.forms import CLOCK_CHOICES, PracticeForm
    assert [k for k, _label in CLOCK_CHOICES] == list(clocks.CLOCK_NAMES)
    assert PracticeForm().fields["clock"].initial == "untimed"
    assert str(dict(CLOCK_CHOICES)["bullet"]) == "Bullet (2 s + 5 s)"
    client.force_login(alice)
    strength = list(service.available_strengths())[0]
    client.post(reverse("practice"), {"preset": "riichi", "strength": strength, "clock": "blitz"})
    assert Game.objects.get().clock == "blitz"
    created = client.post(reverse("api-games"), {"clock": "relaxed"}, content_type="application/json")
    assert created.status_code == 201
    timer = created.json()["game"]["timer"]
    assert created.json()["game"]["clock"] == "relaxed" and timer["per_discard"] == 15.0
    assert client.post(reverse("api-games"), {}, content_type="application/json").json()["game"]["timer"] is None
    bad = client.post(reverse("api-games"), {"clock": "hyperbullet"}, content_type="application/json")
    assert bad.status_code == 400
    assert "relaxed" in client.get("/api/schema/").content.decode()
