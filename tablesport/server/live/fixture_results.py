"""Fixtures' results that a crash would lose: a table is stored finished in one commit and its fixture's
result entered in the next (:func:`~tablesport.store.live_fixtures.enter_from_table`). Should the server
die in between (or the store refuse the entry for a moment), the table stays finished and its fixture
``playing``; :func:`enter_missed` enters each such result from the stored table, at start-up and then
every minute (:func:`keep_entering`)."""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy.orm import Session, sessionmaker

from tablesport.store import live_fixtures

from ..hosted.errors import store_reads
from .tables import TableRoom

log = logging.getLogger("tablesport.server")

EVERY = 60.0
"""Seconds between two sweeps while the server runs."""

SETTLE = 30.0
"""A table finished this recently is left to its own finish listener."""


async def enter_missed(
    room: TableRoom, sessions: sessionmaker[Session], settle: float | None = None
) -> list[str]:
    """Enter the result of every fixture whose table is stored finished but whose result is not entered
    (``settle``: only tables finished at least that many seconds ago). Returns the tables entered."""

    def find() -> list[str]:
        with store_reads(), sessions() as s:
            return live_fixtures.missed(s, None if settle is None else time.time() - settle)

    done = []
    for tid in await asyncio.to_thread(find):
        try:
            table = await room.stored_finished(tid)
            if table is None:
                continue
            await live_fixtures.enter_from_table(sessions, table)
        except Exception:  # noqa: BLE001 - the next sweep tries again
            log.exception("table %s: its fixture's result is not entered yet; trying again later", tid)
            continue
        log.info("table %s: its fixture's result entered from the stored table", tid)
        done.append(tid)
    return done


async def keep_entering(room: TableRoom, sessions: sessionmaker[Session], every: float = EVERY) -> None:
    """Sweep every ``every`` seconds while the server runs (a task of the room: cancelled at shutdown)."""
    while True:
        await asyncio.sleep(every)
        try:
            await enter_missed(room, sessions, SETTLE)
        except Exception:  # noqa: BLE001 - the store is out of reach: the next sweep tries again
            log.warning("the sweep of fixtures' missed results failed; trying again in %gs", every)
