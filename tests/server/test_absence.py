"""The table flow for people: the server passes for a seat that can only pass (after a person-like pause),
response prompts are timed, a bot stands in for an absent player and gives the seat back, and a player
gives up as the preset allows (Sanguosha's 认输 through the engine; elsewhere leaving the seat to a bot)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from tablesport.core import Decision, Rng, canon
from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.live.absence import end_by_concession, policy
from tablesport.server.live.autopass import PASSES, only_pass, thinking_time
from tablesport.server.live.client import Client
from tablesport.server.live.clock import ManualClock
from tablesport.server.live.table import LiveTable
from tablesport.server.live.tables import TableRoom
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.live.writer import InlineWriter
from tablesport.store.migrate import upgrade

from .helpers import run_loop


class Harness:
    """A room on a manual clock, in this process; fake connections record what they are sent."""

    def __init__(self, db: Path) -> None:
        engine = make_engine(f"sqlite:///{db}")
        upgrade(engine)
        sessions = self.sessions = make_sessionmaker(engine)
        self.clock = ManualClock()
        self.room = TableRoom(InlineWriter(sessions), sessions, bot_delay=0.0, clock=self.clock)
        self.frames: dict[int | None, list[dict[str, Any]]] = {}
        self.clients: dict[int, Client] = {}

    async def settle(self) -> None:
        """Let the room's tasks (timeouts, passes, stand-ins) and the connections' pumps run."""
        for _ in range(200):
            for _ in range(5):
                await asyncio.sleep(0)
            busy = [task for task in self.room.tasks if not task.done()]
            if not busy:
                return
            await asyncio.wait(busy, timeout=5)

    async def connect(self, table: LiveTable, seat: int) -> Client:
        sent = self.frames.setdefault(seat, [])

        async def send(text: str) -> None:
            sent.append(json.loads(text))

        client = Client(seat, send)
        self.clients[seat] = client
        await table.connect(client)
        await self.settle()
        return client

    async def leave(self, table: LiveTable, seat: int) -> None:
        await table.disconnect(self.clients.pop(seat))
        await self.settle()

    async def advance(self, seconds: float) -> None:
        self.clock.advance(seconds)
        await self.settle()
        for _ in range(3):  # bots and passes answer in their own tasks
            await asyncio.sleep(0)
            await self.settle()


def run(db: Path, body: Callable[[Harness], Coroutine[Any, Any, None]]) -> None:
    async def main() -> None:
        h = Harness(db)
        try:
            await body(h)
        finally:
            await h.room.shutdown()

    run_loop(main())


async def act(table: LiveTable, seat: int, action: Any) -> dict[str, Any] | None:
    return await table.submit(seat, json.dumps({"type": "act", "seq": table.steps, "action": action}))


# -- the server passes for a seat that can only pass ------------------------------------------------


def test_only_a_lone_pass_like_answer_is_given_by_the_server() -> None:
    one = Decision((0, 1), "respond", "", {0: (("pass",),), 1: (("card", "c3"), ("pass",))}, 15.0)
    assert only_pass(one, 0) == ("pass",)
    assert only_pass(one, 1) is None  # a Dodge in hand: the player decides
    assert only_pass(one, 2) is None  # not asked
    assert only_pass(Decision((0,), "peek", "", ("ready",)), 0) is None  # "ready" is not a pass
    assert only_pass(Decision((0,), "turn", "", None), 0) is None  # options not listed
    assert ("accept",) in PASSES and ("end",) in PASSES


def test_the_pause_before_a_server_pass_is_random_and_inside_the_time_limit() -> None:
    pauses = {thinking_time((1.0, 4.0), 15.0) for _ in range(50)}
    assert all(1.0 <= p <= 4.0 for p in pauses) and len(pauses) > 40
    assert all(p <= 0.6 * 5 for p in (thinking_time((1.0, 4.0), 5.0) for _ in range(50)))
    assert thinking_time((0.0, 0.0), None) == 0.0


def test_sanguosha_response_prompts_are_timed_and_a_seat_with_nothing_is_passed_for(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("sgs-1v1-2014", [{"kind": "person"}, {"kind": "person"}], seed=7)
        assert table.rs["response_seconds"] == 15 and table.rs["ask_always"] is True
        for seat in (0, 1):
            await h.connect(table, seat)
        rng = Rng(3)
        passed_for = 0
        responses = 0
        for _ in range(400):
            d = table.decision
            if d is None:
                break
            if d.kind == "respond":
                responses += 1
                assert d.time_limit == 15  # the seeds' 15 s per action (2014 1v1), not untimed
            waiting = [s for s in d.seats if table.autopass.pending_for(s)]
            own = [s for s in d.seats if not table.autopass.pending_for(s)]
            if own:
                seat = own[0]
                assert await act(table, seat, table.state.random_action(seat, rng)) is None
                await h.settle()
                continue
            assert waiting and all(only_pass(d, s) is not None for s in waiting)
            before = table.steps
            await h.advance(0.9)  # no person-like pause is shorter than a second
            assert table.steps == before
            await h.advance(3.2)
            assert table.steps > before
            line = table.recorder.lines[before + 1]
            assert line["t"] == "act" and canon(line["action"]) in PASSES  # recorded as the seat's own answer
            passed_for += 1
        assert responses > 0 and passed_for > 0
        mine = [f for f in h.frames[0] if f.get("decision") and f["decision"].get("auto_pass")]
        assert mine, "the page is told that the server will pass for the seat"

    run(tmp_path / "t.sqlite3", body)


# -- a bot stands in for an absent player -------------------------------------------------------------


def test_a_bot_stands_in_after_the_grace_period_and_gives_the_seat_back(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=1)
        await h.connect(table, 0)
        await h.connect(table, 1)
        assert policy("goofspiel").grace_seconds == 60 and policy("sanguosha").stand_in == "heuristic"
        assert policy("sanguosha", "sgs-1v1-2014").grace_seconds == 45  # a preset's own, over its game's
        h.room.absence_grace = 10
        await h.leave(table, 1)
        await h.advance(9)
        assert not table.plays_by_bot(1)
        await h.advance(1.5)
        assert table.plays_by_bot(1)
        last = h.frames[0][-1]
        assert last["seats"][1]["stand_in"] is True and last["seats"][1]["left"] is False
        steps = table.steps
        assert await act(table, 0, table.state.legal_actions(0)[0]) is None
        await h.settle()
        assert table.steps >= steps + 2  # the stand-in bid at once
        await h.connect(table, 1)
        assert not table.plays_by_bot(1) and h.frames[1][-1]["seats"][1]["stand_in"] is False
        if table.decision is not None and 1 not in table.decision.seats:  # the stand-in had bid this round
            assert await act(table, 0, table.state.legal_actions(0)[0]) is None
            await h.settle()
        d = table.decision
        assert d is not None and 1 in d.seats and 1 in table.deadlines  # the player's own, timed
        steps = table.steps
        await h.advance(5)
        assert table.steps == steps  # no bot answers for the seat any more

    run(tmp_path / "t.sqlite3", body)


# -- giving up -----------------------------------------------------------------------------------------


def test_a_sanguosha_side_concedes_through_the_engine_and_the_record_replays(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("sgs-1v1-2014", [{"kind": "person"}, {"kind": "person"}], seed=11)
        for seat in (0, 1):
            await h.connect(table, seat)
        assert h.frames[0][-1]["give_up_now"] is False  # the page's button is off before the draft
        early = await table.submit(0, json.dumps({"type": "give_up"}))
        assert early is not None and early["code"] == "illegal_action"  # sides unknown before the draft
        rng = Rng(5)
        while table.decision is not None and table.decision.kind != "play":
            seat = table.decision.seats[0]
            await act(table, seat, table.state.random_action(seat, rng))
            await h.settle()
            if all(table.autopass.pending_for(s) for s in table.decision.seats):
                await h.advance(5)
        assert table.away.may_give_up(1) and table.frame_dict(1, "step", [])["give_up_now"] is True
        assert await table.submit(1, json.dumps({"type": "give_up"})) is None
        assert table.over
        res = table.state.result()
        assert res is not None and res.reason == "concession"
        assert 1 not in res.winner_seats  # 2014 1v1 §3: 任意一方提出认输，放弃比赛，另一方获胜
        assert table.recorder.lines[-2]["t"] == "referee"
        rebuilt = replay(table.recorder.text().splitlines(), start_for_record)
        assert rebuilt.result is not None and rebuilt.result["reason"] == "concession"

    run(tmp_path / "t.sqlite3", body)


def test_where_the_seed_has_no_concession_giving_up_leaves_the_seat_to_a_bot(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=2)
        await h.connect(table, 0)
        await h.connect(table, 1)
        assert h.frames[0][-1]["give_up"] == "leave" and h.frames[0][-1]["give_up_now"] is True
        assert await table.submit(1, json.dumps({"type": "give_up"})) is None
        await h.settle()
        assert table.plays_by_bot(1) and h.frames[0][-1]["seats"][1]["left"] is True
        await h.leave(table, 1)
        await h.connect(table, 1)
        assert table.plays_by_bot(1)  # a seat left for good is not given back
        while table.decision is not None:
            assert await act(table, 0, table.state.legal_actions(0)[0]) is None
            await h.settle()
        assert table.state.result() is not None

    run(tmp_path / "t.sqlite3", body)


def test_a_connected_seat_timing_out_twice_in_a_row_is_away_until_its_player_says_so(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=6)
        await h.connect(table, 0)
        await h.connect(table, 1)  # connected, but nobody answers for seat 1 (a tab left open)
        assert policy("goofspiel").timeouts_in_a_row == 2
        assert await act(table, 0, table.state.legal_actions(0)[0]) is None
        await h.advance(30.5)  # seat 1's 30 s bid times out once
        assert not table.plays_by_bot(1)
        assert await act(table, 0, table.state.legal_actions(0)[0]) is None
        await h.advance(30.5)  # and again, in a row
        assert table.plays_by_bot(1) and h.frames[1][-1]["seats"][1]["stand_in"] is True
        steps = table.steps
        assert await act(table, 0, table.state.legal_actions(0)[0]) is None
        await h.settle()
        assert table.steps >= steps + 2  # the stand-in bid for seat 1
        assert await table.submit(1, json.dumps({"type": "back"})) is None
        await h.settle()
        assert not table.plays_by_bot(1) and h.frames[1][-1]["seats"][1]["stand_in"] is False
        if table.decision is not None and 1 not in table.decision.seats:  # the stand-in had bid this round
            assert await act(table, 0, table.state.legal_actions(0)[0]) is None
            await h.settle()
        d = table.decision
        assert d is not None and 1 in d.seats and 1 in table.deadlines

    run(tmp_path / "t.sqlite3", body)


def test_a_skill_window_or_a_pictionary_minute_that_runs_out_is_not_an_absence(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("sgs-1v1-2014", [{"kind": "person"}, {"kind": "person"}], seed=7)
        for seat in (0, 1):
            await h.connect(table, seat)
        window = Decision((0,), "invoke", "Invoke jizhi?", (("invoke",), ("decline",)), 5.0)
        turn = Decision((0,), "respond", "", (("card", "c3"), ("pass",)), 15.0)
        for _ in range(5):
            table.away.timed_out(0, window)  # 5 s windows to declare a skill, let run out
        assert not table.plays_by_bot(0)
        table.away.timed_out(0, turn)
        table.away.acted(0)  # an answer of its own in between: not in a row
        table.away.timed_out(0, turn)
        assert not table.plays_by_bot(0)
        table.away.timed_out(0, turn)
        assert table.plays_by_bot(0)

        assert policy("pictionary").timeouts_in_a_row == 0  # its minute of drawing ends by running out

    run(tmp_path / "t.sqlite3", body)


def test_a_seat_left_to_the_bot_stays_the_bots_after_a_restart(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=8)
        await h.connect(table, 0)
        await h.connect(table, 1)
        assert await act(table, 0, table.state.legal_actions(0)[0]) is None
        assert await table.submit(1, json.dumps({"type": "give_up"})) is None
        await h.settle()
        assert await act(table, 0, table.state.legal_actions(0)[0]) is None  # a step stored after leaving
        await h.settle()
        table.halt()
        again = TableRoom(InlineWriter(h.sessions), h.sessions, bot_delay=0.0, clock=ManualClock())
        assert table.id in await again.resume_all()
        resumed = again.tables[table.id]
        assert resumed.away.left == {1} and resumed.plays_by_bot(1)
        await again.shutdown()

    run(tmp_path / "t.sqlite3", body)


def test_a_ruling_may_end_the_game_by_a_sides_concession(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("sgs-1v1-2014", [{"kind": "person"}, {"kind": "person"}], seed=12)
        for seat in (0, 1):
            await h.connect(table, seat)
        rng = Rng(2)
        while table.decision is not None and table.decision.kind != "play":
            seat = table.decision.seats[0]
            await act(table, seat, table.state.random_action(seat, rng))
            await h.settle()
            if all(table.autopass.pending_for(s) for s in table.decision.seats):
                await h.advance(5)
        assert await end_by_concession(table, "lord") is None
        res = table.state.result()
        assert res is not None and res.reason == "concession" and res.winner_side == "renegade"
        assert table.recorder.lines[-2]["action"] == ["concede", "lord"]

    run(tmp_path / "t.sqlite3", body)


def test_under_the_2011_rules_only_a_commander_may_concede_and_the_page_knows(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("sgs-3v3-2011", [{"kind": "person"}] * 6, seed=4)
        for seat in range(6):
            await h.connect(table, seat)
        rng = Rng(9)
        for _ in range(300):
            d = table.decision
            if d is None or d.kind == "play":
                break
            own = [s for s in d.seats if not table.autopass.pending_for(s)]
            if own:
                await act(table, own[0], table.state.random_action(own[0], rng))
                await h.settle()
            else:
                await h.advance(5)
        commanders = table.state.mode["commanders"]  # type: ignore[attr-defined]
        vanguards = [s for s in range(6) if s not in commanders.values()]
        assert all(table.away.may_give_up(s) for s in commanders.values())  # 2011 glossary 16: the commander
        assert not any(table.away.may_give_up(s) for s in vanguards)
        refused = await table.submit(vanguards[0], json.dumps({"type": "give_up"}))
        assert refused is not None and refused["rule"] == "concede_commander_only"

    run(tmp_path / "t.sqlite3", body)


def test_a_finished_table_the_hall_lets_go_is_freed_by_its_last_reference(tmp_path: Path) -> None:
    """Its absences and server passes reach it by a weak reference (live/table_ref.py): a strong one made a
    cycle that kept a finished table (state, events, record: ~300 objects)
    for a collection of the whole heap."""
    import gc
    import weakref

    gone: list[weakref.ref[LiveTable]] = []

    async def body(h: Harness) -> None:
        table = await h.room.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=3)
        await h.connect(table, 0)
        await h.connect(table, 1)
        while (d := table.decision) is not None:
            for seat in d.seats:
                assert await act(table, seat, table.state.legal_actions(seat)[0]) is None
            await h.settle()
        assert table.state.result() is not None
        await h.leave(table, 0)
        await h.leave(table, 1)
        assert table.id not in h.room.tables  # the room let it go with its last watcher
        gone.append(weakref.ref(table))

    gc.collect()
    gc.disable()
    try:
        run(tmp_path / "t.sqlite3", body)
        assert gone[0]() is None
    finally:
        gc.enable()


def test_a_paper_tables_facilitator_away_holds_the_table_and_no_bot_rules(tmp_path: Path) -> None:
    """Issue 41.1 (seed 000 Pictionary §2, §3: the facilitator rules guessed, not guessed and fouls): with the
    facilitator's page gone, nobody presses its buttons: after the grace the table waits, held (the minute
    and the round clock stop), and goes on with the time it had left when the facilitator is back; the
    facilitator cannot leave the table to a bot; a player's phone going away holds nothing."""
    async def body(h: Harness) -> None:
        table = await h.room.create("pictionary-table", [{"kind": "person"}] * 7, seed=3)
        for seat in range(7):
            await h.connect(table, seat)
        for action in (["die", 5], ["die", 2], "ready"):
            assert await act(table, 0, action) is None
        await h.settle()
        assert table.decision is not None and table.decision.kind == "draw"
        assert policy("pictionary", "pictionary-table").stand_in == "wait"
        assert policy("pictionary").stand_in == "none"
        await h.leave(table, 4)  # a player's phone locks: it decides nothing, nothing waits for it
        await h.advance(15)
        assert table.paused is None and not table.plays_by_bot(4)
        await h.leave(table, 0)
        await h.advance(11)  # the grace (10 s at a paper table) is over: the table is held
        assert table.paused is not None and table.paused["away"] == [0]
        assert h.frames[1][-1]["paused"]["away"] == [0]
        steps, clock = table.steps, table.clock_now()
        await h.advance(300)
        assert table.steps == steps and not table.plays_by_bot(0)  # no bot pressed anything
        assert table.clock_now() == clock and not table.deadlines  # the minute and the round clock wait
        await h.connect(table, 0)
        assert table.paused is None
        assert 33 <= table.deadlines[0] - h.clock.wall() <= 35  # 60 − 15 − 11: the minute it had left
        frame = h.frames[0][-1]
        assert frame["give_up"] == "stay" and frame["give_up_now"] is False
        refused = await table.submit(0, json.dumps({"type": "give_up"}))
        assert refused is not None and refused["code"] == "stay" and not table.plays_by_bot(0)

    run(tmp_path / "t.sqlite3", body)
