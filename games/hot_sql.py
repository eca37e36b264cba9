"""The live table's hot statements with their SQL built once per process (DESIGN §3 "Cost").

Building a query through the ORM costs more CPU than PostgreSQL spends running it: the
write path and the table hub run the same few statements for every action, so their SQL
text is made once from the models' own metadata (column names, quoting, ``FOR UPDATE OF``
where the database has it) and the rows are turned into model instances with
``Model.from_db`` and each field's own database converters, exactly as a queryset would.
Only the columns a live-table statement needs are read (never the log's base column nor the
preset snapshot); the instances are ordinary deferred-field models.

Statements: ``read_table`` (a game, its seats and their accounts in one query, optionally
locking the game row as ``select_for_update(of=("game",))``, and optionally the log entries
a cached engine lacks), ``update_game`` (the columns a move changes), ``insert_rows`` (log
entries, the audit record), ``store_change`` (all three writes of one stored change as one
statement on PostgreSQL).
"""
from __future__ import annotations

import json
import threading

from django.contrib.auth import get_user_model
from django.db import connections

_GAME_SKIPPED = ("log_base", "preset_snapshot")
_lock = threading.Lock()
_cache: dict = {}


def _run(connection, sql: str, params: list, fetch: bool):
    """Execute ``sql`` on ``connection`` in its current transaction; the rows when ``fetch``,
    else the number of rows the statement changed.
    On PostgreSQL the statement is bound and prepared on the server (psycopg ``prepare=True``):
    PostgreSQL then parses and plans each of these statements once per connection instead of
    once per action. Errors are Django's, as from any cursor (``wrap_database_errors``)."""
    if connection.vendor == "postgresql":
        import psycopg

        connection.ensure_connection()
        connection.close_if_health_check_failed()
        connection.ensure_connection()
        with connection.wrap_database_errors:
            with psycopg.Cursor(connection.connection) as cursor:
                cursor.execute(sql, params, prepare=True)
                return cursor.fetchall() if fetch else cursor.rowcount
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if fetch else cursor.rowcount


def execute(connection, sql: str, params: list, fetch: bool):
    """``_run`` for the other modules with hot statements of their own (``games.presence``):
    prepared on the PostgreSQL server; the rows when ``fetch``, else the changed row count."""
    return _run(connection, sql, params, fetch)


def _cached(key, make):
    """``_cache[key]``, made by ``make()`` the first time (per process)."""
    with _lock:
        hit = _cache.get(key)
    if hit is None:
        hit = make()
        with _lock:
            _cache[key] = hit
    return hit


def _fields(model, skipped=()):
    return [f for f in model._meta.concrete_fields if f.name not in skipped]


def _converters(fields, connection, table):
    out = []
    for f in fields:
        col = f.get_col(table)
        out.append(connection.ops.get_db_converters(col) + f.get_db_converters(connection))
    return out


def _table_sql(connection, lock: bool, tail: bool = False):
    """``(sql, parts)``: the read of a game's seats, users and game row; ``parts`` gives,
    per model, its attnames, converters and the slice of the result row it occupies.
    ``tail``: one more column, on the row of seat 0 only, the JSON text of the game's log
    entries from index ``%s`` on (the FIRST parameter: the column comes before the WHERE
    clause), in order."""
    key = ("table", connection.alias, connection.vendor, lock, tail)
    with _lock:
        hit = _cache.get(key)
    if hit is not None:
        return hit
    from .models import Game, Seat

    User = get_user_model()
    q = connection.ops.quote_name
    parts, cols, start = [], [], 0
    for model, alias, skipped in ((Seat, "s", ()), (User, "u", ()), (Game, "g", _GAME_SKIPPED)):
        fields = _fields(model, skipped)
        cols += [f"{alias}.{q(f.column)}" for f in fields]
        parts.append((model, [f.attname for f in fields], _converters(fields, connection, model._meta.db_table),
                      start, start + len(fields)))
        start += len(fields)
    seat_t, user_t, game_t = (q(m._meta.db_table) for m in (Seat, User, Game))
    if tail:
        from .models import LogEntry

        entry, index = (q(LogEntry._meta.get_field(n).column) for n in ("entry", "index"))
        cols.append(f"CASE WHEN s.{q('seat')} = 0 THEN (SELECT json_agg(e.{entry} ORDER BY e.{index})::text "
                    f"FROM {q(LogEntry._meta.db_table)} e WHERE e.{q('game_id')} = g.{q('id')} "
                    f"AND e.{index} >= %s) END")
    sql = (f"SELECT {', '.join(cols)} FROM {seat_t} s INNER JOIN {user_t} u ON u.{q('id')} = s.{q('user_id')} "
           f"INNER JOIN {game_t} g ON g.{q('id')} = s.{q('game_id')} WHERE s.{q('game_id')} = %s "
           f"ORDER BY s.{q('seat')}")
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE OF g" if connection.features.has_select_for_update_of else " FOR UPDATE"
    with _lock:
        _cache[key] = (sql, parts)
    return sql, parts


def _instance(model, attnames, converters, values, connection, using):
    converted = []
    for value, funcs in zip(values, converters):
        for func in funcs:
            value = func(value, None, connection)
        converted.append(value)
    return model.from_db(using, attnames, converted)


def read_table(game_id: int, *, lock: bool = False, using: str = "default"):
    """``(game, seats)`` of game ``game_id``: the ``Game`` row without ``log_base`` and
    ``preset_snapshot`` and its ``Seat`` rows by seat, each with ``seat.user`` and
    ``seat.game`` loaded (the same ``game`` object). ``lock``: the game row is locked for
    update (``FOR UPDATE OF`` the game only; call inside a transaction). ``(None, [])`` when
    the game has no seat rows (or does not exist): read it with the ORM then."""
    game, seats, _ = _read_table(game_id, lock, None, using)
    return game, seats


def read_table_for_write(game_id: int, entries_from: int | None, using: str = "default"):
    """``(game, seats, tail)``: ``read_table(game_id, lock=True)`` and, in the same statement
    on PostgreSQL, ``tail``, the game's stored log entries from index ``entries_from`` on
    (what a cached engine holding the first ``entries_from`` entries lacks; ``None`` when
    ``entries_from`` is ``None``, on other databases, or when the game has no seat 0).

    ``tail`` is read with the statement's snapshot, taken before the row lock was granted:
    when the lock was waited for, entries the previous holder committed are missing from it
    (and ``len(tail) < game.log_length - entries_from``). The caller checks the count and
    reads the entries again then (``log_entries``; ``engine_store`` does)."""
    connection = connections[using]
    if entries_from is None or connection.vendor != "postgresql":
        game, seats, _ = _read_table(game_id, True, None, using)
        return game, seats, None
    return _read_table(game_id, True, entries_from, using)


def _read_table(game_id: int, lock: bool, entries_from: int | None, using: str):
    connection = connections[using]
    tail = entries_from is not None
    sql, parts = _table_sql(connection, lock, tail)
    rows = _run(connection, sql, [entries_from, game_id] if tail else [game_id], True)   # in SQL order
    if not rows:
        return None, [], None
    (seat_m, seat_a, seat_c, s0, s1), (user_m, user_a, user_c, u0, u1), (game_m, game_a, game_c, g0, g1) = parts
    game = _instance(game_m, game_a, game_c, rows[0][g0:g1], connection, using)
    seats = []
    for row in rows:
        seat = _instance(seat_m, seat_a, seat_c, row[s0:s1], connection, using)
        seat.user = _instance(user_m, user_a, user_c, row[u0:u1], connection, using)
        seat.game = game
        seats.append(seat)
    entries = None
    if tail and seats[0].seat == 0:
        text = rows[0][-1]
        entries = [] if text is None else json.loads(text)
    return game, seats, entries


def update_game(row, field_names: list[str], using: str = "default") -> None:
    """``row.save(update_fields=field_names)`` for a stored ``Game`` without the ORM's query
    building: each field's ``pre_save`` (``auto_now``) and ``get_db_prep_save`` as Django
    does; no signals (nothing listens to ``Game`` saves)."""
    connection = connections[using]
    key = ("update", connection.alias, connection.vendor, tuple(field_names))
    with _lock:
        hit = _cache.get(key)
    if hit is None:
        q = connection.ops.quote_name
        fields = [row._meta.get_field(n) for n in field_names]
        sql = (f"UPDATE {q(row._meta.db_table)} SET "
               + ", ".join(f"{q(f.column)} = %s" for f in fields) + f" WHERE {q('id')} = %s")
        hit = (sql, fields)
        with _lock:
            _cache[key] = hit
    sql, fields = hit
    params = [f.get_db_prep_save(f.pre_save(row, False), connection) for f in fields]
    _run(connection, sql, [*params, row.pk], False)


def _store_sql(connection, field_names: tuple[str, ...]):
    """``(sql, fields)`` of ``store_change`` on PostgreSQL (data-modifying CTEs)."""
    from .models import ActionRecord, Game, LogEntry

    q = connection.ops.quote_name
    fields = [Game._meta.get_field(n) for n in field_names]
    log_cols = ", ".join(q(LogEntry._meta.get_field(n).column) for n in ("game", "index", "entry"))
    audit_cols = ", ".join(q(ActionRecord._meta.get_field(n).column) for n in _AUDIT_COLUMNS)
    sql = (f"WITH new_entries AS (INSERT INTO {q(LogEntry._meta.db_table)} ({log_cols}) "
           f"SELECT %s, %s + t.o - 1, t.e FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS t(e, o)), "
           f"audit AS (INSERT INTO {q(ActionRecord._meta.db_table)} ({audit_cols}) "
           f"VALUES (%s, %s, %s, %s, %s, %s::jsonb, %s, %s, %s)) "
           f"UPDATE {q(Game._meta.db_table)} SET " + ", ".join(f"{q(f.column)} = %s" for f in fields)
           + f" WHERE {q('id')} = %s")
    return sql, fields


#: The ``ActionRecord`` columns ``store_change`` writes, in order (``audit`` of ``store_change``).
_AUDIT_COLUMNS = ("game", "index", "seq", "seat", "kind", "data", "by_computer", "timeout", "created_at")


def store_change(row, field_names: list[str], log_start: int, entries: list, audit: dict,
                 using: str = "default") -> None:
    """What one stored change of the live table writes, in one statement on PostgreSQL
    (DESIGN §3 "Cost"): the ``entries`` (engine log entries, dicts) as ``LogEntry`` rows
    ``log_start``, ``log_start + 1``, …; one ``ActionRecord`` from ``audit`` (``index``,
    ``seq``, ``seat``, ``kind``, ``data``, ``by_computer``, ``timeout``; ``created_at`` is
    now); and ``update_game(row, field_names)``. Call inside the transaction holding the
    game's row lock. Same effect as ``insert_rows`` + ``update_game`` + ``insert_rows``, which
    it runs on other databases (SQLite has no ``INSERT`` inside ``WITH``). The entries and
    the audit data are serialised once (``json.dumps``, as ``JSONField`` does) and parsed by
    PostgreSQL; the stored ``jsonb`` values are the same as from three statements. A failed
    statement (a unique or foreign key violation) stores none of the three."""
    from django.utils import timezone

    from .models import ActionRecord, LogEntry

    connection = connections[using]
    if connection.vendor != "postgresql":
        insert_rows(LogEntry, [LogEntry(game_id=row.pk, index=i, entry=e)
                               for i, e in enumerate(entries, log_start)], using)
        update_game(row, field_names, using)
        insert_rows(ActionRecord, [ActionRecord(game_id=row.pk, **audit)], using)
        return
    key = ("store", connection.alias, tuple(field_names))
    with _lock:
        hit = _cache.get(key)
    if hit is None:
        hit = _store_sql(connection, tuple(field_names))
        with _lock:
            _cache[key] = hit
    sql, fields = hit
    params = [row.pk, log_start, json.dumps(entries),
              row.pk, audit["index"], audit["seq"], audit["seat"], audit["kind"], json.dumps(audit["data"]),
              audit["by_computer"], audit["timeout"], timezone.now()]
    params += [f.get_db_prep_save(f.pre_save(row, False), connection) for f in fields]
    params.append(row.pk)
    _run(connection, sql, params, False)


def insert_rows(model, objs: list, using: str = "default") -> None:
    """Insert ``objs`` (unsaved ``model`` instances) in one statement, without reading back
    their ids (the live table never uses them); ``pre_save`` (``auto_now_add``) and
    ``get_db_prep_save`` per field as Django does."""
    if not objs:
        return
    connection = connections[using]
    key = ("insert", connection.alias, connection.vendor, model._meta.label)
    with _lock:
        hit = _cache.get(key)
    if hit is None:
        q = connection.ops.quote_name
        fields = [f for f in model._meta.concrete_fields if not f.primary_key]
        head = f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(f.column) for f in fields)}) VALUES "
        one = "(" + ", ".join(["%s"] * len(fields)) + ")"
        hit = (head, one, fields)
        with _lock:
            _cache[key] = hit
    head, one, fields = hit
    params = []
    for obj in objs:
        params += [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]
    _run(connection, head + ", ".join([one] * len(objs)), params, False)


def log_entries(game_id: int, start: int, stop: int, using: str = "default") -> list:
    """The stored log entries ``start..stop-1`` of game ``game_id`` (``LogEntry.entry``), in
    order; fewer when some are not stored as rows (older games keep them in the base column)."""
    from .models import LogEntry

    connection = connections[using]

    def make():
        q = connection.ops.quote_name
        field = LogEntry._meta.get_field("entry")
        sql = (f"SELECT {q(field.column)} FROM {q(LogEntry._meta.db_table)} WHERE {q('game_id')} = %s "
               f"AND {q('index')} >= %s AND {q('index')} < %s ORDER BY {q('index')}")
        return sql, _converters([field], connection, LogEntry._meta.db_table)[0]
    sql, funcs = _cached(("entries", connection.alias, connection.vendor), make)
    rows = _run(connection, sql, [game_id, start, stop], True)
    out = []
    for (value,) in rows:
        for func in funcs:
            value = func(value, None, connection)
        out.append(value)
    return out


#: The columns of ``clock_row``: what decides, without the lock, that a clock task is stale.
_CLOCK_FIELDS = ("status", "clock", "seq", "clock_state", "claim_mask")


def clock_row(game_id: int, using: str = "default") -> dict | None:
    """``{"status", "clock", "seq", "clock_state", "claim_mask"}`` of game ``game_id`` as
    stored (the last committed values; no lock, no engine), ``None`` when there is no such
    game. The clock tasks' cheap first look (DESIGN §4): most of them are stale when they run."""
    from .models import Game

    connection = connections[using]

    def make():
        q = connection.ops.quote_name
        fields = [Game._meta.get_field(n) for n in _CLOCK_FIELDS]
        sql = (f"SELECT {', '.join(q(f.column) for f in fields)} FROM {q(Game._meta.db_table)} "
               f"WHERE {q('id')} = %s")
        return sql, _converters(fields, connection, Game._meta.db_table)
    sql, converters = _cached(("clock", connection.alias, connection.vendor), make)
    rows = _run(connection, sql, [game_id], True)
    if not rows:
        return None
    out = {}
    for name, value, funcs in zip(_CLOCK_FIELDS, rows[0], converters):
        for func in funcs:
            value = func(value, None, connection)
        out[name] = value
    return out


def _json_scalar(value, cast):
    """A JSON key read as text (``->>`` on PostgreSQL) or as a number (SQLite's
    ``json_extract``), as ``cast`` (``None`` stays ``None``)."""
    return None if value is None else cast(value)


def pause_row(game_id: int, using: str = "default") -> dict | None:
    """What ending a masked claim pause needs of game ``game_id`` as stored (no lock; P-FAIR-6,
    ``service.end_claim_pause``): ``{"seq", "state_version", "pending_computer_seats",
    "pause_seq", "until"}``, the last two read from ``claim_mask`` in SQL (``None`` without a
    pause), so the pause's stored views are never sent nor decoded. ``None`` when there is no
    such game."""
    from .models import Game

    connection = connections[using]

    def make():
        q = connection.ops.quote_name
        mask = q(Game._meta.get_field("claim_mask").column)
        pending = Game._meta.get_field("pending_computer_seats")
        if connection.vendor == "postgresql":
            keys = f"{mask} ->> 'seq', {mask} ->> 'until'"
        else:
            keys = f"json_extract({mask}, '$.seq'), json_extract({mask}, '$.until')"
        sql = (f"SELECT {q('seq')}, {q('state_version')}, {q(pending.column)}, {keys} "
               f"FROM {q(Game._meta.db_table)} WHERE {q('id')} = %s")
        return sql, _converters([pending], connection, Game._meta.db_table)[0]
    sql, funcs = _cached(("pause", connection.alias, connection.vendor), make)
    rows = _run(connection, sql, [game_id], True)
    if not rows:
        return None
    seq, version, pending, pause_seq, until = rows[0]
    for func in funcs:
        pending = func(pending, None, connection)
    return {"seq": seq, "state_version": version, "pending_computer_seats": pending or [],
            "pause_seq": _json_scalar(pause_seq, int), "until": _json_scalar(until, float)}


def end_pause(game_id: int, version: int, using: str = "default") -> bool:
    """Clear game ``game_id``'s ``claim_mask`` and step its ``state_version`` from ``version``
    to ``version + 1`` (``updated_at`` = now) if the stored version is still ``version``:
    one UPDATE, which waits for a writer holding the row lock and then sees its change (a
    compare-and-set: the caller read the row without the lock). Returns whether it changed
    the row."""
    from django.utils import timezone

    from .models import Game

    connection = connections[using]

    def make():
        q = connection.ops.quote_name
        fields = [Game._meta.get_field(n) for n in ("claim_mask", "state_version", "updated_at")]
        return (f"UPDATE {q(Game._meta.db_table)} SET " + ", ".join(f"{q(f.column)} = %s" for f in fields)
                + f" WHERE {q('id')} = %s AND {q('state_version')} = %s"), fields
    sql, fields = _cached(("end_pause", connection.alias, connection.vendor), make)
    mask, _version, updated = fields
    params = [mask.get_db_prep_save({}, connection), version + 1,
              updated.get_db_prep_save(timezone.now(), connection), game_id, version]
    if connection.vendor == "postgresql":
        import psycopg

        connection.ensure_connection()
        with connection.wrap_database_errors:
            with psycopg.Cursor(connection.connection) as cursor:
                cursor.execute(sql, params, prepare=True)
                return cursor.rowcount == 1
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount == 1


def sweep_rows(now: float, cutoff, limit: int = 2000, using: str = "default") -> list[dict]:
    """The active games the sweeper may have to act on at ``now`` (epoch seconds), found by one
    query over the ``status`` index that returns nothing when nothing is due (DESIGN §4,
    P-SYS-3; ``games.tasks.sweep_pending``), at most ``limit``: computers owing a move since
    before ``cutoff`` (a datetime) outside a pause, a pause whose end has passed (P-FAIR-6),
    and timed games with a deadline or a results screen (``results_at``) at or before ``now``
    (the lag allowance and the results delay are added by the caller, which decides). Each is
    ``{"id", "seq", "phase", "hands_started", "pending_computer_seats", "pause_seq",
    "until", "owed", "timed", "clock_state"}`` (``owed``: the computers' moves are owed since
    before ``cutoff``; ``clock_state`` only of a timed game); only these rows are sent and decoded, and never a
    pause's stored views."""
    from .models import Game

    connection = connections[using]

    def make():
        q = connection.ops.quote_name
        col = {n: q(Game._meta.get_field(n).column) for n in (
            "pending_computer_seats", "claim_mask", "clock_state", "updated_at", "status", "clock", "phase")}
        pending, mask, state = col["pending_computer_seats"], col["claim_mask"], col["clock_state"]
        if connection.vendor == "postgresql":
            keys = f"{mask} ->> 'seq', {mask} ->> 'until'"
            owed = f"jsonb_array_length({pending}) > 0 AND {mask} = '{{}}'::jsonb"
            pause_due = f"({mask} ->> 'until')::float8 <= %s"
            deadline_due = (f"EXISTS (SELECT 1 FROM jsonb_each_text({state} -> 'deadlines') d "
                            f"WHERE d.value::float8 <= %s)")
            results_due = f"({state} ->> 'results_at')::float8 <= %s"
        else:
            keys = f"json_extract({mask}, '$.seq'), json_extract({mask}, '$.until')"
            owed = f"json_array_length({pending}) > 0 AND json_extract({mask}, '$.seq') IS NULL"
            pause_due = f"json_extract({mask}, '$.until') <= %s"
            deadline_due = (f"EXISTS (SELECT 1 FROM json_each({state}, '$.deadlines') d "
                            f"WHERE d.value <= %s)")
            results_due = f"json_extract({state}, '$.results_at') <= %s"
        fields = [Game._meta.get_field(n) for n in ("pending_computer_seats", "clock_state")]
        sql = (f"SELECT {q('id')}, {q('seq')}, {col['phase']}, {q('hands_started')}, {pending}, {keys}, "
               f"({owed} AND {col['updated_at']} <= %s), {col['clock']} <> %s, CASE WHEN {col['clock']} <> %s THEN {state} END "
               f"FROM {q(Game._meta.db_table)} WHERE {col['status']} = %s AND ("
               f"({owed} AND {col['updated_at']} <= %s) OR {pause_due} OR "
               f"({col['clock']} <> %s AND {col['phase']} IN ('turn', 'claim', 'hand_over') "
               f"AND ({deadline_due} OR {results_due}))) ORDER BY {q('id')} LIMIT %s")
        return sql, [_converters([f], connection, Game._meta.db_table)[0] for f in fields]
    sql, (pending_c, state_c) = _cached(("sweep", connection.alias, connection.vendor), make)
    from . import clocks

    updated = Game._meta.get_field("updated_at").get_db_prep_value(cutoff, connection)
    params = [updated, clocks.UNTIMED, clocks.UNTIMED, Game.Status.ACTIVE.value, updated, now, clocks.UNTIMED,
              now, now, limit]
    out = []
    for gid, seq, phase, hands, pending, pause_seq, until, owed, timed, state in _run(connection, sql, params,
                                                                                       True):
        for func in pending_c:
            pending = func(pending, None, connection)
        if state is not None:
            for func in state_c:
                state = func(state, None, connection)
        out.append({"id": gid, "seq": seq, "phase": phase, "hands_started": hands,
                    "pending_computer_seats": pending or [], "pause_seq": _json_scalar(pause_seq, int),
                    "until": _json_scalar(until, float), "owed": bool(owed), "timed": bool(timed),
                    "clock_state": state or {}})
    return out
