from __future__ import annotations

import os

import pytest

# The suite runs the pure Python package even where a compiled build lies beside the source
# (tablesport/compiled_build.py; tests/sanguosha/test_compiled_build.py checks that build itself).
os.environ["TABLESPORT_PURE"] = "1"


def slow_scale() -> float:
    """SLOW_SCALE scales the size of the slow randomized runs (1.0 = the full run)."""
    return float(os.environ.get("SLOW_SCALE", "1"))


@pytest.fixture
def scale() -> float:
    return slow_scale()
