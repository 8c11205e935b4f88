"""An app with a stored event, an organiser's token and a live table, for the API's tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tablesport.server.app import create_app
from tablesport.store.db import Base, make_engine
from tablesport.store.service import EventStore
from tablesport.store.tokens import SCOPES, create_token

EVENT = {
    "event": "Club day",
    "competitions": [
        {
            "key": "blokus",
            "preset": "blokus-event",
            "seed": 5,
            "rounds": 2,
            "entrants": ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"],
        },
        {
            "key": "sgs",
            "preset": "sgs-3v3-2014",
            "groups": 1,
            "entrants": [
                {"id": "Tigers", "members": ["Ann", "Bo", "Cy"], "seed": 1},
                {"id": "Dragons", "members": ["Di", "Ed", "Flo"], "seed": 2},
                {"id": "Phoenix", "members": ["Gu", "Hu", "Ivy"], "seed": 3},
                {"id": "Cranes", "members": ["Jo", "Ka", "Li"], "seed": 4},
            ],
        },
        {"key": "open", "preset": "ttr-event", "entrants": ["a1", "a2", "a3"]},
    ],
}


@dataclass
class Api:
    client: TestClient
    url: str
    event_id: int
    other_event_id: int
    token: str
    table: str
    fixture: str

    def auth(self, token: str | None = None) -> dict[str, str]:
        return {"authorization": f"Bearer {token or self.token}"}

    def session(self) -> Session:
        return Session(make_engine(self.url))

    def counts(self) -> dict[str, int]:
        """Rows per table, the token log left out (it records refused uses too)."""
        with self.session() as s:
            return {
                t.name: s.scalar(select(func.count()).select_from(t)) or 0
                for t in Base.metadata.sorted_tables
                if t.name != "api_token_uses"
            }


def make_api(tmp_path: Path) -> Iterator[Api]:
    url = f"sqlite:///{tmp_path / 'api.sqlite3'}"
    app = create_app(url, bot_delay=0.0)
    with TestClient(app) as client:
        engine = make_engine(url)
        with Session(engine) as s:
            st = EventStore(s)
            ev = st.create_event(EVENT, "desk")
            other = st.create_event(
                {"event": "Other day", "competitions": [{"key": "x", "preset": "ttr-event"}]}, "desk"
            )
            comp = st.competition("Club day", "blokus")
            fixture = st.next_round(comp, "desk")[0].key
            st.draw(st.competition("Club day", "sgs"), "desk")
            _, secret = create_token(s, "olga", "desk laptop", ["Club day"], SCOPES)
            s.commit()
            ids = ev.id, other.id
        engine.dispose()
        r = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": [{"kind": "person"}] * 2})
        assert r.status_code == 201, r.text
        yield Api(client, url, ids[0], ids[1], secret, r.json()["id"], fixture)


def is_error(body: Any) -> bool:
    """The one error shape."""
    return (
        isinstance(body, dict)
        and isinstance(body.get("code"), str)
        and isinstance(body.get("message"), str)
        and body["message"] != ""
        and "field" in body
        and isinstance(body.get("allowed"), list)
    )
