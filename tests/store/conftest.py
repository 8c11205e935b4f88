"""Store test backends: SQLite always; PostgreSQL from TABLESPORT_TEST_PG, else 127.0.0.1:5432/test when it
answers (user root, then postgres). Each test run works in its own schema, dropped at the end."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, text

from tablesport.store.db import make_engine
from tablesport.store.migrate import upgrade


def _pg_base_url() -> tuple[str | None, str]:
    url = os.environ.get("TABLESPORT_TEST_PG")
    if url:
        return url, "TABLESPORT_TEST_PG"
    s = socket.socket()
    s.settimeout(1)
    try:
        s.connect(("127.0.0.1", 5432))
    except OSError as exc:
        return None, f"nothing answers on 127.0.0.1:5432 ({exc}) and TABLESPORT_TEST_PG is not set"
    finally:
        s.close()
    reasons = []
    for user in ("root", "postgres"):
        candidate = f"postgresql+psycopg://{user}@127.0.0.1:5432/test"
        try:
            with make_engine(candidate).connect() as conn:
                conn.execute(text("select 1"))
            return candidate, "127.0.0.1:5432"
        except Exception as exc:  # noqa: BLE001 - report why
            reasons.append(f"{user}: {str(exc).splitlines()[0]}")
    return None, "127.0.0.1:5432 answers but refuses: " + "; ".join(reasons)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    from tablesport.server.hosted.cluster import scratch_schema

    base, why = _pg_base_url()
    if base is None:
        pytest.skip(f"PostgreSQL tests skipped: {why}")
    assert base is not None
    with scratch_schema(base, "ts_tournament") as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "sqlite":
        eng = upgrade(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    else:
        url = request.getfixturevalue("pg_url")
        eng = upgrade(url)
    yield eng
    eng.dispose()
