"""Players on a real PostgreSQL store (the same flow as on SQLite): two players register through the form,
play a table over the WebSocket, the finished table is rated once, and profile and leaderboard show it."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient
from sqlalchemy import select

from tablesport.server.app import create_app
from tablesport.server.web import auth
from tablesport.store import players
from tablesport.store.players import PlayerRating, RatedTable
from tests.server.test_players import play_goofspiel, register, wait_for


def test_a_rated_table_on_postgresql(pg_url: str) -> None:
    tag = secrets.token_hex(3)
    app = create_app(pg_url, bot_delay=0.0)
    with TestClient(app) as c:
        cookies = []
        for who in ("ann", "bo"):
            c.cookies.clear()
            assert register(c, f"{who}{tag}").status_code == 303
            cookies.append(f"{auth.SESSION_COOKIE}={c.cookies.get(auth.SESSION_COOKIE)}")
        c.cookies.clear()
        people = [{"kind": "person"}] * 2  # the server's seed: a chosen one is never rated
        t = c.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": people}).json()
        tid, tok = t["id"], [s["token"] for s in t["seats"]]
        with c.websocket_connect(f"/ws/{tid}?token={tok[0]}", headers={"cookie": cookies[0]}) as w0, \
                c.websocket_connect(f"/ws/{tid}?token={tok[1]}", headers={"cookie": cookies[1]}) as w1:
            assert play_goofspiel([w0, w1])["status"] == "finished"

        def rated() -> bool:
            with app.state.sessions() as s:
                row = s.get(RatedTable, tid)
                return row is not None and row.rated

        wait_for(rated)
        with app.state.sessions() as s:
            assert sorted(n for _, n in players.seated_accounts(s, tid).values()) == [f"ann{tag}", f"bo{tag}"]
            uids = [uid for uid, _ in players.seated_accounts(s, tid).values()]
            rows = s.scalars(select(PlayerRating).where(PlayerRating.user_id.in_(uids))).all()
            assert len(rows) == 2 and all(r.games == 1 for r in rows)
        board = c.get("/api/v1/leaderboards/goofspiel-2p").json()["rows"]
        assert {r["name"] for r in board} >= {f"ann{tag}", f"bo{tag}"}
        assert c.get(f"/api/v1/players/ann{tag}").json()["tables"][0]["replay"] == f"/replay/{tid}"
