"""Server-side sessions and appointed captains in the store, on SQLite and PostgreSQL; and an existing
database (accounts made before migration u0002) upgraded in place, its accounts kept."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path

from alembic import command
from sqlalchemy import Engine, inspect
from sqlalchemy.orm import Session

from tablesport.store import account_sessions, accounts
from tablesport.store.db import make_engine
from tablesport.store.migrate import alembic_config, upgrade

PASSWORD = "a long enough password"


def test_sessions_end_at_sign_out_new_password_and_disabling(engine: Engine) -> None:
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        user = accounts.create_user(s, f"ann{tag}", "referee", PASSWORD, by="test")
        one, two = account_sessions.start(s, user.id), account_sessions.start(s, user.id)
        s.commit()
        assert account_sessions.user_of(s, one) == user.id and account_sessions.user_of(s, two) == user.id
        assert account_sessions.user_of(s, "x" * 43) is None and account_sessions.user_of(s, None) is None
        account_sessions.end(s, one)
        assert account_sessions.user_of(s, one) is None and account_sessions.user_of(s, two) == user.id
        accounts.set_password(s, user, "another long passphrase")
        assert account_sessions.user_of(s, two) is None
        three = account_sessions.start(s, user.id)
        accounts.set_disabled(s, user, True)
        assert account_sessions.user_of(s, three) is None and account_sessions.count(s, user.id) == 0
        later = datetime.now(UTC) + timedelta(seconds=account_sessions.SESSION_SECONDS + 1)
        four = account_sessions.start(s, user.id)
        assert account_sessions.user_of(s, four, now=later) is None  # expired
        s.commit()


def test_an_existing_database_is_upgraded_in_place(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    eng = make_engine(url)
    cfg = alembic_config()
    with eng.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "u0001")  # the accounts as they were before sessions and captains
    with eng.begin() as conn:
        assert "accounts_sessions" not in inspect(conn).get_table_names()
        conn.exec_driver_sql(
            "INSERT INTO accounts_users (name, role, password_hash, session_version, disabled, created_at, "
            "created_by) VALUES ('olga', 'organiser', 'x', 1, 0, '2026-11-30 10:00:00', 'setup')"
        )
    eng.dispose()
    eng = upgrade(url)
    with eng.connect() as conn:
        names = set(inspect(conn).get_table_names())
    assert {"accounts_sessions", "accounts_captains"} <= names
    with Session(eng) as s:
        olga = accounts.find_user(s, "olga")
        assert olga is not None
        token = account_sessions.start(s, olga.id)
        s.commit()
        assert account_sessions.user_of(s, token) == olga.id
    eng.dispose()
