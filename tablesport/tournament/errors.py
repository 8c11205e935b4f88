"""The one exception type of the tournament layer."""

from __future__ import annotations

from tablesport.core import TablesportError


class TournamentError(TablesportError):
    """Bad competition input (unknown entrant, duplicate result, illegal commander, ...).

    The message says what was wrong and, where it helps, what is allowed.
    """
