"""A game of a physical table scored from what the referee sees there, by the game's own engine.

The referee's reading of the table (the tiles left on each rack, the Blokus pieces not placed, ...) is
turned into the result fields the competition takes by the scorer its game registers for the
competition's preset (a game's ``table_score.py``, :meth:`tablesport.core.Game.table_scorers`); the
result keeps what was seen next to the score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablesport.games import all_games
from tablesport.tournament.errors import TournamentError

SeenScorer = Callable[[Mapping[str, Any], Sequence[str], Mapping[str, Any], str], dict[str, Any]]
"""(the result as entered, with its ``seen`` mapping; the table's players in seat order; the players'
divisions; the table's name for messages) → the result fields the competition takes (``seen`` kept)."""


def scorers() -> dict[str, SeenScorer]:
    """Every game's scorers by competition preset."""
    return {preset: fn for game in all_games().values() for preset, fn in game.table_scorers().items()}


def score_seen(preset: str, result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any],
               table: str) -> dict[str, Any]:
    """The result with its score worked out from ``result['seen']`` (refused with what is wrong)."""
    found = scorers()
    fn = found.get(preset)
    if fn is None:
        raise TournamentError(f"{preset} has no scoring from what the referee sees yet; enter the scores",
                              allowed=[f"seen: for {', '.join(sorted(found))}", "scores: {player: score}"],
                              field="seen")
    seen = result.get("seen")
    if not isinstance(seen, Mapping):
        raise TournamentError("'seen' maps each player to what the referee sees in front of them",
                              field="seen")
    return fn(result, players, divisions, table)
