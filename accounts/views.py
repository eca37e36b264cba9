"""Account pages: sign-up, e-mail confirmation, profile (P-ACCT-1..3, J1)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import emails
from .forms import SignUpForm
from .ratings import rating_rows


def signup(request):
    """J1 steps 1–3: create the account, sign in, send the confirmation e-mail."""
    if request.user.is_authenticated:
        return redirect("lobby")
    if request.method == "POST":
        form = SignUpForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            emails.send_confirmation(request, user)
            messages.success(request, _("Welcome, %(name)s! We sent a confirmation link to %(email)s.")
                             % {"name": user.username, "email": user.email})
            return redirect("lobby")
    else:
        form = SignUpForm()
    return render(request, "accounts/signup.html", {"form": form})


def confirm_email(request, token: str):
    """J1 step 4: follow the e-mailed link; ranked play becomes available (P-ACCT-2)."""
    try:
        user = emails.confirm_token(token)
    except (signing.BadSignature, LookupError):
        return render(request, "accounts/confirm_failed.html", status=400)
    messages.success(request, _("Your e-mail address is confirmed."))
    return redirect("profile", username=user.username)


@login_required
@require_POST
def resend_confirmation(request):
    """Send the confirmation link again (P-ACCT-2)."""
    if request.user.email_confirmed:
        messages.info(request, _("Your e-mail address is already confirmed."))
    else:
        emails.send_confirmation(request, request.user)
        messages.success(request, _("We sent a new confirmation link to %(email)s.")
                         % {"email": request.user.email})
    return redirect("profile", username=request.user.username)


def profile(request, username: str):
    """Public profile (P-ACCT-3): join date, ratings per family, badge for computers, games.

    Practice games appear only in the owner's own history (P-PRAC-3).
    """
    User = get_user_model()
    user = User.objects.filter(username__iexact=username).first()
    if user is None:
        raise Http404("no such player")
    own = request.user.is_authenticated and request.user.pk == user.pk
    games = []
    if own:
        from games.selectors import games_of
        games = games_of(user)[:50]
    from leaderboard.profiles import profile_context
    return render(request, "accounts/profile.html", {
        "profile_user": user, "own": own, "ratings": rating_rows(user), "games": games,
        **profile_context(user),           # ratings, history chart, rated games (P-LB-5)
    })


def computers(request):
    """The public computer roster (P-BOT-2): name, operator and a short description of every
    built-in computer and of each outside bot that staff listed (``computer_listed``); each is
    labelled with the computer badge."""
    from .computers import ensure_computer_accounts

    listed_bots = get_user_model().objects.filter(computer_listed=True, bot_account_at__isnull=False,
                                                  is_active=True)
    roster = sorted([*ensure_computer_accounts(), *listed_bots], key=lambda u: u.username)
    return render(request, "accounts/computers.html", {"computers": roster})


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's password-reset confirmation; a new password also ends a log-in lock-out of
    that account (django-axes, ``accounts.throttle``): the owner proved the e-mail address."""

    def form_valid(self, form):
        from axes.utils import reset

        response = super().form_valid(form)
        reset(username=form.user.get_username().lower())
        return response


NEW_TOKEN_KEY = "bot_new_token"
"""Session key holding a just-made bot token until the page shows it once."""


@login_required
def bot_settings(request):
    """The bot account page (issue 13, docs/bot-api.md): make this account a bot account (an
    explicit, irreversible step with a confirmation box, refused after the first game) and
    make, replace or revoke its API token. A new token is shown once: the POST stores it in the
    server-side session and redirects (so a reload cannot make another), and the next page
    view takes it out of the session and shows it."""
    from . import bots

    user = request.user
    new_token = None
    if request.method != "POST":
        new_token = request.session.pop(NEW_TOKEN_KEY, None)
    else:
        action = request.POST.get("action")
        try:
            if action == "upgrade":
                bots.make_bot_account(user, confirm=request.POST.get("confirm") == "on")
                messages.success(request, _("This account is now a bot account."))
            elif action == "token":
                new_token = bots.make_token(user)
            elif action == "revoke":
                if bots.revoke_token(user):
                    messages.success(request, _("The API token was revoked."))
            else:
                messages.error(request, _("Unknown request."))
        except bots.BotRefused as exc:
            messages.error(request, exc.message)
        if new_token is not None:
            request.session[NEW_TOKEN_KEY] = new_token      # shown by the next GET, then gone
        return redirect("bot_settings")
    return render(request, "accounts/bot.html", {
        "is_bot": user.is_outside_bot, "may_upgrade": not user.is_computer and not bots.has_played(user),
        "token": bots.token_info(user) if user.is_outside_bot else None, "new_token": new_token,
    })
