"""Where the live tables read the time and set their timers: decision deadlines and the game clock.

:class:`Clock` is the real one (wall time, the monotonic clock, the event loop's timers).
:class:`ManualClock` moves only when told to (:meth:`ManualClock.advance`): a test drives a real
server through a 40-minute round or a one-minute turn in no time, with every timer firing in order,
as the server itself would fire it.  Nothing else in the server reads the time for rules.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Any, Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock:
    """The real clock."""

    def wall(self) -> float:
        """Seconds since the epoch (deadlines are stored as wall times, so they survive a restart)."""
        return time.time()

    def mono(self) -> float:
        """A clock that never goes back (the game clock's running time)."""
        return time.monotonic()

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> Timer:
        return asyncio.get_running_loop().call_later(delay, fn, *args)


class _ManualTimer:
    """A timer of the manual clock: once cancelled or fired it lets go of its call (and what the call holds),
    as the event loop's timers do."""

    __slots__ = ("call",)

    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.call: tuple[Callable[..., Any], tuple[Any, ...]] | None = (fn, args)

    def cancel(self) -> None:
        self.call = None


class ManualClock(Clock):
    """A clock for tests: time stands still until :meth:`advance` moves it and fires the timers that
    fall due, earliest first (each at its own time).  Call it on the server's event loop, or from
    another thread with :meth:`advance_from_thread`."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start
        self._due: list[tuple[float, int, _ManualTimer]] = []
        self._order = itertools.count()

    def wall(self) -> float:
        return self.now

    def mono(self) -> float:
        return self.now

    def call_later(self, delay: float, fn: Callable[..., Any], *args: Any) -> Timer:
        timer = _ManualTimer(fn, args)
        heapq.heappush(self._due, (self.now + max(0.0, delay), next(self._order), timer))
        return timer

    def advance(self, seconds: float) -> int:
        """Move ``seconds`` forward; returns how many timers fired."""
        end = self.now + seconds
        fired = 0
        while self._due and self._due[0][0] <= end:
            at, _, timer = heapq.heappop(self._due)
            call = timer.call
            if call is None:
                continue
            timer.call = None
            self.now = max(self.now, at)
            fn, args = call
            fn(*args)
            fired += 1
        self.now = end
        return fired

    def advance_from_thread(self, loop: asyncio.AbstractEventLoop, seconds: float,
                            timeout: float = 10.0) -> int:
        """:meth:`advance` run on ``loop`` (the server's) from another thread."""

        async def go() -> int:
            return self.advance(seconds)

        return asyncio.run_coroutine_threadsafe(go(), loop).result(timeout)
