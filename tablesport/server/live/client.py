"""One WebSocket connection to a live table: its seat and its queue of frames going out."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .socket_limits import MAX_BACKLOG


class Client:
    """One WebSocket connection: a seat (or ``None`` for a spectator) and its outgoing queue.

    A client that lets ``MAX_BACKLOG`` frames pile up (it does not read) is cut off:
    ``on_overflow`` is called once and nothing more is queued for it."""

    def __init__(self, seat: int | None, send: Callable[[str], Any],
                 on_overflow: Callable[[], None] | None = None, lang: str | None = None,
                 hold: bool = False) -> None:
        self.seat = seat
        self.hold = hold  # the page sends "ready" once it shows the game (loading.py)
        self.lang = lang  # the page's language: frames carry the texts in it (texts.py)
        self.send = send
        self.on_overflow = on_overflow
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.cut = False
        self.on_kick: Callable[[], None] | None = None
        """Closes the socket so that the client reconnects (hosted mode: its table moved elsewhere)."""
        self.displaced = False
        """A newer connection took this client's seat (:mod:`.seat_socket`): it is told nothing more and
        every message it sends is refused."""
        self.on_close: Callable[[int, str], None] | None = None
        """Closes the socket with a code and a reason (a displaced client displaced once more)."""

    def kick(self) -> None:
        if self.on_kick is not None:
            self.on_kick()

    def close_socket(self, code: int, reason: str) -> None:
        if self.on_close is not None:
            self.on_close(code, reason)

    def start(self) -> None:
        self.task = asyncio.create_task(self._pump())

    async def _pump(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.send(text)
            except Exception:  # the socket went away; the reader side cleans up
                return

    def put(self, text: str | None) -> None:
        """Queue a frame; ``None`` ends the pump once everything before it is sent."""
        if self.cut:
            return
        if self.queue.qsize() >= MAX_BACKLOG:
            self.cut = True
            if self.task is not None:
                self.task.cancel()
            if self.on_overflow is not None:
                self.on_overflow()
            return
        self.queue.put_nowait(text)

    async def drain(self, timeout: float) -> None:
        """Send what is queued (at most ``timeout`` seconds), then stop the pump."""
        self.put(None)
        if self.task is not None and not self.cut:
            await asyncio.wait({self.task}, timeout=timeout)

    async def close(self) -> None:
        """The socket is gone: drop what was still queued for it (a send may never return)."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            # the cancelled task's traceback holds this client (its frame's ``self``) and so the whole
            # connection: without this edge that is no cycle, and it goes with its last reference
            # instead of waiting, frozen, for a complete collection (see web/collector.py)
            self.task = None
