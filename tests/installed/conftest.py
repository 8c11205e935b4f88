"""tests/installed run only against the installed wheel (``make test`` builds it: tests/installed_env.py)."""

from __future__ import annotations

import pytest

from tests.installed_env import installed_root


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if installed_root() is not None:
        return
    skip = pytest.mark.skip(
        reason="no installed wheel: run `make installed` and set "
        "TABLESPORT_INSTALLED=build/installed (make test does both)"
    )
    for item in items:
        if "tests/installed/" in str(item.path):
            item.add_marker(skip)
