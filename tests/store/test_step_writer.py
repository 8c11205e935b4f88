"""The writers' hot path (tablesport/server/writer.py, ``PlainSteps``): plain steps go straight through the
driver on a connection of the writer's own, on SQLite and PostgreSQL alike; when the store drops that
connection (PostgreSQL restarting) the batch is saved through a session and the next one opens a fresh
connection; a step already stored is refused, never written twice."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import Engine, select, text

from tablesport.server.writer import InlineWriter, StepSave, Writer
from tablesport.store.db import make_sessionmaker
from tablesport.store.tables import WebStep, WebTable

from ..hosted.conftest import run_async


def _step(tid: str, i: int) -> StepSave:
    line = {"i": i, "t": "act", "seat": 0, "action": [i], "h": f"{i:016x}"}
    return StepSave({"table_id": tid, "i": i, "line": line, "at": time.time(), "meta": {"timers": {}}}, None)


def _drop_connection(engine: Engine, raw: Any) -> None:
    """What a restart of the store does to the writer's own connection."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_terminate_backend(:pid)"),
                         {"pid": raw.driver_connection.info.backend_pid})
    else:
        raw.driver_connection.close()


@pytest.mark.parametrize("threaded", [False, True], ids=["inline", "thread"])
def test_plain_steps_take_the_driver_and_survive_a_dropped_connection(engine: Engine, threaded: bool) -> None:
    sessions = make_sessionmaker(engine)
    tid = f"writer-{threaded}"  # the PostgreSQL schema is the session's: one table per test
    with sessions() as s:
        s.add(WebTable(id=tid, game="goofspiel", preset="goofspiel-2p", seed=1, status="running", header={},
                       created=0.0, updated=0.0))
        s.commit()

    async def go() -> None:
        writer = Writer(sessions) if threaded else InlineWriter(sessions)
        try:
            await writer.submit(_step(tid, 1))
            raw = writer.plain.raw
            assert raw is not None, "the plain step did not take the driver's path"
            first = raw.driver_connection
            _drop_connection(engine, raw)
            await writer.submit(_step(tid, 2))  # the dropped connection fails; the session saves it
            await writer.submit(_step(tid, 3))  # a fresh connection of its own again
            assert writer.plain.raw is not None and writer.plain.raw.driver_connection is not first
            with pytest.raises(RuntimeError, match="could not save"):
                await writer.submit(_step(tid, 3))  # stored already: refused, not written twice
        finally:
            writer.close()

    run_async(go())  # a browser test of the same worker may have left an event loop in this thread
    with sessions() as s:
        rows = s.scalars(select(WebStep).where(WebStep.table_id == tid).order_by(WebStep.i)).all()
        stored = [(r.i, r.line["action"], r.meta) for r in rows]
    assert stored == [(i, [i], {"timers": {}}) for i in (1, 2, 3)]
