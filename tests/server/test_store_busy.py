"""SQLite under load: a writer outside the server holding the store's lock does not hold up the event loop
(the steps are committed in the writer's thread), and a referee's form that the store could not save comes
back as a page in the referee's language with what they typed, ready to send again (not a JSON 503)."""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.store import accounts, db
from tablesport.store.service import EventStore

from .test_event_pages import PASSWORD, Person, app  # noqa: F401  (the app fixture)


@pytest.fixture
def busy_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 300)  # a store that gives up soon: the test is short
    web = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    web.state.db_path = tmp_path / "web.sqlite3"
    with TestClient(web) as main:
        web.state.main_client = main
        with web.state.sessions() as s:
            accounts.create_user(s, "ann", "referee", PASSWORD, by="test")
            s.commit()
        yield web


def outside_lock(path: Path) -> sqlite3.Connection:
    """Another process's writer: it holds the store's write lock until it commits."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=5, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    return conn


def test_an_outside_writer_does_not_hold_up_the_event_loop(app: Any) -> None:  # noqa: F811
    c = TestClient(app)
    c.portal = app.state.main_client.portal
    made = c.post(
        "/api/v1/tables", json={"preset": "blokus-event", "seats": [{"kind": "bot", "bot": "random"}] * 4}
    )
    assert made.status_code == 201
    answered: list[bool] = []
    conn = outside_lock(Path(app.state.sessions.kw["bind"].url.database))
    held = threading.Event()
    held.set()

    def let_go() -> None:  # the outside writer commits after 2 s, whatever the server does meanwhile
        time.sleep(2.0)
        held.clear()
        conn.execute("COMMIT")
        conn.close()

    releaser = threading.Thread(target=let_go)
    releaser.start()
    try:
        time.sleep(0.3)  # the bots' next steps wait for the lock now
        # a request that needs no store is answered while the lock is still held (a loop waiting
        # inside a commit would answer only once the outside writer let go)
        for _ in range(3):
            r = c.get("/api/v1/health")
            answered.append(r.status_code == 200 and held.is_set())
            time.sleep(0.1)
    finally:
        releaser.join()
    assert answered == [True, True, True]


def test_a_referees_form_the_store_did_not_save_comes_back_with_the_typing(busy_app: Any) -> None:
    players = ["Amy", "Ben", "Cat", "Dan"]
    with busy_app.state.sessions() as s:
        st = EventStore(s)
        ev = st.create_event(
            {
                "event": "Tuen Mun",
                "competitions": [{"key": "rk", "preset": "rummikub-2018", "tables": 1, "entrants": players}],
            },
            "desk",
        )
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
    hall = f"/referee/events/{ev.id}/rk/hall"
    ann = Person(busy_app, "ann")
    token = re.search(r'name="csrf" value="([^"]+)"', ann.c.get(hall + "?lang=zh-Hant").text)
    assert token is not None
    conn = outside_lock(busy_app.state.db_path)
    try:
        r = ann.c.post(
            hall + "/arrive",
            data={"player": "Amy", "at": "09:31", "csrf": token.group(1)},
            headers={"accept": "text/html"},
            follow_redirects=False,
        )
    finally:
        conn.execute("ROLLBACK")
        conn.close()
    assert r.status_code == 503 and r.headers["content-type"].startswith("text/html")
    assert "資料庫忙" in r.text and r.headers["retry-after"] == "2"
    assert 'action="' + hall + '/arrive"' in r.text
    assert 'name="player" value="Amy"' in r.text and 'name="at" value="09:31"' in r.text
    resend = re.search(r'name="csrf" value="([^"]+)"', r.text)
    assert resend is not None
    # sent again once the store answers: it is saved
    r = ann.c.post(
        hall + "/arrive",
        data={"player": "Amy", "at": "09:31", "csrf": resend.group(1)},
        follow_redirects=False,
    )
    assert r.status_code == 303
