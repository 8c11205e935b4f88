"""Clients for the hosted fault tests and benchmarks: a person at a table over a WebSocket who reconnects by
itself (as the page does), and the checks on a table's stored record."""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

from tablesport.core.records import replay
from tablesport.games import start_for_record


@dataclass
class Person:
    """Plays seat ``token`` of table ``tid`` with random legal answers, ``pause`` seconds after each ask;
    when the socket drops it reconnects every ``retry`` seconds and notes how long it was away."""

    ws_base: str
    tid: str
    token: str
    pause: float = 0.1
    retry: float = 0.25
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    gaps: list[float] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    final: dict[str, Any] | None = None

    async def play(self, limit: float = 60.0) -> dict[str, Any]:
        end = time.monotonic() + limit
        lost_at: float | None = None
        while time.monotonic() < end:
            try:
                async with websockets.connect(f"{self.ws_base}/ws/{self.tid}?token={self.token}",
                                              open_timeout=5) as ws:
                    async for text in ws:
                        f: dict[str, Any] = json.loads(text)
                        if f["type"] == "hello" and lost_at is not None:
                            self.gaps.append(time.monotonic() - lost_at)
                            lost_at = None
                        if f["type"] == "error":
                            self.refusals.append(f["code"])
                            continue
                        if f["type"] not in ("hello", "step"):
                            continue
                        if f["status"] == "finished":
                            self.final = f
                            return f
                        d = f.get("decision")
                        if d and d.get("mine") and d.get("options"):
                            await asyncio.sleep(self.pause)
                            await ws.send(json.dumps({"type": "act", "seq": f["seq"],
                                                      "action": self.rng.choice(d["options"])}))
            except (TimeoutError, OSError, websockets.WebSocketException):
                pass
            if lost_at is None:
                lost_at = time.monotonic()
            await asyncio.sleep(self.retry)
        raise AssertionError(f"table {self.tid}: the game did not finish within {limit} s")


def check_record(base: str, tid: str) -> dict[str, Any]:
    """The table is finished; its stored record replays, every chain hash checked, to its stored result,
    with every step number once (none lost, none applied twice)."""
    table: dict[str, Any] = httpx.get(f"{base}/api/v1/tables/{tid}", timeout=20).json()
    assert table["status"] == "finished", (tid, table.get("status"))
    text = httpx.get(f"{base}/api/v1/tables/{tid}/record.jsonl", timeout=20).text
    lines = [json.loads(x) for x in text.splitlines()]
    steps = [x["i"] for x in lines if "i" in x and not x.get("end")]
    assert steps == list(range(1, len(steps) + 1)), f"table {tid}: step numbers {steps}"
    rep = replay(text.splitlines(), start_for_record)
    assert rep.result == table["result"]
    return table
