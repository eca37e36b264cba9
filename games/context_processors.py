"""Site-wide banners for ``base.html`` (P-CONN-5 "Return to your game", P-ACCT-2 e-mail,
P-TABLE-6 invitations)."""
from __future__ import annotations


def site_banners(request) -> dict:
    """``return_to_game``: the newest unfinished game of the signed-in user (practice
    included), or None (P-CONN-5); ``email_unconfirmed``: True for a signed-in human whose
    e-mail is not confirmed; ``table_invitations``: pending invitations to tables, the in-site
    notifications with Accept/Decline (P-TABLE-6, P-SPECT-1). Lazy: read only if shown."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"return_to_game": None, "email_unconfirmed": False, "table_invitations": ()}

    def newest():
        from .selectors import unfinished_games_of
        return unfinished_games_of(user).first()

    def invitations():
        from .tables import pending_invitations
        return pending_invitations(user)

    return {"return_to_game": newest, "email_unconfirmed": not user.email_confirmed,
            "table_invitations": invitations}
