"""Issue 37 item 10: open tables that nobody joined expire (abandoned in the store with a note, gone from the
room and the lobby); a table someone joined, one being watched and a fresh one stay."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import select

from tablesport.server.app import create_app
from tablesport.server.live import expiry
from tablesport.store.tables import ABANDONED, OPEN, WebNote, WebTable

TWO = {"preset": "goofspiel-2p", "seats": [{"kind": "person"}, {"kind": "person"}]}


def test_open_tables_nobody_joined_expire(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0, tables_per_minute=0)
    with TestClient(app) as c:
        room = app.state.room
        idle = c.post("/api/v1/tables", json=TWO).json()
        joined = c.post("/api/v1/tables", json=TWO).json()
        fresh = c.post("/api/v1/tables", json=TWO).json()
        seat = joined["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{joined['id']}?token={seat}") as ws:
            ws.receive_json()
        for tid in (idle["id"], joined["id"]):
            room.tables[tid].created -= expiry.OPEN_TABLE_SECONDS + 1
        gone = c.portal.call(expiry.sweep, room, expiry.OPEN_TABLE_SECONDS)
        assert gone == [idle["id"]]
        assert idle["id"] not in room.tables and {joined["id"], fresh["id"]} <= set(room.tables)
        assert idle["id"] not in c.get("/api/v1/tables").text
        with app.state.sessions() as s:
            row = s.get(WebTable, idle["id"])
            assert row is not None and row.status == ABANDONED
            notes = s.scalars(select(WebNote.text).where(WebNote.table_id == idle["id"])).all()
            assert any("nobody joined within 60 minutes" in n for n in notes)
            assert s.get(WebTable, fresh["id"]).status == OPEN  # type: ignore[union-attr]
        assert c.portal.call(expiry.sweep, room, 0) == []  # 0: tables never expire
        assert time.time() - room.tables[fresh["id"]].created < expiry.OPEN_TABLE_SECONDS
