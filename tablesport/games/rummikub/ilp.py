"""The reference: den Hertog & Hulshof's integer programme over the set types, solved by HiGHS.

Variables: ``x_s`` = how many times set type ``s`` is on the new table, ``y_t`` = how many tiles of
type ``t`` are laid from the rack.  For every tile type ``t``: Σ_s a_ts x_s = table_t + y_t,
0 ≤ y_t ≤ rack_t.  Maximise Σ w_t y_t.  Set types: groups of 3 or 4 and runs of 3, 4 or 5 (a longer
run splits into these), each with up to two jokers in any position and at least one number tile.
Only set types whose number tiles are present are built.  Initial-meld variant: the table is left
out, and Σ_s value_s x_s ≥ 30.

Used by the tests and ``bench/rummikub_solver.py`` as the reference optimum (slow but trusted).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import highspy
import numpy as np

from .cells import NCOL
from .solver import MELD_MIN, PositionError, count_codes
from .tiles import JOKER_PENALTY

JOKER_ROW = NCOL * 13  # tile types: colour*13 + (number-1), then the joker


@cache
def set_types() -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every set type as (tile-type indices of its number tiles, jokers, value).

    Types with the same tiles are one type, at the highest value (e.g. ``R5 J J`` as 5-6-7).
    """
    best: dict[tuple[tuple[int, ...], int], int] = {}
    out = _raw_types()
    for reals, jokers, val in out:
        key = (reals, jokers)
        best[key] = max(val, best.get(key, 0))
    return tuple((reals, jokers, val) for (reals, jokers), val in best.items())


def _raw_types() -> list[tuple[tuple[int, ...], int, int]]:
    out: list[tuple[tuple[int, ...], int, int]] = []
    for n in range(1, 14):
        for size in (3, 4):
            for jokers in range(0, 3):
                for cols in combinations(range(NCOL), size - jokers):
                    out.append((tuple(c * 13 + n - 1 for c in cols), jokers, n * size))
    for c in range(NCOL):
        for size in (3, 4, 5):
            for start in range(1, 15 - size):
                nums = list(range(start, start + size))
                for jokers in range(0, 3):
                    for jpos in combinations(range(size), jokers):
                        real = tuple(c * 13 + nums[i] - 1 for i in range(size) if i not in jpos)
                        out.append((real, jokers, sum(nums)))
    return out


def ilp_optimum(table: Sequence[Sequence[str]], rack: Sequence[str], melded: bool = True,
                objective: str = "tiles") -> int | None:
    """The optimum of the integer programme (None: the table itself is invalid, or no meld ≥ 30)."""
    flat = [code for s in table for code in s]
    tcounts, jt = count_codes(flat, "table")
    rcounts, jr = count_codes(rack, "rack")
    if not melded:
        tcounts, jt = [[0] * 14 for _ in range(NCOL)], 0
    have = np.zeros(JOKER_ROW + 1, dtype=np.int64)
    need = np.zeros(JOKER_ROW + 1, dtype=np.int64)
    spare = np.zeros(JOKER_ROW + 1, dtype=np.int64)
    for c in range(NCOL):
        for n in range(1, 14):
            i = c * 13 + n - 1
            need[i] = tcounts[c][n]
            spare[i] = rcounts[c][n]
    need[JOKER_ROW], spare[JOKER_ROW] = jt, jr
    have = need + spare
    if (have > 2).any():
        raise PositionError("more than two copies of a tile")
    types = [s for s in set_types() if s[1] <= have[JOKER_ROW] and all(have[i] for i in s[0])]
    weights = np.ones(JOKER_ROW + 1) if objective == "tiles" else np.array(
        [n for _ in range(NCOL) for n in range(1, 14)] + [JOKER_PENALTY], dtype=float)
    # highspy's own Highs.__init__ lacks its return annotation, so mypy calls it untyped
    h = highspy.Highs()  # type: ignore[no-untyped-call]
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    nrows = JOKER_ROW + 1 + (0 if melded else 1)
    lower = np.concatenate([need.astype(float), [float(MELD_MIN)] if not melded else []])
    upper = np.concatenate([need.astype(float), [np.inf] if not melded else []])
    no_entries = np.array([], dtype=np.int32)
    h.addRows(nrows, lower, upper, 0, np.array([0], dtype=np.int32), no_entries, np.array([]))
    starts: list[int] = []
    index: list[int] = []
    value: list[float] = []
    for reals, jokers, val in types:
        starts.append(len(index))
        rows: dict[int, float] = {}
        for i in reals:
            rows[i] = rows.get(i, 0.0) + 1.0
        if jokers:
            rows[JOKER_ROW] = float(jokers)
        if not melded:
            rows[JOKER_ROW + 1] = float(val)
        for r, v in sorted(rows.items()):
            index.append(r)
            value.append(v)
    nx = len(types)
    if nx:
        h.addCols(nx, np.zeros(nx), np.zeros(nx), np.full(nx, 2.0), len(index),
                  np.array(starts, dtype=np.int32), np.array(index, dtype=np.int32), np.array(value))
    ny = JOKER_ROW + 1
    h.addCols(ny, weights, np.zeros(ny), spare.astype(float), ny,
              np.arange(ny, dtype=np.int32), np.arange(ny, dtype=np.int32), np.full(ny, -1.0))
    ncols = nx + ny
    h.changeColsIntegrality(ncols, np.arange(ncols, dtype=np.int32),
                            np.full(ncols, highspy.HighsVarType.kInteger))
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    h.run()
    status = h.getModelStatus()
    if status != highspy.HighsModelStatus.kOptimal:
        # HiGHS 1.15's presolve has been seen to call a feasible model of this kind infeasible
        # (an in-game position: the table alone solved, the table plus an optional rack did not)
        # and, once, to end with "Solve error"; such answers are checked again without presolve.
        h.setOptionValue("presolve", "off")
        h.run()
        status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return None
    if status != highspy.HighsModelStatus.kOptimal:
        raise RuntimeError(f"HiGHS ended with {h.modelStatusToString(status)}")
    return int(round(h.getInfo().objective_function_value))
