"""The database the store commands work on: the ``--db`` option and a session on it."""

from __future__ import annotations

from typing import Any

import typer

DB = typer.Option(None, "--db", help="database URL (default: TABLESPORT_DB or data/tablesport.sqlite3)")


class StoreSession:
    """A session on a migrated database; commits on success, rolls back on error."""

    def __init__(self, db: str | None) -> None:
        self.db = db

    def __enter__(self) -> Any:
        from sqlalchemy.orm import Session

        from tablesport.store.migrate import upgrade

        self.engine = upgrade(self.db)
        self.session = Session(self.engine)
        return self.session

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if kind is None:
            self.session.commit()
        else:
            self.session.rollback()
        self.session.close()
        self.engine.dispose()
