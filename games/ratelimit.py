"""Per-connection message rate limit of the live table (issue 8; wsproto "Errors").

A token bucket: ``burst`` messages at once, refilled at ``rate`` messages per second. A
message that finds the bucket empty is refused (the consumer answers ``rate_limited`` and
drops it). Refused messages also add to a *flood score* that drains at half the refill
rate; a connection whose score passes ``flood_limit`` keeps sending well above the limit
(e.g. twice the rate for 10 s, or 50 messages at once past the burst) and is closed with
``FLOOD_CLOSE_CODE``. Time comes from ``time.monotonic`` unless a clock is given (tests).
"""
from __future__ import annotations

import time
from typing import Callable

FLOOD_CLOSE_CODE = 4429
"""WebSocket close code for a connection closed for flooding ("too many requests")."""


class TokenBucket:
    """``allow()`` -> ``"ok"`` | ``"limited"`` | ``"flood"``.

    ``burst``: bucket size (messages); ``rate``: refill, messages per second;
    ``flood_limit``: flood score (refused messages, draining at ``rate / 2`` per second)
    that makes a flood. Memory is constant: a few numbers per connection."""

    def __init__(self, burst: int = 20, rate: float = 10.0, flood_limit: int = 50,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if burst < 1 or rate <= 0 or flood_limit < 1:
            raise ValueError("burst and flood_limit must be >= 1 and rate > 0")
        self.burst = burst
        self.rate = rate
        self.flood_limit = flood_limit
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.score = 0.0

    def allow(self) -> str:
        now = self.clock()
        elapsed = max(0.0, now - self.stamp)
        self.stamp = now
        self.tokens = min(float(self.burst), self.tokens + elapsed * self.rate)
        self.score = max(0.0, self.score - elapsed * self.rate / 2)
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return "ok"
        self.score += 1.0
        return "flood" if round(self.score, 6) >= self.flood_limit else "limited"   # no float dust


def for_connection() -> TokenBucket:
    """A bucket with the site's limits: ``settings.WS_RATE_BURST`` (default 20),
    ``WS_RATE_PER_SECOND`` (10) and ``WS_FLOOD_LIMIT`` (50)."""
    from django.conf import settings

    return TokenBucket(burst=int(getattr(settings, "WS_RATE_BURST", 20)),
                       rate=float(getattr(settings, "WS_RATE_PER_SECOND", 10.0)),
                       flood_limit=int(getattr(settings, "WS_FLOOD_LIMIT", 50)))
