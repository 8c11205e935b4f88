"""tablesport/store/live/pgloop.py, the hosted writer's statements straight through libpq on the event loop:
rows written by a statement prepared once; a statement the store refuses raises with the store's own
message and leaves the connection usable; a statement larger than the socket's buffer waits for it to
drain; a connection the server ends while idle makes the next statement raise at once (no busy loop
on a dead socket)."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest
from sqlalchemy import create_engine, text

from tablesport.store.live.pgloop import LoopStatements

from ..hosted.conftest import run_async

CREATE = "CREATE TABLE IF NOT EXISTS loop_rows (k integer PRIMARY KEY, v text)"
INSERT = "INSERT INTO loop_rows (k, v) VALUES ($1, $2)"


def _connect_args(pg_url: str) -> dict[str, Any]:
    engine = create_engine(pg_url)
    _, params = engine.dialect.create_connect_args(engine.url)
    params.pop("context", None)
    engine.dispose()
    return {**params, "autocommit": True}


def test_prepared_once_store_errors_big_statements_and_a_lost_connection(pg_url: str) -> None:
    params = _connect_args(pg_url)

    async def go() -> None:
        conn = await psycopg.AsyncConnection.connect(**params)
        await conn.execute(CREATE)
        await conn.execute("TRUNCATE loop_rows")
        loop = LoopStatements(conn)
        try:
            for k in range(1, 4):
                await loop.execute(b"ins", INSERT, [b"%d" % k, b"row"])
            assert loop.prepared == {b"ins"}
            with pytest.raises(psycopg.DatabaseError, match="duplicate key"):
                await loop.execute(b"ins", INSERT, [b"1", b"again"])
            big = b"x" * (8 << 20)  # well past a socket's buffer: sent as the socket drains
            await loop.execute(b"ins", INSERT, [b"4", big])
            async with await psycopg.AsyncConnection.connect(**params) as other:
                rows = await (await other.execute("SELECT k, length(v) FROM loop_rows ORDER BY k")).fetchall()
                assert rows == [(1, 3), (2, 3), (3, 3), (4, len(big))]
                await other.execute("SELECT pg_terminate_backend(%s)", [conn.info.backend_pid])
            for _ in range(20):  # the socket says the server hung up; the reader is taken off it
                if loop.broken is not None:
                    break
                await asyncio.sleep(0.05)
            assert loop.broken is not None
            with pytest.raises(psycopg.OperationalError):
                await loop.execute(b"ins", INSERT, [b"5", b"lost"])
        finally:
            await loop.close()

    run_async(go())
    engine = create_engine(pg_url)
    with engine.begin() as c:
        c.execute(text("DROP TABLE loop_rows"))
    engine.dispose()
