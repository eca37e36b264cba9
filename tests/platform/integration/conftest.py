"""The integration tests (marker ``integration``) FAIL when PostgreSQL, Redis or the server
programs they start are missing; ``MP_SKIP_INTEGRATION=1`` is the one opt-out: it skips
them all (README, Tests)."""
from __future__ import annotations

import os

import pytest


def pytest_collection_modifyitems(config, items):
    if os.environ.get("MP_SKIP_INTEGRATION") != "1":
        return
    skip = pytest.mark.skip(reason="integration tests skipped (MP_SKIP_INTEGRATION=1)")
    for item in items:
        if item.get_closest_marker("integration"):
            item.add_marker(skip)
