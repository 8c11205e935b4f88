"""Check-in at the organiser's desk (issue 36, items 7 and 12): before a draw the desk says who is not
checked in and what the draw will do with them; everyone is checked in with one button, or by scanning
codes (ids, names or members), all or nothing, each one a line of the audit log."""

from __future__ import annotations

import re
from typing import Any

from tablesport.store.service import EventStore

from .test_event_pages import Person, app  # noqa: F401  (the app fixture)


def league(web: Any) -> int:
    with web.state.sessions() as s:
        st = EventStore(s)
        players = [{"id": f"p{i}", "name": f"Player {i}"} for i in range(1, 17)]
        ev = st.create_event(
            {
                "event": "Rail day",
                "competitions": [{"key": "ttr", "preset": "ttr-event", "entrants": players}],
            },
            "desk",
        )
        s.commit()
        return ev.id


def test_the_desk_says_before_a_draw_who_is_not_checked_in_and_what_the_draw_does(app: Any) -> None:  # noqa: F811
    event_id = league(app)
    desk = f"/organiser/events/{event_id}/ttr"
    olga = Person(app, "olga")
    page = olga.c.get(desk).text
    assert "0 of 16 checked in" in page and 'data-draw="all"' in page
    assert "the draw will take all 16 entrants who have not withdrawn" in page
    # a scan that names nobody refuses the whole list, says which, keeps what was typed
    r = olga.post(desk, desk + "/check-in", {"codes": "p1, Player 2, nobody"})
    assert r.status_code == 400 and "nobody" in r.text and 'value="p1, Player 2, nobody"' in r.text
    assert "0 of 16 checked in" in r.text
    for code in ("p1", "player 2", " P3 "):  # a scanner: one code a submission, any case
        assert olga.post(desk, desk + "/check-in", {"codes": code}).status_code == 303
    page = olga.c.get(desk).text
    assert "3 of 16 checked in" in page and 'data-draw="checked"' in page
    left_out = re.search(r'id="draw-takes"[^>]*>([^<]+)<', page)
    assert left_out is not None and "only the 3 checked in" in left_out.group(1)
    assert "Player 4" in left_out.group(1) and "Player 1," not in left_out.group(1)
    zh = olga.c.get(desk + "?lang=zh-Hans").text
    assert "已签到 3 / 16" in zh and "未签到的将不参加" in zh
    assert olga.post(desk, desk + "/check-in", {"all": "1"}).status_code == 303
    page = olga.c.get(desk + "?lang=en").text
    assert "16 of 16 checked in" in page and 'id="check-in-all"' not in page
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Rail day", "ttr")
        assert all(e.checked_in for e in st.entrants(comp))
        lines = [a.subject for a in st.audit(comp) if a.action == "check_in"]
    assert lines[:3] == ["p1", "p2", "p3"] and sorted(lines) == sorted(f"p{i}" for i in range(1, 17))
    audit = page[page.index('id="audit"') :]
    assert re.search(r'<tr data-action="check_in"><td>[0-9:]+</td><td>checked in</td><td>p16</td>', audit)
