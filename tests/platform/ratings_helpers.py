"""Helpers of the rating tests (imported as ``ratings_helpers``): ranked games built as the
issue-9 tables will build them (``Game``/``Seat`` rows with ``ranked=True``), either played to
their end through the live-table service or stored finished with given final scores. The
settlement itself is never faked: it runs through ``leaderboard``'s real code."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import engine_store, service
from games.models import Game, Seat


def make_players(names, *, computers=(), password: str | None = None) -> list:
    """Users for ``names`` (humans, e-mail confirmed), plus computer accounts named in
    ``computers``. Passwords are unusable unless ``password`` is given (hashing is slow)."""
    User = get_user_model()
    out = []
    for name in names:
        user = User(username=name, email=f"{name}@example.com", email_confirmed_at=timezone.now())
        if password:
            user.set_password(password)
        else:
            user.set_unusable_password()
        user.save()
        out.append(user)
    for name in computers:
        user = User(username=name, is_computer=True, computer_strength="simple")
        user.set_unusable_password()
        user.save()
        out.append(user)
    return out


def create_ranked_game(users, *, preset_name: str = "riichi", kind: str = "public") -> Game:
    """An active ranked game of ``preset_name`` (an East round) with ``users`` in seats 0..3,
    stored through the live-table service exactly as a public table would start it."""
    from rules_engine.preset import get_preset

    preset = get_preset(preset_name)
    engine = engine_store.engine_module().Game.new(preset, service.new_seed())
    with transaction.atomic():
        row = Game.objects.create(
            kind=kind, ranked=True, preset_name=preset.name, preset_version=preset.version,
            preset_snapshot=preset.snapshot(), game_format="east", clock=Game.Clock.UNTIMED,
            created_by=next(u for u in users if not u.is_computer),
            last_human_action_at=timezone.now(), hands_started=1)
        for seat, user in enumerate(users):
            Seat.objects.create(game=row, seat=seat, user=user,
                                strength="simple" if user.is_computer else "")
        service._store(row, engine, service._Change(kind="next_hand", deals=True))
    engine_store.put(row.pk, row.state_version, engine)
    return row


def play_to_end(game: Game, limit: int = 20_000) -> Game:
    """Play every human seat of ``game`` with the engine's simple player through
    ``service.submit_action`` / ``continue_after_hand`` until the game is over (computers move
    through their eager Celery tasks). Returns the refreshed row."""
    from rules_engine.ai.simple_player import decide

    humans = sorted(game.seats.filter(user__is_computer=False).values_list("seat", flat=True))
    for _ in range(limit):
        game.refresh_from_db()
        with engine_store.engine_lock(game.pk):
            engine = engine_store.load(game)         # cached by version: no replay per step
        if engine.phase == "game_over":
            return game
        if engine.phase == "hand_over":
            for seat in humans:
                service.continue_after_hand(game.pk, seat, engine.seq)
            continue
        owing = [s for s in humans if engine.legal_actions(s)]
        assert owing, f"the table waits on nobody: {engine.phase} {engine.pending_seats()}"
        seat = owing[0]
        service.submit_action(game.pk, seat, decide(engine.view(seat)).to_json(), engine.seq)
    raise AssertionError("the game did not end")


def finished_ranked_game(users, final_scores, *, preset_name: str = "riichi", ranked: bool = True,
                         status: str = Game.Status.FINISHED, end_reason: str = "normal",
                         finished_at=None, log: dict | None = None) -> Game:
    """A stored, finished game with ``final_scores`` (seat order) and ``users`` in seats 0..3,
    as the live-table service leaves it at game end (``Game.final_scores`` and the engine's
    ``game_result``). No task is queued: tests call the settlement themselves."""
    from rules_engine.preset import get_preset
    from rules_engine.riichi.settlement import game_result

    known = preset_name != "taiwanese"
    preset = get_preset(preset_name) if known else None
    record = (game_result(final_scores, 0, preset) if known
              else {"final_scores": list(final_scores), "results": None})
    finished_at = finished_at or timezone.now()
    row = Game.objects.create(
        kind="public", ranked=ranked, preset_name=preset_name, preset_version=1,
        preset_snapshot={}, game_format="east" if known else "full", clock=Game.Clock.STANDARD,
        status=status, end_reason=end_reason, created_by=next(u for u in users if not u.is_computer),
        finished_at=finished_at, final_scores=list(final_scores), game_result=record,
        log_base=log or {}, log_length=len((log or {}).get("entries") or ()), phase="game_over")
    for seat, user in enumerate(users):
        Seat.objects.create(game=row, seat=seat, user=user)
    return row


def days_ago(n: float):
    return timezone.now() - timedelta(days=n)
