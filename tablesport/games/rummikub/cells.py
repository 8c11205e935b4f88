"""The cells of the solver's search: what one (number, colour) cell may do, and how groups form.

The search (:mod:`.search`) walks the 52 cells (numbers 1..13, four colours each).  Its state keeps,
per colour, how many runs are open with length 1, 2 and 3-or-more (runs of one colour are
interchangeable, so counts suffice), packed as ``n1 + 5*n2 + 25*n3``; at the last colour of a number
the tiles given to groups are split into groups.  These functions are the rules of that walk; they
are pure and cached, and :mod:`.search` turns them into tables.
"""

from __future__ import annotations

from functools import cache

NCOL = 4


# -- groups ------------------------------------------------------------------------------------

@cache
def group_split(gs: tuple[int, ...], jokers: int,
                canon: bool = False) -> tuple[tuple[tuple[int, ...], int], ...] | None:
    """A split of ``gs[c]`` tiles per colour plus ``jokers`` into groups, or None.

    Each group is (colours, jokers in it): distinct colours, 3 or 4 tiles, at least one number tile.
    ``canon``: a group with a joker has 3 tiles (the joker of a group of 4 is spare).
    """
    if not any(gs):
        return () if jokers == 0 else None
    avail = [c for c in range(NCOL) if gs[c]]
    # the first group takes the first colour with the most tiles left (others are tried too)
    first = max(avail, key=lambda c: gs[c])
    rest_cols = [c for c in avail if c != first]
    n = len(rest_cols)
    for mask in range(1 << n):
        cols = (first, *(rest_cols[i] for i in range(n) if mask >> i & 1))
        for j in range(0, min(jokers, 4 - len(cols)) + 1):
            if len(cols) + j < 3 or (canon and j and len(cols) + j > 3):
                continue
            left = tuple(gs[c] - (c in cols) for c in range(NCOL))
            sub = group_split(left, jokers - j, canon)
            if sub is not None:
                return ((cols, j), *sub)
    return None


@cache
def group_ok(n1: int, n2: int, jokers: int, canon: bool = False) -> bool:
    """Can n1 colours with one tile and n2 colours with two, plus ``jokers``, form groups?"""
    gs = (2,) * n2 + (1,) * n1 + (0,) * (NCOL - n1 - n2)
    return group_split(gs, jokers, canon) is not None



# -- one cell -----------------------------------------------------------------------------------
# a colour's open runs: (n1, n2, n3) = runs of length 1, 2 and >= 3, packed as n1 + 5*n2 + 25*n3


@cache
def cell_options(sub: int, t: int, r: int, jb: int, canon: int = 0) -> tuple[tuple[int, ...], ...]:
    """Choices for one (number, colour) cell: (new_sub, to_groups, jokers, from_rack, to_runs, s3, js).

    ``t`` copies are on the table (must be used), ``r`` more in the rack (optional), ``jb`` jokers
    still free.  Open runs of length 1 or 2 must go on; of the runs of 3+, ``s3`` go on and the rest
    end.  A run of 3+ never ends in the same cell where a new run of that colour starts (going on
    is at least as good).  For equal (new_sub, to_groups, jokers) only the most rack tiles are kept.
    Jokers go to the runs that must go on first, then ``js`` of them carry runs of 3+ on, the rest
    start new runs.

    ``canon`` (1, or 2 at number 11) keeps only the plays where no joker could be taken off (the
    jokers left over are added to the sets at the end, see :func:`.solver.solve`): no joker stands in for
    a copy left on the rack; a run of 3+ carried on by a joker must go on again (it counts as a
    run of length 2), else the joker is spare; a run starts with a joker only at 11 (a run
    ``J 5 6`` is the run ``5 6 J``; only ``J 12 13`` cannot move its joker to the end).
    """
    n1, n2, n3 = sub % 5, sub // 5 % 5, sub // 25
    best: dict[tuple[int, int, int], tuple[int, ...]] = {}
    must = n1 + n2
    for u in range(t, t + r + 1):
        for k in range(jb + 1):
            if canon and k and u < t + r:
                break  # a joker stands in for a copy still on the rack: swap them
            for ur in range(u + 1):
                nrun = ur + k
                if nrun < must:
                    continue
                kr = k - min(k, must)  # jokers left after the runs that must go on
                for s3 in range(n3 + 1):
                    m = nrun - must - s3
                    if m < 0 or (m > 0 and s3 < n3):
                        continue
                    if m + n1 + n2 + s3 > 4:
                        continue
                    if canon:
                        lo = max(0, kr - m) if canon == 2 else kr
                        splits = [(js, js) for js in range(lo, min(kr, s3) + 1)]
                    else:
                        splits = [(max(0, kr - m), 0)]
                    for js, moved in splits:
                        new = m + 5 * (n1 + moved) + 25 * (n2 + s3 - moved)
                        key = (new, u - ur, k)
                        old = best.get(key)
                        if old is None or old[3] < u - t:
                            best[key] = (new, u - ur, k, u - t, ur, s3, js, moved)
    return tuple(best.values())


def valid_sub(sub: int) -> bool:
    """A colour's open runs the search can hold: at most 4 (two copies and two jokers)."""
    return sub % 5 + sub // 5 % 5 + sub // 25 <= 4


# tiles a colour's open runs of length 1 and 2 still need; the beam scores a state minus these (a
# function of the state that is 0 at the end, so the final scores are the true ones)
OWED = [2 * (sub % 5) + sub // 5 % 5 for sub in range(125)]
