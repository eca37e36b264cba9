"""Pages of private tables (P-TABLE-6/-7/-8, P-SPECT-1, J3): create, the waiting room, the
invite link and the host's controls, and answering an invitation. Every change goes through
``games.tables``; a refusal is shown on the page as an error and changes nothing."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.computers import available_strengths, default_strength

from . import public_tables, ranked, tables
from .display import STRENGTH_NAMES
from .forms import PrivateTableForm
from .models import Invitation, Table
from .views_state import seat_of

def _refusal_text(exc: tables.TableRejected) -> str:
    """The refusal shown to a person, translated (the API gives the English ``message``)."""
    texts = {
        "not_found": _("There is no such table."),
        "closed": _("This table has been closed."),
        "started": _("This table has already started."),
        "full": _("This table is full."),
        "bad_token": _("This invite link is not valid."),
        "not_host": _("Only the host can do that."),
        "not_enough_players": _("Start needs four occupied seats."),
        "seat_taken": _("That seat is occupied."),
        "seat_empty": _("There is no computer in that seat."),
        "already_seated": _("You already have a seat at this table."),
        "limit": _("You already have an open private table; start or close it first."),
        "untimed": _("Public tables need a timed clock: Bullet, Blitz, Standard or Relaxed."),
        "family": _("Public tables of that rule family are not available yet."),
        "computer_limit": _("A public table has at most two computers: a ranked game needs at "
                            "least two people."),
        "at_open_table": _("You already have a seat at another open table; leave it first."),
        "in_queue": _("You are already waiting in Quick Play."),
        "automatic": _("A public table starts by itself when its fourth seat is filled."),
    }
    return texts.get(exc.code, exc.message)


def _status_for(exc: tables.TableRejected) -> int:
    from .table_api import _STATUS

    return _STATUS.get(exc.code, 409)


@login_required
def new_table(request):
    """Create a table (J3 steps 1–4 "Create table → Private"; P-TABLE-5 "→ Public", reached
    from the lobby with ``?kind=public``)."""
    if request.method == "POST":
        form = PrivateTableForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                if data["kind"] == "public":
                    table = public_tables.create_public_table(request.user, family=data["family"],
                                                              clock=data["clock"])
                else:
                    table = tables.create_private_table(
                        request.user, family=data["family"], clock=data["clock"],
                        allow_spectators=data["allow_spectators"])
            except tables.TableRejected as exc:
                form.add_error(None, _refusal_text(exc))
                return render(request, "games/new_table.html", {"form": form},
                              status=_status_for(exc))
            return redirect("room", pk=table.pk)
    else:
        kind = "public" if request.GET.get("kind") == "public" else "private"
        form = PrivateTableForm(initial={"kind": kind, "clock": "standard" if kind == "public" else "untimed"})
    return render(request, "games/new_table.html", {"form": form, "open_table": tables.open_table_of(request.user)})


def _room_context(request, table: Table) -> dict:
    state = tables.room_state(table, request.user)
    closes = public_tables.closes_at(table) if table.kind == Table.Kind.PUBLIC else None
    link = (request.build_absolute_uri(reverse("join_table", args=[state["invite_token"]]))
            if state["invite_token"] else None)
    return {"table": table, "state": state, "invite_link": link,
            "strengths": [(k, STRENGTH_NAMES.get(k, v)) for k, v in available_strengths().items()],
            "default_strength": default_strength(), "closes_at": closes,
            # P-TABLE-7: a public table takes at most two computers; no button offers a third.
            "may_add_computer": (table.kind != Table.Kind.PUBLIC or sum(
                bool(s["is_computer"]) for s in state["table"]["seats"]) < ranked.MAX_RANKED_COMPUTERS),
            "ws_path": f"/ws/tables/{table.pk}/"}


@login_required
def room(request, pk: int):
    """The waiting room (J3 step 5–7). Seats fill live (``/ws/tables/<id>/`` notices; the
    page script re-reads ``?part=seats``). Once started, everyone who belongs there is sent
    to the game."""
    table = get_object_or_404(Table.objects.select_related("host"), pk=pk)
    if not tables.may_view_room(table, request.user):
        raise Http404("not your table")
    if table.status == Table.Status.STARTED and table.game_id:
        game = table.game
        if seat_of(game, request.user) is not None or tables.is_invited_spectator(game, request.user):
            return redirect("table", pk=table.game_id)
    context = _room_context(request, table)
    if request.GET.get("part") == "seats":
        return render(request, "games/_room_seats.html", context)
    return render(request, "games/room.html", context)


@login_required
def room_action(request, pk: int):
    """The host's and guests' buttons: add/remove computer, invite, start, close, leave (POST).
    A GET (the address left in the bar after a refused button, opened again) goes to the room."""
    if request.method != "POST":
        return redirect("room", pk=pk)
    op = request.POST.get("op", "")
    try:
        position = int(request.POST.get("position", ""))
    except ValueError:
        position = None
    try:
        if op == "add_computer":
            tables.add_computer(pk, request.user, position, request.POST.get("strength") or None)
        elif op == "remove_computer":
            tables.remove_computer(pk, request.user, position)
        elif op == "invite":
            invitation = tables.invite(pk, request.user, request.POST.get("username", ""),
                                       request.POST.get("role", Invitation.Role.PLAYER))
            messages.success(request, _("%(name)s has been invited.") % {"name": invitation.user.username})
        elif op == "start":
            game = tables.start(pk, request.user)
            return redirect("table", pk=game.pk)
        elif op == "close":
            tables.close(pk, request.user)
            messages.info(request, _("The table has been closed."))
            return redirect("lobby")
        elif op == "leave":
            left = tables.leave(pk, request.user)
            messages.info(request, _("The table has been closed.") if left.status == Table.Status.CLOSED
                          else _("You have left the table."))
            return redirect("lobby")
        else:
            raise tables.TableRejected("malformed", _("Unknown request."))
    except tables.TableRejected as exc:
        messages.error(request, _refusal_text(exc))
        table = Table.objects.filter(pk=pk).select_related("host").first()
        if table is None or not tables.may_view_room(table, request.user):
            raise Http404("not your table") from None
        return render(request, "games/room.html", _room_context(request, table), status=_status_for(exc))
    return redirect("room", pk=pk)


@login_required
@require_POST
def join_public(request, pk: int):
    """The lobby's Join button (P-TABLE-5): take an empty seat of public table ``pk``; the
    fourth seat starts the ranked game and the joiner goes straight to it (P-TABLE-8). A
    refusal (full, closed, started, a ranked seat held, another open table, unverified) is
    shown on the lobby and changes nothing."""
    try:
        table = public_tables.join_public_table(pk, request.user)
    except tables.TableRejected as exc:
        messages.error(request, _refusal_text(exc))
        return redirect("lobby")
    if table.game_id:
        return redirect("table", pk=table.game_id)
    return redirect("room", pk=table.pk)


@login_required
def join_table(request, token: str):
    """The invite link (P-TABLE-6): GET shows whose table it is and a Join button; POST takes
    an empty seat. A wrong, guessed or used-after-start link, or a table whose four seats are
    taken, gets a clear error page (404 or 409) instead of the button."""
    table = Table.objects.select_related("host").filter(invite_token=token).first()
    if table is not None and table.seats.filter(user=request.user).exists():
        return redirect("room", pk=table.pk)
    if request.method == "POST":
        try:
            table = tables.join_by_token(token, request.user)
        except tables.TableRejected as exc:
            return render(request, "games/join_table.html", {"table": None, "error": _refusal_text(exc)},
                          status=_status_for(exc))
        return redirect("room", pk=table.pk)
    error = None
    if table is None:
        error = _("This invite link is not valid.")
    elif table.status != Table.Status.OPEN:
        error = _("This table has already started.") if table.status == Table.Status.STARTED \
            else _("This table has been closed.")
    elif tables.free_position(table) is None:
        error = _("This table is full.")         # P-TABLE-6: no "Take a seat" that can only fail
    return render(request, "games/join_table.html", {"table": None if error else table, "error": error},
                  status=404 if table is None else 409 if error else 200)


@login_required
def answer_invitation(request, pk: int):
    """Accept or decline an in-site invitation (P-TABLE-6, P-SPECT-1) with a POST. Any other
    method (a bookmarked or shared form address) changes nothing and goes to the lobby, where
    the pending invitations are shown with their buttons."""
    if request.method != "POST":
        return redirect("lobby")
    accept = request.POST.get("answer") == "accept"
    try:
        invitation = tables.answer_invitation(pk, request.user, accept)
    except tables.TableRejected as exc:
        messages.error(request, _refusal_text(exc))
        return redirect(request.POST.get("next") or "lobby") if _safe(request) else redirect("lobby")
    if not accept:
        return redirect(request.POST.get("next") or "lobby") if _safe(request) else redirect("lobby")
    table = invitation.table
    if table.status == Table.Status.STARTED and table.game_id:
        return redirect("table", pk=table.game_id)
    return redirect("room", pk=table.pk)


def _safe(request) -> bool:
    from django.utils.http import url_has_allowed_host_and_scheme
    nxt = request.POST.get("next") or ""
    return not nxt or url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()})
