"""The live tables: one :class:`LiveTable` per game in play, held by the :class:`Hall`.

A live table owns the game state.  Every change goes through its asyncio lock: a seat's
action, a bot's action, a decision timer running out (``state.timeout``), the game clock
running out (``state.time_up``).  Each change is recorded as a record step, written to the
store (group commit) and only then told to the clients, each of whom receives only what its
seat may see.  After a restart the hall replays the stored steps of every running table and
re-arms its timers.

Client messages (JSON text frames)::

    {"type": "act", "seq": 12, "action": ...}     answer the current decision
    {"type": "ping"}

``seq`` is the step number the client last saw.  An action is *stale* if the seat's current
decision was asked after that step (the client answered an old question).
"""

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
from tablesport.core import (
    Bot,
    Decision,
    Event,
    Game,
    RandomBot,
    Rng,
    RuleError,
    Ruleset,
    State,
    TablesportError,
    canon,
    to_json,
)
from tablesport.core.records import Recorder, apply_step
from tablesport.games import get_game
from tablesport.store.live.jsontext import compact
from tablesport.store.live.writer import InlineWriter, StepSave, Writer
from tablesport.store.tables import ABANDONED, FINISHED, OPEN, RUNNING, WebNote, WebSeat, WebStep, WebTable

from ..content.hints import hint_for
from ..content.texts import add_texts, event_text
from ..hosted.errors import Unavailable, store_reads
from .absence import Absence
from .autopass import DEFAULT_DELAY, AutoPass
from .clock import Clock, Timer
from .socket_limits import MAX_BACKLOG, Malformed, read_message

log = logging.getLogger("tablesport.server")

EVENT_LOG = 300
RESUME_GRACE = 15.0
"""Seconds a decision still gets after a restart if its deadline passed while the server was down."""


MAX_SEED = 2**63 - 1
"""The largest seed a table may have (the store keeps it in a signed 64-bit column)."""


class StoreRefused(TablesportError):
    """The store did not save a change (so it did not happen); the table was let go from memory, to be
    rebuilt from the store as it was before the change (:meth:`Hall.store_refused`)."""


def _log_failure(task: asyncio.Task[Any]) -> None:
    """A background task of a table (a bot's move, a timer) ended with an error: log it. A step the store
    refused is not one: its table's copy was let go (logged there) and the rebuilt table asks again."""
    exc = None if task.cancelled() else task.exception()
    if exc is not None and not isinstance(exc, StoreRefused):
        log.error("table task failed", exc_info=exc)


class SetupError(TablesportError):
    """A table that cannot be set up as asked (unknown preset or bot, wrong number of seats); ``field``
    names the input at fault and ``allowed`` what would be accepted, when known."""

    def __init__(self, message: str, field: str | None = None, allowed: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.allowed = allowed


@dataclass
class SeatPlan:
    kind: str  # "person" or "bot"
    bot: str | None = None  # a bot spec, e.g. "random" or "mcts:playouts=200"
    token: str | None = None
    claimed: bool = False
    joined: bool = False

    @property
    def label(self) -> str:
        return f"bot:{self.bot}" if self.kind == "bot" else "person"


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


class Client:
    """One WebSocket connection: a seat (or ``None`` for a spectator) and its outgoing queue.

    A client that lets ``MAX_BACKLOG`` frames pile up (it does not read) is cut off:
    ``on_overflow`` is called once and nothing more is queued for it."""

    def __init__(self, seat: int | None, send: Callable[[str], Any],
                 on_overflow: Callable[[], None] | None = None, lang: str | None = None) -> None:
        self.seat = seat
        self.lang = lang  # the page's language: frames carry the texts in it (texts.py)
        self.send = send
        self.on_overflow = on_overflow
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.cut = False
        self.on_kick: Callable[[], None] | None = None
        """Closes the socket so that the client reconnects (hosted mode: its table moved elsewhere)."""

    def kick(self) -> None:
        if self.on_kick is not None:
            self.on_kick()

    def start(self) -> None:
        self.task = asyncio.create_task(self._pump())

    async def _pump(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                return
            try:
                await self.send(text)
            except Exception:  # the socket went away; the reader side cleans up
                return

    def put(self, text: str | None) -> None:
        """Queue a frame; ``None`` ends the pump once everything before it is sent."""
        if self.cut:
            return
        if self.queue.qsize() >= MAX_BACKLOG:
            self.cut = True
            if self.task is not None:
                self.task.cancel()
            if self.on_overflow is not None:
                self.on_overflow()
            return
        self.queue.put_nowait(text)

    async def drain(self, timeout: float) -> None:
        """Send what is queued (at most ``timeout`` seconds), then stop the pump."""
        self.put(None)
        if self.task is not None and not self.cut:
            await asyncio.wait({self.task}, timeout=timeout)

    async def close(self) -> None:
        """The socket is gone: drop what was still queued for it (a send may never return)."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            # the cancelled task's traceback holds this client (its frame's ``self``) and so the whole
            # connection: without this edge that is no cycle, and it goes with its last reference
            # instead of waiting, frozen, for a complete collection (see probe.py)
            self.task = None


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An error frame: ``code``, ``message`` and the ``extra`` fields that are not ``None``."""
    return {"type": "error", "code": code, "message": message,
            **{k: v for k, v in extra.items() if v is not None}}


def frame(obj: dict[str, Any]) -> str:
    """A frame's text (:func:`tablesport.store.live.jsontext.compact`: frames are most of a table's work)."""
    return compact(obj)


class LiveTable:
    def __init__(self, hall: Hall, tid: str, game: Game, rs: Ruleset, seed: int, seats: list[SeatPlan],
                 bot_delay: float, recorder: Recorder, state: State, status: str, created: float,
                 guided: bool = False) -> None:
        self.hall = hall
        self.id = tid
        self.game = game
        self.rs = rs
        self.seed = seed
        self.seats = seats
        self.bot_delay = bot_delay
        self.recorder = recorder
        self.state = state
        self.status = status
        self.created = created
        self.guided = guided
        """A guided first game (``/learn/<game>``): its person is shown hints (hints.py); never rated."""
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.events: list[tuple[int, Event]] = []
        self.decision: Decision | None = state.pending()
        self.asked: dict[int, int] = {}
        self.deadlines: dict[int, float] = {}
        self.clock_used = 0.0
        self.clock_since: float | None = None
        self.clock_fired: float | None = None
        self._timer_handles: dict[int, Timer] = {}
        self._handle_for: dict[int, tuple[int, float]] = {}
        self._deadline_for: dict[int, int] = {}
        self._clock_handle: Timer | None = None
        self._bot_tasks: dict[int, tuple[int, asyncio.Task[None]]] = {}
        self._bots: dict[int, Bot] = {}
        self.result: dict[str, Any] | None = None
        self._saved_status = status
        self.paused: dict[str, Any] | None = None
        """While a referee holds the table (:mod:`.table_control`): who, why, since, the seats' time left."""
        self.away = Absence(self)
        self.autopass = AutoPass(self)
        self.moved = False
        """Hosted mode: another process referees this table now (or will); nothing more happens here."""

    def acting(self) -> bool:
        """This process may change the table now (hosted mode: it holds the table's lease)."""
        return not self.moved and self.hall.may_act(self.id)

    def not_now(self, again: Callable[[], Coroutine[Any, Any, None]]) -> bool:
        """Whether this process must leave the table alone now (:meth:`acting` is false).  Hosted, while the
        lease is only in doubt (its renewal is late, not lost), ``again`` runs in half a second: a bot's
        move or a timer is put off, not dropped, and happens once the renewal says the table is still ours
        (or never, if it was lost: then the table is let go)."""
        if self.acting():
            return False
        if not self.moved:
            self.hall.clock.call_later(0.5, lambda: self.hall.spawn(again()))
        return True

    # -- facts ------------------------------------------------------------------------------
    @property
    def steps(self) -> int:
        lines = self.recorder.lines
        return len(lines) - (2 if lines[-1].get("end") else 1)

    @property
    def over(self) -> bool:
        return self.decision is None

    def seat_for_token(self, token: str) -> int | None:
        for i, plan in enumerate(self.seats):
            if plan.token is not None and secrets.compare_digest(plan.token, token):
                return i
        return None

    def plays_by_bot(self, seat: int) -> bool:
        """A bot answers for this seat: a bot seat, or a person seat a bot stands in for (absence.py)."""
        return self.seats[seat].kind == "bot" or seat in self.away.stand_ins

    def clock_now(self) -> float:
        if self.clock_since is None:
            return self.clock_used
        return self.clock_used + self.hall.clock.mono() - self.clock_since

    def summary(self) -> dict[str, Any]:
        waiting = [i for i, p in enumerate(self.seats) if p.kind == "person" and not p.claimed]
        return {
            "id": self.id,
            "game": self.game.name,
            "preset": self.rs.preset,
            "title": self.rs.title,
            "status": self.status,
            "steps": self.steps,
            "seats": [p.label for p in self.seats],
            "free_seats": waiting,
            "watchers": sum(1 for c in self.clients if c.seat is None),
            "created": self.created,
        }

    # -- frames -----------------------------------------------------------------------------
    def _deadlines_json(self) -> dict[str, float]:
        now = self.hall.clock.wall()
        return {str(s): round(max(0.0, d - now), 3) for s, d in self.deadlines.items()}

    def frame_dict(self, seat: int | None, kind: str, events: list[tuple[int, Event]],
                   lang: str | None = None, memo: dict[Any, Any] | None = None) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is told now: its view, the decision with its own options
        only, the events it may see (the WebSocket's frames; the API's table state); with ``lang``, the
        prompt, the log lines and the result in words of that language (texts.py). ``memo`` (one dict for
        every frame of one moment: a broadcast) keeps what every seat's frame shares, built once."""
        memo = {} if memo is None else memo
        shared = memo.get("shared")
        if shared is None:
            shared = memo["shared"] = self._shared_parts(events)
        st = self.state
        d = self.decision
        dec = None
        if d is not None:
            dec = d.to_json(seat)
            if seat is not None:
                dec["mine"] = seat in d.seats
                dec["asked"] = self.asked.get(seat)
                dec["auto_pass"] = self.autopass.pending_for(seat)
        out = {
            "type": kind,
            "table": self.id,
            "game": self.game.name,
            "preset": self.rs.preset,
            "seq": self.steps,
            "seat": seat,
            "status": self.status,
            "seats": shared["seats"],
            "give_up": self.away.policy.give_up,
            "give_up_now": self.away.may_give_up(seat),
            "view": st.view(seat),
            "decision": dec,
            "deadlines": shared["deadlines"],
            "clock": shared["clock"],
            "events": self._events_for(seat, shared["events"], lang, memo),
            "result": shared["result"],
            "paused": shared["paused"],
        }
        if lang is not None:
            add_texts(out, self.game.name, d, lang, memo)
            if self.guided and dec is not None and dec.get("mine"):  # from the seat's own decision only
                dec["hint"] = hint_for(self.game.name, dec, lang)
        return out

    def _events_for(self, seat: int | None, events: list[tuple[int, Event, dict[str, Any]]], lang: str | None,
                    memo: dict[Any, Any]) -> list[dict[str, Any]]:
        """The events ``seat`` may see, each with its line in ``lang`` (written once per language for every
        seat's frame of the moment: ``memo``)."""
        if lang is None:
            return [{"i": i, **ev_json} for i, ev, ev_json in events if ev.visible_to(seat)]
        texts = memo.get(("events", lang))
        if texts is None:
            texts = memo[("events", lang)] = [None] * len(events)
        out = []
        for k, (i, ev, ev_json) in enumerate(events):
            if ev.visible_to(seat):
                if texts[k] is None:
                    texts[k] = event_text(self.game.name, ev_json, lang)
                out.append({"i": i, **ev_json, "text": texts[k]})
        return out

    def _shared_parts(self, events: list[tuple[int, Event]]) -> dict[str, Any]:
        """The parts of a frame that are the same for every seat (:meth:`frame_dict`)."""
        st = self.state
        online = {c.seat for c in self.clients}
        res = st.result() if self.decision is None else None
        return {
            "seats": [{"label": p.label, "kind": p.kind, "joined": p.joined, "online": i in online,
                       **self.away.seat_json(i)} for i, p in enumerate(self.seats)],
            "deadlines": self._deadlines_json(),
            "clock": None if st.clock_limit() is None else {"used": round(self.clock_now(), 3),
                                                             "limit": st.clock_limit()},
            "events": [(i, ev, ev.to_json()) for i, ev in events],
            "result": res.to_json() if res else None,
            "paused": self.paused and {k: self.paused[k] for k in ("by", "why", "since")},
        }

    def _frame_for(self, seat: int | None, kind: str, events: list[tuple[int, Event]],
                   lang: str | None = None, memo: dict[Any, Any] | None = None) -> str:
        return frame(self.frame_dict(seat, kind, events, lang, memo))

    def params(self) -> dict[str, Any]:
        """The parameters where this table differs from its preset."""
        overrides: dict[str, Any] = to_json(self.rs.overrides(self.game.ruleset(self.rs.preset)))
        return overrides

    def hello(self, client: Client) -> None:
        client.put(self._frame_for(client.seat, "hello", self.events[-EVENT_LOG:], client.lang))

    def broadcast(self, events: list[tuple[int, Event]], kind: str = "step") -> None:
        t0 = time.perf_counter()
        cache: dict[tuple[int | None, str | None], str] = {}
        memo: dict[Any, Any] = {}
        for c in list(self.clients):
            text = cache.get((c.seat, c.lang))
            if text is None:
                text = cache[(c.seat, c.lang)] = self._frame_for(c.seat, kind, events, c.lang, memo)
            c.put(text)
            self.hall.stats.frames_sent += 1
        self.hall.stats.frames += time.perf_counter() - t0

    # -- connections ------------------------------------------------------------------------
    async def connect(self, client: Client) -> None:
        async with self.lock:
            self.clients.add(client)
            client.start()
            if self.moved:  # it moved while this client was being let in: reconnect to its new holder
                client.kick()
                return
            seat = client.seat
            newly = seat is not None and not self.seats[seat].joined
            if newly and seat is not None:
                self.seats[seat].joined = True
                self.seats[seat].claimed = True
                await self.hall.writer.submit(_mark_seat(self.id, seat, joined=True, claimed=True))
            if self.status == OPEN and all(p.joined for p in self.seats if p.kind == "person"):
                self.status = RUNNING
                if self.hall.hosted is not None:
                    self.hall.hosted.changed()  # the other processes' lobbies: no longer open
                self._arrange()
                await self.hall.writer.submit(self._save_job())
            elif self.away.returned(seat):
                self._arrange()
            self.away.arrange()
            self.hello(client)
            self.broadcast([], "presence")

    async def disconnect(self, client: Client) -> None:
        # the bookkeeping first, without awaiting: the socket's task may be cancelled at any await
        self.clients.discard(client)
        if self.over and not self.clients:
            self.hall.finished(self)
        await client.close()
        if self.moved:
            return
        async with self.lock:
            self.away.arrange()
            self.broadcast([], "presence")

    # -- the seats' messages ----------------------------------------------------------------
    async def submit(self, seat: int | None, raw: str) -> dict[str, Any] | None:
        """Handle one client message; returns an error frame for that client, or ``None``."""
        t_in = time.perf_counter()
        try:
            msg = read_message(raw)
        except Malformed as exc:
            return error("malformed", f"{exc}; send an object like "
                         '{"type": "act", "seq": N, "action": ...}')
        if not isinstance(msg, dict):
            return error("malformed", "a message must be a JSON object with a \"type\"")
        kind = msg.get("type")
        if kind == "ping":
            return {"type": "pong", "seq": self.steps}
        if kind in ("give_up", "back") and seat is not None and not self.acting():
            return error("unavailable", "this table is moving to another server process; reconnect and "
                         "send it again", retry=True)
        if kind == "give_up" and seat is not None:
            return await self.away.give_up(seat)
        if kind == "back" and seat is not None:
            return await self.away.back(seat)
        if kind != "act":
            return error("malformed", f"unknown message type {kind!r}", allowed="act, back, give_up, ping")
        if seat is None:
            return error("spectator", "spectators cannot act; open a seat link to play")
        if "seat" in msg and msg["seat"] != seat:
            return error("not_your_seat", f"this connection plays seat {seat}, not seat {msg['seat']!r}",
                         allowed=f"seat {seat}")
        seq = msg.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int):
            return error("malformed", "\"seq\" must be the step number you last saw (an integer)")
        if "action" not in msg:
            return error("malformed", "\"action\" is missing")
        action = canon(msg["action"])
        async with self.lock:
            if not self.acting():
                return error("unavailable", "this table is moving to another server process; "
                             "your action was not applied: reconnect and send it again", retry=True)
            if self.status == OPEN:
                return error("not_started", "the game starts when every player has joined")
            d = self.decision
            if d is None or self.status != RUNNING:
                return error("game_over", "the game is over")
            if self.paused is not None:
                return error("paused", f"the referee has paused the table ({self.paused['why']}); "
                             "wait until it resumes")
            asked = self.asked.get(seat)
            if seq > self.steps or asked is None or seq < asked:
                return error("stale", f"your action answers step {seq} but the table is at step {self.steps}"
                             + ("" if asked is None else f" and your decision was asked at step {asked}"),
                             seq=self.steps)
            if seat not in d.seats:
                return error("not_your_turn", f"seat {seat} has nothing to decide now",
                             allowed=f"seats {list(d.seats)}")
            t0 = time.perf_counter()
            try:
                events = self.state.apply(seat, action)
            except RuleError as exc:
                self.hall.stats.errors += 1
                return {"type": "error", "code": "illegal_action", **exc.to_json()}
            self.hall.stats.apply += time.perf_counter() - t0
            self.away.acted(seat)
            self.recorder.act(seat, action)
            try:
                await self._stepped(events, seat)
            except StoreRefused:
                return error("unavailable", "the store could not save your action, so it was not applied; "
                             "reconnect and send it again in a few seconds", retry=True)
        self.hall.stats.handled(time.perf_counter() - t_in)
        return None

    async def _bot_move(self, seat: int, asked: int, wait: bool = True) -> None:
        if self.bot_delay > 0 and wait:
            await asyncio.sleep(self.bot_delay)
        async with self.lock:
            d = self.decision
            if (self.status != RUNNING or d is None or seat not in d.seats or self.asked.get(seat) != asked
                    or self.paused is not None or not self.plays_by_bot(seat)
                    or self.not_now(lambda: self._bot_move(seat, asked, wait=False))):
                return
            t0 = time.perf_counter()
            bot = self._bot(seat)
            try:
                if isinstance(bot, RandomBot):
                    action = bot.act(self.state, seat, d)
                else:  # a thinking bot thinks in a thread: the other tables go on meanwhile
                    action = await asyncio.to_thread(bot.act, self.state, seat, d)
                events = self.state.apply(seat, action)
            except Exception:
                log.exception("table %s: bot %s on seat %d failed; playing a random legal action",
                              self.id, self.seats[seat].bot, seat)
                action = self.state.random_action(seat, self.hall.rng_for(self.seed, seat))
                events = self.state.apply(seat, action)
            self.hall.stats.bot_think += time.perf_counter() - t0
            self.recorder.act(seat, action)
            await self._stepped(events, seat)

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.seats[seat].bot or self.away.policy.stand_in
            factories = bot_factories(self.game)
            choice = BotChoice.parse(spec, factories)
            bot = factories[choice.name](self.hall.rng_for(self.seed, seat), **choice.options)
            self._bots[seat] = bot
        return bot

    async def _timeout(self, seat: int, asked: int) -> None:
        async with self.lock:
            d = self.decision
            if self.status != RUNNING or d is None or seat not in d.seats or self.asked.get(seat) != asked \
                    or self.paused is not None or self.not_now(lambda: self._timeout(seat, asked)):
                return
            try:
                events = self.state.timeout(seat)
            except RuleError as exc:
                log.warning("table %s: timeout for seat %d refused: %s", self.id, seat, exc)
                self.deadlines.pop(seat, None)
                return
            self.recorder.timeout(seat)
            self.away.timed_out(seat, d)
            await self._stepped(events, seat)

    async def _time_up(self) -> None:
        async with self.lock:
            limit = self.state.clock_limit()
            if (self.status != RUNNING or limit is None or self.decision is None or self.paused is not None
                    or self.not_now(self._time_up)):
                return
            if self.clock_now() < limit - 1e-3:
                self._arrange()
                return
            if self.clock_fired == limit:
                return
            self.clock_fired = limit
            try:
                events = self.state.time_up()
            except RuleError as exc:
                log.warning("table %s: time up refused: %s", self.id, exc)
                return
            self.recorder.time_up()
            await self._stepped(events, None)

    async def rule(self, action: Any, announce: tuple[Event, ...] = ()) -> None:
        """Apply a referee action the engine takes (``state.referee``: a concession, penalty points, a
        disqualification...) as a referee step of the record; ``announce`` goes before the engine's events.
        Call under the table's lock; a RuleError (the rule that refuses it) leaves nothing changed."""
        events = self.state.referee(action)
        self.recorder.referee(action)
        if self.state.pending() is None:
            self.paused = None  # the ruling ended the game
        await self._stepped([*announce, *events], None)

    async def _stepped(self, events: list[Event], actor: int | None) -> None:
        """After a change: update decisions and timers, store the step, then tell the clients."""
        if not self.acting():  # hosted: another process referees it now; this copy is dropped, untold
            raise StoreRefused("this table is refereed by another server process now")
        before = self.decision
        self.decision = self.state.pending()
        self._update_asked(before, actor)
        i = self.steps
        numbered = [(i, ev) for ev in events]
        self.events.extend(numbered)
        if len(self.events) > 2 * EVENT_LOG:
            del self.events[:-EVENT_LOG]
        if self.decision is None:
            self.status = FINISHED
            self.recorder.finish(self.state)
            res = self.state.result()
            self.result = res.to_json() if res else None
        self._arrange()
        t0 = time.perf_counter()
        try:
            await self.hall.writer.submit(self._save_job(step=self.recorder.lines[-2 if self.over else -1]))
        except Exception as exc:
            self.hall.store_refused(self)
            raise StoreRefused(str(exc)) from exc
        self.hall.stats.store_wait += time.perf_counter() - t0
        self.hall.stats.actions += 1
        self.broadcast(numbered)
        if self.over:
            if self.hall.hosted is not None:
                self.hall.hosted.finished(self.id)
            self.hall.finished(self)
            for listener in self.hall.on_finish:
                self.hall.spawn(listener(self))

    def _update_asked(self, before: Decision | None, actor: int | None) -> None:
        d = self.decision
        if d is None:
            self.asked.clear()
            return
        old_seats = set(before.seats) if before is not None else set()
        same_kind = before is not None and before.kind == d.kind and before.prompt == d.prompt
        # a stream decision (strokes, guesses) is not asked again by an answer to it
        answered = actor if not (same_kind and d.stream and before is not None and before.stream) else None
        for s in list(self.asked):
            if s not in d.seats:
                del self.asked[s]
        for s in d.seats:
            if s not in old_seats or s == answered or not same_kind or s not in self.asked:
                self.asked[s] = self.steps

    def _arrange(self) -> None:
        """Start the bots and timers the current decision needs; stop the ones it no longer needs."""
        if self.moved:
            self.halt()
            return
        d = self.decision
        clock = self.hall.clock
        running = self.status == RUNNING and d is not None and self.paused is None
        self.autopass.arrange()
        self.away.arrange()
        for s in list(self._timer_handles):
            if not running or d is None or s not in d.seats:
                self._timer_handles.pop(s).cancel()
        for s, (asked, task) in list(self._bot_tasks.items()):
            if task.done() or not running or self.asked.get(s) != asked:
                self._bot_tasks.pop(s)
        if not running or d is None:
            self.deadlines.clear()
            self._stop_clock()
            return
        for s in list(self.deadlines):
            if s not in d.seats:
                del self.deadlines[s]
        for s in d.seats:
            asked = self.asked[s]
            if self.plays_by_bot(s):
                self.deadlines.pop(s, None)
                if (handle := self._timer_handles.pop(s, None)) is not None:
                    handle.cancel()
                if s not in self._bot_tasks:
                    task = asyncio.create_task(self._bot_move(s, asked))
                    task.add_done_callback(_log_failure)
                    self._bot_tasks[s] = (asked, task)
                continue
            if d.time_limit is None:
                self.deadlines.pop(s, None)
                continue
            if self._deadline_for.get(s) != asked or s not in self.deadlines:
                self.deadlines[s] = self.hall.clock.wall() + float(d.time_limit)
                self._deadline_for[s] = asked
            key = (asked, self.deadlines[s])
            handle = self._timer_handles.get(s)
            if handle is not None and self._handle_for.get(s) == key:
                continue
            if handle is not None:
                handle.cancel()
            wait = max(0.0, key[1] - clock.wall())
            self._timer_handles[s] = clock.call_later(wait, self._fire_timeout, s, asked)
            self._handle_for[s] = key
        limit = self.state.clock_limit()
        if limit is None:
            self._stop_clock()
        else:
            if self.clock_since is None:
                self.clock_since = clock.mono()
            if self._clock_handle is not None:
                self._clock_handle.cancel()
            self._clock_handle = clock.call_later(max(0.0, limit - self.clock_now()), self._fire_time_up)

    def _stop_clock(self) -> None:
        if self.clock_since is not None:
            self.clock_used += self.hall.clock.mono() - self.clock_since
            self.clock_since = None
        if self._clock_handle is not None:
            self._clock_handle.cancel()
            self._clock_handle = None

    def _fire_timeout(self, seat: int, asked: int) -> None:
        self.hall.spawn(self._timeout(seat, asked))

    def _fire_time_up(self) -> None:
        self.hall.spawn(self._time_up())

    def halt(self) -> None:
        """Stop every timer and bot (shutdown); the store keeps what is needed to resume."""
        self.autopass.halt()
        self.away.halt()
        for h in self._timer_handles.values():
            h.cancel()
        self._timer_handles.clear()
        for _, task in self._bot_tasks.values():
            task.cancel()
        self._bot_tasks.clear()
        self._stop_clock()

    # -- persistence ------------------------------------------------------------------------
    def timers_json(self) -> dict[str, Any]:
        return {
            "asked": {str(s): a for s, a in self.asked.items()},
            "deadlines": {str(s): d for s, d in self.deadlines.items()},
            "clock_fired": self.clock_fired,
            "paused": self.paused,
            **self.away.to_json(),
        }

    def _save_job(self, step: dict[str, Any] | None = None) -> StepSave:
        """The store write for this moment: the step (with the timers as they are after it) and,
        when the table's status changed or there is no step, the table row."""
        now = time.time()
        meta = {"timers": self.timers_json(), "clock_used": self.clock_now()}
        step_row = None if step is None else {"table_id": self.id, "i": step["i"], "line": step, "at": now,
                                             "meta": meta}
        if step_row is not None and self.status == self._saved_status:
            return StepSave(step_row, None)
        self._saved_status = self.status
        values: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "steps": self.steps,
            "last_h": self.recorder.lines[-1]["h"],
            "timers": meta["timers"],
            "clock_used": meta["clock_used"],
            "updated": now,
        }
        if self.status == FINISHED:
            values["footer"] = self.recorder.lines[-1]
            values["result"] = self.result
        return StepSave(step_row, values)


def stored_ruleset(row: WebTable) -> tuple[Game, Ruleset]:
    """A stored table's game and its rules: the preset with the parameters its record header names."""
    game = get_game(row.game)
    rs = game.ruleset(row.preset)
    params = row.header.get("params") or {}
    return game, rs.with_params(**canon(params)) if params else rs


def _whole_seed(value: object) -> int:
    """A seed: a whole number (or its digits as a string), 0 … 2^63 − 1."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"the seed must be a whole number, not {value!r}", "seed")
    if value < 0:
        raise SetupError("the seed must not be negative", "seed", (f"0 … {MAX_SEED}",))
    if value > MAX_SEED:
        raise SetupError(f"the seed must be at most {MAX_SEED}, not {value}", "seed", (f"0 … {MAX_SEED}",))
    return value


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    return "null" if value is None else "an object"


def _fits(base: Any, value: Any) -> bool:
    """``value`` has the JSON kind of the preset's ``base`` (a null base takes a number or null)."""
    if base is None:
        return value is None or (isinstance(value, int | float) and not isinstance(value, bool))
    if isinstance(base, bool) or isinstance(value, bool):
        return isinstance(base, bool) and isinstance(value, bool)
    if isinstance(base, int):
        return isinstance(value, int)
    if isinstance(base, float):
        return isinstance(value, int | float)
    if isinstance(base, str):
        return isinstance(value, str)
    if isinstance(base, list | tuple):
        return (isinstance(value, list | tuple) and len(value) == len(base)
                and all(_fits(b, v) for b, v in zip(base, value, strict=True)))
    return False


def check_params(rs: Ruleset, params: dict[str, Any]) -> None:
    """Each parameter is one of the preset's, with a value of the preset's own kind (SetupError)."""
    for name, value in params.items():
        if name not in rs.params:
            raise SetupError(f"preset {rs.preset!r} has no parameter {name!r}", f"params.{name}",
                             tuple(sorted(rs.params)))
        base = rs.params[name]
        if not _fits(base, value):
            raise SetupError(f"params.{name} must be {_kind(base)} like the preset's {to_json(base)!r}, "
                             f"not {value!r}", f"params.{name}")


def _mark_seat(tid: str, seat: int, **values: bool) -> Callable[[Session], None]:
    def job(session: Session) -> None:
        session.execute(update(WebSeat).where(WebSeat.table_id == tid, WebSeat.seat == seat).values(**values))

    return job


@dataclass
class Hall:
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
        _log_failure(task)

    def finished(self, table: LiveTable) -> None:
        """A finished table stays in memory for its watchers until the last one leaves."""
        if not table.clients:
            self.tables.pop(table.id, None)

    # -- creating tables --------------------------------------------------------------------
    async def create(self, preset: str, seats: list[dict[str, Any]], seed: int | str | None = None,
                     bot_delay: float | None = None, params: dict[str, Any] | None = None,
                     guided: bool = False) -> LiveTable:
        """A new table; ``seats`` and the rest come as the API's JSON (checked here: SetupError).
        ``guided``: a guided first game, whose person seats are shown hints and which is never rated."""
        from tablesport.games import find_preset

        try:
            game, rs = find_preset(preset)
        except TablesportError as exc:
            raise SetupError(str(exc), "preset") from None
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
                plans.append(SeatPlan("person", token=secrets.token_urlsafe(24)))
            else:
                raise SetupError(f"seat {i}: kind must be \"person\" or \"bot\", not {kind!r}",
                                 f"seats.{i}.kind", ("person", "bot"))
        seed = secrets.randbelow(2**62) if seed is None else _whole_seed(seed)
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
                          RUNNING if all_bots else OPEN, time.time(), guided=guided)
        now = time.time()
        header = recorder.lines[0]

        def job(session: Session) -> None:
            session.add(WebTable(id=tid, game=game.name, preset=rs.preset, seed=seed, status=table.status,
                                 header=header, footer=None, steps=0, last_h=header["h"], timers={},
                                 clock_used=0.0, bot_delay=delay, created=now, updated=now, result=None,
                                 guided=guided))
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
        """Give out a free person seat of an open table (first come, first served)."""
        table = await self.live(tid)
        if table is None:
            return None
        async with table.lock:
            for i, p in enumerate(table.seats):
                if p.kind == "person" and not p.claimed and p.token:
                    p.claimed = True
                    await self.writer.submit(_mark_seat(tid, i, claimed=True))
                    return i, p.token
        return None

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
                          row.created, guided=bool(row.guided))
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
                table._deadline_for[s] = table.asked[s]
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


def _abandon(tid: str, why: str) -> Callable[[Session], None]:
    def job(session: Session) -> None:
        session.execute(update(WebTable).where(WebTable.id == tid)
                        .values(status=ABANDONED, updated=time.time()))
        session.add(WebNote(table_id=tid, at=time.time(), text=why))

    return job


def _seats_and_steps(session: Session, tid: str) -> tuple[list[WebSeat], list[WebStep]]:
    """A stored table's seats and steps, in order: what :meth:`Hall._rebuild` needs besides its row."""
    seats = session.scalars(select(WebSeat).where(WebSeat.table_id == tid).order_by(WebSeat.seat)).all()
    steps = session.scalars(select(WebStep).where(WebStep.table_id == tid).order_by(WebStep.i)).all()
    return list(seats), list(steps)
