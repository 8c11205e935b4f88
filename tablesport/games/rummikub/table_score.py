"""A physical table of this game scored from what the referee sees there, by the game's own engine
(:meth:`tablesport.core.Game.table_scorers`, :mod:`tablesport.store.score_from_table`).

``rummikub-2018``: the tiles left on each loser's rack (codes such as ``R7``, ``K13``, ``J``) and whether
the player had made the initial meld → rack totals by the Rummikub engine's scoring (a joker 30;
without the initial meld −100, or −200 when the rack could have made it, decided by the engine's
exact solver); the competition then applies the ×1.2 for a junior winner and the winner's sum.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import rule
from tablesport.tournament.seating import check_table_players

from .scoring import rack_loss
from .solver import can_meld
from .tiles import code_of, is_code, is_id


def rack_codes(value: Any, who: str) -> list[str]:
    """A rack as tile codes (``R7 K13 J`` or a list; ids such as ``R7a`` taken as their codes)."""
    items = value.split() if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise TournamentError(f"{who}: a rack is tile codes (R7 K13 J), not {value!r}",
                              rule=rule("rummikub_tiles"), field="seen")
    out = []
    for t in items:
        t = str(t).strip().upper() if not is_id(str(t).strip()) else str(t).strip()
        if is_id(t):
            t = code_of(t)
        if not is_code(t):
            raise TournamentError(f"{who}: {t!r} is not a tile", rule=rule("rummikub_tiles"),
                                  allowed=["R1–R13", "B1–B13", "O1–O13", "K1–K13", "J"], field="seen")
        out.append(t)
    return out


def rack_total(rack: Sequence[str], melded: bool) -> Any:
    """What a loser's rack of tile codes costs as the hall takes it: the total, or ``{"never_melded":
    100 or 200}`` (200 when the tiles could have made the initial meld, by the engine's solver)."""
    loss = rack_loss(rack, melded, False if melded else can_meld(rack))
    return loss.points if loss.rule == "rack" else {"never_melded": loss.points}


def rummikub_racks(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any], table: str
                   ) -> dict[str, Any]:
    seen = {str(k): v for k, v in result["seen"].items()}
    winner = result.get("winner")
    racks: dict[str, list[str]] = {}
    melded: dict[str, bool] = {}
    for p, v in seen.items():
        if isinstance(v, Mapping):
            unknown = set(v) - {"tiles", "melded"}
            if unknown:
                raise TournamentError(f"{p}: unknown field(s) {sorted(unknown)}", allowed=["tiles", "melded"],
                                      field="seen")
            racks[p] = rack_codes(v.get("tiles", []), p)
            m = v.get("melded", True)
            if not isinstance(m, bool):
                raise TournamentError(f"{p}: 'melded' is true or false (made the 30-point initial meld)",
                                      field="seen")
            melded[p] = m
        else:
            racks[p] = rack_codes(v, p)
            melded[p] = True
    named = list(racks) if winner is None else list({*racks, str(winner)})
    check_table_players(table, players, named, "racks seen", "rummikub_table")
    if winner is not None and racks.get(str(winner)):
        raise TournamentError(f"the winner {winner} went out: their rack is empty, "
                              f"not {' '.join(racks[str(winner)])}", rule=rule("rummikub_scoring"),
                              field="seen")
    if winner is not None and not melded.get(str(winner), True):
        raise TournamentError(f"the winner {winner} went out, so they made the initial meld: "
                              "'never melded' is for a player still holding tiles",
                              rule=rule("rummikub_scoring"), field="seen")
    empty = [p for p, r in racks.items() if not r and p != winner]
    if empty:
        raise TournamentError(f"{', '.join(empty)}: an empty rack means going out; name the winner instead",
                              rule=rule("rummikub_scoring"), field="seen")
    count = Counter(c for r in racks.values() for c in r)
    over = sorted(c for c, n in count.items() if n > 2)
    if over:
        raise TournamentError(f"{', '.join(over)} seen more than twice: "
                              "there are two of each tile and two jokers",
                              rule=rule("rummikub_tiles"), field="seen")
    totals: dict[str, Any] = {}
    for p, rack in racks.items():
        if p == winner:
            continue
        totals[p] = rack_total(rack, melded[p])
    out: dict[str, Any] = {k: v for k, v in result.items() if k not in ("racks", "scores")}
    out["racks"] = totals
    out["seen"] = {p: {"tiles": racks[p], **({"melded": False} if not melded[p] else {})} for p in racks}
    return out


SCORERS = {"rummikub-2018": rummikub_racks}
"""Competition preset → its scorer: (the result as entered, with its ``seen`` mapping; the table's
players in seat order; the players' divisions; the table's name) → the result fields it takes."""
