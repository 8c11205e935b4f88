"""Final scoring: route points, tickets (connected by the player's own routes or not) and the longest
continuous path, exactly as the engine scores a finished game and ``tablesport ttr score`` reports it.

The longest path is a *trail*: each route used at most once, cities may repeat. :func:`longest_trail`
is exact (a depth-first search over the player's routes) and kept fast by two facts about a longest
trail ``T`` in a component:

* if ``T`` runs from ``v`` to ``u != v``, every route at ``v`` is in ``T`` (else ``T`` could be
  extended) and ``T`` uses an odd number of them, so ``v`` has odd degree: searches start only at
  odd-degree cities;
* if ``T`` is closed, every route at every city of ``T`` is in ``T`` (else rotate and extend), so
  ``T`` is the whole component and every degree is even: a component without odd-degree cities
  scores all its routes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .board import Board, board


def longest_trail(edges: Sequence[tuple[int, int, int]]) -> int:
    """The length of the longest trail over ``edges`` ``(city, city, length)``; 0 for none."""
    if not edges:
        return 0
    adj: dict[int, list[tuple[int, int, int]]] = {}
    for i, (u, v, w) in enumerate(edges):
        adj.setdefault(u, []).append((1 << i, v, w))
        adj.setdefault(v, []).append((1 << i, u, w))
    # components
    comp: dict[int, int] = {}
    totals: list[int] = []
    for start in adj:
        if start in comp:
            continue
        k = len(totals)
        comp[start] = k
        stack = [start]
        while stack:
            x = stack.pop()
            for _, y, _ in adj[x]:
                if y not in comp:
                    comp[y] = k
                    stack.append(y)
        totals.append(0)
    for u, _, w in edges:
        totals[comp[u]] += w
    best = 0
    for k, total in sorted(enumerate(totals), key=lambda kt: -kt[1]):
        if total <= best:
            break
        odd = [x for x in adj if comp[x] == k and len(adj[x]) % 2]
        if not odd:
            best = total
            continue
        found = _search(adj, odd, total, best)
        best = max(best, found)
    return best


def network_trail(edges: Sequence[tuple[int, int, int]]) -> int:
    """The longest trail of one connected network (``edges`` all joined): every route when at most two cities
    have an odd number of routes (an Euler trail runs over all of them); the longest path between two cities
    of a network without a loop (a tree: one route fewer than cities); else :func:`longest_trail`."""
    ends: set[int] = set()
    adj: dict[int, list[tuple[int, int]]] = {}
    total = 0
    for u, v, w in edges:
        total += w
        ends ^= {u, v}
        adj.setdefault(u, []).append((v, w))
        adj.setdefault(v, []).append((u, w))
    if len(ends) <= 2:
        return total
    if len(adj) == len(edges) + 1:
        far, _ = _farthest(adj, edges[0][0])
        return _farthest(adj, far)[1]
    return longest_trail(edges)


def _farthest(adj: dict[int, list[tuple[int, int]]], start: int) -> tuple[int, int]:
    """The city of a tree farthest from ``start`` and its distance."""
    best, far = 0, start
    stack = [(start, -1, 0)]
    while stack:
        x, came, d = stack.pop()
        if d > best:
            best, far = d, x
        for y, w in adj[x]:
            if y != came:
                stack.append((y, x, d + w))
    return far, best


def _search(adj: dict[int, list[tuple[int, int, int]]], starts: list[int], total: int, best: int) -> int:
    top = best

    def dfs(x: int, used: int, length: int) -> bool:
        nonlocal top
        extended = False
        for bit, y, w in adj[x]:
            if not used & bit:
                extended = True
                if dfs(y, used | bit, length + w):
                    return True
        if not extended and length > top:
            top = length
            return top == total
        return False

    for s in starts:
        if dfs(s, 0, 0):
            break
    return top


class Components:
    """Union-find over the cities joined by one player's routes (claims only ever add routes)."""

    __slots__ = ("parent",)

    def __init__(self, cities: int) -> None:
        self.parent = list(range(cities))

    def find(self, x: int) -> int:
        p = self.parent
        while p[x] != x:
            p[x] = p[p[x]]
            x = p[x]
        return x

    def join(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb

    def connected(self, a: int, b: int) -> bool:
        return self.find(a) == self.find(b)

    def copy(self) -> Components:
        c = Components.__new__(Components)
        c.parent = list(self.parent)
        return c


def ticket_rows(
    comps: Components, ticket_indices: Iterable[int], b: Board | None = None
) -> list[dict[str, Any]]:
    """Each ticket with ``completed``: its cities joined by the player's own routes."""
    b = b or board()
    rows: list[dict[str, Any]] = []
    for i in ticket_indices:
        t = b.tickets[i]
        rows.append(
            {"id": t.id, "a": t.a, "b": t.b, "points": t.points, "completed": comps.connected(t.ai, t.bi)}
        )
    return rows


def score_row(route_points: int, tickets: list[dict[str, Any]], longest: int, **more: Any) -> dict[str, Any]:
    """One player's row before the longest-path bonus (which needs every player's longest)."""
    ticket_points = sum(int(t["points"]) if t["completed"] else -int(t["points"]) for t in tickets)
    return {
        "route_points": route_points,
        "tickets": tickets,
        "ticket_points": ticket_points,
        "longest": longest,
        **more,
    }


def player_score(
    route_ids: Iterable[int], ticket_indices: Iterable[int], b: Board | None = None
) -> dict[str, Any]:
    """One player's row from the routes and tickets alone (``tablesport ttr score``)."""
    b = b or board()
    routes = [b.routes[r] for r in route_ids]
    comps = Components(len(b.cities))
    for r in routes:
        comps.join(r.ai, r.bi)
    return score_row(
        sum(b.route_points[r.length] for r in routes),
        ticket_rows(comps, ticket_indices, b),
        longest_trail([(r.ai, r.bi, r.length) for r in routes]),
    )


def add_bonus(players: list[dict[str, Any]], bonus: int) -> list[dict[str, Any]]:
    """The longest-path bonus to every player who ties for the longest (none if nobody has a route), and
    the totals."""
    top = max((p["longest"] for p in players), default=0)
    for p in players:
        p["longest_bonus"] = bonus if top > 0 and p["longest"] == top else 0
        p["total"] = p["route_points"] + p["ticket_points"] + p["longest_bonus"]
    return players


def placements(players: Sequence[dict[str, Any]]) -> tuple[int, ...]:
    """Places by total, then most completed tickets, then the longest path; still-equal players share a
    place."""
    keys = [(p["total"], sum(1 for t in p["tickets"] if t["completed"]), p["longest"]) for p in players]
    return tuple(1 + sum(1 for o in keys if o > k) for k in keys)
