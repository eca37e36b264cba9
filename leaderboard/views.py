"""The leaderboard page (P-LB-1..-4, J7 steps 1–3)."""
from __future__ import annotations

from django.conf import settings
from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _

from . import board
from .ratings import families


def leaderboard(request, family: str = "riichi", tab: str = "players"):
    """``/leaderboard/[<family>/][computers/]?page=N``: one ranking per family, 50 rows a page
    (P-LB-1), the Computers tab (P-LB-4), the explanation of the provisional period and of what
    is rated (P-LB-2) and the signed-in account's own position (P-LB-3). An unknown family or
    a page out of range is a 404 page that says so."""
    try:
        rows = board.ranking(family, computers=tab == "computers")
    except board.UnknownFamily:
        raise Http404(_("There is no leaderboard for “%(family)s”.") % {"family": family}) from None
    paginator = Paginator(rows, settings.LEADERBOARD_PAGE_SIZE)
    number = request.GET.get("page", "1")
    try:
        page = paginator.page(number)
    except PageNotAnInteger:
        return _page_error(request, family, tab, _("The page number must be a whole number."))
    except EmptyPage:
        return _page_error(request, family, tab,
                           _("Page %(page)s does not exist: this ranking has %(pages)d page(s).")
                           % {"page": number, "pages": paginator.num_pages})
    offset = page.start_index()
    entries = [{"rank": offset + i, "row": row} for i, row in enumerate(page.object_list)]
    mine = None
    if request.user.is_authenticated:
        mine = board.own_position(request.user, family)
    return render(request, "leaderboard/leaderboard.html", {
        "family": family, "tab": tab, "families": families(), "page": page, "entries": entries,
        "mine": mine, "provisional_games": settings.PROVISIONAL_GAMES,
        "active_days": settings.LEADERBOARD_ACTIVE_DAYS})


def _page_error(request, family, tab, message):
    return render(request, "leaderboard/leaderboard.html", {
        "family": family, "tab": tab, "families": families(), "page": None, "entries": [],
        "error": message, "provisional_games": settings.PROVISIONAL_GAMES,
        "active_days": settings.LEADERBOARD_ACTIVE_DAYS}, status=404)


def rated_games(request, username: str, family: str):
    """All rated games of ``username`` in ``family``, newest first, 50 a page (P-LB-5)."""
    from django.contrib.auth import get_user_model

    from .models import Family, RatingChange

    user = get_user_model().objects.filter(username__iexact=username).first()
    if user is None or family not in Family.values:
        raise Http404(_("No such player or family."))
    changes = (RatingChange.objects.filter(user=user, family=family).order_by("-created_at", "-id"))
    paginator = Paginator(changes, settings.LEADERBOARD_PAGE_SIZE)
    try:
        page = paginator.page(request.GET.get("page", "1"))
    except (PageNotAnInteger, EmptyPage):
        raise Http404(_("That page does not exist.")) from None
    return render(request, "leaderboard/rated_games.html",
                  {"profile_user": user, "family": family, "page": page})


def report(request):
    """File a report (P-FAIR-2): from a profile (``?account=<username>``) or from a game
    (``?game=<id>[&hand=<n>]``, the game's other players to choose from). Signed-in accounts
    only; a refused report (over the daily limit, about oneself, a game not played …) shows
    why with status 400 and stores nothing."""
    from django.contrib import messages
    from django.contrib.auth import get_user_model
    from django.contrib.auth.views import redirect_to_login
    from django.shortcuts import redirect

    from games.models import Game

    from .fairplay import ReportRefused, file_report, reports_left_today
    from .forms import ReportForm

    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    source = request.POST if request.method == "POST" else request.GET
    game = None
    game_id = source.get("game") or ""
    if game_id:
        ok = game_id.isascii() and game_id.isdigit() and len(game_id) <= 18   # fits any id column
        game = Game.objects.filter(pk=int(game_id)).first() if ok else None
        if game is None:
            raise Http404(_("No such game."))
    players = None
    if game is not None:
        players = [s.user.username for s in game.seats.select_related("user").order_by("seat")
                   if s.user_id != request.user.pk]
    hand = request.GET.get("hand") or ""          # a link's hand number; anything else is dropped
    hand = int(hand) if hand.isascii() and hand.isdigit() and len(hand) <= 3 else None
    initial = {"account": source.get("account", ""), "game": game.pk if game else None, "hand": hand}
    status = 200
    if request.method == "POST":
        form = ReportForm(request.POST, players=players)
        if form.is_valid():
            data = form.cleaned_data
            reported = get_user_model().objects.filter(username__iexact=data["account"]).first()
            try:
                if reported is None:
                    raise ReportRefused("unknown", _("There is no player of that name."))
                file_report(request.user, reported, data["category"], data["comment"], game=game,
                            hand=data["hand"])
            except ReportRefused as exc:
                form.add_error(None, exc.message)
                status = 400
            else:
                messages.success(request, _("Thank you: your report about %(name)s was sent to "
                                            "the moderators.") % {"name": reported.username})
                return redirect("profile", username=reported.username)
        else:
            status = 400
    else:
        form = ReportForm(initial=initial, players=players)
    return render(request, "leaderboard/report.html", {
        "form": form, "game": game, "left": reports_left_today(request.user),
        "limit": settings.REPORTS_PER_DAY}, status=status)
