"""Quick play: a queue per preset that seats people as they come and fills the other seats with bots.

A person joins the queue of a preset with the bot (its level) they want beside them and how long they will
wait for other people (``wait``, 0 … :data:`MAX_WAIT` seconds); they get a ticket (a secret id):

* as soon as the queue holds as many people as the preset has seats, those people are seated together at a
  new table, every seat a person's;
* when the wait of the person who came first runs out, everyone then in the queue (fewer than the seats) is
  seated at a new table and the other seats get that person's bot;
* people are put on seats drawn at random (so that the first in the queue is not always seat 0, the first
  player or the same side);
* a ticket whose page stopped asking about it (no ``GET`` for :data:`STALE` seconds) leaves the queue, so
  that nobody is seated at a table they have left; ``DELETE`` leaves at once.

A seated ticket answers its table, seat and the seat's link (the same link a created table hands out: it
works with or without an account; a signed-in player who opens it is bound to the seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import TablesportError

from ..models.players import MAX_WAIT
from .absence import default_bot
from .clock import Timer
from .frames import error, frame
from .setup import SetupError
from .tables import TableRoom

STALE = 30.0
KEEP_SEATED = 600.0
MAX_TICKETS = 10_000


@dataclass
class Ticket:
    id: str
    preset: str
    bot: str
    wait: float
    joined: float
    seen: float
    status: str = "waiting"  # "waiting", "seated", "left"
    table: str | None = None
    seat: int | None = None
    token: str | None = None

    @property
    def fill_at(self) -> float:
        return self.joined + self.wait


@dataclass
class QuickPlay:
    room: TableRoom
    now: Callable[[], float] = time.monotonic
    tickets: dict[str, Ticket] = field(default_factory=dict)
    timers: dict[str, Timer] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def waiting(self, preset: str) -> list[Ticket]:
        return sorted((t for t in self.tickets.values() if t.preset == preset and t.status == "waiting"),
                      key=lambda t: t.joined)

    async def join(self, preset: str, bot: str | None, wait: float) -> Ticket:
        """A new ticket in the preset's queue (SetupError: an unknown preset or bot, a wait out of range)."""
        from tablesport.games import find_preset

        try:
            game, rs = find_preset(preset)
        except TablesportError as exc:
            raise SetupError(str(exc), "preset") from None
        if game.seats_to_start(rs) is not None:  # a paper table: its facilitator opens it from the lobby
            raise SetupError(f"{rs.preset} is run by its own facilitator: open it from the lobby's "
                             "New table; quick play seats the digital presets", "preset")
        known = bot_factories(game)
        spec = bot or default_bot(game.name)
        if not game.bots_with_people:  # the queue seats people only: a table once it is full
            if bot:
                raise SetupError(f"{game.title} is played by people only: no bot sits with them", "bot")
            spec = ""
        try:
            if spec:
                BotChoice.parse(spec, known)
        except TablesportError as exc:
            raise SetupError(str(exc), "bot", tuple(sorted(known))) from None
        if not 0 <= wait <= MAX_WAIT:
            raise SetupError(f"wait is 0 … {MAX_WAIT:g} seconds, not {wait:g}", "wait",
                             (f"0 … {MAX_WAIT:g}",))
        self._forget_old()
        if len(self.tickets) >= MAX_TICKETS:
            raise SetupError("the quick-play queues are full; try again in a minute", "preset")
        now = self.now()
        ticket = Ticket(secrets.token_urlsafe(18), rs.preset, spec, float(wait), now, now)
        self.tickets[ticket.id] = ticket
        await self.match(rs.preset)
        return ticket

    def get(self, ticket_id: str) -> Ticket | None:
        ticket = self.tickets.get(ticket_id)
        if ticket is not None:
            ticket.seen = self.now()
        return ticket

    def leave(self, ticket_id: str) -> Ticket | None:
        ticket = self.tickets.get(ticket_id)
        if ticket is not None and ticket.status == "waiting":
            ticket.status = "left"
        return ticket

    def describe(self, ticket: Ticket) -> dict[str, Any]:
        out: dict[str, Any] = {"ticket": ticket.id, "preset": ticket.preset, "bot": ticket.bot,
                               "wait": ticket.wait, "status": ticket.status}
        if ticket.status == "waiting":
            out["waiting"] = len(self.waiting(ticket.preset))
            first = self.waiting(ticket.preset)
            out["fill_in"] = round(max(0.0, min(t.fill_at for t in first) - self.now()), 1) if first else 0.0
        if ticket.status == "seated" and ticket.table is not None:
            out.update(table=ticket.table, seat=ticket.seat, url=f"/play/{ticket.table}/{ticket.token}",
                       ws=f"/ws/{ticket.table}?token={ticket.token}")
        return out

    # -- matching ---------------------------------------------------------------------------
    async def match(self, preset: str) -> None:
        """Seat whoever can be seated now; arm the timer of the next wait to run out."""
        from tablesport.games import find_preset

        _, rs = find_preset(preset)
        async with self.lock:
            now = self.now()
            for t in self.waiting(preset):
                if now - t.seen > STALE:
                    t.status = "left"
            queue = self.waiting(preset)
            while len(queue) >= rs.seats:
                await self._seat(preset, rs.seats, queue[:rs.seats], None)
                queue = queue[rs.seats:]
            if queue and queue[0].bot and min(t.fill_at for t in queue) <= now:
                first = min(queue, key=lambda t: (t.fill_at, t.joined))
                await self._seat(preset, rs.seats, queue, first.bot)
                queue = []
            old = self.timers.pop(preset, None)
            if old is not None:
                old.cancel()
            if queue:
                due = min(min(t.fill_at for t in queue), min(t.seen for t in queue) + STALE + 0.5)
                delay = max(0.0, due - now) + 0.05
                self.timers[preset] = self.room.clock.call_later(delay, self._fire, preset)

    def _fire(self, preset: str) -> None:
        self.timers.pop(preset, None)
        self.room.spawn(self.match(preset))

    async def _seat(self, preset: str, seats: int, people: list[Ticket], bot: str | None) -> None:
        places = sorted(secrets.SystemRandom().sample(range(seats), len(people)))
        plan: list[dict[str, Any]] = [{"kind": "bot", "bot": bot or "random"} for _ in range(seats)]
        for p in places:
            plan[p] = {"kind": "person"}
        table = await self.room.create(preset, plan)
        table.vacant_bot = bot  # its "play again" table: this bot plays a seat nobody came back to
        order = list(people)
        secrets.SystemRandom().shuffle(order)
        for ticket in order:
            got = await self.room.claim(table.id)
            if got is None:  # cannot happen: the table was made with one person seat per ticket
                ticket.status = "left"
                continue
            ticket.status, ticket.table, ticket.seat, ticket.token = "seated", table.id, got[0], got[1]

    def _forget_old(self) -> None:
        now = self.now()
        for tid, t in list(self.tickets.items()):
            if t.status != "waiting" and now - t.seen > KEEP_SEATED:
                del self.tickets[tid]

    def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()


def quickplay_of(app_state: Any) -> QuickPlay:
    qp: QuickPlay | None = getattr(app_state, "quickplay", None)
    if qp is None:
        qp = app_state.quickplay = QuickPlay(app_state.room, now=app_state.room.clock.mono)
    return qp


router = APIRouter()
WATCH_EVERY = 0.5


@router.websocket("/ws/quickplay/{ticket}")
async def ticket_socket(ws: WebSocket, ticket: str) -> None:
    """The ticket's state as it changes (``{"type": "ticket", ...}``, the body ``GET`` answers), until it is
    seated or has left; an open socket counts as asking about the ticket."""
    await ws.accept()
    qp = quickplay_of(ws.app.state)
    last: dict[str, Any] | None = None
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            found = qp.get(ticket)
            if found is None:
                gone = error("no_ticket", "no such ticket (it may have expired: join the queue again)")
                await ws.send_text(frame(gone))
                await ws.close(code=4404)
                return
            now = {k: v for k, v in qp.describe(found).items() if k != "fill_in"}
            if now != last:
                await ws.send_text(frame({"type": "ticket", **qp.describe(found)}))
                last = now
            if found.status != "waiting":
                await ws.close()
                return
            await asyncio.sleep(WATCH_EVERY)
