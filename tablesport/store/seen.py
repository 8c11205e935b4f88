"""A game scored from what the referee sees at the table, by the game's own engine.

One registered function per competition preset turns the referee's reading of the table (the tiles left
on each rack, the Blokus pieces not placed, ...) into the result fields that competition takes; the
result keeps what was seen next to the score. Registered here:

* ``rummikub-2018``: the tiles left on each loser's rack (codes such as ``R7``, ``K13``, ``J``) and whether
  the player had made the initial meld → rack totals by the Rummikub engine's scoring (a joker 30;
  without the initial meld −100, or −200 when the rack could have made it, decided by the engine's
  exact solver); the competition then applies the ×1.2 for a junior winner and the winner's sum.
* ``blokus-event``: the pieces each player did not place (Pentobi names: 1, 2, I3, V3, I4, L4, O, T4,
  Z4, F, I5, L5, N, P, T5, U, V5, W, X, Y, Z5), or all placed and whether the single square went last
  → the game score by the Blokus engine (−1 per square not placed, +15, +20).
* ``monopoly-deal-event``: each player's bank cards and property cards (with any House/Hotel), by card id,
  key or money as ``5M`` → each player's bank + property value by the Monopoly Deal engine's ``table_value``
  (seed 000 THE WINNER), which the competition ranks 10/7/5/3.
* ``ttr-event``: each player's claimed routes (city pairs or route ids) and destination tickets (city pairs
  or ticket ids) → the final scoring by the Ticket to Ride engine (route points, tickets ±, the longest path
  +10 to all who tie), with the game's places (most completed tickets, then the longest path, between equal
  totals).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import rule
from tablesport.tournament.seating import check_table_players

SeenScorer = Callable[[Mapping[str, Any], Sequence[str], Mapping[str, Any], str], dict[str, Any]]
"""(the result as entered, with its ``seen`` mapping; the table's players in seat order; the players'
divisions; the table's name for messages) → the result fields the competition takes (``seen`` kept)."""

SCORERS: dict[str, SeenScorer] = {}


def register(preset: str) -> Callable[[SeenScorer], SeenScorer]:
    def add(fn: SeenScorer) -> SeenScorer:
        SCORERS[preset] = fn
        return fn

    return add


def score_seen(preset: str, result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any],
               table: str) -> dict[str, Any]:
    """The result with its score worked out from ``result['seen']`` (refused with what is wrong)."""
    fn = SCORERS.get(preset)
    if fn is None:
        raise TournamentError(f"{preset} has no scoring from what the referee sees yet; enter the scores",
                              allowed=[f"seen: for {', '.join(sorted(SCORERS))}", "scores: {player: score}"],
                              field="seen")
    seen = result.get("seen")
    if not isinstance(seen, Mapping):
        raise TournamentError("'seen' maps each player to what the referee sees in front of them",
                              field="seen")
    return fn(result, players, divisions, table)


def _rack_codes(value: Any, who: str) -> list[str]:
    from tablesport.games.rummikub.tiles import code_of, is_code, is_id

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


@register("rummikub-2018")
def rummikub_racks(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any], table: str
                   ) -> dict[str, Any]:
    from tablesport.games.rummikub.scoring import rack_loss
    from tablesport.games.rummikub.solver import can_meld

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
            racks[p] = _rack_codes(v.get("tiles", []), p)
            m = v.get("melded", True)
            if not isinstance(m, bool):
                raise TournamentError(f"{p}: 'melded' is true or false (made the 30-point initial meld)",
                                      field="seen")
            melded[p] = m
        else:
            racks[p] = _rack_codes(v, p)
            melded[p] = True
    named = list(racks) if winner is None else list({*racks, str(winner)})
    check_table_players(table, players, named, "racks seen", "rummikub_table")
    if winner is not None and racks.get(str(winner)):
        raise TournamentError(f"the winner {winner} went out: their rack is empty, "
                              f"not {' '.join(racks[str(winner)])}", rule=rule("rummikub_scoring"),
                              field="seen")
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
        loss = rack_loss(rack, melded[p], False if melded[p] else can_meld(rack))
        totals[p] = loss.points if loss.rule == "rack" else {"never_melded": loss.points}
    out: dict[str, Any] = {k: v for k, v in result.items() if k not in ("racks", "scores")}
    out["racks"] = totals
    out["seen"] = {p: {"tiles": racks[p], **({"melded": False} if not melded[p] else {})} for p in racks}
    return out


@register("blokus-event")
def blokus_pieces(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any], table: str
                  ) -> dict[str, Any]:
    from tablesport.games.blokus.game import colour_score
    from tablesport.games.blokus.pieces import MONOMINO, PIECE_INDEX, PIECE_SIZES

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


@register("monopoly-deal-event")
def monopoly_deal_values(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any],
                         table: str) -> dict[str, Any]:
    from tablesport.games.monopoly_deal.scoring import TableError, seen_cards, table_value

    seen = {str(k): v for k, v in result["seen"].items()}
    check_table_players(table, players, list(seen), "tables seen")
    try:
        values = table_value(seen)
        kept = seen_cards(seen)
    except TableError as exc:
        raise TournamentError(str(exc), allowed=exc.allowed, field="seen") from None
    out: dict[str, Any] = {k: v for k, v in result.items() if k != "scores"}
    out["scores"] = {p: values[p] for p in players}
    out["seen"] = kept
    return out


@register("ttr-event")
def ttr_claims(result: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, Any], table: str
               ) -> dict[str, Any]:
    from tablesport.games.ticket_to_ride.claims import InputError, score

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
