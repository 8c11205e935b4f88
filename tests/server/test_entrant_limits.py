"""Issue 37 item 11: an entrant's texts have the API's limits wherever they come from; the CSV import stored a
60,000-character name where the API caps 200. Refused with the line, the field and what is allowed; nothing
of the list is stored."""

from __future__ import annotations

import pytest

from tablesport.store.service import EventStore
from tablesport.tournament.entrants import entrant_from
from tablesport.tournament.errors import TournamentError

from .test_event_pages import Person, app  # noqa: F401  (the app fixture)


def test_entrant_texts_have_the_apis_limits() -> None:
    for doc, says in (
        ({"id": "T1", "name": "n" * 60_000}, "name"),
        ({"id": "x" * 101}, "id"),
        ({"id": "T1", "members": ["a", "b" * 101]}, "members"),
        ({"id": "T1", "club": "c" * 201}, "club"),
        ({"id": "T1", "division": "d" * 33}, "division"),
        ({"id": "T1", "name": "tab\there"}, "name"),
        ({"id": "T1", "members": [str(i) for i in range(11)]}, "at most 10 members"),
    ):
        with pytest.raises(TournamentError, match=says):
            entrant_from(doc)
    with pytest.raises(TournamentError, match="1–100 printable"):
        entrant_from("y" * 101)
    ok = entrant_from({"id": "T1", "name": "n" * 200, "members": ["a" * 100], "club": "c" * 200})
    assert len(ok.name) == 200


def test_the_csv_import_refuses_a_huge_name(app) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    with app.state.sessions() as s:
        ev = EventStore(s).create_event(
            {"event": "Day", "competitions": [{"key": "open", "preset": "rummikub-2018", "tables": 2}]},
            "test",
        )
        s.commit()
        event_id = ev.id
    olga = Person(app, "olga")
    desk = f"/organiser/events/{event_id}/open"
    text = "id,name\nP1,Ann\nP2," + "n" * 60_000 + "\n"
    r = olga.post(desk, desk + "/import", {"csv": text})
    assert (
        r.status_code == 400 and "line 3" in r.text and "1–200 printable characters (60000 given)" in r.text
    )
    with app.state.sessions() as s:
        st = EventStore(s)
        assert st.entrants(st.competition("Day", "open")) == []
