"""The single-writer guarantee across processes (DESIGN §3; issue 8 item 6).

Every change of a stored game goes through ``service._write``, which locks the game's row
(``select_for_update`` on PostgreSQL; the IMMEDIATE transaction mode on SQLite). The
per-process ``engine_store.engine_lock`` only serializes the threads of ONE process, so this
test uses separate writer processes (``race_writer.py``): they submit the same decision,
different seats' claim answers and Continue presses to one all-human game at the same
moment (file barriers before every write), for many rounds. It asserts that every write is
either applied or cleanly refused (never a database error), that exactly one of several
identical submissions is applied, that every applied write is in the audit trail and the
log (no lost update, no index collision), and that the log replays to the stored state.

It runs on SQLite in the normal suite and on PostgreSQL in the integration run
(``tests/platform/integration/test_integration_stack.py`` INNER_TESTS). Without the row
lock it fails on PostgreSQL; without the IMMEDIATE mode it fails on SQLite.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from django.db import connection

from games import service
from games.models import ActionRecord, Game, Seat, store_whole_log

pytestmark = pytest.mark.django_db(transaction=True)

WRITERS = 2
ROUNDS = 40
NEAR_END = 6  # live tiles left when the writers start
WAIT = 240    # seconds for the writers to finish before the test fails (no timing assertion)
SCRIPT = Path(__file__).with_name("race_writer.py")


def _writer_env() -> dict:
    """The environment of a writer process: the same (test) database as this test."""
    env = dict(os.environ, MP_CLAIM_MASK_SHARE="0", MP_NO_EMBEDDED_WORKER="1",
               PYTHONDONTWRITEBYTECODE="1")
    name = connection.settings_dict["NAME"]
    if connection.vendor == "postgresql":
        from conftest import _with_db_name
        env["DATABASE_URL"] = _with_db_name(os.environ["DATABASE_URL"], name)
    else:
        env.pop("DATABASE_URL", None)
        env["SQLITE_PATH"] = name
    return env


def _all_human_game() -> Game:
    """An East-round game with four human accounts and no clock: only the writers write."""
    from django.contrib.auth import get_user_model
    users = [get_user_model().objects.create(username=name, email=f"{name}@example.com")
             for name in ("alice", "bob", "carol", "dave")]
    game = service.create_practice(users[0], "riichi", human_seat=0)
    for seat, user in enumerate(users[1:], start=1):
        Seat.objects.filter(game=game, seat=seat).update(user=user, strength="")
    # Near the end of the first hand, so that the writers race on turns, claim answers,
    # Continue presses and the next hand (the skipped play is stored as the log only).
    from rules_engine.ai import simple_player
    from rules_engine.game import Game as Engine
    game.refresh_from_db()
    engine = Engine.from_log(game.log)
    while engine.phase == "claim" or (engine.phase == "turn" and engine.live_count > NEAR_END):
        engine.apply(simple_player.decide(engine.view(engine.pending_seats()[0])))
    store_whole_log(game.pk, engine.log, seq=engine.seq, phase=engine.phase)
    game.refresh_from_db()
    assert game.pending_computer_seats == [] and not game.claim_mask
    return game


def _run_writers(game: Game, tmp_path: Path) -> list[dict]:
    procs = [subprocess.Popen([sys.executable, str(SCRIPT), str(game.pk), str(i), str(WRITERS),
                               str(tmp_path), str(ROUNDS)],
                              env=_writer_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(WRITERS)]
    outcomes = []
    for proc in procs:
        out, err = proc.communicate(timeout=WAIT)
        assert proc.returncode == 0, f"a writer failed:\n{err[-3000:]}"
        outcomes += [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return outcomes


def test_design_3_one_writer_per_game_across_processes(transactional_db, tmp_path):
    game = _all_human_game()
    first_version = game.state_version
    skipped = sum(1 for e in game.log["entries"] if e.get("type") == "action")
    outcomes = _run_writers(game, tmp_path)

    errors = [o for o in outcomes if o["outcome"].startswith("error")]
    assert not errors, f"{len(errors)} writes were not clean (no single writer): {errors[:3]}"

    by_round = defaultdict(list)
    for o in outcomes:
        if o["outcome"] != "over":
            by_round[o["round"]].append(o)
    game.refresh_from_db()
    kinds = {w["kind"] for writes in by_round.values() for w in writes}
    if game.status == Game.Status.ACTIVE:                 # else a bust ended it after hand 1
        assert len(by_round) == ROUNDS and {"turn", "continue"} <= kinds, kinds
    contested = 0
    for rnd, writes in sorted(by_round.items()):
        assert len(writes) == WRITERS, (rnd, writes)
        assert len({(w["seq"], w["version"]) for w in writes}) == 1, f"round {rnd} read different states"
        applied = [w for w in writes if w["outcome"] == "applied"]
        same_target = len({(w["kind"], w["seat"]) for w in writes}) == 1
        if same_target:
            contested += 1
            assert len(applied) == 1, f"round {rnd}: {len(applied)} of identical writes applied: {writes}"
            assert {w["outcome"] for w in writes if w not in applied} <= {
                "rejected:stale_seq", "rejected:illegal", "rejected:not_allowed"}, writes
        else:
            assert applied, f"round {rnd}: nothing applied: {writes}"
    assert contested >= 5, "the writers should have raced on the same decision many times"

    # Every applied write is stored once, in order: nothing lost, no index collision.
    game.refresh_from_db()
    applied_total = sum(1 for o in outcomes if o["outcome"] == "applied")
    records = list(ActionRecord.objects.filter(game=game).order_by("index"))
    assert [r.index for r in records] == list(range(1, game.state_version + 1))
    assert game.state_version - first_version == applied_total
    logged = [e for e in game.log["entries"] if e.get("type") == "action"]
    stored_actions = [r for r in records if r.kind == "action"]
    assert len(logged) == skipped + len(stored_actions)
    assert [r.data for r in stored_actions] == [e["action"] for e in logged[skipped:]]
    # The log replays to the stored state.
    from rules_engine.game import Game as Engine
    engine = Engine.from_log(game.log)
    assert (engine.seq, engine.phase) == (game.seq, game.phase)
