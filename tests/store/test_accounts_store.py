"""Accounts in the store, on SQLite and PostgreSQL: Argon2 hashes, roles, referee assignments per event, the
server's signing key, and refusals that store nothing."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from tablesport.store import accounts
from tablesport.store.service import EventStore

PASSWORD = "a long enough password"


def test_accounts_roles_and_referees(engine: Engine) -> None:
    tag = secrets.token_hex(3)  # the PostgreSQL schema is shared by the tests of a run
    with Session(engine) as s:
        ev = EventStore(s).create_event({"event": f"Day {tag}", "competitions": [
            {"key": "blokus", "preset": "blokus-event", "entrants": ["p1", "p2", "p3", "p4"]}]}, "desk")
        olga = accounts.create_user(s, f"olga{tag}", "organiser", PASSWORD, by="test")
        rob = accounts.create_user(s, f"rob{tag}", "referee", PASSWORD, by=olga.name)
        accounts.assign_referee(s, rob.name, ev.id)
        accounts.assign_referee(s, rob.name, ev.id)  # twice is once
        s.commit()
        assert olga.password_hash.startswith("$argon2id$")
        assert accounts.organiser_exists(s)
        assert accounts.authenticate(s, rob.name, PASSWORD) is not None
        assert accounts.authenticate(s, rob.name, PASSWORD + "x") is None
        assert accounts.authenticate(s, "nobody" + tag, PASSWORD) is None
        acc = accounts.account(s, rob.id)
        assert acc is not None and acc.may_referee(ev.id) and not acc.may_referee(ev.id + 1000)
        assert not acc.is_organiser
        org = accounts.account(s, olga.id)
        assert org is not None and org.may_referee(ev.id + 1000)
        assert accounts.referees_of(s, ev.id) == [rob.name]
        count = len(accounts.users(s))
        for name, role, password, what in ((olga.name, "referee", PASSWORD, "taken"),
                                           (f"x{tag}", "wizard", PASSWORD, "unknown role"),
                                           (f"y{tag}", "player", "short", "at least 10"),
                                           ("<b>", "player", PASSWORD, "printable"),
                                           ("", "player", PASSWORD, "1–100")):
            with pytest.raises(accounts.AccountError, match=what):
                accounts.create_user(s, name, role, password, by="test")
        with pytest.raises(accounts.AccountError, match="no referee account"):
            accounts.assign_referee(s, olga.name, ev.id)
        s.commit()
        assert len(accounts.users(s)) == count
        version = rob.session_version
        accounts.set_password(s, rob, "a new long password")
        assert rob.session_version == version + 1
        accounts.set_disabled(s, rob, True)
        assert accounts.account(s, rob.id) is None
        assert accounts.authenticate(s, rob.name, "a new long password") is None
        accounts.unassign_referee(s, rob.name, ev.id)
        assert accounts.referees_of(s, ev.id) == []
        key = accounts.server_key(s)
        assert len(key) == 32 and accounts.server_key(s) == key
        s.commit()
        assert s.scalar(select(accounts.User.name).where(accounts.User.id == olga.id)) == olga.name
