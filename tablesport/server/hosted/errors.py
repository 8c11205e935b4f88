"""The hosted mode's one refusal, importable without the ``redis`` package."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.exc import OperationalError

from tablesport.core import TablesportError


class Unavailable(TablesportError):
    """The hosted service cannot take this request now (Redis or the store out of reach, or the table
    moving between processes); the client should try again in a few seconds."""


@contextmanager
def store_reads() -> Iterator[None]:
    """A read of the store that may find it out of reach (PostgreSQL restarting): :class:`Unavailable`."""
    try:
        yield
    except OperationalError as exc:
        raise Unavailable("the store is out of reach for a moment; try again in a few seconds") from exc
