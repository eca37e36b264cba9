"""Read-only queries about games."""
from __future__ import annotations

from django.db.models import Prefetch

from .models import Game, Seat
from .replay_frames import completed_entry_count


def games_of(user):
    """Games where ``user`` holds a seat, newest first, seats prefetched (P-ACCT-3, P-PRAC-3)."""
    return (Game.objects.filter(seats__user=user)
            .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
            .distinct().order_by("-created_at", "-id"))


def unfinished_games_of(user):
    """The games ``user`` may resume (P-PRAC-4, P-CONN-5)."""
    return games_of(user).filter(status=Game.Status.ACTIVE)


def review_allowed(game: Game, user) -> bool:
    """P-REPLAY-3 for practice: only the player, once a hand has ended. While an East-round
    game runs, its ended hands may be reviewed; the hand in progress never is (callers serve
    only ``reviewable_log(game)``). Any other table (people at it): only its players, and
    only once the game has ended — while it runs none of its hands can be reviewed, since
    the replay opens every hand (P-REPLAY-3, P-FAIR-6); a private game's invited spectators
    too, once it has ended. A ranked game's hands are public — anyone, signed in or not —
    once it has ended and its delayed public feed has reached the end
    (``spectate.replay_public``, P-REPLAY-3, P-SPECT-2); its players may review at once."""
    from .spectate import replay_public

    if game.ranked and game.status != Game.Status.ACTIVE and replay_public(game):
        return True
    if not user.is_authenticated:
        return False
    if not game.seats.filter(user=user).exists():
        # A private game's invited spectators review it like its players once it has
        # ended (P-REPLAY-3); nobody else.
        if game.kind == Game.Kind.PRIVATE and game.status != Game.Status.ACTIVE:
            from .tables import is_invited_spectator
            return is_invited_spectator(game, user)
        return False
    if game.kind != Game.Kind.PRACTICE:
        return game.status != Game.Status.ACTIVE
    if game.status != Game.Status.ACTIVE or game.phase in ("hand_over", "game_over"):
        return True
    return completed_entry_count(game.log or {}) > 0


def reviewable_log(game: Game) -> dict:
    """The part of ``game.log`` that may be reviewed (P-REPLAY-3): the whole log once the game
    has ended, else the entries of its completed hands only (a running hand's seed would give
    away its wall). Same shape as ``Game.log``: ``{"preset", "version", "entries"}``."""
    log = game.log or {}
    if game.status != Game.Status.ACTIVE:
        return log
    return {**log, "entries": (log.get("entries") or [])[:completed_entry_count(log)]}


def reviewable_actions(game: Game) -> list:
    """``ActionRecord`` rows of ``game`` by index that belong to ``reviewable_log(game)``: all of
    them once the game has ended, else those before the first action of the hand in progress."""
    records = list(game.actions.order_by("index"))
    if game.status != Game.Status.ACTIVE:
        return records
    allowed = sum(1 for e in reviewable_log(game)["entries"] if e.get("type") == "action")
    out, seen = [], 0
    for record in records:
        if record.kind == "action":
            seen += 1
            if seen > allowed:
                break
        out.append(record)
    return out
