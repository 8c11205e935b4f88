"""What the profile and leaderboard pages (and their API) show, read from the store."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from tablesport.store import accounts, players
from tablesport.store.tables import FINISHED, OPEN, RUNNING, WebSeat


def profile(sessions: sessionmaker[Session], name: str, viewer: int | None = None) -> dict[str, Any] | None:
    """A player's ratings and tables; ``None`` for no such enabled account, and for an account that has not
    played at any table unless the ``viewer`` is that account: only people who played have a profile, so a
    visitor cannot confirm that an account (an organiser's, a referee's) exists by its name."""
    with sessions() as s:
        user = accounts.find_user(s, name)
        if user is None or user.disabled:
            return None
        # the tables first: a table's rating change and the new rating are committed together, so a rated
        # table read here has its rating in the next read (SQLite reads each statement as it finds it)
        tables = [{"table": t.table_id, "game": t.game, "preset": t.preset, "status": t.status,
                   "seat": t.seat, "result": t.result, "rating": t.rating,
                   "replay": f"/replay/{t.table_id}" if t.status == FINISHED else None}
                  for t in players.tables_of(s, user.id)]
        ratings = [{"game": r.game, "preset": r.preset, "rating": players.ordinal(r.mu, r.sigma),
                    "mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "games": r.games}
                   for r in players.ratings_of(s, user.id)]
        if not tables and not ratings and viewer != user.id:
            return None
        return {"name": user.name, "id": user.id, "ratings": ratings, "tables": tables}


def seats_in_play(sessions: sessionmaker[Session], tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of a player's ``tables`` (:func:`profile`), those open or running, each with the seat's link
    (``url``; ``None`` for a seat with no token), read from the store: in hosted mode the table may be
    refereed by another process. Only for the player's own eyes: the profile and the lobby show them to
    that player signed in."""
    live = [row for row in tables if row["status"] in (OPEN, RUNNING)]
    if not live:
        return []
    with sessions() as s:
        tokens = {(seat.table_id, seat.seat): seat.token for seat in s.scalars(
            select(WebSeat).where(WebSeat.table_id.in_({row["table"] for row in live})))}
    mine: list[dict[str, Any]] = []
    for row in live:
        token = tokens.get((row["table"], row["seat"]))
        mine.append({**row, "url": f"/play/{row['table']}/{token}" if token else None})
    return mine


def board(sessions: sessionmaker[Session], game: str, preset: str) -> dict[str, Any]:
    with sessions() as s:
        return {"game": game, "preset": preset, "rows": players.leaderboard(s, preset)}
