"""Monopoly Deal's free rearranging does not restart a turn's time (issue 38 item 2): a real server on a
ManualClock; the seat's deadline keeps running across wildcard moves, and a new play starts it afresh."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread

SEED = 4  # seat 3 begins, holding a light-blue/brown wildcard


def _last(ws: Any) -> dict[str, Any]:
    """The last frame with the table's state that arrived (a presence note or a step)."""
    frame: dict[str, Any] = {}
    while True:
        try:
            got = json.loads(ws.recv(timeout=0.3))
        except TimeoutError:
            return frame
        if "decision" in got:
            frame = got


def test_wildcard_moves_keep_the_play_deadline_running(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path / "web.sqlite3", clock=ManualClock()).start()
    try:
        t = srv.create("monopoly-deal-event", [{"kind": "person"}] * 4, seed=SEED)
        socks = [
            connect(f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={s['token']}", ping_interval=None)
            for s in t["seats"]
        ]  # type: ignore[union-attr]
        me = socks[3]
        f = _last(me)
        assert f["decision"]["seats"] == [3]
        wild = next(o for o in f["decision"]["options"] if o[0] == "property" and o[1].startswith("wild-"))
        me.send(json.dumps({"type": "act", "seq": f["seq"], "action": wild}))
        f = _last(me)
        assert f["deadlines"]["3"] == 30
        move = next(o for o in f["decision"]["options"] if o[0] == "move")
        srv.advance(10)
        me.send(json.dumps({"type": "act", "seq": f["seq"], "action": move}))
        f = _last(me)
        assert any(e["kind"] == "move" for e in f["events"])
        assert f["deadlines"]["3"] == 20  # the move did not restart the play's 30 s
        back = next(o for o in f["decision"]["options"] if o[0] == "move")
        srv.advance(19)
        me.send(json.dumps({"type": "act", "seq": f["seq"], "action": back}))
        f = _last(me)
        assert f["deadlines"]["3"] == 1
        srv.advance(1.5)
        f = _last(me)
        assert any(e["kind"] == "timeout" for e in f["events"])  # the turn ended on time
        for s in socks:
            s.close()
    finally:
        srv.stop()
