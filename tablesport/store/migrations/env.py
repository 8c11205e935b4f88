"""Alembic environment for every tablesport store branch ("tournament", "tables", ...).

Run through :func:`tablesport.store.migrate.upgrade` (which passes its connection in
``config.attributes["connection"]``), or with the ``alembic`` command and ``sqlalchemy.url`` /
``TABLESPORT_DB``.
"""

from __future__ import annotations

import contextlib
import importlib

from alembic import context

from tablesport.store.db import Base, make_engine

for module in ("tablesport.store.models", "tablesport.store.tables", "tablesport.store.tokens",
               "tablesport.store.accounts", "tablesport.store.double_entry",
               "tablesport.store.live_fixtures", "tablesport.store.players",
               "tablesport.store.account_sessions", "tablesport.store.captain_accounts"):
    with contextlib.suppress(ModuleNotFoundError):
        importlib.import_module(module)

target_metadata = Base.metadata
config = context.config


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or None)
    with engine.begin() as conn:
        _run(conn)


def _run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
