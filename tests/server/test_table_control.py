"""A referee's controls at a live table (tablesport.server.live.table_control), on a room with a manual clock:
pause and resume, and the rulings of the 2014 3v3 rules (seed 001 §一.1.2 technical points, §二.3.3(B)
penalty points and disqualification, §二.4.3 concession)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from tablesport.core import Rng, to_json
from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.content import profiles
from tablesport.server.live import table_control
from tablesport.server.live.client import Client
from tablesport.server.live.clock import ManualClock
from tablesport.server.live.table import LiveTable
from tablesport.server.live.table_control import Control, ControlError, apply, parse
from tablesport.server.live.tables import TableRoom
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.live.writer import InlineWriter
from tablesport.store.migrate import upgrade
from tablesport.store.tables import WebNote

from .helpers import run_loop


def make_room(tmp_path: Path) -> TableRoom:
    engine = make_engine(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    upgrade(engine)
    sessions = make_sessionmaker(engine)
    return TableRoom(InlineWriter(sessions), sessions, bot_delay=0.0, clock=ManualClock())


async def act(table: LiveTable, seat: int, action: Any) -> dict[str, Any] | None:
    msg = {"type": "act", "seq": table.steps, "action": to_json(action)}
    return await table.submit(seat, json.dumps(msg))


async def play_until(table: LiveTable, done: Callable[[LiveTable], bool], seed: int = 7) -> None:
    """Random legal answers from the seats asked, until ``done`` (the draft of a 3v3 game, say)."""
    rng = Rng(seed)
    for _ in range(2000):
        if done(table) or table.decision is None:
            return
        seat = table.decision.seats[0]
        assert await act(table, seat, table.state.random_action(seat, rng)) is None
    raise AssertionError("the game did not get there")


def seated(table: LiveTable) -> bool:
    return all(p.general is not None for p in table.state.players)  # type: ignore[attr-defined]


async def new_table(room: TableRoom, preset: str, n: int) -> LiveTable:
    table = await room.create(preset, [{"kind": "person"}] * n, seed=11)
    table.status = "running"  # every player is in (the seats' sockets are not needed here)
    table._arrange()
    return table


def notes(room: TableRoom, tid: str) -> list[dict[str, Any]]:
    with room.sessions() as s:
        return [json.loads(n.text) for n in s.scalars(select(WebNote).where(WebNote.table_id == tid))]


def test_a_control_needs_a_reason_and_a_seat_in_range() -> None:
    with pytest.raises(ControlError, match="say why"):
        parse("pause", {"why": "  "}, "ann", 6)
    with pytest.raises(ControlError, match="seat"):
        parse("concede", {"why": "asked to", "seat": "6"}, "ann", 6)
    with pytest.raises(ControlError, match="1 point .* or 3"):
        parse("penalty", {"why": "talk", "seat": "1", "points": "2"}, "ann", 6)
    with pytest.raises(ControlError, match="no table control"):
        parse("shout", {"why": "x"}, "ann", 6)
    c = parse("penalty", {"why": "stalling", "seat": "4", "points": "1"}, "ann", 6)
    assert c == Control("penalty", "ann", "stalling", 4, 1)


def test_pause_holds_the_timers_and_the_seats_resume_gives_the_time_back(tmp_path: Path) -> None:
    async def go() -> None:
        room = make_room(tmp_path)
        clock = room.clock
        assert isinstance(clock, ManualClock)
        table = await new_table(room, "goofspiel-2p", 2)
        steps = table.steps
        seen: list[dict[str, Any]] = []

        async def send(text: str) -> None:
            seen.append(json.loads(text))

        watcher = Client(1, send)
        watcher.start()
        table.clients.add(watcher)
        clock.advance(10)  # 20 of the 30 seconds to bid are left
        await apply(table, Control("pause", "ann", "a player feels unwell"))
        assert table.paused is not None and table.deadlines == {}
        await asyncio.sleep(0.01)
        told = seen[-1]  # the seat is told at once: a step frame (same step) with the ruling and the banner
        assert told["type"] == "step" and told["seq"] == steps and told["paused"]["by"] == "ann"
        assert told["events"][-1]["kind"] == "referee" and told["deadlines"] == {}
        assert table.frame_dict(0, "step", [])["paused"]["why"] == "a player feels unwell"
        err = await act(table, 0, table.decision.options[0])  # type: ignore[union-attr, index]
        assert err is not None and err["code"] == "paused"
        clock.advance(600)  # nothing times out while the table is held
        await asyncio.sleep(0)
        assert table.steps == steps
        with pytest.raises(ControlError, match="already paused"):
            await apply(table, Control("pause", "bo", "again"))
        await apply(table, Control("resume", "ann", "she is back"))
        assert table.paused is None
        assert table.deadlines[0] - clock.wall() == pytest.approx(20.0)
        clock.advance(19)
        await asyncio.sleep(0)
        assert table.steps == steps
        clock.advance(2)  # past the 20 seconds left: the bids time out as before the pause
        for _ in range(5):
            await asyncio.sleep(0)
        assert table.steps > steps
        with pytest.raises(ControlError, match="not paused"):
            await apply(table, Control("resume", "ann", "x"))
        assert [(n["control"], n["by"], n["why"]) for n in notes(room, table.id)] == [
            ("pause", "ann", "a player feels unwell"), ("resume", "ann", "she is back")]
        await room.shutdown()

    run_loop(go())


def test_2014_penalties_reach_disqualification_and_technical_points_lose_the_game(tmp_path: Path) -> None:
    async def go() -> None:
        room = make_room(tmp_path)
        table = await new_table(room, "sgs-3v3-2014", 6)
        await play_until(table, seated)
        await apply(table, Control("penalty", "ann", "acting out of turn", 1, 3))
        await apply(table, Control("penalty", "ann", "talk that amounts to cheating", 1, 3))
        assert table.state.mode["fouls"][1] == 6  # type: ignore[attr-defined]
        assert not table.state.players[1].alive  # type: ignore[attr-defined]  # 5 points: disqualified
        kinds = [ev.kind for _, ev in table.events]
        assert "disqualified" in kinds and kinds.count("referee") == 2
        with pytest.raises(ControlError, match="1 point|1 \\(stalling"):
            await apply(table, Control("penalty", "ann", "x", 2, 2))
        side = table.state.side_of(4)  # type: ignore[attr-defined]
        for k in range(3):  # seed 001 §一.1.2: 3 technical points and the team loses
            assert not table.over
            await apply(table, Control("technical", "bo", f"talking {k + 1}", 4, 1))
        assert table.over
        res = table.state.result()
        assert res is not None and res.reason == "technical_points" and res.winner_side != side
        # every ruling is in the table's record: the replay gives the same end
        done = replay([json.dumps(line) for line in table.recorder.lines], start_for_record)
        assert done.result == res.to_json()
        await room.shutdown()

    run_loop(go())


def test_2014_concession_and_a_disqualified_commander(tmp_path: Path) -> None:
    async def go() -> None:
        room = make_room(tmp_path)
        table = await new_table(room, "sgs-3v3-2014", 6)
        await play_until(table, seated)
        await apply(table, Control("pause", "ann", "a ruling"))
        await apply(table, Control("concede", "ann", "the team gives up", 2))  # any player of the side (2014)
        assert table.over and table.paused is None
        res = table.state.result()
        assert res is not None and res.reason == "concession"
        assert res.winner_side == table.state.side_of(3)  # type: ignore[attr-defined]
        with pytest.raises(ControlError, match="not being played"):
            await apply(table, Control("resume", "ann", "x"))
        t2 = await new_table(room, "sgs-3v3-2014", 6)
        await play_until(t2, seated, seed=3)
        commander = t2.state.mode["commanders"][t2.state.side_of(3)]  # type: ignore[attr-defined]
        await apply(t2, Control("disqualify", "bo", "fighting at the table", commander))
        r2 = t2.state.result()
        assert t2.over and r2 is not None and r2.reason == "disqualified"
        assert r2.winner_side != t2.state.side_of(3)  # type: ignore[attr-defined]
        assert [n["control"] for n in notes(room, t2.id)] == ["disqualify"]
        await room.shutdown()

    run_loop(go())


def test_a_game_without_rulings_refuses_them_and_2011_concedes_by_the_commander(tmp_path: Path) -> None:
    async def go() -> None:
        room = make_room(tmp_path)
        table = await new_table(room, "goofspiel-2p", 2)
        with pytest.raises(ControlError, match="no referee actions"):
            await apply(table, Control("concede", "ann", "x", 0))
        assert table.steps == 0 and notes(room, table.id) == []
        t11 = await new_table(room, "sgs-3v3-2011", 6)
        await play_until(t11, seated)
        with pytest.raises(ControlError, match="commander"):
            await apply(t11, Control("concede", "ann", "x", 1))  # 2011 glossary 16: the commander decides
        with pytest.raises(ControlError, match="no referee action 'penalty'"):
            await apply(t11, Control("penalty", "ann", "x", 1, 1))  # 2011 has no player penalty points
        with pytest.raises(ControlError, match="no referee action 'disqualify'"):
            await apply(t11, Control("disqualify", "ann", "x", 1))
        assert not t11.over
        await room.shutdown()

    run_loop(go())


def test_a_paused_table_stays_paused_after_a_restart(tmp_path: Path) -> None:
    async def go() -> None:
        room = make_room(tmp_path)
        table = await new_table(room, "goofspiel-2p", 2)
        room.clock.advance(10)  # type: ignore[attr-defined]
        await apply(table, Control("pause", "ann", "the room's lights are out"))
        await room.shutdown()
        again = make_room(tmp_path)
        assert await again.resume_all() == [table.id]
        back = again.tables[table.id]
        assert back.paused is not None and back.paused["why"] == "the room's lights are out"
        assert back.deadlines == {}
        err = await act(back, 0, back.decision.options[0])  # type: ignore[union-attr, index]
        assert err is not None and err["code"] == "paused"
        await apply(back, Control("resume", "ann", "lights on"))
        assert back.deadlines[0] - again.clock.wall() == pytest.approx(20.0)
        await again.shutdown()

    run_loop(go())


def test_a_pictionary_foul_ends_the_drawing_teams_word(tmp_path: Path) -> None:
    """Seed 000 Pictionary §2, §3: no letters or numbers, no talking, no pre-arranged signs."""
    async def go() -> None:
        room = make_room(tmp_path)
        table = await new_table(room, "pictionary-event", 6)
        with pytest.raises(ControlError, match="not drawing a word now"):
            await apply(table, Control("foul", "ann", "x", 0, foul="talking"))  # the roll-off: nobody draws
        await play_until(table, lambda t: t.state.phase == "draw")  # type: ignore[attr-defined]
        team = table.state.word.drawing[0]  # type: ignore[attr-defined]
        seat = table.state.team_seats(team)[0]  # type: ignore[attr-defined]
        with pytest.raises(ControlError, match="foul"):
            parse("foul", {"why": "x", "seat": str(seat), "foul": "shouting"}, "ann", 6)
        c = parse("foul", {"why": "the drawer spoke", "seat": str(seat), "foul": "talking"}, "ann", 6)
        await apply(table, c)
        kinds = [ev.kind for _, ev in table.events]
        ruled = kinds.index("referee")
        assert kinds.count("referee") == 1 and "foul" in kinds[ruled:]  # the ruling, then the engine's foul
        assert table.state.phase != "draw" or team not in table.state.word.drawing  # type: ignore[attr-defined]
        await room.shutdown()

    run_loop(go())


def test_another_process_shows_a_paused_table_and_a_players_seat_from_the_store(tmp_path: Path) -> None:
    """Hosted mode: a referee's fixture page, or a player's "my tables", answered by a process that does not
    referee the table reads it from the store (its pause, its rulings, the seat's link)."""

    async def go() -> None:
        here, there = make_room(tmp_path), make_room(tmp_path)  # two processes on one store
        table = await new_table(here, "sgs-3v3-2014", 6)
        seat, token = await here.claim(table.id)  # type: ignore[misc]
        live = [{"table": table.id, "status": "playing"}, {"table": "gone", "status": "playing"},
                {"table": "done", "status": "finished"}]
        await apply(table, Control("pause", "ann", "a player feels unwell"))

        def seen_from_there() -> dict[str, Any]:
            away = table_control.refereed_elsewhere(there.tables, live)
            assert away == [table.id, "gone"]
            with there.sessions() as s:
                return table_control.states(there.tables, live, table_control.stored_rows(s, away))

        own = table_control.states(here.tables, live, {})
        assert own[table.id] == {"status": "running", "paused": {"by": "ann", "why": "a player feels unwell"},
                                 "seats": 6, "rulings": ["concede", "technical", "penalty", "disqualify"]}
        assert seen_from_there() == own  # an unknown table is left out, as here
        await apply(table, Control("resume", "ann", "she is back"))
        assert seen_from_there()[table.id]["paused"] is None

        rows = [{"table": table.id, "seat": seat, "status": "running"},
                {"table": table.id, "seat": seat, "status": "finished"}]
        link = f"/play/{table.id}/{token}"
        assert profiles.seats_in_play(there.sessions, rows) == [{**rows[0], "url": link}]
        await here.shutdown()
        await there.shutdown()

    run_loop(go())
