"""The server passes for a person who has nothing to answer with.

At a table with people the games ask every seat for a response, card or no card (Sanguosha's
Dodge, Slash, Peach and Nullification requests with ``ask_always``, Monopoly Deal's Just Say No
with ``ask_everyone``), so that nobody learns from who is asked, or how fast they answer, that a
player holds no such card.  A seat whose only legal answer is to pass is not kept at such a
prompt: the server gives that answer for it, after a random delay drawn like a person's thinking
time (``TableRoom.auto_delay``, 1–4 s by default), so the table still learns nothing from the timing.
The seat's player may answer earlier; the first answer counts.

What counts as "passing" is :data:`PASSES`: giving up a response or an optional step, never a
choice with consequences of its own (a forced card, a die roll, "ready").
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tablesport.core import Action, Decision
from tablesport.store.tables import RUNNING

from .table_ref import TablePart

if TYPE_CHECKING:
    from .clock import Timer
    from .table import LiveTable

PASSES: frozenset[Action] = frozenset({"pass", ("pass",), ("decline",), ("accept",), ("end",)})
"""Answers that only decline: pass a response, decline an optional skill, accept without a
counter-card, end a play phase in which nothing can be played."""

DEFAULT_DELAY = (1.0, 4.0)

_random = secrets.SystemRandom()


def only_pass(decision: Decision | None, seat: int) -> Action | None:
    """The pass ``seat`` must give when it is the seat's only legal answer, else ``None``."""
    if decision is None or seat not in decision.seats or decision.stream:
        return None
    opts = decision.options_for(seat)
    if opts is None or isinstance(opts, Mapping) or len(opts) != 1:
        return None
    answer = opts[0]
    return answer if answer in PASSES else None


def thinking_time(delay: tuple[float, float], time_limit: float | None) -> float:
    """A person-like pause: uniform in ``delay`` (system randomness, not the game's generator, so
    the record stays the same whatever the pause), and well inside the decision's own time limit."""
    lo, hi = delay
    if time_limit is not None:
        hi = min(hi, 0.6 * float(time_limit))
        lo = min(lo, hi)
    return lo if hi <= lo else _random.uniform(lo, hi)


class AutoPass(TablePart):
    """The pending server passes of one table: one timer per seat and the step it answers."""

    def __init__(self, table: LiveTable) -> None:
        super().__init__(table)
        self._timers: dict[int, tuple[int, Timer]] = {}

    def pending_for(self, seat: int | None) -> bool:
        """Whether the server will pass for ``seat`` (its page says so instead of waiting)."""
        return seat is not None and seat in self._timers

    def arrange(self) -> None:
        """After every change: a timer for each person seat that can only pass, none for the others."""
        t = self.table
        d = t.decision
        running = t.status == RUNNING and d is not None and t.paused is None
        for seat, (asked, timer) in list(self._timers.items()):
            if (not running or t.asked.get(seat) != asked or only_pass(d, seat) is None
                    or t.plays_by_bot(seat)):
                timer.cancel()
                del self._timers[seat]
        if not running or d is None:
            return
        for seat in d.seats:
            if seat in self._timers or t.plays_by_bot(seat) or only_pass(d, seat) is None:
                continue
            asked = t.asked[seat]
            wait = thinking_time(t.room.auto_delay, d.time_limit)
            self._timers[seat] = (asked, t.room.clock.call_later(wait, self._fire, seat, asked))

    def _fire(self, seat: int, asked: int) -> None:
        if not self.gone:
            self.table.room.spawn(self._answer(seat, asked))

    async def _answer(self, seat: int, asked: int) -> None:
        if self.gone:  # the table went while this waited for its turn
            return
        t = self.table
        async with t.lock:
            entry = self._timers.get(seat)
            if entry is not None and entry[0] == asked:
                del self._timers[seat]
            answer = only_pass(t.decision, seat)
            if (t.status != RUNNING or answer is None or t.asked.get(seat) != asked
                    or t.not_now(lambda: self._answer(seat, asked))):
                return
            await act_for(t, seat, answer)

    def halt(self) -> None:
        for _, timer in self._timers.values():
            timer.cancel()
        self._timers.clear()


async def act_for(table: LiveTable, seat: int, action: Any) -> None:
    """Apply ``action`` for ``seat`` as the seat's own answer (recorded as such); the table's lock is held."""
    events = table.state.apply(seat, action)
    table.recorder.act(seat, action)
    await table._stepped(events, seat)

