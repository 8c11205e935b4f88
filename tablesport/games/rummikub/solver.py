"""The exact move solver: the most tiles (or points) a player can lay on a table.

The problem: every table tile must stay on the table, any subset of the rack may join it, and the
result must split into valid groups and runs.  Maximise the tiles laid (or their value).  The
initial-meld variant leaves the table alone and asks for new sets from the rack worth 30 or more.

Method: dynamic programming over the numbers 1..13, one cell (number, colour) at a time; the
cells' rules are in :mod:`.cells`, the compiled search in :mod:`.search`.  This module takes a
position, runs the passes that settle it and turns the choices found back into sets:

* spare jokers: a play is first sought without any joker that could be taken off its set (the
  jokers are added to the sets at the end; when they do not fit, the search that places every
  joker itself runs);
* rack tiles that cannot be in any set are dropped first;
* a beam finds a good play quickly (a lower bound); the exact pass then keeps only the states
  able to beat it (by the per-colour bound and by dominance).

The reference is the integer programme of den Hertog & Hulshof over the set types (``ilp.py``);
the tests check that both find the same optimum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from .cells import NCOL, group_split
from .sets import SetError, check_set
from .tiles import CELLS, JOKER, JOKER_PENALTY, code_at, number, sort_key

if TYPE_CHECKING:
    import numpy as np

MAXJ = 2
OBJECTIVES = ("tiles", "value")
MELD_MIN = 30
BEAM = 48  # states kept per cell by the quick pass
DIVE_BUDGET = 2_000  # states the depth-first dive for a play reaching the bound may open
# targets tried by dives (most tiles), from the bound down, before the exact pass from the beam's play
DIVES = 3

class PositionError(ValueError):
    """A position the solver cannot take (malformed codes, too many copies, an invalid table)."""


@dataclass
class Solution:
    tiles_placed: int
    value_placed: int
    placed: list[str]
    table: list[list[str]]
    meld_value: int = 0
    feasible: bool = True
    objective: str = "tiles"
    extra: dict[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "tiles_placed": self.tiles_placed,
            "value_placed": self.value_placed,
            "placed": self.placed,
            "table": self.table,
        }
        if self.meld_value:
            out["meld_value"] = self.meld_value
        return out


# -- counts ------------------------------------------------------------------------------------

Counts = list[list[int]]  # [colour][number] for numbers 1..13 (index 0 unused)


def count_codes(codes: Iterable[str], what: str) -> tuple[Counts, int]:
    counts = [[0] * 14 for _ in range(NCOL)]
    jokers = 0
    for code in codes:
        cell = CELLS.get(code) if isinstance(code, str) else None
        if cell is not None:
            counts[cell[0]][cell[1]] += 1
        elif code == JOKER:
            jokers += 1
        else:
            raise PositionError(f"{what}: {code!r} is not a tile code (R, B, O, K + 1-13, or J)")
    return counts, jokers


def _usable_rack(table: Counts, jt: int, rack: Counts, jr: int) -> Counts:
    """The rack without the tiles that cannot be in any set (exact: such a tile is never laid).

    A rack tile needs partners: two other colours of its number (or jokers) for a group, or a
    window of three numbers around it whose other cells hold tiles (or jokers) for a run.  Taking
    a useless tile away can leave others without partners, so this repeats until nothing changes.
    """
    jtot = jt + jr
    left = [row[:] for row in rack]
    avail = [[table[c][n] + rack[c][n] for n in range(14)] + [0] for c in range(NCOL)]
    changed = True
    while changed:
        changed = False
        for c in range(NCOL):
            row = avail[c]
            for n in range(1, 14):
                if not left[c][n]:
                    continue
                if sum(1 for cc in range(NCOL) if cc != c and avail[cc][n]) + jtot >= 2:
                    continue
                if any((row[lo] == 0) + (row[lo + 1] == 0) + (row[lo + 2] == 0) - (row[n] == 0) <= jtot
                       for lo in range(max(1, n - 2), min(n, 11) + 1)):
                    continue
                row[n] -= left[c][n]
                left[c][n] = 0
                changed = True
    return left


Found = tuple[int, "np.ndarray"]  # (score, the 52 cells' choices)


def _best(table: Counts, jt: int, rack: Counts, jr: int, weights: Sequence[int], wj: int,
          meld: bool, canon: bool = False) -> Found | None:
    """The exact optimum, found by a few passes of the search.

    0. rack tiles that cannot be in any set are dropped;
    1. the per-colour bound (:func:`.search.colour_bounds`) caps what can be laid (``top``);
    2. a depth-first dive for a play reaching ``top``, best gain first, with a step budget: it
       finds one at once when there is one, which is common (so no lower bound is needed first);
       when the dive shows there is none, ``top`` goes down by one and the next dive starts (three
       targets at most, one when the objective is points).  If the first dive cannot tell, the
       exact pass for plays reaching ``top`` decides instead (strongly pruned, so cheap);
    3. if that does not settle it: a beam, ranked by the bound, finds a good play (a lower bound),
       and the exact pass looks for plays beating it.

    ``canon``: the search without spare jokers (the caller adds them to the sets; the scores
    count no jokers).
    """
    from .search import HALF_NEG, NEG, as_arrays, colour_bounds, reach, search

    rack = _usable_rack(table, jt, rack, jr)
    t, r, w = as_arrays(table, rack, weights)
    jextra = 0 if canon else jr * wj
    bound = colour_bounds(t, r, jt + jr, w, canon)
    top = min(sum(rack[c][n] * weights[n] for c in range(NCOL) for n in range(1, 14)),
              int(bound[:, 0, 0, jt + jr].sum())) + jextra
    if top < HALF_NEG:
        return None  # the table tiles cannot all be used
    # most tiles: a target one lower is the next likely optimum; most points: it rarely is
    for dives in range(DIVES if max(weights) == 1 else 1):
        if top < 0:
            return None  # no play at all (every score is 0 or more)
        dive = reach(t, jt, r, jr, w, wj, meld, top - 1, canon, bound, DIVE_BUDGET)
        if isinstance(dive, tuple):
            return dive
        if dive:  # the dive ran out of steps
            if dives:
                break
            found = search(t, jt, r, jr, w, wj, meld, floor=top - 1, canon=canon, bound=bound)
            if found is not None:
                return found
        top -= 1  # no play reaches top
    if top < 0:
        return None
    quick = search(t, jt, r, jr, w, wj, meld, beam=BEAM, canon=canon, bound=bound)
    if quick is not None and quick[0] >= top:
        return quick
    floor = NEG if quick is None else quick[0]
    better = search(t, jt, r, jr, w, wj, meld, floor=floor, canon=canon, bound=bound)
    return better if better is not None else quick


_CODE_AT = [[code_at(c, n) for n in range(14)] for c in range(NCOL)]  # [colour][number] → code
_CELLS = [(c, n) for c in range(NCOL) for n in range(1, 14)]


def _rebuild(found: Found) -> tuple[list[list[str]], dict[str, int], int]:
    """The sets of the solution, the rack codes used (code → count), jokers used."""
    choices = found[1].tolist()
    # per colour, the open runs as the search sees them: must go on (lengths 1, 2) and may end (3+)
    short: list[list[list[str]]] = [[] for _ in range(NCOL)]
    long: list[list[list[str]]] = [[] for _ in range(NCOL)]
    sets: list[list[str]] = []
    from_rack: dict[str, int] = {}
    jokers_used = 0
    group_tiles: list[int] = [0] * NCOL
    for i, (_new, g, k, du, ur, s3, js, moved, _g1, _g2, jg) in enumerate(choices):
        n, c = divmod(i, NCOL)
        n += 1
        if ur == 0 and k == 0:
            # no tile goes to a run (so none was open but runs of 3+, and they all end here)
            if long[c]:
                sets.extend(long[c])
                long[c] = []
        else:
            _extend_runs(short, long, sets, c, _CODE_AT[c][n], k, ur, s3, js, moved)
        if du:
            code = _CODE_AT[c][n]
            from_rack[code] = from_rack.get(code, 0) + du
        jokers_used += k
        group_tiles[c] = g
        if c == NCOL - 1:
            jokers_used += jg
            if jg or any(group_tiles):
                split = group_split(tuple(group_tiles), jg)
                assert split is not None
                for cols, j in split:
                    sets.append([_CODE_AT[cc][n] for cc in cols] + [JOKER] * j)
                group_tiles = [0] * NCOL
    for c in range(NCOL):
        sets.extend(short[c] + long[c])
    return sets, from_rack, jokers_used


def _extend_runs(short: list[list[list[str]]], long: list[list[list[str]]], sets: list[list[str]], c: int,
                 code: str, k: int, ur: int, s3: int, js: int, moved: int) -> None:
    """One cell's tiles (``ur`` copies of ``code``) and ``k`` jokers on colour ``c``'s runs.

    The runs that must go on (lengths 1, 2) take the jokers first; of the runs of 3+, ``s3`` go
    on (``js`` of them with a joker) and the rest end; what is left starts new runs.
    """
    must = short[c]
    if k == 0:  # no joker (so none carries a run on): the same buckets, built with less work
        going = long[c]
        if s3 < len(going):
            sets.extend(going[s3:])
            going = going[:s3]
        grown: list[list[str]] = []
        young: list[list[str]] = []
        for run in must:
            run.append(code)
            (young if len(run) < 3 else grown).append(run)
        for run in going:
            run.append(code)
        young.extend([code] for _ in range(ur - len(must) - s3))
        short[c] = young
        grown.extend(going)
        long[c] = grown
        return
    km = min(k, len(must))
    for run in long[c][s3:]:
        sets.append(run)
    going = long[c][:s3]
    reals = ur - (len(must) - km)
    for idx, run in enumerate(must):
        run.append(JOKER if idx < km else code)
    for idx, run in enumerate(going):
        run.append(JOKER if idx < js else code)
    jm = k - km - js
    fresh = [[JOKER] for _ in range(jm)] + [[code] for _ in range(reals - (s3 - js))]
    # next buckets: a run of length 2 or 3+ that must go on (a joker carried it on) stays short
    short[c] = [run for run in must if len(run) < 3] + going[:moved] + fresh
    long[c] = [run for run in must if len(run) >= 3] + going[moved:]


def _add_jokers(sets: list[list[str]], spare: int) -> bool:
    """Add ``spare`` jokers to sets that can take one (a group of 3, a run shorter than 13)."""
    for s in sets:
        while spare:
            try:
                check_set([*s, JOKER])
            except SetError:
                break
            s.append(JOKER)
            spare -= 1
    return spare == 0


def solve(table: Sequence[Sequence[str]], rack: Sequence[str], melded: bool = True,
          objective: str = "tiles") -> Solution:
    """The best play for ``rack`` on ``table`` (lists of tile codes).

    ``melded=False`` is the initial-meld variant: the table stays as it is and the new sets come
    from the rack alone, worth 30 or more (nothing is laid when that is impossible).
    """
    if objective not in OBJECTIVES:
        raise PositionError(f"objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    flat_table = [code for s in table for code in s]
    tcounts, jt = count_codes(flat_table, "table")
    rcounts, jr = count_codes(rack, "rack")
    for c, n in _CELLS:
        if tcounts[c][n] + rcounts[c][n] > 2:
            raise PositionError(f"{code_at(c, n)} appears {tcounts[c][n] + rcounts[c][n]} times "
                                    "(2 copies exist)")
    if jt + jr > MAXJ:
        raise PositionError(f"{jt + jr} jokers (2 exist)")
    weights = [1] * 14 if objective == "tiles" else list(range(14))
    wj = 1 if objective == "tiles" else JOKER_PENALTY
    if melded:
        # first the plays without a spare joker, the jokers added at the end (every joker laid);
        # if they do not fit, the search that places each joker itself
        found = _best(tcounts, jt, rcounts, jr, weights, wj, meld=False, canon=True)
        sets: list[list[str]] = []
        if found is not None:
            sets, used, jok = _rebuild(found)
        if found is None or not _add_jokers(sets, jt + jr - jok):
            found = _best(tcounts, jt, rcounts, jr, weights, wj, meld=False)
            if found is None:
                raise PositionError("the table itself does not split into valid groups and runs")
            sets, used, jok = _rebuild(found)
        else:
            jok = jt + jr
        placed_j = jok - jt
        new_table = sets
    else:
        empty = [[0] * 14 for _ in range(NCOL)]
        found = None
        if _meld_max(rcounts, jr) >= MELD_MIN:
            found = _best(empty, 0, rcounts, jr, weights, wj, meld=True)
        if found is None:
            return Solution(0, 0, [], [list(s) for s in table], 0, False, objective)
        sets, used, placed_j = _rebuild(found)
        new_table = [list(s) for s in table] + sets
    placed = [code for code, k in used.items() for _ in range(k)] + [JOKER] * placed_j
    placed.sort(key=sort_key)
    value = sum(JOKER_PENALTY if p == JOKER else number(p) for p in placed)
    meld_value = 0
    if not melded:
        meld_value = sum(check_set(s).value for s in sets)
    return Solution(len(placed), value, placed, [sorted_set(s) for s in new_table], meld_value, True,
                    objective)


def sorted_set(codes: Sequence[str]) -> list[str]:
    """A set's codes in reading order: a run ascending with its jokers in place, else sorted."""
    return list(_sorted_set(tuple(codes)))


@lru_cache(maxsize=4096)
def _sorted_set(codes: tuple[str, ...]) -> tuple[str, ...]:
    real = [c for c in codes if c != JOKER]
    nums = sorted(int(c[1:]) for c in real)
    size = len(codes)
    if len({c[0] for c in real}) == 1 and len(set(nums)) == len(nums) > 1 and nums[-1] - nums[0] < size <= 13:
        start = min(nums[0], 14 - size)
        col = real[0][0]
        return tuple(f"{col}{n}" if n in nums else JOKER for n in range(start, start + size))
    return (*sorted(real, key=sort_key), *[JOKER] * (size - len(real)))


def _meld_max(rcounts: Counts, jr: int) -> int:
    """The most a meld from these tiles alone could be worth (0: no set at all)."""
    from .search import as_arrays, search

    empty = [[0] * 14 for _ in range(NCOL)]
    t, r, w = as_arrays(empty, rcounts, [0] * 14)
    found = search(t, 0, r, jr, w, 0, meld=False, meld_gain=True)
    return 0 if found is None else found[0]


def can_meld(rack: Sequence[str]) -> bool:
    """Could these tiles alone make an initial meld worth 30 or more? (the −100/−200 rule)"""
    rcounts, jr = count_codes(rack, "rack")
    return _meld_max(rcounts, jr) >= MELD_MIN
