"""The live-table service: the one path by which anything changes a stored game (DESIGN §3).

Every change — a player's action, a computer's move, Continue after a hand, the
results-screen timeout — runs ``_write``: lock the game row (``select_for_update`` inside
``transaction.atomic``; on SQLite the IMMEDIATE transaction mode gives the same single
writer), rebuild the engine from the stored log (or the cache of the same version), check
the decision sequence number, apply through ``rules_engine``, store the new log, and after
commit notify the table group with a small ``table.changed`` notice and schedule the
computer moves, decision timeouts and results-screen timer that are now due. At a timed
table ``_store`` also keeps ``Game.clock_state`` (deadlines, reserves; ``games.clocks``,
docs/clocks.md) in the same transaction. Rejected input raises ``ActionRejected`` and
changes nothing.
"""
from __future__ import annotations

import importlib
import logging
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from accounts.computers import available_strengths, computers_for, default_strength

from . import claim_mask, clocks, engine_store, hot_sql, presence
from .models import ActionRecord, Game, LogEntry, Seat

log = logging.getLogger("games")

#: Practice presets and their formats (P-PRAC-1, P-TABLE-1, P-TW-4): Riichi single hand / East
#: round; Taiwanese single hand / East round / full match (the engine's ``taiwanese-single-deal``,
#: ``taiwanese-east`` and ``taiwanese`` presets, T-MATCH-1).
PRACTICE_PRESETS = {"riichi-single-deal": "single", "riichi": "east", "taiwanese-single-deal": "single",
                    "taiwanese-east": "east", "taiwanese": "full"}
DEFAULT_PRACTICE_PRESET = "riichi-single-deal"


class ActionRejected(Exception):
    """Input refused without effect. ``code`` is one of the protocol's error codes
    (``malformed``, ``unknown_action``, ``not_your_seat``, ``stale_seq``, ``illegal``,
    ``not_allowed``, ``late``); ``rule`` names the rule enforced when there is one (e.g. ``R-KUIKAE-1``)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        if len(message) > 300:             # a refusal may quote hostile input: keep it short
            message = message[:297] + "..."
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule


class EngineFailure(Exception):
    """The rules engine raised something other than ``IllegalAction``: it cannot continue this
    game. The write is rolled back and the game is ended as aborted by system (P-SYS-7)."""


@dataclass
class _Change:
    """What a mutation did, for the audit record."""

    kind: str                  # "action" | "next_hand" | "continue" (ActionRecord.kind)
    seat: int | None = None
    data: dict | None = None
    by_computer: bool = False
    timeout: bool = False
    deals: bool = False        # a new hand was dealt (kind "next_hand", or the last Continue)


def _engine_errors():
    return importlib.import_module("rules_engine.core.errors")


def _actions():
    return importlib.import_module("rules_engine.core.actions")


def new_seed() -> int:
    """A hand seed from the operating system's cryptographic source (P-SYS-4)."""
    return secrets.randbits(64)


# --------------------------------------------------------------------------- creation

def create_practice(user, preset_name: str = DEFAULT_PRACTICE_PRESET, strength: str | None = None,
                    *, human_seat: int | None = None, clock: str = clocks.UNTIMED) -> Game:
    """Start a practice game: ``user`` against three computers of ``strength`` (P-PRAC-1, J4).

    ``preset_name``: ``"riichi-single-deal"`` (single hand, default) or ``"riichi"`` (East
    round); ``"taiwanese-single-deal"``, ``"taiwanese-east"`` or ``"taiwanese"`` (full match,
    P-TW-4). ``human_seat`` (0..3, initial East..North) is drawn at random when ``None``
    (P-PRAC-1: the human is not always dealer). ``clock``: ``"untimed"`` (default,
    P-CLOCK-2) or ``"bullet"`` / ``"blitz"`` / ``"standard"`` / ``"relaxed"`` (P-CLOCK-1).
    Never rated (P-PRAC-2). Raises ``ValueError`` for an unknown preset, strength or clock,
    or a built-in computer account as ``user`` (P-BOT-1: computers cannot create tables; an
    outside bot account may practise, docs/bot-api.md, Riichi presets only:
    ``accounts.bots.bot_may_play``).
    """
    from rules_engine.preset import get_preset

    if getattr(user, "played_by_platform", False):
        raise ValueError("computer accounts cannot create tables (P-BOT-1)")
    if preset_name not in PRACTICE_PRESETS:
        raise ValueError(f"practice offers the presets {', '.join(PRACTICE_PRESETS)}, not {preset_name!r}")
    from accounts.bots import FAMILY_REFUSAL, bot_may_play

    if not bot_may_play(user, preset_name):
        raise ValueError(FAMILY_REFUSAL)
    strength = strength or default_strength()
    if strength not in available_strengths():
        raise ValueError(f"unknown computer strength {strength!r}")
    if human_seat is None:
        human_seat = secrets.randbelow(4)
    if not 0 <= human_seat <= 3:
        raise ValueError("human_seat must be 0..3")
    clocks.clock_for(clock)                          # ValueError for an unknown clock
    preset = get_preset(preset_name)
    computers = computers_for(strength)
    occupants = [user if seat == human_seat else None for seat in range(4)]
    return _create_game(Game.Kind.PRACTICE, preset, PRACTICE_PRESETS[preset_name], clock, user,
                        occupants, iter(computers), strength)


#: Private-table presets and their formats (P-TABLE-1: the ranked formats only): Riichi East
#: round, Taiwanese full match.
PRIVATE_PRESETS = {"riichi": "east", "taiwanese": "full"}


def create_private_table(host, guests, *, preset_name: str = "riichi", clock: str = clocks.UNTIMED,
                         strength: str | None = None, draw_seats: bool = True) -> Game:
    """Start a private table (P-TABLE-1, P-TABLE-2: never rated) of ``host`` and ``guests``.

    ``guests``: three entries, each a human account or ``None`` for a computer of
    ``strength`` (P-TABLE-1: computers may fill any empty seat). Seats are drawn at random
    (P-TABLE-8) unless ``draw_seats`` is false, when ``[host, *guests]`` sit in seats 0..3
    (initial East..North). ``preset_name``: ``"riichi"`` (East round) or ``"taiwanese"`` (full
    match). ``clock``: any clock
    name, Untimed included (P-TABLE-3). Invitations and the lobby are not part of this
    function: it seats accounts that already agreed.

    Raises ``ValueError`` for a wrong number of guests, an account seated twice (P-ACCT-4),
    a computer account given as a person (P-BOT-1), an unknown preset, clock or strength.
    """
    from rules_engine.preset import get_preset

    guests = list(guests)
    if len(guests) != 3:
        raise ValueError("a table has four seats: the host and three guests (None = a computer)")
    people = [host, *(g for g in guests if g is not None)]
    if getattr(host, "is_computer", False) or any(getattr(u, "played_by_platform", False) for u in people):
        raise ValueError("computer accounts are seated as None, not as people (P-BOT-1)")
    if len({u.pk for u in people}) != len(people):
        raise ValueError("an account can hold only one seat at a table (P-ACCT-4)")
    if preset_name not in PRIVATE_PRESETS:
        raise ValueError(f"private tables offer the presets {', '.join(PRIVATE_PRESETS)}, not {preset_name!r}")
    clocks.clock_for(clock)                          # ValueError for an unknown clock
    computers = []
    if None in guests:
        strength = strength or default_strength()
        computers = computers_for(strength)          # ValueError for an unknown strength
    occupants = [host, *guests]
    if draw_seats:
        order = list(range(4))
        for i in range(3, 0, -1):                    # Fisher-Yates with the OS source (P-TABLE-8)
            j = secrets.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
        occupants = [occupants[i] for i in order]
    return _create_game(Game.Kind.PRIVATE, get_preset(preset_name), PRIVATE_PRESETS[preset_name], clock,
                        host, occupants, iter(computers), strength or "")


def _create_game(kind, preset, game_format: str, clock: str, creator, occupants, computers,
                 strength: str, *, ranked: bool = False) -> Game:
    """Store a new game of ``kind`` with ``occupants`` (4 × account or ``None`` = the next
    of ``computers``, which play at ``strength``) and deal its first hand (P-SYS-4 seed).
    A computer account given as an occupant plays at its own ``computer_strength``."""
    engine = engine_store.engine_module().Game.new(preset, new_seed())
    now = timezone.now()
    with transaction.atomic():
        row = Game.objects.create(
            kind=kind, ranked=ranked, preset_name=preset.name, preset_version=preset.version,
            preset_snapshot=preset.snapshot(), game_format=game_format, clock=clock,
            created_by=creator, last_human_action_at=now, hands_started=1)
        for seat, occupant in enumerate(occupants):
            if occupant is None:
                Seat.objects.create(game=row, seat=seat, user=next(computers), strength=strength)
            elif occupant.played_by_platform:       # an outside bot plays itself (docs/bot-api.md)
                Seat.objects.create(game=row, seat=seat, user=occupant,
                                    strength=occupant.computer_strength or default_strength())
            else:
                Seat.objects.create(game=row, seat=seat, user=occupant)
        row._new_claim_mask = claim_mask.opening(engine, clocks.now())   # Taiwanese (P-FAIR-6)
        _store(row, engine, _Change(kind="next_hand", deals=True))
    engine_store.put(row.pk, row.state_version, engine)
    return row


# --------------------------------------------------------------------------- writes

def _seats(row) -> dict[int, Seat]:
    return {s.seat: s for s in row.seats.select_related("user")}


def _human_seats(seats: dict[int, Seat]) -> list[int]:
    return sorted(n for n, s in seats.items() if not s.user.is_computer)


def _absent(row: Game, seats: dict[int, Seat], timeouts, now: float) -> list[int]:
    """Human seats on absent auto-play (P-CONN-2): two consecutive timeouts and no live
    connection at ``now`` (no presence lease alive, ``games.presence``)."""
    return clocks.absent_seats(timeouts, presence.connected_map(seats.values(), now),
                               [n for n, s in seats.items() if not s.user.played_by_platform])


def _update_clock(row: Game, engine, change: _Change, seats: dict[int, Seat]) -> tuple[list, float | None]:
    """Keep ``row.clock_state`` in step with the engine (docs/clocks.md). Returns the
    timeouts to schedule after commit, ``[(seat, seq, deadline, eta)]``, and the results
    timer's eta (epoch seconds) or ``None``."""
    clock = clocks.clock_for(row.clock)
    if clock is None:
        return [], None
    t = clocks.now()
    old = row.clock_state or clocks.initial_state(clock)
    state = old
    if change.kind == "action" and change.seat is not None:
        state = clocks.charge(state, clock, change.seat, t)              # P-CLOCK-5
        state = clocks.record_answer(state, clock, change.seat, timeout=change.timeout)
    if change.deals:
        state = clocks.new_hand(state, clock)                            # P-CLOCK-4
    pending = engine.pending_seats() if engine.phase in ("turn", "claim") else []
    prompt = float(row.claim_mask["until"]) if row.claim_mask else t     # P-FAIR-6 pause first
    state = clocks.open_decision(state, clock, seq=engine.seq, phase=engine.phase, pending=pending,
                                 now=prompt, absent=_absent(row, seats, state["timeouts"], t))
    row.clock_state = state
    timers = []
    if state["kind"] is not None and (state["seq"] != old.get("seq") or state["kind"] != old.get("kind")):
        timers = [(int(s), state["seq"], d, d + clocks.allowance_for(state, int(s)))
                  for s, d in state["deadlines"].items()]
    results_eta = None
    if (engine.phase == "hand_over" and state["results_at"] is not None
            and state["results_at"] != old.get("results_at")):
        results_eta = state["results_at"] + clocks.results_delay()       # P-FLOW-1
    return timers, results_eta


#: The columns a write of the live table may change (``_store`` and the ``mutate`` functions).
_WRITE_FIELDS = ["claim_mask", "clock_state", "log_length", "seq", "phase", "state_version",
                 "pending_computer_seats", "last_human_action_at", "status", "end_reason", "finished_at",
                 "final_scores", "game_result", "continued_seats", "hands_started", "updated_at"]


def _store(row: Game, engine, change: _Change, seats: dict[int, Seat] | None = None) -> None:
    """Write the engine state into ``row`` (inside the caller's transaction) and arrange the
    after-commit notice, computer moves and clock timers. ``seats``: ``_seats(row)`` when
    the caller has read them already."""
    seats = seats if seats is not None else _seats(row)
    row.claim_mask = getattr(row, "_new_claim_mask", None) or {}     # any write ends a pause
    timers, results_eta = _update_clock(row, engine, change, seats)
    log_start, fresh = _append_log(row, engine)
    row.seq = engine.seq
    row.phase = engine.phase
    row.state_version += 1
    row.pending_computer_seats = [
        n for n, s in sorted(seats.items())
        if s.user.played_by_platform and row.phase in ("turn", "claim") and engine.legal_actions(n)]
    if change.kind == "action" and not change.by_computer and not change.timeout:
        row.last_human_action_at = timezone.now()
    if engine.phase == "game_over" and row.status == Game.Status.ACTIVE:
        public = engine.view(None)
        row.status = Game.Status.FINISHED
        row.end_reason = "normal"
        row.finished_at = timezone.now()
        row.final_scores = public.get("scores")
        row.game_result = public.get("game_result")
        row.pending_computer_seats = []
        if row.ranked:             # P-RATE-3, P-SYS-5: settle once, after this commit
            _queue_settlement_on_commit(row.pk)
    audit = {"index": row.state_version, "seq": row.seq, "seat": change.seat, "kind": change.kind,
             "data": change.data or {}, "by_computer": change.by_computer, "timeout": change.timeout}
    if "log_base" not in row.__dict__:   # a locked_row: what a move changes, in one statement
        hot_sql.store_change(row, _WRITE_FIELDS, log_start, fresh, audit)
    else:                                # a whole row (a new game): its log base too
        hot_sql.insert_rows(LogEntry, [LogEntry(game_id=row.pk, index=i, entry=e)
                                       for i, e in enumerate(fresh, log_start)])
        row.save()
        hot_sql.insert_rows(ActionRecord, [ActionRecord(game_id=row.pk, **audit)])
    if row.ranked:               # what the delayed public may see from now on (P-SPECT-2)
        from .spectate import record_frame
        record_frame(row, engine, seats.values())
    game_id, version, seq = row.pk, row.state_version, row.seq
    pending = list(row.pending_computer_seats)
    hands = row.hands_started
    pause_end = row.claim_mask.get("until") if row.claim_mask else None
    if pause_end is not None:
        pending = []        # the computers' turn starts when the pause ends (end_claim_pause)
    states = _state_builder(row, engine, seats.values())
    transaction.on_commit(lambda: after_change(game_id, version, seq, pending, timers=timers,
                                               results=(hands, results_eta) if results_eta else None,
                                               pause=(seq, pause_end) if pause_end is not None else None,
                                               states=states))


def _state_builder(row: Game, engine, seats):
    """A function building, after commit, the seats' state messages of the state ``row`` was
    just stored with (``views_state.seat_states``: once per change, by the writer that holds
    the engine; DESIGN §3 "Cost"), or ``None`` when ``engine`` has moved on since (several
    writes of one game inside one outer transaction): the connections then read the stored
    game themselves, as they do after any change that pushes nothing. ``seats``: the
    game's ``Seat`` rows with accounts, read under the row lock. ``build(keys, spectators)``
    takes ``views_state.seat_states``'s optional recipients and spectator count."""
    rows = list(seats)
    seq, length = engine.seq, engine.log_length

    def build(keys=None, spectators: int | None = None) -> dict | None:
        if engine.seq != seq or engine.log_length != length:
            return None
        from .views_state import seat_states
        return seat_states(row, engine, rows, keys, spectators)

    build.game = row
    return build


def _append_log(row: Game, engine) -> tuple[int, list[dict]]:
    """The engine's log entries that ``row`` does not hold yet, ``(first index, entries)``,
    to be stored as ``LogEntry`` rows by ``_store`` (DESIGN §3: append what changed, never
    rewrite the log); sets ``row.log_length`` (and the log's base at the first write). The
    engine's first ``row.log_length`` entries are the stored ones (``engine_store.load``
    guarantees it); an engine behind the row is an ``EngineFailure``."""
    if row.log_length == 0:
        row.log_base = {"preset": engine.preset.name, "version": engine.preset.version, "entries": []}
    length = engine.log_length
    if length < row.log_length:
        raise EngineFailure(f"the engine's log ({length} entries) is behind the stored one "
                            f"({row.log_length})")
    start = row.log_length
    row.log_length = length
    return start, engine.log_entries_from(start)


def locked_row(game_id: int) -> Game:
    """The game row locked for update (``select_for_update``), without the log's base column
    (read the log with ``Game.log``). Raises ``Game.DoesNotExist``."""
    return Game.objects.select_for_update().defer("log_base", "preset_snapshot").get(pk=game_id)


def locked_row_and_seats(game_id: int) -> tuple[Game, dict[int, Seat]]:
    """``(locked_row(game_id), _seats(row))`` in one query (DESIGN §3 "Cost"): the game's
    seats with their accounts and the game row, ``FOR UPDATE OF`` the game row only (the
    same row lock as ``locked_row``: one writer per table). A game without seat rows is
    read by ``locked_row``. Raises ``Game.DoesNotExist``."""
    row, seats, _ = _locked_table(game_id)
    return row, seats


def _locked_table(game_id: int, entries_from: int | None = None):
    """``(row, seats, tail)``: ``locked_row_and_seats(game_id)`` and, read in the same
    statement on PostgreSQL, the stored log entries from index ``entries_from`` on as
    ``(entries_from, entries)`` for ``engine_store.take`` (``None`` when not read;
    ``hot_sql.read_table_for_write``)."""
    row, rows, entries = hot_sql.read_table_for_write(game_id, entries_from)
    if row is None:
        return locked_row(game_id), {}, None
    return row, {s.seat: s for s in rows}, None if entries is None else (entries_from, entries)


def _queue_settlement_on_commit(game_id: int) -> None:
    """After the commit that finished a ranked game, queue its rating settlement on the
    default queue (P-RATE-3, P-SYS-5; ``leaderboard.settlement.queue_settlement``). Games that
    are not ranked, abandoned or aborted never get here."""
    from leaderboard.settlement import queue_settlement

    transaction.on_commit(lambda: queue_settlement(game_id))


class _Reconnect(Exception):
    """The first statement of a write failed on a connection found dead (``_write`` retries)."""


def _write(game_id: int, mutate) -> Game | None:
    """Run ``mutate(row, engine, seats) -> _Change | None`` under the game's lock. ``mutate``
    may change only the columns in ``_WRITE_FIELDS`` (the others are not saved).

    ``None`` means "nothing to do" (no write). ``ActionRejected`` from ``mutate`` propagates
    and changes nothing; ``mutate`` must raise it before mutating the engine. An
    ``EngineFailure`` rolls the write back, aborts the game (P-SYS-7) and is reported as
    ``ActionRejected("not_allowed")``. Returns the stored row after a change, else ``None``.
    Raises ``Game.DoesNotExist``.

    Connection health (DESIGN §3 "Cost"): Django's health check (``CONN_HEALTH_CHECKS``) would
    send ``SELECT 1`` before every write, since each ``database_sync_to_async`` call starts a
    new check period. A write skips it: when its first statement (the locked read, before
    anything is written) fails with ``OperationalError`` / ``InterfaceError`` — a connection
    cut by a PostgreSQL restart — the transaction is rolled back, the connection closed, and
    the write runs once more on a new connection, health-checked as before (P-SYS-1: a
    restart costs a reconnect, not the action). Inside an outer transaction nothing is
    skipped or retried. A failure after the first statement is never retried.
    """
    from django.db import connection

    with engine_store.engine_lock(game_id):
        retryable = not connection.in_atomic_block
        if retryable and connection.connection is not None and connection.health_check_enabled:
            connection.health_check_done = True              # the retry below stands for it
        try:
            return _write_locked(game_id, mutate, retryable)
        except _Reconnect:
            log.warning("game %s: the database connection was lost; writing again on a new one", game_id)
            connection.close()
            return _write_locked(game_id, mutate, False)


def _write_locked(game_id: int, mutate, retryable: bool) -> Game | None:
    """``_write``'s body, under ``engine_store.engine_lock(game_id)``. ``retryable``: a
    connection error of the first statement raises ``_Reconnect`` (nothing was written)."""
    from django.db import InterfaceError, OperationalError

    try:
        with transaction.atomic():
            try:
                # the cached engine's missing entries come with the locked row (one query)
                row, seats, tail = _locked_table(game_id, engine_store.cached_length(game_id))
            except (OperationalError, InterfaceError) as exc:
                if retryable:
                    raise _Reconnect() from exc
                raise
            engine = engine_store.take(row, tail)
            try:
                change = mutate(row, engine, seats)
            except ActionRejected:
                engine_store.put(row.pk, row.state_version, engine, keep_newer=True)   # untouched
                raise
            if change is None:
                engine_store.put(row.pk, row.state_version, engine, keep_newer=True)
                return None
            _store(row, engine, change, seats)
    except EngineFailure:
        engine_store.forget(game_id)
        abort_game(game_id, "engine error")
        raise ActionRejected("not_allowed", "The game had to be stopped (internal error); "
                                            "completed hands stay saved.", "P-SYS-7") from None
    except (_Reconnect, ActionRejected):
        raise                                                 # the cached engine is untouched
    except BaseException:
        engine_store.forget(game_id)                          # maybe half-changed
        raise
    engine_store.put(row.pk, row.state_version, engine, keep_newer=True)
    from .views_state import remember_written
    remember_written(row, seats.values())
    return row


def _apply(engine, action) -> None:
    """``engine.apply(action)``: ``IllegalAction`` -> ``ActionRejected("illegal")``; any other
    exception -> ``EngineFailure`` (P-SYS-7)."""
    try:
        engine.apply(action)
    except _engine_errors().IllegalAction as exc:
        raise ActionRejected("illegal", exc.reason, exc.rule) from None
    except Exception as exc:
        log.exception("the engine failed applying %s", action)
        raise EngineFailure(str(exc)) from exc


def _apply_masked(row: Game, engine, action) -> None:
    """``_apply`` plus the masked claim pause (P-FAIR-6, ``games.claim_mask``): on a random
    share of discards that nobody can answer, ``row`` gets the pause (stored by ``_store``).

    Legality is checked first: the pause planning looks ahead on a copy of the engine and
    must only ever see a legal action. An action not among its seat's legal actions goes
    straight to ``_apply``, where the engine refuses it with its own reason and rule ID
    (``ActionRejected("illegal")``, P-PLAY-3, the engine unchanged) however the pause draw
    would have fallen."""
    if action not in engine.legal_actions(action.seat):
        _apply(engine, action)            # raises ActionRejected("illegal")
        row._new_claim_mask = {}          # (unreachable unless the engine accepts it: no pause)
        return
    planned = claim_mask.plan(engine, action)
    _apply(engine, action)
    row._new_claim_mask = claim_mask.after_apply(planned, engine, clocks.now())


def _refuse_during_pause(row: Game, engine, seat: int, seq, action) -> None:
    """While a pause hides decision ``engine.seq`` (P-FAIR-6), refuse actions exactly as in a
    real claim window where ``seat`` has nothing to answer: the window's own ``seq`` gets the
    engine's "no decision pending" refusal, any other ``seq`` is stale against the window's."""
    mask = row.claim_mask
    if not claim_mask.active(mask, engine.seq):
        return
    window = mask["window_seq"]
    if seq == window:
        raise ActionRejected("illegal", f"seat {seat} has no decision pending now ({action} refused)",
                             "P-PLAY-3")
    raise ActionRejected("stale_seq", f"that decision ({seq}) is no longer pending; "
                                      f"the current one is {window}")


def abort_game(game_id: int, reason: str) -> bool:
    """End an active game as aborted by system (P-SYS-7): completed hands stay stored, nothing
    is settled, the table is notified. Returns False when the game was not active."""
    with transaction.atomic():
        row = locked_row(game_id)
        if row.status != Game.Status.ACTIVE:
            return False
        row.status = Game.Status.ABORTED
        row.end_reason = "system_abort"
        row.finished_at = timezone.now()
        row.pending_computer_seats = []
        row.state_version += 1
        row.save()
        ActionRecord.objects.create(game=row, index=row.state_version, seq=row.seq, seat=None,
                                    kind="abort", data={"reason": reason[:200]})
        if row.ranked:                 # the public sees the abort after the delay (P-SPECT-2)
            from .spectate import record_copy
            record_copy(game_id, status=row.status)
        version, seq = row.state_version, row.seq
        transaction.on_commit(lambda: after_change(game_id, version, seq, []))
    engine_store.forget(game_id)
    return True


#: An action as the table's clients send it (a discard of tile id 52), shown in the error for a
#: value that is not a JSON object.
ACTION_EXAMPLE = '{"type": "discard", "tile": 52}'


def _json_kind(value) -> str:
    """The JSON name of ``value``'s kind ("a string", "a list", "null", ...) for error texts."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {str: "a string", int: "a number", float: "a number", list: "a list"}.get(type(value), "that")


def parse_action(payload, seat: int):
    """Turn a client's Action JSON into an engine ``Action`` for ``seat``.

    ``payload["seat"]`` may be omitted; a different seat raises ``not_your_seat``. Raises
    ``ActionRejected`` with ``malformed`` / ``unknown_action`` for bad input.
    """
    actions = _actions()
    if not isinstance(payload, dict):
        raise ActionRejected("malformed", f"action must be a JSON object, not {_json_kind(payload)}: "
                                          f'for example {ACTION_EXAMPLE}, one of the view\'s '
                                          f'"legal_actions"')
    if payload.get("type") not in actions.ACTION_TYPES:
        raise ActionRejected("unknown_action", f"unknown action type {payload.get('type')!r}")
    claimed = payload.get("seat")
    if claimed is not None and claimed != seat:
        raise ActionRejected("not_your_seat", f"you sit in seat {seat}, not {claimed!r}")
    try:
        return actions.Action.from_json({**payload, "seat": seat})
    except ValueError as exc:
        raise ActionRejected("malformed", str(exc)) from None


def _check_seq(seq, engine) -> None:
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise ActionRejected("malformed", "seq must be an integer")
    if seq != engine.seq:
        shown = f" ({seq})" if abs(seq) < 10**9 else ""
        raise ActionRejected("stale_seq", f"that decision{shown} is no longer pending; "
                                          f"the current one is {engine.seq}")


def _timeout_change(row, engine, seats, seat: int) -> _Change:
    """Apply ``seat``'s timeout default (P-TIMEOUT-1/-2/-3) to ``engine``; recorded with
    ``timeout=True`` (P-TIMEOUT-5)."""
    legal = engine.legal_actions(seat)
    action = clocks.timeout_action(legal, engine.view(seat))
    _apply_masked(row, engine, action)
    occupant = seats.get(seat)
    return _Change(kind="action", seat=seat, data=action.to_json(), timeout=True,
                   by_computer=bool(occupant and occupant.user.is_computer))


def submit_action(game_id: int, seat: int, payload, seq, *, by_computer: bool = False,
                  timeout: bool = False) -> Game:
    """Apply one seat's action (P-PLAY-3, P-PLAY-4). ``payload`` is the Action JSON,
    ``seq`` the ``view.seq`` it answers. Raises ``ActionRejected`` (nothing changes) or
    ``Game.DoesNotExist``. Returns the stored row.

    At a timed table an action arriving after its deadline + ``CLOCK_LAG_ALLOWANCE`` is
    refused with code ``late`` and the timeout default is played at once instead
    (P-CLOCK-8); that default IS stored before ``ActionRejected("late")`` is raised."""
    action = parse_action(payload, seat)
    late = False

    def mutate(row, engine, seats):
        nonlocal late
        if row.status != Game.Status.ACTIVE:
            raise ActionRejected("not_allowed", "the game is over")
        if isinstance(seq, int) and not isinstance(seq, bool):
            _refuse_during_pause(row, engine, seat, seq, action)
        _check_seq(seq, engine)
        if (row.clock != clocks.UNTIMED and engine.legal_actions(seat)
                and clocks.is_late(row.clock_state, seat, clocks.now())):
            late = True
            return _timeout_change(row, engine, seats, seat)
        _apply_masked(row, engine, action)
        return _Change(kind="action", seat=seat, data=action.to_json(), by_computer=by_computer,
                       timeout=timeout)

    row = _write(game_id, mutate)
    if late:
        raise ActionRejected("late", "Time ran out for that decision; the default was played.",
                             "P-CLOCK-8")
    return row


def apply_timeout(game_id: int, seat: int, seq: int, deadline: float) -> str:
    """Play ``seat``'s timeout default for decision ``seq`` (P-TIMEOUT-1/-2/-3, P-SYS-3).

    Idempotent (P-TIMEOUT-6): acts only if the game is active and timed, ``engine.seq ==
    seq``, the seat still has legal actions and its stored deadline equals ``deadline``.
    Returns ``"applied"``, ``"stale"`` (nothing to do) or ``"early"`` (the deadline plus
    allowance has not passed yet at ``clocks.now()``; the caller may re-arm). Raises
    ``Game.DoesNotExist``; ``ActionRejected`` only for an engine failure (P-SYS-7).

    Most timeout tasks are stale when they run (the decision was answered): one unlocked
    single-row read (``hot_sql.clock_row``) settles those without the lock, the locked
    table read or the engine (DESIGN §4); the locked path re-checks everything."""
    stored = hot_sql.clock_row(game_id)
    if stored is not None and (stored["status"] != Game.Status.ACTIVE or stored["clock"] == clocks.UNTIMED
                               or stored["seq"] != seq
                               or not clocks.same_deadline(clocks.deadline_of(stored["clock_state"], seat),
                                                           deadline)):
        return "stale"          # as a locked run at the time of this read would find
    outcome = "stale"

    def mutate(row, engine, seats):
        nonlocal outcome
        state = row.clock_state or {}
        if (row.status != Game.Status.ACTIVE or row.clock == clocks.UNTIMED or engine.seq != seq
                or not engine.legal_actions(seat)
                or not clocks.same_deadline(clocks.deadline_of(state, seat), deadline)):
            return None
        if clocks.now() < deadline + clocks.allowance_for(state, seat):
            outcome = "early"
            return None
        outcome = "applied"
        return _timeout_change(row, engine, seats, seat)

    _write(game_id, mutate)
    return outcome


def continue_after_hand(game_id: int, seat: int, seq) -> Game | None:
    """A human pressed Continue on the results screen (P-FLOW-1, P-FLOW-2). When every human
    at the table has (computers count as having pressed it), the next hand starts with a
    fresh seed (P-FLOW-4, P-SYS-4). Raises ``ActionRejected`` when no result is waiting."""

    def mutate(row, engine, seats):
        if row.status != Game.Status.ACTIVE or engine.phase != "hand_over":
            raise ActionRejected("not_allowed", "there is no hand result to continue from")
        _check_seq(seq, engine)
        row.last_human_action_at = timezone.now()          # P-TABLE-9 counts human acts
        continued = sorted(set(row.continued_seats) | {seat})
        if set(_human_seats(seats)) <= set(continued):
            # The last person's Continue deals the next hand; its record is that person's
            # Continue (the review tells "everyone pressed Continue" from the results timer).
            dealt = _next_hand(row, engine)
            return _Change(kind="continue", seat=seat, data=dealt.data, deals=True)
        row.continued_seats = continued
        return _Change(kind="continue", seat=seat)

    return _write(game_id, mutate)


def _next_hand(row, engine) -> _Change:
    engine.next_hand(new_seed())
    row._new_claim_mask = claim_mask.opening(engine, clocks.now())   # Taiwanese (P-FAIR-6)
    row.continued_seats = []
    row.hands_started += 1
    return _Change(kind="next_hand", data={"hand": row.hands_started}, deals=True)


def results_due_at(row: Game) -> float | None:
    """When a timed table's results screen ends (epoch seconds; P-FLOW-1), else ``None``."""
    results_at = (row.clock_state or {}).get("results_at")
    if row.clock == clocks.UNTIMED or results_at is None:
        return None
    return float(results_at) + clocks.results_delay()


def advance_after_results(game_id: int, hands_started: int) -> Game | None:
    """The results-screen timeout (P-FLOW-1, P-SYS-6): start the next hand if hand number
    ``hands_started`` is still showing its result; otherwise a no-op. At a timed table it
    also waits until ``results_due_at`` has passed (an early run is a no-op)."""

    def mutate(row, engine, seats):
        if (row.status != Game.Status.ACTIVE or engine.phase != "hand_over"
                or row.hands_started != hands_started):
            return None
        due = results_due_at(row)
        if due is not None and clocks.now() < due:
            return None
        return _next_hand(row, engine)

    return _write(game_id, mutate)


def close_idle_untimed_games(now=None) -> int:
    """Close untimed games in which no human has acted for ``IDLE_UNTIMED_CLOSE_HOURS`` (72 h)
    as abandoned (P-TABLE-9, P-PRAC-4); completed hands stay stored. Returns how many."""
    from datetime import timedelta

    from django.conf import settings

    now = now or timezone.now()
    cutoff = now - timedelta(hours=settings.IDLE_UNTIMED_CLOSE_HOURS)
    closed = 0
    for game_id in (Game.objects.filter(status=Game.Status.ACTIVE, clock=Game.Clock.UNTIMED,
                                        last_human_action_at__lt=cutoff)
                    .values_list("pk", flat=True)[:1000]):
        with transaction.atomic():
            row = locked_row(game_id)
            if row.status != Game.Status.ACTIVE or row.last_human_action_at >= cutoff:
                continue
            row.status = Game.Status.ABANDONED
            row.end_reason = "idle"
            row.finished_at = now
            row.pending_computer_seats = []
            row.state_version += 1
            row.save()
            version, seq = row.state_version, row.seq
            transaction.on_commit(lambda g=game_id, v=version, q=seq: after_change(g, v, q, []))
        engine_store.forget(game_id)
        closed += 1
    return closed


# --------------------------------------------------------------------------- computers

def choose_computer_action(strength: str, view: dict):
    """The computer's decision for ``view`` (P-BOT-3: the seat view only).

    Uses ``rules_engine.ai.decide(strength, view, seed)`` when the computer players are
    installed and offer ``strength``, else ``rules_engine.ai.simple_player.decide(view)``.

    Taiwanese views (``view["family"] == "taiwanese"``) go the same way: ``rules_engine.ai.decide``
    hands them to ``rules_engine.taiwanese.ai.decide``, the three strengths playing Taiwanese
    (issue 12 item 6); without a strength the legal ``rules_engine.taiwanese.simple_player``.
    """
    if view.get("family") == "taiwanese" and (strength not in available_strengths() or strength == "simple"):
        return importlib.import_module("rules_engine.taiwanese.simple_player").decide(view)
    if strength in available_strengths() and strength != "simple":
        ai = importlib.import_module("rules_engine.ai")
        return ai.decide(strength, view, secrets.randbits(64))
    return importlib.import_module("rules_engine.ai.simple_player").decide(view)


def play_computer(game_id: int, seat: int, seq: int) -> Game | None:
    """Let the computer in ``seat`` answer decision ``seq`` if it is still pending
    (P-BOT-4; DESIGN §4: the task re-reads under lock and acts only if still pending).
    A computer whose choice is refused falls back to its first legal action, so a table
    never waits on a faulty computer. Returns the row after a change, else ``None``."""

    def mutate(row, engine, seats):
        occupant = seats.get(seat)
        if (row.status != Game.Status.ACTIVE or engine.seq != seq or occupant is None
                or not occupant.user.played_by_platform):
            return None
        legal = engine.legal_actions(seat)
        if not legal or claim_mask.active(row.claim_mask, engine.seq):
            return None            # nothing owed, or a pause runs (its end re-arms the move)
        if row.clock != clocks.UNTIMED and clocks.is_late(row.clock_state, seat, clocks.now()):
            return _timeout_change(row, engine, seats, seat)     # held to the clock too
        try:
            action = choose_computer_action(occupant.strength, engine.view(seat))
        except Exception:  # a faulty computer must not stall the table
            log.exception("computer %s failed in game %s; playing its first legal action",
                          occupant.user.username, game_id)
            action = legal[0]
        if action not in legal:
            log.warning("computer %s chose %s, not legal in game %s; playing %s",
                        occupant.user.username, action, game_id, legal[0])
            action = legal[0]
        _apply_masked(row, engine, action)
        return _Change(kind="action", seat=seat, data=action.to_json(), by_computer=True)

    return _write(game_id, mutate)


# --------------------------------------------------------------------------- after commit

def after_change(game_id: int, version: int, seq: int, pending_computer_seats: list[int], *,
                 timers: list | None = None, results: tuple[int, float] | None = None,
                 pause: tuple[int, float] | None = None, states=None) -> None:
    """After commit: hand this process's own connections to the table their states, built
    here from the writer's engine (``table_hub.writer_changed``: no read, no hop through the
    channel layer); else send each person's seat its state message (``states()``, see
    ``_state_builder``; to that seat's group only; only with ``settings.PUSH_SEAT_STATES``,
    off with Redis: DESIGN §3 "private tiles never pass through Redis"); and tell the table group that state
    ``version`` exists (no tiles, DESIGN §3), then schedule the computer moves now due
    (P-BOT-4), the decision timeouts ``timers`` (``[(seat, seq, deadline, eta)]``, P-SYS-3)
    and the results timer ``results`` (``(hands_started, eta)``, P-FLOW-1, P-SYS-6) and the
    end of a claim pause ``pause`` (``(seq, eta)``, P-FAIR-6); etas are epoch seconds."""
    from .notify import table_changed
    from .tasks import (schedule_claim_pause_end, schedule_computer_moves, schedule_results_advance,
                        schedule_timeouts)

    from django.conf import settings

    built = None
    local = frozenset()
    if states is not None:           # this process's own connections: no hop through the layer
        from .table_hub import writer_changed
        try:
            local = writer_changed(game_id, version, states)
        except Exception:  # they then build their own views on the notice
            log.exception("could not hand table %s to this process's hub", game_id)
    if states is not None and settings.PUSH_SEAT_STATES and not local:   # never through Redis by default
        try:
            built = states()
        except Exception:  # the connections then build their own views
            log.exception("could not build the states of table %s", game_id)
    try:
        table_changed(game_id, version, seq, built, skip=local)
    except Exception:  # a lost notice heals at the next one; never fail the write
        log.exception("could not notify table %s", game_id)
    if pending_computer_seats:
        schedule_computer_moves(game_id, seq, pending_computer_seats)
    if timers:
        schedule_timeouts(game_id, timers)
    if results:
        schedule_results_advance(game_id, *results)
    if pause:
        schedule_claim_pause_end(game_id, *pause)


def resume_clocks_after_restart() -> int:
    """Embedded default only (DESIGN §5; called once when its in-process worker starts): that
    worker stops with the server, so no clock could be settled while the server was down.
    Every active timed game's pending decision is issued again now (``clocks.reissue``),
    instead of the sweeper playing every overdue decision by timeout. Returns the number of
    games whose clocks were reissued."""
    count = 0
    ids = (Game.objects.filter(status=Game.Status.ACTIVE, phase__in=("turn", "claim"))
           .exclude(clock=clocks.UNTIMED).values_list("pk", flat=True))
    for game_id in list(ids[:5000]):
        with engine_store.engine_lock(game_id):
            with transaction.atomic():
                row = locked_row(game_id)
                clock = clocks.clock_for(row.clock)
                if clock is None or not (row.clock_state or {}).get("deadlines"):
                    continue
                state = clocks.reissue(row.clock_state, clock, clocks.now())
                row.clock_state = state
                row.state_version += 1
                row.save(update_fields=["clock_state", "state_version", "updated_at"])
                if row.ranked:         # the clocks the delayed public sees (P-SPECT-2)
                    from .spectate import record_copy
                    record_copy(game_id, clock_state=state)
                timers = [(int(k), state["seq"], d, d + clocks.allowance_for(state, int(k)))
                          for k, d in state["deadlines"].items()]
                version, seq = row.state_version, row.seq
                transaction.on_commit(lambda g=game_id, v=version, q=seq, t=timers: after_change(g, v, q, [], timers=t))
            engine_store.forget(game_id)
        count += 1
    return count


def end_claim_pause(game_id: int, seq: int) -> str:
    """End the claim pause hiding decision ``seq`` (P-FAIR-6): clear ``Game.claim_mask``, bump
    ``state_version`` so every connection is sent its real view, and schedule the computer
    moves now due. Returns ``"ended"``, ``"early"`` (the pause runs until later; re-arm) or
    ``"stale"`` (no such pause: already ended, or the game moved on). No audit record: the
    engine did not change. Raises ``Game.DoesNotExist``.

    Cost (DESIGN §3, §4): one unlocked single-row read (``hot_sql.pause_row``: the pause's
    ``seq`` and end read in SQL, its stored views never decoded) settles a stale or early
    task. When no seat states are built by the writer (``settings.PUSH_SEAT_STATES`` off: the
    production shape with Redis, where each server process builds its connections' views),
    the pause ends with one UPDATE that is a compare-and-set on ``state_version``
    (``hot_sql.end_pause``): no engine, no seat rows, no lock held across statements; the
    cached engine of this process, if any, is filed under the new version. A write between
    the read and the UPDATE (the compare fails) falls back to the locked path, which re-checks
    everything under the row lock and, with ``PUSH_SEAT_STATES``, builds the states once."""
    stored = hot_sql.pause_row(game_id)
    if stored is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    if stored["pause_seq"] != seq or stored["seq"] != seq:
        return "stale"
    if clocks.now() < (stored["until"] or 0.0):
        return "early"
    from django.conf import settings

    if not settings.PUSH_SEAT_STATES:
        version, pending = stored["state_version"], list(stored["pending_computer_seats"])
        with engine_store.engine_lock(game_id):
            # One statement: atomic by itself, so no transaction around it (no BEGIN/COMMIT
            # round trips); inside a caller's transaction the notice still waits for its commit.
            if hot_sql.end_pause(game_id, version):
                engine_store.refile(game_id, version, version + 1)
                transaction.on_commit(lambda: after_change(game_id, version + 1, seq, pending))
                return "ended"
    return _end_claim_pause_locked(game_id, seq)


def pause_until(game_id: int) -> float | None:
    """The end (epoch seconds) of game ``game_id``'s running claim pause as stored, ``None``
    without one (one unlocked single-row read, ``hot_sql.pause_row``)."""
    stored = hot_sql.pause_row(game_id)
    return None if stored is None else stored["until"]


def _end_claim_pause_locked(game_id: int, seq: int) -> str:
    """``end_claim_pause`` under the game's row lock, building the seats' states once when the
    writer pushes them (``PUSH_SEAT_STATES``)."""
    with engine_store.engine_lock(game_id):
        with transaction.atomic():
            row, seats = locked_row_and_seats(game_id)          # hot SQL (DESIGN §3 "Cost")
            mask = row.claim_mask or {}
            if not mask or mask.get("seq") != seq or row.seq != seq:
                return "stale"
            if claim_mask.active(mask, seq):
                return "early"
            row.claim_mask = {}
            row.state_version += 1
            hot_sql.update_game(row, ["claim_mask", "state_version", "updated_at"])
            version, pending = row.state_version, list(row.pending_computer_seats)
            states = None
            from django.conf import settings

            if settings.PUSH_SEAT_STATES:
                engine = engine_store.load(row)   # the real views again, built once here
                states = _state_builder(row, engine, (seats or _seats(row)).values())
            else:
                engine_store.refile(game_id, version - 1, version)
            transaction.on_commit(lambda: after_change(game_id, version, seq, pending, states=states))
    return "ended"          # the cached engine is now filed under the new version
