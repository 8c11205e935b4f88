"""``tablesport serve``: the web app (lobby, tables, spectators, replays)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
        port: int = typer.Option(8000, "--port", min=1, max=65535, help="port to listen on"),
        db: str = typer.Option("", "--db",
                               help="database URL (default: TABLESPORT_DB or data/tablesport.sqlite3)"),
        bot_delay: float = typer.Option(0.6, "--bot-delay", min=0.0,
                                        help="seconds a bot waits before it acts"),
        redis: str = typer.Option("", "--redis",
                                  help="hosted mode: Redis URL shared by the server processes (default: "
                                       "TABLESPORT_REDIS; none: this process referees every table alone)"),
    ) -> None:
        """Run the web server: play in the browser against people and bots."""
        from tablesport import extras

        extras.require("server", "tablesport serve")
        if (db or "").startswith("postgresql"):
            extras.require("postgres", "a PostgreSQL store")
        import os

        redis = redis or os.environ.get("TABLESPORT_REDIS", "")
        if redis:
            extras.require("hosted", "hosted mode (--redis)")
        from tablesport.server.app import serve as run

        run(host, port, db or None, bot_delay, redis or None)
