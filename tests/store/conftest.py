"""Store test backends: SQLite always; PostgreSQL from TABLESPORT_TEST_PG, else 127.0.0.1:5432/test when it
answers (user root, then postgres). Each test run works in its own schema, dropped at the end."""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

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
    base, why = _pg_base_url()
    if base is None:
        pytest.skip(f"PostgreSQL tests skipped: {why}")
    schema = f"ts_tournament_{os.getpid()}_{secrets.token_hex(4)}"
    admin = make_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "sqlite":
        eng = upgrade(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    else:
        url = request.getfixturevalue("pg_url")
        eng = upgrade(url)
    yield eng
    eng.dispose()
