"""Score sheets to print (issue 36, item 13): blank Sanguosha sheets for the next round when no match is
open, sheets for the 4-player leagues' tables, and a refusal a browser reads as a page, not JSON."""

from __future__ import annotations

from typing import Any

from tablesport.store.service import EventStore

from .test_event_pages import app  # noqa: F401  (the app fixture)

PAGE = {"accept": "text/html"}


def test_blank_sanguosha_sheets_for_the_next_round_and_league_table_sheets(app: Any) -> None:  # noqa: F811
    with app.state.sessions() as s:
        st = EventStore(s)
        teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 17)]
        players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 9)]
        ev = st.create_event(
            {
                "event": "Print day",
                "competitions": [
                    {"key": "sgs", "preset": "sgs-3v3-2011", "entrants": teams},
                    {"key": "ttr", "preset": "ttr-event", "entrants": players},
                    {
                        "key": "pic",
                        "preset": "pictionary-event",
                        "entrants": [
                            {"id": f"Pic{i}", "members": [f"Q{i}a", f"Q{i}b", f"Q{i}c"]} for i in range(1, 5)
                        ],
                    },
                ],
            },
            "desk",
        )
        s.commit()
        event_id = ev.id
    c = app.state.main_client
    # before the draw: the first group round's sheets, blank (16 teams → 8 matches; seed 000: best of 2
    # in the groups, a line per game)
    r = c.get(f"/events/{event_id}/sgs/print/sheets")
    assert r.status_code == 200 and r.text.count('<div class="page">') == 8
    assert "Team1" not in r.text and "____________" in r.text
    page = c.get(f"/events/{event_id}/sgs").text
    assert f"/events/{event_id}/sgs/print/sheets" in page  # linked before the draw too
    # a league before its round is drawn: a page that says what to do, not JSON
    r = c.get(f"/events/{event_id}/ttr/print/sheets", headers=PAGE)
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html")
    assert "draw the next round first" in r.text and 'id="error-page"' in r.text
    with app.state.sessions() as s:
        st = EventStore(s)
        st.next_round(st.competition("Print day", "ttr"), "desk")
        s.commit()
    r = c.get(f"/events/{event_id}/ttr/print/sheets")
    # 8 players, tables of 4 (seed 000 Ticket to Ride): 2 tables, a line per player, 10/7/5/3
    assert r.status_code == 200 and r.text.count('<div class="page">') == 2
    assert all(f"<td>Player {i}</td>" in r.text for i in range(1, 9))
    assert "Places give 10 / 7 / 5 / 3 points" in r.text and "Points 分数" in r.text
    r = c.get(f"/events/{event_id}/pic/print/sheets", headers=PAGE)
    assert r.status_code == 400 and 'id="error-page"' in r.text and "print standings instead" in r.text
    script = c.get(f"/events/{event_id}/pic/print/sheets").json()  # a script still gets JSON
    assert "print standings instead" in str(script)
