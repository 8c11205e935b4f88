"""The server's bots think in worker processes of their own (tablesport.server.live.bot_processes): a table's
bots play the same game there as in a thread; a move past its budget, or a worker that dies, gives the
rule-of-thumb bot's move and a new worker, never a stalled table; one table's stuck bot leaves the other
workers to the other tables; the server's shutdown leaves no worker behind."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tablesport.bots.registry import BotChoice
from tablesport.games import start_for_record
from tablesport.games.blokus.bots import GreedyBot
from tablesport.server.live.bot_pool import BotPool
from tablesport.server.live.bot_processes import BotPoolError, ProcessBotPool, Worker
from tablesport.server.live.bot_worker import budgeted
from tablesport.server.live.table import LiveTable
from tablesport.server.live.tables import TableRoom

from .test_table_control import make_room

STUCK = "mcts:playouts=20000"
"""A Blokus bot that thinks for minutes a move: the deliberately slow option."""
BLOKUS = [{"kind": "bot", "bot": STUCK}] + [{"kind": "bot", "bot": "greedy"}] * 3


def room_with(tmp_path: Path, pool: BotPool | ProcessBotPool) -> TableRoom:
    room = make_room(tmp_path)
    room.bots = pool
    return room


async def until(done: Callable[[], bool], seconds: float = 180) -> None:
    """Wait for ``done`` (a generous bound: the machine may be loaded)."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "waited too long"
        await asyncio.sleep(0.05)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


Moves = list[tuple[object, object]]


def moves(table: LiveTable) -> Moves:
    return [(line.get("seat"), line.get("action")) for line in table.recorder.lines[1:]]


def test_a_tables_bots_play_to_the_end_in_a_worker_as_in_a_thread(tmp_path: Path) -> None:
    seats = [{"kind": "bot", "bot": "ismcts:playouts=30"}, {"kind": "bot", "bot": "ismcts:playouts=20"}]

    async def play(where: Path, pool: BotPool | ProcessBotPool) -> tuple[Moves, list[int]]:
        where.mkdir()
        room = room_with(where, pool)
        table = await room.create("goofspiel-2p", seats, seed=5)
        await until(lambda: table.status == "finished")
        pids = pool.pids() if isinstance(pool, ProcessBotPool) else []
        await room.shutdown()
        return moves(table), pids

    async def run() -> None:
        in_threads, _ = await play(tmp_path / "threads", BotPool(1))
        in_workers, pids = await play(tmp_path / "workers", ProcessBotPool(1))
        assert pids and os.getpid() not in pids  # the moves came from a worker process
        assert in_workers == in_threads  # the same bots with the same generators: the same game
        assert not any(alive(p) for p in pids)

    asyncio.run(run())


def test_a_stuck_bot_holds_one_worker_and_a_killed_worker_is_replaced(tmp_path: Path) -> None:
    pool = ProcessBotPool(2, seconds=600)
    room = room_with(tmp_path, pool)

    async def run() -> None:
        stuck = await room.create("blokus-event", BLOKUS, seed=3)
        other = await room.create("goofspiel-2p", [{"kind": "bot", "bot": "ismcts:playouts=10"}] * 2, seed=4)
        await until(lambda: other.status == "finished")  # the other table's bots had a worker
        assert stuck.steps == 0 and len(pool.thinking_for(stuck.id)) == 1
        killed = pool.thinking_for(stuck.id)[0]
        os.kill(killed, signal.SIGKILL)
        await until(lambda: stuck.steps >= 4)  # the rule-of-thumb move, then the greedy seats' moves
        assert pool.lost == 1 and pool.cut == 0 and killed not in pool.pids()
        await until(lambda: len(pool.thinking_for(stuck.id)) == 1)  # seat 0 is stuck again, in one worker
        more = await room.create("goofspiel-2p", [{"kind": "bot", "bot": "ismcts:playouts=10"}] * 2, seed=6)
        await until(lambda: more.status == "finished")  # in a worker started in place of the killed one
        pids = pool.pids()
        assert len(pids) == 2 and killed not in pids
        await room.shutdown()  # a worker still thinks for seat 0: stopped
        assert not any(alive(p) for p in pids)

    asyncio.run(run())


def test_a_move_past_its_budget_is_the_rule_of_thumb_bots(tmp_path: Path) -> None:
    pool = ProcessBotPool(1, seconds=1)
    room = room_with(tmp_path, pool)

    async def run() -> None:
        table = await room.create("blokus-event", BLOKUS, seed=3)
        await until(lambda: table.steps >= 1)
        assert pool.cut == 1 and pool.lost == 1
        state = start_for_record("blokus", "blokus-event", 3)
        decision = state.pending()
        assert decision is not None
        # Blokus's stand-in, with the seat's generator
        thumb = GreedyBot(room.rng_for(3, 0)).act(state, 0, decision)
        assert moves(table)[0] == (0, thumb)
        await room.shutdown()

    asyncio.run(run())
    # a searching bot's own time option is cut to the budget (it plays its best move so far)
    assert budgeted(BotChoice("mcts", {"seconds": 30, "c": 1}), 2.0) == {"seconds": 2.0, "c": 1}
    assert budgeted(BotChoice("mcts", {"playouts": 50}), 2.0) == {"playouts": 50}


def test_one_table_holds_at_most_its_share_of_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    class Idle:  # a worker without a process: only the pool's bookkeeping is tested here
        def __init__(self) -> None:
            self.known: dict[str, int] = {}

    async def start(nice: int = 0) -> Idle:
        return Idle()

    monkeypatch.setattr(Worker, "start", staticmethod(start))
    pool = ProcessBotPool(2)
    assert pool.share == 1

    async def run() -> None:
        first = await pool._take("a")
        again = asyncio.create_task(pool._take("a"))
        other = await asyncio.wait_for(pool._take("b"), 10)  # another table gets the other worker
        await asyncio.sleep(0.1)
        assert not again.done() and other is not first
        await pool._give("a", first, healthy=True)
        assert await asyncio.wait_for(again, 10) is first

    asyncio.run(run())


def test_the_servers_shutdown_leaves_no_bot_worker(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from tablesport.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0, tables_per_minute=0)
    with TestClient(app) as c:
        pool = app.state.room.bots
        assert isinstance(pool, ProcessBotPool)  # the server's default
        r = c.post("/api/v1/tables", json={"preset": "blokus-event", "seats": BLOKUS})
        assert r.status_code == 201, r.text
        deadline = time.monotonic() + 120
        while not pool.thinking_for(r.json()["id"]):  # a worker thinks for minutes
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.1)
        workers = pool.pids()
        assert workers and all(alive(p) for p in workers)
    assert not any(alive(p) for p in workers)  # the server stopped, and its workers with it


def test_a_worker_started_as_the_server_stops_is_not_left_running(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool closed (the server stopping) while a worker process was being started for a move: the
    worker is stopped as it comes up and the move is refused, not added to a pool that has already
    stopped its workers (it was left running)."""
    real = Worker.start
    started: list[Worker] = []

    async def run() -> None:
        asked, gate = asyncio.Event(), asyncio.Event()

        async def slow_start(nice: int = 0) -> Worker:
            asked.set()
            await gate.wait()  # the server stops before the process is up
            started.append(await real(nice))
            return started[-1]

        monkeypatch.setattr(Worker, "start", staticmethod(slow_start))
        pool = ProcessBotPool(1)
        taking = asyncio.create_task(pool._take("t"))
        await asyncio.wait_for(asked.wait(), 10)
        await pool.close()
        gate.set()
        with pytest.raises(BotPoolError, match="closed"):
            await asyncio.wait_for(taking, 60)
        assert pool.pids() == [] and pool._held == {}

    asyncio.run(run())
    assert len(started) == 1 and started[0].proc.returncode is not None
    assert not alive(started[0].pid)
