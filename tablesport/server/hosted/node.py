"""One server process of a hosted deployment: its leases, its share of the tables, its messages.

Several processes share one PostgreSQL store and one Redis.  A table is refereed by the process that
holds its lease (:mod:`.lease`); every other process leaves it alone.  The :class:`Node`

* renews the leases of its tables every ``ttl / 3`` seconds, and lets go of a table (stops its
  timers and bots, closes its sockets: the pages reconnect by themselves) whose lease is lost or
  could not be renewed in time;
* adopts tables that nobody referees (their process died, or Redis lost its keys): every second it
  looks for open and running tables of the store without a lease and takes those whose home it is
  (rendezvous hash over the live processes), or any after they stayed orphaned for two rounds; an
  adopted table is rebuilt from its stored steps with its timers (the restart path of the room);
* moves a table to the process a client reached: HAProxy sends every request of a table to one
  process (consistent hash on the table id), so a process asked for a table it does not hold asks
  its holder (pub/sub) to hand it over, waits for the lease, and loads the table from the store;
* publishes the summaries of its live tables (pub/sub, every 3 s and at once when one opens or
  ends) and keeps the other processes' last ones, so that every process's lobby lists every table.

Redis unreachable: a process keeps acting on a table only while its lease is surely still valid
(``Lease.valid_until``); then it lets the tables go, refuses new ones with "try again" (the
:class:`Unavailable` error) and adopts them again when Redis is back.  Nothing is lost: every
step is in the store before anyone hears of it, and a step number is written once (the store's key).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import random
import secrets
import socket
import time
from typing import TYPE_CHECKING, Any

import orjson
from sqlalchemy import select

from tablesport.store.live.jsontext import compact
from tablesport.store.tables import OPEN, RUNNING, WebTable

from .errors import Unavailable, store_reads
from .lease import Lease, Leases

if TYPE_CHECKING:
    from ..live.table import LiveTable
    from ..live.tables import TableRoom

log = logging.getLogger("tablesport.server.hosted")

TTL = 3.0
"""Seconds a lease lives without renewal: a dead process's tables are adopted within TTL + one sweep."""
SWEEP = 1.0
"""Seconds between two looks at which processes are alive."""
ADOPT_POLL = 0.05
ADOPT_POLL_MAX = 0.4
"""Seconds between two tries at a table's lease while its holder hands it over (doubling from the first
to the last): a hand-over takes a few milliseconds, but at thousands of tables moving at once (a process
joining, or tables created on one process and played on another) a fixed 50 ms made tens of thousands
of Redis calls a second, and the hand-overs themselves waited for them."""
QUIET_SWEEPS = 3
"""While the processes alive stay the same and this one lost nothing, one look in this many also looks for
orphaned tables (every live table of the store against its lease: at thousands of tables, the biggest
part of the hosted bookkeeping); after a change, every look does, for a lease's time to live and two more."""
LOBBY_EVERY = 1.0
"""Seconds at least between two publications of this process's lobby list (every live table's summary):
at thousands of tables, games end every few milliseconds and each would publish the whole list again."""


def node_name() -> str:
    return os.environ.get("TABLESPORT_NODE") or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"


def home_of(table: str, nodes: list[str]) -> str | None:
    """The process a table belongs to among ``nodes`` (rendezvous hashing: only a dead node's tables move)."""
    if not nodes:
        return None
    return max(nodes, key=lambda n: hashlib.blake2b(f"{n}/{table}".encode(), digest_size=8).digest())


class Node:
    def __init__(self, url: str, room: TableRoom, name: str | None = None, ttl: float = TTL,
                 sweep: float = SWEEP, prefix: str | None = None) -> None:
        import redis.asyncio as aioredis

        prefix = prefix or os.environ.get("TABLESPORT_REDIS_PREFIX") or "tablesport"

        self.name = name or node_name()
        self.room = room
        self.prefix = prefix
        self.ttl = ttl
        self.sweep_every = sweep
        self.redis = aioredis.Redis.from_url(url, socket_timeout=min(1.0, ttl / 3),
                                             socket_connect_timeout=min(1.0, ttl / 3))
        self.leases = Leases(self.redis, self.name, ttl=ttl, margin=ttl / 6, prefix=prefix)
        self.held: dict[str, Lease] = {}
        self.lobbies: dict[str, tuple[float, list[dict[str, Any]]]] = {}
        """Other processes' live tables, as they last published them: node -> (received, summaries)."""
        self.nodes: list[str] = [self.name]
        self._orphans: dict[str, int] = {}
        self._handed: dict[str, float] = {}
        """Tables this process handed over, and when: not orphans to its sweeps while the asker takes them."""
        self._sweeps = 0
        self._changed_at = time.monotonic()
        """When the processes alive last changed, or this one lost leases or got Redis back."""
        self._adopting: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._lobby_dirty = asyncio.Event()
        self.redis_ok = False
        self.stats = {"adopted": 0, "handed_over": 0, "lost": 0, "refused": 0}

    @property
    def hand_over_within(self) -> float:
        """Seconds a process asking for a table waits for it (a dead holder's lease expires within it)."""
        return self.ttl + 2.0

    # -- channels and keys ------------------------------------------------------------------
    @property
    def inbox(self) -> str:
        return f"{self.prefix}:node:{self.name}"

    @property
    def lobby_channel(self) -> str:
        return f"{self.prefix}:lobby"

    def _alive_key(self, node: str) -> str:
        return f"{self.prefix}:alive:{node}"

    @property
    def _nodes_key(self) -> str:
        """The set of the processes' names (each alive while its alive key lasts)."""
        return f"{self.prefix}:nodes"

    # -- life -------------------------------------------------------------------------------
    async def start(self) -> None:
        self.room.hosted = self
        for loop in (self._renew_loop, self._sweep_loop, self._listen_loop, self._lobby_loop):
            self._tasks.append(asyncio.create_task(loop(), name=f"hosted-{loop.__name__}"))

    async def stop(self) -> None:
        """A clean stop: save and release every table so that the other processes take them at once."""
        for task in self._tasks:
            task.cancel()
        # a Redis call cut off by the cancellation may not return at once: do not wait for it for long
        await asyncio.wait(self._tasks, timeout=2.0)
        for tid in list(self.held):
            table = self.room.tables.get(tid)
            if table is not None:
                await self.let_go(table, save=True)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.delete(self._alive_key(self.name)), 2.0)
            await asyncio.wait_for(self.redis.srem(self._nodes_key, self.name), 2.0)
            await asyncio.wait_for(self.redis.publish(self.lobby_channel,
                                                      compact({"node": self.name, "tables": None})), 2.0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.aclose(), 2.0)

    # -- what the room asks -----------------------------------------------------------------
    def may_act(self, tid: str) -> bool:
        lease = self.held.get(tid)
        return lease is not None and lease.valid()

    async def created(self, tid: str) -> None:
        """A new table: take its lease before anything happens at it (Unavailable without Redis)."""
        try:
            lease = await self.leases.acquire(tid)
        except Exception as exc:
            raise Unavailable("the table service cannot reach its coordinator (Redis) just now; "
                              "try again in a few seconds") from exc
        if lease is None:  # a fresh random id already leased: practically impossible
            raise Unavailable("that table id is taken; try again")
        self.held[tid] = lease
        self._lobby_dirty.set()

    def changed(self) -> None:
        """A table opened, started or ended: publish the lobby now."""
        self._lobby_dirty.set()

    def lobby(self) -> list[dict[str, Any]]:
        """The live tables of every other process (this one's own come from the room)."""
        now = time.monotonic()
        out: list[dict[str, Any]] = []
        for node, (at, tables) in list(self.lobbies.items()):
            if now - at > 4 * self.ttl:
                del self.lobbies[node]
                continue
            out.extend(t for t in tables if t["id"] not in self.room.tables)
        return out

    async def adopt(self, tid: str) -> LiveTable | None:
        """The live table ``tid`` here, taken over from its holder if need be; ``None`` if it is not live
        (finished, abandoned or unknown).  Unavailable when it cannot be had in a few seconds."""
        table = self.room.tables.get(tid)
        if table is not None:
            return table
        pending = self._adopting.get(tid)
        if pending is not None:  # another request of this process is taking it: wait for that one
            try:
                return await asyncio.shield(pending)
            except asyncio.CancelledError:
                if pending.cancelled():  # that request went away (its client left), not this one
                    return await self.adopt(tid)
                raise
        fut: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._adopting[tid] = fut
        try:
            table = await self._adopt(tid)
        except asyncio.CancelledError:
            fut.cancel()
            raise
        except Exception as exc:
            fut.set_exception(exc)
            fut.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        else:
            fut.set_result(table)
            return table
        finally:
            self._adopting.pop(tid, None)

    async def _adopt(self, tid: str) -> LiveTable | None:
        if not await asyncio.to_thread(self._is_live, tid):
            return None
        deadline = time.monotonic() + self.hand_over_within
        asked: tuple[str, int] | None = None
        wait = ADOPT_POLL
        try:
            while True:
                lease = await self.leases.acquire(tid)
                if lease is not None:
                    return await self._load(tid, lease)
                owner = await self.leases.owner(tid)
                # asked again when the holder changed, or took the table anew (another fence) in between
                if owner is not None and owner != asked and owner[0] != self.name:
                    asked = owner
                    await self.redis.publish(f"{self.prefix}:node:{owner[0]}",
                                             compact({"op": "hand_over", "table": tid, "to": self.name}))
                if time.monotonic() > deadline:
                    break
                await asyncio.sleep(wait)
                wait = min(2 * wait, ADOPT_POLL_MAX)
        except Unavailable:
            raise
        except Exception as exc:
            self.stats["refused"] += 1
            raise Unavailable("the table service cannot reach its coordinator (Redis) just now; "
                              "try again in a few seconds") from exc
        self.stats["refused"] += 1
        raise Unavailable("this table is moving between server processes; try again in a few seconds")

    def _is_live(self, tid: str) -> bool:
        with store_reads(), self.room.sessions() as session:
            status = session.scalar(select(WebTable.status).where(WebTable.id == tid))
        return status in (OPEN, RUNNING)

    async def _load(self, tid: str, lease: Lease) -> LiveTable | None:
        self.held[tid] = lease
        try:
            table = await self.room.load_live(tid)
        except BaseException:
            self.held.pop(tid, None)
            with contextlib.suppress(Exception):
                await self.leases.release(lease)
            raise
        if table is None or table.status not in (OPEN, RUNNING):  # it ended meanwhile: nothing to referee
            self.held.pop(tid, None)
            await self.leases.release(lease)
            return table
        self.stats["adopted"] += 1
        self._lobby_dirty.set()
        log.info("%s: took table %s (fence %d)", self.name, tid, lease.fence)
        return table

    async def let_go(self, table: LiveTable, save: bool) -> None:
        """Stop refereeing ``table`` here: its timers and bots stop, its sockets close (the pages reconnect
        and reach the new holder).  ``save``: the lease is still ours; store the timers, then release it."""
        lease = self.held.get(table.id)
        async with table.lock:
            table.moved = True
            table.halt()
            if save and lease is not None and lease.valid() and table.status in (OPEN, RUNNING):
                with contextlib.suppress(Exception):
                    await self.room.writer.submit(table._save_job())
            if self.room.tables.get(table.id) is table:
                del self.room.tables[table.id]
            self.held.pop(table.id, None)
        for client in list(table.clients):
            client.kick()
        if save and lease is not None:
            with contextlib.suppress(Exception):
                await self.leases.release(lease)
        self._lobby_dirty.set()

    def finished(self, tid: str) -> None:
        """A table ended (its last step stored): its lease goes."""
        lease = self.held.pop(tid, None)
        if lease is not None:
            self.room.spawn(self._release(lease))
        self._lobby_dirty.set()

    async def _release(self, lease: Lease) -> None:
        with contextlib.suppress(Exception):
            await self.leases.release(lease)

    def lost(self, table: LiveTable) -> None:
        """The store refused a step of ``table`` (another holder wrote it, or the store is down): let it go
        without saving; it is rebuilt from the store by whoever adopts it next."""
        self.stats["lost"] += 1
        self.room.spawn(self.let_go(table, save=False))

    # -- loops ------------------------------------------------------------------------------
    async def _renew_loop(self) -> None:
        every = self.ttl / 3
        while True:
            try:
                leases = list(self.held.values())
                lost = await self.leases.renew(leases)
                # said alive after the leases are renewed: once its alive key has expired, a dead
                # process's leases have too, and the first look after that finds its tables orphaned
                async with self.redis.pipeline(transaction=False) as pipe:
                    pipe.set(self._alive_key(self.name), "1", px=int(self.ttl * 1000))
                    pipe.sadd(self._nodes_key, self.name)
                    await pipe.execute()
                if not self.redis_ok or lost:
                    self._changed_at = time.monotonic()
                self.redis_ok = True
            except Exception as exc:
                if self.redis_ok:
                    log.warning("%s: cannot renew leases: %s", self.name, exc)
                self.redis_ok = False
                lost = [x for x in self.held.values() if not x.valid()]
            for lease in lost:
                table = self.room.tables.get(lease.table)
                if table is not None and self.held.get(lease.table) is lease:
                    log.warning("%s: lost the lease of table %s; letting it go", self.name, lease.table)
                    self.stats["lost"] += 1
                    await self.let_go(table, save=False)
                elif self.held.get(lease.table) is lease:
                    del self.held[lease.table]
            await asyncio.sleep(every)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_every * (0.75 + 0.5 * random.random()))
            try:
                await self._sweep()
            except Exception as exc:
                log.debug("%s: sweep failed: %s", self.name, exc)

    async def _alive(self) -> list[str]:
        """The processes alive now (two round trips, whatever else Redis holds)."""
        members = await self.redis.smembers(self._nodes_key)
        names = sorted(n.decode() if isinstance(n, bytes) else n for n in members)
        up = await self.redis.mget([self._alive_key(n) for n in names]) if names else []
        alive = {n for n, v in zip(names, up, strict=True) if v is not None} | {self.name}
        dead = [n for n in names if n not in alive]
        if dead:  # gone for good, or back (and in the set again) at its next renewal
            await self.redis.srem(self._nodes_key, *dead)
        return sorted(alive)

    async def _sweep(self) -> None:
        alive = await self._alive()
        now = time.monotonic()
        if alive != self.nodes:
            self._changed_at = now
        self.nodes = alive
        self._sweeps += 1
        if now - self._changed_at > self.ttl + 2 * self.sweep_every and self._sweeps % QUIET_SWEEPS:
            return
        ids = await asyncio.to_thread(self._live_ids)
        self._handed = {t: at for t, at in self._handed.items() if now - at < self.hand_over_within}
        candidates = [t for t in ids if t not in self.room.tables and t not in self._adopting
                      and t not in self._handed]
        held = await self.leases.held(candidates)
        orphans = {t for t, h in zip(candidates, held, strict=True) if not h}
        self._orphans = {t: self._orphans.get(t, 0) + 1 for t in orphans}
        for tid in orphans:
            if home_of(tid, alive) == self.name or self._orphans[tid] > 2:
                with contextlib.suppress(Unavailable):
                    await self.adopt(tid)

    def _live_ids(self) -> list[str]:
        with self.room.sessions() as session:
            return list(session.scalars(select(WebTable.id).where(WebTable.status.in_([OPEN, RUNNING]))))

    async def _listen_loop(self) -> None:
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(self.inbox, self.lobby_channel)
                async for msg in pubsub.listen():
                    if msg.get("type") == "message":
                        await self._on_message(msg["channel"], msg["data"])
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as exc:
                log.debug("%s: subscription lost: %s", self.name, exc)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(0.5)

    async def _on_message(self, channel: bytes, data: bytes) -> None:
        try:
            msg = orjson.loads(data)
        except ValueError:  # orjson's JSONDecodeError is one
            return
        if channel.decode() == self.lobby_channel:
            if msg.get("node") == self.name:
                return
            if msg.get("tables") is None:
                self.lobbies.pop(str(msg.get("node")), None)
            else:
                self.lobbies[str(msg["node"])] = (time.monotonic(), list(msg["tables"]))
            return
        if msg.get("op") == "hand_over":
            table = self.room.tables.get(str(msg.get("table")))
            if table is not None and table.id in self.held:
                log.info("%s: handing table %s over to %s", self.name, table.id, msg.get("to"))
                self.stats["handed_over"] += 1
                self._handed[table.id] = time.monotonic()
                self.room.spawn(self.let_go(table, save=True))

    async def _lobby_loop(self) -> None:
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._lobby_dirty.wait(), timeout=self.ttl)
            self._lobby_dirty.clear()
            tables = [t.summary() for t in self.room.tables.values() if t.status in (OPEN, RUNNING)]
            with contextlib.suppress(Exception):
                await self.redis.publish(self.lobby_channel, compact({"node": self.name, "tables": tables}))
            await asyncio.sleep(LOBBY_EVERY)

    def to_json(self) -> dict[str, Any]:
        return {"node": self.name, "nodes": list(self.nodes), "tables_held": len(self.held),
                "redis": self.redis_ok, **self.stats}
