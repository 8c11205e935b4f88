"""The longest path the view shows (seed 000 item 5: "a ten point bonus is awarded to the player who has the
longest continuously connected set of routes"; reference: a trail, ties all score it): every player's
``longest_routes`` / ``longest_cities`` is one trail over that player's own routes, as long as the scoring's
longest, on crafted boards with loops and branches and after every claim of random games."""

from __future__ import annotations

from typing import Any

from tablesport.core import Rng
from tablesport.core.conformance import check_clone_and_determinize, check_views
from tablesport.games.ticket_to_ride import GAME, TicketToRideState
from tablesport.games.ticket_to_ride.scoring import trail_edges

from .helpers import B, own, rid, started
from .test_scoring import brute


def check_path(s: TicketToRideState, seat: int, view: dict[str, Any]) -> list[int]:
    """The view's path of ``seat`` is a trail of its own routes (each route once, each joining the cities
    before and after it) whose length is the engine's and the scoring's longest. Returns the route ids."""
    p = view["players"][seat]
    routes, cities = p["longest_routes"], p["longest_cities"]
    assert len(set(routes)) == len(routes), routes
    assert set(routes) <= set(s.claims[seat]), (routes, s.claims[seat])
    if routes:
        assert len(cities) == len(routes) + 1
    else:
        assert cities == []
    for k, r in enumerate(routes):
        route = B.routes[r]
        assert {cities[k], cities[k + 1]} == {route.a, route.b}, (k, cities, route)
    length = sum(B.routes[r].length for r in routes)
    assert length == p["longest"] == s.longest[seat] == s.scores()[seat]["longest"]
    return list(routes)


def crafted(seat_routes: list[tuple[str, ...] | tuple[str, str]]) -> TicketToRideState:
    s = started("ttr-event", 3)
    own(s, 0, *(rid(*pair) for pair in seat_routes))
    return s


def test_a_loop_with_a_tail_is_walked_round_the_loop() -> None:
    """Tail Saint Louis–Kansas City, then round Denver–Omaha–Kansas City: Kansas City is passed twice."""
    s = crafted([("Saint Louis", "Kansas City"), ("Kansas City", "Denver"), ("Denver", "Omaha"),
                 ("Omaha", "Kansas City")])
    routes = check_path(s, 0, s.view(None))
    assert len(routes) == 4 and s.longest[0] == 11
    cities = s.view(None)["players"][0]["longest_cities"]
    assert cities.count("Kansas City") == 2


def test_a_star_takes_its_two_longest_arms_only() -> None:
    """Denver with arms Helena 4, Kansas City 4, Salt Lake City 3, Santa Fe 2: the path is 4 + 4."""
    s = crafted([("Denver", "Helena"), ("Denver", "Kansas City"), ("Denver", "Salt Lake City"),
                 ("Denver", "Santa Fe")])
    routes = check_path(s, 0, s.view(0))
    assert sorted(routes) == sorted([rid("Denver", "Helena"), rid("Denver", "Kansas City")])


def test_a_figure_eight_is_one_closed_trail_over_every_route() -> None:
    s = crafted([("Denver", "Omaha"), ("Omaha", "Kansas City"), ("Kansas City", "Denver"),
                 ("Kansas City", "Saint Louis"), ("Saint Louis", "Little Rock"),
                 ("Little Rock", "Oklahoma City"), ("Oklahoma City", "Kansas City")])
    routes = check_path(s, 0, s.view(None))
    assert sorted(routes) == sorted(s.claims[0])
    cities = s.view(None)["players"][0]["longest_cities"]
    assert cities[0] == cities[-1]


def test_a_loop_with_branches_leaves_the_short_branch_out() -> None:
    """A square Denver–Omaha–Kansas City–Oklahoma City–Denver with branches Denver–Helena (4) and Omaha–Duluth
    (2) and Kansas City–Saint Louis (2): four odd cities, so the search runs; checked against a search without
    pruning."""
    pairs = [("Denver", "Omaha"), ("Omaha", "Kansas City"), ("Kansas City", "Oklahoma City"),
             ("Oklahoma City", "Denver"), ("Denver", "Helena"), ("Omaha", "Duluth"),
             ("Kansas City", "Saint Louis")]
    s = crafted(pairs)
    routes = check_path(s, 0, s.view(None))
    es = [(B.routes[r].ai, B.routes[r].bi, B.routes[r].length) for r in s.claims[0]]
    assert s.longest[0] == brute(es)
    assert len(routes) < len(pairs)


def test_two_networks_show_the_longer_and_ties_show_both_holders() -> None:
    """Seat 0: Seattle–Portland (1) and the chain Miami–New Orleans–Houston (6 + 2); seat 1 ties at 8 with
    Helena–Denver (4) + Denver–Kansas City (4). Both are holders; a seat without routes has no path."""
    s = crafted([("Seattle", "Portland"), ("Miami", "New Orleans"), ("New Orleans", "Houston")])
    own(s, 1, rid("Helena", "Denver"), rid("Denver", "Kansas City"))
    v = s.view(2)
    assert sorted(check_path(s, 0, v)) == sorted([rid("Miami", "New Orleans"), rid("New Orleans", "Houston")])
    assert len(check_path(s, 1, v)) == 2
    assert [p["has_longest"] for p in v["players"]] == [True, True, False, False]
    assert v["players"][2]["longest_routes"] == [] and v["players"][2]["longest_cities"] == []


def test_the_path_is_public_and_passes_the_conformance_checks() -> None:
    """Claimed routes are public, so is the path: every seat and the spectator see the same paths, a seat's
    determinized worlds (the unseen cards and tickets dealt again) show the same, and the conformance suite's
    view checks (no hidden token in any view; determinize leaves the seat's own view) pass on a position
    where every seat has a path."""
    s = crafted([("Denver", "Omaha"), ("Omaha", "Kansas City"), ("Kansas City", "Denver")])
    own(s, 1, rid("Seattle", "Portland"), rid("Portland", "San Francisco", "green"))
    own(s, 2, rid("Miami", "Atlanta"))
    own(s, 3, rid("Boston", "Montreal"), rid("Montreal", "Toronto"), rid("Toronto", "Pittsburgh"))
    paths = {str(seat): [p["longest_routes"] for p in s.view(seat)["players"]] for seat in (None, 0, 1, 2, 3)}
    assert len({repr(v) for v in paths.values()}) == 1 and all(paths["None"])
    for k in range(5):
        world = s.determinize(k % 4, Rng(k))
        assert [p["longest_routes"] for p in world.view(None)["players"]] == paths["None"]
    d = s.pending()
    assert d is not None
    check_views(s, d, [], s.ruleset, 0, 0)
    check_clone_and_determinize(s, d, s.ruleset, 0, 0, Rng(1))


def test_trail_edges_is_a_longest_trail_on_random_sets_of_routes() -> None:
    """The trail itself (not only its length) on 300 random sets of routes, against a search without
    pruning."""
    rng = Rng(21)
    ids = list(B.routes)
    region = [r for r in ids if B.routes[r].length <= 3]
    for _ in range(300):
        pool = region if rng.random() < 0.7 else ids
        chosen = rng.sample(pool, 1 + rng.randrange(14))
        es = [(B.routes[r].ai, B.routes[r].bi, B.routes[r].length) for r in chosen]
        cities, order = trail_edges(es)
        assert len(set(order)) == len(order) and len(cities) == len(order) + 1
        for k, i in enumerate(order):
            assert {cities[k], cities[k + 1]} == set(es[i][:2]), chosen
        assert sum(es[i][2] for i in order) == brute(es), chosen


def test_the_view_path_after_every_claim_and_at_the_end() -> None:
    """Random games on both presets: after every claim each player's path checks, and the final view
    (what the map draws at the end) carries the path of every player with the scoring table."""
    for seed in range(6):
        s = GAME.start("ttr-classic-3p" if seed % 2 else "ttr-event", 100 + seed)
        rng = Rng(seed)
        while (d := s.pending()) is not None:
            events = s.apply(d.seats[0], s.random_action(d.seats[0], rng))
            if any(e.kind == "claimed" for e in events):
                v = s.view(None)
                for seat in range(s.ruleset.seats):
                    check_path(s, seat, v)
        v = s.view(None)
        assert v["phase"] == "over" and v["final"]
        for seat in range(s.ruleset.seats):
            routes = check_path(s, seat, v)
            assert sum(B.routes[r].length for r in routes) == v["final"][seat]["longest"]


def test_the_terminal_prints_each_players_path() -> None:
    from rich.console import Console

    from tablesport.games.ticket_to_ride.render import render

    s = crafted([("Saint Louis", "Kansas City"), ("Kansas City", "Denver"), ("Denver", "Omaha"),
                 ("Omaha", "Kansas City")])
    console = Console(width=160, record=True)
    console.print(render(s.view(0), s.pending(), 0))
    text = console.export_text()
    cities = s.view(0)["players"][0]["longest_cities"]
    assert f"seat 0 ★  11  {' – '.join(cities)}" in text
