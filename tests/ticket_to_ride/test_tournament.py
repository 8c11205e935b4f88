"""Finished digital Ticket to Ride games feed the seed's ``ttr-event`` league (000 Ticket to Ride Competition:
4 players a game, 10/7/5/3, 3 rounds, top 4 to a final, equal marks → the higher points in a single game):
engine result → tournament/digital.py table_entry → the store → standings, end to end on SQLite."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session

from tablesport.core import Result, Rng
from tablesport.games.ticket_to_ride import GAME
from tablesport.games.ticket_to_ride.bots import PlannerBot
from tablesport.store.entry_facts import Facts
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore
from tablesport.tournament.digital import table_entry
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.standings import standings

from .helpers import hold, own, rid, started


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    engine = upgrade(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    with Session(engine) as s:
        yield EventStore(s)
        s.commit()
    engine.dispose()


def play(seed: int) -> Result:
    s = GAME.start("ttr-event", seed)
    bots = [PlannerBot(Rng(seed + i)) for i in range(4)]
    while (d := s.pending()) is not None:
        p = d.seats[0]
        s.apply(p, bots[p].act(s, p, d))
    res = s.result()
    assert res is not None
    return res


def test_digital_games_make_the_league_and_the_final(store: EventStore) -> None:
    ev = f"ttr {secrets.token_hex(3)}"
    players = [f"p{i}" for i in range(1, 9)]
    store.create_event({"event": ev, "competitions": [{"key": "ttr", "preset": "ttr-event", "seed": 3,
                                                       "entrants": players}]}, "desk")
    comp = store.competition(ev, "ttr")
    points = dict.fromkeys(players, 0)
    best = dict.fromkeys(players, float("-inf"))
    seed = 0
    for _ in range(3):
        for fx in store.next_round(comp, "desk"):
            seed += 1
            res = play(seed)
            entry = table_entry(res, fx.entrants)
            figures = entry["stats"][fx.entrants[0]].keys()
            assert figures >= {"route_points", "ticket_points", "tickets_completed",
                                                              "tickets_failed", "longest", "trains_left"}
            store.enter_result(comp, fx.key, entry, Facts("referee", source="referee"))
            for p, place in zip(fx.entrants, res.placements, strict=True):
                points[p] += (10, 7, 5, 3)[place - 1]
            for p, sc in zip(fx.entrants, res.scores, strict=True):
                best[p] = max(best[p], sc)
    rows = {r["entrant"]: r for r in store.standings(comp)}
    assert {p: rows[p]["points"] for p in players} == points
    assert {p: rows[p]["tiebreaks"]["best_game"] for p in players} == best
    order = [r["entrant"] for r in store.standings(comp)]
    assert order == sorted(players, key=lambda p: (-points[p], -best[p]))[: len(order)]
    final = store.next_round(comp, "desk")
    assert [f.stage for f in final] == ["final"] and sorted(final[0].entrants) == sorted(order[:4])
    res = play(99)
    referee = Facts("referee", source="referee")
    store.enter_result(comp, final[0].key, table_entry(res, final[0].entrants), referee)
    stored = store.result_of(final[0])
    assert stored is not None and stored.source == "referee"


def tied_game() -> Result:
    """Seats 0 and 1 end on 18 (8 points and the shared longest-path bonus, both paths 4); seat 0 completed
    more tickets: the published tie-break."""
    s = started("ttr-event", 21)
    for seat in range(4):
        hold(s, seat)
    own(s, 0, rid("Denver", "Santa Fe"), rid("Santa Fe", "El Paso"))  # 4 route points, +4 ticket
    hold(s, 0, ("Denver", "El Paso"))
    own(s, 1, rid("Chicago", "Omaha"), rid("Dallas", "Houston", "grey"))  # 7 + 1 route points, no ticket
    own(s, 2, rid("Atlanta", "Nashville"))
    s._finish("last_round")
    res = s.result()
    assert res is not None
    return res


def test_equal_totals_are_placed_by_the_games_tie_break_in_the_league() -> None:
    """Published tie-break (most completed tickets) decides the placement points between equal totals."""
    res = tied_game()
    assert res.scores[:2] == (18.0, 18.0) and res.placements[:2] == (1, 2)
    entry = table_entry(res, ["ann", "bob", "cy", "di"])
    assert entry["places"] == {"ann": 1, "bob": 2, "cy": 3, "di": 4}
    rows = {r["entrant"]: r for r in standings({"preset": "ttr-event", "entrants": ["ann", "bob", "cy", "di"],
                                                "results": [{"round": 1, **entry}]})}
    assert [rows[p]["points"] for p in ("ann", "bob", "cy", "di")] == [10, 7, 5, 3]
    # without the game's places, equal scores share the better place (a typed sheet)
    typed = {"round": 1, "scores": entry["scores"]}
    rows = {r["entrant"]: r for r in standings({"preset": "ttr-event", "entrants": ["ann", "bob", "cy", "di"],
                                                "results": [typed]})}
    assert rows["ann"]["points"] == rows["bob"]["points"] == 10


def test_places_that_contradict_the_scores_are_refused() -> None:
    entry: dict[str, Any] = {"round": 1, "scores": {"a": 90, "b": 80, "c": 70, "d": 60},
                             "places": {"a": 2, "b": 1, "c": 3, "d": 4}}
    with pytest.raises(TournamentError, match="placed below"):
        standings({"preset": "ttr-event", "entrants": ["a", "b", "c", "d"], "results": [entry]})
    entry["places"] = {"a": 1, "b": 2, "c": 3}
    with pytest.raises(TournamentError, match="must name the players"):
        standings({"preset": "ttr-event", "entrants": ["a", "b", "c", "d"], "results": [entry]})


def test_a_physical_table_scored_from_the_claims_the_referee_sees(store: EventStore) -> None:
    """000 Ticket to Ride item 5 at a physical table: the referee reads each player's routes and tickets; the
    engine scores them (and places equal totals by completed tickets) — an impossible board is refused."""
    ev = f"ttr {secrets.token_hex(3)}"
    store.create_event({"event": ev, "competitions": [{"key": "ttr", "preset": "ttr-event", "seed": 1,
                                                       "entrants": [f"p{i}" for i in range(1, 5)]}]}, "desk")
    comp = store.competition(ev, "ttr")
    fx = store.next_round(comp, "desk")[0]
    a, b, c, d = fx.entrants
    bad = {a: {"routes": [["Boston", "New York"], ["Boston", "New York"]]}, b: {}, c: {}, d: {}}
    with pytest.raises(TournamentError, match=f"{a}: both routes of the double"):
        store.enter_result(comp, fx.key, {"seen": bad}, "desk")
    seen = {a: {"routes": [["Denver", "Santa Fe"], ["Santa Fe", "El Paso"]],
                "tickets": [["Denver", "El Paso"]]},
            b: {"routes": [["Chicago", "Omaha"], ["Dallas", "Houston"]], "tickets": []},
            c: {"routes": [["Atlanta", "Nashville"]], "tickets": ["t02"]}, d: {"routes": [], "tickets": []}}
    rows = {r["entrant"]: r for r in store.enter_result(comp, fx.key, {"seen": seen}, "desk")}
    stored = store.result_of(fx)
    assert stored is not None
    assert stored.data["scores"] == {a: 18, b: 18, c: -4, d: 0}
    assert stored.data["places"] == {a: 1, b: 2, c: 4, d: 3}
    assert [rows[p]["points"] for p in (a, b, c, d)] == [10, 7, 3, 5]
