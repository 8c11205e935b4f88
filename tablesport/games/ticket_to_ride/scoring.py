"""Final scoring: route points, tickets (connected by the player's own routes or not) and the longest
continuous path, exactly as the engine scores a finished game and ``tablesport ttr score`` reports it.

The longest path is a *trail*: each route used at most once, cities may repeat. :func:`trail_edges`
finds one longest trail exactly (its cities and routes in order, which the map draws) and
:func:`longest_trail` is its length. The search is kept fast by two facts about a longest trail ``T`` in a
component:

* if ``T`` runs from ``v`` to ``u != v``, every route at ``v`` is in ``T`` (else ``T`` could be
  extended) and ``T`` uses an odd number of them, so ``v`` has odd degree: searches start only at
  odd-degree cities;
* if ``T`` is closed, every route at every city of ``T`` is in ``T`` (else rotate and extend), so
  ``T`` is the whole component and every degree is even: a component without odd-degree cities
  scores all its routes.

A component with at most two odd-degree cities is one Euler trail over all its routes (Hierholzer); the
others are searched from their odd-degree cities. The engine keeps only the length after each claim
(:func:`network_trail`); :func:`longest_path`, the routes themselves, is computed when a view asks for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from .board import Board, board


def longest_trail(edges: Sequence[tuple[int, int, int]]) -> int:
    """The length of the longest trail over ``edges`` ``(city, city, length)``; 0 for none."""
    return _longest(edges)[0]


def trail_edges(edges: Sequence[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """One longest trail over ``edges`` ``(city, city, length)``: the cities it passes in order and the
    indices of its edges in order (one city more than edges); ``([], [])`` for none. Its length is
    :func:`longest_trail`'s."""
    length, adj, start, used = _longest(edges)
    if not length:
        return [], []
    return _euler(adj, start, used)


Adjacency = dict[int, list[tuple[int, int, int]]]
"""city → (the route's bit, the city at its other end, its length) for every route at the city."""


def _longest(edges: Sequence[tuple[int, int, int]]) -> tuple[int, Adjacency, int, int]:
    """The longest trail's length, the adjacency, the city it starts from and the bits of its routes (-1:
    every route of the start's component)."""
    adj: Adjacency = {}
    for i, (u, v, w) in enumerate(edges):
        adj.setdefault(u, []).append((1 << i, v, w))
        adj.setdefault(v, []).append((1 << i, u, w))
    comp: dict[int, int] = {}
    groups: list[list[int]] = []
    for first in adj:
        if first in comp:
            continue
        comp[first] = len(groups)
        cities, stack = [first], [first]
        while stack:
            for _, y, _ in adj[stack.pop()]:
                if y not in comp:
                    comp[y] = len(groups)
                    cities.append(y)
                    stack.append(y)
        groups.append(cities)
    totals = [0] * len(groups)
    for u, _, w in edges:
        totals[comp[u]] += w
    best, start, used = 0, -1, 0
    for total, cities in sorted(zip(totals, groups, strict=True), key=lambda p: -p[0]):
        if total <= best:
            break
        odd = [x for x in cities if len(adj[x]) % 2]
        if len(odd) <= 2:  # an Euler trail over the whole component
            best, start, used = total, odd[0] if odd else cities[0], -1
            continue
        found, s, bits = _search(adj, odd, total, best)
        if found > best:
            best, start, used = found, s, bits
    return best, adj, start, used


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


def _euler(adj: Adjacency, start: int, used: int) -> tuple[list[int], list[int]]:
    """The routes with a bit in ``used`` (-1: all) joined to ``start`` in one trail from ``start``
    (Hierholzer; they have no odd-degree city but ``start`` and one other): its cities and route indices in
    order."""
    taken = 0
    nxt = dict.fromkeys(adj, 0)
    stack = [(start, 0)]
    out: list[tuple[int, int]] = []
    while stack:
        x = stack[-1][0]
        arms = adj[x]
        k = nxt[x]
        while k < len(arms) and (taken & arms[k][0] or not used & arms[k][0]):
            k += 1
        nxt[x] = k
        if k == len(arms):
            out.append(stack.pop())
        else:
            bit, y, _ = arms[k]
            taken |= bit
            stack.append((y, bit))
    out.reverse()
    return [x for x, _ in out], [bit.bit_length() - 1 for _, bit in out[1:]]


def _search(adj: Adjacency, starts: list[int], total: int, best: int) -> tuple[int, int, int]:
    """The longest trail longer than ``best`` from ``starts`` (a depth-first search that stops once a trail
    uses every route of the component, ``total`` long): its length, start and routes' bits; ``best`` if none
    is longer."""
    top, found_start, found_used = best, -1, 0
    start = -1

    def dfs(x: int, used: int, length: int) -> bool:
        nonlocal top, found_start, found_used
        extended = False
        for bit, y, w in adj[x]:
            if not used & bit:
                extended = True
                if dfs(y, used | bit, length + w):
                    return True
        if not extended and length > top:
            top, found_start, found_used = length, start, used
            return top == total
        return False

    for start in starts:  # read by dfs
        if dfs(start, 0, 0):
            break
    return top, found_start, found_used


@lru_cache(maxsize=2048)
def longest_path(route_ids: frozenset[int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """One longest continuous path of a player's routes: the route ids in order along it and the cities it
    passes (the same length as the scoring's longest)."""
    b = board()
    ids = sorted(route_ids)
    routes = [b.routes[r] for r in ids]
    cities, order = trail_edges([(r.ai, r.bi, r.length) for r in routes])
    return tuple(ids[i] for i in order), tuple(b.cities[c].name for c in cities)


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
