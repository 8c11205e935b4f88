"""The solver's play read back into sets, compiled (numba): the cells' choices → groups and runs.

The search (:mod:`.search`) gives, per cell (number, colour), what it did: tiles to groups and to
runs, jokers, the runs of 3+ that go on.  :func:`read_sets` replays that, colour by colour: the
open runs of each colour, those that must go on (lengths 1, 2) and those that may end (3+), and
at each number's last colour the group tiles split into groups (:func:`.cells.group_split`).  A
set's tiles are slots: ``colour * 15 + number``, or :data:`JOKER_SLOT`.  The sets come out in the
order they are finished, which the joker placement that follows relies on.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TypeVar

import numpy as np
import numpy.typing as npt
from numba import njit

from .cells import NCOL, group_split

Ints = npt.NDArray[np.int64]
T = TypeVar("T")

JOKER_SLOT = NCOL * 15
MAXJ = 2
RUNS = 64  # runs one play may hold (106 tiles make at most 35 sets)
OPEN = 8  # runs of one colour open at once (two copies and two jokers: 4)
GROUPS = 4  # groups one number's tiles split into (8 tiles and 2 jokers: 3)


@cache
def split_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`.cells.group_split` of every (tiles per colour 0..2, jokers) as arrays: the groups'
    count (-1: no split), their colours (-1 past the last) and their jokers, indexed by the tiles
    per colour and the jokers read as the digits of one base-3 number."""
    size = 3 ** (NCOL + 1)
    count = np.full(size, -1, dtype=np.int64)
    cols = np.full((size, GROUPS, NCOL), -1, dtype=np.int64)
    jokers = np.zeros((size, GROUPS), dtype=np.int64)
    for i in range(size):
        gs = tuple(i // 3 ** (NCOL - c) % 3 for c in range(NCOL))
        split = group_split(gs, i % 3)
        if split is None:
            continue
        count[i] = len(split)
        for q, (cs, j) in enumerate(split):
            cols[i, q, : len(cs)] = cs
            jokers[i, q] = j
    return count, cols, jokers


def read_sets(choices: np.ndarray, names: Sequence[T]) -> tuple[list[list[T]], int, list[T]]:
    """The sets of a play, the jokers it lays and the rack tiles it lays (by colour, then number),
    from :func:`.search.best`'s choices; a tile is given as ``names[slot]``."""
    count, cols, jokers = split_table()
    out = np.empty(128 + 2 * RUNS, dtype=np.int64)
    ends = np.empty(2 * RUNS, dtype=np.int64)
    placed = np.empty(2 * 52, dtype=np.int64)
    nsets, used, nplaced = _read_sets(choices, count, cols, jokers, out, ends, placed)
    laid = [names[x] for x in placed[:nplaced].tolist()]
    if not nsets:
        return [], int(used), laid
    flat = [names[x] for x in out[: ends[nsets - 1]].tolist()]
    bounds = [0, *ends[:nsets].tolist()]
    return [flat[bounds[q]:bounds[q + 1]] for q in range(nsets)], int(used), laid


@njit(cache=True)
def _emit(rt: Ints, rl: Ints, run: int, out: Ints, ends: Ints, nsets: int) -> int:
    """Run ``run`` appended to the finished sets; returns the new count of sets."""
    at = ends[nsets - 1] if nsets else 0
    for q in range(rl[run]):
        out[at + q] = rt[run, q]
    ends[nsets] = at + rl[run]
    return nsets + 1


@njit(cache=True)
def _read_sets(choices: Ints, count: Ints, cols: Ints, jokers: Ints, out: Ints,
               ends: Ints, placed: Ints) -> tuple[int, int, int]:
    rt = np.empty((RUNS, 14), dtype=np.int64)  # each run's tiles
    rl = np.zeros(RUNS, dtype=np.int64)
    runs = 0
    short = np.empty((NCOL, OPEN), dtype=np.int64)  # per colour, the runs that must go on
    nshort = np.zeros(NCOL, dtype=np.int64)
    long = np.empty((NCOL, OPEN), dtype=np.int64)  # and those of 3+
    nlong = np.zeros(NCOL, dtype=np.int64)
    nsh = np.empty(OPEN, dtype=np.int64)
    nlg = np.empty(OPEN, dtype=np.int64)
    gt = np.zeros(NCOL, dtype=np.int64)
    nsets = 0
    used = 0
    for i in range(52):
        n = i // NCOL + 1
        c = i % NCOL
        g, k, ur, s3, js, moved, jg = (choices[i, 1], choices[i, 2], choices[i, 4], choices[i, 5],
                                       choices[i, 6], choices[i, 7], choices[i, 10])
        slot = c * 15 + n
        if ur == 0 and k == 0:
            # no tile goes to a run (so none was open but runs of 3+, and they all end here)
            for q in range(nlong[c]):
                nsets = _emit(rt, rl, long[c, q], out, ends, nsets)
            nlong[c] = 0
        else:
            # the runs that must go on take the jokers first; of the runs of 3+, s3 go on (js of
            # them with a joker) and the rest end; what is left starts new runs
            must = nshort[c]
            km = min(k, must)
            for q in range(s3, nlong[c]):
                nsets = _emit(rt, rl, long[c, q], out, ends, nsets)
            if k == 0:
                moved = 0
            a = b = 0
            for q in range(must):
                run = short[c, q]
                rt[run, rl[run]] = JOKER_SLOT if q < km else slot
                rl[run] += 1
                if rl[run] < 3:
                    nsh[a] = run
                    a += 1
            for q in range(s3):
                run = long[c, q]
                rt[run, rl[run]] = JOKER_SLOT if q < js else slot
                rl[run] += 1
                if q < moved:
                    nsh[a] = run
                    a += 1
            for _ in range(k - km - js):
                rt[runs, 0] = JOKER_SLOT
                rl[runs] = 1
                nsh[a] = runs
                a += 1
                runs += 1
            for _ in range(ur - (must - km) - (s3 - js)):
                rt[runs, 0] = slot
                rl[runs] = 1
                nsh[a] = runs
                a += 1
                runs += 1
            for q in range(must):
                if rl[short[c, q]] >= 3:
                    nlg[b] = short[c, q]
                    b += 1
            for q in range(moved, s3):
                nlg[b] = long[c, q]
                b += 1
            short[c, :a] = nsh[:a]
            nshort[c] = a
            long[c, :b] = nlg[:b]
            nlong[c] = b
        used += k
        gt[c] = g
        if c == NCOL - 1:
            used += jg
            if jg or gt.any():
                i3 = (((gt[0] * 3 + gt[1]) * 3 + gt[2]) * 3 + gt[3]) * 3 + jg
                if count[i3] < 0:
                    raise AssertionError("the play's group tiles do not split into groups")
                for q in range(count[i3]):
                    at = ends[nsets - 1] if nsets else 0
                    for cc in range(NCOL):
                        if cols[i3, q, cc] >= 0:
                            out[at] = cols[i3, q, cc] * 15 + n
                            at += 1
                    for _ in range(jokers[i3, q]):
                        out[at] = JOKER_SLOT
                        at += 1
                    ends[nsets] = at
                    nsets += 1
                gt[:] = 0
    for c in range(NCOL):
        for q in range(nshort[c]):
            nsets = _emit(rt, rl, short[c, q], out, ends, nsets)
        for q in range(nlong[c]):
            nsets = _emit(rt, rl, long[c, q], out, ends, nsets)
    nplaced = 0
    for c in range(NCOL):
        for n in range(1, 14):
            for _ in range(choices[(n - 1) * NCOL + c, 3]):
                placed[nplaced] = c * 15 + n
                nplaced += 1
    return nsets, used, nplaced
