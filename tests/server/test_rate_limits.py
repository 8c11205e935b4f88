"""New tables and sign-ins are limited per address: the address over its limit is refused (429, a message
saying how long to wait, ``Retry-After``) and nothing is stored; another address is not affected; the limit
lifts once the window has passed. Also against a real server process (the API's error shape)."""

from __future__ import annotations

from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.process import ServerProcess
from tablesport.server.web import auth

from .api_fixtures import is_error
from .test_accounts import PASSWORD, csrf_of, make_user

BODY = {"preset": "goofspiel-2p", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_new_tables_are_limited_per_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    clock = Clock()
    with TestClient(app, client=("10.0.0.1", 5000)) as first:
        app.state.table_window = auth.Window(2, auth.TABLES_WINDOW, clock)
        second = TestClient(app, client=("10.0.0.2", 5000))
        assert [first.post("/api/v1/tables", json=BODY).status_code for _ in range(2)] == [201, 201]
        r = first.post("/api/v1/tables", json=BODY)
        assert r.status_code == 429 and is_error(r.json()), r.text
        assert "too many new tables from this address" in r.json()["message"]
        assert 0 < int(r.headers["retry-after"]) <= auth.TABLES_WINDOW + 1
        assert second.post("/api/v1/tables", json=BODY).status_code == 201  # another address
        assert len(app.state.room.tables) == 3  # the refused one stored nothing
        clock.now += auth.TABLES_WINDOW + 1
        assert first.post("/api/v1/tables", json=BODY).status_code == 201  # the window has passed


def test_failed_sign_ins_are_limited_per_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    clock = Clock()

    def sign_in(client: TestClient, name: str, password: str) -> httpx.Response:
        client.cookies.clear()
        return client.post("/login", data={"name": name, "password": password, "csrf": csrf_of(client)},
                           follow_redirects=False)

    with TestClient(app, client=("10.0.0.1", 5000)) as guesser:
        app.state.login_guard = auth.LoginGuard(clock)
        make_user(guesser, "olga", "organiser")
        other = TestClient(app, client=("10.0.0.2", 5000))
        for i in range(auth.LOGIN_PER_ADDRESS):  # a different name each time: the address is what is counted
            assert sign_in(guesser, f"guess{i}", "not the password").status_code == 401
        r = sign_in(guesser, "olga", PASSWORD)
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
        assert "Too many failed sign-ins" in r.text
        assert sign_in(other, "olga", PASSWORD).status_code == 303  # another address signs in
        clock.now += auth.LOGIN_WINDOW + 1
        assert sign_in(guesser, "olga", PASSWORD).status_code == 303


def test_a_real_server_limits_new_tables(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "limits.sqlite3", tables_per_minute=2).start()
    try:
        codes = [httpx.post(server.url + "/api/v1/tables", json=BODY, timeout=30) for _ in range(3)]
        assert [r.status_code for r in codes] == [201, 201, 429]
        body = codes[2].json()
        assert is_error(body) and body["code"] == "too_many_requests" and "a minute" in body["message"], body
        listed = httpx.get(server.url + "/api/v1/tables", timeout=30).json()
        assert len(listed) == 2, listed
    finally:
        server.stop()
