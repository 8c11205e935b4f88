"""Group commit: every step of every table is written before any client hears of it, and the
jobs queued meanwhile are committed together in one transaction.

Two writers with one interface (``submit(job) -> Future``, ``close()``):

* :class:`Writer` for a database across the network (PostgreSQL), whose round trips must not hold
  up the event loop: the plain steps (the hot path) go through a connection of the event loop's own
  (:class:`LoopSteps`: asynchronous, one statement per batch), every other job through a thread of
  its own;
* :class:`InlineWriter` runs them in the event loop itself, once per loop iteration: for the
  embedded SQLite file, where a commit is a few hundred microseconds of CPU (WAL,
  ``synchronous=NORMAL``) and a second thread would mostly wait for the interpreter lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from .jsontext import compact

log = logging.getLogger("tablesport.server")

Job = Callable[[Session], Any]


class NotSaved(RuntimeError):
    """A job the store did not commit (out of reach, or it refused the change): nothing of it was saved."""


class StepSave:
    """One table's step: a row for ``web_steps`` (or none) and the table's new values.

    ``table`` is ``None`` for a plain step (the table row changes only with its status).
    Saves are not run one by one: a batch writes all its step rows with one ``executemany``
    insert and all its table rows with one ``executemany`` update.
    """

    __slots__ = ("step", "table")

    def __init__(self, step: dict[str, Any] | None, table: dict[str, Any] | None) -> None:
        self.step = step
        self.table = table

    def __call__(self, session: Session) -> None:  # used when a batch is retried job by job
        write_saves(session, [self])


def write_saves(session: Session, saves: list[StepSave]) -> None:
    from sqlalchemy import bindparam, insert, update

    from tablesport.store.tables import WebStep, WebTable

    steps = [s.step for s in saves if s.step is not None]
    if steps:
        session.execute(insert(WebStep), steps)
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for s in saves:
        if s.table is None:
            continue
        groups.setdefault(tuple(sorted(k for k in s.table if k != "id")), []).append(s.table)
    for cols, rows in groups.items():
        stmt = (update(WebTable).where(WebTable.id == bindparam("b_id"))
                .values({c: bindparam(f"b_{c}") for c in cols}))
        session.connection().execute(stmt, [{f"b_{k}": v for k, v in r.items()} for r in rows])


class PlainSteps:
    """The hot path of both writers: a batch of plain steps (rows of ``web_steps``, no table row) straight
    through the driver on a connection of its own. On SQLite one ``executemany`` and one commit; on
    PostgreSQL one ``INSERT`` of all the batch's rows on a connection in autocommit (one statement is one
    transaction: all its rows or none), which the driver prepares once per batch size — one round trip
    where a transaction takes three (begin and insert, then commit), and about a third of the processor
    time (``bench.store_writer``). A connection that failed is discarded (the next batch opens a fresh
    one: the store may have restarted); the caller then retries the batch through a session, which says
    which job, if any, the store refuses."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.engine = sessions.kw["bind"]
        self.postgres = self.engine.dialect.name == "postgresql"
        self.raw: Any = None

    def statement(self, rows: int) -> str:
        """The insert of ``rows`` rows (one row for SQLite's ``executemany``)."""
        return steps_insert(rows, "%s", "::json") if self.postgres else steps_insert(rows, "?", "")

    def _connect(self) -> Any:
        raw = self.engine.raw_connection()
        if self.postgres:
            driver = raw.driver_connection
            driver.rollback()  # the pool's liveness check may have opened a transaction
            driver.autocommit = True
        return raw

    def insert(self, saves: list[StepSave]) -> None:
        rows = step_rows(saves)
        if not rows:
            return
        if self.raw is None:
            self.raw = self._connect()
        try:
            if self.postgres:
                self.raw.driver_connection.execute(self.statement(len(rows)), flat(rows))
            else:
                cur = self.raw.cursor()
                cur.executemany(self.statement(1), rows)
                self.raw.commit()
                cur.close()
        except Exception:
            with contextlib.suppress(Exception):
                self.raw.invalidate()  # not back to the pool: the next batch opens a fresh connection
            self.raw = None
            raise

    def close(self) -> None:
        if self.raw is not None:
            with contextlib.suppress(Exception):
                if self.postgres:
                    self.raw.driver_connection.autocommit = False  # back to the pool as the pool lent it
                self.raw.close()
            self.raw = None


@functools.cache
def steps_insert(rows: int, mark: str, as_json: str) -> str:
    """The ``INSERT`` of ``rows`` rows of ``web_steps``: placeholders ``mark`` (``$`` for numbered ones,
    ``$1``, ``$2``…), ``as_json`` the cast of the two JSON columns."""
    values = []
    for k in range(rows):
        a, b, c, d, e = (f"${5 * k + j}" if mark == "$" else mark for j in range(1, 6))
        values.append(f"({a}, {b}, {c}{as_json}, {d}, {e}{as_json})")
    return "INSERT INTO web_steps (table_id, i, line, at, meta) VALUES " + ", ".join(values)


def step_rows(saves: list[StepSave]) -> list[tuple[Any, ...]]:
    """The ``web_steps`` rows of ``saves``, JSON columns as text."""
    return [(step["table_id"], step["i"], compact(step["line"]), step["at"], compact(step["meta"]))
            for step in (s.step for s in saves) if step is not None]


def flat(rows: list[tuple[Any, ...]]) -> list[Any]:
    """The parameters of a multi-row insert: the rows' values one after the other."""
    return [v for row in rows for v in row]


class LoopSteps:
    """PostgreSQL's hot path inside the event loop: each batch of plain steps is one ``INSERT`` of its rows,
    prepared once per batch size, on an asynchronous connection in autocommit (one statement, one
    transaction), sent straight through libpq (:mod:`.pgloop`). A step's commit then costs the loop one
    send and one read, where the writer's thread cost a hand-over of the interpreter each way and a
    wake-up of the loop (``bench.hosted_load``: the thread alone took a fifth of a server's processor
    time). A connection that failed is closed; the next batch opens a fresh one."""

    CONNECT_TIMEOUT = 5

    def __init__(self, plain: PlainSteps) -> None:
        engine = plain.engine
        _, params = engine.dialect.create_connect_args(engine.url)
        params.pop("context", None)  # the ORM's adapters: the parameters go as text
        self.params = {**params, "autocommit": True, "connect_timeout": self.CONNECT_TIMEOUT}
        self.statements: Any = None

    @property
    def conn(self) -> Any:
        """The driver's connection (``None`` between a failure and the next batch)."""
        return None if self.statements is None else self.statements.conn

    async def insert(self, saves: list[StepSave]) -> None:
        import psycopg

        from .pgloop import LoopStatements

        rows = step_rows(saves)
        if not rows:
            return
        if self.statements is None:
            self.statements = LoopStatements(await psycopg.AsyncConnection.connect(**self.params))
        try:
            await self.statements.execute(b"ts_steps_%d" % len(rows), steps_insert(len(rows), "$", "::json"),
                                          [str(v).encode() for v in flat(rows)])
        except BaseException:
            await self.aclose()
            raise

    async def aclose(self) -> None:
        statements, self.statements = self.statements, None
        if statements is not None:
            with contextlib.suppress(Exception):
                await statements.close()


def plain_only(jobs: list[Job]) -> list[StepSave] | None:
    """The batch's steps if every job is a plain step (the hot path can take it), else ``None``."""
    plain = [job for job in jobs if isinstance(job, StepSave) and job.table is None]
    return plain if len(plain) == len(jobs) else None


SWITCH_INTERVAL = 0.001
"""The interpreter's switch interval (seconds) while a :class:`Writer` thread runs. The thread waits for
PostgreSQL with the interpreter released and then needs it back for a moment; at Python's default (5 ms)
a busy event loop kept it waiting up to that long each time (``bench.hosted_load``, 3,000 tables on two
processes: 8.8 ms of commit wait per action and p99 112 ms; at 1 ms, 4.3 ms and 49 ms)."""


class Writer:
    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self.queue: queue.SimpleQueue[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop] | None] = (
            queue.SimpleQueue()
        )
        self.thread = threading.Thread(target=self._run, name="tablesport-writer", daemon=True)
        self.commits = 0
        self.jobs = 0
        self.commit_seconds = 0.0
        self.plain = PlainSteps(sessions)
        self.fast = LoopSteps(self.plain) if self.plain.postgres else None
        self.pending: list[tuple[StepSave, asyncio.Future[Any]]] = []
        self.flushing: asyncio.Task[None] | None = None
        self.thread.start()

    def submit(self, job: Job) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        if self.fast is not None and isinstance(job, StepSave) and job.table is None:
            self.pending.append((job, fut))
            if self.flushing is None:
                self.flushing = loop.create_task(self._flush())
            return fut
        self.queue.put((job, fut, loop))
        return fut

    async def _flush(self) -> None:
        """Commit the plain steps in the loop, each batch what came while the one before was written; a
        batch the loop's connection could not write goes to the thread, which says which step, if any,
        the store refuses."""
        assert self.fast is not None
        loop = asyncio.get_running_loop()
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                t0 = time.perf_counter()
                try:
                    await self.fast.insert([job for job, _ in batch])
                except Exception as exc:
                    log.warning("store: plain steps not written in the loop (%s); through the thread", exc)
                    for job, fut in batch:
                        self.queue.put((job, fut, loop))
                    continue
                self.commits += 1
                self.jobs += len(batch)
                self.commit_seconds += time.perf_counter() - t0
                for _, fut in batch:
                    _done(fut, None)
        finally:
            self.flushing = None

    async def aclose(self) -> None:
        """Close the loop's connection once its last batch is written (then :meth:`close`)."""
        if self.flushing is not None:
            await asyncio.gather(self.flushing, return_exceptions=True)
        if self.fast is not None:
            await self.fast.aclose()

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=10)
        self.plain.close()

    def _run(self) -> None:
        stop = False
        while not stop:
            first = self.queue.get()
            if first is None:
                return
            batch = [first]
            while True:
                try:
                    nxt = self.queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                batch.append(nxt)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]]) -> None:
        t0 = time.perf_counter()
        plain = plain_only([job for job, _, _ in batch])
        if plain is not None:
            try:
                self.plain.insert(plain)
            except Exception:
                log.warning("store: plain step insert failed; retrying through the session", exc_info=True)
            else:
                self._resolved(batch, [None] * len(batch), t0)
                return
        try:
            with self.sessions() as session:
                saves = [job for job, _, _ in batch if isinstance(job, StepSave)]
                results = [None if isinstance(job, StepSave) else job(session) for job, _, _ in batch]
                if saves:
                    write_saves(session, saves)
                session.commit()
        except Exception:
            if len(batch) > 1:  # isolate the failing job: commit each on its own
                for item in batch:
                    self._commit([item])
                return
            log.exception("store job failed")
            job, fut, loop = batch[0]
            exc = NotSaved("the store could not save this step")
            loop.call_soon_threadsafe(_fail, fut, exc)
            return
        self._resolved(batch, results, t0)

    def _resolved(self, batch: list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]],
                  results: list[Any], t0: float) -> None:
        self.commits += 1
        self.jobs += len(batch)
        self.commit_seconds += time.perf_counter() - t0
        loops: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
        for (_, fut, loop), res in zip(batch, results, strict=True):
            loops.setdefault(loop, []).append((fut, res))
        for loop, done in loops.items():  # one wake-up of each loop for the whole batch
            loop.call_soon_threadsafe(_all_done, done)


def _all_done(done: list[tuple[asyncio.Future[Any], Any]]) -> None:
    for fut, value in done:
        _done(fut, value)


def _done(fut: asyncio.Future[Any], value: Any) -> None:
    if not fut.done():
        fut.set_result(value)


def _fail(fut: asyncio.Future[Any], exc: BaseException) -> None:
    if not fut.done():
        fut.set_exception(exc)


class InlineWriter:
    """Group commit inside the event loop (SQLite): jobs submitted during one loop iteration are
    committed together at the end of it."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions
        self.pending: list[tuple[Job, asyncio.Future[Any]]] = []
        self.commits = 0
        self.jobs = 0
        self.commit_seconds = 0.0
        self._scheduled = False
        self.plain = PlainSteps(sessions)

    def submit(self, job: Job) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self.pending.append((job, fut))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush)
        return fut

    def _flush(self) -> None:
        self._scheduled = False
        batch, self.pending = self.pending, []
        if batch:
            self._commit(batch)

    def _commit(self, batch: list[tuple[Job, asyncio.Future[Any]]]) -> None:
        t0 = time.perf_counter()
        plain = plain_only([job for job, _ in batch])
        if plain is not None:
            try:
                self.plain.insert(plain)
            except Exception:
                log.exception("store: plain step insert failed; retrying through the session")
            else:
                self._resolved(batch, [None] * len(batch), t0)
                return
        try:
            with self.sessions() as session:
                saves = [job for job, _ in batch if isinstance(job, StepSave)]
                results = [None if isinstance(job, StepSave) else job(session) for job, _ in batch]
                if saves:
                    write_saves(session, saves)
                session.commit()
        except Exception:
            if len(batch) > 1:
                for item in batch:
                    self._commit([item])
                return
            log.exception("store job failed")
            _fail(batch[0][1], NotSaved("the store could not save this step"))
            return
        self._resolved(batch, results, t0)

    def _resolved(self, batch: list[tuple[Job, asyncio.Future[Any]]], results: list[Any], t0: float) -> None:
        self.commits += 1
        self.jobs += len(batch)
        self.commit_seconds += time.perf_counter() - t0
        for (_, fut), res in zip(batch, results, strict=True):
            _done(fut, res)

    def close(self) -> None:
        self._flush()
        self.plain.close()
