"""Rating display for profiles and ``/api/me/`` (P-RATE-1, P-RATE-6, P-LB-3): the stored
ratings of the ``leaderboard`` app (``leaderboard.ratings.rating_rows``)."""
from __future__ import annotations

from leaderboard.ratings import FAMILIES, rating_rows  # noqa: F401  (re-exported)
