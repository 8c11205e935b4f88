"""Editing an entrant after registration from the organiser's desk (issue 36, item 11): name, division,
members (a substitute keeps the team's place and draw), club and seed, each change in the audit log with
before and after; a bad change is refused with what is allowed, keeping what was typed."""

from __future__ import annotations

from typing import Any

from tablesport.store.service import EventStore

from .test_event_pages import Person, app  # noqa: F401  (the app fixture)


def test_an_entrant_is_edited_after_the_draw_and_the_change_is_audited(app: Any) -> None:  # noqa: F811
    with app.state.sessions() as s:
        st = EventStore(s)
        teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
        ev = st.create_event(
            {
                "event": "Edit day",
                "competitions": [{"key": "sgs", "preset": "sgs-3v3-2014", "groups": 1, "entrants": teams}],
            },
            "desk",
        )
        st.draw(st.competition("Edit day", "sgs"), "desk")
        s.commit()
        event_id = ev.id
    desk = f"/organiser/events/{event_id}/sgs"
    olga = Person(app, "olga")
    page = olga.c.get(desk + "?edit=Team2").text
    assert 'id="edit-entrant"' in page and 'value="P2a; P2b; P2c"' in page
    edit = desk + "/entrants/Team2/edit"
    r = olga.post(
        desk, edit, {"name": "Tigers", "members": "P2a; P2b", "club": "", "seed": "", "division": ""}
    )
    assert r.status_code == 400 and "3 members, not 2" in r.text and 'value="P2a; P2b"' in r.text
    r = olga.post(desk, edit, {"name": "Tigers", "members": "P2a; P2b; P1c", "club": "", "seed": ""})
    assert r.status_code == 400 and "P1c already play for Team1" in r.text
    r = olga.post(
        desk,
        edit,
        {
            "name": "Tigers",
            "members": "P2a; P2b; Sub",
            "club": "North School",
            "seed": "2",
            "reason": "P2c is ill; Sub plays",
        },
    )
    assert r.status_code == 303
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Edit day", "sgs")
        row = next(e for e in st.entrants(comp) if e.key == "Team2")
        assert (row.name, list(row.members), row.club, row.seed) == (
            "Tigers",
            ["P2a", "P2b", "Sub"],
            "North School",
            2,
        )
        assert row.group == "A" and any("Team2" in f.entrants for f in st.fixtures(comp))  # same place
        line = next(a for a in st.audit(comp) if a.action == "edit_entrant")
        assert line.before["members"] == ["P2a", "P2b", "P2c"] and line.after["members"][-1] == "Sub"
        assert line.reason == "P2c is ill; Sub plays" and line.who == "olga"
    page = olga.c.get(desk).text
    assert "entrant edited" in page and "Tigers" in page
