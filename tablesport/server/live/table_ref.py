"""A part of one live table that refers back to its table without keeping it alive."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import LiveTable


class TablePart:
    """A part of one table (its absences, its server passes) that reaches its table through a weak reference.

    A strong one made a cycle (the table holds the part, the part the table): a finished table the room let go
    was then not freed by its reference count but left, with its state, events and record (about 300 objects),
    for a collection of the whole heap (web/collector.py)."""

    def __init__(self, table: LiveTable) -> None:
        self._table = weakref.ref(table)

    @property
    def table(self) -> LiveTable:
        t = self._table()
        if t is None:
            raise ReferenceError("this table is gone")
        return t

    @property
    def gone(self) -> bool:
        """The table was freed (a timer of this part fired after its table went)."""
        return self._table() is None
