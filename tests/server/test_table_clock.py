"""The table clock of a physical Sanguosha table is the server's (issue 36, item 10): start, pause,
resume, time-up and overtime are stored with the server's time, every device reads the same clock, a reload
or a restart of the server loses nothing, and the board typed at time-up is kept with it. The server runs
on a ManualClock that the test moves."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.live.clock import ManualClock
from tablesport.store import accounts
from tablesport.store.service import EventStore

from .test_event_pages import PASSWORD, Person


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Any, ManualClock, int]]:
    clock = ManualClock()
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0, clock=clock)
    with TestClient(app) as main:
        app.state.main_client = main
        with app.state.sessions() as s:
            for name, role in (("olga", "organiser"), ("ann", "referee"), ("bo", "referee")):
                accounts.create_user(s, name, role, PASSWORD, by="test")
            st = EventStore(s)
            teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
            ev = st.create_event(
                {
                    "event": "Clock day",
                    "competitions": [
                        {"key": "sgs", "preset": "sgs-3v3-2014", "groups": 1, "entrants": teams}
                    ],
                },
                "desk",
            )
            st.draw(st.competition("Clock day", "sgs"), "desk")
            for name in ("ann", "bo"):
                accounts.assign_referee(s, name, ev.id)
            s.commit()
        yield app, clock, ev.id


def face(page: str) -> tuple[str, str, str]:
    m = re.search(r'data-state="(\w+)" data-left="(\d+)"', page)
    f = re.search(r'id="game-clock">([0-9:]+)<', page)
    assert m is not None and f is not None
    return m.group(1), m.group(2), f.group(1)


def test_the_clock_is_the_servers_and_every_device_shows_the_same_time(served: Any) -> None:
    app, clock, event_id = served
    url = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1/clock"
    ann, bo = Person(app, "ann"), Person(app, "bo")
    # seed 001 §一 (2014 3v3): a 40-minute game clock
    assert face(ann.c.get(url).text) == ("ready", "2400", "40:00")
    r = ann.post(url, url + "/start", {})
    assert r.status_code == 303
    clock.advance(15 * 60 + 30)
    # the other referee's device, and a reload of the first: the same time, from the server
    assert face(bo.c.get(url).text) == ("running", str(2400 - 930), "24:30")
    assert ann.c.get(url + "/state").json() == {"state": "running", "left": 1470, "overtimes": 0}
    r = bo.post(url, url + "/pause", {})
    assert r.status_code == 303
    clock.advance(600)  # a phone that sleeps through the pause: nothing ran
    assert face(ann.c.get(url).text) == ("paused", "1470", "24:30")
    r = ann.post(url, url + "/overtime", {})
    assert r.status_code == 400 and "once time is up" in r.text  # refused, said why, nothing changed
    assert ann.post(url, url + "/start", {}).status_code == 303  # resume
    clock.advance(1470 + 7)
    page = ann.c.get(url).text
    assert face(page) == ("time_up", "0", "00:00") and 'id="time-up-note" hidden' not in page
    r = ann.post(url, url + "/start", {})
    assert r.status_code == 400 and "time is up" in r.text
    # the board at time-up, typed on the same page, is kept and shown again after a reload
    board = {
        "surviving_0": "2",
        "lost_hp_0": "3",
        "technical_points_0": "0",
        "surviving_1": "2",
        "lost_hp_1": "3",
        "technical_points_1": "0",
    }
    r = ann.post(url, url.replace("/clock", "/time-up"), board)
    assert r.status_code == 200 and 'data-decided="no"' in r.text  # level: an overtime
    assert 'name="lost_hp_1" inputmode="numeric" size="3" required value="3"' in ann.c.get(url).text
    r = ann.c.post(url + "/overtime", data={"csrf": "x"}, headers={"accept": "application/json"})
    assert r.status_code == 403  # no form token, no overtime
    token = re.search(r'data-csrf="([^"]+)"', ann.c.get(url).text)
    assert token is not None
    r = ann.c.post(url + "/overtime", headers={"accept": "application/json", "x-csrf-token": token.group(1)})
    assert r.json() == {"state": "running", "left": 300, "overtimes": 1}
    clock.advance(100)
    assert bo.c.get(url + "/state").json() == {"state": "running", "left": 200, "overtimes": 1}
    with app.state.sessions() as s:
        st = EventStore(s)
        rows = [
            (a.action, a.who, (a.after or {}).get("left_s"), (a.after or {}).get("overtimes"))
            for a in st.audit(st.competition("Clock day", "sgs"))
            if a.action.startswith("clock_")
        ]
    assert rows == [
        ("clock_start", "ann", 2400, 0),
        ("clock_pause", "bo", 1470, 0),
        ("clock_start", "ann", 1470, 0),
        ("clock_time_up", "clock", 0, 0),
        ("clock_overtime", "ann", 300, 1),
    ]


def test_the_clock_survives_a_restart_of_the_server(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    clock = ManualClock()
    app = create_app(f"sqlite:///{db}", bot_delay=0.0, clock=clock)
    with TestClient(app) as main:
        app.state.main_client = main
        with app.state.sessions() as s:
            accounts.create_user(s, "ann", "referee", PASSWORD, by="test")
            st = EventStore(s)
            teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
            ev = st.create_event(
                {
                    "event": "Clock day",
                    "competitions": [
                        {"key": "sgs", "preset": "sgs-3v3-2011", "groups": 1, "entrants": teams}
                    ],
                },
                "desk",
            )
            st.draw(st.competition("Clock day", "sgs"), "desk")
            accounts.assign_referee(s, "ann", ev.id)
            s.commit()
        url = f"/referee/events/{ev.id}/sgs/fixtures/A-R1-2/clock"
        ann = Person(app, "ann")
        assert ann.post(url, url + "/start", {}).status_code == 303
        clock.advance(60)
    later = ManualClock(clock.now + 120)  # the server was down two minutes: the game went on
    app = create_app(f"sqlite:///{db}", bot_delay=0.0, clock=later)
    with TestClient(app) as main:
        app.state.main_client = main
        ann = Person(app, "ann")
        # seed 000 (2011): a 45-minute clock, 3 minutes gone
        assert face(ann.c.get(url).text) == ("running", str(45 * 60 - 180), "42:00")


def test_the_clock_page_says_the_time_up_ladder_in_the_pages_language(served: Any) -> None:
    """Issue 36, item 20: the ladder was English on the Chinese pages. Seed 001 §一4 2): more surviving
    generals, then fewer lost HP, then fewer technical points; still level: 5-minute overtimes."""
    app, _, event_id = served
    url = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1/clock"
    page = Person(app, "ann").c.get(url + "?lang=zh-Hans").text
    ladder = re.search(r'<p class="muted" id="ladder">([^<]*)</p>', page)
    assert ladder is not None
    assert ladder.group(1) == (
        "时间到时依次比较: 存活武将多者胜 → 损失体力少者胜 → 技术分少者胜; 仍相同时: 加时5分钟，直到分出胜负"
    )
    assert "surviving generals" not in page.lower() and "still level" not in page
