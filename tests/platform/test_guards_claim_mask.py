"""Masked-pause bookkeeping when the engine moves several steps at once (P-FAIR-6,
``games.claim_mask``; issue 8 item 6).

The tables are practice games whose stored log is replaced by a scripted hand
(``rules_engine.riichi.scenario``: R-WALL-1 lets tests supply the wall), then played through the
service with every unclaimable discard paused (share 1, pause 0.8 s):

- a discard after which a riichi player draws and discards automatically: no pause (the
  engine is already past the empty window), the next seat's turn and clock start now;
- the discard that ends the hand (exhaustive draw): no pause, the result is shown;
- an added kan nobody can rob (shouminkan window): a pause that hides the replacement draw;
  the player's own next turn and its clock start when the pause ends; the next write after
  the pause clears it even when the task that should end it was lost.

No test measures time: ``games.clocks.now`` is a settable ``FakeTime``.
"""
from __future__ import annotations

import pytest
from platform_helpers import FakeTime, current_engine

from games import clocks, engine_store, service, tasks
from games.models import Game, store_whole_log
from games.views_state import state_message
from rules_engine.riichi.scenario import act, pass_all, run_to, scenario

pytestmark = pytest.mark.django_db(transaction=True)

PAUSE = 0.8
STANDARD = 5.0 + 20.0            # per-discard + reserve of a fresh Standard turn


@pytest.fixture
def table(monkeypatch, settings):
    """Every unclaimable discard pauses for ``PAUSE``; the fake clock; the computer moves,
    timeouts and pause ends that the service schedules are recorded, not run."""
    settings.CLAIM_MASK_SHARE = 1.0
    settings.COMPUTER_DELAY_MIN = PAUSE
    settings.COMPUTER_DELAY_MAX = PAUSE
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    clock = FakeTime(5_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    held = {"computers": [], "timeouts": [], "pauses": []}
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *a: held["computers"].append(a))
    monkeypatch.setattr(tasks, "schedule_timeouts", lambda *a: held["timeouts"].append(a))
    monkeypatch.setattr(tasks, "schedule_claim_pause_end", lambda *a: held["pauses"].append(a))
    return clock, held


def _install(user, engine, clock: str = "untimed") -> Game:
    """A practice game (the human in seat 0) whose stored state is ``engine``'s scripted hand."""
    game = service.create_practice(user, engine.log["preset"], human_seat=0, clock=clock)
    timer = clocks.clock_for(clock)
    state = {} if timer is None else clocks.open_decision(
        clocks.initial_state(timer), timer, seq=engine.seq, phase=engine.phase,
        pending=engine.pending_seats(), now=clocks.now())
    store_whole_log(game.pk, engine.log, seq=engine.seq, phase=engine.phase,
                    pending_computer_seats=[], claim_mask={}, clock_state=state)
    engine_store.clear()
    game.refresh_from_db()
    assert current_engine(game).view(0) == engine.view(0)
    return game


def _submit(game: Game, seat: int, action) -> Game:
    service.submit_action(game.pk, seat, action.to_json(), current_engine(game).seq)
    game.refresh_from_db()
    return game


# --------------------------------------------------------------------------- riichi auto-discard

def _before_riichi_auto_discard():
    """Seat 1 is in riichi (tanki on 9p); seat 0 (the human) is to discard 1z, which nobody
    can answer; seat 1 then draws 3z and discards it automatically (R-RIICHI-6)."""
    g = scenario("riichi", ["1m4m7m1p4p7p1s4s7s5z6z7z9s", "123m456m789m123p9p", "", ""],
                 draws=["1z", "2z", "3z", "4z", "1z", "3z"])
    act(g, 0, "discard", "1z")
    pass_all(g)
    act(g, 1, "riichi", "2z")
    pass_all(g)
    for seat in (2, 3):
        g.apply(next(a for a in g.legal_actions(seat) if a.type == "discard" and a.tile == g._drawn))
        pass_all(g)
    assert g.phase == "turn" and g.pending_seats() == [0]
    return g


def test_p_fair_6_no_pause_when_a_riichi_players_automatic_discard_followed(alice, table):
    fake, held = table
    engine = _before_riichi_auto_discard()
    game = _install(alice, engine, clock="standard")
    window = engine.seq + 1                       # the (empty) window of the human's 1z
    discard = next(a for a in engine.legal_actions(0) if a.type == "discard" and a.tile == engine._drawn)
    fake.t += 1.0
    game = _submit(game, 0, discard)
    after = current_engine(game)
    assert after.seq > window + 1, "the engine went on past seat 1's automatic discard"
    assert after.phase == "turn" and after.pending_seats() == [2]
    assert game.claim_mask == {}, "no pause may hide a decision the engine already passed"
    assert held["pauses"] == []
    view = state_message(game, 0)["view"]
    assert view["seq"] == after.seq and view["phase"] == "turn"
    assert view["players"][1]["discards"][-1]["tile"] == after.view(None)["players"][1]["discards"][-1]["tile"]
    # The next seat's clock and its computer move start now, not after a pause.
    assert game.clock_state["seq"] == after.seq and game.clock_state["prompt_at"] == fake.t
    assert clocks.deadline_of(game.clock_state, 2) == fake.t + STANDARD
    assert held["computers"][-1] == (game.pk, after.seq, [2])


# --------------------------------------------------------------------------- exhaustive draw

def _before_the_last_discard():
    g = scenario("riichi", ["", "", "", ""], draws="")
    run_to(g, 0)
    assert g.phase == "turn" and g.live_count == 0
    return g


def test_p_fair_6_no_pause_after_the_discard_that_ends_the_hand(alice, table):
    fake, held = table
    engine = _before_the_last_discard()
    game = _install(alice, engine)
    seat = engine.pending_seats()[0]
    last = next(a for a in engine.legal_actions(seat) if a.type == "discard" and a.tile == engine._drawn)
    game = _submit(game, seat, last)
    assert game.phase == "hand_over" and game.claim_mask == {} and held["pauses"] == []
    view = state_message(game, 0)["view"]
    assert view["phase"] == "hand_over" and view["hand_result"] is not None


# --------------------------------------------------------------------------- shouminkan

def _before_shouminkan():
    """Seat 0 (the human) has ponned 5z and draws the fourth 5z: it may add it (shouminkan);
    nobody can rob that kan."""
    g = scenario("riichi", ["55z1m4m7m1p4p7p1s4s7s6z9s", "2m5m8m2p5p8p2s5s8s3m6m9m3p", "", ""],
                 draws=["1z", "5z", "2z", "3z", "4z", "5z"])
    act(g, 0, "discard", "1z")
    pass_all(g)
    act(g, 1, "discard", "5z")
    act(g, 0, "pon", "5z", tiles="55z")
    pass_all(g)
    act(g, 0, "discard", "6z")
    pass_all(g)
    for seat in (1, 2, 3):
        g.apply(next(a for a in g.legal_actions(seat) if a.type == "discard" and a.tile == g._drawn))
        pass_all(g)
    assert g.phase == "turn" and g.pending_seats() == [0]
    return g


def test_p_fair_6_a_shouminkan_window_pauses_and_the_next_turn_starts_at_its_end(alice, table, settings):
    fake, held = table
    engine = _before_shouminkan()
    game = _install(alice, engine, clock="standard")
    kan = next(a for a in engine.legal_actions(0) if a.type == "shouminkan")
    hand_before = engine.view(0)["hand"]
    fake.t += 1.0
    game = _submit(game, 0, kan)
    mask = game.claim_mask
    after = current_engine(game)
    assert mask and mask["window_seq"] == engine.seq + 1 and mask["seq"] == after.seq == engine.seq + 2
    assert mask["until"] == pytest.approx(fake.t + PAUSE, abs=1e-6)
    assert held["pauses"] == [(game.pk, after.seq, mask["until"])]
    # Everyone sees the empty window of the added kan; the replacement draw is not shown.
    view = state_message(game, 0)["view"]
    assert view["phase"] == "claim" and view["seq"] == mask["window_seq"] and view["legal_actions"] == []
    assert len(view["hand"]) == len(hand_before) - 1
    assert after.pending_seats() == [0] and len(after.view(0)["hand"]) == len(hand_before)
    # The human's own next turn and its clock start when the pause ends.
    state = game.clock_state
    assert state["seq"] == after.seq and state["prompt_at"] == pytest.approx(mask["until"], abs=1e-6)
    assert clocks.deadline_of(state, 0) == pytest.approx(mask["until"] + STANDARD, abs=1e-6)
    assert held["timeouts"][-1] == (game.pk, [(0, after.seq, state["deadlines"]["0"],
                                               state["deadlines"]["0"] + 0.5)])
    # During the pause the turn is refused as in a window with nothing to answer.
    discard = next(a for a in after.legal_actions(0) if a.type == "discard")
    with pytest.raises(service.ActionRejected):
        service.submit_action(game.pk, 0, discard.to_json(), after.seq)
    with pytest.raises(service.ActionRejected):
        service.submit_action(game.pk, 0, discard.to_json(), mask["window_seq"])
    # Its task was lost; once the pause is over the human's discard is accepted and clears it.
    fake.t = mask["until"] + 0.01
    assert state_message(game, 0)["view"]["seq"] == after.seq          # the real view again
    settings.CLAIM_MASK_SHARE = 0.0                                     # no new pause after it
    game = _submit(game, 0, discard)
    assert game.claim_mask == {}, "the next write clears the old pause"
    assert service.end_claim_pause(game.pk, after.seq) == "stale"
    record = game.actions.filter(kind="action", seat=0).latest("index")
    assert not record.timeout and record.data["tile"] == discard.tile
