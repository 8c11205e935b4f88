"""Issue 38.1: a bot may know only what its seat knows, and a Pictionary guesser sees strokes; no bot here
reads a drawing, so Pictionary is played by people only (seed 000 Pictionary §2: the team guesses what its
picturist draws). Bots-only tables (simulations) keep the ``player`` model; it accuses nobody."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesport.core import Rng
from tablesport.games.pictionary.bots import PlayerBot
from tablesport.server.app import create_app

from .helpers import act, digital_roll_off, guesser, start_minute, table


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)) as c:
        yield c


def test_a_watching_bot_reports_no_foul_it_did_not_see() -> None:
    """000 Pictionary §2, §3: a foul is a foul seen; a bot of the team not drawing saw nothing, so it says
    so (``["no_foul"]``), drops out of the minute, and nobody is reported."""
    st = table("pictionary-event", seed=2)
    digital_roll_off(st)
    start_minute(st)
    while (w := st.word) is not None and w.all_play:  # the team in turn guesses and rolls off Start
        act(st, guesser(st, st.turn), ["guess", st.answer])
        act(st, st.roller, "roll")
        start_minute(st)
    assert w is not None and len(w.teams) == 1
    watcher = st.team_seats(1 - st.turn)[0]
    d = st.pending()
    assert d is not None and watcher in d.seats
    action = PlayerBot(Rng(1)).act(st, watcher, d)
    assert action == ("no_foul",)
    assert act(st, watcher, action) == []
    after = st.pending()
    assert after is not None and watcher not in after.seats
    assert [t["reports"] for t in st.view(None)["teams"]] == [0, 0]


def test_no_bot_sits_with_people_at_a_pictionary_table_and_the_lobby_says_why(web: TestClient) -> None:
    for preset, n in (("pictionary-event", 6), ("pictionary-table", 7)):
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "player"}] * (n - 1)
        r = web.post("/api/v1/tables", json={"preset": preset, "seats": seats})
        assert r.status_code == 400, r.text
        err = r.json()
        assert "people only" in err["message"] and "Pictionary §2" in err["message"]
        assert err["field"] == "seats.1.kind"
    bots = [{"kind": "bot", "bot": "player"}] * 6  # a bots-only table (a demonstration) is allowed
    assert web.post("/api/v1/tables", json={"preset": "pictionary-event", "seats": bots}).status_code == 201
    page = web.get("/?lang=en").text
    for option in (x for x in page.split("<option") if 'value="pictionary' in x):
        assert 'data-bots=""' in option and 'data-people-only="1"' in option
    goofspiel = page.split('value="goofspiel-2p"')[1][:200]
    assert 'data-bots=""' not in goofspiel and "people-only" not in goofspiel


def test_quick_play_for_pictionary_waits_for_people_and_takes_no_bot(web: TestClient) -> None:
    r = web.post("/api/v1/quickplay", json={"preset": "pictionary-event", "bot": "player", "wait": 1})
    assert r.status_code == 400 and "people only" in r.json()["message"]
    a = web.post("/api/v1/quickplay", json={"preset": "pictionary-event", "wait": 0.2}).json()
    assert a["status"] == "waiting"
    time.sleep(0.6)
    assert web.get(f"/api/v1/quickplay/{a['ticket']}").json()["status"] == "waiting"  # no bots filled in


def test_quick_play_offers_no_paper_table(web: TestClient) -> None:
    """Issue 38.9: a paper table (seed 000 Pictionary played with pencil and paper) is run by its own
    facilitator; quick play, which seats strangers, neither offers nor takes it."""
    page = web.get("/quickplay").text
    assert 'value="pictionary-event"' in page and 'value="pictionary-table' not in page
    r = web.post("/api/v1/quickplay", json={"preset": "pictionary-table", "wait": 1})
    assert r.status_code == 400 and "facilitator" in r.json()["message"]
