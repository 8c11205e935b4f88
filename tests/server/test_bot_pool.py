"""Bots think in a pool of their own: however many bot tables think at once, the default executor that
every page, sign-in and store read uses (``asyncio.to_thread``) stays free."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from tablesport.core import Bot
from tablesport.server.live.table import LiveTable

from .test_table_control import make_room


class SlowBot(Bot):
    """A bot that thinks until the test lets it answer."""

    def __init__(self, go: threading.Event, thinking: list[int]) -> None:
        self.go = go
        self.thinking = thinking

    def act(self, state: Any, seat: int, decision: Any) -> Any:
        self.thinking.append(seat)
        self.go.wait(30)
        return decision.options_for(seat)[0]


def test_bots_thinking_leave_the_default_executor_free(tmp_path: Path, monkeypatch: Any) -> None:
    go = threading.Event()
    thinking: list[int] = []
    monkeypatch.setattr(LiveTable, "_bot", lambda self, seat: SlowBot(go, thinking))
    room = make_room(tmp_path)

    async def run() -> int:
        # more thinking tables than the default executor has threads (min(32, processors + 4))
        for _ in range(40):
            await room.create("goofspiel-2p", [{"kind": "bot", "bot": "random"}] * 2)
        await asyncio.sleep(0.5)
        try:
            # a page's store read meanwhile: answered at once, not after the bots
            return await asyncio.wait_for(asyncio.to_thread(lambda: 42), timeout=10)
        finally:
            go.set()
            await room.shutdown()

    assert asyncio.run(run()) == 42
    assert thinking  # the bots were thinking meanwhile
