"""Faults in the production shape, with real processes (issue 8 "Build and prove" item 2;
DESIGN §3–§5; P-SYS-3, P-CONN-1, P-CONN-2, P-CONN-6).

One stack for the module (``harness.Stack``): a private PostgreSQL cluster and a private
Redis (killed and restarted here; never the shared ones), two daphne processes, a Celery
worker (prefork, 2 processes) and Celery beat. Each test plays a live timed table (Bullet,
shrunk by ``MP_CLOCK_SCALE``) with a real WebSocket client in the human seat that answers
most of its decisions and leaves every fourth one to its clock, then kills -9 and restarts
one part (daphne, the worker, Redis) or restarts PostgreSQL between two actions, and checks:

- the client reconnects by itself and is sent the game as stored (its decision number never
  goes back), and the table goes on to finish or to play many more actions;
- no action is lost or applied twice: the audit trail (``ActionRecord``) is in order, no
  decision of a seat is answered twice, and the log replayed from PostgreSQL has exactly as
  many actions and the same decision number and phase as the stored row;
- no table stalls longer than its clock allows once the part is back (gaps between stored
  actions, server timestamps, with a generous allowance for a loaded machine);
- the worker and beat survive a Redis restart and the worker reconnects by itself.

Waits are for events (a port, a log line, a row) with generous bounds.
"""
from __future__ import annotations

import asyncio
import json
import os
import threading
import time

import pytest

from harness import Stack, missing_tools, wait_until

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("faults")]   # one stack

SCALE = 0.5                      # MP_CLOCK_SCALE: Bullet becomes 1 s per discard + 2.5 s reserve
ALLOWANCE = 0.2                  # MP_CLOCK_LAG_ALLOWANCE, seconds
RESULTS_SECONDS = 2.0            # MP_RESULTS_SCREEN_SECONDS (x SCALE = 1 s)
LONGEST_DECISION = (2.0 + 5.0) * SCALE + ALLOWANCE   # Bullet per-discard + whole reserve, seconds
SLACK = 15.0                     # seconds for a loaded 2-core machine (processes, Redis, PostgreSQL)
#: The longest a table may go without a stored action while every part is up: its longest
#: decision, the results screen, one sweep, and the slack.
STALL_BOUND = LONGEST_DECISION + RESULTS_SECONDS * SCALE + 1.0 + SLACK
WAIT = 120.0                     # seconds to wait for any event before failing
MORE = 8                         # actions the table must still play after a fault


def _skip_or_fail(message: str) -> None:
    if os.environ.get("MP_SKIP_INTEGRATION") == "1":
        pytest.skip(f"{message} (MP_SKIP_INTEGRATION=1)")
    pytest.fail(f"{message}; install it or set MP_SKIP_INTEGRATION=1 to skip the integration tests")


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    if os.environ.get("MP_INTEGRATION_INNER") == "1":
        pytest.skip("already inside the integration run")
    missing = missing_tools()
    if missing:
        _skip_or_fail(f"the fault tests need {', '.join(missing)}")
    workdir = tmp_path_factory.mktemp("faults")
    s = Stack(workdir, env={
        "MP_CLOCK_SCALE": str(SCALE), "MP_CLOCK_LAG_ALLOWANCE": str(ALLOWANCE),
        "MP_RESULTS_SCREEN_SECONDS": str(RESULTS_SECONDS),
        "MP_COMPUTER_DELAY_MIN": "0.05", "MP_COMPUTER_DELAY_MAX": "0.15",
        "GAMES_LOG_LEVEL": "WARNING"})
    try:
        s.start()
    except BaseException:
        s.close()
        raise
    yield s
    for player in Player.started:             # a failed test may leave its client running
        player.stop.set()
    s.close()


# --------------------------------------------------------------------------- database

class Db:
    """Reads of the stack's database (psycopg, autocommit; reconnects after a restart)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.conn = None

    def query(self, sql: str, params=()):
        import psycopg
        for attempt in range(60):
            try:
                if self.conn is None or self.conn.closed:
                    self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
                return self.conn.execute(sql, params).fetchall()
            except psycopg.OperationalError:
                self.conn = None
                if attempt == 59:
                    raise
                time.sleep(0.5)

    def now(self) -> float:
        return self.query("SELECT extract(epoch FROM now())")[0][0].__float__()

    def game(self, game_id: int) -> dict:
        status, seq, phase, version = self.query(
            "SELECT status, seq, phase, state_version FROM games_game WHERE id = %s", [game_id])[0]
        return {"status": status, "seq": seq, "phase": phase, "version": version}

    def records(self, game_id: int) -> list[tuple]:
        """``[(index, seq, seat, kind, by_computer, timeout, epoch seconds)]`` in order."""
        return self.query(
            "SELECT index, seq, seat, kind, by_computer, timeout, extract(epoch FROM created_at) "
            "FROM games_actionrecord WHERE game_id = %s ORDER BY index", [game_id])


def new_table(stack: Stack, name: str, clock: str = "bullet", preset: str = "riichi") -> tuple[int, str]:
    """A practice table with a new account in seat 0 (the first dealer); returns ``(game id,
    session key)`` of that account's signed-in session."""
    code = (
        "import json\n"
        "from django.contrib.auth import get_user_model\n"
        "from django.test import Client\n"
        "from games import service\n"
        f"user = get_user_model().objects.create_user({name!r}, {name + '@example.com'!r}, 'pw-Secret-123')\n"
        "client = Client()\nclient.force_login(user)\n"
        f"game = service.create_practice(user, {preset!r}, clock={clock!r}, human_seat=0)\n"
        "print(json.dumps({'game': game.pk, 'session': client.cookies['sessionid'].value}))\n")
    out = stack.manage("shell", "-c", code)
    data = json.loads(out.strip().splitlines()[-1])
    return data["game"], data["session"]


def check_integrity(stack: Stack, game_id: int) -> None:
    """No action lost or applied twice: an ordered audit trail, one answer per (decision, seat),
    and the log replayed from PostgreSQL agrees with the stored row and has exactly one action
    per audited action. Read in one transaction under the row lock (the clock may still be
    playing), after which the table is stopped (aborted) so it costs nothing more."""
    code = (
        "import json\n"
        "from django.db import transaction\n"
        "from games import engine_store, service\nfrom games.models import ActionRecord, Game\n"
        "with transaction.atomic():\n"
        f"    row = Game.objects.select_for_update().get(pk={game_id})\n"
        "    records = list(ActionRecord.objects.filter(game=row).order_by('index')\n"
        "                   .values_list('index', 'seq', 'seat', 'kind'))\n"
        "    engine_store.clear()\n"
        "    engine = engine_store.load(row)\n"
        "    actions = sum(1 for e in row.log['entries'] if e.get('type') == 'action')\n"
        "    out = {'records': records, 'seq': engine.seq, 'phase': engine.phase,\n"
        "           'actions': actions, 'row_seq': row.seq, 'row_phase': row.phase}\n"
        f"service.abort_game({game_id}, 'fault test over')\n"
        "print(json.dumps(out))\n")
    out = json.loads(stack.manage("shell", "-c", code).strip().splitlines()[-1])
    indexes = [r[0] for r in out["records"]]     # state versions: claim pauses skip some
    assert indexes == sorted(set(indexes)), "audit trail out of order or repeated"
    answered = [(r[1], r[2]) for r in out["records"] if r[3] == "action"]
    assert len(answered) == len(set(answered)), "a decision of a seat was answered twice"
    assert (out["seq"], out["phase"]) == (out["row_seq"], out["row_phase"])
    assert out["actions"] == len(answered), (out["actions"], len(answered))


def check_no_stall(db: Db, game_id: int, windows: list[tuple[float, float]]) -> None:
    """Between stored actions no gap exceeds ``STALL_BOUND`` while every part was up. A gap
    that spans a fault window ``(fault, recovered)`` (epoch seconds, server clock) is counted
    from ``recovered``: once the part is back the table must move within the bound."""
    times = [r[6] for r in db.records(game_id)]
    for _fault, recovered in windows:       # a figure for the report (-s); not asserted alone
        later = [float(t) for t in times if float(t) >= recovered]
        if later:
            print(f"\ngame {game_id}: first stored action {later[0] - recovered:.2f} s after recovery")
    for before, after in zip(times, times[1:]):
        start = float(before)
        for fault, recovered in windows:
            if start <= recovered and float(after) >= fault:
                start = max(start, recovered)
        assert float(after) - start <= STALL_BOUND, (
            f"the table stalled {float(after) - start:.1f} s (bound {STALL_BOUND:.1f} s)")


# --------------------------------------------------------------------------- the client

class Player:
    """The human seat over a real WebSocket, in a thread of its own. It answers every
    decision except every fourth one (left to the clock), reconnects by itself (to the next
    daphne) whenever its connection drops, and records what it was sent.

    ``pause`` (a ``threading.Event``): while set, it answers nothing."""

    started: list["Player"] = []

    def __init__(self, stack: Stack, game_id: int, session: str, *, answer_all: bool = False) -> None:
        self.ports = list(stack.daphne_ports)
        self.game_id = game_id
        self.session = session
        self.answer_all = answer_all
        self.states: list[dict] = []           # every state message, in order
        self.errors: list[dict] = []           # every error message
        self.connects = 0
        self.closes: list[int | None] = []     # close codes of dropped connections
        self.pause = threading.Event()
        self.answered: set[int] = set()        # decision numbers it sent an answer for
        self.stop = threading.Event()
        self.finished = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)

    def start(self) -> "Player":
        Player.started.append(self)
        self.thread.start()
        return self

    def last(self) -> dict | None:
        with self.lock:
            return self.states[-1] if self.states else None

    def seqs_since(self, count: int) -> list[int]:
        with self.lock:
            return [s["view"]["seq"] for s in self.states[count:]]

    async def _run(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        from rules_engine.ai.simple_player import decide

        turn = 0
        while not self.stop.is_set() and not self.finished.is_set():
            port = self.ports[turn % len(self.ports)]
            turn += 1
            try:
                async with connect(f"ws://127.0.0.1:{port}/ws/games/{self.game_id}/",
                                   additional_headers={"Cookie": f"sessionid={self.session}"},
                                   origin=f"http://127.0.0.1:{port}", open_timeout=10,
                                   ping_interval=None, max_size=2 ** 22) as ws:
                    self.connects += 1
                    while not self.stop.is_set():
                        try:
                            raw = await asyncio.wait_for(ws.recv(), 0.5)
                        except asyncio.TimeoutError:
                            raw = None
                        if raw is not None:
                            message = json.loads(raw)
                            if message["type"] == "error":
                                self.errors.append(message)
                                continue
                            if message["type"] != "state":
                                continue
                            with self.lock:
                                self.states.append(message)
                        state = self.last()
                        if state is None:
                            continue
                        view = state["view"]
                        if state["game"]["status"] != "active" or view["phase"] == "game_over":
                            self.finished.set()
                            return
                        seq = view["seq"]
                        with self.lock:         # pause checked and answer noted atomically
                            answer = (view.get("legal_actions") and seq not in self.answered
                                      and not self.pause.is_set()
                                      and (self.answer_all or seq % 4 != 0))
                            if answer:
                                self.answered.add(seq)
                        if answer:
                            await ws.send(json.dumps({"type": "action", "seq": seq,
                                                      "action": decide(view).to_json()}))
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd else None)
            except (OSError, InvalidHandshake, asyncio.TimeoutError):
                self.closes.append(None)
            await asyncio.sleep(0.2)


def _wait_actions(db: Db, game_id: int, at_least: int, player: Player | None = None) -> int:
    """Wait until the game has ``at_least`` stored actions or has ended; returns the count."""
    def enough():
        count = len(db.records(game_id))
        done = db.game(game_id)["status"] != "active"
        return count if (count >= at_least or done) else 0
    return wait_until(enough, WAIT, f"game {game_id} to reach {at_least} stored actions", 0.2)


def _finish(player: Player, db: Db, game_id: int, played_before: int) -> None:
    """The table plays ``MORE`` more actions (or finishes); then the client stops."""
    _wait_actions(db, game_id, played_before + MORE)
    player.stop.set()
    player.thread.join(timeout=30)


# --------------------------------------------------------------------------- tests

def test_p_conn_1_daphne_killed_clients_reconnect_and_the_game_goes_on(stack):
    db = Db(stack.database_url)
    game_id, session = new_table(stack, "fault-daphne")
    player = Player(stack, game_id, session).start()
    played = _wait_actions(db, game_id, 8)
    wait_until(lambda: player.connects >= 1 and player.last() is not None, WAIT, "a first state")
    states_before = len(player.states)
    last_seq = player.last()["view"]["seq"]
    fault = db.now()
    stack.kill("daphne-0")                      # the client's server dies (kill -9)
    wait_until(lambda: player.connects >= 2, WAIT, "the client to reconnect")
    stack.spawn_daphne(0)
    recovered = db.now()
    wait_until(lambda: len(player.states) > states_before, WAIT, "a state after reconnecting")
    # The reconnected client is sent the game as stored: its decision number never goes back.
    seqs = player.seqs_since(states_before)
    assert seqs[0] >= last_seq and seqs == sorted(seqs)
    _finish(player, db, game_id, played)
    assert not [e for e in player.errors if e.get("code") not in ("late", "stale_seq")], player.errors
    check_integrity(stack, game_id)
    check_no_stall(db, game_id, [(fault, recovered)])


def _hold_my_decision(player: Player, db: Db, game_id: int) -> int:
    """Stop the client answering and wait until the table waits on the human's turn (a
    decision only the human can end) that the client has not answered (an answer sent just
    before the pause may still be in flight: that decision is not the held one); its seq."""
    player.pause.set()

    def my_decision():
        state = player.last()
        if state is None or not state["view"].get("legal_actions") or state["view"]["phase"] != "turn":
            return False
        seq = state["view"]["seq"]
        with player.lock:                        # after pause.set(): no answer can follow
            if seq in player.answered:
                return False
        return db.game(game_id)["seq"] == seq
    wait_until(my_decision, WAIT, "the human's decision", 0.05)
    return player.last()["view"]["seq"]


def test_p_sys_3_worker_killed_lost_moves_and_clocks_come_back(stack):
    db = Db(stack.database_url)
    game_id, session = new_table(stack, "fault-worker")
    player = Player(stack, game_id, session).start()
    played = _wait_actions(db, game_id, 8)
    # The table now waits on the human's clock, whose timeout task the worker holds (ETA).
    # Should that clock run out before the kill lands (a loaded machine), hold the next one.
    windows = []
    for _attempt in range(5):
        seq = _hold_my_decision(player, db, game_id)
        fault = db.now()
        stack.kill("worker")     # kill -9: that timeout task (and any move it held) is lost
        if db.game(game_id)["seq"] == seq:
            break
        stack.spawn_worker()
        windows.append((fault, db.now()))
    else:
        pytest.fail("the human's clock ran out before every kill of the worker")
    stack.spawn_worker()
    recovered = db.now()
    # Only the sweeper can play the lost timeout now (the broker would give it back after its
    # 300 s visibility timeout): the clock is honoured within the stall bound. (Beat queued
    # sweeps while the worker was down, so the new worker may play it at once, even before
    # ``recovered`` is read.)
    wait_until(lambda: db.game(game_id)["seq"] > seq, WAIT, "the lost timeout to be played")
    player.pause.clear()
    _finish(player, db, game_id, played)
    records = db.records(game_id)
    # An audit record carries the decision number after the change: the human's first record
    # past the held decision is the one that ended it, and the clock must have played it.
    held = [r for r in records if r[2] == 0 and r[1] > seq][:1]
    assert held and held[0][5] and float(held[0][6]) > fault, (
        f"the human's lost timeout (turn {seq}) was not played by the clock after the kill: {held}")
    after = [r for r in records if float(r[6]) > recovered]
    assert any(r[4] for r in after), "no computer move after the worker came back"
    check_integrity(stack, game_id)
    check_no_stall(db, game_id, windows + [(fault, recovered)])


def test_p_sys_3_redis_restarted_the_worker_reconnects_by_itself(stack):
    db = Db(stack.database_url)
    game_id, session = new_table(stack, "fault-redis")
    player = Player(stack, game_id, session).start()
    played = _wait_actions(db, game_id, 8)
    connected = stack.worker_reconnects()
    fault = db.now()
    stack.redis.kill()                           # kill -9; it comes back empty (no disk)
    stack.redis.start()
    wait_until(lambda: stack.worker_reconnects() > connected or not stack.alive("worker"),
               WAIT, "the worker to reconnect to Redis")
    recovered = db.now()
    # The worker, beat and both daphne processes are still the same processes.
    for name in ("worker", "beat", "daphne-0", "daphne-1"):
        assert stack.alive(name), f"{name} exited:\n{stack._current_log(name)[-3000:]}"
    assert "Unrecoverable error" not in stack._current_log("worker")
    # The client is told about the table again (Redis lost every group membership): it is
    # sent a state newer than anything stored before Redis came back.
    seq_back = db.game(game_id)["seq"]
    wait_until(lambda: any(s > seq_back for s in player.seqs_since(0)), WAIT,
               "a state sent after Redis came back")
    _finish(player, db, game_id, played)
    after = [r for r in db.records(game_id) if float(r[6]) > recovered]
    assert any(r[4] for r in after), "no computer move was played after Redis came back"
    check_integrity(stack, game_id)
    check_no_stall(db, game_id, [(fault, recovered)])


def test_p_sys_1_postgresql_restarted_between_two_actions(stack):
    db = Db(stack.database_url)
    game_id, session = new_table(stack, "fault-postgres")
    player = Player(stack, game_id, session, answer_all=True).start()
    played = _wait_actions(db, game_id, 6)
    # Hold the human's next answer, wait for its decision, restart PostgreSQL, then answer.
    seq = _hold_my_decision(player, db, game_id)
    fault = db.now()
    stack.postgres.restart()                     # every session of every process is cut
    recovered = db.now()
    player.pause.clear()
    # The held answer is applied (or, if the clock ran out meanwhile, its default: P-CLOCK-8),
    # and the table goes on.
    wait_until(lambda: db.game(game_id)["seq"] > seq, WAIT, "the action after the restart")
    _finish(player, db, game_id, played)
    assert not [e for e in player.errors if e.get("code") not in ("late", "stale_seq")], player.errors
    check_integrity(stack, game_id)
    check_no_stall(db, game_id, [(fault, recovered)])
