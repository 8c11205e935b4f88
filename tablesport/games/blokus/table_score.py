"""A physical table of this game scored from what the referee sees there, by the game's own engine
(:meth:`tablesport.core.Game.table_scorers`, :mod:`tablesport.store.score_from_table`).

``blokus-event``: the pieces each player did not place (Pentobi names: 1, 2, I3, V3, I4, L4, O, T4,
Z4, F, I5, L5, N, P, T5, U, V5, W, X, Y, Z5), or all placed and whether the single square went last
→ the game score by the Blokus engine (−1 per square not placed, +15, +20).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import rule
from tablesport.tournament.seating import check_table_players

from .pieces import MONOMINO, PIECE_INDEX, PIECE_SIZES
from .state import colour_score


def blokus_pieces(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any], table: str
                  ) -> dict[str, Any]:
    seen = {str(k): v for k, v in result["seen"].items()}
    check_table_players(table, players, list(seen), "pieces seen")
    names = {n.upper(): n for n in PIECE_INDEX}
    scores: dict[str, int] = {}
    kept: dict[str, Any] = {}
    for p, v in seen.items():
        last = False
        if isinstance(v, Mapping):
            unknown = set(v) - {"unplaced", "monomino_last"}
            if unknown:
                raise TournamentError(f"{p}: unknown field(s) {sorted(unknown)}",
                                      allowed=["unplaced", "monomino_last"], field="seen")
            raw, last = v.get("unplaced", []), v.get("monomino_last", False)
            if not isinstance(last, bool):
                raise TournamentError(f"{p}: 'monomino_last' is true or false", field="seen")
        else:
            raw = v
        if raw in ("all", "none"):
            raw = []
        items = raw.split() if isinstance(raw, str) else raw
        if not isinstance(items, list | tuple):
            raise TournamentError(f"{p}: the pieces not placed are a list of piece names, not {raw!r}",
                                  rule=rule("blokus_pieces"), allowed=list(PIECE_INDEX), field="seen")
        pieces = []
        for x in items:
            name = names.get(str(x).strip().upper())
            if name is None:
                raise TournamentError(f"{p}: {x!r} is not a Blokus piece", rule=rule("blokus_pieces"),
                                      allowed=list(PIECE_INDEX), field="seen")
            pieces.append(name)
        twice = sorted(n for n, c in Counter(pieces).items() if c > 1)
        if twice:
            raise TournamentError(f"{p}: {', '.join(twice)} listed twice; each piece exists once per colour",
                                  rule=rule("blokus_pieces"), field="seen")
        if last and pieces:
            raise TournamentError(f"{p}: the single square can go last only when all 21 pieces are placed",
                                  rule=rule("table_score"), field="seen")
        left = sum(PIECE_SIZES[PIECE_INDEX[n]] for n in pieces)
        scores[p] = colour_score(left, not pieces, MONOMINO if last else None)
        kept[p] = {"unplaced": pieces, **({"monomino_last": True} if last else {})}
    out: dict[str, Any] = {k: v for k, v in result.items() if k != "scores"}
    out["scores"] = {p: scores[p] for p in players}
    out["seen"] = kept
    return out


SCORERS = {"blokus-event": blokus_pieces}
"""Competition preset → its scorer: (the result as entered, with its ``seen`` mapping; the table's
players in seat order; the players' divisions; the table's name) → the result fields it takes."""
