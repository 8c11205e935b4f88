"""Issue 37 item 6: an entrant id (or a name typed by a referee) that starts like a spreadsheet formula is
exported neutralised in ``standings.csv`` and ``results.csv`` (OWASP's CSV injection rule: a leading ``'``),
while plain numbers, negative ones included, stay numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.store.service import EventStore
from tablesport.tournament.printouts import safe_cell

IDS = ['=HYPERLINK("http://x.example/","win")', "+SUM(A1:A9)", "-2+3", "@cmd"]


def test_formula_cells_are_neutralised_in_both_exports(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        with app.state.sessions() as s:
            st = EventStore(s)
            teams = [{"id": e, "members": [f"m{i}a", f"m{i}b", f"m{i}c"]} for i, e in enumerate(IDS)]
            ev = st.create_event(
                {
                    "event": "Day",
                    "competitions": [
                        {"key": "sgs", "preset": "sgs-3v3-2011", "groups": 1, "entrants": teams}
                    ],
                },
                "=cmd|' /C calc'!A0",
            )
            st.draw(st.competition("Day", "sgs"), "@organiser")
            s.commit()
            event_id = ev.id
        base = f"/api/v1/events/{event_id}/competitions/sgs/exports"
        cells = []
        for what in ("standings", "results"):
            r = c.get(f"{base}/{what}.csv")
            assert r.status_code == 200, r.text
            rows = list(csv.reader(io.StringIO(r.text)))
            assert len(rows) > 1
            cells += [cell for row in rows[1:] for cell in row]
        assert cells
        dangerous = [x for x in cells if x[:1] in ("=", "+", "-", "@") and not x.lstrip("+-").isdigit()]
        assert dangerous == []
        for e in IDS:
            assert "'" + e in cells or any(x.startswith("'" + e) for x in cells), e


def test_safe_cell_keeps_numbers() -> None:
    assert safe_cell("-3") == "-3" and safe_cell(-3) == -3 and safe_cell("+1.5") == "+1.5"
    assert safe_cell("=1+1") == "'=1+1" and safe_cell("\tx") == "'\tx" and safe_cell("plain") == "plain"
