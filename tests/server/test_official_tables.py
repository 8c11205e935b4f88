"""A fixture's live table is official: its seats belong to the fixture's entrants (handed out only through the
referee's links: never listed as free, never joinable by a stranger), and the server chooses the seed of a
table that may count (a fixture's, a rated one), publishing only its commitment until the game is over."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from fastapi.testclient import TestClient

from tablesport.server.live.setup import SetupError
from tablesport.store import accounts
from tablesport.store.service import EventStore

from .test_event_pages import Person, app  # noqa: F401  (the app fixture)
from .test_players import play_goofspiel


def blokus_fixture(web: Any) -> str:
    """A Blokus day with round 1 drawn, ann its referee: the sheet of fixture R1-T1."""
    with web.state.sessions() as s:
        st = EventStore(s)
        ev = st.create_event(
            {
                "event": "Blokus day",
                "competitions": [
                    {"key": "blokus", "preset": "blokus-event", "entrants": [f"p{i}" for i in range(1, 9)]}
                ],
            },
            "desk",
        )
        st.next_round(st.competition("Blokus day", "blokus"), "desk")
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        return f"/referee/events/{ev.id}/blokus/fixtures/R1-T1"


def test_a_fixtures_seats_are_not_free_to_anyone(app: Any) -> None:  # noqa: F811
    sheet = blokus_fixture(app)
    ann = Person(app, "ann")
    r = ann.post(sheet, sheet + "/live", {})
    assert r.status_code == 201
    links = re.findall(r'class="seat-link" href="/play/([0-9a-f]+)/([^"]+)"', r.text)
    assert len(links) == 4
    tid = links[0][0]
    stranger = TestClient(app)
    stranger.portal = app.state.main_client.portal
    listed = {t["id"]: t for t in stranger.get("/api/v1/tables").json()["live"]}
    assert listed[tid]["free_seats"] == [] and listed[tid]["official"] is True
    lobby_open = stranger.get("/").text.split('id="open-tables"')[-1].split("</table>")[0]
    assert f'data-table="{tid}"' not in lobby_open
    for _ in range(5):  # the API's join and the lobby's join button hand out nothing
        r = stranger.post(f"/api/v1/tables/{tid}/join")
        assert r.status_code == 409, r.text
    page = stranger.get("/")
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert csrf is not None
    r = stranger.post(f"/tables/{tid}/join", data={"csrf": csrf.group(1)}, follow_redirects=False)
    assert r.status_code == 409
    table = app.state.room.tables[tid]
    assert table.status == "open" and not any(p.joined for p in table.seats)
    # the referee's links are the seats: each plays its entrant's seat
    for i, (_, token) in enumerate(links):
        assert table.seat_for_token(token) == i
        with stranger.websocket_connect(f"/ws/{tid}?token={token}") as ws:
            assert ws.receive_json()["seat"] == i


def test_a_fixtures_table_is_dealt_from_the_servers_seed(app: Any) -> None:  # noqa: F811
    room = app.state.room
    portal = app.state.main_client.portal
    seats = [{"kind": "bot", "bot": "random"}] * 4

    async def official_with_seed() -> None:
        await room.create("blokus-event", seats, 7, official=True)

    try:
        portal.call(official_with_seed)
    except SetupError as exc:
        assert exc.field == "seed" and "server chooses" in str(exc)
    else:
        raise AssertionError("an official table took its creator's seed")


def test_the_seed_is_a_commitment_until_the_game_is_over(app: Any) -> None:  # noqa: F811
    c = TestClient(app)
    c.portal = app.state.main_client.portal
    people = [{"kind": "person"}, {"kind": "person"}]
    made = c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": people}).json()
    assert made["seed"] is None and re.fullmatch(r"[0-9a-f]{64}", made["seed_commitment"])
    tid = made["id"]
    state = c.get(f"/api/v1/tables/{tid}").json()
    assert state["seed"] is None and state["seed_commitment"] == made["seed_commitment"]
    # the game is played to its end: the seed is published and matches what was committed to
    tokens = [s["token"] for s in made["seats"]]
    with (
        c.websocket_connect(f"/ws/{tid}?token={tokens[0]}") as w0,
        c.websocket_connect(f"/ws/{tid}?token={tokens[1]}") as w1,
    ):
        assert play_goofspiel([w0, w1])["status"] == "finished"
    final = c.get(f"/api/v1/tables/{tid}").json()
    assert final["status"] == "finished" and isinstance(final["seed"], int)
    assert hashlib.sha256(f"tablesport seed {final['seed']}".encode()).hexdigest() == made["seed_commitment"]
    # a seed chosen by its creator is given back (such a table is never rated)
    chosen = c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": people, "seed": 9}).json()
    assert chosen["seed"] == 9
    assert app.state.room.tables[chosen["id"]].seed_chosen
