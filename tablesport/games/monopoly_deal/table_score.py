"""A physical table of this game scored from what the referee sees there, by the game's own engine
(:meth:`tablesport.core.Game.table_scorers`, :mod:`tablesport.store.score_from_table`).

``monopoly-deal-event``: each player's bank cards and property cards (with any House/Hotel), by card id,
key or money as ``5M`` → each player's bank + property value by the Monopoly Deal engine's ``table_value``
(seed 000 THE WINNER), which the competition ranks 10/7/5/3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import rule
from tablesport.tournament.seating import check_table_players

from .scoring import TableError, seen_cards, table_value


def monopoly_deal_values(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any],
                         table: str) -> dict[str, Any]:
    if result.get("scores") is not None:
        raise TournamentError(f"{table}: give either 'scores' or what the referee sees ('seen'), not both: "
                              "the values are worked out from what is seen", rule=rule("monopoly_deal_value"),
                              allowed=["seen: {player: {bank, properties}}", "scores: {player: value}"],
                              field="scores")
    seen = {str(k): v for k, v in result["seen"].items()}
    if len(seen) != len(result["seen"]):
        raise TournamentError(f"{table}: a player is listed twice in 'seen'",
                              rule=rule("monopoly_deal_value"), field="seen")
    check_table_players(table, players, list(seen), "tables seen")
    try:
        values = table_value(seen)
        kept = seen_cards(seen)
    except TableError as exc:
        raise TournamentError(str(exc), rule=rule("monopoly_deal_value"), allowed=exc.allowed,
                              field="seen") from None
    out: dict[str, Any] = {k: v for k, v in result.items() if k != "scores"}
    out["scores"] = {p: values[p] for p in players}
    out["seen"] = kept
    return out


SCORERS = {"monopoly-deal-event": monopoly_deal_values}
"""Competition preset → its scorer: (the result as entered, with its ``seen`` mapping; the table's
players in seat order; the players' divisions; the table's name) → the result fields it takes."""
