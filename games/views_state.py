"""The per-recipient state message (wsproto ``state``; DESIGN §3, P-SYS-2).

Only views leave the server: a seated player gets ``game.view(seat)``; nobody else is
served a practice game.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict

from . import claim_mask, clocks, engine_store, presence
from .models import Game, Seat

#: Seconds a table snapshot may serve the connections of one process (``table_snapshot``).
SNAPSHOT_TTL = 1.0
SNAPSHOT_CACHE_SIZE = 1024
_snap_guard = threading.Lock()
_snapshots: OrderedDict[int, tuple[float, Game]] = OrderedDict()
_ratings_guard = threading.Lock()
# (game id, created at) -> {user id: displayed rating}; the creation time tells a game from an
# older one whose id a database reused (SQLite without AUTOINCREMENT, test rollbacks).
_game_ratings: OrderedDict[tuple[int, float], dict[int, str]] = OrderedDict()


def table_snapshot(game_id: int, min_version: int | None = None) -> Game | None:
    """The stored game (without the log's base column) with its seats and their accounts
    read once (``_seat_rows``), shared by every connection of this process to that table
    (DESIGN §3 "Cost": one read per change per process, not per connection).

    A snapshot read less than ``SNAPSHOT_TTL`` seconds ago whose ``state_version`` is at
    least ``min_version`` is reused; ``min_version=None`` always reads the game and its seats
    afresh (a new connection, a presence change, an explicit ``state`` request). ``None`` when the game does not exist. The
    returned row is shared: callers must not change it."""
    now = time.monotonic()
    if min_version is not None:
        with _snap_guard:
            hit = _snapshots.get(game_id)
        if hit is not None and now - hit[0] < SNAPSHOT_TTL and hit[1].state_version >= min_version:
            return hit[1]
    from .hot_sql import read_table

    game, rows = read_table(game_id)         # the game and its seats in one query
    if game is None:
        game = Game.objects.defer("log_base", "preset_snapshot").filter(pk=game_id).first()
        if game is None:
            return None
    game._seat_rows = rows
    _remember(game, now)
    return game


def clear_snapshots() -> None:
    """Forget every table snapshot of this process (``engine_store.clear`` calls this)."""
    with _snap_guard:
        _snapshots.clear()
    with _ratings_guard:
        _game_ratings.clear()


def remember_written(row: Game, seats) -> None:
    """After a committed write in this process: keep a copy of the written ``row`` (read
    without its log) and its ``seats`` as the table's snapshot, so this process's
    connections need no read for that version."""
    import copy

    if "log_base" in row.__dict__:
        return                           # a full row: leave reading to table_snapshot
    game = copy.copy(row)
    game._seat_rows = sorted(seats, key=lambda s: s.seat)
    _remember(game, time.monotonic())


def _remember(game: Game, now: float) -> None:
    """Keep ``game`` as its table's snapshot (read or written at monotonic ``now``) unless a
    newer version is held; snapshots too old to serve anybody (``SNAPSHOT_TTL``) are dropped,
    so the cache holds the tables active in the last second, not every table ever served."""
    with _snap_guard:
        old = _snapshots.get(game.pk)
        if old is None or old[1].state_version <= game.state_version:
            _snapshots[game.pk] = (now, game)
            _snapshots.move_to_end(game.pk)
            while len(_snapshots) > SNAPSHOT_CACHE_SIZE:
                _snapshots.popitem(last=False)
        while _snapshots:                 # oldest first: entries are moved to the end when kept
            first = next(iter(_snapshots.values()))
            if now - first[0] <= SNAPSHOT_TTL:
                break
            _snapshots.popitem(last=False)


def seat_rows(game: Game) -> list[Seat]:
    """The game's ``Seat`` rows with their users, by seat: those of a table snapshot
    (``table_snapshot``, ``remember_written``) when ``game`` is one, else one query."""
    rows = getattr(game, "_seat_rows", None)
    return rows if rows is not None else list(game.seats.select_related("user"))




def ratings_at_table(game: Game, seats: list[Seat]) -> dict[int, str]:
    """``{user id: displayed rating}`` of a ranked game's seated accounts in its family, as
    they stood when this process first served the game (P-RATE-6: "1512?" while
    provisional; P-MATCH-7 / issue 10: ratings shown at the table). Read once per game and
    process: ratings change only when a game is settled, and a person holds one unfinished
    ranked seat (P-FAIR-4). ``{}`` for unranked games."""
    if not game.ranked:
        return {}
    key = (game.pk, game.created_at.timestamp() if game.created_at else 0.0)
    with _ratings_guard:
        known = _game_ratings.get(key)
    if known is None:
        from leaderboard.ratings import displayed_ratings, family_of

        known = displayed_ratings([s.user_id for s in seats], family_of(game.preset_name) or "")
        with _ratings_guard:
            _game_ratings[key] = known
            while len(_game_ratings) > SNAPSHOT_CACHE_SIZE:
                _game_ratings.popitem(last=False)
    return known


def players_of(game: Game, seats: list[Seat] | None = None) -> list[dict]:
    """``[{"seat", "name", "is_computer", "strength", "connected", "rating"}]`` for the four
    seats (P-BOT-2 badge). ``connected`` (P-CONN-5): whether the seat's account has a live
    connection to the table now (its presence lease, ``games.presence``); computers are
    always connected. ``rating``: the displayed rating at a ranked game (``ratings_at_table``),
    else ``None``. ``seats``: the rows if already loaded (``seat_rows``)."""
    seats = seat_rows(game) if seats is None else seats
    now = clocks.now()
    ratings = ratings_at_table(game, seats)
    return [{"seat": s.seat, "name": s.user.username, "is_computer": s.user.is_computer,
             "strength": s.strength or None, "connected": presence.is_connected(s, now),
             "rating": ratings.get(s.user_id)}
            for s in seats]


def seat_of(game: Game, user) -> int | None:
    """The seat ``user`` holds in ``game`` (P-CONN-1: the seat belongs to the account)."""
    if user is None or not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).values_list("seat", flat=True).first()


def absent_seats(game: Game, seats: list[Seat] | None = None) -> list[int]:
    """Human seats on absent auto-play (P-CONN-2, P-CONN-5): two or more consecutive
    timeouts and no live connection (no presence lease alive now). Always ``[]`` at an
    untimed table. ``seats``: the rows if already loaded (``seat_rows``)."""
    if game.clock == clocks.UNTIMED:
        return []
    timeouts = (game.clock_state or {}).get("timeouts") or [0] * 4
    seats = seat_rows(game) if seats is None else seats
    return clocks.absent_seats(timeouts, presence.connected_map(seats),
                               [s.seat for s in seats if not s.user.played_by_platform])


def timer_of(game: Game, my_seat: int | None, seats: list[Seat] | None = None) -> dict | None:
    """``game.timer`` of the state message for the recipient in ``my_seat``
    (docs/clocks.md, P-CLOCK-9): ``None`` at an untimed table; a response's time left only
    for the recipient's own pending response."""
    clock = clocks.clock_for(game.clock)
    if clock is None:
        return None
    timer = clocks.timer_payload(game.clock_state or {}, clock, my_seat=my_seat, phase=game.phase,
                                 now=clocks.now(), absent=absent_seats(game, seats))
    if claim_mask.active(game.claim_mask, game.seq):
        return claim_mask.masked_timer(timer)        # P-FAIR-6: as in a window with no call of mine
    return timer


def game_info(game: Game, my_seat: int | None, *, seats: list[Seat] | None = None,
              players: list[dict] | None = None, spectators: int | None = None) -> dict:
    """The ``game`` part of the state message (``players``: see ``players_of``; ``timer``:
    see ``timer_of``). Reads the seat rows once. ``seats``, ``players``, ``spectators``:
    the parts shared by every recipient when the caller has them already (``seat_states``
    builds them once for all the seats of a table)."""
    seats = seat_rows(game) if seats is None else seats
    return {
        "id": game.pk, "preset": game.preset_name, "preset_version": game.preset_version,
        "kind": game.kind, "format": game.game_format, "clock": game.clock,
        "status": game.status, "players": players_of(game, seats) if players is None else players,
        "my_seat": my_seat, "timer": timer_of(game, my_seat, seats),
        "spectators": _spectators(game) if spectators is None else spectators,
    }


def _spectators(game: Game) -> int:
    """How many spectators watch the game now (P-SPECT-5: the number, not their names): a
    private game's invited spectators, a ranked game's public spectators; 0 for practice."""
    if game.kind == Game.Kind.PRACTICE:
        return 0
    from .tables import spectator_count
    return spectator_count(game.pk)


def seat_view(game: Game, seat: int | None, engine=None) -> dict:
    """``game.view(seat)`` of the stored game (rebuilt from the log or the cache; ``engine``:
    the engine of exactly that stored state when the caller holds it, as the writer does);
    while a claim pause runs, the view of that empty window instead (P-FAIR-6,
    ``games.claim_mask``)."""
    if claim_mask.active(game.claim_mask, game.seq):
        return claim_mask.view_for(game.claim_mask, seat)
    if engine is not None:
        return engine.view(seat)
    with engine_store.engine_lock(game.pk):
        return engine_store.load(game).view(seat)


def state_message(game: Game, my_seat: int | None) -> dict:
    """``{"type": "state", "game": {...}, "view": {...}}`` for the recipient in ``my_seat``."""
    return {"type": "state", "game": game_info(game, my_seat), "view": seat_view(game, my_seat)}


def seat_states(game: Game, engine, seats, keys=None, spectators: int | None = None) -> dict:
    """``{seat: state message JSON}`` for every seat of ``game`` held by a person (computers
    never connect), built once by the writer that just stored ``game`` from ``engine`` (its
    engine at exactly that state) and ``seats`` (its ``Seat`` rows with their accounts, read
    under the row lock). Each text is what ``state_message(game, seat)`` would give that
    seat, encoded once; the parts every recipient shares (players and presence markers, the
    spectator count) are computed once. DESIGN §3 "Cost": the table's connections forward
    their own seat's text instead of each reading the game and building a view.

    ``keys``: the recipients to build for instead (seat numbers, ``None`` for the public view
    of an invited spectator; ``games.table_hub.writer_changed``); ``spectators``: the
    spectator count when the caller knows it (else one query).

    Hidden information: each text holds only its own seat's view (``engine.view(seat)``, or
    the masked pause's view of that seat, P-FAIR-6); the caller must deliver it to that
    seat's connections only (``games.notify.publish_states``, ``games.table_hub``)."""
    import json

    rows = sorted(seats, key=lambda s: s.seat)
    if keys is None:
        keys = [s.seat for s in rows if not s.user.is_computer]
    if not keys:
        return {}
    players = players_of(game, rows)
    if spectators is None:
        spectators = _spectators(game)
    return {key: json.dumps({"type": "state",
                             "game": game_info(game, key, seats=rows, players=players,
                                               spectators=spectators),
                             "view": seat_view(game, key, engine)})
            for key in keys}
