"""The ``tablesport event`` group: its Typer app, the options its commands share, the facts of an entry
and the event store they open. Its commands are in :mod:`.tournament` and :mod:`.event_results`."""

from __future__ import annotations

from typing import Any

import typer

from .store_session import StoreSession

event_app = typer.Typer(no_args_is_help=True,
                        help="Run a stored event: create, register, draw, rounds, results.")

BY = typer.Option("", "--by", help="who is doing this (default: the login name)")
AT = typer.Option(None, "--at",
                  help="when it happened (HH:MM, or an ISO date-time), for an entry made after the fact")
REFEREE = typer.Option(None, "--referee", help="the table's referee who reported it")
NOTE = typer.Option("", "--note", help="a note kept with the entry")


def facts(by: str, at: str | None = None, referee: str | None = None, note: str = "",
          source: str = "typed") -> Any:
    """The :class:`~tablesport.store.entry_facts.Facts` of a command's entry."""
    from tablesport.store.entry_facts import Facts

    return Facts(who(by), at, referee, note, source).checked()  # type: ignore[arg-type]


def who(by: str) -> str:
    """The name an entry is made by: ``--by``, else the login name."""
    if by:
        return by
    import getpass

    return getpass.getuser()


class EventStoreSession(StoreSession):
    """An EventStore on a migrated database; commits on success, rolls back on error."""

    def __enter__(self) -> Any:
        from tablesport.store.service import EventStore

        return EventStore(super().__enter__())
