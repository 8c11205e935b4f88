"""Against a real uvicorn process over real WebSockets: races, hidden information, a crash and restart."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import httpx

from tablesport.core.records import apply_step, replay
from tablesport.games import start_for_record
from tablesport.server.process import ServerProcess

from .helpers import Seat, run_loop


def record_of(server: ServerProcess, tid: str) -> list[str]:
    r = httpx.get(f"{server.url}/api/v1/tables/{tid}/record.jsonl", timeout=10)
    r.raise_for_status()
    return r.text.splitlines()


def test_two_conflicting_actions_at_once_exactly_one_applies(server: ServerProcess) -> None:
    """The same seat in two tabs sends two bids at once: the newest tab's applies; the older tab was told
    the seat is played elsewhere (issue 37) and its bid is refused, whichever reaches the table first."""
    t: dict[str, Any] = server.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=21)
    tid, tok0, tok1 = t["id"], t["seats"][0]["token"], t["seats"][1]["token"]

    async def main() -> None:
        a = await Seat.open(server.ws_url, tid, tok0, 0)
        b = await Seat.open(server.ws_url, tid, tok0, 0)  # the same seat in a second tab: it plays it now
        assert (await a.until(lambda f: f["type"] == "error"))["code"] == "seat_elsewhere"
        other = await Seat.open(server.ws_url, tid, tok1, 1)
        seq = 0
        for rnd in range(5):
            assert b.last is not None
            hand = [int(c.split(":")[1]) for c in b.last["view"]["hand"]]
            x, y = hand[0], hand[-1]
            await asyncio.gather(a.send({"type": "act", "seq": seq, "action": x}),
                                 b.send({"type": "act", "seq": seq, "action": y}))
            assert (await a.until(lambda f: f["type"] == "error"))["code"] == "seat_elsewhere"
            await b.at_step(seq + 1)
            assert b.last is not None and b.last["view"]["my_bid"] == f"0:{y}"
            assert len(b.last["view"]["hand"]) == 12 - rnd
            assert other.last is not None
            await other.at_step(seq + 1)
            await other.send({"type": "act", "seq": seq + 1, "action": other.last["decision"]["options"][0]})
            await b.at_step(seq + 2)
            seq += 2
        told = [json.loads(f)["type"] for f in a.frames]
        assert "step" not in told[told.index("error"):]  # told nothing of the game since it was displaced
        for s in (a, b, other):
            await s.close()

    run_loop(main())


async def play_randomly(server: ServerProcess, tid: str, tokens: list[str], rng: random.Random,
                        stop_after: int | None = None) -> list[Seat]:
    """Every seat answers its decisions at random until the game ends (or ``stop_after`` steps)."""
    seats = [await Seat.open(server.ws_url, tid, tok, i) for i, tok in enumerate(tokens)]

    async def run(s: Seat) -> None:
        acted = -1
        while True:
            f = s.last
            assert f is not None
            if f["decision"] is None or (stop_after is not None and f["seq"] >= stop_after):
                return
            d = f["decision"]
            if d["mine"] and d["asked"] != acted:
                acted = d["asked"]
                await s.send({"type": "act", "seq": f["seq"], "action": rng.choice(d["options"])})
            g = await s.recv()
            assert g["type"] != "error" or g["code"] == "stale", g

    await asyncio.gather(*(run(s) for s in seats))
    return seats


def test_no_frame_to_a_seat_holds_another_seats_hidden_cards(server: ServerProcess) -> None:
    """state.hidden_from(seat) at each step against every frame that seat (or a spectator) received."""
    t: dict[str, Any] = server.create("goofspiel-3p", [{"kind": "person"}] * 3, seed=5)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]

    async def main() -> tuple[list[Seat], Seat]:
        spy = await Seat.open(server.ws_url, tid)
        seats = await play_randomly(server, tid, tokens, random.Random(1))
        await spy.until(lambda f: f["type"] == "step" and f["decision"] is None)
        for s in (*seats, spy):
            await s.close()
        return seats, spy

    seats, spy = run_loop(main())
    lines = record_of(server, tid)
    states = []
    replay(lines, start_for_record, lambda st, step, ev: states.append(st.clone()))
    first = start_for_record("goofspiel", "goofspiel-3p", 5, {})
    states.insert(0, first)
    checked = 0
    for s in (*seats, spy):
        assert s.frames
        for text in s.frames:
            frame = json.loads(text)
            if "seq" not in frame or "view" not in frame:
                continue
            hidden = states[frame["seq"]].hidden_from(s.seat)
            leaked = [tok for tok in hidden if json.dumps(tok) in text]
            assert not leaked, (s.seat, frame["seq"], leaked)
            if s.seat is not None and frame["view"]["hand"]:
                assert json.dumps(frame["view"]["hand"][0]) in text  # the seat does see its own cards
            checked += 1
    assert checked > 3 * 39


def test_restart_resumes_the_game_and_its_timers(tmp_path: Path) -> None:
    """A hard kill mid-game; the restarted server replays the stored steps, the seats reconnect
    with the same links, the decision timer runs again and the game plays to its end."""
    db = tmp_path / "restart.sqlite3"
    first = ServerProcess(db).start()
    try:
        t: dict[str, Any] = first.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=9,
                                         params={"bid_seconds": 6})
        tid = t["id"]
        tokens = [s["token"] for s in t["seats"]]

        async def before() -> dict[str, Any]:
            seats = await play_randomly(first, tid, tokens, random.Random(2), stop_after=6)
            last = seats[1].last
            for s in seats:
                await s.close()
            assert last is not None
            return last

        seen = run_loop(before())
        assert seen["seq"] == 6
    finally:
        first.kill()
    second = ServerProcess(db).start()
    try:
        async def after() -> None:
            s0 = await Seat.open(second.ws_url, tid, tokens[0], 0)
            s1 = await Seat.open(second.ws_url, tid, tokens[1], 1)
            assert s1.last is not None and s1.last["seq"] == 6
            assert s1.last["view"]["hand"] == seen["view"]["hand"]
            assert s1.last["view"]["won"] == seen["view"]["won"]
            assert 0 < s1.last["deadlines"]["1"] <= 6
            # seat 1 stays silent: the restarted server applies its timeout
            late = s0.last["decision"]["options"][0]  # type: ignore[index]
            await s0.send({"type": "act", "seq": 6, "action": late})
            f = await s1.until(lambda f: f["type"] == "step"
                               and any(e["kind"] == "timeout" for e in f["events"]), timeout=20)
            assert f["seq"] == 8
            await s0.close()
            await s1.close()

        run_loop(after())
        run_loop(play_randomly(second, tid, tokens, random.Random(3)))
        lines = record_of(second, tid)
        rep = replay(lines, start_for_record)
        assert rep.steps == 26
        assert any(json.loads(line).get("t") == "timeout" for line in lines)
    finally:
        second.stop()


def test_no_sanguosha_frame_holds_hidden_cards(server: ServerProcess) -> None:
    """The same check for Sanguosha 1v1 (hands, the hidden draft candidates), 150 steps of random
    play; the steps are read back from the server's own store, the game being unfinished."""
    t: dict[str, Any] = server.create("sgs-1v1-2014", [{"kind": "person"}] * 2, seed=7)
    tid = t["id"]
    tokens = [s["token"] for s in t["seats"]]

    async def main() -> list[Seat]:
        spy = await Seat.open(server.ws_url, tid)
        seats = await play_randomly(server, tid, tokens, random.Random(4), stop_after=150)
        await spy.at_step(150, timeout=30)
        for s in (*seats, spy):
            await s.close()
        return [*seats, spy]

    viewers = run_loop(main())
    with sqlite3.connect(server.db) as con:
        lines = [json.loads(row[0]) for row in
                 con.execute("SELECT line FROM web_steps WHERE table_id = ? ORDER BY i", (tid,))]
    from tablesport.games import get_game

    # a table with people runs with the game's live parameters (every player asked for responses)
    state = start_for_record("sanguosha", "sgs-1v1-2014", 7, dict(get_game("sanguosha").live_params))
    states = [state.clone()]
    for line in lines:
        apply_step(state, line)
        states.append(state.clone())
    checked = guarded = 0
    for s in viewers:
        for text in s.frames:
            frame = json.loads(text)
            if "view" not in frame or frame["seq"] >= len(states):
                continue
            hidden = states[frame["seq"]].hidden_from(s.seat)
            leaked = [tok for tok in hidden if json.dumps(tok) in text]
            assert not leaked, (s.seat, frame["seq"], leaked[:5])
            checked += 1
            guarded += bool(hidden)
    assert checked >= 3 * 100 and guarded >= 3 * 100  # frames whose seat had cards to keep from it


def test_tables_with_people_ask_every_player_for_responses(server: ServerProcess) -> None:
    """With people seated, a Sanguosha table asks every player for a Dodge/Peach/Nullification, so a
    pause (or its absence) tells nobody who holds one; an all-bot table keeps the preset's values."""
    people = server.create("sgs-1v1-2014", [{"kind": "person"}] * 2, seed=3)
    assert people["params"].get("ask_always") is True, people
    bots = server.create("sgs-1v1-2014", [{"kind": "bot", "bot": "random"}] * 2, seed=3)
    assert not bots["params"].get("ask_always"), bots
