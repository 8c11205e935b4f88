"""Open tables that nobody joined go away: a table whose person seats are all still empty
``OPEN_TABLE_SECONDS`` after it was made (``TABLESPORT_OPEN_TABLE_MINUTES``; 0: never) is marked abandoned in
the store, with a note saying why, and leaves the room, so that tables made and left (by a script, say)
do not pile up in memory and in the lobby. A table where anyone has joined, one playing an official
fixture (the referee's, ``desk_live_tables``) and one someone is watching are left alone.
:func:`sweep` runs every ``SWEEP_SECONDS`` in the server (:func:`run`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time

from sqlalchemy import select

from tablesport.store.live_fixtures import LiveFixture
from tablesport.store.tables import ABANDONED, OPEN

from .tables import TableRoom, _abandon

log = logging.getLogger("tablesport.server")

OPEN_TABLE_SECONDS = 60 * 60.0
SWEEP_SECONDS = 60.0
ENV = "TABLESPORT_OPEN_TABLE_MINUTES"


def open_table_seconds() -> float:
    text = os.environ.get(ENV, "").strip()
    return float(text) * 60 if text.replace(".", "", 1).isdigit() else OPEN_TABLE_SECONDS


async def sweep(room: TableRoom, after: float) -> list[str]:
    """Abandon the open tables of ``room`` that nobody joined within ``after`` seconds; their ids."""
    if after <= 0:
        return []
    now = time.time()  # tables are made with the wall time (TableRoom.create)
    stale = [
        t
        for t in room.tables.values()
        if t.status == OPEN
        and now - t.created >= after
        and not t.clients
        and not any(p.joined for p in t.seats if p.kind == "person")
    ]
    if not stale:
        return []

    def official() -> set[str]:
        with room.sessions() as s:
            ids = [t.id for t in stale]
            return set(s.scalars(select(LiveFixture.table_id).where(LiveFixture.table_id.in_(ids))))

    fixtures = await asyncio.to_thread(official)
    gone = []
    for table in stale:
        if table.id in fixtures or table.status != OPEN or table.clients:
            continue
        minutes = round(after / 60)
        table.halt()
        table.status = ABANDONED
        room.tables.pop(table.id, None)
        await room.writer.submit(_abandon(table.id, f"nobody joined within {minutes} minutes"))
        gone.append(table.id)
    if gone:
        log.info("abandoned %d open tables nobody joined", len(gone))
    return gone


async def run(room: TableRoom, every: float = SWEEP_SECONDS) -> None:
    """Sweep every ``every`` seconds until cancelled (a failed sweep is logged and the next one runs)."""
    while True:
        await asyncio.sleep(every)
        try:
            await sweep(room, open_table_seconds())
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the sweep of open tables failed")


def start(room: TableRoom) -> asyncio.Task[None]:
    return asyncio.create_task(run(room), name="tablesport-open-table-sweep")


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
