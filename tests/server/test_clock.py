"""The hall's clock: a real server on a ManualClock times decisions out only when the clock is moved, each
timer at its own time (any game; goofspiel's 30-second bids here)."""

from __future__ import annotations

import json
from pathlib import Path

from websockets.sync.client import connect

from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread


def test_manual_clock_fires_due_timers_in_order_and_skips_cancelled_ones() -> None:
    clock = ManualClock(100.0)
    fired: list[str] = []
    clock.call_later(5, fired.append, "b")
    clock.call_later(1, fired.append, "a")
    clock.call_later(3, fired.append, "x").cancel()
    assert clock.advance(4) == 1 and fired == ["a"] and clock.wall() == clock.mono() == 104.0
    assert clock.advance(1) == 1 and fired == ["a", "b"]
    assert clock.advance(100) == 0


def test_a_decision_times_out_when_the_manual_clock_passes_its_deadline(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path / "web.sqlite3", clock=ManualClock()).start()
    try:
        t = srv.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=1)
        socks = [connect(f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={s['token']}", ping_interval=None)
                 for s in t["seats"]]  # type: ignore[union-attr]

        def last(ws: object) -> dict[str, object]:
            frame: dict[str, object] = {}
            while True:
                try:
                    frame = json.loads(ws.recv(timeout=0.3))  # type: ignore[attr-defined]
                except TimeoutError:
                    return frame

        last(socks[0])
        assert srv.advance(29.5) == 0
        f = last(socks[0])
        assert f == {} or f.get("seq") == 0  # nothing happened before the deadline
        srv.advance(1)
        f = last(socks[0])
        assert f["seq"] == 2 and any(e["kind"] == "timeout" for e in f["events"])  # type: ignore[union-attr]
        for s in socks:
            s.close()
    finally:
        srv.stop()
