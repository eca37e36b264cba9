"""The masked claim pause (P-FAIR-6; ``games.claim_mask``).

After a discard nobody can call, the server holds the table, on a random share of such
discards, in the same waiting window it shows while someone considers a call: every
recipient is served that empty window's view, actions are refused as in such a window, the
computers and the next turn's clock wait for the pause to end. Computers think for 0.8 s
here (the pause is drawn from that range) and every unclaimable discard pauses (share 1).
No test measures time: ``games.clocks.now`` is replaced by a settable value.
"""
from __future__ import annotations

import pytest
from conftest import human_choice
from platform_helpers import FakeTime, current_engine

from games import claim_mask, clocks, service, tasks
from games.models import Game
from games.views_state import state_message

pytestmark = pytest.mark.django_db(transaction=True)

PAUSE = 0.8   # seconds: COMPUTER_DELAY_MIN == MAX, so every pause is this long


@pytest.fixture
def paused_table(monkeypatch, settings):
    settings.COMPUTER_DELAY_MIN = PAUSE
    settings.COMPUTER_DELAY_MAX = PAUSE
    settings.CLAIM_MASK_SHARE = 1.0
    settings.CLOCK_SCALE = 1.0
    settings.CLOCK_LAG_ALLOWANCE = 0.5
    clock = FakeTime(2_000_000.0)
    monkeypatch.setattr(clocks, "now", clock)
    return clock


def _paused_game(user, fake: FakeTime, **options) -> Game:
    """A practice game (the human is seat 0, the dealer) played until one of the human's own
    discards starts a pause; the computers act eagerly and pauses after their discards are
    ended at once. Returns the refreshed row. A hand that ends first (rare) is dealt again."""
    for _attempt in range(5):
        game = service.create_practice(user, "riichi-single-deal", human_seat=0, **options)
        for _ in range(80):
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            if game.claim_mask:
                if game.claim_mask["views"]["public"]["last_discard"]["seat"] == 0:
                    return game
                fake.t = float(game.claim_mask["until"]) + 0.01
                assert service.end_claim_pause(game.pk, game.claim_mask["seq"]) == "ended"
                continue
            engine = current_engine(game)
            assert 0 in engine.pending_seats(), f"the table waits on {engine.pending_seats()}, not the human"
            service.submit_action(game.pk, 0, human_choice(engine.view(0)).to_json(), engine.seq)
    pytest.fail("no discard of the human started a pause in five hands")


def test_p_fair_6_a_pause_serves_the_empty_window_to_everyone(alice, paused_table):
    game = _paused_game(alice, paused_table)
    mask = game.claim_mask
    engine = current_engine(game)
    window = mask["window_seq"]
    assert engine.seq == mask["seq"] == window + 1 and engine.phase == "turn"
    assert mask["until"] == pytest.approx(paused_table.t + PAUSE, abs=1e-6)

    message = state_message(game, 0)
    view = message["view"]
    assert view["phase"] == "claim" and view["seq"] == window
    assert view["pending_seats"] == [] and view["legal_actions"] == [] and view["turn"] == 0
    assert view["last_discard"]["seat"] == 0
    assert view["wall_count"] == engine.view(None)["wall_count"] + 1, "the next draw is not shown yet"
    # 13 tiles after the discard, less 3 per call the human made earlier in the hand (a kan's
    # fourth tile is replaced by its draw).
    assert len(view["hand"]) + 3 * len(view["players"][0]["melds"]) == 13
    public = state_message(game, None)["view"]
    assert public["phase"] == "claim" and "hand" not in public
    nxt = engine.view(None)["turn"]
    assert nxt != 0 and view["players"][nxt]["concealed_count"] == engine.view(None)["players"][nxt]["concealed_count"] - 1


def test_p_fair_6_actions_during_a_pause_are_refused_as_in_a_real_window(alice, paused_table):
    game = _paused_game(alice, paused_table)
    window, version = game.claim_mask["window_seq"], game.state_version
    hand = state_message(game, 0)["view"]["hand"]
    with pytest.raises(service.ActionRejected) as info:
        service.submit_action(game.pk, 0, {"type": "pass"}, window)
    assert info.value.code == "illegal" and "has no decision pending now" in info.value.message
    with pytest.raises(service.ActionRejected) as info:
        service.submit_action(game.pk, 0, {"type": "discard", "tile": hand[0]}, window + 1)
    assert info.value.code == "stale_seq" and info.value.message.endswith(f"the current one is {window}")
    game.refresh_from_db()
    assert game.state_version == version and game.claim_mask, "nothing changed"


def test_p_fair_6_computers_wait_for_the_pause_then_play(alice, paused_table, settings):
    game = _paused_game(alice, paused_table)
    settings.CLAIM_MASK_SHARE = 0.0          # the computers' own discards do not pause
    seq = game.claim_mask["seq"]
    assert game.pending_computer_seats, "the next seat is a computer"
    assert service.play_computer(game.pk, game.pending_computer_seats[0], seq) is None, "not during the pause"
    assert service.end_claim_pause(game.pk, seq) == "early"
    paused_table.t += PAUSE + 0.01
    assert service.end_claim_pause(game.pk, seq) == "ended"     # eager Celery: the computers play on
    game.refresh_from_db()
    assert game.seq > seq and not claim_mask.active(game.claim_mask, seq)
    assert state_message(game, 0)["view"]["seq"] == game.seq, "the real view again"
    assert service.end_claim_pause(game.pk, seq) == "stale", "idempotent"


def test_p_fair_6_the_next_turn_clock_starts_when_the_pause_ends(alice, paused_table):
    game = _paused_game(alice, paused_table, clock="standard")
    state = game.clock_state
    assert state["seq"] == game.claim_mask["seq"] and state["kind"] == "turn"
    assert state["prompt_at"] == pytest.approx(game.claim_mask["until"], abs=1e-6)       # P-CLOCK-7
    timer = state_message(game, 0)["game"]["timer"]
    assert timer["turn"] is None and timer["waiting_responses"] is True and timer["response_left"] is None


def test_p_fair_6_the_sweeper_ends_a_pause_whose_task_was_lost(alice, paused_table, settings):
    game = _paused_game(alice, paused_table)
    seq = game.claim_mask["seq"]
    settings.CLAIM_MASK_SHARE = 0.0          # the computers' own discards do not pause
    tasks.sweep_pending(0.0)
    game.refresh_from_db()
    assert game.claim_mask and game.seq == seq, "not before its end"
    paused_table.t += PAUSE + 1.0
    tasks.sweep_pending(0.0)
    game.refresh_from_db()
    assert not game.claim_mask and game.seq > seq


def test_p_fair_6_no_pause_with_share_zero(alice, paused_table, settings):
    settings.CLAIM_MASK_SHARE = 0.0
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    for _ in range(40):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        engine = current_engine(game)
        if 0 not in engine.pending_seats():
            break
        service.submit_action(game.pk, 0, human_choice(engine.view(0)).to_json(), engine.seq)
        game.refresh_from_db()
        assert not game.claim_mask


def _record_after_change(monkeypatch) -> list:
    """Record the table notices and computer moves ``service.after_change`` sends (instead of
    sending them: the computers would play on at once)."""
    from games import notify

    sent = []
    monkeypatch.setattr(notify, "table_changed", lambda *args, **kwargs: sent.append(("notice", *args)))
    monkeypatch.setattr(tasks, "schedule_computer_moves", lambda *args: sent.append(("computers", *args)))
    return sent


def test_p_fair_6_the_end_of_a_pause_is_one_row_update_without_the_engine(alice, paused_table, settings,
                                                                         monkeypatch):
    """DESIGN §3 "Cost": when the writer builds no seat states (``PUSH_SEAT_STATES`` off, the
    production shape), ending a pause changes only ``claim_mask`` and ``state_version``: the
    worker neither rebuilds nor loads the engine, nor reads the seats; a cached engine is
    filed under the new version; the notice and the computer moves go out as before."""
    from games import engine_store

    game = _paused_game(alice, paused_table)
    settings.PUSH_SEAT_STATES = False
    seq, version, pending = game.claim_mask["seq"], game.state_version, list(game.pending_computer_seats)
    engine_store.clear()
    with engine_store.engine_lock(game.pk):
        cached = engine_store.load(game)                       # this process has seen the table

    def refuse(*args, **kwargs):
        raise AssertionError("the end of a pause loaded the engine or the seats")

    sent = _record_after_change(monkeypatch)
    with monkeypatch.context() as patch:
        for name in ("load", "take"):
            patch.setattr(engine_store, name, refuse)
        patch.setattr(service, "locked_row_and_seats", refuse)
        assert service.end_claim_pause(game.pk, seq) == "early"
        paused_table.t += PAUSE + 0.01
        assert service.end_claim_pause(game.pk, seq) == "ended"
        assert service.end_claim_pause(game.pk, seq) == "stale", "idempotent"
    assert sent == [("notice", game.pk, version + 1, seq, None), ("computers", game.pk, seq, pending)]
    game.refresh_from_db()
    assert game.claim_mask == {} and game.state_version == version + 1 and game.seq == seq
    assert engine_store._cache[game.pk] == (version + 1, cached)
    assert state_message(game, 0)["view"]["seq"] == seq, "the real view again"


def test_p_fair_6_a_write_between_the_read_and_the_end_of_a_pause_is_seen(alice, paused_table, settings,
                                                                         monkeypatch):
    """The pause ends by a compare-and-set on ``state_version``: when the row changed after
    the unlocked read (here: the read is made to see an older version), the UPDATE changes
    nothing and the locked path decides, so the version steps exactly once."""
    from games import hot_sql

    game = _paused_game(alice, paused_table)
    settings.PUSH_SEAT_STATES = False
    seq, version = game.claim_mask["seq"], game.state_version
    real = hot_sql.pause_row
    monkeypatch.setattr(hot_sql, "pause_row", lambda game_id: {**real(game_id), "state_version": version - 1})
    sent = _record_after_change(monkeypatch)
    paused_table.t += PAUSE + 0.01
    assert service.end_claim_pause(game.pk, seq) == "ended"
    game.refresh_from_db()
    assert game.claim_mask == {} and game.state_version == version + 1
    assert [s[:3] for s in sent] == [("notice", game.pk, version + 1), ("computers", game.pk, seq)]
