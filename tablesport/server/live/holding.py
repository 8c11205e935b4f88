"""Holding a live table and letting it go: the one way a table pauses and resumes (a referee's control,
:mod:`.table_control`; a table waiting for a person nobody may stand in for, :mod:`.absence`).

While a table is held its game clock and every decision timer stop (each seat keeps the time it had
left, kept in ``paused["left"]``), the seats' actions are refused and the bots wait. Call under the
table's lock; the caller stores the table (``table._save_job()``) and tells its clients.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import LiveTable


def hold(table: LiveTable, by: str, why: str, **extra: Any) -> None:
    """Pause ``table``: ``by`` and ``why`` are shown to its seats (``extra``: e.g. ``away``, the seats it
    waits for)."""
    now = table.room.clock.wall()
    left = {str(s): max(0.0, d - now) for s, d in table.deadlines.items()}
    table.paused = {"by": by, "why": why, "since": time.time(), "left": left, **extra}
    table._arrange()


def release(table: LiveTable) -> None:
    """Resume ``table``: each seat's timer gets back the time it had left when the table was held."""
    assert table.paused is not None
    now = table.room.clock.wall()
    for k, left in (table.paused.get("left") or {}).items():
        s = int(k)
        if s in table.asked:
            table.deadlines[s] = now + float(left)
            table._deadline_for[s] = table.timer_key(s)
    table.paused = None
    table._arrange()
