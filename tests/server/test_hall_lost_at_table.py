"""A lost Rummikub sheet reported at a table while its game is played (issue 36, item 14; seed 002 賽制 1:
每遺失一張「記分紙」，該參賽者的所有記分，正分將扣減10%; 12:00 起將暫停換領新「記分紙」). Before the cut-off
the player stays seated and the game goes on a new sheet; from the cut-off the refusal names a moment that
comes (leaving the table with a full sheet)."""

from __future__ import annotations

import re
from typing import Any

from tablesport.store.service import EventStore

from .test_event_pages import app, rummikub_hall  # noqa: F401  (the app fixture)


def test_a_sheet_lost_at_a_table_in_play(app: Any) -> None:  # noqa: F811
    players = ["Amy", "Ben", "Cat", "Dan"]
    ann, hall = rummikub_hall(app, dict.fromkeys(players, "senior"))
    page = ann.c.get(hall).text
    table_form = re.search(r'<form [^>]*class="bar lost-at-table" data-table="1">.*?</form>', page, re.S)
    assert table_form is not None and "<option>Amy</option>" in table_form.group(0)
    # 10:05, table 1 in play: Amy's sheet is lost; she stays seated and takes a new sheet
    r = ann.post(hall, hall + "/lost-sheet", {"player": "Amy", "at": "10:05"})
    assert r.status_code == 303
    page = ann.c.get(hall).text
    assert re.search(
        r'<tr data-table="1" data-playing="yes"><td>[^<]*</td><td>Amy · Ben · Cat · Dan</td>', page
    )
    # the game ends: Amy wins it (Ben 10, Cat 20, Dan 30 left) → +60 on her new sheet, then −10 % (賽制 1)
    rows = re.search(r'<tr data-table="1" data-playing="yes"><td>[^<]*</td><td>([^<]*)</td>', page)
    assert rows is not None
    order = rows.group(1).split(" · ")
    racks = {"Ben": "10", "Cat": "20", "Dan": "30", "Amy": "0"}
    form = {
        "table": "1",
        "winner": "Amy",
        "at": "10:20",
        **{f"rack_{i}": racks[p] for i, p in enumerate(order)},
    }
    assert ann.post(hall, hall + "/game", form).status_code == 303
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Tuen Mun", "rk")
        amy = next(r for r in st.standings(comp) if r["entrant"] == "Amy")
    # the game is on her second sheet; the lost one never counts; her plus points 60 × 0.9
    assert amy["tiebreaks"]["best_sheet"] == [60.0] and amy["tiebreaks"]["sheets"] == 2
    assert amy["tiebreaks"]["lost_sheets"] == 1 and amy["points"] == 54
    # the two with most left re-queue and sit again at once (賽制 4-5): table 1 plays its next game; from
    # the cut-off no new sheet is given, and the refusal says when the loss can be reported
    page = ann.c.get(hall).text
    assert '<tr data-table="1" data-playing="yes">' in page
    r = ann.post(hall, hall + "/lost-sheet", {"player": "Ben", "at": "12:05"})
    assert r.status_code == 400 and "when the player leaves the table" in r.text
