"""Scoring a table from its claim sets alone: each player's routes and tickets as a referee reads them off a
board (``tablesport ttr score``, and the ``ttr-event`` competition's scoring from what the referee sees).

A claim set no game could produce is refused: a route listed twice or by two players, both routes of a double
for one player, both routes of a double with fewer than 4 players, more than 45 trains, a ticket held twice,
an unknown city, route or ticket. Scored by the engine's own functions (:mod:`.scoring`).
"""

from __future__ import annotations

from typing import Any

from .board import board
from .scoring import add_bonus, placements, player_score


class InputError(ValueError):
    """A claim set that no game could produce, or input of the wrong shape."""


def _route_ids(player: int, items: Any, taken: dict[int, int], seats: int) -> list[int]:
    b = board()
    if not isinstance(items, list):
        raise InputError(f"player {player}: routes must be a list of [city, city] pairs or route ids")
    ids: list[int] = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool):
            if item not in b.routes:
                raise InputError(f"player {player}: {item} is not a route id (1..{len(b.routes)})")
            rid = item
        elif isinstance(item, list) and len(item) == 2 and all(isinstance(c, str) for c in item):
            for c in item:
                if c not in b.city_index:
                    raise InputError(
                        f"player {player}: unknown city {c!r}; cities: {', '.join(b.city_index)}"
                    )
            pair = b.route_between(item[0], item[1])
            if not pair:
                raise InputError(f"player {player}: no route joins {item[0]} and {item[1]}")
            free = [r for r in pair if r not in taken and r not in ids]
            if not free:
                raise InputError(f"player {player}: every route {item[0]}–{item[1]} is already claimed")
            rid = free[0]
        else:
            raise InputError(f"player {player}: {item!r} is neither a [city, city] pair nor a route id")
        route = b.routes[rid]
        if rid in taken or rid in ids:
            who = taken.get(rid, player)
            raise InputError(
                f"player {player}: route {rid} {route.a}–{route.b} is already claimed by player {who}"
            )
        twin = route.double_of
        if twin is not None and twin in ids:
            raise InputError(
                f"player {player}: both routes of the double {route.a}–{route.b}; no player may claim both"
            )
        if twin is not None and twin in taken and seats < 4:
            raise InputError(
                f"player {player}: with {seats} players only one route of the double "
                f"{route.a}–{route.b} may be used"
            )
        ids.append(rid)
    used = sum(b.routes[r].length for r in ids)
    if used > b.trains:
        raise InputError(f"player {player}: the routes need {used} trains; a player has {b.trains}")
    for r in ids:
        taken[r] = player
    return ids


def _ticket_indices(player: int, items: Any, held: dict[int, int]) -> list[int]:
    b = board()
    if not isinstance(items, list):
        raise InputError(f"player {player}: tickets must be a list of [city, city] pairs or ticket ids")
    out: list[int] = []
    for item in items:
        if isinstance(item, str) and item in b.ticket_index:
            t = b.ticket_index[item]
        elif isinstance(item, list) and len(item) == 2 and all(isinstance(c, str) for c in item):
            found = [x.index for x in b.tickets if {x.a, x.b} == set(item)]
            if not found:
                raise InputError(
                    f"player {player}: no ticket {item[0]}–{item[1]}; see tablesport ttr map --json"
                )
            t = found[0]
        else:
            raise InputError(
                f"player {player}: {item!r} is neither a [city, city] pair nor a ticket id (t01..t30)"
            )
        if t in held or t in out:
            raise InputError(
                f"player {player}: ticket {b.tickets[t].id} {b.tickets[t].a}–{b.tickets[t].b} is "
                f"already held by player {held.get(t, player)}"
            )
        out.append(t)
    for t in out:
        held[t] = player
    return out


def score(obj: Any) -> dict[str, Any]:
    """The final scoring of a table given each player's routes and tickets."""
    if not isinstance(obj, dict) or not isinstance(obj.get("players"), list):
        raise InputError('the input is {"players": [{"routes": [...], "tickets": [...]}, ...]}')
    players = obj["players"]
    if not 1 <= len(players) <= 5:
        raise InputError(f"a table has 1 to 5 players, not {len(players)}")
    taken: dict[int, int] = {}
    held: dict[int, int] = {}
    rows = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or set(p) - {"routes", "tickets"}:
            raise InputError(f'player {i}: a player is {{"routes": [...], "tickets": [...]}}')
        routes = _route_ids(i, p.get("routes", []), taken, len(players))
        tickets = _ticket_indices(i, p.get("tickets", []), held)
        row = player_score(routes, tickets)
        row["trains_used"] = sum(board().routes[r].length for r in routes)
        rows.append(row)
    add_bonus(rows, board().longest_bonus)
    for row, place in zip(rows, placements(rows), strict=True):
        row["place"] = place
        for t in row["tickets"]:
            t.pop("id", None)
    return {"players": rows}
