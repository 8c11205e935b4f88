"""A seat's first decision waits until its page has shown the game.

The table page connects its socket with ``?hold=1`` and sends ``{"type": "ready"}`` once it has drawn
the first frame (the screen's art and names loaded).  Until then, or :data:`READY_WAIT` seconds at most,
the seat's decisions have no running deadline: the seconds a page spends loading are not the player's.
This happens once per seat (a reload later in the game does not stop the clock), and a client that does
not ask for the hold (a bot over the socket, the CLI) is ready when it connects.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .table_ref import TablePart

if TYPE_CHECKING:
    from .clock import Timer
    from .table import LiveTable

READY_WAIT = 15.0
"""The longest a seat's first decision waits for its page (then its time runs, page or not)."""


class Loading(TablePart):
    """The seats whose page is still loading (their first decision's time has not started)."""

    def __init__(self, table: LiveTable) -> None:
        super().__init__(table)
        self.shown: set[int] = set()
        self._waits: dict[int, Timer] = {}

    def holds(self, seat: int) -> bool:
        """The seat's clock waits for its page now."""
        return seat in self._waits

    def connected(self, seat: int | None, hold: bool) -> None:
        """A client of ``seat`` connected (lock held, before the table arranges its timers)."""
        if seat is None or seat in self.shown or seat in self._waits:
            return
        if not hold:
            self.shown.add(seat)
            return
        self._waits[seat] = self.table.room.clock.call_later(READY_WAIT, self._fire, seat)

    def ready(self, seat: int) -> bool:
        """The seat's page has shown the game: its clock may run. Lock held; whether anything changed."""
        timer = self._waits.pop(seat, None)
        self.shown.add(seat)
        if timer is None:
            return False
        timer.cancel()
        return True

    def restored(self, seats: Iterable[int]) -> None:
        """After a restart: the seats that had joined have seen their game already."""
        self.shown = set(seats)

    def _fire(self, seat: int) -> None:
        if not self.gone and seat in self._waits:
            self.table.room.spawn(self.table.page_ready(seat))

    def halt(self) -> None:
        for timer in self._waits.values():
            timer.cancel()
        self._waits.clear()
