"""The exact move solver: the most tiles (or points) a player can lay on a table.

The problem: every table tile must stay on the table, any subset of the rack may join it, and the
result must split into valid groups and runs.  Maximise the tiles laid (or their value).  The
initial-meld variant leaves the table alone and asks for new sets from the rack worth 30 or more.

Method: dynamic programming over the numbers 1..13, one cell (number, colour) at a time.  The
state after a cell records, per colour, how many runs are open with length 1, 2 and 3-or-more
(runs of one colour are interchangeable, so counts suffice), the jokers used so far, and for the
number being processed how many colours have given 1 or 2 tiles to groups (groups are formed
when the number's last colour is done).  A cell's choices — how many copies to use, how many go
to runs or groups, which open runs go on, how many jokers stand in — are enumerated once per
distinct situation and cached.  Backpointers rebuild the actual sets.

What keeps the search small:

* spare jokers: a play is first sought without any joker that could be taken off its set (the
  jokers are added to the sets at the end; when they do not fit, the full search runs);
* dominance: a state is dropped when a neighbouring state (a run longer, one run of 3+ more, a
  joker less) scores as much;
* a bound: per colour, the most its rack tiles can still bring, taken alone (a relaxation), so
  states that cannot beat the best play known are dropped at each number;
* cheap first passes (the whole rack depth first, beams) that often settle the position.

The reference is the integer programme of den Hertog & Hulshof over the set types (``ilp.py``);
the tests check that both find the same optimum.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from .sets import SetError, check_set
from .tiles import COLOUR_ORDER, JOKER, JOKER_PENALTY, code_at, is_code, number, sort_key

NCOL = 4
MAXJ = 2
OBJECTIVES = ("tiles", "value")
MELD_MIN = 30
NEG = -(1 << 60)  # below every score
HALF_NEG = NEG // 2  # a bound below this: the state cannot be finished


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
        if not is_code(code):
            raise PositionError(f"{what}: {code!r} is not a tile code (R, B, O, K + 1-13, or J)")
        if code == JOKER:
            jokers += 1
        else:
            counts[COLOUR_ORDER.index(code[0])][int(code[1:])] += 1
    return counts, jokers


# -- groups ------------------------------------------------------------------------------------


@cache
def group_split(gs: tuple[int, ...], jokers: int, canon: bool = False) -> tuple[tuple[tuple[int, ...], int], ...] | None:
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


@cache
def _jokers_for_groups(jtot: int, canon: bool = False) -> dict[tuple[int, int, int], list[int]]:
    """(g1, g2, free jokers) → the joker counts with which those group tiles form groups."""
    return {(g1, g2, free): [jg for jg in range(free + 1) if group_ok(g1, g2, jg, canon)]
            for g1 in range(5) for g2 in range(5 - g1) for free in range(jtot + 1)}


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
    jokers left over are added to the sets at the end, see :func:`_best`): no joker stands in for
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


# -- the search ---------------------------------------------------------------------------------


def colour_bounds(table: Counts, rack: Counts, jtot: int, weights: Sequence[int], canon: bool,
                  ) -> Callable[[int, int, int, int], int]:
    """An upper bound on what is still to come, per colour: ``f(c, n, sub, j)``.

    The most the rack tiles of colour ``c`` at the numbers after ``n`` can bring, when the colour's
    open runs after ``n`` are ``sub`` and ``j`` jokers are free; ``NEG`` when the colour's open
    runs cannot be finished or its table tiles cannot all be used.  Each colour is taken alone:
    every free joker is offered to it, and a tile may join groups when the other colours of its
    number (with the jokers) could be partners at all.  This only relaxes the real problem, so the
    sum over the colours never falls below what a state can still reach; the search drops a state
    whose score plus this bound cannot beat the best play known.
    """
    avail = [[table[c][n] + rack[c][n] for n in range(14)] for c in range(NCOL)]
    # grp[c][n]: how many tiles of (n, c) can be in groups (each group needs two partners)
    grp = [[0] * 14 for _ in range(NCOL)]
    for c in range(NCOL):
        for n in range(1, 14):
            for x in (1, 2):
                if sum(min(avail[o][n], x) for o in range(NCOL) if o != c) + jtot >= 2 * x:
                    grp[c][n] = x
    caps = [[long_cap(table, rack, jtot, c, n) for n in range(14)] for c in range(NCOL)]
    memo: list[dict[int, int]] = [{} for _ in range(NCOL)]

    def f(c: int, n: int, sub: int, j: int) -> int:
        mkey = (n * 125 + sub) * 3 + j
        got = memo[c].get(mkey)
        if got is not None:
            return got
        if n == 13:
            best = 0 if sub % 25 == 0 else NEG
        else:
            m = n + 1
            w = weights[m]
            cap = caps[c][m]
            gmax = grp[c][m]
            best = NEG
            for opt in cell_options(sub, table[c][m], rack[c][m], j, ((2 if m == 11 else 1) if canon else 0)):
                if opt[1] > gmax:
                    continue
                new = opt[0]
                if new // 25 > cap:
                    new -= (new // 25 - cap) * 25
                v = opt[3] * w + f(c, m, new, j - opt[2])
                if v > best:
                    best = v
        memo[c][mkey] = best
        return best

    return f


# A state is one integer: the four colours' open runs (base 125 each), then the jokers used,
# g1 and g2 (colours that gave 1 or 2 tiles to groups at the current number) and the meld value.
SUB = (1, 125, 125**2, 125**3)
MJ = 125**4
MG1 = MJ * 3
MG2 = MG1 * 5
MM = MG2 * 5

Layer = dict[int, tuple[int, tuple[int, ...]]]  # state key → (previous key, the cell's choice)


def long_cap(table: Counts, rack: Counts, jtot: int, c: int, n: int) -> int:
    """How many runs of 3+ of colour ``c`` open after number ``n`` can matter.

    Only as many runs can go on at ``n + 1`` as there are tiles there (table, rack, jokers); the
    others can only end, so states that differ beyond that count are the same (their keys merge).
    """
    if n == 13:
        return 0
    return min(4, table[c][n + 1] + rack[c][n + 1] + jtot)


def _solve_counts(
    table: Counts, jt: int, rack: Counts, jr: int, weights: Sequence[int], wj: int, meld: bool,
    floor: int | None = None, beam: int | None = None, meld_gain: bool = False, canon: bool = False,
    bound: Callable[[int, int, int, int], int] | None = None,
) -> tuple[int, list[Layer], int] | None:
    """Run the DP. Returns (best score, layers of backpointers, final key) or None if infeasible.

    ``floor``: only solutions scoring more are sought (states that cannot beat it are dropped).
    ``beam``: keep only that many best-scoring states per cell (a quick lower bound, not exact).
    ``meld_gain``: score the meld value instead (every tile and joker at its number; rack only).
    ``canon``: only plays without a spare joker (see :func:`cell_options`); jokers score nothing
    and need not be laid (the caller adds the spare ones at the end).
    ``bound``: :func:`colour_bounds` for this position; states that cannot beat ``floor`` (or
    cannot be finished at all) are dropped.
    """
    jtot = jt + jr
    scores: dict[int, int] = {0: 0}
    layers: list[Layer] = []
    # rest[i]: the most the rack tiles of the cells after cell i could still bring, plus the rack jokers
    cell_w = [rack[c][n] * weights[n] for n in range(1, 14) for c in range(NCOL)]
    rest = [0] * 52
    acc = 0 if canon else jr * wj
    for i in range(51, -1, -1):
        rest[i] = acc
        acc += cell_w[i]
    cut = NEG if floor is None else floor
    jg_ok = _jokers_for_groups(jtot, canon)
    # the bound counts rack tiles only; the jokers still to be laid may add their weight
    jextra = 0 if canon or beam is not None else jr * wj
    bcut = cut if beam is None else NEG
    for n in range(1, 14):
        w = weights[n]
        mode = (2 if n == 11 else 1) if canon else 0
        for c in range(NCOL):
            t = table[c][n]
            r = rack[c][n]
            pc = SUB[c]
            last = c == NCOL - 1
            simple = not last and not meld
            bar = cut - rest[(n - 1) * NCOL + c]
            cap = long_cap(table, rack, 0, c, n)  # plus the jokers still free after this cell
            moves: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
            nscores: dict[int, int] = {}
            back: Layer = {}
            get = nscores.get
            if beam is None and len(scores) > DOMINANCE_MIN:
                scores = _undominated(scores, canon)
            if bound is not None and c == 0 and n > 1:
                # at the start of a number: drop the states that cannot beat the floor
                m = n - 1
                kept = {}
                rank = {}
                for key, score in scores.items():
                    jf = jtot - key // MJ % 3
                    s0, s1, s2, s3 = key % 125, key // 125 % 125, key // 15625 % 125, key // 1953125 % 125
                    b = (score + jextra + bound(0, m, s0, jf) + bound(1, m, s1, jf)
                         + bound(2, m, s2, jf) + bound(3, m, s3, jf))
                    if b > bcut and b > HALF_NEG:
                        kept[key] = score
                        if beam is not None:  # the beam ranks by the bound (its scores owe the short runs)
                            rank[key] = b + OWED[s0] + OWED[s1] + OWED[s2] + OWED[s3]
                if beam is not None and len(kept) > beam:
                    kept = {k: kept[k] for k in heapq.nlargest(beam, rank, key=rank.__getitem__)}
                scores = kept
            for key, score in scores.items():
                sub = key // pc % 125
                mk = sub + 125 * (key // MJ % 3)
                mv = moves.get(mk)
                if mv is None:
                    mv = []
                    for opt in cell_options(sub, t, r, jtot - mk // 125, mode):
                        g = opt[1]
                        capj = min(4, cap + jtot - mk // 125 - opt[2]) if n < 13 else 0
                        new = opt[0] - max(0, opt[0] // 25 - capj) * 25
                        delta = (new - sub) * pc + opt[2] * MJ + (MG1 if g == 1 else MG2 if g == 2 else 0)
                        dg = (opt[3] + opt[2]) * n if meld_gain else opt[3] * w
                        if beam is not None:
                            dg -= OWED[new] - OWED[sub]
                        mv.append((delta, dg, opt))
                    mv.sort(key=lambda m: -m[1])  # best gain first: the first one under the bar ends the loop
                    moves[mk] = mv
                if simple:
                    for delta, dg, opt in mv:
                        gain = score + dg
                        if gain <= bar:
                            break
                        nk = key + delta
                        if gain > get(nk, NEG):
                            nscores[nk] = gain
                            back[nk] = (key, opt)
                    continue
                for delta, dg, opt in mv:
                    gain = score + dg
                    if gain <= bar:
                        break
                    nk = key + delta
                    if meld:
                        m0 = nk // MM
                        m1 = min(MELD_MIN, m0 + (opt[3] + opt[2]) * n)
                        nk += (m1 - m0) * MM
                    if last:
                        g1 = nk // MG1 % 5
                        g2 = nk // MG2 % 5
                        nk -= g1 * MG1 + g2 * MG2
                        if g1 == 0 and g2 == 0:
                            if gain > get(nk, NEG):
                                nscores[nk] = gain
                                back[nk] = (key, (*opt, 0, 0, 0))
                            continue
                        j1 = nk // MJ % 3
                        for jg in jg_ok[(g1, g2, jtot - j1)]:
                            nk2 = nk + jg * MJ
                            if meld and jg:
                                m0 = nk2 // MM
                                nk2 += (min(MELD_MIN, m0 + jg * n) - m0) * MM
                            gj = gain + jg * n if meld_gain else gain
                            if gj > get(nk2, NEG):
                                nscores[nk2] = gj
                                back[nk2] = (key, (*opt, g1, g2, jg))
                    elif gain > get(nk, NEG):
                        nscores[nk] = gain
                        back[nk] = (key, opt)
            if beam is not None and len(nscores) > beam:
                nscores = dict(heapq.nlargest(beam, nscores.items(), key=lambda kv: kv[1]))
            layers.append(back)
            scores = nscores
            if not scores:
                return None
    best: tuple[int, int] | None = None
    for key, score in scores.items():
        if any(key // SUB[c] % 125 % 25 for c in range(NCOL)):
            continue  # a run of length 1 or 2 is still open
        used = key // MJ % 3
        if used < jt and not canon:
            continue  # a table joker left off the table
        if meld and key // MM < MELD_MIN:
            continue
        total = score if canon else score + (used - jt) * wj
        if best is None or total > best[0]:
            best = (total, key)
    if best is None:
        return None
    return best[0], layers, best[1]


def _undominated(scores: dict[int, int], canon: bool) -> dict[int, int]:
    """The states that no neighbouring state with as good a score beats (same group tiles).

    A state beats another that differs only in one colour by a run of 3+ more (it may end at once),
    or by a run one step longer (a run of 2 for a run of 1, of 3+ for a run of 2: the longer run
    takes the same tiles and is finished sooner); and, when spare jokers are free (``canon``), by
    fewer jokers used.
    """
    get = scores.get
    kept: dict[int, int] = {}
    for key, score in scores.items():
        beaten = False
        for pc in SUB:
            sub = key // pc % 125
            if ((sub < 100 and get(key + 25 * pc, NEG) >= score)
                    or (sub // 5 % 5 and get(key + 20 * pc, NEG) >= score)
                    or (sub % 5 and get(key + 4 * pc, NEG) >= score)):
                beaten = True
                break
        if not beaten and canon:
            used = key // MJ % 3
            beaten = (used >= 1 and get(key - MJ, NEG) >= score) or (used == 2 and get(key - 2 * MJ, NEG) >= score)
        if not beaten:
            kept[key] = score
    return kept


BEAM = 48
WIDE_BEAM = 128  # the second beam, when the first play found leaves tiles that might be laid
BIG_TABLE = 40  # table tiles from which the wide beam and the whole-rack search are worth their cost
DOMINANCE_MIN = 64  # smaller layers are not worth the dominance test

# tiles a colour's open runs of length 1 and 2 still need; the beam scores a state minus these (a
# function of the state that is 0 at the end, so the final scores are the true ones)
OWED = [2 * (sub % 5) + sub // 5 % 5 for sub in range(125)]
QUICK_BUDGET = 2_000  # the whole-rack test tried first, before the beam, with a small step budget


def _lay_everything(table: Counts, jt: int, rack: Counts, jr: int, meld: bool, steps: int,
                    dead: set[tuple[int, int]], canon: bool = False) -> tuple[list[Layer], int] | None:
    """Can the whole rack join the table?  Depth first, every tile (and joker) must be laid; the
    situations that fail are remembered in ``dead``.  Returns backpointer layers of the one path found, or
    None (no way, or the step budget ran out: the caller then searches in full)."""
    jtot = jt + jr
    cells = [(n, c, table[c][n] + rack[c][n], rack[c][n]) for n in range(1, 14) for c in range(NCOL)]
    jg_ok = _jokers_for_groups(jtot, canon)
    path: list[tuple[int, int, tuple[int, ...]]] = []
    budget = [steps]

    def go(i: int, key: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if i == 52:
            if any(key // SUB[c] % 125 % 25 for c in range(NCOL)) or (key // MJ % 3 != jtot and not canon):
                return False
            return not meld or key // MM >= MELD_MIN
        if (i, key) in dead:
            return False
        n, c, t, r = cells[i]
        pc = SUB[c]
        sub = key // pc % 125
        j0 = key // MJ % 3
        for opt in cell_options(sub, t, 0, jtot - j0, (2 if n == 11 else 1) if canon else 0):
            g = opt[1]
            nk = key + (opt[0] - sub) * pc + opt[2] * MJ + (MG1 if g == 1 else MG2 if g == 2 else 0)
            full = (opt[0], g, opt[2], r, *opt[4:])
            if meld:
                m0 = nk // MM
                nk += (min(MELD_MIN, m0 + (t + opt[2]) * n) - m0) * MM
            if c == NCOL - 1:
                g1 = nk // MG1 % 5
                g2 = nk // MG2 % 5
                nk -= g1 * MG1 + g2 * MG2
                j1 = nk // MJ % 3
                for jg in ([0] if g1 == 0 and g2 == 0 else jg_ok[(g1, g2, jtot - j1)]):
                    nk2 = nk + jg * MJ
                    if meld and jg:
                        m0 = nk2 // MM
                        nk2 += (min(MELD_MIN, m0 + jg * n) - m0) * MM
                    path.append((nk2, key, (*full, g1, g2, jg)))
                    if go(i + 1, nk2):
                        return True
                    path.pop()
            else:
                path.append((nk, key, full))
                if go(i + 1, nk):
                    return True
                path.pop()
        if budget[0] >= 0:
            dead.add((i, key))  # proven: no way on from here (not merely out of steps)
        return False

    if not go(0, 0):
        return None
    layers: list[Layer] = [{nk: (prev, opt)} for nk, prev, opt in path]
    return layers, path[-1][0]


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


def _best(table: Counts, jt: int, rack: Counts, jr: int, weights: Sequence[int], wj: int,
          meld: bool, canon: bool = False) -> tuple[int, list[Layer], int] | None:
    """The exact optimum, found by a few passes of the same search.

    0. rack tiles that cannot be in any set are dropped (the bound ``top`` shrinks);
    1. a depth-first test whether the whole rack can be laid, with a small step budget — big
       tables often take everything, and then this answers in a millisecond;
    2. a narrow beam finds a good play quickly (a lower bound, or nothing);
    3. the per-colour bound (:func:`colour_bounds`) may lower ``top``;
    4. on big tables, when the play found leaves two tiles or more that might be laid: a wider
       beam, then the search that keeps only the states able to reach ``top``;
    5. the full search, dropping every state that cannot beat the best play known (by the
       bound at the start of each number, and by dominance, see :func:`_undominated`).

    ``canon``: the search without spare jokers (the caller adds them to the sets; the scores
    count no jokers).
    """
    rack = _usable_rack(table, jt, rack, jr)
    jextra = 0 if canon else jr * wj
    top = sum(rack[c][n] * weights[n] for c in range(NCOL) for n in range(1, 14)) + jextra
    dead: set[tuple[int, int]] = set()
    if top > 0:
        whole = _lay_everything(table, jt, rack, jr, meld, QUICK_BUDGET, dead, canon)
        if whole is not None:
            return top, whole[0], whole[1]
    quick = _solve_counts(table, jt, rack, jr, weights, wj, meld, beam=BEAM, canon=canon)
    if quick is not None and quick[0] >= top:
        return quick
    bound = colour_bounds(table, rack, jt + jr, weights, canon)
    top = min(top, sum(bound(c, 0, 0, jt + jr) for c in range(NCOL)) + jextra)
    if top < HALF_NEG:
        return None
    if quick is not None and quick[0] >= top:
        return quick
    big = sum(map(sum, table)) >= BIG_TABLE
    if big and (quick is None or quick[0] < top - 1):
        wide = _solve_counts(table, jt, rack, jr, weights, wj, meld, beam=WIDE_BEAM, canon=canon)
        if wide is not None and (quick is None or wide[0] > quick[0]):
            quick = wide
            if quick[0] >= top:
                return quick
    if big and top > 0 and (quick is None or quick[0] < top - 1):
        # the whole rack, now as a search that keeps only the states able to lay everything
        found = _solve_counts(table, jt, rack, jr, weights, wj, meld, floor=top - 1, canon=canon, bound=bound)
        if found is not None:
            return found
    if quick is None:
        return _solve_counts(table, jt, rack, jr, weights, wj, meld, canon=canon, bound=bound)
    better = _solve_counts(table, jt, rack, jr, weights, wj, meld, floor=quick[0], canon=canon, bound=bound)
    return better if better is not None and better[0] > quick[0] else quick


def _rebuild(layers: list[Layer], final: int) -> tuple[list[list[str]], dict[str, int], int]:
    """The sets of the solution, the rack codes used (code → count), jokers used."""
    choices: list[tuple[int, tuple[int, ...]]] = []
    key = final
    for layer in reversed(layers):
        prev, opt = layer[key]
        choices.append((prev, opt))
        key = prev
    choices.reverse()
    # per colour, the open runs as the search sees them: must go on (lengths 1, 2) and may end (3+)
    short: list[list[list[str]]] = [[] for _ in range(NCOL)]
    long: list[list[list[str]]] = [[] for _ in range(NCOL)]
    sets: list[list[str]] = []
    from_rack: dict[str, int] = {}
    jokers_used = 0
    group_tiles: list[int] = [0] * NCOL
    for i, (_, opt) in enumerate(choices):
        n, c = divmod(i, NCOL)
        n += 1
        _new, g, k, du, ur, s3, js, moved = opt[:8]
        code = code_at(c, n)
        if du:
            from_rack[code] = from_rack.get(code, 0) + du
        jokers_used += k
        must = short[c]
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
        nshort = [run for run in must if len(run) < 3] + going[:moved] + fresh
        nlong = [run for run in must if len(run) >= 3] + going[moved:]
        short[c], long[c] = nshort, nlong
        group_tiles[c] = g
        if c == NCOL - 1:
            jg = opt[10]
            jokers_used += jg
            split = group_split(tuple(group_tiles), jg)
            assert split is not None
            for cols, j in split:
                sets.append([code_at(cc, n) for cc in cols] + [JOKER] * j)
            group_tiles = [0] * NCOL
    for c in range(NCOL):
        sets.extend(short[c] + long[c])
    return sets, from_rack, jokers_used


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
    for c in range(NCOL):
        for n in range(1, 14):
            if tcounts[c][n] + rcounts[c][n] > 2:
                raise PositionError(f"{code_at(c, n)} appears {tcounts[c][n] + rcounts[c][n]} times (2 copies exist)")
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
            _, layers, final = found
            sets, used, jok = _rebuild(layers, final)
        if found is None or not _add_jokers(sets, jt + jr - jok):
            found = _best(tcounts, jt, rcounts, jr, weights, wj, meld=False)
            if found is None:
                raise PositionError("the table itself does not split into valid groups and runs")
            _, layers, final = found
            sets, used, jok = _rebuild(layers, final)
        else:
            jok = jt + jr
        placed_j = jok - jt
        new_table = sets
    else:
        empty = [[0] * 14 for _ in range(NCOL)]
        found = _best(empty, 0, rcounts, jr, weights, wj, meld=True) if _meld_max(rcounts, jr) >= MELD_MIN else None
        if found is None:
            return Solution(0, 0, [], [list(s) for s in table], 0, False, objective)
        _, layers, final = found
        sets, used, placed_j = _rebuild(layers, final)
        new_table = [list(s) for s in table] + sets
    placed = [code for code, k in used.items() for _ in range(k)] + [JOKER] * placed_j
    placed.sort(key=sort_key)
    value = sum(JOKER_PENALTY if p == JOKER else number(p) for p in placed)
    meld_value = 0
    if not melded:
        meld_value = sum(check_set(s).value for s in sets)
    return Solution(len(placed), value, placed, [sorted_set(s) for s in new_table], meld_value, True, objective)


def sorted_set(codes: Sequence[str]) -> list[str]:
    """A set's codes in reading order: a run ascending with its jokers in place, else sorted."""
    real = [c for c in codes if c != JOKER]
    nums = sorted(int(c[1:]) for c in real)
    size = len(codes)
    if len({c[0] for c in real}) == 1 and len(set(nums)) == len(nums) > 1 and nums[-1] - nums[0] < size <= 13:
        start = min(nums[0], 14 - size)
        col = real[0][0]
        return [f"{col}{n}" if n in nums else JOKER for n in range(start, start + size)]
    return sorted(real, key=sort_key) + [JOKER] * (size - len(real))


def _meld_max(rcounts: Counts, jr: int) -> int:
    """The most a meld from these tiles alone could be worth (0: no set at all)."""
    empty = [[0] * 14 for _ in range(NCOL)]
    found = _solve_counts(empty, 0, rcounts, jr, [0] * 14, 0, meld=False, meld_gain=True)
    return 0 if found is None else found[0]


def can_meld(rack: Sequence[str]) -> bool:
    """Could these tiles alone make an initial meld worth 30 or more? (the −100/−200 rule)"""
    rcounts, jr = count_codes(rack, "rack")
    return _meld_max(rcounts, jr) >= MELD_MIN
