"""Live tables for Sanguosha series games and the referee's controls at them, over HTTP: a referee of the
event opens game 1 of a 2014 3v3 series at a live table (the commanders as the rotation allows), pauses it
(the players are refused while it is held), gives penalty points, a team concedes (seed 001 §二.4.3) and
the game enters the series and the standings on its own; the audit log keeps who and why. The wrong
people (no session, a player, a referee of another event, a form without its token) change nothing."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from tablesport.store import accounts
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from .test_event_pages import PASSWORD, Person, app  # noqa: F401  (the app fixture)
from .test_table_control import act, play_until, seated


def series_event(web: Any, preset: str = "sgs-3v3-2014") -> int:
    with web.state.sessions() as s:
        st = EventStore(s)
        teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
        ev = st.create_event({"event": "Live day", "competitions": [
            {"key": "sgs", "preset": preset, "groups": 1, "entrants": teams}]}, "desk")
        st.draw(st.competition("Live day", "sgs"), "desk")
        accounts.assign_referee(s, "ann", ev.id)
        accounts.create_user(s, "pat", "player", PASSWORD, by="test")
        accounts.create_user(s, "rob", "referee", PASSWORD, by="test")
        other = st.create_event({"event": "Other day", "competitions": [
            {"key": "sgs", "preset": preset, "groups": 1, "entrants": teams}]}, "desk")
        accounts.assign_referee(s, "rob", other.id)
        s.commit()
        return ev.id


def start_game(web: Any, ann: Person, sheet: str, commanders: dict[str, str]) -> str:
    r = ann.post(sheet, sheet + "/live", commanders)
    assert r.status_code == 201, r.text[-2000:]
    links = re.findall(r'class="seat-link" href="/play/([0-9a-f]+)/', r.text)
    assert len(links) == 6
    tid = links[0]
    table = web.state.room.tables[tid]
    portal = web.state.main_client.portal

    async def run() -> None:  # every player is in: the draft is played by random legal answers
        table.status = "running"
        table._arrange()
        await play_until(table, seated)

    portal.call(run)
    return tid


def test_a_referee_pauses_penalises_and_a_team_concedes_at_a_live_series_game(app: Any) -> None:  # noqa: F811
    event_id = series_event(app)
    sheet = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1"
    ann = Person(app, "ann")
    page = ann.c.get(sheet).text
    live_form = page[page.index('id="live-form"'):page.index("</form>", page.index('id="live-form"'))]
    assert re.findall(r'name="commander_(\d)"', live_form) == ["0", "1"]
    assert live_form.count('name="seat_') == 6
    with app.state.sessions() as s:
        fx = next(f for f in EventStore(s).fixtures(EventStore(s).competition("Live day", "sgs"))
                  if f.key == "A-R1-1")
        a, b = fx.entrants
    r = ann.post(sheet, sheet + "/live", {"commander_0": "nobody", "commander_1": f"P{b[-1]}a"})
    assert r.status_code == 400 and "commander" in r.text  # not a member of the team
    tid = start_game(app, ann, sheet, {"commander_0": f"P{a[-1]}b", "commander_1": f"P{b[-1]}c"})
    table = app.state.room.tables[tid]
    base = f"{sheet}/live/{tid}"
    page = ann.c.get(sheet).text
    assert 'data-paused="no"' in page and 'id="penalty-form"' in page and 'id="disqualify-form"' in page

    r = ann.post(sheet, base + "/pause", {"why": ""})
    assert r.status_code == 400 and "say why" in r.text and table.paused is None
    r = ann.post(sheet, base + "/pause", {"why": "a phone rang"})
    assert r.status_code == 303 and table.paused is not None
    assert 'data-paused="yes"' in ann.c.get(sheet).text
    seat = table.decision.seats[0]
    err = app.state.main_client.portal.call(act, table, seat, table.decision.options[0])
    assert err is not None and err["code"] == "paused"  # the players wait
    frame = table.frame_dict(seat, "step", [])
    assert frame["paused"] == {"by": "ann", "why": "a phone rang", "since": table.paused["since"]}
    r = ann.post(sheet, base + "/resume", {"why": "phone off"})
    assert r.status_code == 303 and table.paused is None

    r = ann.post(sheet, base + "/penalty", {"seat": "1", "points": "1", "why": "moved before his turn"})
    assert r.status_code == 303 and table.state.mode["fouls"][1] == 1
    shown = [ev for _, ev in table.events if ev.kind == "referee"]
    assert [e.data["control"] for e in shown] == ["pause", "resume", "penalty"]  # in every seat's log
    assert all(e.visible_to(s) for e in shown for s in range(6))
    # seed 001 §一.1.2: a technical point at the live table (seat 4 plays for the second team)
    r = ann.post(sheet, base + "/technical", {"seat": "4", "points": "1", "why": "table talk"})
    assert r.status_code == 303
    public_page = ann.c.get(f"/events/{event_id}/sgs?lang=en").text
    fouls = public_page.split('id="public-fouls"', 1)[1].split("</ul>", 1)[0]
    assert f"A-R1-1/1 · {b} · " in fouls and "table talk" in fouls  # the technical point, on the public list
    assert f"A-R1-1/1 · {a} (P{a[-1]}" in fouls and "moved before his turn" in fouls  # the player's penalty
    api = ann.c.get(f"/api/v1/events/{event_id}/competitions/sgs/penalties")
    assert api.status_code == 200 and {(x["team"], x["kind"]) for x in api.json()} == {(a, "player"),
                                                                                        (b, "technical")}

    r = ann.post(sheet, base + "/concede", {"seat": "4", "why": "the team gives up"})
    assert r.status_code == 303 and table.over
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and 'data-status="entered"' not in ann.c.get(sheet).text:
        time.sleep(0.1)
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Live day", "sgs")
        status = st.series.status(comp, "A-R1-1").to_json()
        game = status["games"][0]["game"]
        assert game["winner"] == a and game["how"] == "concede"  # seats 3–5 are the second team
        assert game["commanders"] == {a: f"P{a[-1]}b", b: f"P{b[-1]}c"}
        assert f"P{a[-1]}b" not in status["may_command"][a]  # the rotation goes on from the live game
        audit = [(x.action, x.who, x.reason) for x in st.audit(comp) if x.action.startswith("table_")]
        assert audit == [("table_pause", "ann", "a phone rang"), ("table_resume", "ann", "phone off"),
                         ("table_penalty", "ann", "moved before his turn"),
                         ("table_technical", "ann", "table talk"),
                         ("table_concede", "ann", "the team gives up")]
        assert status["score"] == [1, 0] and not status["decided"]  # best of 3 (001 §一.1.1): game 2 next
    # game 2: the commanders who led game 1 may not lead again
    r = ann.post(sheet, sheet + "/live", {"commander_0": f"P{a[-1]}b", "commander_1": f"P{b[-1]}a"})
    assert r.status_code == 400 and "rotate" in r.text


def test_the_wrong_people_cannot_control_a_live_table(app: Any) -> None:  # noqa: F811
    event_id = series_event(app)
    sheet = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1"
    ann = Person(app, "ann")
    with app.state.sessions() as s:
        fx = next(f for f in EventStore(s).fixtures(EventStore(s).competition("Live day", "sgs"))
                  if f.key == "A-R1-1")
        a, b = fx.entrants
    tid = start_game(app, ann, sheet, {"commander_0": f"P{a[-1]}a", "commander_1": f"P{b[-1]}a"})
    table = app.state.room.tables[tid]
    steps = table.steps
    form = {"why": "x", "seat": "1", "points": "3"}
    for control in ("pause", "penalty", "concede", "disqualify"):
        url = f"{sheet}/live/{tid}/{control}"
        nobody = Person.__new__(Person)
        nobody.c = type(ann.c)(app)
        nobody.c.portal = app.state.main_client.portal
        token = re.search(r'name="csrf" value="([^"]+)"', nobody.c.get("/login").text)
        assert token is not None
        r = nobody.c.post(url, data={**form, "csrf": token.group(1)}, follow_redirects=False)
        assert r.status_code == 401
        for who in ("pat", "rob"):
            r = Person(app, who).post("/me", url, form)
            assert r.status_code == 403, (who, control, r.status_code)
        r = ann.c.post(url, data=form, follow_redirects=False)  # no form token
        assert r.status_code == 403
    assert table.paused is None and table.steps == steps and not table.over
    assert table.state.mode["fouls"] == [0] * 6
    with app.state.sessions() as s:
        comp = EventStore(s).competition("Live day", "sgs")
        assert not [x for x in EventStore(s).audit(comp) if x.action.startswith("table_")]
    # a table of another fixture cannot be controlled through this one's path
    other = f"/referee/events/{event_id}/sgs/fixtures/A-R1-2/live/{tid}/pause"
    r = ann.post(sheet, other, {"why": "x"})
    assert r.status_code == 400 and "not playing A-R1-2" in r.text and table.paused is None
    assert json.dumps(table.frame_dict(None, "step", [])["paused"]) == "null"


def test_both_captains_confirm_a_sheet_from_their_page(app: Any) -> None:  # noqa: F811
    event_id = series_event(app)
    with app.state.sessions() as s:
        st = EventStore(s)
        fx = next(f for f in st.fixtures(st.competition("Live day", "sgs")) if f.key == "A-R1-1")
        a, b = fx.entrants
        member_name = f"P{a[-1]}b"
        for name in (f"P{a[-1]}a", f"P{b[-1]}a", member_name):
            accounts.create_user(s, name, "player", PASSWORD, by="test")
        s.commit()
    sheet = f"/referee/events/{event_id}/sgs/fixtures/A-R1-1"
    ann = Person(app, "ann")
    game = {"winner": a, "how": "commander_death", "surviving": "2", "lost_hp": "1",
            "commander_0": f"P{a[-1]}a", "commander_1": f"P{b[-1]}a"}
    assert ann.post(sheet, sheet + "/sheet", game).status_code == 303
    cap_a, cap_b, member = Person(app, f"P{a[-1]}a"), Person(app, f"P{b[-1]}a"), Person(app, f"P{a[-1]}b")
    # bearing the first member's name is not enough (issue 37 item 2): the organiser appoints the captains
    assert 'id="captain-sheets"' not in cap_a.c.get("/me").text
    olga, desk = Person(app, "olga"), f"/organiser/events/{event_id}/sgs"
    assert f'action="{desk}/captains"' in olga.c.get(desk).text
    r = olga.post(desk, desk + "/captains", {"entrant": a, "account": "nobody here"})
    assert r.status_code == 400 and "no account" in r.text
    for entrant, captain in ((a, f"P{a[-1]}a"), (b, f"P{b[-1]}a")):
        r = olga.post(desk, desk + "/captains", {"entrant": entrant, "account": captain})
        assert r.status_code == 303
    r = member.post("/me", desk + "/captains", {"entrant": a, "account": member_name})
    assert r.status_code == 403  # only the organiser appoints
    page = cap_a.c.get("/me").text
    entry = re.search(r'action="/me/sheets/(\d+)/agree"', page)
    assert entry is not None and 'id="captain-sheets"' in page
    url = f"/me/sheets/{entry.group(1)}"
    assert 'id="captain-sheets"' not in member.c.get("/me").text  # a member who is not the captain
    # the wrong people change nothing
    r = member.post("/me", url + "/agree", {})
    assert r.status_code == 403
    r = Person(app, "rob").post("/me", url + "/agree", {})
    assert r.status_code == 403
    r = cap_a.c.post(url + "/agree", data={}, follow_redirects=False)  # no form token
    assert r.status_code == 403
    nobody = type(ann.c)(app)
    nobody.portal = app.state.main_client.portal
    token = re.search(r'name="csrf" value="([^"]+)"', nobody.get("/login").text)
    assert token is not None
    r = nobody.post(url + "/agree", data={"csrf": token.group(1)}, follow_redirects=False)
    assert r.status_code == 401
    with app.state.sessions() as s:
        from tablesport.store.double_entry import DoubleEntry

        st = EventStore(s)
        assert DoubleEntry(st).marks(int(entry.group(1))) == []
    r = cap_a.post("/me", url + "/agree", {})
    assert r.status_code == 303 and "signed=waiting" in r.headers["location"]
    r = cap_b.post("/me", url + "/agree", {})
    assert r.status_code == 303 and "signed=accepted" in r.headers["location"]
    with app.state.sessions() as s:
        st = EventStore(s)
        status = st.series.status(st.competition("Live day", "sgs"), "A-R1-1")
        assert status.score == (1, 0)
    # game 2: captain b disagrees, nothing counts
    game2 = {**game, "commander_0": f"P{a[-1]}b", "commander_1": f"P{b[-1]}b"}
    assert ann.post(sheet, sheet + "/sheet", game2).status_code == 303
    page = cap_b.c.get("/me").text
    entry2 = re.search(r'action="/me/sheets/(\d+)/disagree"', page)
    assert entry2 is not None
    r = cap_b.post("/me", f"/me/sheets/{entry2.group(1)}/disagree", {})
    assert r.status_code == 303 and "signed=disagrees" in r.headers["location"]
    assert 'data-status="disagrees"' in ann.c.get(sheet).text
    with app.state.sessions() as s:
        st = EventStore(s)
        assert st.series.status(st.competition("Live day", "sgs"), "A-R1-1").score == (1, 0)


def pictionary_round(web: Any, event: str, prefix: str) -> tuple[int, list[tuple[str, list[str]]]]:
    """A Pictionary play-off (seed 000) of four teams of three (``{prefix}1`` of ``{prefix}1a`` …) with
    round 1 drawn, ann and bo its referees: the event's id and each fixture's key and teams."""
    with web.state.sessions() as s:
        st = EventStore(s)
        teams = [{"id": f"{prefix}{i}", "members": [f"{prefix}{i}{x}" for x in "abc"]} for i in range(1, 5)]
        ev = st.create_event({"event": event, "competitions": [
            {"key": "pic", "preset": "pictionary-event", "entrants": teams}]}, "desk")
        comp = st.competition(event, "pic")
        st.next_round(comp, "desk")
        accounts.assign_referee(s, "ann", ev.id)
        accounts.assign_referee(s, "bo", ev.id)
        fixtures = [(f.key, list(f.entrants)) for f in st.fixtures(comp)]
        s.commit()
        return ev.id, fixtures


def test_pictionary_rounds_time_up_squares_on_the_sheet_and_at_a_live_table(app: Any) -> None:  # noqa: F811
    """Seed 000 Pictionary §4: 40 minutes a round; time up before Finish, the team that covers more squares
    wins (5 points, the other 3)."""
    from tablesport.core import Result, SideResult
    from tablesport.store import live_fixtures

    event_id, fixtures = pictionary_round(app, "Draw day", "Q")
    (k1, (a, b)), (k2, (c, d)) = fixtures[:2]
    sheet = f"/referee/events/{event_id}/pic/fixtures/{k1}"
    ann, bo = Person(app, "ann"), Person(app, "bo")
    wrong = {"winner": b, "time_up": "on", "squares_0": "12", "squares_1": "9"}
    r = ann.post(sheet, sheet + "/sheet", wrong)
    assert r.status_code == 400 and "fewer squares" in r.text  # the sheet contradicts itself
    right = {**wrong, "winner": a}
    assert ann.post(sheet, sheet + "/sheet", right).status_code == 303
    assert bo.post(sheet, sheet + "/sheet", right).status_code == 303
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Draw day", "pic")
        res = st.result_of(next(f for f in st.fixtures(comp) if f.key == k1))
        assert res is not None and res.data["time_up"] and res.data["squares"] == {a: 12, b: 9}
        points = {r["entrant"]: r["points"] for r in st.standings(comp)}
        assert (points[a], points[b]) == (5, 3)

    live = f"/referee/events/{event_id}/pic/fixtures/{k2}"
    r = ann.post(live, live + "/live", {})
    assert r.status_code == 201
    seats = re.findall(r"<li>([^:<]+): <a class=\"seat-link\" href=\"/play/([0-9a-f]+)/", r.text)
    assert [name for name, _ in seats] == [f"Q{c[-1]}a", f"Q{c[-1]}b", f"Q{c[-1]}c",
                                          f"Q{d[-1]}a", f"Q{d[-1]}b", f"Q{d[-1]}c"]  # team A, then team B
    tid = seats[0][1]
    table = app.state.room.tables[tid]
    assert table.rs.preset == "pictionary-event" and table.rs.seats == 6
    # the round ends at time-up (the engine's result as it reports it): the result enters on its own
    over = Result((2, 2, 2, 1, 1, 1), (3, 3, 3, 5, 5, 5), "time_up",
                  {"A": SideResult((0, 1, 2), 2, 3.0, {"squares": 7}),
                   "B": SideResult((3, 4, 5), 1, 5.0, {"squares": 10})})
    with app.state.sessions() as s:
        row = live_fixtures.table_finished(s, tid, over)
        s.commit()
        assert row is not None and row.status == "entered", row.detail if row else None
        st = EventStore(s)
        comp = st.competition("Draw day", "pic")
        res = st.result_of(next(f for f in st.fixtures(comp) if f.key == k2))
        assert res is not None and res.data["winner"] == d and res.data["time_up"]
        assert res.data["squares"] == {c: 7, d: 10} and res.source == "referee"


def test_a_pictionary_sheet_ends_on_finish_or_at_time_up_never_both(app: Any) -> None:  # noqa: F811
    """Seed 000 Pictionary §4 (time up: more squares wins; Finish ends it) and §5 (the final is won only by
    reaching Finish): one box of the two, the squares typed are kept, a refused sheet keeps what was typed
    and a final without Finish counts for nothing."""
    event_id, fixtures = pictionary_round(app, "Box day", "Q")
    (k1, (a, b)), (k2, (c, d)) = fixtures[:2]
    sheet = f"/referee/events/{event_id}/pic/fixtures/{k1}"
    ann, bo = Person(app, "ann"), Person(app, "bo")
    for boxes in ({}, {"finish": "on", "time_up": "on"}):
        typed = {"winner": b, "squares_0": "17", "squares_1": "23", **boxes}
        r = ann.post(sheet, sheet + "/sheet", typed)
        assert r.status_code == 400 and "exactly one of" in r.text and "Pictionary §4" in r.text
        assert 'value="17"' in r.text and 'value="23"' in r.text  # what was typed is kept
        assert ('name="finish" checked' in r.text) == bool(boxes)
    finished = {"winner": b, "finish": "on", "squares_0": "17", "squares_1": "61"}
    assert ann.post(sheet, sheet + "/sheet", finished).status_code == 303
    assert bo.post(sheet, sheet + "/sheet", finished).status_code == 303
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Box day", "pic")
        res = st.result_of(next(f for f in st.fixtures(comp) if f.key == k1))
        assert res is not None and res.data["finish"] and res.data["squares"] == {a: 17, b: 61}
        assert "time_up" not in res.data
        # the final: a winner typed without Finish is refused by the rule of §5
        final = {"a": c, "b": d, "stage": "final", "winner": c}
        with pytest.raises(TournamentError, match="won only by reaching Finish"):
            standings_of(st, comp, final)


def test_a_fixture_opens_a_paper_pictionary_table_whose_result_enters_it(app: Any) -> None:  # noqa: F811
    """Issue 41.9: a Pictionary fixture can open a paper table (seed 000 Pictionary, played with pencil and
    paper, run from the facilitator's page): the facilitator's link and the six players' (team A, then
    team B); the table starts with the facilitator alone, and its result enters the fixture (§4: time up,
    more squares wins)."""
    from tablesport.games.pictionary import GAME
    from tablesport.store import live_fixtures

    event_id, fixtures = pictionary_round(app, "Paper day", "T")
    k1, (a, b) = fixtures[0]
    page = f"/referee/events/{event_id}/pic/fixtures/{k1}"
    ann = Person(app, "ann")
    form = ann.c.get(page).text
    assert 'name="table_form"' in form and 'value="paper"' in form and 'value="bot:random"' not in form
    # issue 41.10: the seats are named by who sits there, not "Seat 0" … "Seat 6"
    assert "Seat 0" not in form and f"team A ({a})" in form and 'name="seat_0"' not in form
    r = ann.post(page, page + "/live", {"table_form": "paper"})
    assert r.status_code == 201, r.text
    links = re.findall(r"<li>([^:<]+): <a class=\"seat-link\" href=\"/play/([0-9a-f]+)/", r.text)
    assert [name for name, _ in links] == ["Facilitator (clock, rulings, die)", f"{a}a", f"{a}b", f"{a}c",
                                          f"{b}a", f"{b}b", f"{b}c"]
    table = app.state.room.tables[links[0][1]]
    assert table.rs.preset == "pictionary-table" and table.rs.seats == 7
    assert [p.joined for p in table.seats] == [False] + [True] * 6  # only the facilitator's page is awaited
    assert table.state.view(0)["names"] == {"A": a, "B": b}  # the table calls the teams by their entrants
    # the round, played at the paper table to time-up (the engine's own result), enters the fixture
    st8 = GAME.new_state(GAME.ruleset("pictionary-table"), 1)
    for action in (("die", 2), ("die", 5), "ready", ("guessed", "B"), ("die", 4)):
        st8.apply(0, action)
    st8.time_up()
    over = st8.result()
    assert over is not None and over.reason == "time_up" and over.placements[0] == 0
    with app.state.sessions() as s:
        row = live_fixtures.table_finished(s, table.id, over)
        s.commit()
        assert row is not None and row.status == "entered", row.detail if row else None
        st = EventStore(s)
        res = st.result_of(next(f for f in st.fixtures(st.competition("Paper day", "pic")) if f.key == k1))
        assert res is not None and res.data["winner"] == b and res.data["time_up"]
        assert res.data["squares"] == {a: 0, b: 4}


def standings_of(st: EventStore, comp: Any, extra: dict[str, Any]) -> Any:
    """The competition's standings with one more result (the store's own reading of its results)."""
    from tablesport.tournament.standings import standings

    doc = {"preset": "pictionary-event",
           "entrants": [{"id": e.key, "members": list(e.members)} for e in st.entrants(comp)]}
    return standings({**doc, "results": [extra]})


def test_printable_sheets_are_linked_for_referees_and_the_public(app: Any) -> None:  # noqa: F811
    event_id = series_event(app, "sgs-3v3-2011")
    page = app.state.main_client.get(f"/events/{event_id}/sgs").text
    links = re.findall(rf'class="print-link" href="(/events/{event_id}/sgs/print/\w+)"', page)
    assert [x.rsplit("/", 1)[1] for x in links] == ["standings", "groups", "sheets"]
    sheets = app.state.main_client.get(links[-1])
    assert sheets.status_code == 200 and "score sheet" in sheets.text and "P1a" in sheets.text
    assert sheets.text.count('<div class="page">') == 6  # a sheet for each open group match (4 teams)
    assert app.state.main_client.get(links[0]).status_code == 200
    r = app.state.main_client.get(f"/events/{event_id}/sgs/print/bracket")
    assert r.status_code == 400 and "no knock-out yet" in r.text
    r = app.state.main_client.get(f"/events/{event_id}/sgs/print/poster")
    assert r.status_code == 400 and "standings" in r.text  # names what may be printed
    ann = Person(app, "ann")
    assert f"/events/{event_id}/sgs/print/sheets" in ann.c.get(f"/referee/events/{event_id}/sgs").text


def test_the_timetable_places_fixtures_per_slot_and_table_on_the_public_page(app: Any) -> None:  # noqa: F811
    """Seed 000: 45-minute slots from 10:30, the group games on the hall's tables (nobody in two places)."""
    event_id = series_event(app, "sgs-3v3-2011")
    olga = Person(app, "olga")
    desk = f"/organiser/events/{event_id}"
    form = {"start": "10:30", "minutes": "45", "count": "2", "gap": "0", "tables_sgs": "T1, T2"}
    r = olga.post(desk, desk + "/timetable", form)
    assert r.status_code == 400 and "do not fit" in r.text  # 6 group games, 2 tables, 2 slots
    r = olga.post(desk, desk + "/timetable", {**form, "start": "25:00", "count": "3"})
    assert r.status_code == 400 and "start" in r.text.lower()
    with app.state.sessions() as s:
        from tablesport.store.timetable import EventTimetable

        assert s.get(EventTimetable, event_id) is None  # nothing was kept of the refused forms
    r = olga.post(desk, desk + "/timetable", {**form, "count": "3", "referees": "on"})
    assert r.status_code == 400 and "referees" in r.text  # one referee: one table at a time
    r = olga.post(desk, desk + "/timetable", {**form, "count": "3"})
    assert r.status_code == 303, re.findall(r'id="page-error">([^<]*)', r.text)
    page = app.state.main_client.get(f"/events/{event_id}").text
    slots = re.findall(r'<h3 class="slot" data-slot="([^"]+)">', page)
    assert slots == ["10:30–11:15", "11:15–12:00", "12:00–12:45"]
    rows = re.findall(r'<tr data-fixture="sgs:([^"]+)" data-table="(T\d)">', page)
    assert len(rows) == 6 and {t for _, t in rows} == {"T1", "T2"}
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Live day", "sgs")
        entrants = {f.key: set(f.entrants) for f in st.fixtures(comp)}
    per_slot = [rows[i:i + 2] for i in range(0, 6, 2)]
    for pair in per_slot:  # a team plays once a slot
        (f1, _), (f2, _) = pair
        assert not entrants[f1] & entrants[f2]
    assert 'value="T1, T2"' in olga.c.get(desk).text  # the form keeps the slots and tables
    # issue 36, item 16: the fixture lists show the timetable's tables, and the referees are not assigned
    # unless the organiser asks for it (the event has a referee, ann)
    row_re = r'<tr data-fixture="([^"]+)"><td><a [^>]+>[^<]+</a></td><td>[^<]*</td><td>(T\d)</td>'
    fixture_rows = re.findall(row_re, olga.c.get(f"{desk}/sgs").text)
    assert len(fixture_rows) == 6 and dict(fixture_rows) == {f: t for f, t in rows}
    event_page = olga.c.get(desk).text
    assert re.search(r'<input type="checkbox" name="referees"\s*>', event_page)
