"""A physical table of this game scored from what the referee sees there, by the game's own engine
(:meth:`tablesport.core.Game.table_scorers`, :mod:`tablesport.store.score_from_table`).

``ttr-event``: each player's claimed routes (city pairs or route ids) and destination tickets (city pairs
or ticket ids) → the final scoring by the Ticket to Ride engine (route points, tickets ±, the longest path
+10 to all who tie), with the game's places (most completed tickets, then the longest path, between equal
totals).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import rule
from tablesport.tournament.seating import check_table_players

from .claims import InputError, score


def ttr_claims(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any], table: str
               ) -> dict[str, Any]:
    seen = {str(k): v for k, v in result["seen"].items()}
    check_table_players(table, players, list(seen), "claims seen")
    try:
        rows = score({"players": [seen[p] for p in players]})["players"]
    except InputError as exc:
        message = str(exc)
        for i, p in enumerate(players):
            message = message.replace(f"player {i}", p)
        raise TournamentError(f"{table}: {message}", rule=rule("table_score"),
                              allowed=['{player: {"routes": [[city, city], ...], '
                                       '"tickets": [[city, city], ...]}}'],
                              field="seen") from None
    out: dict[str, Any] = {k: v for k, v in result.items() if k not in ("scores", "places")}
    out["scores"] = {p: r["total"] for p, r in zip(players, rows, strict=True)}
    out["places"] = {p: r["place"] for p, r in zip(players, rows, strict=True)}
    return out


SCORERS = {"ttr-event": ttr_claims}
"""Competition preset → its scorer: (the result as entered, with its ``seen`` mapping; the table's
players in seat order; the players' divisions; the table's name) → the result fields it takes."""
