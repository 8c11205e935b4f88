"""Database URL, engine and the declarative base shared by every store module.

``TABLESPORT_DB`` selects the database (any SQLAlchemy URL, e.g.
``postgresql+psycopg://127.0.0.1:5432/test``); the default is the SQLite file
``data/tablesport.sqlite3`` in the working directory.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, sessionmaker


class Base(DeclarativeBase):
    pass


def default_url() -> str:
    url = os.environ.get("TABLESPORT_DB")
    if url:
        return url
    path = Path("data") / "tablesport.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


BUSY_TIMEOUT_MS = 5_000
"""How long a SQLite connection waits for another writer's lock before it reports the store busy."""


def make_engine(url: str | None = None) -> Engine:
    url = url or default_url()
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("postgresql"):
        from tablesport import extras

        extras.require("postgres", "a PostgreSQL store")
    # a server across the network may restart: a pooled connection is checked before each use, so the
    # first request after a restart gets a fresh connection instead of the dead one's error
    engine = create_engine(url, future=True, pool_pre_ping=not url.startswith("sqlite"))
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn, _record):  # type: ignore[no-untyped-def]
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cur.close()

    return engine


def make_sessionmaker(engine: Engine) -> sessionmaker:  # type: ignore[type-arg]
    return sessionmaker(engine, expire_on_commit=False, future=True)


T = TypeVar("T")


async def retry_locked(run: Callable[[], Awaitable[T]], tries: int = 6) -> T:
    """``await run()``, again after a moment when SQLite reports the store busy (another writer committed
    after this one read: a live table's result must not be lost to a referee's write at the same time).
    ``run`` must be a whole unit of work (rolled back when it fails)."""
    for k in range(tries):
        try:
            return await run()
        except OperationalError as exc:
            if "locked" not in str(exc) or k == tries - 1:
                raise
            await asyncio.sleep(0.05 * (k + 1))
    raise AssertionError("unreachable: the last try returns or raises")
