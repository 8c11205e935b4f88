"""Pictionary on a real server (uvicorn in a thread, ManualClock): the minute's strokes and guesses are a
stream decision (the deadline stays where it was first set; batches sent without waiting are not stale;
a guess for an earlier word is), the game clock and the decision timers follow the clock, and a flood of
strokes is refused by the connection's rate limit."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """One server for the module: each test plays a table of its own (the clock moves all of them; the
    tables of earlier tests are left behind and answer nobody here)."""
    s = ServerThread(tmp_path_factory.mktemp("pictionary") / "web.sqlite3", clock=ManualClock()).start()
    try:
        yield s
    finally:
        s.stop()


class Seat:
    def __init__(self, srv: ServerThread, table: str, token: str) -> None:
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{srv.port}/ws/{table}?token={token}",
                                            ping_interval=None)
        self.last: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []

    def read(self, wait: float = 0.25) -> None:
        while True:
            try:
                f = json.loads(self.ws.recv(timeout=wait))
            except (TimeoutError, ConnectionClosed):
                return
            if f.get("type") == "error":
                self.errors.append(f)
            elif f.get("type") in ("hello", "step"):
                self.last = f

    def act(self, action: Any, seq: int | None = None) -> None:
        self.ws.send(json.dumps({"type": "act", "seq": self.last["seq"] if seq is None else seq,
                                 "action": action}))


def start(srv: ServerThread) -> tuple[str, list[Seat]]:
    t = srv.create("pictionary-event", [{"kind": "person"}] * 6, seed=5)
    seats = [Seat(srv, str(t["id"]), s["token"]) for s in t["seats"]]  # type: ignore[index]
    for s in seats:
        s.read()
    seats[0].act("roll")
    seats[0].read()
    seats[3].read()
    seats[3].act("roll")
    for s in (seats[0], seats[3]):
        s.read()
        s.act("ready")
    for s in seats:
        s.read()
    assert seats[0].last["decision"]["kind"] == "draw" and seats[0].last["decision"]["stream"] is True
    return str(t["id"]), seats


def paper_table(srv: ServerThread) -> Seat:
    """A paper table (the facilitator's seat and six phones) in its first minute: team A rolled 5, team B
    2, the first word (All Play) is ready; the facilitator's seat."""
    t = srv.create("pictionary-table", [{"kind": "person"}] * 7, seed=5)
    seats = [Seat(srv, str(t["id"]), s["token"]) for s in t["seats"]]  # type: ignore[index]
    for s in seats:
        s.read()
    fac = seats[0]
    for action in (["die", 5], ["die", 2], "ready"):
        fac.act(action)
        fac.read()
    return fac


def test_strokes_do_not_restart_the_minute_and_batches_need_not_wait(srv: ServerThread) -> None:
    _, seats = start(srv)
    pic, guesser = seats[0], seats[1]
    asked = pic.last["decision"]["asked"]
    srv.advance(30)
    seq = pic.last["seq"]
    for i in range(5):  # five batches sent without waiting for the table's answers: none is stale
        pic.act(["line", 1, 2, 10 * i, 10, 10 * i + 5, 20], seq=seq)
    guesser.act(["guess", "nothing like it"])
    pic.read()
    guesser.read()
    assert pic.errors == [] and guesser.errors == []
    assert len(pic.last["view"]["word"]["drawings"]["A"]) == 5
    assert pic.last["decision"]["asked"] == asked  # still the question asked at the start of the minute
    assert 29 <= pic.last["deadlines"]["0"] <= 30.5  # 30 s left, not a fresh minute
    srv.advance(31)
    pic.read()
    assert pic.last["decision"]["kind"] == "peek" and pic.last["view"]["word"]["no"] == 2  # the minute ended
    assert pic.last["view"]["prev"]["how"] == "missed"


def test_a_guess_for_an_earlier_word_is_stale(srv: ServerThread) -> None:
    _, seats = start(srv)
    guesser = seats[1]
    old = guesser.last["seq"]
    srv.advance(61)
    guesser.read()
    guesser.act(["guess", "kimono"], seq=old)
    guesser.read()
    assert guesser.errors and guesser.errors[-1]["code"] == "stale"


def test_a_flood_of_strokes_is_refused_by_the_rate_limit(srv: ServerThread) -> None:
    _, seats = start(srv)
    pic = seats[0]
    seq = pic.last["seq"]
    try:
        for _ in range(1000):  # far more than 100 a second (200 at once)
            pic.act(["line", 1, 1, 5, 5], seq=seq)
    except ConnectionClosed:
        pass  # the flood closed the socket
    pic.read(0.5)
    assert {"rate_limited", "flood"} & {e["code"] for e in pic.errors}


def test_a_late_spectator_gets_the_drawing_so_far(srv: ServerThread) -> None:
    tid, seats = start(srv)
    pic = seats[0]
    pic.act(["line", 3, 2, 100, 100, 120, 130])
    pic.act(["more", 140, 160], seq=pic.last["seq"])
    pic.read()
    late = connect(f"ws://127.0.0.1:{srv.port}/ws/{tid}", ping_interval=None)
    hello = json.loads(late.recv(timeout=5))
    assert (hello["type"] == "hello"
            and hello["view"]["word"]["drawings"]["A"] == [[3, 2, 100, 100, 120, 130, 140, 160]])
    assert "answer" not in hello["view"]["word"]
    late.close()


def test_a_foul_in_all_play_leaves_the_rest_of_the_same_minute(srv: ServerThread) -> None:
    """000 Pictionary §2 ("one minute to get their team to guess the word"): at a paper table, a foul
    ruled 20 s into an All Play word puts that team out; the other team has the 40 s left, not a new
    minute (the facilitator's page and the server's deadline alike)."""
    fac = paper_table(srv)
    d = fac.last["decision"]
    assert d["kind"] == "draw" and d["data"]["all_play"] and d["data"]["teams"] == ["A", "B"]
    srv.advance(20)
    fac.read()
    fac.act(["foul", "B", "talking"])
    fac.read()
    assert fac.errors == []
    assert fac.last["view"]["word"]["out"] == ["B"] and fac.last["decision"]["kind"] == "draw"
    assert 39 <= fac.last["deadlines"]["0"] <= 40.5  # 40 s left, not a fresh minute
    srv.advance(41)
    fac.read()
    assert fac.last["view"]["prev"]["how"] == "missed"  # the one minute ran out for team A too


def test_undoing_a_ruling_gives_back_the_seconds_that_were_left(srv: ServerThread) -> None:
    """000 Pictionary §2 (one minute to get the team to guess the word): the facilitator presses
    "Guessed" 25 s into the minute by mistake and takes it back 10 s later; the minute goes on with the
    35 s that were left when the ruling was made, not a fresh 60 s, and runs out when they are over."""
    fac = paper_table(srv)
    d = fac.last["decision"]
    assert d["kind"] == "draw"
    team = d["data"]["teams"][0]
    srv.advance(25)
    fac.read()
    fac.act(["guessed", team])
    fac.read()
    assert fac.last["decision"]["kind"] == "roll"
    srv.advance(10)
    fac.read()
    fac.act(["undo"])
    fac.read()
    assert fac.errors == []
    assert fac.last["decision"]["kind"] == "draw"
    assert 34 <= fac.last["deadlines"]["0"] <= 35.5  # the 35 s left at the ruling, not a new minute
    srv.advance(36)
    fac.read()
    assert fac.last["view"]["prev"]["how"] == "missed"  # those 35 s were the rest of the one minute
