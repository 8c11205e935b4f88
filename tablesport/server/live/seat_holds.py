"""Seats held at a "play again" table (:meth:`.tables.TableRoom.rematch`) for the people who played them.

The first player of a finished table to ask for the same game again makes the new table; every other person
seat is held for the one who played it, for :data:`REMATCH_HOLD` seconds: nobody else may take it (not the
lobby's join, not the API's), and the table's frames say for whom and for how long. Only the finished
table's link of that seat takes it (and, where that seat was bound to an account, only while signed in as
that account or signed out). When the hold runs out the seat is handled as the finished table was set up:
at a table quick play filled with a bot (:attr:`LiveTable.vacant_bot`) that bot plays it from the start; at
any other table the seat opens like any free seat. So nobody waits on a player who never comes back.

The holds live with the table in memory: after a restart the seats are open.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from tablesport.store.tables import OPEN, WebSeat

from .table_ref import TablePart

if TYPE_CHECKING:
    from .clock import Timer
    from .table import LiveTable

REMATCH_HOLD = 60.0
"""Seconds a "play again" table holds each other player's seat for them."""


@dataclass(slots=True)
class Held:
    token: str
    """The finished table's link token of the seat: the one link that takes it."""
    account: str | None
    """The account bound to that seat, if any (shown as whom it is held for)."""
    until: float
    """Wall-clock time the hold runs out."""


class SeatHolds(TablePart):
    """The held seats of one table."""

    def __init__(self, table: LiveTable) -> None:
        super().__init__(table)
        self.held: dict[int, Held] = {}
        self.of: str | None = None
        """The finished table whose players' seats these are (kept in memory while any is held)."""
        self._timer: Timer | None = None

    def hold(self, seat: int, token: str, account: str | None, seconds: float = REMATCH_HOLD) -> None:
        """Hold ``seat`` for the bearer of ``token`` (and ``account``) for ``seconds``. Lock held."""
        t = self.table
        self.held[seat] = Held(token, account, t.room.clock.wall() + seconds)
        if self._timer is None:
            self._timer = t.room.clock.call_later(seconds, self._fire)

    def holds(self, seat: int) -> bool:
        return seat in self.held

    def may_take(self, seat: int, token: str, account: str | None) -> bool:
        """Whether the finished table's link ``token`` (its bearer signed in as ``account``, or not signed
        in) may take the held ``seat``."""
        h = self.held.get(seat)
        if h is None:
            return True
        same_link = secrets.compare_digest(h.token, token)
        return same_link and (h.account is None or account is None or account == h.account)

    def taken(self, seat: int) -> None:
        """Its player took the seat: the hold is over."""
        self.held.pop(seat, None)
        self._let_go()

    def _let_go(self) -> None:
        """No seat held any more: the finished table need not stay in memory for its players' links."""
        t = self.table
        old = t.room.tables.get(self.of) if self.of else None
        if not self.held and old is not None and old.over:
            t.room.finished(old)

    def seat_json(self, seat: int) -> dict[str, Any]:
        """What a frame tells about a held seat: ``held``: whom for (the account, else ``None``) and the
        seconds left; ``None`` when it is not held."""
        h = self.held.get(seat)
        if h is None:
            return {"held": None}
        left = max(0.0, h.until - self.table.room.clock.wall())
        return {"held": {"for": h.account, "left": round(left, 1)}}

    def _fire(self) -> None:
        self._timer = None
        if not self.gone:
            self.table.room.spawn(self._expire())

    async def _expire(self) -> None:
        """The holds that ran out end: each seat opens, or the table's quick-play bot takes it."""
        if self.gone:
            return
        t = self.table
        async with t.lock:
            now = t.room.clock.wall()
            over = [s for s, h in self.held.items() if h.until <= now + 1e-6]
            for s in over:
                del self.held[s]
                plan = t.seats[s]
                if t.vacant_bot and t.status == OPEN and not plan.claimed:
                    t.away.left.add(s)  # a bot plays the seat from the start, to the end (absence.py)
                    t.away.stand_ins.add(s)
                    plan.bot, plan.claimed, plan.joined = t.vacant_bot, True, True
                    await t.room.writer.submit(_seat_to_bot(t.id, s, t.vacant_bot))
            if self.held:
                self._timer = t.room.clock.call_later(
                    max(0.0, min(h.until for h in self.held.values()) - now), self._fire
                )
            if over:
                self._let_go()
                if not await t.start_if_full():
                    await t.room.writer.submit(t._save_job())
                if t.room.hosted is not None:
                    t.room.hosted.changed()  # the lobbies: a seat open now
                t.broadcast([], "presence")

    def halt(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def _seat_to_bot(tid: str, seat: int, bot: str) -> Callable[[Session], None]:
    """The store job: a person seat nobody came back to, played by ``bot`` (claimed, joined)."""

    def job(session: Session) -> None:
        session.execute(
            update(WebSeat)
            .where(WebSeat.table_id == tid, WebSeat.seat == seat)
            .values(bot=bot, claimed=True, joined=True)
        )

    return job
