"""A seat's first decision waits for its page (issue 38 item 5): a client that connects with ``hold=1``
has no running deadline until it says ``ready`` (at most ``READY_WAIT``), once per seat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tablesport.server.live.clock import ManualClock
from tablesport.server.live.loading import READY_WAIT
from tablesport.server.process import ServerThread


def _last(ws: Any) -> dict[str, Any]:
    """The last frame with the table's state that arrived; its ``all_events`` are every frame's events."""
    frame: dict[str, Any] = {}
    events: list[dict[str, Any]] = []
    while True:
        try:
            got = json.loads(ws.recv(timeout=0.3))
        except TimeoutError:
            return {**frame, "all_events": events} if frame else frame
        if "deadlines" in got:
            frame = got
            events += got["events"]


def test_the_first_decision_waits_for_the_page_to_be_ready(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path / "web.sqlite3", clock=ManualClock()).start()
    try:
        t = srv.create("goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=1)
        token = t["seats"][0]["token"]  # type: ignore[index]
        url = f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={token}&hold=1"
        ws = connect(url, ping_interval=None)
        f = _last(ws)
        assert f["decision"]["mine"] and "0" not in f["deadlines"]  # loading: no clock yet
        srv.advance(10)
        assert "0" not in _last(ws).get("deadlines", {})
        ws.send(json.dumps({"type": "ready"}))
        f = _last(ws)
        assert f["deadlines"]["0"] == 30  # the whole time, from when the page showed it
        ws.close()
        srv.advance(5)
        ws = connect(url, ping_interval=None)  # a reload later does not stop the clock
        assert _last(ws)["deadlines"]["0"] == 25
        ws.close()
    finally:
        srv.stop()


def test_a_page_that_never_says_ready_gets_its_clock_after_the_wait(tmp_path: Path) -> None:
    srv = ServerThread(tmp_path / "web.sqlite3", clock=ManualClock()).start()
    try:
        t = srv.create("goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=1)
        token = t["seats"][0]["token"]  # type: ignore[index]
        ws = connect(f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={token}&hold=1", ping_interval=None)
        _last(ws)
        srv.advance(READY_WAIT - 1)
        assert _last(ws) == {}  # nothing told: still waiting for the page
        srv.advance(1)
        assert _last(ws)["deadlines"]["0"] == 30  # the wait is over: the clock runs
        srv.advance(30)
        assert any(e["kind"] == "timeout" for e in _last(ws)["all_events"])
        ws.close()
    finally:
        srv.stop()


def test_one_timeout_warns_and_the_player_can_keep_the_seat(tmp_path: Path) -> None:
    """Issue 38 item 6: two time-outs in a row hand a seat to a bot; the frame after the first says so
    (``missed`` of ``away_after``) and ``back`` cancels it: the next time-out is the first again."""
    srv = ServerThread(tmp_path / "web.sqlite3", clock=ManualClock()).start()
    try:
        t = srv.create("goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=1)
        token = t["seats"][0]["token"]  # type: ignore[index]
        ws = connect(f"ws://127.0.0.1:{srv.port}/ws/{t['id']}?token={token}", ping_interval=None)
        f = _last(ws)
        assert f["away_after"] == 2 and f["seats"][0]["missed"] == 0
        srv.advance(31)
        f = _last(ws)
        assert f["seats"][0]["missed"] == 1 and not f["seats"][0]["stand_in"]  # warned
        ws.send(json.dumps({"type": "back"}))  # "I'm here: keep my seat"
        assert _last(ws)["seats"][0]["missed"] == 0
        srv.advance(31)
        f = _last(ws)
        assert f["seats"][0]["missed"] == 1 and not f["seats"][0]["stand_in"]
        ws.close()
    finally:
        srv.stop()
