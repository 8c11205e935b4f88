"""``tablesport hosted haproxy-config``: the HAProxy configuration in front of hosted server processes
(docs/hosted.md)."""

from __future__ import annotations

from pathlib import Path

import typer

from .output import fail

hosted_app = typer.Typer(no_args_is_help=True,
                         help="Hosted mode: several server processes on PostgreSQL and Redis behind HAProxy.")


@hosted_app.command("haproxy-config")
def haproxy_config(
    servers: list[str] = typer.Argument(..., help="the server processes, each host:port"),
    bind: str = typer.Option("127.0.0.1:8000", "--bind", help="where HAProxy listens (address:port)"),
    stats: str = typer.Option("", "--stats", help="address:port of HAProxy's statistics page"),
    certificate: str = typer.Option("", "--tls-pem",
                                    help="PEM file with certificate and key: TLS at HAProxy on --bind"),
    out: Path | None = typer.Option(None, "--out", "-o", help="write it to this file"),
) -> None:
    """Print the HAProxy configuration: each table's pages and WebSocket to one process by a consistent
    hash of the table id, the rest round-robin, every process health-checked each second."""
    from tablesport.server.hosted.haproxy import Options, config

    try:
        text = config(servers, Options(bind=bind, stats=stats or None, certificate=certificate or None))
    except ValueError as exc:
        fail(str(exc))
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text)


def register(app: typer.Typer) -> None:
    app.add_typer(hosted_app, name="hosted")
