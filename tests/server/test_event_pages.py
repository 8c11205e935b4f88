"""The organiser's and referees' event pages over HTTP: an event from the 2011 day (seed 000), 16 teams by
CSV (a list with errors is refused row by row and nothing is stored), 4 groups drawn, two referees typing
the group games (double entry, one disagreement caught), a correction with its reason, a foul."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.store import accounts, table_clock
from tablesport.store.service import EventStore
from tablesport.tournament.formats import FORMATS

PASSWORD = "a long enough password"


def token_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


class Person:
    """One browser: its own cookies, signed in as ``name``."""

    def __init__(self, app: Any, name: str) -> None:
        self.c = TestClient(app)
        # requests run on the app's own event loop (where its live tables play), not a loop of their own
        self.c.portal = app.state.main_client.portal
        r = self.c.get("/login")
        r = self.c.post("/login", data={"name": name, "password": PASSWORD, "csrf": token_of(r.text)},
                        follow_redirects=False)
        assert r.status_code == 303, r.text

    def post(self, page: str, action: str, data: dict[str, Any]) -> Any:
        token = token_of(self.c.get(page).text)
        return self.c.post(action, data={**data, "csrf": token}, follow_redirects=False)


def app_at(folder: Path) -> Iterator[Any]:
    """The app on a store in ``folder``, started, with the organiser olga and the referees ann and bo."""
    app = create_app(f"sqlite:///{folder / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as main:  # runs the app's start-up (store, hall)
        app.state.main_client = main
        with app.state.sessions() as s:
            for name, role in (("olga", "organiser"), ("ann", "referee"), ("bo", "referee")):
                accounts.create_user(s, name, role, PASSWORD, by="test")
            s.commit()
        yield app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    yield from app_at(tmp_path)


def rummikub_hall(app: Any, divisions: dict[str, str], tables: int = 1,
                  arrive: int | None = None) -> tuple[Person, str]:
    """Seed 002's hall: the event "Tuen Mun" with a Rummikub competition ``rk`` of ``divisions`` (player →
    division) at ``tables`` tables, ann its referee, signed in; the first ``arrive`` players (all by default)
    checked in at 09:30. Returns ann and the hall page's path."""
    with app.state.sessions() as s:
        ev = EventStore(s).create_event({"event": "Tuen Mun", "competitions": [
            {"key": "rk", "preset": "rummikub-2018", "tables": tables,
             "entrants": [{"id": p, "division": d} for p, d in divisions.items()]}]}, "desk")
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        event_id = ev.id
    ann = Person(app, "ann")
    hall = f"/referee/events/{event_id}/rk/hall"
    for p in list(divisions)[:arrive]:
        assert ann.post(hall, hall + "/arrive", {"player": p, "at": "09:30"}).status_code == 303
    return ann, hall


def csv_of(teams: int, bad: bool = False) -> str:
    lines = ["id,members,school,paid"]
    for i in range(1, teams + 1):
        lines.append(f"Team{i:02d},T{i}a;T{i}b;T{i}c,School {i % 3},yes")
    if bad:
        lines[3] = "Team03,T3a;T3b,School 0,yes"  # two members for a team of 3
        lines.append("Team01,X1;X2;X3,,no")  # a duplicate id
        lines.append("Team17,T1a;Y;Z,,maybe")  # paid is yes or no
    return "\n".join(lines) + "\n"


def test_the_2011_day_from_the_browser_forms(app: Any) -> None:
    olga = Person(app, "olga")
    index = {name: str(i) for i, name in enumerate(FORMATS)}
    r = olga.post("/organiser/events/new", "/organiser/events/new", {
        "event": "Game day 2011", "use": [index["sgs-3v3-2011"], index["blokus-event"]],
        f"key_{index['sgs-3v3-2011']}": "sgs", f"format_{index['sgs-3v3-2011']}": "sgs-3v3-2011",
        f"groups_{index['sgs-3v3-2011']}": "4",
        f"key_{index['blokus-event']}": "blokus", f"format_{index['blokus-event']}": "blokus-event"})
    assert r.status_code == 303
    event_id = int(r.headers["location"].rsplit("/", 1)[1])
    with app.state.sessions() as s:
        accounts.assign_referee(s, "ann", event_id)
        accounts.assign_referee(s, "bo", event_id)
        s.commit()
    desk = f"/organiser/events/{event_id}/sgs"
    # a CSV with errors: every bad row is named, nothing is stored, the text is kept for fixing
    r = olga.post(desk, desk + "/import", {"csv": csv_of(16, bad=True)})
    assert r.status_code == 400
    errors = re.findall(r"<li>(line \d+: [^<]*)</li>", r.text)
    assert [e.split(":")[0] for e in errors] == ["line 4", "line 18", "line 19"], errors
    assert "has 2 members" in errors[0] and "already registered" in errors[1] and "yes or no" in errors[2]
    assert "Team17,T1a;Y;Z,,maybe" in r.text
    with app.state.sessions() as s:
        st = EventStore(s)
        assert st.entrants(st.competition("Game day 2011", "sgs")) == []
    r = olga.post(desk, desk + "/import", {"csv": csv_of(16)})
    assert r.status_code == 303
    page = olga.c.get(desk).text
    assert page.count('data-entrant="') == 16
    r = olga.post(desk, desk + "/draw", {"groups": "4", "method": "snake", "seed": "1"})
    assert r.status_code == 303
    page = olga.c.get(desk).text
    fixtures = re.findall(r'data-fixture="([^"]+)"', page)
    assert len(fixtures) == 24 and "A-R1-1" in fixtures
    # two referees type game 1 of A-R1-1 alike: it counts
    ann, bo = Person(app, "ann"), Person(app, "bo")
    sheet = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1"
    html = ann.c.get(sheet).text
    teams = re.findall(r'<option value="(Team\d\d)"', html)[:2]
    members = {t: [f"T{int(t[4:])}{x}" for x in "abc"] for t in teams}
    game1 = {"winner": teams[0], "how": "commander_death", "surviving": "2", "lost_hp": "1",
             "commander_0": members[teams[0]][0], "commander_1": members[teams[1]][0]}
    r = ann.post(sheet, sheet + "/sheet", game1)
    assert r.status_code == 303 and r.headers["location"].endswith("done=waiting")
    assert "1:0" not in ann.c.get(sheet).text
    r = bo.post(sheet, sheet + "/sheet", game1)
    assert r.headers["location"].endswith("done=accepted")
    assert 'id="series-score">1:0' in bo.c.get(sheet).text
    # game 2: the sheets disagree on lost HP; the disagreement is caught and nothing counts
    game2 = {"winner": teams[1], "how": "commander_death", "surviving": "1", "lost_hp": "0",
             "commander_0": members[teams[0]][1], "commander_1": members[teams[1]][1]}
    ann.post(sheet, sheet + "/sheet", game2)
    r = bo.post(sheet, sheet + "/sheet", {**game2, "lost_hp": "2"})
    assert r.headers["location"].endswith("done=disagrees")
    html = bo.c.get(sheet).text
    assert 'id="series-score">1:0' in html and 'data-status="disagrees"' in html
    # the two sheets side by side, the differing field marked (no raw JSON)
    compare = html.split('class="list sheets-compare"', 1)[1].split("</table>", 1)[0]
    assert re.findall(r'<tr data-field="([^"]+)" class="differs">', compare) == ["lost_hp"]
    assert "Lost HP" in compare and "<td>0</td><td>2</td>" in compare and '{"winner"' not in html
    listing = bo.c.get(f"/referee/events/{event_id}/sgs?lang=en").text
    row = listing.split('data-fixture="A-R1-1"', 1)[1].split("</tr>", 1)[0]
    assert row.count("the two sheets disagree") == 1
    assert 'id="open-sheets"' in olga.c.get(desk).text
    r = bo.post(sheet, sheet + "/sheet", game2)  # bo retypes from the paper: now both agree
    assert r.headers["location"].endswith("done=accepted")
    html = ann.c.get(sheet).text
    assert 'id="series-score">1:1' in html  # 000 §一4: 2 games, 1:1 is a draw (1 point each)
    assert "None" not in html.split('id="series-score"', 1)[1].split("</h2>", 1)[0]
    assert "Draw" in html.split('id="series-score"', 1)[1].split("</h2>", 1)[0]
    desk_page = olga.c.get(desk).text
    unplayed = desk_page.split('data-fixture="A-R1-2"', 1)[1].split("</tr>", 1)[0]
    assert "0:0" not in unplayed and "—" in unplayed  # nothing played yet: no score
    # a contradictory sheet is refused with the rule and keeps what was typed
    sheet2 = f"/referee/events/{event_id}/sgs/fixtures/A-R1-2"
    r = ann.post(sheet2, sheet2 + "/sheet", {"winner": "Team99", "surviving": "0", "lost_hp": "3"})
    assert r.status_code == 400 and "winner must be" in r.text
    # the correction form of each game starts from what was entered
    html = ann.c.get(sheet).text
    form1 = html.split('class="correct-form"', 1)[1].split("</form>", 1)[0]
    assert 'data-number="1"' in form1 and 'name="number" value="1"' in form1
    assert f'<option value="{teams[0]}" selected>' in form1
    assert 'name="lost_hp" inputmode="numeric" size="3" value="1"' in form1
    assert f'<option value="{members[teams[0]][0]}" selected>' in form1
    # a correction needs a reason and lands in the audit log
    r = ann.post(sheet, sheet + "/correct", {**game1, "number": "1", "lost_hp": "2", "reason": ""})
    assert r.status_code == 400 and "needs a reason" in r.text
    r = ann.post(sheet, sheet + "/correct",
                 {**game1, "number": "1", "lost_hp": "2", "reason": "sheet misread"})
    assert r.status_code == 303 and r.headers["location"].endswith("done=correcting")
    with app.state.sessions() as s:  # one referee's correction waits for a second person (double entry)
        st = EventStore(s)
        status = st.series.status(st.competition("Game day 2011", "sgs"), "A-R1-1")
        assert status.games[0]["game"]["lost_hp"] == 1
    r = bo.post(sheet, sheet + "/correct",
                {**game1, "number": "1", "lost_hp": "2", "reason": "sheet misread"})
    assert r.status_code == 303 and r.headers["location"].endswith("done=accepted")
    assert "sheet misread" in olga.c.get(desk).text
    # a foul is recorded against a team (2011 counts technical points, seed 000)
    teams2 = re.findall(r'<option value="(Team\d\d)"', ann.c.get(sheet2).text)[:2]
    r = ann.post(sheet2, sheet2 + "/foul", {"number": "1", "team": teams2[0], "kind": "technical",
                                            "points": "1", "reason": "talking about the cards"})
    assert r.status_code == 303, r.text
    assert "talking about the cards" in ann.c.get(sheet2).text
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Game day 2011", "sgs")
        status = st.series.status(comp, "A-R1-1")
        assert status.score == (1, 1) and status.games[0]["game"]["lost_hp"] == 2
    # the referees of another event cannot use these pages (the route walk checks every route)
    with app.state.sessions() as s:
        accounts.create_user(s, "cy", "referee", PASSWORD, by="test")
        s.commit()
    cy = Person(app, "cy")
    assert cy.c.get(sheet).status_code == 403


def one_group_event(st: EventStore, name: str, preset: str) -> Any:
    """An event of four teams of three in one group of ``preset``, drawn (competition key ``sgs``)."""
    teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
    ev = st.create_event({"event": name, "competitions": [
        {"key": "sgs", "preset": preset, "groups": 1, "entrants": teams}]}, "desk")
    st.draw(st.competition(name, "sgs"), "desk")
    return ev


def test_public_pages_show_standings_bracket_and_the_projector_follows_changes(app: Any) -> None:
    from tablesport.store.entry_facts import Facts

    with app.state.sessions() as s:
        st = EventStore(s)
        ev = one_group_event(st, "Day", "sgs-3v3-2012")
        comp = st.competition("Day", "sgs")
        fx = st.fixtures(comp)[0]
        a, b = fx.entrants
        st.series.enter_game(comp, fx.key, {"winner": a, "surviving": 2, "lost_hp": 1}, Facts("desk"))
        s.commit()
        event_id = ev.id
    c = TestClient(app)
    page = c.get(f"/events/{event_id}/sgs?lang=zh-Hant")
    assert page.status_code == 200 and "積分榜" in page.text and "存活武將" in page.text
    assert page.text.count('data-entrant="Team') == 4
    assert c.get(f"/events/{event_id}").status_code == 200
    assert c.get("/events").status_code == 200
    projector = c.get(f"/events/{event_id}/projector")
    assert projector.status_code == 200 and "/static/projector.js" in projector.text
    with c.websocket_connect(f"/ws/events/{event_id}") as ws:
        first = ws.receive_json()["version"]
        with app.state.sessions() as s:
            st = EventStore(s)
            comp = st.competition("Day", "sgs")
            st.series.enter_game(comp, fx.key, {"winner": a, "surviving": 1}, Facts("desk"))
            s.commit()
        assert ws.receive_json()["version"] > first  # within POLL_SECONDS of the commit
    board = c.get(f"/events/{event_id}/projector/board").text
    rows = re.findall(r'<tr data-entrant="(Team\d)"', board)
    assert rows[0] == a  # the 2:0 winner leads


def test_a_board_drawn_while_a_result_goes_in_never_claims_the_result(app: Any, monkeypatch: Any) -> None:
    """The projector skips a board whose version it has: a board that read the version after a result
    committed mid-way, but its standings before it, would keep the stale standings on the wall for good
    (the 2011 day's champion never appeared). The version is the one the board's first read saw."""
    from tablesport.server.routes import public_pages
    from tablesport.store.entry_facts import Facts

    with app.state.sessions() as s:
        st = EventStore(s)
        ev = one_group_event(st, "Race day", "sgs-3v3-2012")
        s.commit()
        event_id = ev.id
    draw_competition = public_pages.competition_view
    committed: list[int] = []

    def a_result_commits_meanwhile(*args: Any, **kwargs: Any) -> Any:
        view = draw_competition(*args, **kwargs)  # the standings as they were
        if not committed:
            with app.state.sessions() as s2:
                st2 = EventStore(s2)
                comp = st2.competition("Race day", "sgs")
                fx = st2.fixtures(comp)[0]
                st2.series.enter_game(comp, fx.key, {"winner": fx.entrants[0], "surviving": 2, "lost_hp": 1},
                                      Facts("desk"))
                s2.commit()
                committed.append(public_pages.version(s2, event_id))
        return view

    with app.state.sessions() as s:
        before = public_pages.version(s, event_id)
    monkeypatch.setattr(public_pages, "competition_view", a_result_commits_meanwhile)
    board = TestClient(app).get(f"/events/{event_id}/projector/board").text
    shown = int(re.search(r'id="board" data-version="(\d+)"', board).group(1))  # type: ignore[union-attr]
    assert committed and committed[0] > before
    assert shown == before  # older than the result: the socket's next version makes the projector fetch again


def test_the_table_clock_proposes_the_time_up_result_by_the_ladder(app: Any) -> None:
    with app.state.sessions() as s:
        st = EventStore(s)
        ev = one_group_event(st, "Clock day", "sgs-3v3-2011")
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        event_id = ev.id
    ann = Person(app, "ann")
    clock = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1/clock"
    page = ann.c.get(clock).text
    # seed 000: 10/20/10/90 s draft timers; the 2011 preset's game clock is 45 minutes
    assert [int(x) for x in re.findall(r'data-seconds="(\d+)"', page)] == [10, 20, 10, 90]
    assert 'data-minutes="45"' in page and 'data-overtime="5"' in page
    teams_here = re.findall(r"<legend>(Team\d)</legend>", page)
    board = {"surviving_0": "2", "lost_hp_0": "3", "technical_points_0": "0",
             "surviving_1": "2", "lost_hp_1": "1", "technical_points_1": "0"}
    r = ann.post(clock, clock.replace("/clock", "/time-up"), board)
    assert r.status_code == 200 and 'data-decided="yes"' in r.text
    assert f"<b>{teams_here[1]}</b>" in r.text  # level on generals, fewer lost HP wins (000 §一4)
    level = {**board, "lost_hp_1": "3"}
    r = ann.post(clock, clock.replace("/clock", "/time-up"), level)
    assert 'data-decided="no"' in r.text  # level on every figure: a 5-minute overtime
    r = ann.post(clock, clock.replace("/clock", "/time-up"), {**board, "surviving_0": "x"})
    assert r.status_code == 400 and "surviving_0" in r.text


def test_a_time_up_proposal_carries_both_boards_and_the_commanders(app: Any) -> None:
    """000 §一4 and glossary 17: at time-up the loser's surviving generals and lost HP are facts that the
    chain counts; the proposal carries the game's commanders (rotation, §一1.1), so a second referee typing
    the full paper sheet agrees with it instead of making a false disagreement."""
    with app.state.sessions() as s:
        st = EventStore(s)
        ev = one_group_event(st, "Clock day 2", "sgs-3v3-2011")
        for name in ("ann", "bo"):
            accounts.assign_referee(s, name, ev.id)
        s.commit()
        event_id = ev.id
    ann, bo = Person(app, "ann"), Person(app, "bo")
    clock = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1/clock"
    a, b = re.findall(r"<legend>(Team\d)</legend>", ann.c.get(clock).text)
    board = {"surviving_0": "2", "lost_hp_0": "3", "technical_points_0": "0",
             "surviving_1": "2", "lost_hp_1": "5", "technical_points_1": "0",
             "commander_0": f"P{a[4:]}a", "commander_1": f"P{b[4:]}b"}
    # read after one overtime (000 §一4: still level at time-up, 5 minutes of overtime, repeated): the
    # server's clock started 45 minutes ago, ran out, and one overtime began
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Clock day 2", "sgs")
        started = time.time() - 45 * 60 - 5
        table_clock.act(st, comp, "A-R1-1", "start", "ann", started, 45, 5)
        table_clock.act(st, comp, "A-R1-1", "overtime", "ann", started + 45 * 60 + 1, 45, 5)
        s.commit()
    r = ann.post(clock, clock.replace("/clock", "/time-up"), board)
    assert r.status_code == 200 and f"<b>{a}</b>" in r.text  # 2 v 2 generals, 3 v 5 lost HP
    send = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                           r.text.split('id="proposal"', 1)[1]))
    assert send["commander_0"] == f"P{a[4:]}a" and send["commander_1"] == f"P{b[4:]}b"
    assert (send["surviving_loser"], send["lost_hp_loser"], send["overtimes"]) == ("2", "5", "1")
    sheet = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1"
    r = ann.post(clock, sheet + "/sheet", {k: v for k, v in send.items() if k != "csrf"})
    assert r.headers["location"].endswith("done=waiting")
    paper = {"winner": a, "how": "time", "surviving": "2", "lost_hp": "3", "surviving_loser": "2",
             "lost_hp_loser": "5", "commander_0": f"P{a[4:]}a", "commander_1": f"P{b[4:]}b", "overtimes": "1"}
    r = bo.post(sheet, sheet + "/sheet", {**paper, "overtimes": "2"})  # a different count: no agreement
    assert r.headers["location"].endswith("done=disagrees")
    r = bo.post(sheet, sheet + "/sheet", paper)
    assert r.headers["location"].endswith("done=accepted")
    html = bo.c.get(sheet).text
    assert f"{a} 2 / {b} 2" in html and f"{a} 3 / {b} 5" in html
    assert '<span class="overtimes">Overtimes 1</span>' in html  # the game's line on the fixture page
    assert 'name="overtimes" inputmode="numeric" size="2" value="1"' in html  # its correction form
    with app.state.sessions() as s:
        st = EventStore(s)
        games = st.series.status(st.competition("Clock day 2", "sgs"), "A-R1-1").games
        assert games[0]["facts"]["time_up"] == {"overtimes": 1}
    # overtimes on a game that did not end at time-up are refused, saying what is allowed
    r = bo.post(sheet, sheet + "/sheet", {**paper, "how": "commander_death", "winner": b,
                                          "surviving_loser": "", "lost_hp_loser": "",
                                          "commander_0": f"P{a[4:]}b", "commander_1": f"P{b[4:]}a"})
    assert r.status_code == 400 and "overtimes are played only when time is up" in r.text
    # the loser's board on a sheet that did not end at time-up is refused with the rule (glossary 17)
    r = bo.post(sheet, sheet + "/sheet", {**paper, "how": "commander_death", "winner": b, "overtimes": "",
                                          "commander_0": f"P{a[4:]}b", "commander_1": f"P{b[4:]}a"})
    assert r.status_code == 400 and "glossary 17" in r.text
    assert '<span class="overtimes">已加時 1</span>' in bo.c.get(sheet + "?lang=zh-Hant").text


def test_the_public_page_and_projector_give_final_places_after_the_knock_out(app: Any) -> None:
    """Seed 000 §一2: 4 groups, the top 2 of each to the quarter-finals, then the semi-finals, the final and
    the 3rd-place match. After the knock-out the public standings and the projector give the places the
    bracket decides (champion, runner-up, 3rd, 4th, the quarter-finals' losers sharing 5–8), then the
    group 3rds (9–12) and 4ths (13–16); the group tables follow."""
    def two_nil(w: str) -> dict[str, Any]:
        return {"games": [{"winner": w}, {"winner": w}]}

    with app.state.sessions() as s:
        st = EventStore(s)
        teams = [{"id": f"T{i:02d}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 17)]
        ev = st.create_event({"event": "Places day", "competitions": [
            {"key": "sgs", "preset": "sgs-3v3-2011", "entrants": teams}]}, "desk")
        comp = st.competition("Places day", "sgs")
        st.draw(comp, "desk")
        for fx in st.fixtures(comp, "group"):  # the better seed wins every group match 2:0
            st.enter_result(comp, fx.key, two_nil(min(fx.entrants)), "desk")
        for fx in st.next_round(comp, "desk"):  # QF: T01-T07, T03-T05, T02-T08, T04-T06
            st.enter_result(comp, fx.key, two_nil(fx.entrants[0]), "desk")
        s.commit()
        event_id = ev.id
    c = TestClient(app)
    page = c.get(f"/events/{event_id}/sgs?lang=en").text
    # after the quarter-finals: their losers share 5–8, the semi-finalists have no place yet
    table = page.split('data-group="final-places"', 1)[1].split("</table>", 1)[0]
    now = dict(re.findall(r'<tr data-entrant="(T\d+)" data-place="([^"]*)">', table))
    assert {e for e, p in now.items() if p == ""} == {"T01", "T02", "T03", "T04"}
    assert {e for e, p in now.items() if p == "5–8"} == {"T05", "T06", "T07", "T08"}
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Places day", "sgs")
        for fx in st.next_round(comp, "desk"):  # SF: T01-T03 and T02-T04, the second-named wins
            st.enter_result(comp, fx.key, two_nil(fx.entrants[1]), "desk")
        for fx in st.next_round(comp, "desk"):  # final T03-T04 and 3rd-place match T01-T02
            st.enter_result(comp, fx.key, two_nil(fx.entrants[0]), "desk")
        s.commit()
    # by hand: the final T03 beat T04; the 3rd-place match T01 beat T02; QF losers T05-T08 share 5–8;
    # each group's 3rd (T09-T12) shares 9–12 and 4th (T13-T16) 13–16 (snake draw: A = T01 T08 T09 T16)
    expected = [("1", "T03"), ("2", "T04"), ("3", "T01"), ("4", "T02")] + \
        [("5–8", f"T{i:02d}") for i in range(5, 9)] + [("9–12", f"T{i:02d}") for i in range(9, 13)] + \
        [("13–16", f"T{i:02d}") for i in range(13, 17)]

    def places(html: str) -> list[tuple[str, str]]:
        table = html.split('data-group="final-places"', 1)[1].split("</table>", 1)[0]
        rows = re.findall(r'<tr data-entrant="(T\d+)" data-place="([^"]*)">', table)
        return sorted(((p, e) for e, p in rows), key=lambda x: (int(x[0].split("–")[0]), x[1]))

    public, board = f"/events/{event_id}/sgs", f"/events/{event_id}/projector/board"
    for url, lang, words in ((public, "en", ("Final places", "Runner-up", "Quarter-finals")),
                             (board, "zh-Hans", ("最终名次", "亚军", "八强赛")),
                             (public, "zh-Hant", ("最終名次", "亞軍", "八強賽"))):
        html = c.get(f"{url}?lang={lang}").text
        assert places(html) == expected, (url, lang)
        assert all(w in html for w in words), (url, lang)
        first = re.findall(r'<tr data-entrant="(T\d+)" data-place', html)[:4]
        assert first == ["T03", "T04", "T01", "T02"]  # champion, runner-up, 3rd, 4th in that order
        # then the group tables (group A's winner T01 heads its table below the places)
        assert html.index('data-group="final-places"') < html.index('data-group="A"')


def test_a_fixture_played_at_a_live_table_enters_its_result_on_its_own(app: Any) -> None:
    import time

    with app.state.sessions() as s:
        st = EventStore(s)
        ev = st.create_event({"event": "Blokus day", "competitions": [
            {"key": "blokus", "preset": "blokus-event", "entrants": [f"p{i}" for i in range(1, 9)]}]}, "desk")
        st.next_round(st.competition("Blokus day", "blokus"), "desk")
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        event_id = ev.id
    sheet = f"/referee/events/{event_id}/blokus/fixtures/R1-T1"
    ann = Person(app, "ann")
    r = ann.post(sheet, sheet + "/live", {f"seat_{i}": "bot:random" for i in range(4)})
    assert r.status_code == 400 and "organiser allows" in r.text  # a referee may not seat bots
    r = ann.post(sheet, sheet + "/live", {})
    assert r.status_code == 201 and r.text.count('class="seat-link"') == 4  # a link for each player
    r = ann.post(sheet, sheet + "/live", {})
    assert r.status_code == 400 and "already being played" in r.text
    olga = Person(app, "olga")
    sheet2 = f"/referee/events/{event_id}/blokus/fixtures/R1-T2"
    r = olga.post(sheet2, sheet2 + "/live", {f"seat_{i}": "bot:random" for i in range(4)})
    assert r.status_code == 201
    table = re.search(r'data-table="([0-9a-f]+)" data-status="playing"', r.text)
    assert table is not None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and 'data-status="entered"' not in olga.c.get(sheet2).text:
        time.sleep(0.2)
    page = olga.c.get(sheet2).text
    assert 'data-status="entered"' in page and f"/replay/{table.group(1)}" in page
    live = app.state.room.tables.get(table.group(1))
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Blokus day", "blokus")
        fx = next(f for f in st.fixtures(comp) if f.key == "R1-T2")
        res = st.result_of(fx)
        assert res is not None and res.source == "referee" and res.entered_by == f"table {table.group(1)}"
        if live is not None:
            scores = live.state.result().scores
            assert list(res.data["scores"].values()) == [int(x) for x in scores]
        points = {r["entrant"]: r["points"] for r in st.standings(comp)}
        assert all(points[p] == res.data["scores"][p] for p in fx.entrants)


def test_the_rummikub_hall_from_the_referees_page(app: Any) -> None:
    """Seed 002: a table starts as soon as 4 are free (賽制 4); no new sheet from the cut-off (賽制 1)."""
    players = ["Amy", "Ben", "Cat", "Dan", "Eva", "Fai", "Gus", "Hoi", "Ivy"]
    ann, hall = rummikub_hall(app, {p: "junior" if i < 4 else "senior" for i, p in enumerate(players)},
                              tables=2, arrive=8)
    page = ann.c.get(hall).text
    assert page.count('data-playing="yes"') == 2
    row = re.findall(r'<tr data-table="1" data-playing="yes"><td>[^<]*</td><td>([^<]*)</td>', page)[0]
    winner = row.split(" · ")[0]
    form = {"table": "1", "winner": winner, "at": "09:52", "rack_0": "0", "rack_1": "12", "rack_2": "5",
            "rack_3": "0", "never_3": "100"}
    r = ann.post(hall, hall + "/game", {**form, "winner": "Ivy"})
    assert r.status_code == 400 and "Ivy" in r.text  # not seated at table 1: refused, nothing stored
    assert ann.post(hall, hall + "/game", form).status_code == 303
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Tuen Mun", "rk")
        assert st.hall.status(comp).games == 1
        rows = {r["entrant"]: r for r in st.standings(comp)}
        assert rows[winner]["tiebreaks"]["wins"] == 1
    r = ann.post(hall, hall + "/arrive", {"player": "Ivy", "at": "12:10"})
    assert r.status_code == 400 and "cut-off" in r.text


def _standings_cells(page: str, group: str) -> dict[str, dict[str, str]]:
    """entrant → {column key: figure} of one standings table (``data-group``)."""
    block = page.split(f'data-group="{group}"', 1)[1].split("</table>", 1)[0]
    out = {}
    for who, cells in re.findall(r'<tr data-entrant="([^"]+)"[^>]*>(.*?)</tr>', block, re.S):
        out[who] = dict(re.findall(r'data-key="([^"]+)">([^<]*)</td>', cells))
    return out


def test_rummikub_standings_show_wins_and_plus_points_per_division_and_schools(app: Any) -> None:
    """seed 002 賽制 2 and 6: each division (初小組, 高小組) ranks by wins on the best sheet, then plus
    points; schools by their best 3. Registered with the seed's names. By hand: G1 junior j1 wins over j2 10,
    s1 10 ×1.2 = 12, s2 25 ×1.2 = 30 → 52; G2 senior s1 wins over j1 4, j2 6, s2 20 → 30; school A
    (j1, s1): 2 wins, 82."""
    with app.state.sessions() as s:
        st = EventStore(s)
        ents = [{"id": p, "division": "初小組" if p[0] == "j" else "高小組",
                 "school": "A" if p[1] == "1" else "B"} for p in ("j1", "j2", "s1", "s2")]
        ev = st.create_event({"event": "Tuen Mun 2018", "competitions": [
            {"key": "rk", "preset": "rummikub-2018", "tables": 1, "entrants": ents}]}, "desk")
        comp = st.competition("Tuen Mun 2018", "rk")
        from tablesport.store.entry_facts import Facts

        for p in ("j1", "j2", "s1", "s2"):
            st.hall.arrive(comp, p, Facts("desk", at="09:30"))
        g1 = {"winner": "j1", "racks": {"j2": 10, "s1": 10, "s2": 25}}
        st.hall.game(comp, 1, g1, Facts("ref", at="09:50"))
        for p in ("j2", "s2", "j1", "s1"):  # after G1 the two with most minus points queue again
            if st.hall.status(comp).players[p]["where"] == "away":
                st.hall.arrive(comp, p, Facts("desk", at="09:51"))
        seated = st.hall.status(comp).tables[0]["seated"]
        assert sorted(seated) == ["j1", "j2", "s1", "s2"]
        g2 = {"winner": "s1", "racks": {"j1": 4, "j2": 6, "s2": 20}}
        st.hall.game(comp, 1, g2, Facts("ref", at="10:10"))
        s.commit()
        event_id = ev.id
    c = TestClient(app)
    c.portal = app.state.main_client.portal
    for lang, junior, senior in (("en", "Junior", "Senior"), ("zh-Hant", "初小組", "高小組"),
                                 ("zh-Hans", "初小组", "高小组")):
        for url in (f"/events/{event_id}/rk?lang={lang}",
                    f"/events/{event_id}/projector/board?lang={lang}"):
            page = c.get(url).text
            assert f"<h3>{junior}</h3>" in page and f"<h3>{senior}</h3>" in page, url
            jr, sr = _standings_cells(page, "junior"), _standings_cells(page, "senior")
            assert jr["j1"] == {"wins": "1", "plus_points": "52"}, url
            assert jr["j2"] == {"wins": "0", "plus_points": "0"}, url
            assert sr["s1"] == {"wins": "1", "plus_points": "30"}, url
            assert set(jr) == {"j1", "j2"} and set(sr) == {"s1", "s2"}
            schools = page.split('data-group="schools"', 1)[1].split("</table>", 1)[0]
            rows = re.findall(r'<tr data-school="([^"]+)"><td>(\d+)</td><td>[^<]*</td>'
                              r'<td class="num">(\d+)</td><td class="num">([^<]*)</td>', schools)
            assert [r[0] for r in rows] == ["A", "B"] and rows[0][2:] == ("2", "82"), url
