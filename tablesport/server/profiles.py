"""What the profile and leaderboard pages (and their API) show, read from the store."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session, sessionmaker

from tablesport.store import accounts, players
from tablesport.store.tables import FINISHED

if TYPE_CHECKING:
    from .hall import Hall


def profile(sessions: sessionmaker[Session], name: str) -> dict[str, Any] | None:
    """A player's ratings and tables (``None``: no such enabled account)."""
    with sessions() as s:
        user = accounts.find_user(s, name)
        if user is None or user.disabled:
            return None
        ratings = [{"game": r.game, "preset": r.preset, "rating": players.ordinal(r.mu, r.sigma),
                    "mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "games": r.games}
                   for r in players.ratings_of(s, user.id)]
        tables = [{"table": t.table_id, "game": t.game, "preset": t.preset, "status": t.status,
                   "seat": t.seat, "result": t.result, "rating": t.rating,
                   "replay": f"/replay/{t.table_id}" if t.status == FINISHED else None}
                  for t in players.tables_of(s, user.id)]
        return {"name": user.name, "id": user.id, "ratings": ratings, "tables": tables}


def seats_in_play(hall: Hall, tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Of a player's ``tables`` (:func:`profile`), those open or running in ``hall``, each with the seat's
    link (``url``; ``None`` for a seat with no token). Only for the player's own eyes: the profile and the
    lobby show them to that player signed in."""
    mine: list[dict[str, Any]] = []
    for row in tables:
        table = hall.tables.get(row["table"])
        if table is not None and table.status in ("open", "running"):
            token = table.seats[row["seat"]].token
            mine.append({**row, "url": f"/play/{table.id}/{token}" if token else None})
    return mine


def board(sessions: sessionmaker[Session], game: str, preset: str) -> dict[str, Any]:
    with sessions() as s:
        return {"game": game, "preset": preset, "rows": players.leaderboard(s, preset)}
