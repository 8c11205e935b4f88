"""Issue 38 item 4, seed 002 (比賽前的準備: a player holding three pairs of identical tiles may show them and
ask for a reshuffle): the offer goes to that seat alone, and no other seat nor a spectator learns from
its frames that the offer went to that seat: no log line, no "deciding" seat, no timer, no missed count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread

SEED = 17  # rummikub-2018: seat 0 holds three identical pairs (tests/rummikub/test_rules.py)
ASKED = 0
OTHERS: tuple[int | None, ...] = (1, 2, 3, None)  # the other seats and a spectator


def _frames(ws: ClientConnection) -> list[dict[str, Any]]:
    out = []
    while True:
        try:
            out.append(json.loads(ws.recv(timeout=0.3)))
        except TimeoutError:
            return [f for f in out if "deadlines" in f]


def _offer_then_first_turn(srv: ServerThread, answer: str) -> dict[int | None, list[dict[str, Any]]]:
    """Every frame each socket gets from the start until the first turn is asked; seat 0 keeps its tiles
    by ``answer`` ("keep", or "timeout": it lets the offer run out)."""
    t = srv.create("rummikub-2018", [{"kind": "person"}] * 4, seed=SEED)
    seats: Any = t["seats"]
    base = f"ws://127.0.0.1:{srv.port}/ws/{t['id']}"
    socks = {
        s: connect(base + (f"?token={seats[s]['token']}" if s is not None else ""), ping_interval=None)
        for s in (*OTHERS, ASKED)
    }
    try:
        got = {s: _frames(ws) for s, ws in socks.items()}
        mine = got[ASKED][-1]["decision"]
        assert mine["kind"] == "reshuffle" and mine["mine"] and set(mine["options"]) == {"reshuffle", "keep"}
        if answer == "keep":
            socks[ASKED].send(json.dumps({"type": "act", "seq": got[ASKED][-1]["seq"], "action": "keep"}))
        else:
            srv.advance(60)  # the seed's minute to arrange runs out: the tiles are kept
        for s, ws in socks.items():
            got[s] += _frames(ws)
        return got
    finally:
        for ws in socks.values():
            ws.close()


def test_no_other_seat_or_spectator_learns_who_was_offered_the_reshuffle(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path / "web.sqlite3", clock=ManualClock()).start()
    try:
        for answer in ("keep", "timeout"):
            got = _offer_then_first_turn(srv, answer)
            assert got[ASKED][-1]["decision"]["kind"] == "turn", answer  # the offer is over: play begins
            for s in OTHERS:
                offer = [f for f in got[s] if f["decision"] and f["decision"]["kind"] != "turn"]
                assert offer, (answer, s)
                for f in offer:
                    d = f["decision"]
                    assert d["seats"] == [] and d["kind"] == "private" and not d.get("mine"), (answer, s, d)
                    assert d["time_limit"] is None and d["data"] == {} and "reshuffle" not in json.dumps(d)
                    assert str(ASKED) not in f["deadlines"], (answer, s, f["deadlines"])
                for f in got[s]:
                    assert f["seats"][ASKED]["missed"] == 0, (answer, s)  # a run-out offer is no absence
                    assert not [e for e in f["events"] if e["data"].get("seat") == ASKED], (answer, s)
            # the seat itself is told it kept its tiles
            assert any(e["kind"] == "keep" for f in got[ASKED] for e in f["events"]), answer
    finally:
        srv.stop()
