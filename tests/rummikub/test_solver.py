"""The exact solver against the reference ILP (den Hertog & Hulshof over the set types, HiGHS)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from tablesport.core import Rng
from tablesport.games.rummikub.ilp import ilp_optimum
from tablesport.games.rummikub.positions import random_position
from tablesport.games.rummikub.sets import check_set
from tablesport.games.rummikub.solver import PositionError, Solution, can_meld, solve

from ..conftest import slow_scale


def check_position(table: list[list[str]], rack: list[str], melded: bool, objective: str) -> None:
    """The solver's optimum is the ILP's, and its answer is a real table."""
    sol = solve(table, rack, melded, objective)
    ref = ilp_optimum(table, rack, melded, objective)
    got = (sol.tiles_placed if objective == "tiles" else sol.value_placed) if sol.feasible else None
    assert got == ref, (table, rack, melded, objective)
    # valid sets, old table + placed tiles exactly
    for s in sol.table:
        check_set(s)
    before = Counter(c for s in table for c in s)
    assert Counter(c for s in sol.table for c in s) == before + Counter(sol.placed)
    assert not Counter(sol.placed) - Counter(rack)
    if not melded and sol.tiles_placed:
        new = [s for s in sol.table[len(table):]]
        assert sum(check_set(s).value for s in new) >= 30


def check_against_ilp(seed: int, count: int, max_table: int, min_table: int = 0,
                      racks: tuple[int, int] = (1, 16), meld_share: float = 0.25) -> None:
    rng = Rng(seed)
    for _ in range(count):
        table, rack = random_position(rng, rng.randint(min_table, max_table), rng.randint(*racks))
        melded = rng.random() >= meld_share
        objective = "tiles" if rng.random() < 0.6 else "value"
        check_position(table, rack, melded, objective)


def test_solver_equals_ilp_on_random_positions() -> None:
    """Same optimum as the ILP on a few hundred random positions (tiles and value, meld variant)."""
    check_against_ilp(7, 200, 30)


@pytest.mark.slow
def test_solver_equals_ilp_on_thousands_of_positions() -> None:
    check_against_ilp(1234, max(1, int(3000 * slow_scale())), 70)


@pytest.mark.slow
def test_solver_equals_ilp_on_big_tables() -> None:
    """Tables of 40-92 tiles and racks of 10-25, as in the benchmark (the ILP takes ~1 s each)."""
    check_against_ilp(2018, max(1, int(150 * slow_scale())), 92, min_table=40, racks=(10, 25), meld_share=0.0)


@pytest.mark.parametrize(("table", "rack", "expect"), [
    ([["R5", "B5", "O5", "J"]], [], 0),  # the joker of a group of 4 comes back to it
    ([["R5", "B5", "O5", "K5"]], ["J"], 0),  # no set takes the joker: the full search says so
    ([], ["J", "J"], 0),  # jokers alone make no set
    ([], ["J", "J", "R1"], 3),  # R1 J J is 1-2-3
    ([[f"R{n}" for n in range(1, 14)]], ["J"], 1),  # a run of 13 is split to take the joker
    ([["J", "R12", "R13"]], ["R10"], 1),  # J 12 13 keeps its joker in front: R10 J R12 R13
    ([["J", "R12", "R13"]], ["B4"], 0),
    ([["R1", "J", "R3"], ["B7", "O7", "J"]], ["R2", "K7"], 2),  # each joker freed by a rack tile
    ([["K9", "K10", "K11", "J"]], ["K12", "K13"], 2),
])
def test_jokers_left_over_and_placed_back(table: list[list[str]], rack: list[str], expect: int) -> None:
    """The search without spare jokers adds them back; when they do not fit, the full search runs."""
    check_position(table, rack, True, "tiles")
    check_position(table, rack, True, "value")
    assert solve(table, rack).tiles_placed == expect


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


def test_passes_agree_dive_exact_and_beam() -> None:
    """The passes behind solve: a finished dive and the exact pass agree on whether a play beats a
    floor (and the dive's play scores what it says), a dive out of steps says so, and the beam's play
    never beats the exact optimum."""
    from tablesport.games.rummikub.search import as_arrays, colour_bounds, reach, search
    from tablesport.games.rummikub.solver import _usable_rack, count_codes

    rng = Rng(77)
    checked = out_of_steps = 0
    for _ in range(150):
        table, rack = random_position(rng, rng.randint(20, 80), rng.randint(5, 20))
        tc, jt = count_codes([c for s in table for c in s], "table")
        rc, jr = count_codes(rack, "rack")
        rc = _usable_rack(tc, jt, rc, jr)
        t, r, w = as_arrays(tc, rc, [1] * 14)
        bound = colour_bounds(t, r, jt + jr, w, True)
        exact = search(t, jt, r, jr, w, 1, False, canon=True, bound=bound)
        assert exact is not None
        beam = search(t, jt, r, jr, w, 1, False, beam=8, canon=True, bound=bound)
        assert beam is None or beam[0] <= exact[0]
        for floor in (exact[0] - 1, exact[0]):
            dive = reach(t, jt, r, jr, w, 1, False, floor, True, bound, 1_000_000)
            if floor < exact[0]:
                assert isinstance(dive, tuple) and dive[0] == exact[0]
                assert int(dive[1][:, 3].sum()) == exact[0]  # the rack tiles of its cells
            else:
                assert dive is False
                assert search(t, jt, r, jr, w, 1, False, floor=floor, canon=True, bound=bound) is None
            checked += 1
        out_of_steps += reach(t, jt, r, jr, w, 1, False, exact[0], True, bound, 1) is True
    assert checked == 300 and out_of_steps > 0


def _every_colour_bound(table: np.ndarray, rack: np.ndarray, jtot: int, weights: np.ndarray,
                        canon: bool) -> np.ndarray:
    """:func:`.search.colour_bounds` as its docstring defines it, every entry computed (no entry
    skipped as never read): the reference for the compiled one."""
    from tablesport.games.rummikub.search import NEG, tables

    start, count, options, _masks, _owed, subs = tables()
    out = np.full((4, 14, 125, jtot + 1), NEG, dtype=np.int64)
    for s in subs:
        if s % 25 == 0:
            out[:, 13, s, :] = 0
    for c in range(4):
        for n in range(12, -1, -1):
            m = n + 1
            gmax = max([0] + [x for x in (1, 2) if jtot + sum(min(int(table[o, m] + rack[o, m]), x)
                                                              for o in range(4) if o != c) >= 2 * x])
            cap = min(4, int(table[c, m + 1] + rack[c, m + 1]) + jtot) if m < 13 else 0
            mode = (2 if m == 11 else 1) if canon else 0
            for s in subs:
                for j in range(jtot + 1):
                    i = (((s * 3 + table[c, m]) * 3 + rack[c, m]) * 3 + j) * 3 + mode
                    best = NEG
                    for new, to_groups, jokers, from_rack, *_ in options[start[i]:start[i] + count[i]]:
                        if to_groups <= gmax:
                            new -= max(0, new // 25 - cap) * 25
                            best = max(best, from_rack * weights[m] + out[c, m, new, j - jokers])
                    out[c, n, s, j] = best
    return out


def test_colour_bounds_skip_only_entries_never_read() -> None:
    """The compiled bound leaves out the entries whose open runs need more jokers than are used:
    the rest are the reference's, and the passes find the same plays with either bound (an entry
    left out that a state reads would prune it)."""
    from tablesport.games.rummikub.search import NEG, as_arrays, colour_bounds, search
    from tablesport.games.rummikub.solver import _usable_rack, count_codes

    rng = Rng(2026)
    skipped = 0
    for k in range(24):
        table, rack = random_position(rng, rng.randint(10, 80), rng.randint(3, 20))
        tc, jt = count_codes([c for s in table for c in s], "table")
        rc, jr = count_codes(rack, "rack")
        rc = _usable_rack(tc, jt, rc, jr)
        t, r, w = as_arrays(tc, rc, [1] * 14 if k % 2 else list(range(14)))
        canon = k % 3 > 0
        got = colour_bounds(t, r, jt + jr, w, canon)
        ref = _every_colour_bound(t, r, jt + jr, w, canon)
        kept = got != NEG
        assert (got[kept] == ref[kept]).all()
        skipped += int((ref[~kept] != NEG).sum())
        for beam in (0, 8):
            a = search(t, jt, r, jr, w, 1, False, beam=beam, canon=canon, bound=got)
            b = search(t, jt, r, jr, w, 1, False, beam=beam, canon=canon, bound=ref)
            assert (a is None) == (b is None)
            if a is not None and b is not None:
                assert a[0] == b[0] and (a[1] == b[1]).all()
    assert skipped > 0


# the solver benchmark's big table #17 (``bench.rummikub_solver.big_positions``): of the 19 rack tiles
# 18 can be laid, and what settles it (B12 twice, O12 and O13 twice, R11 and R13 wanting the same
# partners and the two jokers) comes at 11-13
HARD_TABLE = [["K1", "K2", "K3", "K4", "K5"], ["O8", "O9", "O10", "O11"], ["K7", "K8", "K9", "K10", "K11"],
              ["K10", "B10", "O10"], ["B1", "K1", "O1"], ["K8", "K9", "J"], ["O5", "B5", "R5", "K5"],
              ["B3", "B4", "B5", "B6", "B7", "B8"], ["B11", "O11", "R11"], ["R4", "R5", "R6"],
              ["K3", "R3", "O3", "B3"], ["B4", "J", "B6", "B7"], ["O3", "O4", "O5", "O6", "O7"]]
HARD_RACK = ["R1", "R3", "R6", "R7", "R7", "R11", "R13", "B11", "B12", "B12", "B13", "O1", "O2", "O4", "O8",
             "O12", "O13", "O13", "K6"]


def _best_both_ways(table: list[list[str]], rack: list[str]) -> tuple[tuple[int, bool], tuple[int, bool]]:
    """:func:`.search.best` (most tiles, no spare joker) as the solver runs it, and never turned round:
    (score, turned) of each, (-1, False) for no play."""
    from tablesport.games.rummikub.search import best
    from tablesport.games.rummikub.solver import _WEIGHTS, _encode_position

    t, jt, r, jr = _encode_position([c for s in table for c in s], rack)
    w, wj = _WEIGHTS["tiles"]
    found = best(t, jt, r, jr, w, wj, False, canon=True)
    plain = best(t, jt, r, jr, w, wj, False, canon=True, turned_steps=0)
    return ((found[0], found[2]) if found else (-1, False)), ((plain[0], plain[2]) if plain else (-1, False))


def _in_reading_order(sol: Solution) -> None:
    """The tiles laid are listed in reading order: by colour, then number, jokers last."""
    from tablesport.games.rummikub.tiles import sort_key

    assert sol.placed == sorted(sol.placed, key=sort_key)


def test_a_hard_position_is_settled_turned_round_with_the_same_optimum() -> None:
    """Walked from 1, proving that all 19 tiles cannot go carries thousands of states to 11-13; read
    from 13 down (the same problem: runs and groups do not care which way), the first dives settle
    it.  The play found that way is the optimum (the ILP's, the one found without turning), its
    sets are valid, and the tiles laid are listed in reading order."""
    found, plain = _best_both_ways(HARD_TABLE, HARD_RACK)
    assert found == (18, True) and plain == (18, False)
    check_position(HARD_TABLE, HARD_RACK, True, "tiles")
    sol = solve(HARD_TABLE, HARD_RACK)
    assert sol.tiles_placed == 18
    _in_reading_order(sol)


def test_plays_found_turned_round_match_the_plain_search() -> None:
    """On big random tables (the benchmark's kind) the search turns some positions round; each
    answer is the one found without turning, and the solver's play from it, turned or not, is a
    valid table with the tiles laid listed alike."""
    rng = Rng(4040)
    turned = 0
    for _ in range(120):
        table, rack = random_position(rng, rng.randint(40, 92), rng.randint(10, 25))
        found, plain = _best_both_ways(table, rack)
        assert found[0] == plain[0] and not plain[1]
        turned += found[1]
        sol = solve(table, rack)
        assert sum(c != "J" for c in sol.placed) == found[0]  # the search counts no joker
        for s in sol.table:
            check_set(s)
        before = Counter(c for s in table for c in s)
        assert Counter(c for s in sol.table for c in s) == before + Counter(sol.placed)
        _in_reading_order(sol)
    assert turned > 0
