"""The 2014 school day's Sanguosha 3v3 (seed 001) in the browser, two referees at one table: a whole
series with the commander rotating, a third technical point that loses a game, and game 3 decided at
time-up on the server's clock, which survives a reload and a restart of the server (issue 36, item 10).

The server runs on a ManualClock that the test moves (a 40-minute game in an instant); it is stopped and
started again on the same database and port with the clock two minutes on, as a real restart would find
it. Every figure below is worked out by hand from seed 001 in the comments. The test counts the page loads
and form submissions it takes (printed at the end)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread
from tablesport.store import accounts
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore

from .test_organiser_browser import PASSWORD, Browsers, shot, sign_in

pytestmark = pytest.mark.browser

START = 1_800_000_000.0


@pytest.fixture
def school(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    db = tmp_path / "school.sqlite3"
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        st = EventStore(s)
        teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
        ev = st.create_event(
            {
                "event": "School cup",
                "competitions": [{"key": "sgs", "preset": "sgs-3v3-2014", "groups": 1, "entrants": teams}],
            },
            "desk",
        )
        st.draw(st.competition("School cup", "sgs"), "desk")
        for name in ("ann", "bo"):
            accounts.create_user(s, name, "referee", PASSWORD, by="test")
            accounts.assign_referee(s, name, ev.id)
        s.commit()
        event_id = ev.id
    engine.dispose()
    yield db, event_id


class Counter:
    """Page loads (a page opened or reloaded by GET; a form's redirect is part of its submission) and form
    submissions (a navigation by POST) of a page."""

    def __init__(self) -> None:
        self.loads = 0
        self.submits = 0

    def watch(self, page: Any) -> Any:
        def seen(req: Any) -> None:
            if req.is_navigation_request() and req.frame == page.main_frame:
                if req.method == "POST":
                    self.submits += 1
                elif req.redirected_from is None:  # a page opened, not the answer to a form
                    self.loads += 1

        page.on("request", seen)
        return page


def test_a_2014_series_with_rotation_a_third_technical_point_and_a_time_up(
    browser: Any, school: tuple[Path, int]
) -> None:
    db, event_id = school
    clock = ManualClock(START)
    srv = ServerThread(db, bot_delay=0.0, clock=clock).start()
    port = srv.port
    b = Browsers(browser, srv.url)
    count = Counter()
    try:
        base = srv.url
        sheet = f"{base}/referee/events/{event_id}/sgs/fixtures/A-R1-1"
        ann, bo = count.watch(b.page(width=390)), count.watch(b.page())
        sign_in(ann, base, "ann")
        sign_in(bo, base, "bo")
        ann.goto(sheet)
        a, c = re.findall(r"(Team\d)", ann.inner_text("h1"))[:2]
        na, nc = a[-1], c[-1]

        def type_game(
            page: Any, winner: str, how: str, surviving: str, lost_hp: str, commanders: tuple[str, str]
        ) -> None:
            page.select_option("#sheet-form select[name=winner]", winner)
            page.select_option("#sheet-form select[name=how]", how)
            page.fill("#sheet-form input[name=surviving]", surviving)
            page.fill("#sheet-form input[name=lost_hp]", lost_hp)
            page.select_option("#sheet-form select[name=commander_0]", commanders[0])
            page.select_option("#sheet-form select[name=commander_1]", commanders[1])
            page.click("#submit-sheet")

        # game 1: a's commander falls to c (001 §一4 1)); both referees type it (double entry)
        game1 = (c, "commander_death", "2", "1", (f"P{na}a", f"P{nc}a"))
        type_game(ann, *game1)
        assert ann.get_attribute("#done", "data-done") == "waiting"
        bo.goto(sheet)
        type_game(bo, *game1)
        assert bo.inner_text("#series-score") == "0:1"
        # the rotation (001 §一1 1): game 1's commanders may not command game 2
        assert f"{a}: P{na}b, P{na}c" in bo.inner_text("#series")
        type_game(ann, c, "commander_death", "1", "2", (f"P{na}b", f"P{nc}a"))
        refused = ann.inner_text("#page-error")
        assert f"'P{nc}a' already led game 1" in refused and f"allowed: P{nc}b, P{nc}c" in refused
        assert "['" not in refused  # names, not a program's list
        assert [e.split(": ", 1)[1] for e in b.errors] == [
            "Failed to load resource: the server responded with a status of 400 (Bad Request)"
        ]
        b.errors.clear()  # the refusal's status, as it should be
        assert ann.input_value("#sheet-form input[name=lost_hp]") == "2"  # what was typed is kept
        # game 2: c talks about the cards three times; the third technical point loses c the game
        # (001 §一1 2): 扣满3分，该队自动判负 → a wins game 2, the series is 1:1
        for i in range(3):
            ann.fill("#foul-form input[name=number]", "2")
            ann.select_option("#foul-form select[name=team]", c)
            ann.fill("#foul-form input[name=reason]", f"talking about the cards ({i + 1})")
            ann.click("#record-foul")
            ann.wait_for_selector("#done")
        assert ann.inner_text("#series-score") == "1:1"
        assert ann.locator("#fouls li").count() == 3
        shot(ann, "2014-series-technical")

        # game 3 on the server's table clock: 40 minutes (001 §一3)
        ann.click("#clock-link")
        assert ann.inner_text("#game-clock") == "40:00"
        ann.wait_for_load_state("domcontentloaded")  # the clock's buttons have their listeners
        bo.goto(sheet + "/clock")
        ann.click("#clock-start")
        ann.wait_for_selector("#clock[data-state=running]")
        srv.advance(10 * 60)
        ann.reload()  # a reload keeps the clock: 40:00 − 10:00
        assert ann.inner_text("#game-clock") == "30:00"
        # the other device, a phone that slept: it reads the server's clock as it wakes
        bo.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        bo.wait_for_function("document.getElementById('game-clock').textContent === '30:00'")
        # the server stops and starts again two minutes later: the game went on meanwhile
        srv.stop()
        srv = ServerThread(db, bot_delay=0.0, clock=ManualClock(clock.now + 120), port=port).start()
        clock = srv.clock  # type: ignore[assignment]
        ann.reload()
        assert ann.inner_text("#game-clock") == "28:00"
        assert ann.get_attribute("#clock", "data-state") == "running"
        # the other device's page asked while the server was down (and said nothing wrong to its user)
        assert all("ERR_CONNECTION_REFUSED" in e for e in b.errors), b.errors
        b.errors.clear()
        srv.advance(28 * 60)
        # no reload: the page reads the server's clock and shows time-up when the server says so
        ann.wait_for_selector("#clock[data-state=time_up]")
        bo.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        bo.wait_for_selector("#clock[data-state=time_up]")  # the other device too
        assert ann.inner_text("#game-clock") == "00:00" and ann.is_visible("#time-up-note")
        # the board at the end of the turn (001 §一4 2)): both commanders alive, 2 generals each; a has
        # lost 3 HP, c 5 → fewer lost HP wins: a
        for field, value in (
            ("surviving_0", "2"),
            ("lost_hp_0", "3"),
            ("technical_points_0", "0"),
            ("surviving_1", "2"),
            ("lost_hp_1", "5"),
            ("technical_points_1", "0"),
        ):
            ann.fill(f"#time-up-form input[name={field}]", value)
        ann.click("#adjudicate")
        assert ann.get_attribute("#proposal", "data-decided") == "yes"
        assert a in ann.inner_text("#proposal")
        ann.reload()  # the board typed is kept with the clock
        assert ann.input_value("#time-up-form input[name=lost_hp_1]") == "5"
        ann.click("#adjudicate")
        shot(ann, "2014-time-up")
        surviving, lost_hp = ann_value(ann, "surviving"), ann_value(ann, "lost_hp")
        ann.click("#send-proposal")
        assert ann.get_attribute("#done", "data-done") == "waiting"
        bo.goto(sheet)
        bo.select_option("#sheet-form select[name=winner]", a)
        bo.select_option("#sheet-form select[name=how]", "time")
        bo.fill("#sheet-form input[name=surviving]", surviving)
        bo.fill("#sheet-form input[name=lost_hp]", lost_hp)
        # at time-up the losing team's board is a fact of the game too (000 glossary 17): 2 generals, 5 HP
        bo.fill("#sheet-form input[name=surviving_loser]", "2")
        bo.fill("#sheet-form input[name=lost_hp_loser]", "5")
        bo.click("#submit-sheet")
        # a wins 2:1; match points 2:1 → 2 / 1 (the 2014 preset takes 2012's, 003 §4.1: seed 001 gives none)
        assert bo.inner_text("#series-score") == "2:1"
        bo.goto(f"{base}/events/{event_id}/sgs")
        row_a = bo.inner_text(f"tr[data-entrant={a}]")
        row_c = bo.inner_text(f"tr[data-entrant={c}]")
        assert row_a.split()[1:3] == [a, "2"] or f"{a}\t2" in row_a, row_a
        assert f"{c}\t1" in row_c or row_c.split()[1:3] == [c, "1"], row_c
        assert b.errors == []
    finally:
        print(f"2014 series: {count.loads} page loads, {count.submits} form submissions")
        b.close()
        srv.stop()


def ann_value(page: Any, name: str) -> str:
    """A figure of the proposal's sheet (its hidden fields)."""
    return str(page.get_attribute(f"#proposal input[name={name}]", "value"))
