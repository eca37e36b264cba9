"""Log-in throttling with django-axes (issue 8; P-ACCT-5).

``AXES_FAILURE_LIMIT`` (default 10) failed log-ins for one username from one IP address lock
that pair out for ``AXES_COOLOFF_TIME`` (default 15 minutes): every further attempt, even
with the right password, is refused with HTTP 429 and the "too many attempts" page
(``registration/locked_out.html``). A successful log-in clears the count. The count lives in
the database (``axes.AccessAttempt``), shared by every server process. Usernames are counted
case-insensitively, as they log in (P-ACCT-1).
"""
from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' standalone backend, first in ``AUTHENTICATION_BACKENDS``: refuses a
    locked-out username+IP before any password is checked (raises axes'
    ``AxesBackendPermissionDenied``, which ``authenticate`` turns into a failed log-in).

    Every log-in form of the site (log-in, admin) passes the request. A call without one
    (server-side code, the test client's ``login()``) is not a client's attempt: it is let
    through to the next backend instead of raising ``AxesBackendRequestParameterRequired``.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)

    def get_user(self, user_id):
        """The account of a session that names this backend (Django's test client
        ``force_login`` and any ``login()`` without a backend take the first one listed):
        loaded as ``ModelBackend`` would, so such a session works on pages and WebSockets
        instead of failing with an AttributeError (HTTP 500 at the handshake)."""
        from django.contrib.auth.backends import ModelBackend

        return ModelBackend().get_user(user_id)


def username_of(request, credentials: dict | None) -> str | None:
    """The username an attempt is counted under (``AXES_USERNAME_CALLABLE``): the submitted
    ``username``, case-folded as log-in matches it, at most 150 characters; ``None`` when
    absent."""
    name = (credentials or {}).get("username")
    if name is None and request is not None and hasattr(request, "POST"):
        name = request.POST.get("username")
    if not isinstance(name, str):
        return None
    return name.strip().lower()[:150]
