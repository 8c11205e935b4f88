"""The web tables', API tokens' and accounts' schema: the Alembic branches "tables", "api" and "accounts"
build exactly what the models describe."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tablesport.store.db import Base, make_engine
from tablesport.store.migrate import upgrade


def test_migrations_match_the_models(tmp_path: Path) -> None:
    import tablesport.store.accounts  # noqa: F401
    import tablesport.store.double_entry  # noqa: F401
    import tablesport.store.live_fixtures  # noqa: F401
    import tablesport.store.table_clock  # noqa: F401
    import tablesport.store.tables  # noqa: F401
    import tablesport.store.tokens  # noqa: F401

    engine = upgrade(make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}"))
    with engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    web = [d for d in diffs if "web_" in repr(d) or "api_token" in repr(d) or "accounts_" in repr(d)
           or "desk_" in repr(d)]
    assert web == []
    engine.dispose()
