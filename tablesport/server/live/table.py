# Over 500 lines: one class, LiveTable, whose changes all run under its lock; its parts are split out.
"""One live table: a game in play, its seats' clients, timers and bots (the :class:`LiveTable`).

A live table owns the game state.  Every change goes through its asyncio lock: a seat's
action, a bot's action, a decision timer running out (``state.timeout``), the game clock
running out (``state.time_up``).  Each change is recorded as a record step, written to the
store (group commit) and only then told to the clients, each of whom receives only what its
seat may see.

Client messages (JSON text frames)::

    {"type": "act", "seq": 12, "action": ...}     answer the current decision
    {"type": "ping"}
    {"type": "pause"} / {"type": "resume"}       the runner's page (runner_pause.py)

``seq`` is the step number the client last saw.  An action is *stale* if the seat's current
decision was asked after that step (the client answered an old question).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import (
    Bot,
    Decision,
    Event,
    Game,
    RandomBot,
    RuleError,
    Ruleset,
    State,
    TablesportError,
    canon,
    to_json,
)
from tablesport.core.records import Recorder
from tablesport.store.live.writer import StepSave
from tablesport.store.tables import FINISHED, OPEN, RUNNING, WebSeat

from ..content.hints import hint_for
from ..content.texts import add_texts, event_text, seat_names
from .absence import Absence
from .autopass import AutoPass
from .client import Client
from .clock import Timer
from .frames import error, frame
from .loading import Loading
from .runner_pause import KINDS as RUNNER_KINDS
from .runner_pause import pause_or_resume
from .seat_holds import SeatHolds
from .seat_socket import SeatSockets
from .setup import SeatPlan, seed_commitment
from .socket_limits import Malformed, read_message

if TYPE_CHECKING:
    from .tables import TableRoom

log = logging.getLogger("tablesport.server")

EVENT_LOG = 300
UNDONE = "undone"
"""The event kind of an engine step that puts back the state before the previous step (Pictionary's paper
table: the facilitator takes back a ruling); the seats then get back the time they had left before it."""
PAUSED_SHOWN = ("by", "why", "since", "away", "runner")
"""What every seat is told of a held table: who, why, since when, the away seats it waits for (if any)."""


class StoreRefused(TablesportError):
    """The store did not save a change (so it did not happen); the table was let go from memory, to be
    rebuilt from the store as it was before the change (:meth:`TableRoom.store_refused`)."""


def log_failure(task: asyncio.Task[Any]) -> None:
    """A background task of a table (a bot's move, a timer) ended with an error: log it. A step the store
    refused is not one: its table's copy was let go (logged there) and the rebuilt table asks again."""
    exc = None if task.cancelled() else task.exception()
    if exc is not None and not isinstance(exc, StoreRefused):
        log.error("table task failed", exc_info=exc)


def mark_seat(tid: str, seat: int, **values: bool) -> Callable[[Session], None]:
    """The store job that sets a seat's flags (``claimed``, ``joined``)."""

    def job(session: Session) -> None:
        session.execute(update(WebSeat).where(WebSeat.table_id == tid, WebSeat.seat == seat).values(**values))

    return job


class LiveTable:
    def __init__(self, room: TableRoom, tid: str, game: Game, rs: Ruleset, seed: int, seats: list[SeatPlan],
                 bot_delay: float, recorder: Recorder, state: State, status: str, created: float,
                 guided: bool = False, official: bool = False, seed_chosen: bool = False) -> None:
        self.room = room
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
        self.official = official
        """A fixture's table: its person seats are handed only to the fixture's entrants (tables.py)."""
        self.rematch: str | None = None
        """The table made by "play again" at this finished table (Room.rematch): its players join it."""
        self.rematch_by: int | None = None
        """The seat whose player asked to play again (made :attr:`rematch`)."""
        self.vacant_bot: str | None = None
        """The bot quick play seated where too few people came: at its "play again" table it plays a seat
        whose player did not come back in time (seat_holds.py); ``None``: such a seat opens."""
        self.accounts: dict[int, str] = {}
        """The account names of the seats bound to an account (the log names the player: seat_names)."""
        self.seed_chosen = seed_chosen
        """Its creator chose the seed: it is shown from the start, and the table is never rated."""
        self.visitor: str | None = None
        """The address of the visitor (no account) who opened it, for their cap (visitor_limits.py)."""
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
        self._deadline_for: dict[int, Any] = {}
        # each seat's time left just before the last step: an engine's ``undone`` event (the step before
        # it taken back) gives those seats back the time they had then, not a fresh limit
        self._left_before_last: dict[int, float] = {}
        self._clock_handle: Timer | None = None
        self._bot_tasks: dict[int, tuple[int, asyncio.Task[None]]] = {}
        self._bots: dict[int, Bot] = {}
        self.result: dict[str, Any] | None = None
        self._saved_status = status
        self.paused: dict[str, Any] | None = None
        """While a referee holds the table (:mod:`.table_control`): who, why, since, the seats' time left."""
        self.away = Absence(self)
        self.autopass = AutoPass(self)
        self.loading = Loading(self)
        self.holds = SeatHolds(self)
        """Seats held for the players of the finished table this one plays again (seat_holds.py)."""
        self.sockets = SeatSockets()
        """A seat is one connection: the newest (seat_socket.py)."""
        self.moved = False
        """Hosted mode: another process referees this table now (or will); nothing more happens here."""

    def acting(self) -> bool:
        """This process may change the table now (hosted mode: it holds the table's lease)."""
        return not self.moved and self.room.may_act(self.id)

    def not_now(self, again: Callable[[], Coroutine[Any, Any, None]]) -> bool:
        """Whether this process must leave the table alone now (:meth:`acting` is false).  Hosted, while the
        lease is only in doubt (its renewal is late, not lost), ``again`` runs in half a second: a bot's
        move or a timer is put off, not dropped, and happens once the renewal says the table is still ours
        (or never, if it was lost: then the table is let go)."""
        if self.acting():
            return False
        if not self.moved:
            self.room.clock.call_later(0.5, lambda: self.room.spawn(again()))
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
        return self.clock_used + self.room.clock.mono() - self.clock_since

    def seed_public(self) -> dict[str, Any]:
        """What anyone may know of the seed now: its commitment; the seed itself once the game is over
        (or from the start where its creator chose it: such a table is never rated)."""
        shown = self.seed_chosen or self.status == FINISHED
        return {"seed": self.seed if shown else None, "seed_commitment": seed_commitment(self.seed)}

    def summary(self) -> dict[str, Any]:
        waiting = [] if self.official else [i for i, p in enumerate(self.seats)
                                            if p.kind == "person" and not p.claimed
                                            and not self.holds.holds(i)]
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
            "official": self.official,
        }

    # -- frames -----------------------------------------------------------------------------
    def _deadlines_json(self) -> dict[str, float]:
        now = self.room.clock.wall()
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
            dec = d.shown_to(seat)
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
            "away_after": self.away.policy.timeouts_in_a_row,
            "view": st.view(seat),
            "decision": dec,
            "deadlines": shared["deadlines"] if dec is None or not dec.get("private")  # not another's private
            else {k: v for k, v in shared["deadlines"].items() if d is not None and int(k) not in d.seats},
            "clock": shared["clock"],
            "events": self._events_for(seat, shared["events"], lang, memo),
            "result": shared["result"],
            "paused": shared["paused"],
            "rematch": self.rematch,
            "rematch_offer": self._rematch_offer(seat),
        }
        if lang is not None:
            add_texts(out, self.game.name, d, lang, memo)
            if self.guided and dec is not None and dec.get("mine"):  # from the seat's own decision only
                dec["hint"] = hint_for(self.game.name, dec, lang)
        return out

    def _rematch_offer(self, seat: int | None) -> dict[str, Any] | None:
        """What the end box of ``seat`` offers once a player asked to play again: who asked (``seat``, and
        ``by``: the account they played as, if any) and the seconds ``seat``'s own seat is still held for it
        at the new table (``held_left``; ``None`` when it is not held, or for a spectator)."""
        if self.rematch is None:
            return None
        new = self.room.tables.get(self.rematch)
        by = self.rematch_by
        held = new.holds.seat_json(seat)["held"] if new is not None and seat is not None else None
        return {"table": self.rematch, "seat": by, "by": None if by is None else self.accounts.get(by),
                "held_left": None if held is None else held["left"]}

    def _events_for(self, seat: int | None, events: list[tuple[int, Event, dict[str, Any]]], lang: str | None,
                    memo: dict[Any, Any]) -> list[dict[str, Any]]:
        """The events ``seat`` may see, each with its line in ``lang`` (written once per language for every
        seat's frame of the moment: ``memo``)."""
        if lang is None:
            return [{"i": i, **ev_json} for i, ev, ev_json in events if ev.visible_to(seat)]
        texts = memo.get(("events", lang))
        if texts is None:
            texts = memo[("events", lang)] = [None] * len(events)
        names = memo.get(("names", lang))
        if names is None:
            names = memo[("names", lang)] = seat_names(self.game.name, self.state.view(None), lang,
                                                       [p.label for p in self.seats], self.accounts)
        out = []
        for k, (i, ev, ev_json) in enumerate(events):
            if ev.visible_to(seat):
                if texts[k] is None:
                    texts[k] = event_text(self.game.name, ev_json, lang, names)
                out.append({"i": i, **ev_json, "text": texts[k]})
        return out

    def _shared_parts(self, events: list[tuple[int, Event]]) -> dict[str, Any]:
        """The parts of a frame that are the same for every seat (:meth:`frame_dict`)."""
        st = self.state
        online = {c.seat for c in self.clients}
        res = st.result() if self.decision is None else None
        return {
            "seats": [{"label": p.label, "kind": p.kind, "joined": p.joined, "online": i in online,
                       **self.away.seat_json(i), **self.holds.seat_json(i)}
                      for i, p in enumerate(self.seats)],
            "deadlines": self._deadlines_json(),
            "clock": None if st.clock_limit() is None else {"used": round(self.clock_now(), 3),
                                                             "limit": st.clock_limit()},
            "events": [(i, ev, ev.to_json()) for i, ev in events],
            "result": res.to_json() if res else None,
            "paused": self.paused and {k: v for k, v in self.paused.items() if k in PAUSED_SHOWN},
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
            self.room.stats.frames_sent += 1
        self.room.stats.frames += time.perf_counter() - t0

    # -- connections ------------------------------------------------------------------------
    async def connect(self, client: Client) -> None:
        async with self.lock:
            self.clients.add(client)
            client.start()
            if self.moved:  # it moved while this client was being let in: reconnect to its new holder
                client.kick()
                return
            seat = client.seat
            self.sockets.take(self.clients, client)
            self.loading.connected(seat, client.hold)
            newly = seat is not None and not self.seats[seat].joined
            if newly and seat is not None:
                self.seats[seat].joined = True
                self.seats[seat].claimed = True
                await self.room.writer.submit(mark_seat(self.id, seat, joined=True, claimed=True))
            if await self.start_if_full():
                pass
            elif self.away.returned(seat):
                self._arrange()
            self.away.arrange()
            self.hello(client)
            self.broadcast([], "presence")

    async def start_if_full(self) -> bool:
        """An open table whose person seats have all joined starts (lock held); whether it did."""
        if self.status != OPEN or not all(p.joined for p in self.seats if p.kind == "person"):
            return False
        self.status = RUNNING
        if self.room.hosted is not None:
            self.room.hosted.changed()  # the other processes' lobbies: no longer open
        self._arrange()
        await self.room.writer.submit(self._save_job())
        return True

    async def disconnect(self, client: Client) -> None:
        # the bookkeeping first, without awaiting: the socket's task may be cancelled at any await
        self.clients.discard(client)
        self.sockets.gone(client)
        if self.over and not self.clients:
            self.room.finished(self)
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
        if kind == "ready":
            if seat is not None:
                await self.page_ready(seat)
            return None
        if kind in RUNNER_KINDS:
            return await pause_or_resume(self, seat, kind)
        if kind != "act":
            return error("malformed", f"unknown message type {kind!r}",
                         allowed="act, back, give_up, pause, ping, ready, resume")
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
                self.room.stats.errors += 1
                return {"type": "error", "code": "illegal_action", **exc.to_json()}
            self.room.stats.apply += time.perf_counter() - t0
            self.away.acted(seat)
            self.recorder.act(seat, action)
            try:
                await self._stepped(events, seat)
            except StoreRefused:
                return error("unavailable", "the store could not save your action, so it was not applied; "
                             "reconnect and send it again in a few seconds", retry=True)
        self.room.stats.handled(time.perf_counter() - t_in)
        return None

    async def page_ready(self, seat: int) -> None:
        """The seat's page has shown the game (or waited long enough): its clock runs (loading.py)."""
        async with self.lock:
            if self.loading.ready(seat) and not self.moved:
                self._arrange()
                self.broadcast([], "presence")

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
                else:  # a thinking bot thinks in the bots' own pool: the other tables and pages go on
                    action = await self.room.bots.decide(self, seat, bot, d)
                events = self.state.apply(seat, action)
            except Exception:
                log.exception("table %s: bot %s on seat %d failed; playing a random legal action",
                              self.id, self.seats[seat].bot, seat)
                action = self.state.random_action(seat, self.room.rng_for(self.seed, seat))
                events = self.state.apply(seat, action)
            self.room.stats.bot_think += time.perf_counter() - t0
            self.recorder.act(seat, action)
            await self._stepped(events, seat)

    def bot_spec(self, seat: int) -> str:
        """The spec of the bot that answers for ``seat``: its own, or the stand-in's for a person seat."""
        return self.seats[seat].bot or self.away.policy.stand_in

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            factories = bot_factories(self.game)
            choice = BotChoice.parse(self.bot_spec(seat), factories)
            bot = factories[choice.name](self.room.rng_for(self.seed, seat), **choice.options)
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
        now = self.room.clock.wall()
        left = {s: max(0.0, d - now) for s, d in self.deadlines.items()}
        self.decision = self.state.pending()
        self._update_asked(before, actor)
        if any(ev.kind == UNDONE for ev in events):
            for s, had in self._left_before_last.items():
                if self.decision is not None and s in self.decision.seats:
                    self.deadlines[s] = now + had
                    self._deadline_for[s] = self.timer_key(s)
        self._left_before_last = left
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
            await self.room.writer.submit(self._save_job(step=self.recorder.lines[-2 if self.over else -1]))
        except Exception as exc:
            self.room.store_refused(self)
            raise StoreRefused(str(exc)) from exc
        self.room.stats.store_wait += time.perf_counter() - t0
        self.room.stats.actions += 1
        self.broadcast(numbered)
        if self.over:
            if self.room.hosted is not None:
                self.room.hosted.finished(self.id)
            self.room.finished(self)
            for listener in self.room.on_finish:
                self.room.spawn(listener(self))

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
        clock = self.room.clock
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
                    task.add_done_callback(log_failure)
                    self._bot_tasks[s] = (asked, task)
                continue
            if d.time_limit is None or self.loading.holds(s):
                self.deadlines.pop(s, None)
                if (handle := self._timer_handles.pop(s, None)) is not None:
                    handle.cancel()
                self._handle_for.pop(s, None)
                continue
            timed = self.timer_key(s)
            if self._deadline_for.get(s) != timed or s not in self.deadlines:
                self.deadlines[s] = self.room.clock.wall() + float(d.time_limit)
                self._deadline_for[s] = timed
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

    def timer_key(self, seat: int) -> Any:
        """What the seat's running deadline belongs to: the step its decision was asked at, or the
        decision's ``timer_key`` (free moves within one play keep the time running: core Decision)."""
        d = self.decision
        if d is not None and d.timer_key is not None:
            return ("key", d.kind, d.timer_key)
        return self.asked[seat]

    def _stop_clock(self) -> None:
        if self.clock_since is not None:
            self.clock_used += self.room.clock.mono() - self.clock_since
            self.clock_since = None
        if self._clock_handle is not None:
            self._clock_handle.cancel()
            self._clock_handle = None

    def _fire_timeout(self, seat: int, asked: int) -> None:
        self.room.spawn(self._timeout(seat, asked))

    def _fire_time_up(self) -> None:
        self.room.spawn(self._time_up())

    def halt(self) -> None:
        """Stop every timer and bot (shutdown); the store keeps what is needed to resume."""
        self.autopass.halt()
        self.away.halt()
        self.holds.halt()
        self.loading.halt()
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
