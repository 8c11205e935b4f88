"""The writers' hot path (tablesport/store/live/writer.py): plain steps go straight through the driver on a
connection of the writer's own (``PlainSteps``; on PostgreSQL the threaded writer's is the event loop's,
``LoopSteps``); when the store drops that connection (PostgreSQL restarting) the batch is saved another
way (the thread, a session) and the next one opens a fresh connection; a step already stored is
refused, never written twice."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import Engine, select, text

from tablesport.store.db import make_sessionmaker
from tablesport.store.live.writer import InlineWriter, StepSave, Writer
from tablesport.store.tables import WebStep, WebTable

from ..hosted.conftest import run_async


def _step(tid: str, i: int) -> StepSave:
    line = {"i": i, "t": "act", "seat": 0, "action": [i], "h": f"{i:016x}"}
    return StepSave({"table_id": tid, "i": i, "line": line, "at": time.time(), "meta": {"timers": {}}}, None)


def _own_connection(writer: Writer | InlineWriter) -> Any:
    """The driver's connection that the writer's last plain step went through (``None``: none did)."""
    if isinstance(writer, Writer) and writer.fast is not None:
        return writer.fast.conn
    return None if writer.plain.raw is None else writer.plain.raw.driver_connection


def _drop_connection(engine: Engine, conn: Any) -> None:
    """What a restart of the store does to the writer's own connection."""
    if engine.dialect.name == "postgresql":
        with engine.connect() as c:
            c.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": conn.info.backend_pid})
    else:
        conn.close()


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
            first = _own_connection(writer)
            assert first is not None, "the plain step did not take the driver's path"
            _drop_connection(engine, first)
            await writer.submit(_step(tid, 2))  # the dropped connection fails; another way saves it
            await writer.submit(_step(tid, 3))  # a fresh connection of its own again
            assert _own_connection(writer) not in (None, first)
            with pytest.raises(RuntimeError, match="could not save"):
                await writer.submit(_step(tid, 3))  # stored already: refused, not written twice
        finally:
            if isinstance(writer, Writer):
                await writer.aclose()
            writer.close()

    run_async(go())  # a browser test of the same worker may have left an event loop in this thread
    with sessions() as s:
        rows = s.scalars(select(WebStep).where(WebStep.table_id == tid).order_by(WebStep.i)).all()
        stored = [(r.i, r.line["action"], r.meta) for r in rows]
    assert stored == [(i, [i], {"timers": {}}) for i in (1, 2, 3)]
