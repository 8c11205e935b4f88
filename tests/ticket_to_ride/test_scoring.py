"""Final scoring (published rules, seed 000 item 5): route points, tickets ±, the longest path +10 to
every player who ties for it; placements by total, then completed tickets, then the longest path."""

from __future__ import annotations

from tablesport.core import Rng
from tablesport.games.ticket_to_ride.scoring import (
    add_bonus,
    longest_trail,
    network_trail,
    placements,
    player_score,
)

from .helpers import B, give, hold, own, rid, started


def edges(*pairs: tuple[str, str]) -> list[tuple[int, int, int]]:
    out = []
    for a, b in pairs:
        r = B.routes[rid(a, b)]
        out.append((r.ai, r.bi, r.length))
    return out


def brute(es: list[tuple[int, int, int]]) -> int:
    """Every trail from every city, no pruning."""
    best = 0

    def go(x: int, used: frozenset[int], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for i, (u, v, w) in enumerate(es):
            if i not in used and x in (u, v):
                go(v if x == u else u, used | {i}, length + w)

    for x in {c for e in es for c in e[:2]}:
        go(x, frozenset(), 0)
    return best


def test_chain() -> None:
    assert (
        longest_trail(
            edges(("Seattle", "Portland"), ("Portland", "San Francisco"), ("San Francisco", "Los Angeles"))
        )
        == 9
    )


def test_loop_with_a_tail_uses_the_loop() -> None:
    """A trail may pass a city twice: tail St Louis–KC (2), then round Denver–Omaha–KC (4+4+1)."""
    es = edges(
        ("Saint Louis", "Kansas City"),
        ("Kansas City", "Denver"),
        ("Denver", "Omaha"),
        ("Omaha", "Kansas City"),
    )
    assert longest_trail(es) == 11 == brute(es)


def test_branches_take_the_two_longest_arms() -> None:
    """A star at Denver: Helena 4, Kansas City 4, Salt Lake 3, Santa Fe 2 → 4 + 4, never three arms."""
    es = edges(
        ("Denver", "Helena"), ("Denver", "Kansas City"), ("Denver", "Salt Lake City"), ("Denver", "Santa Fe")
    )
    assert longest_trail(es) == 8 == brute(es)


def test_two_loops_through_one_city_are_one_closed_trail() -> None:
    """Every city of even degree: the whole component is one trail (a figure eight at Kansas City)."""
    es = edges(
        ("Denver", "Omaha"),
        ("Omaha", "Kansas City"),
        ("Kansas City", "Denver"),
        ("Kansas City", "Saint Louis"),
        ("Saint Louis", "Little Rock"),
        ("Little Rock", "Oklahoma City"),
        ("Oklahoma City", "Kansas City"),
    )
    assert longest_trail(es) == sum(e[2] for e in es) == brute(es)


def test_separate_networks_score_the_longer_one() -> None:
    es = edges(("Seattle", "Portland"), ("Miami", "New Orleans"), ("New Orleans", "Houston"))
    assert longest_trail(es) == 8


def test_longest_trail_is_exact_on_random_networks() -> None:
    """Against a search without pruning, on 300 random sets of routes within 45 trains (loops, branches)."""
    rng = Rng(14)
    ids = list(B.routes)
    region = [r for r in ids if B.routes[r].length <= 3]
    for _ in range(300):
        pool = region if rng.random() < 0.7 else ids
        chosen: list[int] = []
        trains = 0
        for r in rng.sample(pool, min(len(pool), 14)):
            if trains + B.routes[r].length <= 45 and B.routes[r].double_of not in chosen:
                chosen.append(r)
                trains += B.routes[r].length
        es = [(B.routes[r].ai, B.routes[r].bi, B.routes[r].length) for r in chosen]
        assert longest_trail(es) == brute(es), chosen


def components(es: list[tuple[int, int, int]]) -> list[list[tuple[int, int, int]]]:
    out: list[list[tuple[int, int, int]]] = []
    rest = list(es)
    while rest:
        comp = [rest.pop()]
        cities = set(comp[0][:2])
        grown = True
        while grown:
            grown = False
            for e in list(rest):
                if e[0] in cities or e[1] in cities:
                    cities.update(e[:2])
                    comp.append(e)
                    rest.remove(e)
                    grown = True
        out.append(comp)
    return out


def test_network_trail_is_exact_on_every_connected_network() -> None:
    """The per-network shortcuts (an Euler trail over all routes, the longest path of a tree) against a search
    without pruning, on the networks of 400 random sets of routes (chains, branches, loops, doubles)."""
    rng = Rng(15)
    ids = list(B.routes)
    region = [r for r in ids if B.routes[r].length <= 3]
    shapes: set[str] = set()
    for _ in range(400):
        pool = region if rng.random() < 0.7 else ids
        chosen = rng.sample(pool, 1 + rng.randrange(14))
        es = [(B.routes[r].ai, B.routes[r].bi, B.routes[r].length) for r in chosen]
        for comp in components(es):
            cities = {c for e in comp for c in e[:2]}
            shapes.add("tree" if len(cities) == len(comp) + 1 else "loop")
            assert network_trail(comp) == brute(comp), comp
    assert shapes == {"tree", "loop"}


def test_tickets_add_when_connected_and_subtract_when_not() -> None:
    """Seed 000 item 5: completed routes add points, incomplete ones are subtracted."""
    denver_el_paso = B.ticket_index["t01"]
    kc_houston = B.ticket_index["t02"]
    row = player_score([rid("Denver", "Santa Fe"), rid("Santa Fe", "El Paso")], [denver_el_paso, kc_houston])
    assert row["route_points"] == 4
    assert [t["completed"] for t in row["tickets"]] == [True, False]
    assert row["ticket_points"] == 4 - 5 and row["longest"] == 4


def test_longest_bonus_to_every_player_who_ties() -> None:
    """Reference: longest continuous path +10 (ties all score it)."""
    rows = add_bonus(
        [
            {"route_points": 0, "ticket_points": 0, "longest": 9, "tickets": []},
            {"route_points": 0, "ticket_points": 0, "longest": 9, "tickets": []},
            {"route_points": 0, "ticket_points": 0, "longest": 3, "tickets": []},
        ],
        10,
    )
    assert [r["longest_bonus"] for r in rows] == [10, 10, 0] and [r["total"] for r in rows] == [10, 10, 0]


def test_placements_break_ties_by_completed_tickets_then_longest_path() -> None:
    """Published tie-break: most completed tickets, then the longest path; still equal → shared place."""
    done = {"completed": True}
    miss = {"completed": False}
    rows = [
        {"total": 50, "tickets": [done], "longest": 12},
        {"total": 50, "tickets": [done, done], "longest": 5},
        {"total": 50, "tickets": [done, miss], "longest": 20},
        {"total": 50, "tickets": [done], "longest": 12},
        {"total": 60, "tickets": [], "longest": 0},
    ]
    assert placements(rows) == (4, 2, 3, 4, 1)


def test_the_engine_result_carries_the_stats_a_tournament_reads() -> None:
    s = started("ttr-event", 6)
    own(s, 0, rid("Denver", "Santa Fe"), rid("Santa Fe", "El Paso"))
    own(s, 1, rid("Seattle", "Portland"), rid("Portland", "San Francisco", "green"))
    hold(s, 0, ("Denver", "El Paso"))
    hold(s, 1, ("Kansas City", "Houston"), ("Denver", "Pittsburgh"))
    give(s, s.turn)
    s._finish("last_round")
    res = s.result()
    assert res is not None
    st = res.stats
    assert st["route_points"][:2] == [4, 11]
    assert st["ticket_points"][:2] == [4, -16]
    assert st["tickets_completed"][:2] == [1, 0] and st["tickets_failed"][:2] == [0, 2]
    assert st["longest"][:2] == [4, 6] and st["longest_bonus"][:2] == [0, 10]
    assert st["trains_left"][:2] == [41, 39]
    assert res.scores[0] == 4 + 4 and res.scores[1] == 11 - 16 + 10
    v = s.view(None)
    assert [r["total"] for r in v["final"]] == list(res.scores)


def test_the_engine_keeps_the_exact_longest_path_after_every_claim() -> None:
    """The view's longest path (updated per network after each claim) equals a search over all the routes."""
    from tablesport.games.ticket_to_ride import GAME

    for seed in range(8):
        s = GAME.start("ttr-classic-5p" if seed % 2 else "ttr-event", seed)
        rng = Rng(seed)
        while (d := s.pending()) is not None:
            events = s.apply(d.seats[0], s.random_action(d.seats[0], rng))
            for e in events:
                if e.kind == "claimed":
                    p = e.data["seat"]
                    full = [(B.routes[r].ai, B.routes[r].bi, B.routes[r].length) for r in s.claims[p]]
                    assert s.longest[p] == e.data["longest"] == longest_trail(full)
