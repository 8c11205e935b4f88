"""``tablesport hosted haproxy-config``: the HAProxy configuration in front of hosted server processes
(docs/hosted.md)."""

from __future__ import annotations

from pathlib import Path

import typer

from tablesport.cli_output import fail

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


DEFAULT_DB = "postgresql+psycopg://postgres@127.0.0.1:5432/tablesport"


@hosted_app.command("run")
def run(
    processes: int = typer.Argument(..., min=1, max=64, help="how many server processes"),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="where HAProxy listens (127.0.0.1)"),
    db: str = typer.Option("", "--db", help=f"PostgreSQL URL (default: TABLESPORT_DB, else {DEFAULT_DB}; "
                                            "the database is created if missing)"),
    redis: str = typer.Option("", "--redis", help="Redis URL (default: TABLESPORT_REDIS, else "
                                                  "redis://127.0.0.1:6379/0)"),
    haproxy: str = typer.Option("haproxy", "--haproxy", help="the haproxy binary (scripts/ensure-haproxy)"),
    bot_delay: float = typer.Option(0.6, "--bot-delay", min=0.0, help="seconds a bot waits before it acts"),
    logs: Path = typer.Option(Path("data/hosted"), "--logs", help="folder for the processes' logs"),
) -> None:
    """Start PROCESSES server processes on PostgreSQL and Redis and HAProxy in front of them, on this
    machine; Ctrl-C stops them all (scripts/run-hosted)."""
    import os
    import signal
    import time

    from tablesport import extras

    extras.require("server", "tablesport hosted run")
    extras.require("hosted", "tablesport hosted run")
    db = db or os.environ.get("TABLESPORT_DB", "") or DEFAULT_DB
    if not db.startswith("postgresql"):
        fail(f"hosted mode shares one PostgreSQL store between its processes; --db {db!r} is not one "
             "(postgresql+psycopg://user@host:port/database)")
    redis = redis or os.environ.get("TABLESPORT_REDIS", "") or "redis://127.0.0.1:6379/0"
    from tablesport.server.hosted.cluster import Cluster, ensure_database

    try:
        ensure_database(db)
    except Exception as exc:  # noqa: BLE001 - one line for the user
        fail(f"cannot reach the PostgreSQL store {db}: {str(exc).splitlines()[0]}")
    try:
        import redis as redis_pkg

        redis_pkg.Redis.from_url(redis, socket_connect_timeout=2).ping()
    except Exception as exc:  # noqa: BLE001 - one line for the user
        fail(f"cannot reach Redis at {redis}: {exc}")
    cluster = Cluster(processes, db, redis, logs, haproxy=haproxy, bot_delay=bot_delay, port=port,
                      prefix=os.environ.get("TABLESPORT_REDIS_PREFIX", "tablesport"))
    try:
        cluster.start()
    except (RuntimeError, OSError) as exc:
        cluster.stop()
        fail(str(exc))
    for i, p in enumerate(cluster.procs):
        typer.echo(f"process p{i}: {p.url} (log {p.log_path})")
    typer.echo(f"tablesport (hosted, {processes} processes): {cluster.url}/   Ctrl-C stops")
    stop = False

    def on_signal(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_signal)
    try:
        while not stop:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()
