"""The USA map as data, checked against every count in the reference (shared/reference/ticket_to_ride.md)."""

from __future__ import annotations

from collections import Counter

from tablesport.games.ticket_to_ride.board import board
from tablesport.games.ticket_to_ride.presets import PRESETS
from tablesport.games.ticket_to_ride.state import TicketToRideState

B = board()


def test_components_count_as_the_reference() -> None:
    """Components: 36 cities, 100 routes (78 pairs, 22 doubles), 309 segments, 30 tickets worth 349."""
    assert len(B.cities) == 36
    assert len(B.routes) == 100
    assert len(B.pairs) == 78
    assert sum(1 for ids in B.pairs.values() if len(ids) == 2) == 22
    assert sum(r.length for r in B.routes.values()) == 309
    assert len(B.tickets) == 30 and sum(t.points for t in B.tickets) == 349
    assert len({t.id for t in B.tickets}) == 30


def test_cards_trains_and_route_points() -> None:
    """Components: 12 of each of 8 colours + 14 locomotives = 110; 45 trains; points 1/2/4/7/10/15."""
    assert len(B.colours) == 8 and B.cards_per_colour == 12 and B.locomotives == 14
    assert len(B.colours) * B.cards_per_colour + B.locomotives == 110
    assert B.trains == 45
    assert B.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert B.longest_bonus == 10
    s = TicketToRideState(PRESETS["ttr-event"], 3)
    s.check_invariants()
    cards = Counter(s.deck + s.discard + [c for c in s.faceup if c >= 0])
    for h in s.hands:
        cards.update({c: k for c, k in enumerate(h)})
    assert sum(cards.values()) == 110


def test_doubles_name_each_other_and_share_pair_and_length() -> None:
    for r in B.routes.values():
        if r.double_of is not None:
            twin = B.routes[r.double_of]
            assert twin.double_of == r.id and {twin.a, twin.b} == {r.a, r.b} and twin.length == r.length


def test_reference_rows_are_in_the_data() -> None:
    """Spot checks of the route table: rows 2, 4, 11, 56 and the ticket list's first and last."""
    assert [(B.routes[i].length, B.routes[i].colour) for i in B.route_between("Atlanta", "Miami")] == [
        (5, "blue")
    ]
    assert sorted(B.routes[i].colour for i in B.route_between("Atlanta", "New Orleans")) == [
        "orange",
        "yellow",
    ]
    assert [(B.routes[i].length, B.routes[i].colour) for i in B.route_between("Calgary", "Winnipeg")] == [
        (6, "white")
    ]
    assert [(B.routes[i].length, B.routes[i].colour) for i in B.route_between("Miami", "New Orleans")] == [
        (6, "red")
    ]
    assert (B.tickets[0].a, B.tickets[0].b, B.tickets[0].points) == ("Denver", "El Paso", 4)
    assert (B.tickets[-1].a, B.tickets[-1].b, B.tickets[-1].points) == ("Seattle", "New York", 22)
    assert next(t.points for t in B.tickets if {t.a, t.b} == {"San Francisco", "Atlanta"}) == 17


def test_the_map_is_connected_and_every_city_has_a_route() -> None:
    adj: dict[str, set[str]] = {c.name: set() for c in B.cities}
    for r in B.routes.values():
        adj[r.a].add(r.b)
        adj[r.b].add(r.a)
    seen = {"Atlanta"}
    stack = ["Atlanta"]
    while stack:
        for y in adj[stack.pop()] - seen:
            seen.add(y)
            stack.append(y)
    assert seen == set(adj)
    assert all(t.a in adj and t.b in adj for t in B.tickets)


def test_cities_have_real_coordinates_and_chinese_names() -> None:
    by = {c.name: c for c in B.cities}
    assert by["Seattle"].lon < by["Denver"].lon < by["Chicago"].lon < by["New York"].lon
    assert by["Miami"].lat < by["Atlanta"].lat < by["Chicago"].lat < by["Winnipeg"].lat
    assert all(c.name_zh for c in B.cities)
