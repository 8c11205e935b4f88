"""Every live table of a server process, held by the :class:`TableRoom`: creating tables, handing out seats,
finding a table, and after a restart (or a step the store did not save) rebuilding each from its stored
steps with its timers re-armed."""

from __future__ import annotations

import asyncio
import bisect
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from tablesport import __version__
from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import Rng, TablesportError, canon
from tablesport.core.records import Recorder, apply_step
from tablesport.store.live.writer import InlineWriter, Writer
from tablesport.store.tables import ABANDONED, FINISHED, OPEN, RUNNING, WebNote, WebSeat, WebStep, WebTable

from ..hosted.errors import Unavailable, store_reads
from .autopass import DEFAULT_DELAY
from .bot_pool import BotPool
from .bot_processes import ProcessBotPool
from .clock import Clock
from .seat_holds import REMATCH_HOLD
from .setup import SeatPlan, SetupError, check_params, stored_ruleset, whole_seed
from .table import EVENT_LOG, LiveTable, log_failure, mark_seat

log = logging.getLogger("tablesport.server")

RESUME_GRACE = 15.0
"""Seconds a decision still gets after a restart if its deadline passed while the server was down."""


HANDLED_EDGES_MS = (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


@dataclass
class Stats:
    """Where the server's time goes (seconds, summed over all tables)."""

    actions: int = 0
    apply: float = 0.0
    store_wait: float = 0.0
    frames: float = 0.0
    frames_sent: int = 0
    bot_think: float = 0.0
    errors: int = 0
    # a seat's accepted action, from its message read to its frames queued for sending, counted by
    # the upper edge (ms) of its bucket (the last bucket: longer)
    handled_ms: list[int] = field(default_factory=lambda: [0] * (len(HANDLED_EDGES_MS) + 1))

    def handled(self, seconds: float) -> None:
        self.handled_ms[bisect.bisect_left(HANDLED_EDGES_MS, 1000 * seconds)] += 1

    def to_json(self) -> dict[str, Any]:
        out = {k: round(v, 6) if isinstance(v, float) else v for k, v in self.__dict__.items()}
        out["handled_ms"] = list(self.handled_ms)
        out["handled_edges_ms"] = list(HANDLED_EDGES_MS)
        return out


@dataclass
class TableRoom:
    """Every live table of this server process."""

    writer: Writer | InlineWriter
    sessions: sessionmaker[Session]
    bot_delay: float = 0.6
    tables: dict[str, LiveTable] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    clock: Clock = field(default_factory=Clock)
    auto_delay: tuple[float, float] = DEFAULT_DELAY
    """The range of the pause before the server passes for a seat that can only pass (autopass.py)."""
    absence_grace: float | None = None
    """Seconds before a bot stands in for an absent player; ``None``: each game's own (absence.yaml)."""
    hosted: Any = None
    """Hosted mode: the :class:`..hosted.node.Node` that holds this process's table leases (else ``None``)."""
    reloading: set[str] = field(default_factory=set)
    """Tables let go after a step the store did not save, until they are rebuilt from it (one process)."""
    bots: BotPool | ProcessBotPool = field(default_factory=BotPool)
    """Where the bots think: their own bounded pool, not the default executor every page uses (the server
    passes its configured one, by default worker processes: bot_processes.py)."""
    on_finish: list[Callable[[LiveTable], Coroutine[Any, Any, None]]] = field(default_factory=list)
    """Called (as tasks) with each table that finishes, after its last step is stored: e.g. a fixture's
    result entered from its live table."""

    def may_act(self, tid: str) -> bool:
        """This process referees ``tid`` (always; hosted, only while it holds the table's lease)."""
        return self.hosted is None or bool(self.hosted.may_act(tid))

    def lobby(self) -> list[dict[str, Any]]:
        """The summaries of every live table: this process's and, hosted, every other process's."""
        live = [t.summary() for t in self.tables.values() if t.status in (OPEN, RUNNING)]
        if self.hosted is not None:
            live.extend(self.hosted.lobby())
        return live

    def rng_for(self, seed: int, seat: int) -> Rng:
        """A bot's generator: from the table's seed, so a table's bots play the same way every time."""
        return Rng(seed).spawn(1000 + seat)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self.tasks.discard(task)
        log_failure(task)

    def finished(self, table: LiveTable) -> None:
        """A finished table stays in memory for its watchers until the last one leaves, and while its "play
        again" table holds seats for its players (their links find that table through it)."""
        again = self.tables.get(table.rematch) if table.rematch else None
        if not table.clients and (again is None or not again.holds.held):
            self.tables.pop(table.id, None)

    # -- creating tables --------------------------------------------------------------------
    async def create(self, preset: str, seats: list[dict[str, Any]], seed: int | str | None = None,
                     bot_delay: float | None = None, params: dict[str, Any] | None = None,
                     guided: bool = False, official: bool = False) -> LiveTable:
        """A new table; ``seats`` and the rest come as the API's JSON (checked here: SetupError).
        ``guided``: a guided first game, whose person seats are shown hints and which is never rated.
        ``official``: a fixture's table, whose person seats belong to the fixture's entrants: they are
        handed out only through the links its creator (the referee) gives, never to anyone who asks, and
        the server chooses its seed (a chosen seed is refused). A table whose creator chose the seed is
        never rated (:mod:`.ratings`)."""
        from tablesport.games import find_preset

        try:
            game, rs = find_preset(preset)
        except TablesportError as exc:
            raise SetupError(str(exc), "preset") from None
        if official and seed is not None:
            raise SetupError("a fixture's table is dealt from a seed the server chooses; leave the seed out",
                             "seed")
        if params is not None and not isinstance(params, dict):
            raise SetupError("params must be an object of preset parameters", "params")
        for i, s in enumerate(seats):
            if not isinstance(s, dict):
                raise SetupError(f'seat {i}: a seat is an object, {{"kind": "person"}} or '
                                 f'{{"kind": "bot", "bot": "random"}}, not {s!r}', f"seats.{i}")
        if any(s.get("kind") == "person" for s in seats):
            params = {**game.live_params, **(params or {})}
        if params:
            check_params(rs, params)
            try:
                rs = rs.with_params(**canon(params))
            except TablesportError as exc:
                raise SetupError(str(exc), "params") from None
        if len(seats) != rs.seats:
            raise SetupError(f"{preset} has {rs.seats} seats; {len(seats)} were given", "seats",
                             (f"{rs.seats} seats",))
        plans = []
        known = bot_factories(game)
        for i, s in enumerate(seats):
            kind = s.get("kind")
            if kind == "bot":
                spec = str(s.get("bot") or "random")
                try:
                    BotChoice.parse(spec, known)
                except TablesportError as exc:
                    raise SetupError(f"seat {i}: {exc}", f"seats.{i}.bot", tuple(sorted(known))) from None
                plans.append(SeatPlan("bot", spec, joined=True, claimed=True))
            elif kind == "person":
                plans.append(SeatPlan("person", token=secrets.token_urlsafe(24), claimed=official))
            else:
                raise SetupError(f"seat {i}: kind must be \"person\" or \"bot\", not {kind!r}",
                                 f"seats.{i}.kind", ("person", "bot"))
        seed_chosen = seed is not None
        needed = game.seats_to_start(rs)
        if needed is not None:  # the other person seats join when they like; the table need not wait
            for i, p in enumerate(plans):
                p.joined = p.joined or i not in needed
        kinds = {p.kind for p in plans}
        if not game.bots_with_people and kinds == {"bot", "person"}:
            first = next(i for i, p in enumerate(plans) if p.kind == "bot")
            raise SetupError(f"seat {first}: {game.title} is played by people only: a bot knows only what "
                             "its seat knows, and no bot can read a drawing to guess it (seed 000 Pictionary "
                             "§2: the team guesses what its picturist draws)", f"seats.{first}.kind",
                             ("person",))
        seed = secrets.randbelow(2**62) if seed is None else whole_seed(seed)
        tid = secrets.token_hex(6)
        recorder = Recorder(game.name, rs.preset, seed, [p.label for p in plans], __version__,
                            params=rs.overrides(game.ruleset(rs.preset)))
        try:  # the engine refuses parameters it cannot play with in its own words
            state = game.new_state(rs, seed)
            state.pending()
        except Exception as exc:
            if not params:
                raise
            raise SetupError(f"{rs.preset} cannot start with these params: {exc}", "params") from None
        delay = self.bot_delay if bot_delay is None else max(0.0, float(bot_delay))
        all_bots = all(p.kind == "bot" for p in plans)
        table = LiveTable(self, tid, game, rs, seed, plans, delay, recorder, state,
                          RUNNING if all_bots else OPEN, time.time(), guided=guided, official=official,
                          seed_chosen=seed_chosen)
        now = time.time()
        header = recorder.lines[0]

        def job(session: Session) -> None:
            session.add(WebTable(id=tid, game=game.name, preset=rs.preset, seed=seed, status=table.status,
                                 header=header, footer=None, steps=0, last_h=header["h"], timers={},
                                 clock_used=0.0, bot_delay=delay, created=now, updated=now, result=None,
                                 guided=guided, official=official, seed_chosen=seed_chosen))
            session.flush()
            for i, p in enumerate(plans):
                session.add(WebSeat(table_id=tid, seat=i, kind=p.kind, bot=p.bot, token=p.token,
                                    claimed=p.claimed, joined=p.joined))

        if self.hosted is not None:
            await self.hosted.created(tid)
        await self.writer.submit(job)
        self.tables[tid] = table
        if self.hosted is not None:
            self.hosted.changed()
        async with table.lock:
            table._update_asked(None, None)
            table._arrange()
            await self.writer.submit(table._save_job())
        return table

    async def claim(self, tid: str) -> tuple[int, str] | None:
        """Give out a free person seat of an open table (first come, first served); never a seat of an
        official table (a fixture's: its seats belong to the fixture's entrants), nor one held for the
        player who played it at the finished table this one plays again (seat_holds.py)."""
        table = await self.live(tid)
        if table is None or table.official:
            return None
        async with table.lock:
            for i, p in enumerate(table.seats):
                if p.kind == "person" and not p.claimed and p.token and not table.holds.holds(i):
                    p.claimed = True
                    await self.writer.submit(mark_seat(tid, i, claimed=True))
                    return i, p.token
        return None

    async def rematch(self, tid: str, token: str, account: str | None = None) -> tuple[str, str]:
        """The same game again (issue 38 item 7), asked by the seat of the finished table ``tid`` whose link
        has ``token`` (its bearer signed in as ``account``, or not signed in): the first to ask makes a new
        table with the same preset, parameters and seats (each bot in its seat at its own strength, each
        person's seat held for the person who played it for :data:`.seat_holds.REMATCH_HOLD` seconds:
        nobody else may take it meanwhile; then it opens, or quick play's bot takes it); the others join
        that table, each in their own seat while it is held or free, else in a free one. The new table's
        id and the seat's token; :class:`SetupError` when the table is not finished, the link is not one
        of its seats, the seat was another account's, or no seat is free any more."""
        old = await self.live(tid)
        seat = None if old is None else old.seat_for_token(token)
        if old is None or seat is None:
            raise SetupError("this is not a seat link of a finished table here", "token")
        if old.status != FINISHED or old.official or old.guided:
            raise SetupError("play again is offered at the end of a lobby table's game", "table")
        played_by = old.accounts.get(seat)
        if played_by is not None and account is not None and account != played_by:
            raise SetupError(f"this seat was played by {played_by}; sign in as {played_by} (or sign out) to "
                             "play it again", "token")
        async with old.lock:
            if old.rematch is None or old.rematch not in self.tables:
                seats = [{"kind": "bot", "bot": p.bot} if p.kind == "bot" else {"kind": "person"}
                         for p in old.seats]
                new = await self.create(old.rs.preset, seats, params=old.params() or None)
                new.visitor = old.visitor
                new.vacant_bot = old.vacant_bot
                new.holds.of = old.id
                async with new.lock:  # every other player's seat is held for them
                    for i, p in enumerate(old.seats):
                        if p.kind == "person" and p.token and i != seat:
                            new.holds.hold(i, p.token, old.accounts.get(i), REMATCH_HOLD)
                old.rematch = new.id
                old.rematch_by = seat
                old.broadcast([], "presence")  # the other players' end boxes offer to join it
        new = self.tables[old.rematch]
        async with new.lock:
            mine = new.seats[seat]
            if new.holds.holds(seat) and not new.holds.may_take(seat, token, account):
                raise SetupError("this seat is held for the player who played it", "token")
            if not mine.claimed and mine.token:
                new.holds.taken(seat)
                mine.claimed = True
                await self.writer.submit(mark_seat(new.id, seat, claimed=True))
                new.broadcast([], "presence")
                return new.id, mine.token
        got = await self.claim(new.id)
        if got is None:
            raise SetupError("every seat of the new table is taken", "seats")
        return new.id, got[1]

    async def live(self, tid: str) -> LiveTable | None:
        """The live table ``tid`` of this process (hosted: taken over from the process that holds it)."""
        table = self.tables.get(tid)
        if table is None and self.hosted is not None:
            table = await self.hosted.adopt(tid)
        if table is None and tid in self.reloading:
            raise Unavailable("the store is out of reach for a moment; this table comes back as it was at "
                              "its last saved step as soon as the store answers; try again in a few seconds")
        return table

    def store_refused(self, table: LiveTable) -> None:
        """The store did not save the step just taken at ``table``: this copy is ahead of the store, so it
        stops at once (nothing waiting on its lock acts on it) and is rebuilt from the store as it was —
        hosted, by whichever process takes it next; else here, as soon as the store answers."""
        table.moved = True
        if self.hosted is not None:
            self.hosted.lost(table)
            return
        table.halt()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        for client in list(table.clients):
            client.kick()
        self.reloading.add(table.id)
        self.spawn(self._reload(table.id))

    async def _reload(self, tid: str) -> None:
        delay = 0.5
        while tid not in self.tables:
            await asyncio.sleep(delay)
            try:
                if await self.load_live(tid) is None:
                    break  # no longer live (its last step was saved after all, or it was abandoned)
            except Exception as exc:  # noqa: BLE001 - the store is still out of reach: try again
                log.warning("table %s: not rebuilt yet (%s); trying again", tid, str(exc).splitlines()[0])
                delay = min(2 * delay, 5.0)
        self.reloading.discard(tid)
        log.info("table %s: rebuilt from the store after a step the store did not save", tid)

    async def find(self, tid: str) -> LiveTable | None:
        """The table ``tid``: live, or finished and rebuilt from the store; ``None`` if there is none."""
        return await self.live(tid) or await self.load_finished(tid)

    def _read_table(self, tid: str, statuses: tuple[str, ...]) -> (
            tuple[WebTable, list[WebSeat], list[WebStep]] | None):
        """The stored row, seats and steps of table ``tid`` if its status is one of ``statuses``."""
        with store_reads(), self.sessions() as session:
            row = session.get(WebTable, tid)
            if row is None or row.status not in statuses:
                return None
            return (row, *_seats_and_steps(session, tid))

    async def stored_finished(self, tid: str) -> LiveTable | None:
        """A finished table rebuilt from the store (not kept in memory); ``None`` if it is not finished."""
        data = await asyncio.to_thread(self._read_table, tid, (FINISHED,))
        return None if data is None else self._rebuild(*data)

    async def load_finished(self, tid: str) -> LiveTable | None:
        """A table that is no longer live (finished), rebuilt from the store for its viewers."""

        data = await asyncio.to_thread(self._read_table, tid, (FINISHED,))
        if data is None:
            return None
        table = self.tables.get(tid) or self._rebuild(*data)
        self.tables[tid] = table
        return table

    # -- restart ----------------------------------------------------------------------------
    async def resume_all(self) -> list[str]:
        """Rebuild every open or running table from its stored steps and re-arm its timers."""
        with self.sessions() as session:
            rows = session.scalars(select(WebTable).where(WebTable.status.in_([OPEN, RUNNING]))).all()
            loaded = [(row, *_seats_and_steps(session, row.id)) for row in rows]
        resumed = []
        for row, seats, lines in loaded:
            try:
                table = self._rebuild(row, seats, lines)
            except Exception as exc:
                log.exception("table %s cannot be resumed", row.id)
                await self.writer.submit(_abandon(row.id, f"could not resume after restart: {exc}"))
                continue
            self.tables[table.id] = table
            async with table.lock:
                table._arrange()
                await self.writer.submit(table._save_job())
            resumed.append(table.id)
        return resumed

    async def load_live(self, tid: str) -> LiveTable | None:
        """Hosted mode: the open or running table ``tid`` rebuilt from the store with its timers re-armed
        (the restart path of :meth:`resume_all` for one table, once its lease is held); ``None`` if it is
        not live."""

        data = await asyncio.to_thread(self._read_table, tid, (OPEN, RUNNING))
        if data is None:
            return None
        try:
            table = self._rebuild(*data)
        except Exception as exc:
            log.exception("table %s cannot be resumed", tid)
            await self.writer.submit(_abandon(tid, f"could not resume on another process: {exc}"))
            return None
        self.tables[tid] = table
        async with table.lock:
            table._arrange()
            await self.writer.submit(table._save_job())
        return table

    def _rebuild(self, row: WebTable, seats: list[WebSeat], steps: list[WebStep]) -> LiveTable:
        lines = [s.line for s in steps]
        game, rs = stored_ruleset(row)
        header = row.header
        params = header.get("params") or {}
        recorder = Recorder(game.name, rs.preset, row.seed, list(header["seats"]), header.get("version", "0"),
                            params=dict(params))
        if recorder.lines[0]["h"] != header["h"]:
            raise TablesportError("stored header does not match its chain hash")
        state = game.new_state(rs, row.seed)
        plans = [SeatPlan(s.kind, s.bot, s.token, s.claimed, s.joined) for s in seats]
        table = LiveTable(self, row.id, game, rs, row.seed, plans, row.bot_delay, recorder, state, row.status,
                          row.created, guided=bool(row.guided), official=bool(row.official),
                          seed_chosen=bool(row.seed_chosen))
        table.loading.restored(i for i, p in enumerate(plans) if p.joined)
        for n, line in enumerate(lines, 1):
            if line.get("i") != n:
                raise TablesportError(f"step {n} is missing from the store")
            events = apply_step(state, line)
            t = line["t"]
            if t == "act":
                recorder.act(int(line["seat"]), canon(line["action"]))
            elif t == "timeout":
                recorder.timeout(int(line["seat"]))
            elif t == "time_up":
                recorder.time_up()
            else:
                recorder.referee(canon(line["action"]))
            if recorder.lines[-1]["h"] != line["h"]:
                raise TablesportError(f"step {n} does not match its chain hash")
            before = table.decision
            table.decision = state.pending()
            table._update_asked(before, line.get("seat"))
            table.events.extend((n, ev) for ev in events)
        del table.events[:-EVENT_LOG]
        timers, clock_used = row.timers or {}, row.clock_used
        if steps and steps[-1].at > row.updated and steps[-1].meta:  # the last step is newer than the row
            meta = steps[-1].meta
            timers, clock_used = meta.get("timers") or {}, float(meta.get("clock_used", 0.0))
        stored_asked = {int(k): int(v) for k, v in (timers.get("asked") or {}).items()}
        if stored_asked and table.decision is not None:
            table.asked.update({s: a for s, a in stored_asked.items() if s in table.decision.seats})
        now = self.clock.wall()
        for k, dl in (timers.get("deadlines") or {}).items():
            s = int(k)
            if table.decision is not None and s in table.decision.seats:
                limit = float(table.decision.time_limit or RESUME_GRACE)
                table.deadlines[s] = max(float(dl), now + min(RESUME_GRACE, limit))
                table._deadline_for[s] = table.timer_key(s)
        table.clock_used = clock_used
        table.clock_fired = timers.get("clock_fired")
        table.paused = timers.get("paused")
        table.away.restore(timers)
        if table.decision is None:  # finished but not marked: close it properly
            table.status = FINISHED
            recorder.finish(state)
            res = state.result()
            table.result = res.to_json() if res else None
        return table

    async def shutdown(self) -> None:
        for table in list(self.tables.values()):
            table.halt()
            if table.status in (OPEN, RUNNING):
                await self.writer.submit(table._save_job())
        for task in list(self.tasks):
            task.cancel()
        await self.bots.close()


def _abandon(tid: str, why: str) -> Callable[[Session], None]:
    def job(session: Session) -> None:
        session.execute(update(WebTable).where(WebTable.id == tid)
                        .values(status=ABANDONED, updated=time.time()))
        session.add(WebNote(table_id=tid, at=time.time(), text=why))

    return job


def _seats_and_steps(session: Session, tid: str) -> tuple[list[WebSeat], list[WebStep]]:
    """A stored table's seats and steps, in order: what :meth:`TableRoom._rebuild` needs besides its row."""
    seats = session.scalars(select(WebSeat).where(WebSeat.table_id == tid).order_by(WebSeat.seat)).all()
    steps = session.scalars(select(WebStep).where(WebStep.table_id == tid).order_by(WebStep.i)).all()
    return list(seats), list(steps)
