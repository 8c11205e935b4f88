"""``tablesport admin create-user NAME --role ROLE`` and ``tablesport admin assign-referee NAME EVENT``:
accounts of the web app without the organiser's pages (the first organiser of a new server, for one).

The password is read from a prompt (typed twice, not shown) or, when standard input is not a terminal,
from its first line; it is never a command-line argument, where other users of the machine and the shell's
history would see it.
"""

from __future__ import annotations

import sys

import typer

from tablesport.cli_output import echo_json, fail

from .admin import admin_app
from .store_session import DB, StoreSession


def read_password() -> str:
    if sys.stdin.isatty():
        password: str = typer.prompt("password", hide_input=True, confirmation_prompt=True)
        return password
    line = sys.stdin.readline()
    if not line:
        fail("no password on standard input: give it on the first line, or run in a terminal to be asked")
    return line.rstrip("\r\n")


def create_user(
    name: str = typer.Argument(..., help="the account's name (how it signs in)"),
    role: str = typer.Option(..., "--role", help="organiser, referee or player"),
    db: str | None = DB,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Create an account; the password is asked for (or read from standard input), never an argument."""
    from tablesport.store.accounts import ROLES, create_user

    if role not in ROLES:
        fail(f"unknown role {role!r}; allowed: {', '.join(ROLES)}")
    password = read_password()
    with StoreSession(db) as session:
        user = create_user(session, name, role, password, by="admin create-user")
        out = {"id": user.id, "name": user.name, "role": user.role}
    if as_json:
        echo_json(out)
    else:
        typer.echo(f"account {out['name']!r} created ({out['role']})")


def assign_referee(
    name: str = typer.Argument(..., help="a referee's account"),
    event: str = typer.Argument(..., help="the event's name"),
    db: str | None = DB,
) -> None:
    """Let a referee work an event (enter results, run table clocks, record fouls)."""
    from tablesport.store.accounts import assign_referee
    from tablesport.store.service import EventStore

    with StoreSession(db) as session:
        ev = EventStore(session).event(event)
        assign_referee(session, name, ev.id)
    typer.echo(f"{name} referees {event!r}")


def register(app: typer.Typer) -> None:
    admin_app.command("create-user")(create_user)
    admin_app.command("assign-referee")(assign_referee)
