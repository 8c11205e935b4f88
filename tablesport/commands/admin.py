"""``tablesport admin token create|list|revoke|uses``: organisers' API tokens, without the organiser pages,
and ``tablesport api schema|reference``: the API's OpenAPI document and its reference page."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import typer

from tablesport.cli_output import echo_json

from .store_session import DB, StoreSession

admin_app = typer.Typer(no_args_is_help=True, help="Administration: organisers' API tokens.")
token_app = typer.Typer(no_args_is_help=True, help="Organisers' API tokens (scoped to events, revocable).")
api_app = typer.Typer(
    no_args_is_help=True, help="The HTTP API's contract: its OpenAPI document and reference."
)
admin_app.add_typer(token_app, name="token")

def _line(t: dict[str, Any]) -> str:
    state = "active" if t["active"] else ("revoked" if t["revoked_at"] else "expired")
    used = t["last_used_at"][:16] if t["last_used_at"] else "never"
    return (
        f"{t['id']:>4}  {t['hint']}…  {state:<8} {t['owner']:<14} {t['name']:<24} "
        f"scopes {','.join(t['scopes'])}  events {', '.join(t['events'])}  last used {used}"
    )


@token_app.command("create")
def token_create(
    owner: str = typer.Option(..., "--owner", help="the organiser the token belongs to"),
    name: str = typer.Option(..., "--name", help="what it is for, e.g. 'registration form'"),
    event: list[str] = typer.Option(..., "--event", help="an event it may write to (repeat)"),
    scope: list[str] = typer.Option(
        ..., "--scope", help="entrants, results, penalties or decisions (repeat)"
    ),
    days: int | None = typer.Option(None, "--days", min=1, max=3650, help="expires after this many days"),
    db: str | None = DB,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Create a token; it is printed once and only its hash is kept."""
    from tablesport.store.tokens import create_token

    expires = datetime.now(UTC) + timedelta(days=days) if days else None
    with StoreSession(db) as session:
        info, secret = create_token(session, owner, name, event, scope, expires)
        out = {**info.to_json(), "token": secret}
    if as_json:
        echo_json(out)
    else:
        typer.echo(f"token {out['id']} for {', '.join(out['events'])} ({', '.join(out['scopes'])}):")
        typer.echo(secret)
        typer.echo("keep it now: it is not shown again (send it as 'Authorization: Bearer <token>')")


@token_app.command("list")
def token_list(
    owner: str | None = typer.Option(None, "--owner", help="only this organiser's tokens"),
    db: str | None = DB,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """The tokens (never the secrets), newest first, revoked ones included."""
    from tablesport.store.tokens import list_tokens

    with StoreSession(db) as session:
        rows = [t.to_json() for t in list_tokens(session, owner)]
    if as_json:
        echo_json(rows)
    else:
        for t in rows:
            typer.echo(_line(t))


@token_app.command("revoke")
def token_revoke(
    token_id: int = typer.Argument(..., min=1, help="the token's number (see list)"),
    by: str = typer.Option("", "--by", help="who revokes it (default: the login name)"),
    owner: str | None = typer.Option(None, "--owner", help="refuse unless the token is this organiser's"),
    db: str | None = DB,
) -> None:
    """Revoke a token: refused from now on, kept in the list and its log."""
    import getpass

    from tablesport.store.tokens import revoke_token

    with StoreSession(db) as session:
        info = revoke_token(session, token_id, by or getpass.getuser(), owner)
    typer.echo(f"revoked token {info.id} ({info.name})")


@token_app.command("uses")
def token_uses(
    token_id: int = typer.Argument(..., min=1),
    db: str | None = DB,
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Every use of a token: when, what, the event, allowed or refused and why."""
    from tablesport.store.tokens import uses

    with StoreSession(db) as session:
        rows = uses(session, token_id)
    if as_json:
        echo_json(rows)
    else:
        for u in rows:
            typer.echo(
                f"{u['at'][:19]}  {u['method']:<6} {u['path']}  {u['status']} {u['outcome']}  {u['detail']}"
            )


@api_app.command("schema")
def api_schema(
    out: Path | None = typer.Option(None, "--out", help="write it here (default: print it)"),
) -> None:
    """The OpenAPI document of the HTTP API (the committed copy is docs/openapi.json)."""
    text = _document_text()
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}")


@api_app.command("reference")
def api_reference(
    out: Path | None = typer.Option(None, "--out", help="write it here (default: print it)"),
) -> None:
    """The API's reference page, written from its OpenAPI document (the committed copy is docs/api.md)."""
    from tablesport.server.web.openapi import reference

    text = reference(_document())
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {out}")


def _document() -> dict[str, Any]:
    from tablesport import extras

    extras.require("server", "the API's document")
    from tablesport.server.app import create_app
    from tablesport.server.web.openapi import document

    return document(create_app("sqlite://"))


def _document_text() -> str:
    from tablesport.server.web.openapi import text

    return text(_document())


def register(app: typer.Typer) -> None:
    app.add_typer(admin_app, name="admin")
    app.add_typer(api_app, name="api")
