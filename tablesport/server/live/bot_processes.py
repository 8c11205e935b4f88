"""Where the server's bots think: a bounded pool of worker processes of their own (:class:`ProcessBotPool`),
so that however hard the bots think, the pages, sign-ins and store reads of the server do not wait for them,
not even for the interpreter's lock. Each worker is ``python -m tablesport.server.live.bot_worker``
(:mod:`.bot_worker`: it rebuilds a table from its record and keeps it for the table's next move).

A table's move has a budget of time (``TABLESPORT_BOT_SECONDS``, default 10 s, and at most the decision's
own time limit): a bot's ``seconds`` option above it is cut to it, so that a searching bot plays its best
move so far; a worker that has not answered at twice the budget (and a second) is stopped and another one
started, and the move is the game's rule-of-thumb bot's (the bot that stands in for an absent player). A
worker that dies is replaced the same way: a table never stalls for its bot. One table holds at most
:attr:`ProcessBotPool.share` of the workers at once, so that the other tables' bots still move.

Configuration (environment): ``TABLESPORT_BOT_POOL`` ``processes`` (default) or ``threads`` (the older
pool of threads in this process, :class:`.bot_pool.BotPool`, kept to compare); ``TABLESPORT_BOT_PROCESSES``
the workers (default: the machine's processors less one, at least one); ``TABLESPORT_BOT_SECONDS`` the
budget of a move; ``TABLESPORT_BOT_NICE`` how much lower the workers' priority is (default 5)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import sys
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import Action, Bot, Decision, RandomBot, TablesportError, canon

from .bot_pool import BotPool
from .bot_worker import HEADER, READY, RESYNC, TABLES_KEPT, Ask

if TYPE_CHECKING:
    from .table import LiveTable

log = logging.getLogger("tablesport.server")

POOL_ENV = "TABLESPORT_BOT_POOL"
PROCESSES_ENV = "TABLESPORT_BOT_PROCESSES"
SECONDS_ENV = "TABLESPORT_BOT_SECONDS"
NICE_ENV = "TABLESPORT_BOT_NICE"
DEFAULT_SECONDS = 10.0
DEFAULT_NICE = 5
"""How much lower the workers' scheduling priority is than the server's (``nice``): on a machine whose
processors are all busy, a page's work goes first and the bots take what is left."""
STARTUP = 120.0
"""Seconds a new worker may take to import its modules (a loaded machine) before it counts as lost."""
WORKER = "tablesport.server.live.bot_worker"


class BotPoolError(TablesportError):
    """A bot pool setting that is not allowed, or a move asked of a closed pool."""


def _setting(name: str, default: float, whole: bool) -> float:
    given = os.environ.get(name, "").strip()
    if not given:
        return default
    try:
        value = int(given) if whole else float(given)
    except ValueError:
        value = 0
    if value <= 0:
        kind = "a whole number" if whole else "a number of seconds"
        raise BotPoolError(f"{name}={given!r}: must be {kind} above 0")
    return value


def default_processes() -> int:
    return int(_setting(PROCESSES_ENV, max(1, (os.cpu_count() or 2) - 1), whole=True))


def default_seconds() -> float:
    return _setting(SECONDS_ENV, DEFAULT_SECONDS, whole=False)


def default_nice() -> int:
    given = os.environ.get(NICE_ENV, "").strip()
    if not given:
        return DEFAULT_NICE
    if not given.isdigit() or int(given) > 19:
        raise BotPoolError(f"{NICE_ENV}={given!r}: must be a whole number from 0 to 19")
    return int(given)


def configured() -> BotPool | ProcessBotPool:
    """The server's bot pool as its environment says (``TABLESPORT_BOT_POOL``)."""
    kind = os.environ.get(POOL_ENV, "").strip() or "processes"
    if kind == "processes":
        return ProcessBotPool()
    if kind == "threads":
        return BotPool()
    raise BotPoolError(f"{POOL_ENV}={kind!r}: must be 'processes' or 'threads'")


class Worker:
    """One worker process and what it holds of each table (the steps sent to it)."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.known: OrderedDict[str, int] = OrderedDict()
        self.ready = False

    @classmethod
    async def start(cls, nice: int = DEFAULT_NICE) -> Worker:
        flags = ["-P"] if sys.flags.safe_path else []
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *flags,
            "-m",
            WORKER,
            str(nice),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        return cls(proc)

    @property
    def pid(self) -> int:
        return self.proc.pid

    async def _read(self) -> Any:
        assert self.proc.stdout is not None
        head = await self.proc.stdout.readexactly(HEADER.size)
        return pickle.loads(await self.proc.stdout.readexactly(HEADER.unpack(head)[0]))

    async def _write(self, obj: Any) -> None:
        assert self.proc.stdin is not None
        body = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        self.proc.stdin.write(HEADER.pack(len(body)) + body)
        await self.proc.stdin.drain()

    async def wait_ready(self) -> None:
        if not self.ready:
            if await self._read() != READY:
                raise EOFError("the worker did not start")
            self.ready = True

    async def ask(self, table: LiveTable, seat: int, spec: str, bot: Bot, seconds: float) -> tuple[Any, ...]:
        """The worker's reply for ``seat``'s move, sending the table's steps it does not hold yet."""
        lines = table.recorder.lines
        steps = len(lines) - 1
        base = self.known.get(table.id, 0)
        if base > steps:
            base = 0
        while True:
            await self._write(
                Ask(
                    table.id,
                    lines[0],
                    base,
                    lines[base]["h"],
                    lines[base + 1 :],
                    seat,
                    spec,
                    bot.rng.state,
                    seconds,
                )
            )
            reply: tuple[Any, ...] = await self._read()
            if reply[0] != RESYNC or base == 0:
                break
            base = 0
        self.known[table.id] = steps
        self.known.move_to_end(table.id)
        while len(self.known) > TABLES_KEPT:
            self.known.popitem(last=False)
        return reply

    async def stop(self, grace: float = 5.0) -> None:
        """Ask the worker to end; stop it if it has not within ``grace`` seconds."""
        if self.proc.returncode is None and self.proc.stdin is not None:
            try:
                await asyncio.wait_for(self._write(None), grace)
                self.proc.stdin.close()
                await asyncio.wait_for(self.proc.wait(), grace)
            except (OSError, TimeoutError):
                pass
        await self.kill()

    async def kill(self) -> None:
        """Stop the worker at once and close its pipe in: a pipe left open keeps the process's transport
        open after the event loop has closed, to be collected later with an error."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        await self.proc.wait()


class ProcessBotPool:
    """The bots' own bounded pool of worker processes (started as moves need them)."""

    def __init__(
        self, processes: int | None = None, seconds: float | None = None, share: int | None = None
    ) -> None:
        self.size = processes or default_processes()
        self.seconds = seconds or default_seconds()
        self.share = share or max(1, self.size // 2)
        self.nice = default_nice()
        """The workers one table may hold at once."""
        self.cut = 0
        """Moves cut at twice their budget (the rule-of-thumb bot's move played instead)."""
        self.lost = 0
        """Workers lost (cut, died or broken) and so replaced."""
        self._idle: list[Worker] = []
        self._workers: set[Worker] = set()
        self._starting = 0
        self._held: dict[str, int] = {}
        self._busy: dict[Worker, str] = {}
        self._turn = asyncio.Condition()
        self._closed = False

    def pids(self) -> list[int]:
        """The worker processes running now."""
        return sorted(w.pid for w in self._workers if w.proc.returncode is None)

    def thinking_for(self, tid: str) -> list[int]:
        """The workers thinking for table ``tid`` now."""
        return sorted(w.pid for w, t in self._busy.items() if t == tid)

    def budget(self, decision: Decision) -> float:
        """A move's time budget: the pool's, and no more than the decision's own time limit."""
        limit = decision.time_limit
        return min(self.seconds, float(limit)) if limit else self.seconds

    @staticmethod
    def hard_limit(budget: float) -> float:
        """Seconds after which a worker that has not answered is stopped."""
        return 2 * budget + 1

    async def decide(self, table: LiveTable, seat: int, bot: Bot, decision: Decision) -> Action:
        """``seat``'s move by its bot in a worker; the rule-of-thumb bot's if the worker fails or runs out
        of time. A bot that raises raises here (the table then plays a random legal action)."""
        budget = self.budget(decision)
        worker = await self._take(table.id)
        reply: tuple[Any, ...] | None = None
        self._busy[worker] = table.id
        try:
            try:
                await asyncio.wait_for(worker.wait_ready(), STARTUP)
            except TimeoutError as exc:
                raise EOFError(f"no worker started in {STARTUP:.0f} s") from exc
            reply = await asyncio.wait_for(
                worker.ask(table, seat, table.bot_spec(seat), bot, budget), self.hard_limit(budget)
            )
        except TimeoutError:
            self.cut += 1
            log.warning(
                "table %s: the bot of seat %d ran past %.1f s; the rule-of-thumb bot moves",
                table.id,
                seat,
                self.hard_limit(budget),
            )
        except (OSError, EOFError, asyncio.IncompleteReadError, pickle.UnpicklingError) as exc:
            log.warning(
                "table %s: the bot worker of seat %d was lost (%s); the rule-of-thumb bot moves",
                table.id,
                seat,
                exc or type(exc).__name__,
            )
        finally:
            self._busy.pop(worker, None)
            await self._give(table.id, worker, healthy=reply is not None)
        if reply is None:
            return self.rule_of_thumb(table, seat, bot, decision)
        if reply[0] != "move":
            raise BotPoolError(f"the bot of seat {seat} failed in its worker: {reply[1]}")
        bot.rng.state = reply[2]
        return canon(reply[1])

    @staticmethod
    def rule_of_thumb(table: LiveTable, seat: int, bot: Bot, decision: Decision) -> Action:
        """The move of the game's rule-of-thumb bot (the stand-in for an absent player; random where the
        game has none), with the seat's own random generator: cheap, played in this process."""
        factories = bot_factories(table.game)
        try:
            choice = BotChoice.parse(table.away.policy.stand_in, factories)
            thumb = factories[choice.name](bot.rng, **choice.options)
        except TablesportError:
            thumb = RandomBot(bot.rng)
        return thumb.act(table.state, seat, decision)

    async def _take(self, tid: str) -> Worker:
        async with self._turn:
            await self._turn.wait_for(
                lambda: (
                    self._closed
                    or (
                        self._held.get(tid, 0) < self.share
                        and (bool(self._idle) or len(self._workers) + self._starting < self.size)
                    )
                )
            )
            if self._closed:
                raise BotPoolError("the bot pool is closed (the server is stopping)")
            self._held[tid] = self._held.get(tid, 0) + 1
            if self._idle:  # the worker that holds this table already, if one is free
                worker = next((w for w in self._idle if tid in w.known), self._idle[-1])
                self._idle.remove(worker)
                return worker
            self._starting += 1
        try:
            worker = await Worker.start(self.nice)
        except BaseException:
            async with self._turn:
                self._starting -= 1
                self._let_go(tid)
            raise
        async with self._turn:
            self._starting -= 1
            closed = self._closed
            if not closed:
                self._workers.add(worker)
            else:
                self._let_go(tid)
        if closed:  # the server began to stop while this worker started: it is not left running
            await worker.kill()
            raise BotPoolError("the bot pool is closed (the server is stopping)")
        return worker

    async def _give(self, tid: str, worker: Worker, healthy: bool) -> None:
        if not healthy or self._closed:
            self._workers.discard(worker)
            if not self._closed:
                self.lost += 1
            await (worker.stop() if healthy else worker.kill())
        async with self._turn:
            if healthy and not self._closed:
                self._idle.append(worker)
            self._let_go(tid)

    def _let_go(self, tid: str) -> None:
        held = self._held.get(tid, 0) - 1
        if held > 0:
            self._held[tid] = held
        else:
            self._held.pop(tid, None)
        self._turn.notify_all()

    async def close(self) -> None:
        """Stop every worker (server shutdown): idle ones end on their own, busy ones are stopped."""
        self._closed = True
        async with self._turn:
            self._turn.notify_all()
        self._idle.clear()
        workers, self._workers = list(self._workers), set()
        await asyncio.gather(*(w.stop(grace=2.0) for w in workers), return_exceptions=True)
