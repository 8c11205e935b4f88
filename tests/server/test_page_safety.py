"""Issue 37 item 11: every page carries a Content-Security-Policy (no inline script; scripts and styles from
this site or with the answer's nonce) and X-Frame-Options; a failure behind a page (a corrupt users table)
answers a browser with a page in its language, not the API's JSON."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from tablesport.server.app import create_app

from .test_accounts import PASSWORD, csrf_of, make_user

HTML = {"accept": "text/html,application/xhtml+xml"}
TWO = {"preset": "goofspiel-2p", "seats": [{"kind": "person"}, {"kind": "person"}]}


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def test_pages_carry_a_policy_without_inline_scripts(web: TestClient) -> None:
    made = web.post("/api/v1/tables", json=TWO).json()
    created = web.post(
        "/tables",
        data={"preset": "goofspiel-2p", "seat0": "person", "seat1": "bot:random", "csrf": csrf_of(web, "/")},
        follow_redirects=True,
    )
    nonces = set()
    for path in ("/", "/login", "/register", f"/watch/{made['id']}", "/leaderboard", "/rules"):
        r = web.get(path, headers=HTML)
        assert r.status_code == 200, path
        policy = r.headers["content-security-policy"]
        nonce = re.search(r"script-src 'self' 'nonce-([^']+)'", policy)
        assert nonce is not None and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
        nonces.add(nonce.group(1))
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
        for tag in re.findall(r"<script\b[^>]*>", r.text):  # each script is a file or a data block
            assert "src=" in tag or 'type="application/json"' in tag, (path, tag)
        assert 'style="' not in r.text, path
    assert len(nonces) == 6  # a fresh nonce per answer
    assert created.status_code == 200 and '<script type="module">' not in created.text
    assert 'src="/static/created.js"' in created.text
    assert web.get("/api/v1/games").headers["x-frame-options"] == "DENY"


def test_a_corrupt_users_table_gives_a_browser_a_page(web: TestClient) -> None:
    make_user(web, "olga", "organiser")
    token = csrf_of(web)
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        s.execute(text("UPDATE accounts_users SET created_at = 'not a date'"))
        s.commit()
    quiet = TestClient(web.app, raise_server_exceptions=False)
    quiet.cookies.update(web.cookies)
    r = quiet.post(
        "/login",
        data={"name": "olga", "password": PASSWORD, "csrf": token},
        headers={**HTML, "accept-language": "zh-CN"},
    )
    assert r.status_code == 500 and r.headers["content-type"].startswith("text/html")
    assert "出了点问题" in r.text and '"code"' not in r.text
    api = quiet.post("/login", data={"name": "olga", "password": PASSWORD, "csrf": token})
    assert api.status_code == 500 and api.json()["code"] == "internal"  # a script still gets JSON
