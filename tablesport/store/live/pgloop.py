"""Prepared statements straight through libpq on the event loop: the hosted writer's hot path.

A plain step's commit is one ``INSERT`` (writer.py); through the driver's asynchronous cursor each one
also cost the loop an adaptation of its parameters, a cursor, generators, and registering the socket with
the loop and taking it off again around every wait. Here the statement is prepared once per connection
and shape, its parameters go as text, and the socket stays registered for as long as the connection
lives: a commit is one send and, when the socket is readable, one read of the result
(``bench.hosted_load``: about a tenth of a server's processor time at 3,000 tables went to the cursor).

One statement at a time; anything that goes wrong (an error of the statement, the connection lost)
raises, and the caller drops the connection (:meth:`LoopStatements.close`) and opens a fresh one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import psycopg
from psycopg import pq


class LoopStatements:
    """Run prepared statements that return no rows on ``conn`` (an open ``psycopg.AsyncConnection`` in
    autocommit), from the event loop it was opened in."""

    def __init__(self, conn: psycopg.AsyncConnection[Any]) -> None:
        self.conn = conn
        self.pg = conn.pgconn
        self.pg.nonblocking = 1
        self.loop = asyncio.get_running_loop()
        self.prepared: set[bytes] = set()
        self.waiting: asyncio.Future[list[pq.abc.PGresult]] | None = None
        self.broken: BaseException | None = None
        self.fd = self.pg.socket
        self.loop.add_reader(self.fd, self._readable)

    def _readable(self) -> None:
        try:
            self.pg.consume_input()
            if self.pg.status == pq.ConnStatus.BAD:
                raise psycopg.OperationalError("the connection to the store was lost")
        except Exception as exc:  # the server went away: nothing more will come on this socket
            self._break(exc)
            return
        if self.waiting is None or self.pg.is_busy():
            return
        fut, self.waiting = self.waiting, None
        results = []
        while (res := self.pg.get_result()) is not None:
            results.append(res)
        if not fut.done():
            fut.set_result(results)

    def _break(self, exc: BaseException) -> None:
        self.broken = exc
        self.loop.remove_reader(self.fd)
        fut, self.waiting = self.waiting, None
        if fut is not None and not fut.done():
            fut.set_exception(exc)

    async def execute(self, name: bytes, sql: str, params: list[bytes]) -> None:
        """Run the statement ``sql`` (``$1``… placeholders), prepared under ``name`` the first time."""
        if name not in self.prepared:
            await self._run(lambda: self.pg.send_prepare(name, sql.encode()))
            self.prepared.add(name)
        await self._run(lambda: self.pg.send_query_prepared(name, params))

    async def _run(self, send: Callable[[], None]) -> None:
        if self.broken is not None:
            raise self.broken
        if self.waiting is not None:
            raise RuntimeError("one statement at a time")
        send()
        while self.pg.flush():  # the socket's buffer is full: rare for a statement of a few rows
            await self._writable()
        self.waiting = self.loop.create_future()
        try:
            results = await self.waiting
        except asyncio.CancelledError:
            self._break(psycopg.OperationalError("a statement was cancelled midway"))
            raise
        for res in results:
            if res.status != pq.ExecStatus.COMMAND_OK:
                message = (res.error_message or b"").decode(errors="replace").strip()
                raise psycopg.DatabaseError(message or f"the store answered {pq.ExecStatus(res.status).name}")

    async def _writable(self) -> None:
        fut: asyncio.Future[None] = self.loop.create_future()

        def ready() -> None:
            if not fut.done():
                fut.set_result(None)

        self.loop.add_writer(self.fd, ready)
        try:
            await fut
        finally:
            self.loop.remove_writer(self.fd)

    async def close(self) -> None:
        if self.broken is None:
            self.loop.remove_reader(self.fd)
            self.broken = psycopg.OperationalError("closed")
        await self.conn.close()
