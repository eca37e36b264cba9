"""The live table's cost guarantees (DESIGN §3 "Cost", issue 8 "Throughput"): the stored log
is appended to, never rewritten; an engine cached by one process catches up with entries
another process stored instead of replaying the whole log, and rebuilds from the log (the
truth) whenever catching up is not possible; state reads share one snapshot per process.
Timings are the load tool's business (``python -m games.loadtest``); these tests count."""
from __future__ import annotations

import pytest
from conftest import human_choice
from platform_helpers import current_engine, human_seat

from games import engine_store, service, views_state
from games.models import Game, LogEntry

pytestmark = pytest.mark.django_db(transaction=True)


def _stored_entries(game: Game) -> list[dict]:
    return list(LogEntry.objects.filter(game=game).order_by("index").values_list("entry", flat=True))


def _play_human(game: Game, actions: int) -> None:
    seat = human_seat(game)
    for _ in range(actions):
        engine = current_engine(game)
        if engine.phase not in ("turn", "claim") or not engine.legal_actions(seat):
            return
        service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)


def test_design_3_cost_log_is_appended_one_row_per_entry_never_rewritten(alice):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    first = _stored_entries(game)
    _play_human(game, 6)
    game.refresh_from_db()
    entries = _stored_entries(game)
    engine = current_engine(game)
    assert game.log_base == {"preset": "riichi-single-deal", "version": engine.preset.version, "entries": []}
    assert game.log_length == len(entries) == engine.log_length > len(first)
    assert entries[:len(first)] == first                      # earlier entries untouched
    assert game.log == {"preset": "riichi-single-deal", "version": engine.preset.version, "entries": entries}
    replayed = engine_store.engine_module().Game.from_log(game.log, verify=True)
    assert replayed.view(None) == engine.view(None)


def test_design_3_cost_an_older_log_in_the_base_column_stays_readable_and_extends(alice):
    """Games stored before append-only storage keep their entries in the ``log`` column."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    whole = game.log
    LogEntry.objects.filter(game=game).delete()
    Game.objects.filter(pk=game.pk).update(log_base=whole)       # as migration 0005 finds it
    engine_store.clear()
    _play_human(game, 3)
    game.refresh_from_db()
    assert game.log["entries"][:len(whole["entries"])] == whole["entries"]
    assert len(game.log["entries"]) == game.log_length > len(whole["entries"])
    engine_store.engine_module().Game.from_log(game.log, verify=True)


def test_design_3_cost_cached_engine_catches_up_instead_of_replaying(alice, monkeypatch):
    """Another process wrote last: the cached engine applies only the new entries."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    row = Game.objects.get(pk=game.pk)
    with engine_store.engine_lock(game.pk):
        stale = engine_store.load(row).clone()            # writes below go to the cached one
    old_length = stale.log_length
    old_version = row.state_version
    _play_human(game, 4)                                  # computers act eagerly, too
    engine_store.put(game.pk, old_version, stale)         # as if those writes were elsewhere
    rebuilds, catch_ups = engine_store.stats["rebuilds"], engine_store.stats["catch_ups"]
    calls = []
    real = engine_store.engine_module().Game.from_log
    monkeypatch.setattr(engine_store.engine_module().Game, "from_log",
                        classmethod(lambda cls, log, **kw: calls.append(1) or real(log, **kw)))
    fresh = Game.objects.defer("log_base").get(pk=game.pk)
    with engine_store.engine_lock(game.pk):
        caught = engine_store.load(fresh)
    assert caught is stale and not calls and engine_store.stats["rebuilds"] == rebuilds
    assert engine_store.stats["catch_ups"] == catch_ups + 1
    assert caught.log_length == fresh.log_length > old_length
    assert caught.view(None) == real(Game.objects.get(pk=game.pk).log).view(None)


def test_design_3_cost_a_cached_engine_that_disagrees_with_the_log_is_rebuilt(alice):
    """The log is the truth: when a stored entry does not replay onto the cached engine as
    recorded (its events differ), the engine is rebuilt from the stored log instead."""
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    row = Game.objects.defer("log_base").get(pk=game.pk)
    with engine_store.engine_lock(game.pk):
        stale = engine_store.load(row).clone()
    _play_human(game, 2)
    fresh = Game.objects.defer("log_base").get(pk=game.pk)
    newest = LogEntry.objects.get(game=game, index=fresh.log_length - 1)
    newest.entry = {**newest.entry, "events": [{"type": "tampered"}]}
    newest.save()
    engine_store.put(game.pk, row.state_version, stale)
    rebuilds = engine_store.stats["rebuilds"]
    with engine_store.engine_lock(game.pk):
        loaded = engine_store.load(fresh)
    assert engine_store.stats["rebuilds"] == rebuilds + 1 and loaded is not stale
    assert loaded.log_length == fresh.log_length
    assert loaded.view(None) == current_engine(game).view(None)


def test_design_3_cost_connections_of_one_process_share_one_read_per_version(alice, django_assert_max_num_queries):
    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    game.refresh_from_db()
    first = views_state.table_snapshot(game.pk, None)
    with django_assert_max_num_queries(0):
        again = views_state.table_snapshot(game.pk, game.state_version)
    assert again is first
    _play_human(game, 1)
    game.refresh_from_db()
    newer = views_state.table_snapshot(game.pk, game.state_version)
    assert newer.state_version == game.state_version      # a newer version is read, not reused


def test_design_3_cost_a_cached_engine_holds_the_games_state_not_a_second_copy_of_its_log(alice):
    """Memory (issue 8 soak: a live East round's log takes ~300 KB as dicts in every process
    that caches its engine): once stored, the cached engine's log entries are released; it
    still plays, and its views are those of the engine rebuilt from the stored log."""
    def cached():
        row = Game.objects.defer("log_base").get(pk=game.pk)
        with engine_store.engine_lock(game.pk):          # the cached engine (or one just filed)
            engine_store.load(row)
        hit = engine_store._cache.get(game.pk) or engine_store._finished[game.pk]   # a computer may
        return hit[1]                                                             # have won already

    game = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    _play_human(game, 6)
    game.refresh_from_db()
    engine = cached()
    with pytest.raises(ValueError, match="released"):
        engine.log
    assert engine.log_length == game.log_length
    assert engine.view(None) == current_engine(game).view(None)
    _play_human(game, 3)                                  # and it goes on writing
    game.refresh_from_db()
    assert cached().log_length == game.log_length == len(_stored_entries(game))
    with pytest.raises(ValueError, match="released"):
        cached().log


def test_design_3_cost_snapshots_too_old_to_serve_are_not_kept(alice, make_user, monkeypatch):
    """Memory (issue 8 soak): a table snapshot serves only within ``SNAPSHOT_TTL`` seconds, so
    the cache keeps the tables of the last moment, not every table the process ever served."""
    one = service.create_practice(alice, "riichi-single-deal", human_seat=0)
    two = service.create_practice(make_user("bob"), "riichi-single-deal", human_seat=0)
    now = [1000.0]
    monkeypatch.setattr(views_state.time, "monotonic", lambda: now[0])
    views_state.table_snapshot(one.pk, None)
    now[0] += views_state.SNAPSHOT_TTL / 2
    views_state.table_snapshot(two.pk, None)
    assert {one.pk, two.pk} <= set(views_state._snapshots)   # both may still serve
    now[0] += views_state.SNAPSHOT_TTL * 0.75
    views_state.table_snapshot(two.pk, None)
    assert one.pk not in views_state._snapshots and two.pk in views_state._snapshots


# ----------------------------------------------------------------- the write path's statements

def _people_table(make_user) -> Game:
    """A private table of four people, no computers and no clock: only the test writes."""
    host, *guests = (make_user(name) for name in ("wp_a", "wp_b", "wp_c", "wp_d"))
    return service.create_private_table(host, guests, preset_name="riichi", draw_seats=False)


def _act(game: Game) -> None:
    engine = current_engine(game)
    seat = engine.pending_seats()[0]
    service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)


def test_design_3_cost_a_writer_behind_catches_up_with_entries_read_with_the_row_lock(make_user, monkeypatch):
    """Another process wrote last: the writer's cached engine lacks entries. On PostgreSQL
    they come in the locked read itself (``hot_sql.read_table_for_write``), no second read;
    on every database the engine after the write is the stored log's."""
    from django.db import connection

    from games import hot_sql

    game = _people_table(make_user)
    for _ in range(3):
        _act(game)
    row = Game.objects.get(pk=game.pk)
    with engine_store.engine_lock(game.pk):
        behind = engine_store.load(row).clone()
    for _ in range(2):
        _act(game)                                          # two writes "elsewhere"
    engine_store.put(game.pk, row.state_version, behind)
    reads, original = [], hot_sql.log_entries
    monkeypatch.setattr(hot_sql, "log_entries", lambda *a, **k: reads.append(a) or original(*a, **k))
    catch_ups, misses = engine_store.stats["catch_ups"], engine_store.stats["tail_misses"]
    _act(game)
    assert engine_store.stats["catch_ups"] == catch_ups + 1 and engine_store.stats["tail_misses"] == misses
    assert (reads == []) == (connection.vendor == "postgresql")
    game.refresh_from_db()
    with engine_store.engine_lock(game.pk):
        cached = engine_store.load(Game.objects.defer("log_base").get(pk=game.pk))
    assert cached is behind and cached.log_length == game.log_length   # caught up (events verified)
    assert cached.view(None) == current_engine(game).view(None)


def test_design_3_cost_entries_read_before_a_lock_wait_are_read_again(make_user):
    """A tail read before the row lock was granted misses what the previous holder committed
    (its snapshot is older): it is not used, the entries are read again, nothing is rebuilt."""
    game = _people_table(make_user)
    _act(game)
    row = Game.objects.get(pk=game.pk)
    with engine_store.engine_lock(game.pk):
        behind = engine_store.load(row).clone()
    have = behind.log_length
    _act(game)
    _act(game)
    fresh = Game.objects.defer("log_base").get(pk=game.pk)
    stored = _stored_entries(game)
    engine_store.put(game.pk, row.state_version, behind)
    rebuilds, misses = engine_store.stats["rebuilds"], engine_store.stats["tail_misses"]
    with engine_store.engine_lock(game.pk):
        loaded = engine_store.load(fresh, (have, stored[have:have + 1]))   # one entry short
    assert loaded is behind and engine_store.stats["rebuilds"] == rebuilds
    assert engine_store.stats["tail_misses"] == misses + 1
    assert loaded.log_length == len(stored) and loaded.view(None) == current_engine(game).view(None)


def test_p_play_3_a_write_that_fails_in_the_database_stores_nothing(make_user):
    """The log entries, the audit record and the game row of one change are stored together
    or not at all (one statement on PostgreSQL, one transaction everywhere)."""
    from django.db import IntegrityError

    from games.models import ActionRecord

    game = _people_table(make_user)
    _act(game)
    game.refresh_from_db()
    before = (game.state_version, game.seq, game.log_length, ActionRecord.objects.filter(game=game).count(),
              _stored_entries(game))
    engine = current_engine(game)
    seat = engine.pending_seats()[0]
    action = human_choice(engine.view(seat)).to_json()
    LogEntry.objects.create(game=game, index=game.log_length, entry={"type": "squatter"})   # collides
    with pytest.raises(IntegrityError):
        service.submit_action(game.pk, seat, action, engine.seq)
    LogEntry.objects.filter(game=game, index=game.log_length).delete()
    game.refresh_from_db()
    assert (game.state_version, game.seq, game.log_length, ActionRecord.objects.filter(game=game).count(),
            _stored_entries(game)) == before
    _act(game)                                       # and the table plays on from the log
    game.refresh_from_db()
    assert game.log_length > before[2]


# ----------------------------------------------------------------- connection health

def _fail_first_reads(monkeypatch, times: int) -> list:
    """``service._locked_table`` raises ``OperationalError`` on its first ``times`` calls, as
    the first statement on a connection cut by a database restart does."""
    from django.db import OperationalError

    calls, real = [], service._locked_table

    def flaky(*args, **kwargs):
        calls.append(args)
        if len(calls) <= times:
            raise OperationalError("server closed the connection unexpectedly")
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "_locked_table", flaky)
    return calls


def test_p_sys_1_a_write_whose_connection_died_is_written_once_on_a_new_one(make_user, monkeypatch):
    """No health-check query per write (DESIGN §3 "Cost"): a dead connection shows at the
    write's first statement, before anything is written, and the write runs again once."""
    from games.models import ActionRecord

    game = _people_table(make_user)
    game.refresh_from_db()
    version, records = game.state_version, ActionRecord.objects.filter(game=game).count()
    calls = _fail_first_reads(monkeypatch, 1)
    _act(game)
    game.refresh_from_db()
    assert len(calls) == 2
    assert game.state_version == version + 1 and ActionRecord.objects.filter(game=game).count() == records + 1
    assert game.log == current_engine(game).log


def test_p_sys_1_a_write_is_retried_once_only(make_user, monkeypatch):
    from django.db import OperationalError

    game = _people_table(make_user)
    game.refresh_from_db()
    version = game.state_version
    calls = _fail_first_reads(monkeypatch, 2)
    with pytest.raises(OperationalError):
        _act(game)
    game.refresh_from_db()
    assert len(calls) == 2 and game.state_version == version


def test_p_sys_1_no_retry_inside_an_outer_transaction(make_user, monkeypatch):
    """Inside a caller's transaction a lost connection loses that transaction: no retry."""
    from django.db import OperationalError, transaction

    game = _people_table(make_user)
    calls = _fail_first_reads(monkeypatch, 1)
    with pytest.raises(OperationalError), transaction.atomic():
        _act(game)
    assert len(calls) == 1


def test_p_sys_1_a_write_after_the_backend_was_terminated_succeeds(make_user):
    """PostgreSQL only (the integration run): the connection's server process is ended
    between two writes, as a PostgreSQL restart does; the next write reconnects by itself."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (tests/platform/integration runs it there)")
    import psycopg

    game = _people_table(make_user)
    _act(game)
    engine = current_engine(game)
    seat = engine.pending_seats()[0]
    action = human_choice(engine.view(seat)).to_json()
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    settings = connection.settings_dict
    with psycopg.connect(dbname=settings["NAME"], user=settings["USER"], host=settings["HOST"],
                         port=settings["PORT"] or 5432, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    service.submit_action(game.pk, seat, action, engine.seq)      # the first query since
    assert connection.connection.info.backend_pid != pid
    game.refresh_from_db()
    assert game.seq > engine.seq and game.log == current_engine(game).log


def test_design_3_cost_a_finished_games_engine_leaves_the_live_cache_on_every_path(alice, monkeypatch):
    """Memory (issue 8 soak: each daphne grew with every finished game's engine). A game
    being played keeps its engine in the main cache; the write that ends it, a refused action
    on the ended game (the "untouched" path) and a read of the ended row all leave its engine
    in the small cache of finished games, which holds at most ``FINISHED_CACHE_SIZE``."""
    from platform_helpers import finish

    def cached_where():
        row = Game.objects.defer("log_base").get(pk=game.pk)
        with engine_store.engine_lock(game.pk):          # a read files the engine where it belongs
            engine_store.load(row)
        return game.pk in engine_store._cache, game.pk in engine_store._finished

    game = service.create_practice(alice, "riichi-single-deal")
    seat = human_seat(game)
    engine = current_engine(game)
    service.submit_action(game.pk, seat, human_choice(engine.view(seat)).to_json(), engine.seq)
    game.refresh_from_db()           # a computer may have won the single hand already (eager play)
    being_played = game.status == Game.Status.ACTIVE
    assert cached_where() == (being_played, not being_played)   # live: cached for the next write
    finished = finish(game)
    assert finished.status == Game.Status.FINISHED
    assert game.pk not in engine_store._cache             # the write that ended it
    assert cached_where() == (False, True)
    with pytest.raises(service.ActionRejected):           # refused: the engine is put back ...
        service.submit_action(game.pk, seat, {"type": "pass", "seat": seat, "tile": None, "tiles": []},
                              finished.seq)
    assert game.pk not in engine_store._cache             # ... never among the live ones
    engine_store.clear()
    row = Game.objects.defer("log_base").get(pk=game.pk)
    with engine_store.engine_lock(game.pk):                # a read after a restart
        assert engine_store.load(row).phase == "game_over"
    assert engine_store.cached_engines() == (0, 1)
    monkeypatch.setattr(engine_store, "FINISHED_CACHE_SIZE", 2)
    for pk in (-1, -2, -3):                                # older finished engines make room
        engine_store.put(pk, 1, current_engine(finished))
    assert list(engine_store._finished) == [-2, -3]


def test_design_3_cost_a_games_lock_lives_only_while_somebody_holds_it():
    """Memory (issue 8 soak): the per-game engine locks are not kept for every game a process
    ever served; while held, every caller gets the same lock (one writer per game)."""
    import gc

    lock = engine_store.engine_lock(10**9)
    with lock:
        assert engine_store.engine_lock(10**9) is lock
    del lock
    gc.collect()
    assert 10**9 not in engine_store._locks
