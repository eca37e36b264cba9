"""Pages: lobby, practice, the table, my games and the review of a finished hand (DESIGN §7)."""
from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from . import limits, replay, replay_frames, service, spectate
from .display import action_display, hand_label
from .forms import PracticeForm
from .models import Game
from .tables import is_invited_spectator, open_table_of
from .selectors import (games_of, review_allowed, reviewable_actions, reviewable_log,
                        unfinished_games_of)
from .views_state import players_of, seat_of


def lobby_public_tables(user) -> list[dict]:
    """``public_tables.open_public_tables()`` for the lobby page: each entry also carries
    ``clock_label`` (translated) and ``mine`` (``user`` is seated there) (P-MATCH-7)."""
    from .forms import CLOCK_CHOICES
    from .public_tables import open_public_tables

    labels = dict(CLOCK_CHOICES)
    listed = open_public_tables()
    name = user.username if user.is_authenticated else None
    for entry in listed:
        entry["clock_label"] = labels.get(entry["clock"], entry["clock"])
        entry["mine"] = name is not None and any(s["name"] == name for s in entry["seats"])
    return listed


def started_public_games(user) -> list[tuple[int, int]]:
    """``(table id, game id)`` of the public tables ``user`` was seated at whose ranked game is
    still running: a lobby open while such a table filled sends its player there (P-TABLE-8)."""
    from .models import Table

    if not user.is_authenticated:
        return []
    return list(Table.objects.filter(kind=Table.Kind.PUBLIC, status=Table.Status.STARTED,
                                     seats__user=user, game__status=Game.Status.ACTIVE)
                .values_list("pk", "game_id")[:5])


def lobby(request):
    """The home page: sign-up invitation, or Practice and the games to resume (P-PRAC-4); for
    everyone the open public tables, kept current by static/js/lobby.js (``/ws/lobby/``
    notices, then ``?part=public-tables``), and the live games (P-MATCH-7)."""
    context = {"public_tables": lobby_public_tables(request.user),
               "started_public": " ".join(f"{t}:{g}" for t, g in started_public_games(request.user))}
    if request.GET.get("part") == "public-tables":
        return render(request, "lobby/_public_tables.html", context)
    if request.user.is_authenticated:
        context.update({
            "form": PracticeForm(),
            "unfinished": list(unfinished_games_of(request.user)[:20]),
            "recent": list(games_of(request.user).exclude(status=Game.Status.ACTIVE)[:10]),
            "open_table": open_table_of(request.user),
        })
    return render(request, "lobby/lobby.html", context)


@login_required
def practice(request):
    """Start a practice game against three computers (P-PRAC-1, J4 steps 1–2). A bot account
    is told to use the bot API instead (its program starts practice with ``POST /api/games/``
    and plays over ``/ws/bot/``); its POST here creates nothing (403)."""
    if request.user.is_outside_bot:
        return render(request, "games/practice.html", {"bot_account": True},
                      status=403 if request.method == "POST" else 200)
    if request.method == "POST":
        form = PracticeForm(request.POST)
        if form.is_valid():
            try:
                game = limits.create_practice_limited(request.user, form.cleaned_data["preset"],
                                               form.cleaned_data["strength"],
                                               clock=form.cleaned_data["clock"])
            except ValueError as exc:
                form.add_error(None, str(exc))
            else:
                return redirect("table", pk=game.pk)
    else:
        form = PracticeForm()
    return render(request, "games/practice.html", {
        "form": form, "unfinished": list(unfinished_games_of(request.user)[:20])})


@login_required
def table(request, pk: int):
    """The live table page; the JavaScript client connects to ``ws_path`` (wsproto)."""
    game = get_object_or_404(Game, pk=pk)
    my_seat = seat_of(game, request.user)
    # Practice has no spectators (P-PRAC-3); a private table's invited spectators watch live
    # with hands hidden (P-SPECT-4). A player always gets their own seat, never a spectator view.
    if my_seat is None and not is_invited_spectator(game, request.user):
        if spectate.is_public(game):       # a ranked game: anyone watches it delayed (P-SPECT-1/-2)
            return redirect("watch", pk=game.pk)
        raise Http404("not your game")
    players = players_of(game)
    if my_seat is not None and request.user.is_outside_bot:
        # A bot account plays its seat only through /ws/bot/ (its table WebSocket refuses it).
        return render(request, "games/bot_table.html", {"game": game, "players": players}, status=403)
    return render(request, "games/table.html", {
        "game": game, "my_seat": my_seat, "ws_path": f"/ws/games/{game.pk}/",
        "players": players, "players_json": json.dumps(players)})


def live_games(request):
    """The public Live games page (J5 step 1, P-MATCH-7, P-SPECT-1/-2): the list of ranked games
    as of now − delay (``templates/games/_live_games.html``, also included by the lobby)."""
    return render(request, "games/live.html")


def watch(request, pk: int):
    """The public spectator view of a ranked game (P-SPECT-1/-2/-3, J5 step 2): anyone,
    signed in or not, sees the table as of (now − delay) with hands hidden, read-only, fed by
    ``/ws/games/<id>/watch/``. A player of the game is sent to their seat (P-SPECT-1);
    practice and private games are not found here (P-PRAC-3, P-SPECT-1)."""
    game = get_object_or_404(Game, pk=pk)
    refused = spectate.refusal(game, request.user)
    if refused is not None:
        if refused[0] == "not_allowed" and refused[2] == "P-SPECT-1" and seat_of(game, request.user) is not None:
            messages.info(request, _("You play in this game: here is your seat."))
            return redirect("table", pk=game.pk)
        raise Http404("not a public game")
    players = [{k: v for k, v in p.items() if k != "connected"} for p in players_of(game)]
    return render(request, "games/table.html", {
        "game": game, "my_seat": None, "ws_path": f"/ws/games/{game.pk}/watch/", "watch": True,
        "delay_minutes": round(spectate.delay() / 60) if spectate.delay() >= 60 else None,
        "delay_seconds": round(spectate.delay()),
        "players": players, "players_json": json.dumps(players)})


@login_required
def my_games(request):
    """My game history; practice games are marked Practice (P-PRAC-3, J4 step 6)."""
    return render(request, "games/my_games.html", {"games": list(games_of(request.user)[:100])})


def review(request, pk: int):
    """A simple review of a stored game (P-REPLAY-3/-5): the rules label, every accepted
    action in order with its server time, and the stored hand results. A ranked game's is
    public once it has ended (anyone, signed in or not)."""
    game = get_object_or_404(Game, pk=pk)
    pending = _public_later(request, game)
    if pending is not None:
        return pending
    if not review_allowed(game, request.user) and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not review_allowed(game, request.user):
        if seat_of(game, request.user) is None and not is_invited_spectator(game, request.user):
            raise Http404("not your game")
        messages.info(request, _not_reviewable_yet(game))
        return redirect("table", pk=game.pk)
    seats = {p["seat"]: p for p in players_of(game)}
    names = {seat: p["name"] for seat, p in seats.items()}
    family = "taiwanese" if game.preset_name.startswith("taiwanese") else "riichi"
    actions = [{"record": a, "player": seats.get(a.seat),
                "move": action_display(a.data, family) if isinstance(a.data, dict) else None}
               for a in reviewable_actions(game)]
    log = reviewable_log(game)
    return render(request, "games/review.html", {
        "game": game, "actions": actions, "players": list(seats.values()),
        "hands": replay.hand_summaries(log, names),
        "game_end": replay.game_end_summary(log, names),
    })


def _public_later(request, game: Game):
    """P-REPLAY-3 / P-SPECT-2 for a shared link: a ranked game's review and replay are public
    once it has ended and its delayed feed has reached the end. Before then, anyone who is not
    one of its players (signed in or not) gets a page saying when they open, with a link to
    the delayed live view while the game runs, instead of "not found". ``None`` when the
    request may go on (not a ranked game, a player, or already public)."""
    if not spectate.is_public(game) or review_allowed(game, request.user):
        return None
    if request.user.is_authenticated and seat_of(game, request.user) is not None:
        return None
    at = spectate.replay_public_at(game)
    return render(request, "games/replay_pending.html", {
        "game": game, "running": game.status == Game.Status.ACTIVE,
        "public_at": spectate._at(at) if at is not None else None,
        "delay_minutes": max(1, round(spectate.delay() / 60))})


def _not_reviewable_yet(game: Game) -> str:
    """Why ``game``'s hands cannot be reviewed yet (P-REPLAY-3): a practice hand once it has
    ended, a game with other people once the whole game is over."""
    if game.kind == Game.Kind.PRACTICE:
        return _("The hand can be reviewed once it has ended.")
    return _("The hands of a game with other people can be reviewed once the game is over.")


def replay_viewer(request, pk: int):
    """The step-by-step replay of a completed hand (P-REPLAY-3/-4/-5, J4 step 5).

    ``?hand=N`` (0-based among the game's completed hands) or ``?hand=last`` picks the hand
    shown first; any other value shows the first hand with a warning (P-REPLAY-4). The page gets no frames: static/js/replay.js fetches them per hand from
    ``api-game-replay``. 404 for anyone but the game's player (a ranked game's replays are
    public once it has ended, a private game's open to its invited spectators then); while
    no hand has ended the player is sent back to the table."""
    game = get_object_or_404(Game, pk=pk)
    pending = _public_later(request, game)
    if pending is not None:
        return pending
    if not review_allowed(game, request.user) and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())       # a ranked game's link is public
    my_seat = seat_of(game, request.user)
    if (my_seat is None and not review_allowed(game, request.user)
            and not is_invited_spectator(game, request.user)):        # P-REPLAY-3
        raise Http404("not your game")
    if not review_allowed(game, request.user):
        messages.info(request, _not_reviewable_yet(game))
        return redirect("table", pk=game.pk)
    hands = replay_frames.hand_list(reviewable_log(game))
    for hand in hands:
        hand["label"] = hand_label(hand["hand_number"])
    start = replay_frames.hand_index(request.GET.get("hand"), len(hands))
    if start is None or not 0 <= start < len(hands):
        # A ?hand= that is no ended hand of this game (999, -1, abc; the API's no_such_hand,
        # P-REPLAY-4) shows the first hand and says so, rather than another hand silently.
        if hands:
            messages.warning(request, _("This game has no such hand to replay; the first hand is shown."))
        start = 0
    # Live presence means nothing in a replay: no "Disconnected" badge there.
    players = [{k: v for k, v in p.items() if k != "connected"} for p in players_of(game)]
    return render(request, "games/replay.html", {
        "game": game, "my_seat": my_seat, "players": players, "hands": hands, "start": start,
        "boot": {"hands": hands, "start": start, "my_seat": my_seat, "players": players,
                 "game": {"id": game.pk, "preset": game.preset_name,
                          "preset_version": game.preset_version, "players": players}},
    })
