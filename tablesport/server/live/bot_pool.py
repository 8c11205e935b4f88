"""Where the bots think in threads: a bounded pool of threads of their own (:class:`BotPool`), not the event
loop's default executor. Every page, sign-in and store read of the server goes through that default executor
(``asyncio.to_thread``); with the bots thinking there too, seven bot tables filled it and every page
waited 18–20 s behind them. Here a thinking bot waits only for the other bots.

``TABLESPORT_BOT_THREADS`` sets the pool's size (default: half the machine's processors, at least one), so
that the bots, however many tables think at once, leave the event loop processor time of its own.
The threads still share the interpreter's lock with every page: the server's bots think in processes
(:mod:`.bot_processes`) unless ``TABLESPORT_BOT_POOL=threads`` asks for this pool (to compare; tests that
construct a room themselves get it by default). ``bench/bot_pool.py`` measures a page's latency with 0 and 10
bot tables thinking."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from tablesport.core import Action, Bot, Decision

if TYPE_CHECKING:
    from .table import LiveTable

T = TypeVar("T")

ENV = "TABLESPORT_BOT_THREADS"


def default_threads() -> int:
    given = os.environ.get(ENV, "").strip()
    if given.isdigit() and int(given) > 0:
        return int(given)
    return max(1, (os.cpu_count() or 2) // 2)


class BotPool:
    """The bots' own bounded pool of threads (created at the first thinking move)."""

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads or default_threads()
        self._executor: ThreadPoolExecutor | None = None

    async def think(self, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in the pool; the event loop (and every other table) goes on meanwhile."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(self.threads, thread_name_prefix="tablesport-bot")
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def decide(self, table: LiveTable, seat: int, bot: Bot, decision: Decision) -> Action:
        """``seat``'s move by its bot, thought in the pool on the table's state."""
        return await self.think(bot.act, table.state, seat, decision)

    async def close(self) -> None:
        """Stop taking moves (shutdown); a move being thought is left to end on its own."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
