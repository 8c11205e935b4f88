"""A fixture's result survives a crash at every step between its live table's end and the entry: a real
server process plays a Blokus fixture with four bots and is killed (SIGKILL, no shutdown) as the game ends,
before the entry's transaction, inside it and after it; the next process enters the result from the stored
table, once, and the fixture counts in the standings."""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from tablesport.server.process import ServerProcess
from tablesport.store import accounts
from tablesport.store.db import make_sessionmaker
from tablesport.store.live_fixtures import CRASH_AT, CRASH_POINTS, LiveFixture
from tablesport.store.migrate import upgrade
from tablesport.store.models import TFixture, TResult
from tablesport.store.service import EventStore
from tablesport.store.tables import FINISHED, WebTable

PASSWORD = "a long enough password"


def blokus_day(db: Path) -> str:
    """The store of a Blokus day with round 1 drawn and its organiser olga: the sheet of R1-T1."""
    sessions = make_sessionmaker(upgrade(f"sqlite:///{db}"))
    with sessions() as s:
        st = EventStore(s)
        ev = st.create_event(
            {
                "event": "Blokus day",
                "competitions": [
                    {"key": "blokus", "preset": "blokus-event", "entrants": [f"p{i}" for i in range(1, 9)]}
                ],
            },
            "desk",
        )
        st.next_round(st.competition("Blokus day", "blokus"), "desk")
        accounts.create_user(s, "olga", "organiser", PASSWORD, by="test")
        s.commit()
        return f"/referee/events/{ev.id}/blokus/fixtures/R1-T1"


def csrf(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def open_fixture_table(url: str, sheet: str, db: Path) -> str:
    """olga signs in and opens R1-T1 at a live table of four random bots: its id (from the store when the
    game ended, and the server died, before the page came back)."""
    with httpx.Client(base_url=url, timeout=60) as c:
        r = c.post("/login", data={"name": "olga", "password": PASSWORD, "csrf": csrf(c.get("/login").text)})
        assert r.status_code == 303, r.text
        form = {f"seat_{i}": "bot:random" for i in range(4)}
        token = csrf(c.get(sheet).text)
        try:
            r = c.post(sheet + "/live", data={**form, "csrf": token})
        except httpx.TransportError:
            sessions = make_sessionmaker(upgrade(f"sqlite:///{db}"))
            with sessions() as s:
                return str(s.scalars(select(LiveFixture.table_id)).one())
        assert r.status_code == 201, r.text[-2000:]
        found = re.search(r'data-table="([0-9a-f]+)" data-status="playing"', r.text)
        assert found is not None
        return found.group(1)


def stored(db: Path, tid: str) -> tuple[str, str, list[TResult]]:
    """The table's status, its fixture's link status and the fixture's results."""
    sessions = make_sessionmaker(upgrade(f"sqlite:///{db}"))
    with sessions() as s:
        table = s.get(WebTable, tid)
        link = s.scalar(select(LiveFixture).where(LiveFixture.table_id == tid))
        assert table is not None and link is not None
        fixture = select(TFixture.id).where(
            TFixture.competition_id == link.competition_id, TFixture.key == link.fixture
        )
        results = list(s.scalars(select(TResult).where(TResult.fixture_id.in_(fixture))))
        return table.status, link.status, results


@pytest.mark.parametrize("step", CRASH_POINTS)
def test_a_crash_as_a_fixtures_game_ends_loses_no_result(tmp_path: Path, step: str) -> None:
    db = tmp_path / "crash.sqlite3"
    sheet = blokus_day(db)
    server = ServerProcess(db, bot_delay=0.05, env={CRASH_AT: step}).start(180)  # linked before it ends
    try:
        tid = open_fixture_table(server.url, sheet, db)
        assert server.proc is not None
        assert server.proc.wait(180) == -signal.SIGKILL  # it died at that step, as the game ended
    finally:
        server.kill()
    status, link, results = stored(db, tid)
    assert status == FINISHED
    assert (link, len(results)) == (("entered", 1) if step == "fixture-committed" else ("playing", 0))
    again = ServerProcess(db).start(180)  # the next start enters what the crash left unentered
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and stored(db, tid)[1] != "entered":
            time.sleep(0.2)
    finally:
        again.stop()
    status, link, results = stored(db, tid)
    assert link == "entered" and len(results) == 1
    assert results[0].entered_by == f"table {tid}"
