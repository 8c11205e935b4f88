"""Small WebSocket clients for the server tests."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import websockets

T = TypeVar("T")


def run_loop(coro: Coroutine[Any, Any, T]) -> T:
    """asyncio.run in a thread of its own: a browser test in the same worker may hold a running loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class Seat:
    """One WebSocket connection to a table (a seat with its token, or a spectator)."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.frames: list[str] = []
        self.last: dict[str, Any] | None = None

    @classmethod
    async def open(cls, base: str, tid: str, token: str | None = None, seat: int | None = None) -> Seat:
        q = f"?token={token}" if token else ""
        ws = await websockets.connect(f"{base}/ws/{tid}{q}", max_size=1 << 22)
        self = cls(ws, seat)
        await self.until(lambda f: f["type"] == "hello")
        return self

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        self.frames.append(text)
        frame: dict[str, Any] = json.loads(text)
        if frame["type"] in ("hello", "step", "presence"):
            self.last = frame
        return frame

    async def until(self, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
        while True:
            f = await self.recv(timeout)
            if pred(f):
                return f

    async def at_step(self, seq: int, timeout: float = 10.0) -> dict[str, Any]:
        """Read until the frame for step ``seq`` (or a later one) arrives."""
        if self.last is not None and self.last["seq"] >= seq:
            return self.last
        return await self.until(lambda f: f["type"] == "step" and f["seq"] >= seq, timeout)

    async def send(self, obj: Any) -> None:
        await self.ws.send(obj if isinstance(obj, str) else json.dumps(obj))

    async def close(self) -> None:
        await self.ws.close()


def form_token(client: Any, path: str = "/") -> str:
    """The CSRF token the forms of the page at ``path`` carry (the page also sets the browser's cookie)."""
    import re

    page = client.get(path)
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found, f"no form token on {path} ({page.status_code})"
    return found.group(1)
