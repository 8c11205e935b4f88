"""The exact solver against the reference ILP (den Hertog & Hulshof over the set types, HiGHS)."""

from __future__ import annotations

from collections import Counter

import pytest

from tablesport.core import Rng
from tablesport.games.rummikub.ilp import ilp_optimum
from tablesport.games.rummikub.positions import random_position
from tablesport.games.rummikub.sets import check_set
from tablesport.games.rummikub.solver import PositionError, can_meld, solve

from ..conftest import slow_scale


def check_against_ilp(seed: int, count: int, max_table: int) -> None:
    rng = Rng(seed)
    for i in range(count):
        table, rack = random_position(rng, rng.randint(0, max_table), rng.randint(1, 16))
        melded = rng.random() < 0.75
        objective = "tiles" if rng.random() < 0.6 else "value"
        sol = solve(table, rack, melded, objective)
        ref = ilp_optimum(table, rack, melded, objective)
        got = (sol.tiles_placed if objective == "tiles" else sol.value_placed) if sol.feasible else None
        assert got == ref, (i, table, rack, melded, objective)
        # the answer is a real table: valid sets, old table + placed tiles exactly
        for s in sol.table:
            check_set(s)
        before = Counter(c for s in table for c in s)
        assert Counter(c for s in sol.table for c in s) == before + Counter(sol.placed)
        assert not Counter(sol.placed) - Counter(rack)
        if not melded and sol.tiles_placed:
            new = [s for s in sol.table[len(table):]]
            assert sum(check_set(s).value for s in new) >= 30


def test_solver_equals_ilp_on_random_positions() -> None:
    """Same optimum as the ILP on a few hundred random positions (tiles and value, meld variant)."""
    check_against_ilp(7, 200, 30)


@pytest.mark.slow
def test_solver_equals_ilp_on_thousands_of_positions() -> None:
    check_against_ilp(1234, max(1, int(3000 * slow_scale())), 70)


def test_initial_meld_variant_rack_only() -> None:
    """Seed §2.1: the initial meld uses the rack alone and must reach 30."""
    sol = solve([["R1", "R2", "R3"]], ["R4", "B10", "O10", "K10"], melded=False)
    assert sol.placed == ["B10", "O10", "K10"] and sol.table[0] == ["R1", "R2", "R3"]
    assert solve([], ["R1", "R2", "R3", "B4", "O4", "K4"], melded=False).tiles_placed == 0
    assert can_meld(["K9", "K10", "J"]) and not can_meld(["K1", "K2", "K3", "B4", "O4", "K4"])


def test_value_objective_prefers_points() -> None:
    sol = solve([], ["R1", "R2", "R3", "R4", "B13", "O13", "K13"], melded=True, objective="value")
    assert sol.value_placed == 49 and sol.tiles_placed == 7


def test_bad_positions_raise() -> None:
    with pytest.raises(PositionError):
        solve([], ["R1", "R1", "R1"])
    with pytest.raises(PositionError):
        solve([["R1", "R2"]], [])
    with pytest.raises(PositionError):
        solve([], ["Q1"])
