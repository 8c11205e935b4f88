"""The hosted mode's one refusal, importable without the ``redis`` package."""

from __future__ import annotations

from tablesport.core import TablesportError


class Unavailable(TablesportError):
    """The hosted service cannot take this request now (Redis or the store out of reach, or the table
    moving between processes); the client should try again in a few seconds."""
