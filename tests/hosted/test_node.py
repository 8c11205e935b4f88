"""Two hosted processes' halls in one event loop, on one store and a real Redis (tablesport/server/hosted/
node.py): a table handed over to the process a client reached, the old copy refusing to act, a table whose
lease is lost let go at once and adopted again from the store, the lobby listing the other process's
tables. Fast (seconds); the same against real processes is test_failover.py."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select

from tablesport.server.hosted.node import ADOPT_POLL_MAX, QUIET_SWEEPS, Node, home_of
from tablesport.server.live.client import Client
from tablesport.server.live.tables import TableRoom
from tablesport.store.db import make_sessionmaker
from tablesport.store.live.writer import InlineWriter
from tablesport.store.migrate import upgrade
from tablesport.store.tables import WebStep

from .conftest import run_async

PEOPLE = [{"kind": "person"}, {"kind": "person"}]


async def _until(pred: Any, timeout: float = 10.0) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while not pred():
        assert asyncio.get_running_loop().time() < end, "not within the time"
        await asyncio.sleep(0.05)


def test_hand_over_lost_lease_and_adoption(tmp_path: Path, redis_url: str) -> None:
    engine = upgrade(f"sqlite:///{tmp_path / 'hosted.sqlite3'}")
    sessions = make_sessionmaker(engine)
    prefix = f"tsnode-test-{secrets.token_hex(4)}"

    def steps(tid: str) -> int:
        with sessions() as s:
            n = s.scalar(select(func.count()).select_from(WebStep).where(WebStep.table_id == tid))
            return int(n or 0)

    async def go() -> None:
        halls = [TableRoom(InlineWriter(sessions), sessions, bot_delay=0.0) for _ in range(2)]
        nodes = [Node(redis_url, h, name=n, prefix=prefix) for h, n in zip(halls, "ab", strict=True)]
        for node in nodes:
            await node.start()
        a, b = halls
        try:
            t = await a.create("goofspiel-2p", PEOPLE, seed=3)
            await _until(lambda: any(x["id"] == t.id for x in nodes[1].lobby()))  # b's lobby lists it

            moved = await b.live(t.id)  # a client reached b: a hands the table over
            assert moved is not None and moved is not t
            assert t.moved and t.id not in a.tables and nodes[1].may_act(t.id)
            assert nodes[0].stats["handed_over"] == 1 and nodes[1].stats["adopted"] == 1

            sent: list[dict[str, Any]] = []
            kicked: list[int] = []
            for seat in (0, 1):
                c = Client(seat, lambda text: _record(sent, text))
                c.on_kick = lambda seat=seat: kicked.append(seat)  # type: ignore[misc]
                await moved.connect(c)
            assert moved.status == "running"
            act = json.dumps({"type": "act", "seq": moved.steps, "action": 13})
            assert await moved.submit(0, act) is None  # applied by the holder
            refused = await t.submit(1, act)  # the old copy at a does nothing
            assert refused is not None and refused["code"] == "unavailable"
            assert steps(t.id) == 1

            await nodes[1].redis.delete(nodes[1].leases.key(t.id))  # b loses the lease
            await _until(lambda: moved.moved)
            assert sorted(kicked) == [0, 1]  # its players are sent to reconnect
            assert (await moved.submit(1, act))["code"] == "unavailable"  # type: ignore[index]
            # nobody holds it: a process adopts it from the store within a few sweeps, with its step
            await _until(lambda: t.id in a.tables or t.id in b.tables)
            again = a.tables.get(t.id) or b.tables[t.id]
            assert again is not moved and again.steps == 1 and again.status == "running"
            assert steps(t.id) == 1
        finally:
            await _stop(nodes, halls)

    run_async(go())
    engine.dispose()


async def _stop(nodes: list[Node], halls: list[TableRoom]) -> None:
    for node in nodes:
        await node.stop()  # a second stop does nothing more than the first
    for h in halls:
        await h.shutdown()
        assert isinstance(h.writer, InlineWriter)
        h.writer.close()


@contextlib.asynccontextmanager
async def _hand_swept(engine: Engine, redis_url: str) -> AsyncIterator[tuple[list[TableRoom], list[Node]]]:
    """Two processes "a" and "b" on ``engine``'s store, whose sweeps the test runs by hand."""
    sessions = make_sessionmaker(engine)
    prefix = f"tsnode-test-{secrets.token_hex(4)}"
    halls = [TableRoom(InlineWriter(sessions), sessions, bot_delay=0.0) for _ in range(2)]
    nodes = [Node(redis_url, h, name=n, prefix=prefix, sweep=3600) for h, n in zip(halls, "ab", strict=True)]
    try:
        for node in nodes:
            await node.start()
        yield halls, nodes
    finally:
        await _stop(nodes, halls)


async def _record(sent: list[dict[str, Any]], text: str) -> None:
    sent.append(json.loads(text))


def test_a_late_renewal_puts_the_bots_off_and_the_game_goes_on(tmp_path: Path, redis_url: str) -> None:
    """While a lease is in doubt (its renewal late: a starved event loop) the table's bots and timers wait;
    once the renewal says the table is still this process's, they play on (nothing dropped or stalled)."""
    engine = upgrade(f"sqlite:///{tmp_path / 'late.sqlite3'}")
    sessions = make_sessionmaker(engine)

    async def go() -> None:
        room = TableRoom(InlineWriter(sessions), sessions, bot_delay=0.05)
        node = Node(redis_url, room, name="solo", prefix=f"tsnode-test-{secrets.token_hex(4)}")
        await node.start()
        try:
            t = await room.create("goofspiel-2p", [{"kind": "bot", "bot": "random"}] * 2, seed=5)
            node.held[t.id].valid_until = 0.0  # as if the last renewal were long overdue
            assert not t.acting()
            await _until(lambda: t.status == "finished", timeout=20)
            assert t.steps == 26 and not t.moved and node.stats["lost"] == 0
        finally:
            await node.stop()
            await room.shutdown()
            assert isinstance(room.writer, InlineWriter)
            room.writer.close()

    run_async(go())
    engine.dispose()


def test_the_processes_alive_come_from_their_registry_and_quiet_sweeps_seldom_read_the_store(
        tmp_path: Path, redis_url: str) -> None:
    """hosted/node.py: who is alive is two round trips (the registry of names, their alive keys) whatever
    else Redis holds; a process that stopped leaves the registry; while nothing changes, one sweep in
    QUIET_SWEEPS reads the store's live tables, and after a change every sweep does."""
    engine = upgrade(f"sqlite:///{tmp_path / 'hosted.sqlite3'}")

    async def go() -> None:
        async with _hand_swept(engine, redis_url) as (halls, nodes):
            a, b = nodes
            await _until(lambda: a.redis_ok and b.redis_ok)
            assert await a._alive() == ["a", "b"]
            reads: list[int] = []
            live_ids = a._live_ids
            a._live_ids = lambda: reads.append(1) or live_ids()  # type: ignore[method-assign]
            await a._sweep()  # the first look: b is new to a, a change
            assert a.nodes == ["a", "b"] and len(reads) == 1
            a._changed_at -= 10 * 3600  # long ago (this test sweeps by hand): quiet from now on
            for _ in range(3 * QUIET_SWEEPS):
                await a._sweep()
            assert len(reads) == 1 + 3
            await b.stop()
            await a._sweep()  # b gone: a change, and every sweep reads the store for a while
            await a._sweep()
            assert a.nodes == ["a"] and len(reads) == 1 + 3 + 2
            assert await a.redis.smembers(a._nodes_key) == {b"a"}

    run_async(go())
    engine.dispose()


def test_a_holder_that_took_the_table_again_is_asked_again(tmp_path: Path, redis_url: str) -> None:
    """hosted/node.py, hand-over: the holder released the table and took it again before the asker's next
    try (its sweep saw an orphan); the asker asks again (the holder's new fence) instead of waiting out its
    time and refusing the client. And a holder's sweeps leave alone what it just handed over (the race
    that took tables back: 10-30 first connections refused at set-up in bench.hosted_load)."""
    engine = upgrade(f"sqlite:///{tmp_path / 'hosted.sqlite3'}")

    async def go() -> None:
        async with _hand_swept(engine, redis_url) as (halls, nodes):
            a, b = nodes
            t = await halls[0].create("goofspiel-2p", PEOPLE, seed=5)
            while home_of(t.id, ["a", "b"]) != "a":  # a table a's sweeps would take as an orphan
                t = await halls[0].create("goofspiel-2p", PEOPLE, seed=5)
            await _until(lambda: a.redis_ok and b.redis_ok)
            assert await halls[1].live(t.id) is not None  # handed over to b
            await b.redis.delete(b.leases.key(t.id))  # as if b had not taken it yet
            await a._sweep()
            assert t.id not in halls[0].tables and a.stats["adopted"] == 0  # a just handed it over: not its
            await a.stop()  # a is gone; the table is left with a lease of a stranger's, "x"
            b.held.pop(t.id)
            halls[1].tables.pop(t.id)
            x = b.leases.key(t.id)
            await b.redis.set(x, "x:1")
            asks = b.redis.pubsub()
            await asks.subscribe(f"{b.prefix}:node:x")
            taking = asyncio.ensure_future(b.adopt(t.id))

            async def asked() -> int:
                n = 0
                end = asyncio.get_running_loop().time() + 2 * ADOPT_POLL_MAX
                while asyncio.get_running_loop().time() < end:
                    msg = await asks.get_message(ignore_subscribe_messages=True, timeout=0.05)
                    n += msg is not None
                return n

            assert await asked() == 1
            await b.redis.set(x, "x:2")  # x let it go and took it again: a new fence
            assert await asked() == 1
            await b.redis.delete(x)  # now x lets it go for good
            taken = await asyncio.wait_for(taking, b.hand_over_within)
            assert taken is not None and taken.id == t.id and b.may_act(t.id)
            await asks.aclose()  # type: ignore[no-untyped-call]

    run_async(go())
    engine.dispose()
