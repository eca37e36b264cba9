"""One writer process of the single-writer race test (tests/platform/test_single_writer.py).

Usage: ``python race_writer.py GAME_ID INDEX WRITERS BARRIER_DIR ROUNDS``; the database comes
from the environment as for the server (``DATABASE_URL``, else ``SQLITE_PATH``).

Every round, all writers (1) wait at a file barrier, (2) read the stored game, (3) pick
their write for the same decision — a turn: all submit the same seat's action; a claim
window: writer ``i`` answers pending seat ``i mod n``; a result: writer ``i`` presses
Continue for the ``i``-th seat that has not pressed yet — (4) wait at a second barrier so
that the writes really overlap, and (5) write through the service. Each outcome is printed
as one JSON line: ``{"round", "seq", "version", "kind", "seat", "outcome"}`` with outcome
``"applied"``, ``"rejected:<code>"`` or ``"error:<exception>"`` (the test fails on any
error). The game is all human, untimed, with no claim pauses: no other process writes.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BARRIER_TIMEOUT = 60.0   # seconds a writer waits for the others before giving up


def barrier(directory: Path, name: str, index: int, writers: int) -> None:
    """Wait until every writer has reached ``name`` (files ``name-0`` … ``name-(n-1)``)."""
    (directory / f"{name}-{index}").touch()
    deadline = time.monotonic() + BARRIER_TIMEOUT
    while not all((directory / f"{name}-{i}").exists() for i in range(writers)):
        if time.monotonic() > deadline:
            raise SystemExit(f"writer {index}: the others never reached {name}")
        time.sleep(0.0002)


def main(game_id: int, index: int, writers: int, directory: Path, rounds: int) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjongsite.settings")
    import django
    django.setup()
    from games import service
    from games.models import Game
    from rules_engine.ai import simple_player
    from rules_engine.game import Game as Engine

    for rnd in range(rounds):
        barrier(directory, f"read{rnd}", index, writers)
        row = Game.objects.get(pk=game_id)
        if row.status != Game.Status.ACTIVE:
            print(json.dumps({"round": rnd, "outcome": "over"}), flush=True)
            break
        engine = Engine.from_log(row.log)
        seq = engine.seq
        if engine.phase == "hand_over":
            waiting = [s for s in range(4) if s not in row.continued_seats]
            seat = waiting[index % len(waiting)]
            kind = "continue"
            write = (service.continue_after_hand, game_id, seat, seq)
        else:
            pending = engine.pending_seats()
            seat = pending[0] if engine.phase == "turn" else pending[index % len(pending)]
            kind = engine.phase
            action = simple_player.decide(engine.view(seat)).to_json()
            write = (service.submit_action, game_id, seat, action, seq)
        barrier(directory, f"write{rnd}", index, writers)
        try:
            write[0](*write[1:])
            outcome = "applied"
        except service.ActionRejected as exc:
            outcome = f"rejected:{exc.code}"
        except Exception as exc:  # what the test is looking for: a write that is not clean
            outcome = f"error:{type(exc).__name__}: {exc}"[:300]
        print(json.dumps({"round": rnd, "seq": seq, "version": row.state_version, "kind": kind,
                          "seat": seat, "outcome": outcome}), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]), int(sys.argv[5]))
