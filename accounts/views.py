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
    built-in computer; each is labelled with the computer badge."""
    from .computers import ensure_computer_accounts

    roster = sorted(ensure_computer_accounts(), key=lambda u: u.username)
    return render(request, "accounts/computers.html", {"computers": roster})


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's password-reset confirmation; a new password also ends a log-in lock-out of
    that account (django-axes, ``accounts.throttle``): the owner proved the e-mail address."""

    def form_valid(self, form):
        from axes.utils import reset

        response = super().form_valid(form)
        reset(username=form.user.get_username().lower())
        return response
