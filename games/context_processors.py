"""Site-wide banners for ``base.html`` (P-CONN-5 "Return to your game", P-ACCT-2 e-mail)."""
from __future__ import annotations


def site_banners(request) -> dict:
    """``return_to_game``: the newest unfinished game of the signed-in user, or None;
    ``email_unconfirmed``: True for a signed-in human whose e-mail is not confirmed."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"return_to_game": None, "email_unconfirmed": False}

    def newest():
        from .selectors import unfinished_games_of
        return unfinished_games_of(user).first()

    return {"return_to_game": newest, "email_unconfirmed": not user.email_confirmed}
