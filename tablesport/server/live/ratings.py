"""Ratings per game and preset with OpenSkill (the ``openskill`` library's Plackett–Luce model).

When a table finishes, :func:`rate_table` decides whether it is rated and, if so, updates the rating of every
player at it, once (a table is looked at once; :class:`~tablesport.store.players.RatedTable` keeps why a table
was not rated):

* **Rated** when every seat is a person's, each bound to a different signed-in account (the account that
  opened the seat link), and the game ended with placements. A table with a bot seat is **not rated**: a bot's
  strength depends on its options and the machine it thinks on, so a fixed rating for it would be a guess.
  A guided first game (``/learn/<game>``: hints, bots in the other seats) is never rated, whoever sits at it.
* **Teams**: a game with sides (Sanguosha 3v3, …) is rated side against side, each side a team of its
  players, ranked by the side's placement; a game without sides (Blokus, Rummikub, Ticket to Ride, …) is
  free-for-all, each seat ranked by its placement (equal placements tie).
* The shown rating is ``mu − 3·sigma`` (OpenSkill's ordinal); a new player starts at mu 25, sigma 25/3.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session, sessionmaker

from tablesport.store import players
from tablesport.store.db import retry_locked
from tablesport.store.players import PlayerRating, RatedTable, RatingChange

if TYPE_CHECKING:
    from .table import LiveTable

log = logging.getLogger("tablesport.server")
_LOCK = asyncio.Lock()


def model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def teams_of(result: dict[str, Any], seats: int) -> list[tuple[list[int], int]]:
    """(seats, placement) of each team: a game's sides, else every seat alone."""
    sides = result.get("sides") or {}
    if sides:
        return [(list(s["seats"]), int(s["placement"])) for s in sides.values()]
    placements = result.get("placements") or []
    if len(placements) != seats:
        return []
    return [([i], int(p)) for i, p in enumerate(placements)]


REASONS = {
    "no_result": "the game has no result",
    "guided": "a guided first game, played with hints",
    "bot": "a bot played",
    "anonymous": "a seat was played without an account",
    "same_account": "one account played more than one seat",
    "no_placements": "the result has no placements",
    "seed_chosen": "its creator chose the seed (from which every hidden card follows)",
}
"""Why a finished table is not rated: its code (in the store; the pages' ``unrated.<code>``) and words."""


def unrated_reason(kinds: list[str], bound: dict[int, tuple[int, str]], result: dict[str, Any] | None,
                   guided: bool = False, seed_chosen: bool = False) -> str:
    """Why a finished table is not rated (a code of :data:`REASONS`; "" when it is rated)."""
    if result is None:
        return "no_result"
    if guided:
        return "guided"
    if any(k != "person" for k in kinds):
        return "bot"
    if len(bound) != len(kinds):
        return "anonymous"
    if len({uid for uid, _ in bound.values()}) != len(kinds):
        return "same_account"
    if seed_chosen:
        return "seed_chosen"
    if not teams_of(result, len(kinds)):
        return "no_placements"
    return ""


def rate(session: Session, table_id: str, game: str, preset: str, kinds: list[str],
         result: dict[str, Any] | None, guided: bool = False, seed_chosen: bool = False) -> bool:
    """Rate the finished table once; True if it was rated now."""
    if players.already_rated(session, table_id):
        return False
    bound = players.seated_accounts(session, table_id)
    why = unrated_reason(kinds, bound, result, guided, seed_chosen)
    now = time.time()
    if why:
        session.add(RatedTable(table_id=table_id, rated=False, reason=why, at=now))
        session.flush()
        return False
    assert result is not None
    m = model()
    teams = teams_of(result, len(kinds))
    rows: dict[int, PlayerRating] = {}
    for seats, _ in teams:
        for s in seats:
            uid = bound[s][0]
            row = players.rating_of(session, uid, preset)
            if row is None:
                fresh = m.rating()
                row = PlayerRating(user_id=uid, preset=preset, game=game, mu=fresh.mu, sigma=fresh.sigma,
                                   games=0, updated=now)
                session.add(row)
            rows[s] = row
    before = {s: (r.mu, r.sigma) for s, r in rows.items()}
    rated = m.rate([[m.create_rating([rows[s].mu, rows[s].sigma]) for s in seats] for seats, _ in teams],
                   ranks=[float(place) for _, place in teams])
    for (seats, place), new in zip(teams, rated, strict=True):
        for s, r in zip(seats, new, strict=True):
            row = rows[s]
            row.mu, row.sigma, row.games, row.updated = float(r.mu), float(r.sigma), row.games + 1, now
            session.add(RatingChange(table_id=table_id, user_id=bound[s][0], preset=preset, place=place,
                                     mu_before=before[s][0], sigma_before=before[s][1], mu_after=row.mu,
                                     sigma_after=row.sigma, at=now))
    session.add(RatedTable(table_id=table_id, rated=True, reason="", at=now))
    session.flush()
    return True


async def on_table_finished(sessions: sessionmaker[Session], table: LiveTable) -> None:
    """The room's finish listener: rate the table (one at a time in this process)."""
    kinds = [p.kind for p in table.seats]

    def job() -> bool:
        with sessions() as s:
            done = rate(s, table.id, table.game.name, table.rs.preset, kinds, table.result, table.guided,
                        table.seed_chosen)
            s.commit()
            return done

    async with _LOCK:
        try:
            if await retry_locked(lambda: asyncio.to_thread(job)):
                log.info("table %s rated", table.id)
        except Exception:
            log.exception("table %s: rating failed", table.id)
