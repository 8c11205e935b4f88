"""Accounts, sessions, CSRF and roles of the web app (issue: organisers, referees and the public).

The walk over every organiser and referee route (and every API write) is the security net: each is sent
with no session, with a player's session and with a referee of another event, with a valid form token so
that only the role check can refuse it, and must answer 401 or 403 and change nothing in the store.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tablesport.server.app import create_app
from tablesport.server.web import auth
from tablesport.store import account_sessions, accounts
from tablesport.store.db import Base
from tablesport.store.service import EventStore

PASSWORD = "a long enough password"


def csrf_of(client: TestClient, path: str = "/login") -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert found is not None
    return found.group(1)


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    client.cookies.clear()
    return client.post("/login", data={"name": name, "password": password, "csrf": csrf_of(client)},
                       follow_redirects=False)


def make_user(client: TestClient, name: str, role: str, referee_of: int | None = None) -> None:
    with client.app.state.sessions() as s:  # type: ignore[attr-defined]
        accounts.create_user(s, name, role, PASSWORD, by="test")
        if referee_of is not None:
            accounts.assign_referee(s, name, referee_of)
        s.commit()


def make_event(client: TestClient, name: str) -> int:
    teams = [{"id": f"T{i}", "members": [f"{name}{i}a", f"{name}{i}b", f"{name}{i}c"]} for i in range(1, 5)]
    with client.app.state.sessions() as s:  # type: ignore[attr-defined]
        ev = EventStore(s).create_event(
            {"event": name, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2011", "groups": 1,
                                              "entrants": teams}]}, "test")
        s.commit()
        return ev.id


def dump(client: TestClient) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the store."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with client.app.state.sessions() as s:  # type: ignore[attr-defined]
        for table in Base.metadata.sorted_tables:
            out[table.name] = sorted(tuple(map(repr, r)) for r in s.execute(select(table)).all())
    return out


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


@pytest.mark.production_hash
def test_production_password_hashes_keep_their_cost() -> None:
    """The store hashes with Argon2id at argon2-cffi's default cost (RFC 9106's second choice: 64 MiB, 3
    passes, 4 lanes); the other tests hash at the smallest cost (tests/conftest.py), never the store."""
    from argon2 import PasswordHasher

    ph = accounts._hasher()
    default = PasswordHasher()
    assert (ph.memory_cost, ph.time_cost, ph.parallelism) == (default.memory_cost, default.time_cost,
                                                               default.parallelism)
    assert ph.memory_cost >= 65536 and ph.time_cost >= 3
    stored = accounts.hash_password(PASSWORD, "olga")
    assert stored.startswith(f"$argon2id$v=19$m={ph.memory_cost},t={ph.time_cost},")
    assert PASSWORD not in stored
    assert ph.verify(stored, PASSWORD)


def test_first_run_page_exists_only_while_no_organiser(web: TestClient) -> None:
    assert web.get("/setup").status_code == 200
    assert "/setup" in web.get("/login").text  # the sign-in page points to it
    token = csrf_of(web, "/setup")
    r = web.post("/setup", data={"name": "olga", "password": PASSWORD, "password2": "different one!",
                                 "csrf": token})
    assert r.status_code == 400 and "differ" in r.text
    r = web.post("/setup", data={"name": "olga", "password": "short", "password2": "short", "csrf": token})
    assert r.status_code == 400 and "at least 10 characters" in r.text
    r = web.post("/setup", data={"name": "olga", "password": PASSWORD, "password2": PASSWORD, "csrf": token},
                 follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/organiser"
    assert web.get("/organiser").status_code == 200  # signed in at once
    web.cookies.clear()
    assert web.get("/setup").status_code == 404
    r = web.post("/setup", data={"name": "eve", "password": PASSWORD, "password2": PASSWORD,
                                 "csrf": csrf_of(web)})
    assert r.status_code == 404
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert [u.name for u in accounts.users(s)] == ["olga"]
        stored = accounts.users(s)[0].password_hash
    assert stored.startswith("$argon2id$") and PASSWORD not in stored


def test_session_cookie_is_signed_httponly_samesite(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    r = sign_in(web, "olga")
    assert r.status_code == 303 and r.headers["location"] == "/organiser"
    cookies = r.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith(auth.SESSION_COOKIE + "="))
    assert "HttpOnly" in session and "SameSite=lax" in session and "Max-Age=" in session
    csrf = next(c for c in cookies if c.startswith(auth.CSRF_COOKIE + "="))
    assert "HttpOnly" in csrf and "SameSite=strict" in csrf
    assert web.get("/organiser").status_code == 200
    value = web.cookies[auth.SESSION_COOKIE]
    for forged in (value[:-1] + ("A" if value[-1] != "A" else "B"), "garbage", "x" * 500):
        web.cookies.set(auth.SESSION_COOKIE, forged)
        assert web.get("/organiser").status_code == 401
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert account_sessions.user_of(s, value) is not None  # the store keeps only the token's digest
        assert not s.scalars(select(account_sessions.AccountSession).where(
            account_sessions.AccountSession.id == value)).all()
        later = datetime.now(UTC) + timedelta(seconds=auth.SESSION_SECONDS + 1)
        assert account_sessions.user_of(s, value, now=later) is None  # expired
    web.cookies.set(auth.SESSION_COOKIE, value)
    assert web.get("/organiser").status_code == 200
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        user = accounts.find_user(s, "olga")
        assert user is not None
        accounts.set_password(s, user, "another long password")
        s.commit()
    assert web.get("/organiser").status_code == 401  # a new password ends every session


def test_sign_in_and_out(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    assert sign_in(web, "olga", "wrong password!").status_code == 401
    assert sign_in(web, "nobody", PASSWORD).status_code == 401
    assert sign_in(web, "olga").status_code == 303
    page = web.get("/organiser")
    assert "olga" in page.text
    token = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)  # type: ignore[union-attr]
    assert web.post("/logout", data={"csrf": token}, follow_redirects=False).status_code == 303
    assert web.get("/organiser").status_code == 401


def test_login_rate_limited_per_account_and_per_address(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    for _ in range(auth.LOGIN_PER_ACCOUNT):
        assert sign_in(web, "olga", "not the password").status_code == 401
    r = sign_in(web, "olga")  # the right password, but this address guessed at this account
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert "Too many failed sign-ins" in r.text
    guard = web.app.state.login_guard  # type: ignore[attr-defined]
    guard.by_pair.clear("testclient|olga")
    assert sign_in(web, "olga").status_code == 303
    for i in range(auth.LOGIN_PER_ADDRESS):  # many names from one address
        assert sign_in(web, f"guess{i}", "not the password").status_code in (401, 429)
    assert sign_in(web, "olga").status_code == 429


def test_forms_need_their_token(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    sign_in(web, "olga")
    before = dump(web)
    form = {"name": "rita", "role": "referee", "password": PASSWORD}
    for data, headers in ((form, {}), ({**form, "csrf": "forged"}, {}),
                          ({**form, "csrf": csrf_of(web, "/organiser")}, {"origin": "http://evil.example"})):
        r = web.post("/organiser/users", data=data, headers=headers)
        assert r.status_code == 403, r.text
    assert dump(web) == before
    r = web.post("/organiser/users", data={**form, "csrf": csrf_of(web, "/organiser")},
                 follow_redirects=False)
    assert r.status_code == 303
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert accounts.find_user(s, "rita") is not None
    # a token from another browser (another CSRF cookie) is refused too
    other = csrf_of(web, "/organiser")
    web.cookies.set(auth.CSRF_COOKIE, "someone-elses-cookie")
    assert web.post("/organiser/users", data={**form, "name": "x2", "csrf": other}).status_code == 403


def test_table_creation_is_rate_limited(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0, tables_per_minute=3)
    body = {"preset": "goofspiel-2p", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}
    with TestClient(app) as c:
        for _ in range(3):
            assert c.post("/api/v1/tables", json=body).status_code == 201
        r = c.post("/api/v1/tables", json=body)
        assert r.status_code == 429 and r.json()["code"] == "too_many_requests" and r.headers["retry-after"]
        token = csrf_of(c, "/")
        r = c.post("/tables", data={"preset": "goofspiel-2p", "seat0": "person", "seat1": "bot:random",
                                    "csrf": token})
        assert r.status_code == 429
        assert len([t for t in app.state.room.tables.values() if t.status == "open"]) == 3


# ---- the walk over every protected route -----------------------------------------------------------------
PARAMS = {"event_id": None, "competition": "sgs", "fixture": "A-R1-1", "entrant": "T1", "token_id": "1",
          "number": "1", "penalty_id": "1", "group": "A"}


def http_routes(routes: Any) -> Iterator[Any]:
    """Every route of the app, through the routers it includes."""
    for r in routes:
        if hasattr(r, "effective_candidates"):  # an included router (FastAPI ≥ 0.165)
            yield from http_routes(r.effective_candidates())
        elif hasattr(r, "original_router"):
            yield from http_routes(r.original_router.routes)
        else:
            yield r


def protected_routes(client: TestClient) -> list[tuple[str, str]]:
    """(method, path template) of every organiser and referee page and every API write."""
    out = []
    for route in http_routes(client.app.routes):  # type: ignore[attr-defined]
        path = getattr(route, "path", "")
        for method in sorted(set(getattr(route, "methods", None) or ()) - {"HEAD", "OPTIONS"}):
            page = path.startswith(("/organiser", "/referee"))
            api_write = path.startswith("/api/v1/events") and method != "GET"
            if page or api_write:
                out.append((method, path))
    return out


def test_every_organiser_and_referee_route_refuses_the_wrong_people(web: TestClient) -> None:
    event_a = make_event(web, "Day A")
    event_b = make_event(web, "Day B")
    make_user(web, "olga", "organiser")
    make_user(web, "pat", "player")
    make_user(web, "rob", "referee", referee_of=event_b)
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        from tablesport.store.tokens import create_token

        create_token(s, "olga", "desk", ["Day A"], ["results"])
        s.commit()
    routes = protected_routes(web)
    organiser_routes = [p for _, p in routes if p.startswith("/organiser")]
    referee_routes = [p for _, p in routes if p.startswith("/referee")]
    assert len(organiser_routes) >= 5 and referee_routes and any(p.startswith("/api") for _, p in routes)
    identities: dict[str, dict[str, str] | None] = {"nobody": None}
    for who in ("pat", "rob"):
        assert sign_in(web, who).status_code == 303
        identities[who] = dict(web.cookies)
    before = dump(web)
    walked = 0
    for method, template in routes:
        path = template
        for name in re.findall(r"{(\w+)}", template):
            value = str(event_a) if name == "event_id" else PARAMS.get(name, "1")
            path = path.replace("{" + name + "}", value)
        for who, cookies in identities.items():
            web.cookies.clear()
            for k, v in (cookies or {}).items():
                web.cookies.set(k, v)
            token = csrf_of(web, "/login")  # a valid form token: only the role may refuse
            if method == "GET":
                r = web.get(path)
            else:
                r = web.request(method, path, data={"csrf": token, "name": "x", "role": "organiser",
                                                    "password": PASSWORD, "referee": "rob"},
                                headers={"x-csrf-token": token})
            if who == "rob" and template.startswith("/referee") and "{event_id}" not in template:
                # a referee's own pages (no event in the path) open, showing only the referee's events
                assert r.status_code == 200 and "Day B" in r.text and "Day A" not in r.text
                walked += 1
                continue
            expected = {401} if who == "nobody" or path.startswith("/api") else {403}
            assert r.status_code in expected, (who, method, path, r.status_code, r.text[:200])
            walked += 1
    assert walked == 3 * len(routes)
    assert dump(web) == before  # nothing changed anywhere
    # and the right people get in
    assert sign_in(web, "olga").status_code == 303
    assert web.get("/organiser").status_code == 200
    assert sign_in(web, "rob").status_code == 303
    assert web.get("/referee").status_code == 200
