"""The Quick Play page ``/quick/`` (J2 steps 1–3, P-MATCH-1/-5/-6).

GET shows the choice of preset family (Riichi: one East round; Taiwanese: a full match) with
the format, the Standard clock and "Ranked" (P-MATCH-1), or, while the account waits, the
waiting screen (elapsed time, Cancel, and after 60 s "Start now with computers"). The page
reads the queue row itself, so a reload recovers the state; once a group with the account
was formed it goes to the game (P-MATCH-4). ``static/js/quick.js`` keeps the waiting screen
live over ``/ws/quick/``. POST ``op`` = ``join`` (with ``family``), ``leave`` or
``computers``; a refusal is shown on the page with a 4xx status and changes nothing.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import matchmaking, ranked

#: The preset families on the choice screen (J2 step 1): id, name, format, offered now.
FAMILIES = [
    {"id": "riichi", "name": gettext_lazy("Riichi"), "format": gettext_lazy("One East round"),
     "available": "riichi" in ranked.RANKED_PRESETS},
    {"id": "taiwanese", "name": gettext_lazy("Taiwanese (fixed table)"), "format": gettext_lazy("Full match"),
     "available": "taiwanese" in ranked.RANKED_PRESETS},
]

#: HTTP status of each refusal code (page and API).
STATUS = {"not_signed_in": 403, "computer": 403, "bot_unlisted": 403, "unverified": 403, "flagged": 403,
          "family": 400, "malformed": 400}


def refusal_status(code: str) -> int:
    """The HTTP status for a refusal ``code``: 400 bad input, 403 not allowed, else 409."""
    return STATUS.get(code, 409)


def notice_text(code: str | None) -> str | None:
    """The sentence shown for a ``status`` notice code (a player dropped from the queue)."""
    if not code:
        return None
    texts = {"ranked_seat": _("You left the Quick Play queue: you hold a seat in another ranked game."),
             "unverified": _("You left the Quick Play queue: confirm your e-mail address to play ranked games."),
             "flagged": _("You left the Quick Play queue: this account may not play ranked games.")}
    return texts.get(code, _("You are no longer waiting in Quick Play."))


def _page(request, http_status: int = 200):
    status = matchmaking.status(request.user)
    family = next((f for f in FAMILIES if f["id"] == status["family"]), FAMILIES[0])
    may_enter = None
    if status["state"] == "idle":
        try:
            ranked.check_may_enter(request.user, "riichi")
        except ranked.RankedRefused as exc:
            may_enter = exc.message
    return render(request, "games/quick_play.html", {
        "status": status, "families": FAMILIES, "family": family, "may_enter": may_enter,
        "offer_after": int(matchmaking.COMPUTER_OFFER_AFTER), "ws_path": "/ws/quick/",
    }, status=http_status)


@login_required
def quick_play(request):
    """Quick Play (J2): the choice, the waiting screen and its buttons."""
    if request.method == "POST":
        op = request.POST.get("op", "")
        try:
            if op == "join":
                matchmaking.join(request.user, request.POST.get("family", ""))
            elif op == "leave":
                matchmaking.leave(request.user)
                messages.info(request, _("You have left the Quick Play queue."))
            elif op == "computers":
                matchmaking.opt_in_computers(request.user)
            else:
                raise matchmaking.QueueRefused("malformed", _("Unknown request."))
        except ranked.RankedRefused as exc:
            messages.error(request, exc.message)
            return _page(request, refusal_status(exc.code))
        return redirect("quick_play")
    status = matchmaking.status(request.user)
    notice = notice_text(request.GET.get("notice"))
    if notice:
        messages.warning(request, notice)
    if status["state"] == "in_game":
        if not notice:
            messages.info(request, _("Your ranked game is in progress."))
        return redirect("table", pk=status["game_id"])
    return _page(request)
