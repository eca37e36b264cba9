"""Public spectators of ranked games, delayed by the server (P-SPECT-1/-2/-3/-5, P-REPLAY-3,
P-MATCH-7, J5).

Everything the public is shown of a ranked game — the table, scores, presence markers, the
clocks, the spectator count, the Live games list — is as of (now − ``delay()``) seconds of
server time (P-SPECT-2, clarified 2026-12-01). To know what was true then, every stored
change of a ranked game writes a ``SpectatorFrame`` in the same transaction
(``record_frame``, called by ``games.service``), and presence changes write a copy of the
last frame with the new markers (``record_presence``). Spectator counts at a past moment
come from the ``SpectatorLease`` rows (``since`` … ``until``).

The delayed state (``feed_step``) is the last frame at or before (now − delay): the engine's
public view ``view(None)`` of the stored log cut to that frame's length (no concealed tile,
no wall, no pending option, P-SPECT-3/-5), or the masked pause's public view while a pause
ran then (P-FAIR-6), with the clocks as they were at that moment. Before the game's first
frame is old enough, the table as before the first deal (no view). ``feed_step`` also says
when the state next changes, so one timer per connection wakes exactly then
(``games.spectator_consumer``), never earlier than an event is old enough.

Times are Unix epoch seconds from ``games.clocks.now()`` (tests replace it).
"""
from __future__ import annotations

import json
import threading
import weakref
from collections import OrderedDict
from datetime import datetime, timezone as dt_timezone

from django.conf import settings
from django.db import transaction
from django.db.models import Count, OuterRef, Q, Subquery

from . import claim_mask, clocks, engine_store, presence
from .models import Game, LogEntry, Seat, SpectatorFrame, SpectatorLease

#: The kinds of game the public may watch (P-SPECT-1: ranked; never practice or private).
PUBLIC_KINDS = ("quick", "public")
#: Longest wait (seconds) between two rebuilds of a connection's delayed state, so spectator
#: counts and presence markers follow the delayed moment even when no move happens.
REFRESH_SECONDS = 10.0
VIEW_CACHE_SIZE = 1024
LIVE_GAMES_LIMIT = 50

_guard = threading.Lock()
_views: OrderedDict[tuple[int, int], dict] = OrderedDict()      # (game, log length) -> view
_engines: OrderedDict[int, object] = OrderedDict()              # game -> engine at some length


def delay() -> float:
    """``settings.SPECTATOR_DELAY``: seconds the public is behind a ranked game (P-SPECT-2,
    platform.md §21: 180; ``MP_SPECTATOR_DELAY``)."""
    return float(getattr(settings, "SPECTATOR_DELAY", 180.0))


def _at(t: float) -> datetime:
    return datetime.fromtimestamp(t, tz=dt_timezone.utc)


def is_public(game: Game) -> bool:
    """Whether the public may watch ``game`` (P-SPECT-1): a ranked game (Quick Play or public
    table). Practice and private games never."""
    return bool(game.ranked) and game.kind in PUBLIC_KINDS


# --------------------------------------------------------------------------- recording

def _connected(seats, now: float) -> list[bool]:
    by_seat = {s.seat: s for s in seats}
    return [presence.is_connected(by_seat[n], now) if n in by_seat else True for n in range(4)]


def record_frame(row: Game, engine, seats, now: float | None = None) -> SpectatorFrame:
    """Store what the public may know of ranked game ``row`` from ``now`` on (inside the
    writer's transaction, after ``row`` got its new log length, clock state and pause).
    ``seats``: the game's ``Seat`` rows with users."""
    t = clocks.now() if now is None else now
    public = engine.view(None)
    mask = row.claim_mask or {}
    pause = {"until": float(mask["until"]), "view": mask["views"]["public"]} if mask else {}
    return SpectatorFrame.objects.create(
        game_id=row.pk, at=t, log_length=row.log_length, status=row.status, phase=row.phase,
        seq=row.seq, clock_state=row.clock_state or {}, pause=pause,
        connected=_connected(list(seats), t), scores=list(public.get("scores") or []),
        hand={"hand_number": public.get("hand_number"), "honba": public.get("honba")})


def record_copy(game_id: int, now: float | None = None, **changes) -> SpectatorFrame | None:
    """A new frame of game ``game_id`` equal to its latest one except ``changes`` (``status``,
    ``clock_state``, ``connected``), at ``now``; for changes that leave the log as it was (an
    abort, clocks reissued after a restart, presence). ``None`` when the game has no frame
    (not ranked, or older than frames)."""
    last = SpectatorFrame.objects.filter(game_id=game_id).order_by("-at", "-id").first()
    if last is None:
        return None
    last.pk = None
    last.at = clocks.now() if now is None else now
    last.pause = {} if last.pause and float(last.pause["until"]) <= last.at else last.pause
    for key, value in changes.items():
        setattr(last, key, value)
    last.save()
    return last


def record_presence(game_id: int, now: float | None = None) -> bool:
    """After a presence change at game ``game_id`` (P-CONN-5): when it is a ranked game and
    its markers differ from its latest frame's, store a copy with the new markers, so the
    public sees them only after the delay (P-SPECT-2). Returns whether a frame was stored."""
    t = clocks.now() if now is None else now
    # Under the game's row lock (the writers' lock, ``service.locked_row``; on SQLite the
    # IMMEDIATE transaction): a change stored between reading the latest frame and storing the
    # copy would otherwise be followed by a copy of the frame before it, and the public view
    # would step back to an older log length.
    with transaction.atomic():
        if not Game.objects.select_for_update().filter(pk=game_id).values_list("pk", flat=True):
            return False
        last = (SpectatorFrame.objects.filter(game_id=game_id).order_by("-at", "-id")
                .values_list("connected", "status", "at").first())
        if last is None or last[1] != Game.Status.ACTIVE:
            return False
        t = max(t, last[2])           # never a frame dated before the one it follows
        now_connected = _connected(list(Seat.objects.filter(game_id=game_id).select_related("user")), t)
        if now_connected == last[0]:
            return False
        return record_copy(game_id, t, connected=now_connected) is not None


# --------------------------------------------------------------------------- reading the past

def frame_at(game_id: int, t: float) -> SpectatorFrame | None:
    """The last frame of game ``game_id`` at or before ``t``, or ``None``."""
    return SpectatorFrame.objects.filter(game_id=game_id, at__lte=t).order_by("-at", "-id").first()


def spectators_at(game_id: int, t: float) -> int:
    """How many spectator connections game ``game_id`` had at moment ``t`` (P-SPECT-5)."""
    moment = _at(t)
    return SpectatorLease.objects.filter(game_id=game_id, since__lte=moment, until__gt=moment).count()


def _engine_at(game_id: int, length: int):
    """An engine holding the first ``length`` stored log entries of game ``game_id`` (a
    per-process engine per game that only moves forward, else rebuilt)."""
    with _guard:
        engine = _engines.pop(game_id, None)
    have = engine.log_length if engine is not None else None
    if engine is not None and have <= length:
        entries = list(LogEntry.objects.filter(game_id=game_id, index__gte=have, index__lt=length)
                       .order_by("index").values_list("entry", flat=True))
        if len(entries) == length - have:
            try:
                engine.extend_log(entries)
            except Exception:    # the log is the truth: rebuild below
                engine = None
        else:
            engine = None
    else:
        engine = None
    if engine is None:
        row = Game.objects.only("log_base").get(pk=game_id)
        engine = engine_store.engine_module().Game.from_log(row.log_upto(length))
    engine.release_log(engine.log_length)   # the entries are stored: keep only their count
    if engine.phase != "game_over":      # an ended game's delayed engine moves no further:
        with _guard:                     # its views are cached (_views), the engine is not kept
            _engines[game_id] = engine
            while len(_engines) > engine_store.CACHE_SIZE:
                _engines.popitem(last=False)
    return engine


# A lock exists while somebody holds it or waits for it (memory: not one per game ever watched).
_builders: "weakref.WeakValueDictionary[int, threading.Lock]" = weakref.WeakValueDictionary()


def _builder_lock(game_id: int) -> threading.Lock:
    """The process-local lock serializing use of game ``game_id``'s delayed engine."""
    with _guard:
        lock = _builders.get(game_id)
        if lock is None:
            lock = _builders[game_id] = threading.Lock()
        return lock


def public_view(game_id: int, length: int) -> dict:
    """The engine's public view ``view(None)`` of game ``game_id`` after its first ``length``
    log entries (P-SPECT-3: no concealed tiles, no wall, no pending options). Cached per
    process; the returned dict is shared and must not be changed."""
    key = (game_id, length)
    with _guard:
        hit = _views.get(key)
        if hit is not None:
            _views.move_to_end(key)
            return hit
    with _builder_lock(game_id):                 # one builder per game (not the live table's lock)
        view = _engine_at(game_id, length).view(None)
    with _guard:
        _views[key] = view
        while len(_views) > VIEW_CACHE_SIZE:
            _views.popitem(last=False)
    return view


def clear_cache() -> None:
    """Forget this process's delayed views and engines (tests)."""
    with _guard:
        _views.clear()
        _engines.clear()
        _steps.clear()


def _players(seats, connected) -> list[dict]:
    return [{"seat": s.seat, "name": s.user.username, "is_computer": s.user.is_computer,
             "strength": s.strength or None,
             "connected": bool(connected[s.seat]) if connected and s.seat < len(connected) else True}
            for s in seats]


def delayed_message(game: Game, now: float, seats=None) -> tuple[dict, float, bool]:
    """``(state message, wake_at, ended)`` of public game ``game`` for a spectator at server
    time ``now`` (P-SPECT-2): the message as of ``now - delay()``; ``wake_at`` (epoch s) is
    when it may next change (the next frame, a pause's end, or ``REFRESH_SECONDS``), never
    before the change is ``delay()`` old; ``ended`` when the delayed moment has reached the
    game's end (the feed stops there).

    Message: ``{"type": "state", "game": {"id", "preset", "preset_version", "kind",
    "format", "clock", "status", "players", "my_seat": None, "timer", "spectators",
    "delay": seconds, "starts_in": seconds or None}, "view": public view or None}``;
    ``view`` is ``None`` (and ``starts_in`` the seconds until the first deal shows) while
    the game is younger than the delay."""
    d = delay()
    t = now - d
    seats = list(seats) if seats is not None else list(
        Seat.objects.filter(game_id=game.pk).select_related("user").order_by("seat"))
    frame = frame_at(game.pk, t)
    following = (SpectatorFrame.objects.filter(game_id=game.pk, at__gt=t).order_by("at")
                 .values_list("at", flat=True).first())
    wake = now + min(REFRESH_SECONDS, d) if d > 0 else now + REFRESH_SECONDS
    if following is not None:
        wake = min(wake, following + d)
    info = {"id": game.pk, "preset": game.preset_name, "preset_version": game.preset_version,
            "kind": game.kind, "format": game.game_format, "clock": game.clock,
            "status": Game.Status.ACTIVE, "my_seat": None, "timer": None,
            "spectators": spectators_at(game.pk, t), "delay": d, "starts_in": None}
    if frame is None:                 # before the first deal (P-SPECT-2)
        info["players"] = _players(seats, None)
        if following is not None:
            info["starts_in"] = round(max(0.0, following + d - now), 3)
        return {"type": "state", "game": info, "view": None}, wake, False
    paused = bool(frame.pause) and t < float(frame.pause["until"])
    if paused:
        wake = min(wake, float(frame.pause["until"]) + d)
        view = frame.pause["view"]
    else:
        view = public_view(game.pk, frame.log_length)
    clock = clocks.clock_for(game.clock)
    timer = None
    if clock is not None:
        connected = {n: bool(c) for n, c in enumerate(frame.connected or [True] * 4)}
        timeouts = (frame.clock_state or {}).get("timeouts") or [0] * 4
        absent = clocks.absent_seats(timeouts, connected, [s.seat for s in seats if not s.user.played_by_platform])
        timer = clocks.timer_payload(frame.clock_state or {}, clock, my_seat=None, phase=frame.phase,
                                     now=t, absent=absent)
        if paused:
            timer = claim_mask.masked_timer(timer)
    info.update(status=frame.status, players=_players(seats, frame.connected), timer=timer)
    ended = frame.status != Game.Status.ACTIVE
    return {"type": "state", "game": info, "view": view}, wake, ended


#: Feed steps are shared by a process's spectators of one game within this many seconds: the
#: moment is rounded down (never later), so spectators woken by the same change share one read.
STEP_QUANTUM = 0.25
_steps: OrderedDict[tuple[int, float], tuple[str, float, bool]] = OrderedDict()


def feed_step(game_id: int, now: float) -> tuple[str, float, bool] | None:
    """``(message JSON, wake_at, ended)`` for a public spectator of game ``game_id`` at
    ``now`` (see ``delayed_message``), built for ``now`` rounded down to ``STEP_QUANTUM``
    and shared by this process's spectators of that game (DESIGN §3 "Cost": one read per
    change per process, not per connection); ``None`` when the game no longer exists."""
    moment = (now // STEP_QUANTUM) * STEP_QUANTUM
    key = (game_id, moment)
    with _guard:
        hit = _steps.get(key)
    if hit is not None:
        return hit
    game = Game.objects.defer("log_base", "preset_snapshot").filter(pk=game_id).first()
    if game is None:
        return None
    message, wake, ended = delayed_message(game, moment)
    step = (json.dumps(message), max(wake, moment + STEP_QUANTUM), ended)
    with _guard:
        _steps[key] = step
        while len(_steps) > VIEW_CACHE_SIZE:
            _steps.popitem(last=False)
    return step


# --------------------------------------------------------------------------- who may watch

def refusal(game: Game | None, user) -> tuple[str, str, str | None] | None:
    """Why ``user`` (an account or anonymous) may not open the public spectator view of
    ``game``: ``(code, message, rule)``, or ``None`` when they may (P-SPECT-1: any visitor,
    ranked games only, never a player of that game; P-PRAC-3: never practice)."""
    if game is None:
        return ("not_found", "There is no such game.", None)
    if game.kind == Game.Kind.PRACTICE:
        return ("not_allowed", "Practice games cannot be watched.", "P-PRAC-3")
    if not is_public(game):
        return ("not_allowed", "Private games are watched only by invited spectators, from the "
                               "table page.", "P-SPECT-1")
    if user is not None and getattr(user, "is_authenticated", False) and \
            Seat.objects.filter(game_id=game.pk, user_id=user.pk).exists():
        return ("not_allowed", "You play in this game: open your seat instead.", "P-SPECT-1")
    return None


def replay_public(game: Game, now: float | None = None) -> bool:
    """P-REPLAY-3: a ranked game's hands are public (anyone, signed in or not, with a
    shareable link) once it has ended and its delayed public feed has reached the end
    (P-SPECT-2), i.e. its end is at least ``delay()`` old."""
    at = replay_public_at(game)
    return at is not None and at <= (clocks.now() if now is None else now)


def replay_public_at(game: Game) -> float | None:
    """When (epoch seconds, server clock) ranked ``game``'s hands become public
    (P-REPLAY-3, P-SPECT-2): its end plus ``delay()``. ``None`` for a game that is not
    public (practice, private) or has not ended yet."""
    if not is_public(game) or game.status == Game.Status.ACTIVE:
        return None
    end = (SpectatorFrame.objects.filter(game_id=game.pk).exclude(status=Game.Status.ACTIVE)
           .order_by("at").values_list("at", flat=True).first())
    if end is None:
        if game.finished_at is None:
            return None
        end = game.finished_at.timestamp()
    return end + delay()


# --------------------------------------------------------------------------- pruning

#: Seconds after a ranked game's end is public (its end frame at least ``delay()`` old) before
#: its in-play frames and spectator leases are deleted (``prune_frames``).
PRUNE_AFTER_SECONDS = 3600.0


def prune_frames(now: float | None = None, batch: int = 200) -> int:
    """Delete the in-play spectator frames and the spectator leases of ranked games whose end
    became public more than ``PRUNE_AFTER_SECONDS`` ago (end frame older than ``delay() +
    PRUNE_AFTER_SECONDS``): once the delayed feed has reached a game's end nobody can be shown
    an earlier moment (P-SPECT-2), and its hands are reviewed from the log (P-REPLAY-3).

    The frames from the end on (status not ``active``) are kept: they date the end, which
    ``replay_public`` and the feed's last message read. At most ``batch`` games per call (the
    periodic task calls again next time). Returns the number of rows deleted."""
    t = (clocks.now() if now is None else now) - delay() - PRUNE_AFTER_SECONDS
    ended = SpectatorFrame.objects.exclude(status=Game.Status.ACTIVE).filter(at__lte=t).values("game_id")
    old_in_play = (SpectatorFrame.objects.filter(status=Game.Status.ACTIVE, game_id__in=ended)
                   .values_list("game_id", flat=True).distinct()[:batch])
    ids = list(old_in_play)
    if not ids:
        return 0
    with transaction.atomic():
        frames, _ = SpectatorFrame.objects.filter(game_id__in=ids, status=Game.Status.ACTIVE).delete()
        leases, _ = SpectatorLease.objects.filter(game_id__in=ids).delete()
    return frames + leases


# --------------------------------------------------------------------------- the Live games list

def live_games(now: float | None = None, limit: int = LIVE_GAMES_LIMIT) -> dict:
    """The public Live games list (P-MATCH-7, P-SPECT-1/-2, J5 step 1) as of ``now -
    delay()``: ranked games live at that moment, newest first, at most ``limit``.

    ``{"delay": seconds, "games": [{"id", "kind", "preset", "preset_version", "clock",
    "clock_label" (translated), "format", "players": [{"seat", "name", "is_computer", "connected", "score"}], "scores": [4 ints],
    "hand_number", "honba", "hand_label", "spectators", "watch_url"}]}`` — scores, presence
    markers, hand and spectator counts all as of the delayed moment, never live."""
    from django.urls import reverse

    from .display import hand_label

    d = delay()
    t = (clocks.now() if now is None else now) - d
    latest = (SpectatorFrame.objects.filter(game_id=OuterRef("pk"), at__lte=t)
              .order_by("-at", "-id").values("pk")[:1])
    games = list(Game.objects.filter(ranked=True, kind__in=PUBLIC_KINDS)
                 .filter(Q(status=Game.Status.ACTIVE) | Q(finished_at__gt=_at(t)))
                 .annotate(frame_id=Subquery(latest)).filter(frame_id__isnull=False)
                 .defer("log_base", "preset_snapshot", "clock_state", "claim_mask")
                 .order_by("-id")[: limit * 2])
    frames = SpectatorFrame.objects.defer("pause", "clock_state").in_bulk([g.frame_id for g in games])
    games = [g for g in games if frames[g.frame_id].status == Game.Status.ACTIVE][:limit]
    ids = [g.pk for g in games]
    moment = _at(t)
    counts = dict(SpectatorLease.objects.filter(game_id__in=ids, since__lte=moment, until__gt=moment)
                  .values("game_id").annotate(n=Count("id")).values_list("game_id", "n"))
    seats: dict[int, list] = {}
    for s in Seat.objects.filter(game_id__in=ids).select_related("user").order_by("game_id", "seat"):
        seats.setdefault(s.game_id, []).append(s)
    out = []
    for g in games:
        frame = frames[g.frame_id]
        number = (frame.hand or {}).get("hand_number")
        out.append({
            "id": g.pk, "kind": g.kind, "preset": g.preset_name, "preset_version": g.preset_version,
            "clock": g.clock, "clock_label": str(Game.Clock(g.clock).label), "format": g.game_format,
            "players": [{**{k: v for k, v in p.items() if k != "strength"},
                         "score": (frame.scores or [None] * 4)[p["seat"]]}
                        for p in _players(seats.get(g.pk, []), frame.connected)],
            "scores": list(frame.scores or []), "hand_number": number,
            "honba": (frame.hand or {}).get("honba"),
            "hand_label": hand_label(number) if isinstance(number, int) else "",
            "spectators": counts.get(g.pk, 0), "watch_url": reverse("watch", args=[g.pk]),
        })
    return {"delay": d, "games": out}
