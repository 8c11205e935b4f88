"""The players' store on SQLite and on a real PostgreSQL: seats bound to accounts (once), ratings of a rated
table written once, the leaderboard and the profile's tables, reported chat messages."""

from __future__ import annotations

import secrets
import time

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from tablesport.server.live import ratings
from tablesport.store import accounts, players
from tablesport.store.players import PlayerRating, RatingChange
from tablesport.store.tables import FINISHED, WebTable

PASSWORD = "a long enough password"


def table_row(s: Session, preset: str, seats: int) -> str:
    tid = secrets.token_hex(6)
    now = time.time()
    s.add(WebTable(id=tid, game=preset.split("-")[0], preset=preset, seed=1, status=FINISHED,
                   header={"seats": ["person"] * seats}, footer=None, steps=0, last_h="", timers={},
                   clock_used=0.0, bot_delay=0.0, created=now, updated=now, result=None))
    s.flush()
    return tid


def test_seats_ratings_board_and_reports(engine: Engine) -> None:
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        ids = [accounts.create_user(s, f"{n}{tag}", "player", PASSWORD, by="test").id
               for n in ("ann", "bo", "cy")]
        tid = table_row(s, "goofspiel-3p", 3)
        for seat, uid in enumerate(ids):
            assert players.bind_seat(s, tid, seat, uid)
        assert not players.bind_seat(s, tid, 0, ids[1])  # the seat stays ann's
        s.commit()
        result = {"placements": [2, 1, 3], "sides": {}}
        assert ratings.rate(s, tid, "goofspiel", "goofspiel-3p", ["person"] * 3, result)
        assert not ratings.rate(s, tid, "goofspiel", "goofspiel-3p", ["person"] * 3, result)  # once only
        s.commit()
        rows = {r.user_id: r for r in s.scalars(select(PlayerRating).where(PlayerRating.user_id.in_(ids)))}
        assert rows[ids[1]].mu > rows[ids[0]].mu > rows[ids[2]].mu
        assert len(s.scalars(select(RatingChange).where(RatingChange.table_id == tid)).all()) == 3
        board = [r["name"] for r in players.leaderboard(s, "goofspiel-3p") if r["name"].endswith(tag)]
        assert board == [f"bo{tag}", f"ann{tag}", f"cy{tag}"]
        played = players.tables_of(s, ids[0])
        assert [(p.table_id, p.seat, p.rating and p.rating["place"]) for p in played] == [(tid, 0, 2)]
        other = table_row(s, "goofspiel-2p", 2)
        players.bind_seat(s, other, 0, ids[0])
        assert not ratings.rate(s, other, "goofspiel", "goofspiel-2p", ["person", "bot"], result)
        s.commit()
        assert players.tables_of(s, ids[0])[0].rating == {"rated": False, "reason": "bot"}
        players.add_report(s, f"table:{tid}", 3, f"ann{tag}", "rude <b>words</b>", f"bo{tag}", "x" * 300)
        s.commit()
        got = [r for r in players.reports(s) if r.author == f"ann{tag}"]
        assert len(got) == 1 and got[0].text == "rude <b>words</b>" and len(got[0].reason) == 200
