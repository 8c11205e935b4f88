from __future__ import annotations

import os

import pytest


def slow_scale() -> float:
    """SLOW_SCALE scales the size of the slow randomized runs (1.0 = the full run)."""
    return float(os.environ.get("SLOW_SCALE", "1"))


@pytest.fixture
def scale() -> float:
    return slow_scale()
