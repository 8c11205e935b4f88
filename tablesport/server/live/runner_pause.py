"""The page that runs a table (a Pictionary paper table's facilitator, :meth:`Game.seats_to_start`)
pauses and resumes it itself, at a table opened from the lobby with no referee::

    {"type": "pause"}    the round clock and the decision timers stop (holding.hold)
    {"type": "resume"}   each timer gets back the time it had left

Any other seat, a spectator, or a table that has no such page is refused (``not_runner``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesport.core import Event
from tablesport.store.tables import RUNNING

from .frames import error
from .holding import hold, release

if TYPE_CHECKING:
    from .table import LiveTable

KINDS = ("pause", "resume")
"""The message types this module answers (:meth:`LiveTable.submit` hands them over once read)."""


async def pause_or_resume(table: LiveTable, seat: int | None, kind: str) -> dict[str, Any] | None:
    """A pause or resume (``kind``) from the runner's page: ``None`` when done, else an error frame."""
    if seat is None or table.game.seats_to_start(table.rs) != (seat,):
        return error(
            "not_runner",
            "only the page that runs the table (a paper table's facilitator) pauses or resumes it",
            allowed="act",
        )
    async with table.lock:
        if table.status != RUNNING or table.decision is None:
            return error("not_started", "the table is not being played (it is over, or not started yet)")
        if kind == "pause":
            if table.paused is not None:
                return error("paused", "the table is already paused", allowed="resume")
            hold(table, f"seat {seat}", "", runner=True)
        else:
            if table.paused is None:
                return error("not_paused", "the table is not paused", allowed="pause")
            if not table.paused.get("runner"):
                return error("paused", "a referee or an away player holds this table: not yours to resume")
            release(table)
        await table.room.writer.submit(table._save_job())
        numbered = [(table.steps, Event("referee", {"control": kind, "by": f"seat {seat}"}))]
        table.events.extend(numbered)
        table.broadcast(numbered)
    return None
