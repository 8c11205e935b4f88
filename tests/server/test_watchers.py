"""Issue 37 item 10: one address may hold only so many sockets open just to watch (tables' spectators, the
lobby, an event's projector); one more is told so and closed, a seat's own socket is never counted, and a
closed socket frees its place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.web import watchers


def first_frame(ws: Any) -> dict[str, Any]:
    frame: dict[str, Any] = ws.receive_json()
    return frame


def test_watching_sockets_are_capped_per_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app, client=("10.0.0.1", 5000)) as c:
        app.state.watchers = watchers.Watchers(2)
        made = c.post(
            "/api/v1/tables",
            json={"preset": "goofspiel-2p", "seed": 1, "seats": [{"kind": "person"}, {"kind": "person"}]},
        ).json()
        tid = made["id"]
        with c.websocket_connect(f"/ws/{tid}") as one, c.websocket_connect("/ws/lobby") as two:
            assert first_frame(one)["type"] != "error"
            first_frame(two)
            with c.websocket_connect(f"/ws/{tid}") as three:
                refused = first_frame(three)
                assert refused["type"] == "error" and refused["code"] == "too_many_watchers"
                assert "at most 2" in refused["message"]
            with c.websocket_connect("/ws/events/1") as four:
                assert first_frame(four)["code"] == "too_many_watchers"
            for seat in made["seats"]:  # the players' own sockets are not counted
                with c.websocket_connect(f"/ws/{tid}?token={seat['token']}") as ws:
                    assert first_frame(ws)["type"] != "error"
            other = TestClient(app, client=("10.0.0.2", 5000))  # another address has its own count
            with other.websocket_connect(f"/ws/{tid}") as ws:
                assert first_frame(ws)["type"] != "error"
        assert app.state.watchers.open == {}
        with c.websocket_connect(f"/ws/{tid}") as again:  # the closed ones freed their places
            assert first_frame(again)["type"] != "error"
