"""Issue 37 item 1, the rest: a seat is one connection (a seat link opened twice: the newest plays, the older
is told so in its language and its actions are refused), and a fixture's live-table seats are handed to the
accounts the organiser appointed as its entrants' captains (``/me``), to nobody else."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tablesport.server.live.seat_socket import CLOSE_ELSEWHERE
from tablesport.store import accounts, captain_accounts
from tablesport.store.service import EventStore

from .test_event_pages import PASSWORD, Person, app, token_of  # noqa: F401  (the app fixture)
from .test_official_tables import blokus_fixture
from .test_players import create, until

ELSEWHERE_ZH = "这个座位已在另一个窗口或设备上打开"


def client_of(app: Any) -> TestClient:  # noqa: F811
    c = TestClient(app)
    c.portal = app.state.main_client.portal  # the app's own event loop, where its tables play
    return c


def test_a_seat_link_opened_twice_is_one_seat(app: Any) -> None:  # noqa: F811
    c = client_of(app)
    made = create(c, "goofspiel-2p", [{"kind": "person"}, {"kind": "person"}])
    tid, (t0, t1) = made["id"], [s["token"] for s in made["seats"]]
    table = app.state.room.tables[tid]
    with (
        c.websocket_connect(f"/ws/{tid}?token={t0}&lang=zh-Hans") as older,
        c.websocket_connect(f"/ws/{tid}?token={t1}") as other,
    ):
        seen = until(older, lambda f: f["type"] in ("hello", "presence") and f["status"] == "running")
        until(other, lambda f: f["type"] in ("hello", "presence") and f["status"] == "running")
        with c.websocket_connect(f"/ws/{tid}?token={t0}&lang=en") as newer:
            hello = until(newer, lambda f: f["type"] == "hello")
            assert hello["seat"] == 0 and hello["decision"]["mine"]
            older.send_text(json.dumps({"type": "ping"}))  # a connection still playing the seat: "pong"
            told = until(older, lambda f: f["type"] in ("error", "pong"))
            assert told.get("code") == "seat_elsewhere" and told["message"].startswith(ELSEWHERE_ZH)
            # the older connection's bid is refused, never played; the newer one's is played
            bid = max(seen["decision"]["options"])
            steps = table.steps
            older.send_text(json.dumps({"type": "act", "seq": seen["seq"], "action": bid}))
            refused = older.receive_json()
            assert refused["code"] == "seat_elsewhere" and table.steps == steps
            assert sum(1 for x in table.clients if x.seat == 0) == 1
            newer.send_text(json.dumps({"type": "act", "seq": hello["seq"], "action": bid}))
            assert until(newer, lambda f: f["type"] in ("step", "error"))["type"] == "step"
            assert table.steps == steps + 1
            # a third connection: the newer one is displaced in turn, the older one is closed for good
            with c.websocket_connect(f"/ws/{tid}?token={t0}") as third:
                until(third, lambda f: f["type"] == "hello")
                assert until(newer, lambda f: f["type"] == "error")["code"] == "seat_elsewhere"
                with pytest.raises(WebSocketDisconnect) as closed:
                    until(older, lambda f: False)
                assert closed.value.code == CLOSE_ELSEWHERE


def test_a_fixtures_seats_go_to_its_captains_accounts(app: Any) -> None:  # noqa: F811
    sheet = blokus_fixture(app)
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Blokus day", "blokus")
        entrants = next(f for f in st.fixtures(comp) if f.key == "R1-T1").entrants
        # cap1 and cap2 captain the first two entrants; an account named like the third is appointed by nobody
        for name in ("cap1", "cap2", entrants[2]):
            accounts.create_user(s, name, "player", PASSWORD, by="test")
        captain_accounts.appoint(s, comp, entrants[0], "cap1", "olga")
        captain_accounts.appoint(s, comp, entrants[1], "cap2", "olga")
        s.commit()
    cap1, cap2, lookalike = Person(app, "cap1"), Person(app, "cap2"), Person(app, entrants[2])
    assert 'id="my-seats"' not in cap1.c.get("/me").text  # no table yet: nothing to take
    r = Person(app, "ann").post(sheet, sheet + "/live", {})
    assert r.status_code == 201
    links = re.findall(r'class="seat-link" href="/play/([0-9a-f]+)/([^"]+)"', r.text)
    tid = links[0][0]
    table = app.state.room.tables[tid]
    offered = re.compile(r'action="/me/seats/([0-9a-f]+)/(\d+)"')
    assert offered.findall(cap1.c.get("/me").text) == [(tid, "0")]
    assert offered.findall(cap2.c.get("/me").text) == [(tid, "1")]
    assert offered.findall(lookalike.c.get("/me").text) == []
    # the captain takes their entrant's seat: the seat's page, the same seat as the referee's link
    r = cap1.post("/me", f"/me/seats/{tid}/0", {})
    assert r.status_code == 303
    token = r.headers["location"].removeprefix(f"/play/{tid}/")
    assert table.seat_for_token(token) == 0 and token == links[0][1]
    assert cap1.c.get(r.headers["location"]).status_code == 200
    # another entrant's seat, an account named like an entrant: refused, saying why
    for who, seat in ((cap1, 1), (cap2, 0), (lookalike, 2)):
        r = who.post("/me", f"/me/seats/{tid}/{seat}", {})
        assert r.status_code == 403 and "This is not your seat" in r.text, r.text
        assert "/play/" not in r.text
    # a visitor with no account: refused, asked to sign in
    visitor = client_of(app)
    r = visitor.post(
        f"/me/seats/{tid}/2", data={"csrf": token_of(visitor.get("/").text)}, follow_redirects=False
    )
    assert r.status_code == 401 and "/play/" not in r.text
    # the referee's links still play their seats
    with visitor.websocket_connect(f"/ws/{tid}?token={links[3][1]}") as ws:
        assert ws.receive_json()["seat"] == 3
