"""A referee at a live table in real browsers (seed 001, 2014 3v3): the organiser opens game 1 of a series
at a live table (a person on seat 0, bots elsewhere), the player opens their seat link, the referee pauses
the table from the fixture's page (the player sees the banner with the reason, the timers stop), gives the
player a penalty point (it appears in the player's log) and resumes. No page may log a console error; the
referee's page is used at a phone's width."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablesport.server.process import ServerProcess
from tablesport.store import accounts
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore

from .test_organiser_browser import PASSWORD, Browsers, shot, sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def hall(browser: Any, tmp_path: Path) -> Iterator[tuple[Browsers, ServerProcess, int]]:
    db = tmp_path / "live.sqlite3"
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        st = EventStore(s)
        teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
        ev = st.create_event({"event": "School cup", "competitions": [
            {"key": "sgs", "preset": "sgs-3v3-2014", "groups": 1, "entrants": teams}]}, "desk")
        st.draw(st.competition("School cup", "sgs"), "desk")
        for name, role in (("olga", "organiser"), ("ann", "referee")):
            accounts.create_user(s, name, role, PASSWORD, by="test")
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        event_id = ev.id
    engine.dispose()
    server = ServerProcess(db, bot_delay=0.5, tables_per_minute=0).start()
    b = Browsers(browser, server.url)
    try:
        yield b, server, event_id
    finally:
        b.close()
        server.stop()


def test_a_referee_pauses_and_penalises_at_a_live_table(hall: tuple[Browsers, ServerProcess, int]) -> None:
    b, server, event_id = hall
    base = server.url
    sheet = f"{base}/referee/events/{event_id}/sgs/fixtures/A-R1-1"
    olga = b.page()
    sign_in(olga, base, "olga")
    olga.goto(sheet)
    for i in range(1, 6):  # the organiser seats bots beside the one player
        olga.select_option(f"#live-form select[name=seat_{i}]", "bot:random")
    olga.click("#go-live")
    link = olga.get_attribute("#seat-links a.seat-link", "href")
    assert link is not None and link.startswith("/play/")
    player = b.page()
    player.goto(base + link)
    player.wait_for_selector("#table[data-connected='1'][data-seq][data-status='running']")

    ann = b.page(width=390)
    sign_in(ann, base, "ann")
    ann.goto(sheet)
    ann.fill("#pause-form input[name=why]", "a phone rang")
    ann.click("#pause-button")
    ann.wait_for_selector("#done")
    assert ann.get_attribute(".table-controls", "data-paused") == "yes"
    player.wait_for_selector("#paused:not([hidden])")
    assert "a phone rang" in player.inner_text("#paused") and "ann" in player.inner_text("#paused")
    assert player.get_attribute("#table", "data-paused") == "1"
    shot(ann, "referee-live-table")
    shot(player, "player-paused")

    ann.select_option("#penalty-form select[name=seat]", "0")
    ann.select_option("#penalty-form select[name=points]", "1")
    ann.fill("#penalty-form input[name=why]", "moved before his turn")
    ann.click("#penalty-button")
    ann.wait_for_selector("#done")
    entry = player.locator("#log li[data-kind='referee']", has_text="moved before his turn")
    entry.wait_for()
    assert re.search(r"1 penalty point", entry.inner_text())
    ann.fill("#pause-form input[name=why]", "phone off")
    ann.click("#resume-button")
    ann.wait_for_selector("#done")
    player.wait_for_selector("#paused[hidden]", state="attached")
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390  # usable on a phone
    assert b.errors == []
