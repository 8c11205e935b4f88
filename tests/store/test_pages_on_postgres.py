"""The organiser's and referees' pages on a real PostgreSQL store (the same flow as on SQLite: accounts and
sessions, an event, a CSV list, the draw, a sheet typed twice and counted)."""

from __future__ import annotations

import re
import secrets
import sys
from typing import Any

from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.store import accounts
from tablesport.store.live.writer import SWITCH_INTERVAL
from tablesport.store.service import EventStore

PASSWORD = "a long enough password"


def token(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def post(c: TestClient, page: str, action: str, data: dict[str, Any]) -> Any:
    return c.post(action, data={**data, "csrf": token(c.get(page).text)}, follow_redirects=False)


def sign_in(c: TestClient, name: str) -> None:
    c.cookies.clear()
    assert post(c, "/login", "/login", {"name": name, "password": PASSWORD}).status_code == 303


def test_a_group_game_typed_twice_counts_on_postgresql(pg_url: str) -> None:
    tag = secrets.token_hex(3)
    app = create_app(pg_url, bot_delay=0.0)
    with TestClient(app) as c:
        with app.state.sessions() as s:
            people = ((f"olga{tag}", "organiser"), (f"ann{tag}", "referee"), (f"bo{tag}", "referee"))
            for name, role in people:
                accounts.create_user(s, name, role, PASSWORD, by="test")
            ev = EventStore(s).create_event({"event": f"PG day {tag}", "competitions": [
                {"key": "sgs", "preset": "sgs-3v3-2011", "groups": 1}]}, "desk")
            for name in (f"ann{tag}", f"bo{tag}"):
                accounts.assign_referee(s, name, ev.id)
            s.commit()
            event_id = ev.id
        sign_in(c, f"olga{tag}")
        desk = f"/organiser/events/{event_id}/sgs"
        rows = "\n".join(f"T{i},{tag}{i}a;{tag}{i}b;{tag}{i}c,yes" for i in range(1, 5))
        assert post(c, desk, desk + "/import", {"csv": "id,members,paid\n" + rows}).status_code == 303
        assert post(c, desk, desk + "/draw", {"groups": "1"}).status_code == 303
        with app.state.sessions() as s:
            st = EventStore(s)
            fx = st.fixtures(st.competition(f"PG day {tag}", "sgs"))[0]
            a, b = fx.entrants
        sheet = f"/referee/events/{event_id}/sgs/fixtures/{fx.key}"
        game = {"winner": a, "surviving": "2", "lost_hp": "1"}
        for name, outcome in ((f"ann{tag}", "waiting"), (f"bo{tag}", "accepted")):
            sign_in(c, name)
            r = post(c, sheet, sheet + "/sheet", game)
            assert r.headers["location"].endswith(f"done={outcome}")
        assert 'id="series-score">1:0' in c.get(sheet).text
        c.cookies.clear()
        assert c.get(sheet).status_code == 401


def test_the_writer_thread_gets_the_interpreter_back_within_a_millisecond(pg_url: str) -> None:
    """On PostgreSQL the steps are written by a thread: while the server runs the switch interval is the
    writer's (a busy event loop kept it waiting 5 ms after each round trip), and it is put back after."""
    before = sys.getswitchinterval()
    assert before != SWITCH_INTERVAL
    with TestClient(create_app(pg_url, bot_delay=0.0)) as c:
        assert c.get("/api/v1/health").status_code == 200
        assert sys.getswitchinterval() == SWITCH_INTERVAL
    assert sys.getswitchinterval() == before
