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
