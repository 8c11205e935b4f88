from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.process import ServerProcess


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("live") / "live.sqlite3").start()
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture
def api(tmp_path: Path) -> Iterator[Any]:
    """An app with a stored event ("Club day"), a token for it with every scope and a live table."""
    from .api_fixtures import make_api

    yield from make_api(tmp_path)
