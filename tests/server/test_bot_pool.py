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


def test_a_visitor_gets_default_bots_and_a_few_thinking_tables(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from tablesport.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)) as c:
        heavy = [{"kind": "bot", "bot": "ismcts:playouts=5000"}, {"kind": "bot", "bot": "random"}]
        r = c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": heavy})
        assert (
            r.status_code == 400
            and r.json()["field"] == "seats.0.bot"
            and "need an account" in r.json()["message"]
        )
        thinking = [{"kind": "bot", "bot": "ismcts"}, {"kind": "bot", "bot": "random"}]
        for _ in range(2):  # the bots wait 10 s before each move: these tables stay in play
            r = c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": thinking, "bot_delay": 10})
            assert r.status_code == 201, r.text
        r = c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": thinking, "bot_delay": 10})
        assert r.status_code == 429 and "sign in" in r.json()["message"]
        randoms = [{"kind": "bot", "bot": "random"}] * 2  # bots that do not think are not capped
        assert c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": randoms}).status_code == 201
