"""A whole Pictionary play-off (seed 000 Pictionary §5: 8 teams of 3, two teams a table, 3 preliminary rounds,
the 2 teams with the most points play a final to Finish) run by the tournament manager, every round played on
digital tables of a real web server with bot players; each finished table's record is replayed and its
result entered in the stored event (winner 5, other team 3, §4)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tablesport.core import Result
from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore
from tablesport.tournament.digital import duel_entry

BOTS = [{"kind": "bot", "bot": "player:skill=0.5"}] * 6
PEOPLE = [{"kind": "person"}] * 6


def guess_the_tiebreak(srv: ServerThread, table: dict[str, Any]) -> None:
    """The players come back for the All Play tie-break: both picturists look at the word and team A's
    picturist draws it so well that a teammate types it (the test reads it from the picturist's seat)."""
    from .test_server import Seat

    seats = [Seat(srv, str(table["id"]), s["token"]) for s in table["seats"]]
    for s in seats:
        s.read()
    d = seats[0].last["decision"]
    assert d["kind"] == "peek" and seats[0].last["view"]["tiebreak"]
    for seat in d["seats"]:
        seats[seat].act("ready")
        seats[seat].read()
    for s in seats:
        s.read()
    pic = seats[0].last["view"]["word"]["picturists"]["A"]
    answer = seats[pic].last["view"]["word"]["answer"]
    guesser = next(s for s in (0, 1, 2) if s != pic)
    seats[guesser].act(["guess", answer])
    seats[guesser].read()
    assert seats[guesser].errors == []
    for s in seats:
        s.ws.close()


def walk_away(srv: ServerThread, table: dict[str, Any]) -> None:
    """Every seat's player opens their link, then closes it without answering anything."""
    for seat in table["seats"]:
        url = f"ws://127.0.0.1:{srv.port}/ws/{table['id']}?token={seat['token']}"
        with connect(url, ping_interval=None) as ws:
            assert json.loads(ws.recv(timeout=5))["type"] == "hello"


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[ServerThread]:
    s = ServerThread(tmp_path / "web.sqlite3", bot_delay=0.0, clock=ManualClock()).start()
    try:
        yield s
    finally:
        s.stop()


def play(srv: ServerThread, tables: list[dict[str, Any]], timeout: float = 120) -> dict[str, Result]:
    """Wait until every table is finished; its record replayed gives the result."""
    out: dict[str, Result] = {}
    deadline = time.monotonic() + timeout
    while len(out) < len(tables):
        assert time.monotonic() < deadline, "tables did not finish"
        finished = {r["id"] for r in httpx.get(srv.url + "/api/v1/tables", timeout=10).json()["finished"]}
        for t in tables:
            tid = str(t["id"])
            if tid in finished and tid not in out:
                lines = httpx.get(srv.url + f"/api/v1/tables/{tid}/record.jsonl",
                                  timeout=10).text.splitlines()
                res = replay(lines, start_for_record).state.result()
                assert res is not None
                out[tid] = res
        time.sleep(0.2)
    return out


def test_eight_teams_three_rounds_and_a_final_on_digital_tables(srv: ServerThread, tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'event.sqlite3'}")
    upgrade(engine)
    teams = [{"id": f"P{i}", "members": [f"P{i}.{k}" for k in "abc"]} for i in range(8)]
    reasons: list[str] = []
    with make_sessionmaker(engine)() as session:
        store = EventStore(session)
        store.create_event({"event": "game day",
                            "competitions": [{"key": "pic", "preset": "pictionary-event", "seed": 4,
                                              "entrants": teams}]}, "organiser")
        comp = store.competition("game day", "pic")
        for rnd in range(3):
            fixtures = store.next_round(comp, "organiser")
            assert len(fixtures) == 4
            tables = [srv.create("pictionary-event", PEOPLE if (rnd, i) == (0, 0) else BOTS,
                                 seed=100 * rnd + i) for i, _ in enumerate(fixtures)]
            if rnd == 0:
                # round 1, table 1: its six players sit down and walk away before anyone moves (no bot plays
                # for them: their timers run), so the round clock runs out with both teams on Start and the
                # All Play tie-break decides (the reading in docs/pictionary.md): they come back for it.
                # (Bots alone would race the clock: they may have moved before it is advanced.)
                walk_away(srv, tables[0])
                srv.advance(2400)
                guess_the_tiebreak(srv, tables[0])
            results = play(srv, tables)
            for fx, t in zip(fixtures, tables, strict=True):
                res = results[str(t["id"])]
                reasons.append(res.reason)
                entry = duel_entry(res, {"A": fx.entrants[0], "B": fx.entrants[1]})
                store.enter_result(comp, fx.key, entry, "digital table", source="referee")
        rows = store.standings(comp)
        assert sum(r["points"] for r in rows) == 12 * 8  # 12 games of 5 + 3 points
        assert {r["points"] for r in rows} <= {9, 11, 13, 15}
        level = [r for r in rows if r["points"] == rows[1]["points"]]
        if len(level) > 1 and any(r["needs_decision"] for r in level):
            # the seed gives no tie-break: the organiser decides (here by squares covered in the three rounds)
            order = sorted(level, key=lambda r: (-r["tiebreaks"].get("squares", 0), r["entrant"]))
            store.decide(comp, [r["entrant"] for r in order], "organiser", "squares covered")
            rows = store.standings(comp)
        final = store.next_round(comp, "organiser")
        assert (len(final) == 1 and final[0].stage == "final"
                and final[0].entrants == [r["entrant"] for r in rows[:2]])
        # a finished table's replay redraws the strokes (the public view of every step carries the papers)
        frames = httpx.get(srv.url + f"/api/v1/tables/{tables[0]['id']}/replay", timeout=30).json()["frames"]
        papers = [f["view"]["word"]["drawings"] for f in frames if f["view"]["word"]]
        assert any(any(ops for ops in d.values()) for d in papers)
        t = srv.create("pictionary-final", BOTS, seed=99)
        srv.advance(3600)  # the final has no round clock: time passing changes nothing
        res = play(srv, [t])[str(t["id"])]
        assert res.reason == "finish"  # seed 000 §5: the final is won only by reaching Finish
        entry = duel_entry(res, {"A": final[0].entrants[0], "B": final[0].entrants[1]})
        assert entry["finish"] is True and entry["squares"][entry["winner"]] == 61
        store.enter_result(comp, final[0].key, entry, "digital table", source="referee")
        places = store.placings(comp)[""]
        assert places[1] == entry["winner"] and set(places.values()) == set(final[0].entrants)
        session.commit()
    assert reasons[0] == "time_up_tiebreak" and "finish" in reasons
