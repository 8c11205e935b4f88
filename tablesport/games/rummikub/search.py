# Over 500 lines: the compiled search's functions must live in one module to be compiled together (numba).
"""The solver's search over the 52 cells, compiled (numba) from the rules in :mod:`.cells`.

A state is one integer: per colour its open runs (base 125 each, see :mod:`.cells`), then the
jokers used, the colours that gave 1 or 2 tiles to groups at the current number (``g1``, ``g2``)
and, for the initial meld, the meld value reached (capped at 30).  A layer of states is held in
arrays with an open-addressing hash of its keys; every state made gets a record (previous record,
the cell's choice), so the play found is read back from its last record.

:func:`search` runs one pass: exact (only plays scoring more than ``floor``), or a beam (a quick
lower bound, its states ranked by score plus bound).  What keeps the exact pass small:

* a bound: :func:`colour_bounds`, per colour the most its rack tiles can still bring taken alone
  (a relaxation); a state is made only when its score plus this bound can beat ``floor``;
* dominance: a state is dropped when a neighbouring state (a run longer, one run of 3+ more, a
  joker less when spare jokers are added at the end) scores as much;
* per cell, the rack tiles still to come: a choice that cannot beat ``floor`` even with all of
  them is not made.

:func:`reach` is the same walk depth first, best gain first, with a step budget: it finds a play
reaching the bound at once when there is one, which is common.

The tables are built once per process from :func:`.cells.cell_options`; the compiled code is cached
on disk by numba, so only the first run after an install compiles it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt
from numba import njit

from .cells import NCOL, OWED, cell_options, group_ok, valid_sub

Ints = npt.NDArray[np.int64]
"""The kernels' arrays (numba ignores the annotations; they are for the reader and mypy)."""

NEG = -(1 << 60)  # below every score
HALF_NEG = NEG // 2  # a bound below this: the state cannot be finished
MELD_MIN = 30
MAXJ = 2
DOMINANCE_MIN = 64  # smaller layers are not worth the dominance test
BEAM = 48  # states kept per cell by the quick pass
DIVE_BUDGET = 2_000  # states the depth-first dive for a play reaching the bound may open
DIVES = 3  # targets tried by dives (most tiles), from the bound down, before the beam and exact pass
# how far :func:`_passes` goes: to the end; only while no dive runs out of steps; only the dives
ALL, EASY, DIVES_ONLY = 0, 1, 2
UNKNOWN = 2  # a dive not yet run, in :func:`_passes`'s memo (else its status)

# the state key's places
SUB = np.array([1, 125, 125**2, 125**3], dtype=np.int64)
MJ = 125**4
MG1 = MJ * 3
MG2 = MG1 * 5
MM = MG2 * 5

# a cell's choice, as :func:`.cells.cell_options` gives it
FIELDS = ("new", "to_groups", "jokers", "from_rack", "to_runs", "long_on", "jokers_on_long", "moved")
CHOICE = len(FIELDS) + 3  # plus, at the last colour of a number: g1, g2 and the jokers put in groups
WIDTH = 64  # the most states one cell leads to from one state (options, times the jokers in groups)


def combo(sub: int, t: int, r: int, jb: int, mode: int) -> int:
    return (((sub * 3 + t) * 3 + r) * 3 + jb) * 3 + mode


@cache
def tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(option start, option count, options, jokers-for-groups masks, owed, valid subs) as arrays.

    Options of every (sub, table copies, rack copies, free jokers, mode) with copies t + r <= 2;
    the masks: bit ``jg`` of ``[canon, g1, g2, free]`` is set when g1 colours giving one tile and
    g2 giving two form groups with ``jg`` jokers.
    """
    subs = [s for s in range(125) if valid_sub(s)]
    start = np.zeros(combo(125, 0, 0, 0, 0), dtype=np.int64)
    count = np.zeros_like(start)
    rows: list[tuple[int, ...]] = []
    for s in subs:
        for t in range(3):
            for r in range(3 - t):
                for jb in range(MAXJ + 1):
                    for mode in range(3):
                        i = combo(s, t, r, jb, mode)
                        opts = cell_options(s, t, r, jb, mode)
                        start[i] = len(rows)
                        count[i] = len(opts)
                        rows.extend(opts)
    options = np.array(rows, dtype=np.int64).reshape(len(rows), len(FIELDS))
    if int(count.max()) * (MAXJ + 1) > WIDTH:
        raise RuntimeError(f"a cell has {int(count.max())} options: WIDTH must grow")
    masks = np.zeros((2, 5, 5, MAXJ + 1), dtype=np.int64)
    for canon in range(2):
        for g1 in range(5):
            for g2 in range(5 - g1):
                for free in range(MAXJ + 1):
                    masks[canon, g1, g2, free] = sum(1 << jg for jg in range(free + 1)
                                                     if group_ok(g1, g2, jg, bool(canon)))
    return start, count, options, masks, np.array(OWED, dtype=np.int64), np.array(subs, dtype=np.int64)


def as_arrays(table: list[list[int]], rack: list[list[int]], weights: Sequence[int],
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Counts ``[colour][number]`` (numbers 0..13) as arrays padded to 14: the search looks one number
    ahead."""
    t = np.zeros((NCOL, 15), dtype=np.int64)
    r = np.zeros((NCOL, 15), dtype=np.int64)
    t[:, :14] = table
    r[:, :14] = rack
    return t, r, np.array([*weights, 0], dtype=np.int64)


def colour_bounds(table: np.ndarray, rack: np.ndarray, jtot: int, weights: np.ndarray,
                  canon: bool) -> np.ndarray:
    """``B[c, n, sub, j]``: the most the rack tiles of colour ``c`` after number ``n`` can bring
    (``j`` up to ``jtot``).

    When the colour's open runs after ``n`` are ``sub`` and ``j`` jokers are free; ``NEG`` when
    the open runs cannot be finished or the colour's table tiles cannot all be used.  Each colour
    is taken alone: every free joker is offered to it, and a tile may join groups when the other
    colours of its number (with the jokers) could be partners at all.  This only relaxes the real
    problem, so the sum over the colours never falls below what a state can still reach.  Entries
    no state reaches stay ``NEG``: open runs after ``n`` that need more jokers (standing in where
    the tiles of that number, or of the one or two before for runs of length 2 and 3+, run short)
    than ``jtot - j``, the jokers not free.
    """
    start, count, options, _masks, _owed, subs = tables()
    return _colour_bounds(table, rack, jtot, weights, canon, start, count, options, subs)


@njit(cache=True)
def _colour_bounds(table: Ints, rack: Ints, jtot: int, weights: Ints, canon: bool, start: Ints, count: Ints,
                   options: Ints, subs: Ints) -> Ints:
    out = np.full((NCOL, 14, 125, jtot + 1), NEG, dtype=np.int64)
    for c in range(NCOL):
        for s in subs:
            for j in range(jtot + 1):
                if s % 25 == 0:
                    out[c, 13, s, j] = 0
    for c in range(NCOL):
        for n in range(12, -1, -1):
            m = n + 1
            # how many tiles of (m, c) can be in groups: each group needs two partners
            gmax = 0
            for x in (1, 2):
                partners = jtot
                for o in range(NCOL):
                    if o != c:
                        partners += min(table[o, m] + rack[o, m], x)
                if partners >= 2 * x:
                    gmax = x
            cap = min(4, table[c, m + 1] + rack[c, m + 1] + jtot) if m < 13 else 0
            mode = ((2 if m == 11 else 1) if canon else 0)
            t = table[c, m]
            r = rack[c, m]
            w = weights[m]
            # a colour's runs open after number n each hold a tile or a joker of (n, c), those of
            # length 2 or more one of (n - 1, c) too, those of 3 or more one of (n - 2, c).  Where
            # the tiles run short, jokers stand in, each in one place: ``need`` of them at least,
            # all used, so at most ``jtot - need`` are free.  The other entries are never read:
            # not by the search (its states' used jokers include those in the colour's open runs)
            # and not by the entries computed here (an option using k jokers leads to runs needing
            # at most ``need + k``: a run continued needs no more jokers at n and n - 1 than it
            # did, and the runs at m hold the tiles of m put in runs or the k jokers)
            have = table[c, n] + rack[c, n]
            have2 = table[c, n - 1] + rack[c, n - 1] if n >= 1 else 0
            have3 = table[c, n - 2] + rack[c, n - 2] if n >= 2 else 0
            for s in subs:
                n3 = s // 25
                n23 = s // 5 % 5 + n3
                short = s % 5 + n23 - have
                if short > jtot:
                    continue
                free = jtot - max(0, short) - max(0, n23 - have2) - max(0, n3 - have3)
                if free < 0:
                    continue
                for j in range(free + 1):
                    best = NEG
                    i = (((s * 3 + t) * 3 + r) * 3 + j) * 3 + mode
                    for o in range(start[i], start[i] + count[i]):
                        if options[o, 1] > gmax:
                            continue
                        new = options[o, 0]
                        if new // 25 > cap:
                            new -= (new // 25 - cap) * 25
                        v = options[o, 3] * w + out[c, m, new, j - options[o, 2]]
                        if v > best:
                            best = v
                    out[c, n, s, j] = best
    return out


def search(table: np.ndarray, jt: int, rack: np.ndarray, jr: int, weights: np.ndarray, wj: int,
           meld: bool, floor: int = NEG, beam: int = 0, meld_gain: bool = False, canon: bool = False,
           bound: np.ndarray | None = None) -> tuple[int, np.ndarray] | None:
    """One pass of the search.  Returns (best score, the 52 cells' choices) or None (no play).

    ``floor``: only plays scoring more are sought.  ``beam``: keep only that many states per cell
    (a quick lower bound, not exact).  ``meld_gain``: score the meld value (every tile and joker at
    its number; rack only).  ``canon``: only plays without a spare joker (see
    :func:`.cells.cell_options`); jokers score nothing and need not be laid (the caller adds the
    spare ones at the end).  ``bound``: :func:`colour_bounds` of this position.
    """
    start, count, options, masks, owed, _subs = tables()
    use_bound = bound is not None
    if bound is None:
        bound = np.zeros((1, 1, 1, 1), dtype=np.int64)
    choices = np.zeros((52, CHOICE), dtype=np.int64)
    found, score = _search(table, jt, rack, jr, weights, wj, meld, floor, beam, meld_gain, canon,
                           bound, use_bound, start, count, options, masks, owed, choices)
    return (int(score), choices) if found else None


def reach(table: np.ndarray, jt: int, rack: np.ndarray, jr: int, weights: np.ndarray, wj: int,
          meld: bool, floor: int, canon: bool, bound: np.ndarray, budget: int,
          ) -> tuple[int, np.ndarray] | bool:
    """Depth first: a play scoring more than ``floor``, its cells' choices ordered by gain.

    Returns (score, choices) when one is found; False when there is none (the search finished);
    True when ``budget`` states were opened without an answer (the caller then runs
    :func:`search`).  Good when a play reaching the bound exists: the first dive often finds it.
    """
    start, count, options, masks, owed, _subs = tables()
    choices = np.zeros((52, CHOICE), dtype=np.int64)
    status, score = _reach(table, jt, rack, jr, weights, wj, meld, floor, canon, bound, budget,
                           start, count, options, masks, owed, choices)
    if status == 1:
        return int(score), choices
    return status < 0


@njit(cache=True)
def _hash_table(entries: int) -> tuple[Ints, Ints]:
    """Empty open-addressing arrays (keys: -1 = free; values) with room for ``entries`` at a quarter full."""
    size = 64
    while size < 4 * entries:
        size *= 2
    return np.full(size, -1, dtype=np.int64), np.empty(size, dtype=np.int64)


@njit(cache=True)
def _slot(hkeys: Ints, key: int, mask: int) -> int:
    h = ((key ^ (key >> 23)) * 0x2545F4914F6CDD1D) & mask
    while hkeys[h] != -1 and hkeys[h] != key:
        h = (h + 1) & mask
    return h


@njit(cache=True)
def _grow1(a: Ints, size: int) -> Ints:
    b = np.empty(size, dtype=np.int64)
    b[: a.shape[0]] = a
    return b


@njit(cache=True)
def _lookup(hkeys: Ints, hvals: Ints, mask: int, scores: Ints, key: int) -> int:
    h = _slot(hkeys, key, mask)
    return NEG if hkeys[h] == -1 else scores[hvals[h]]


@njit(cache=True)
def _candidates(key: int, score: int, n: int, c: int, table: Ints, rack: Ints, jtot: int, weights: Ints,
                meld: bool, meld_gain: bool, beam: int, canon: bool, bar: int, start: Ints, count: Ints,
                options: Ints, masks: Ints, owed: Ints, bkeys: Ints, bgain: Ints, bopt: Ints,
                bgrp: Ints) -> int:
    """The states that cell (n, c) leads to from ``key``: keys, scores, option rows and groups
    (g1 * 100 + g2 * 10 + jokers in groups) into the buffers; only scores above ``bar``.
    Returns how many."""
    pc = SUB[c]
    sub = _sub(key, c)
    jb = jtot - key // MJ % 3
    mode = ((2 if n == 11 else 1) if canon else 0)
    ci = (((sub * 3 + table[c, n]) * 3 + rack[c, n]) * 3 + jb) * 3 + mode
    capn = min(4, table[c, n + 1] + rack[c, n + 1]) if n < 13 else 0
    w = weights[n]
    nb = 0
    for o in range(start[ci], start[ci] + count[ci]):
        k = options[o, 2]
        du = options[o, 3]
        g = options[o, 1]
        new = options[o, 0]
        capj = min(4, capn + jb - k) if n < 13 else 0
        if new // 25 > capj:
            new -= (new // 25 - capj) * 25
        dg = (du + k) * n if meld_gain else du * w
        if beam:
            dg -= owed[new] - owed[sub]
        gain = score + dg
        if gain <= bar:
            continue
        nk = key + (new - sub) * pc + k * MJ + (MG1 if g == 1 else (MG2 if g == 2 else 0))
        if meld:
            m0 = nk // MM
            nk += (min(MELD_MIN, m0 + (du + k) * n) - m0) * MM
        g1 = nk // MG1 % 5
        g2 = nk // MG2 % 5
        if c < NCOL - 1 or (g1 == 0 and g2 == 0):
            bkeys[nb] = nk
            bgain[nb] = gain
            bopt[nb] = o
            bgrp[nb] = 0
            nb += 1
            continue
        # the number's last colour: its group tiles split into groups, with jokers or not
        nk -= g1 * MG1 + g2 * MG2
        jm = masks[1 if canon else 0, g1, g2, jtot - nk // MJ % 3]
        for jg in range(MAXJ + 1):
            if not (jm >> jg) & 1:
                continue
            nk2 = nk + jg * MJ
            if meld and jg:
                m0 = nk2 // MM
                nk2 += (min(MELD_MIN, m0 + jg * n) - m0) * MM
            bkeys[nb] = nk2
            bgain[nb] = gain + jg * n if meld_gain else gain
            bopt[nb] = o
            bgrp[nb] = g1 * 100 + g2 * 10 + jg
            nb += 1
    return nb


@njit(cache=True, inline="always")
def _sub(key: int, c: int) -> int:
    """Colour ``c``'s open runs in a state key (divisions by constants: the hot loops' cost)."""
    if c == 0:
        return key % 125
    if c == 1:
        return key // 125 % 125
    if c == 2:
        return key // 15625 % 125
    return key // 1953125 % 125


@njit(cache=True)
def _room(bound: Ints, key: int, score: int, n: int, c: int, jtot: int) -> int:
    """Score plus the bound of what is still to come, at the start of cell (n, c): the colours
    before ``c`` are done with number ``n``, the others with ``n - 1``."""
    jf = jtot - key // MJ % 3
    b: int = (score + bound[0, n - 1 if c == 0 else n, key % 125, jf]
              + bound[1, n - 1 if c <= 1 else n, key // 125 % 125, jf]
              + bound[2, n - 1 if c <= 2 else n, key // 15625 % 125, jf]
              + bound[3, n - 1, key // 1953125 % 125, jf])
    return b


@njit(cache=True)
def _total(key: int, score: int, jt: int, wj: int, meld: bool, canon: bool) -> int:
    """The score of a finished state, or NEG when it is not a play (a run of 1 or 2 still open, a
    table joker left off, a meld under 30)."""
    for c in range(NCOL):
        if _sub(key, c) % 25:
            return NEG
    used = key // MJ % 3
    if used < jt and not canon:
        return NEG
    if meld and key // MM < MELD_MIN:
        return NEG
    return score if canon else score + (used - jt) * wj


@njit(cache=True)
def _rest(rack: Ints, jr: int, weights: Ints, wj: int, canon: bool) -> Ints:
    """``rest[i]``: the most the rack tiles of the cells after cell i could still bring (plus the
    rack jokers, unless spare jokers are added at the end)."""
    rest = np.zeros(52, dtype=np.int64)
    acc = 0 if canon else jr * wj
    for i in range(51, -1, -1):
        rest[i] = acc
        acc += rack[i % NCOL, i // NCOL + 1] * weights[i // NCOL + 1]
    return rest


@njit(cache=True)
def _search(table: Ints, jt: int, rack: Ints, jr: int, weights: Ints, wj: int, meld: bool, floor: int,
            beam: int, meld_gain: bool, canon: bool, bound: Ints, use_bound: bool, start: Ints, count: Ints,
            options: Ints, masks: Ints, owed: Ints, choices: Ints) -> tuple[bool, int]:
    jtot = jt + jr
    rest = _rest(rack, jr, weights, wj, canon)
    # the bound counts rack tiles only; the jokers still to be laid may add their weight
    jextra = 0 if canon or beam > 0 else jr * wj
    bcut = floor if beam == 0 else NEG
    # records: previous record, option row, groups (g1 * 100 + g2 * 10 + jokers in groups)
    rprev = np.empty(1024, dtype=np.int64)
    ropt = np.empty(1024, dtype=np.int64)
    rgrp = np.empty(1024, dtype=np.int64)
    rprev[0] = -1
    records = 1
    # the current layer, and the hash of its keys (key → index)
    ckeys = np.zeros(1, dtype=np.int64)
    cscores = np.zeros(1, dtype=np.int64)
    crec = np.zeros(1, dtype=np.int64)
    ccount = 1
    chk = np.full(4, -1, dtype=np.int64)
    chv = np.zeros(4, dtype=np.int64)
    # one state's candidates
    bkeys = np.empty(WIDTH, dtype=np.int64)
    bgain = np.empty(WIDTH, dtype=np.int64)
    bopt = np.empty(WIDTH, dtype=np.int64)
    bgrp = np.empty(WIDTH, dtype=np.int64)
    for n in range(1, 14):
        for c in range(NCOL):
            bar = floor - rest[(n - 1) * NCOL + c]
            if beam == 0 and ccount > DOMINANCE_MIN:
                # dominance, looked up in the layer as it was built (then compacted)
                cmask = chk.shape[0] - 1
                keep = np.empty(ccount, dtype=np.int64)
                kept = 0
                for i in range(ccount):
                    key = ckeys[i]
                    score = cscores[i]
                    beaten = False
                    for cc in range(NCOL):
                        p = SUB[cc]
                        sub = _sub(key, cc)
                        # one run of 3+ more; a run of 2 grown to 3+; a run of 1 grown to 2
                        beaten = ((sub < 100
                                   and _lookup(chk, chv, cmask, cscores, key + 25 * p) >= score)
                                  or (sub // 5 % 5 != 0
                                      and _lookup(chk, chv, cmask, cscores, key + 20 * p) >= score)
                                  or (sub % 5 != 0
                                      and _lookup(chk, chv, cmask, cscores, key + 4 * p) >= score))
                        if beaten:
                            break
                    if not beaten and canon:
                        used = key // MJ % 3
                        beaten = ((used >= 1 and _lookup(chk, chv, cmask, cscores, key - MJ) >= score)
                                  or (used == 2 and _lookup(chk, chv, cmask, cscores, key - 2 * MJ) >= score))
                    if not beaten:
                        keep[kept] = i
                        kept += 1
                for q in range(kept):
                    i = keep[q]
                    ckeys[q] = ckeys[i]
                    cscores[q] = cscores[i]
                    crec[q] = crec[i]
                ccount = kept
            if use_bound and beam > 0 and (n > 1 or c > 0):
                # rank the states by what they could reach, dropping those that cannot finish (the
                # exact pass made only states able to beat the floor): the colours before c are
                # done with number n - 1 ... n, the others with n - 1
                kept = 0
                rank = np.empty(ccount, dtype=np.int64)
                for i in range(ccount):
                    key = ckeys[i]
                    b = _room(bound, key, cscores[i] + jextra, n, c, jtot)
                    for cc in range(NCOL):  # the beam's scores owe the short runs
                        b += owed[_sub(key, cc)]
                    if b > bcut and b > HALF_NEG:
                        ckeys[kept] = key
                        cscores[kept] = cscores[i]
                        crec[kept] = crec[i]
                        rank[kept] = b
                        kept += 1
                ccount = kept
                if ccount > beam:
                    # the beam keeps the states that could reach the most
                    order = np.argsort(-rank[:ccount], kind="mergesort")[:beam]
                    ckeys = ckeys[order]
                    cscores = cscores[order]
                    crec = crec[order]
                    ccount = beam
            # the next layer
            hk, hv = _hash_table(ccount)
            mask = hk.shape[0] - 1
            nkeys = np.empty(max(16, 2 * ccount), dtype=np.int64)
            nscores = np.empty_like(nkeys)
            nrec = np.empty_like(nkeys)
            ncount = 0
            nn, nc = (n, c + 1) if c < NCOL - 1 else (n + 1, 0)
            prune = use_bound and beam == 0 and nn < 14
            for i in range(ccount):
                key = ckeys[i]
                score = cscores[i]
                nb = _candidates(key, score, n, c, table, rack, jtot, weights, meld, meld_gain, beam > 0,
                                 canon, bar, start, count, options, masks, owed, bkeys, bgain, bopt, bgrp)
                if prune:
                    # the exact pass drops at once the candidates that cannot beat the floor
                    kept = 0
                    for q in range(nb):
                        b = _room(bound, bkeys[q], bgain[q] + jextra, nn, nc, jtot)
                        if b > bcut and b > HALF_NEG:
                            bkeys[kept] = bkeys[q]
                            bgain[kept] = bgain[q]
                            bopt[kept] = bopt[q]
                            bgrp[kept] = bgrp[q]
                            kept += 1
                    nb = kept
                if nb == 0:
                    continue
                # room for the candidates
                if ncount + nb > nkeys.shape[0]:
                    grown = 2 * (ncount + nb)
                    nkeys = _grow1(nkeys, grown)
                    nscores = _grow1(nscores, grown)
                    nrec = _grow1(nrec, grown)
                if 2 * (ncount + nb) > hk.shape[0]:
                    hk, hv = _hash_table(ncount + nb)
                    mask = hk.shape[0] - 1
                    for q in range(ncount):
                        h = _slot(hk, nkeys[q], mask)
                        hk[h] = nkeys[q]
                        hv[h] = q
                if records + nb > rprev.shape[0]:
                    grown = 2 * (records + nb)
                    rprev = _grow1(rprev, grown)
                    ropt = _grow1(ropt, grown)
                    rgrp = _grow1(rgrp, grown)
                for q in range(nb):
                    nk = bkeys[q]
                    gain = bgain[q]
                    h = _slot(hk, nk, mask)
                    if hk[h] == -1:
                        hk[h] = nk
                        hv[h] = ncount
                        nkeys[ncount] = nk
                        nscores[ncount] = gain
                        nrec[ncount] = records
                        records += 1
                        ncount += 1
                    else:
                        x = hv[h]
                        if gain <= nscores[x]:
                            continue
                        nscores[x] = gain
                    rec = nrec[hv[h]]
                    rprev[rec] = crec[i]
                    ropt[rec] = bopt[q]
                    rgrp[rec] = bgrp[q]
            if ncount == 0:
                return False, 0
            if beam > 0 and ncount > beam and not use_bound:
                order = np.argsort(-nscores[:ncount], kind="mergesort")[:beam]
                nkeys = nkeys[order]
                nscores = nscores[order]
                nrec = nrec[order]
                ncount = beam
            ckeys, cscores, crec, ccount, chk, chv = nkeys, nscores, nrec, ncount, hk, hv
    best = NEG
    at = -1
    for i in range(ccount):
        total = _total(ckeys[i], cscores[i], jt, wj, meld, canon)
        if total > best:
            best = total
            at = i
    if at < 0:
        return False, 0
    rec = crec[at]
    for cell in range(51, -1, -1):
        o = ropt[rec]
        for f in range(8):
            choices[cell, f] = options[o, f]
        grp = rgrp[rec]
        choices[cell, 8] = grp // 100
        choices[cell, 9] = grp // 10 % 10
        choices[cell, 10] = grp % 10
        rec = rprev[rec]
    return True, best



@njit(cache=True)
def _reach(table: Ints, jt: int, rack: Ints, jr: int, weights: Ints, wj: int, meld: bool, floor: int,
           canon: bool, bound: Ints, budget: int, start: Ints, count: Ints, options: Ints, masks: Ints,
           owed: Ints, choices: Ints) -> tuple[int, int]:
    jtot = jt + jr
    rest = _rest(rack, jr, weights, wj, canon)
    jextra = 0 if canon else jr * wj
    # the states that failed: (cell, key) → the best score they failed with
    mkeys, mvals = _hash_table(budget)
    mask = mkeys.shape[0] - 1
    # per depth: the state, its candidates (best gain first) and the next one to try
    skey = np.zeros(53, dtype=np.int64)
    sscore = np.zeros(53, dtype=np.int64)
    ckeys = np.empty((52, WIDTH), dtype=np.int64)
    cgain = np.empty((52, WIDTH), dtype=np.int64)
    copt = np.empty((52, WIDTH), dtype=np.int64)
    cgrp = np.empty((52, WIDTH), dtype=np.int64)
    cnum = np.zeros(52, dtype=np.int64)
    cpos = np.zeros(52, dtype=np.int64)
    cnum[0] = _sorted_candidates(0, 0, 0, table, rack, jtot, weights, meld, canon, floor - rest[0],
                                 start, count, options, masks, owed, ckeys, cgain, copt, cgrp)
    depth = 0
    steps = 0
    while depth >= 0:
        if cpos[depth] >= cnum[depth]:
            if depth > 0:  # every way on from this state failed
                h = _slot(mkeys, (depth << 40) + skey[depth], mask)
                if mkeys[h] == -1 or mvals[h] < sscore[depth]:
                    mkeys[h] = (depth << 40) + skey[depth]
                    mvals[h] = sscore[depth]
            depth -= 1
            continue
        q = cpos[depth]
        cpos[depth] += 1
        nk = ckeys[depth, q]
        ns = cgain[depth, q]
        nd = depth + 1
        if nd == 52:
            total = _total(nk, ns, jt, wj, meld, canon)
            if total > floor:
                for d in range(52):
                    o = copt[d, cpos[d] - 1]
                    for f in range(8):
                        choices[d, f] = options[o, f]
                    grp = cgrp[d, cpos[d] - 1]
                    choices[d, 8] = grp // 100
                    choices[d, 9] = grp // 10 % 10
                    choices[d, 10] = grp % 10
                return 1, total
            continue
        if _room(bound, nk, ns + jextra, nd // NCOL + 1, nd % NCOL, jtot) <= floor:
            continue
        h = _slot(mkeys, (nd << 40) + nk, mask)
        if mkeys[h] != -1 and mvals[h] >= ns:
            continue
        steps += 1
        if steps > budget:
            return -1, 0
        skey[nd] = nk
        sscore[nd] = ns
        cnum[nd] = _sorted_candidates(nk, ns, nd, table, rack, jtot, weights, meld, canon, floor - rest[nd],
                                      start, count, options, masks, owed, ckeys, cgain, copt, cgrp)
        cpos[nd] = 0
        depth = nd
    return 0, 0


@njit(cache=True)
def _sorted_candidates(key: int, score: int, cell: int, table: Ints, rack: Ints, jtot: int, weights: Ints,
                       meld: bool, canon: bool, bar: int, start: Ints, count: Ints, options: Ints,
                       masks: Ints, owed: Ints, ckeys: Ints, cgain: Ints, copt: Ints, cgrp: Ints) -> int:
    """:func:`_candidates` of a cell into row ``cell`` of the buffers, the best gain first."""
    nb = _candidates(key, score, cell // NCOL + 1, cell % NCOL, table, rack, jtot, weights, meld, False,
                     False, canon, bar, start, count, options, masks, owed,
                     ckeys[cell], cgain[cell], copt[cell], cgrp[cell])
    for i in range(1, nb):  # insertion sort, descending gain (stable)
        j = i
        while j > 0 and cgain[cell, j - 1] < cgain[cell, j]:
            for a in (ckeys, cgain, copt, cgrp):
                a[cell, j - 1], a[cell, j] = a[cell, j], a[cell, j - 1]
            j -= 1
    return nb


@njit(cache=True)
def _usable(table: Ints, jt: int, rack: Ints, jr: int) -> Ints:
    """The rack without the tiles that cannot be in any set (see :func:`.solver._usable_rack`)."""
    jtot = jt + jr
    left = rack.copy()
    avail = table + rack  # column 14 stays 0: a run's window may read it
    changed = True
    while changed:
        changed = False
        for c in range(NCOL):
            for n in range(1, 14):
                if left[c, n] == 0:
                    continue
                partners = jtot
                for cc in range(NCOL):
                    if cc != c and avail[cc, n] > 0:
                        partners += 1
                if partners >= 2:
                    continue
                runs = False
                for lo in range(max(1, n - 2), min(n, 11) + 1):
                    gaps = ((avail[c, lo] == 0) + (avail[c, lo + 1] == 0) + (avail[c, lo + 2] == 0)
                            - (avail[c, n] == 0))
                    if gaps <= jtot:
                        runs = True
                        break
                if runs:
                    continue
                avail[c, n] -= left[c, n]
                left[c, n] = 0
                changed = True
    return left


@njit(cache=True)
def _passes(table: Ints, jt: int, rack: Ints, jr: int, weights: Ints, wj: int, meld: bool, canon: bool,
            bound: Ints, steps: int, stop: int, start: Ints, count: Ints, options: Ints, masks: Ints,
            owed: Ints, memo: Ints, choices: Ints) -> tuple[int, int]:
    """The passes of :func:`best` over a rack of usable tiles and its bound, dives of ``steps``
    steps: (1, score) found, (0, 0) no play, (-1, 0) stopped before a pass, as ``stop`` asks
    (:data:`ALL`, :data:`EASY`, :data:`DIVES_ONLY`).  A pass that finds nothing leaves ``choices``
    alone, so the last pass that found a play wrote them.

    ``memo``: what the dives found when the passes ran before (:data:`UNKNOWN` where they did not
    run): they are not run again.
    """
    jtot = jt + jr
    jextra = 0 if canon else jr * wj
    laid = 0
    heavy = 0
    for n in range(1, 14):
        heavy = max(heavy, weights[n])
        for c in range(NCOL):
            laid += rack[c, n] * weights[n]
    reachable = 0
    for c in range(NCOL):
        reachable += bound[c, 0, 0, jtot]
    top = min(laid, reachable) + jextra
    if top < HALF_NEG:
        return 0, 0  # the table tiles cannot all be used
    # most tiles: a target one lower is the next likely optimum; most points: it rarely is
    for dives in range(DIVES if heavy == 1 else 1):
        if top < 0:
            return 0, 0  # no play at all (every score is 0 or more)
        status = memo[dives]
        if status == UNKNOWN:
            status, score = _reach(table, jt, rack, jr, weights, wj, meld, top - 1, canon, bound, steps,
                                   start, count, options, masks, owed, choices)
            if status == 1:
                return 1, score
            memo[dives] = status
        if status < 0:  # the dive ran out of steps
            if stop != ALL:
                return -1, 0
            if dives:
                break
            found, score = _search(table, jt, rack, jr, weights, wj, meld, top - 1, 0, False, canon, bound,
                                   True, start, count, options, masks, owed, choices)
            if found:
                return 1, score
        top -= 1  # no play reaches top
    if top < 0:
        return 0, 0
    if stop == DIVES_ONLY:
        return -1, 0
    quick, qscore = _search(table, jt, rack, jr, weights, wj, meld, NEG, BEAM, False, canon, bound, True,
                            start, count, options, masks, owed, choices)
    if quick and qscore >= top:
        return 1, qscore
    floor = qscore if quick else NEG
    found, score = _search(table, jt, rack, jr, weights, wj, meld, floor, 0, False, canon, bound, True,
                           start, count, options, masks, owed, choices)
    if found:
        return 1, score
    return (1, qscore) if quick else (0, 0)


@njit(cache=True)
def _mirrored(counts: Ints) -> Ints:
    """Counts ``[colour, number]`` (as :func:`as_arrays` pads them) with the numbers turned round: 13 as
    1, 12 as 2, and so on."""
    out = np.zeros_like(counts)
    for n in range(1, 14):
        out[:, n] = counts[:, 14 - n]
    return out


@njit(cache=True)
def _best(table: Ints, jt: int, rack: Ints, jr: int, weights: Ints, wj: int, meld: bool, canon: bool,
          start: Ints, count: Ints, options: Ints, masks: Ints, owed: Ints, subs: Ints,
          turned_steps: int, choices: Ints, turned: Ints) -> tuple[bool, int, bool]:
    """:func:`best` compiled: (found, score, whether the play, in ``turned``, is of the position turned
    round; else it is in ``choices``)."""
    rack = _usable(table, jt, rack, jr)
    jtot = jt + jr
    bound = _colour_bounds(table, rack, jtot, weights, canon, start, count, options, subs)
    memo = np.full(DIVES, UNKNOWN, dtype=np.int64)
    if not meld:  # (the meld's value counts the numbers: that position cannot be turned round)
        # runs and groups read the same from 13 down to 1: the position turned round is the same
        # problem.  Where a dive runs out of steps, the choice that settles the play often comes at
        # the high numbers, where the walk from 1 carries many states; turned round, it comes first,
        # where the bound cuts early.  So short dives in the position turned round go before the
        # exact passes here
        status, score = _passes(table, jt, rack, jr, weights, wj, meld, canon, bound, DIVE_BUDGET, EASY,
                                start, count, options, masks, owed, memo, choices)
        if status >= 0:
            return status == 1, score, False
        if turned_steps > 0:
            mtable = _mirrored(table)
            mrack = _mirrored(rack)
            mweights = weights.copy()
            for n in range(1, 14):
                mweights[n] = weights[14 - n]
            mbound = _colour_bounds(mtable, mrack, jtot, mweights, canon, start, count, options, subs)
            status, score = _passes(mtable, jt, mrack, jr, mweights, wj, meld, canon, mbound, turned_steps,
                                    DIVES_ONLY, start, count, options, masks, owed,
                                    np.full(DIVES, UNKNOWN, dtype=np.int64), turned)
            if status >= 0:
                return status == 1, score, True
    status, score = _passes(table, jt, rack, jr, weights, wj, meld, canon, bound, DIVE_BUDGET, ALL, start,
                            count, options, masks, owed, memo, choices)
    return status == 1, score, False


def best(table: np.ndarray, jt: int, rack: np.ndarray, jr: int, weights: np.ndarray, wj: int, meld: bool,
         canon: bool = False, turned_steps: int = DIVE_BUDGET) -> tuple[int, np.ndarray, bool] | None:
    """The exact optimum (score, the 52 cells' choices, turned), or None (no play), found by a few passes.

    0. rack tiles that cannot be in any set are dropped;
    1. the per-colour bound (:func:`colour_bounds`) caps what can be laid (``top``);
    2. a depth-first dive (:func:`reach`) for a play reaching ``top``, best gain first, with a step
       budget: it finds one at once when there is one, which is common (so no lower bound is needed
       first); when the dive shows there is none, ``top`` goes down by one and the next dive starts
       (three targets at most, one when the objective is points).  If the first dive cannot tell,
       the exact pass for plays reaching ``top`` decides instead (strongly pruned, so cheap);
    3. if that does not settle it: a beam, ranked by the bound, finds a good play (a lower bound),
       and the exact pass looks for plays beating it.

    A position may be hard one way and easy the other: where the choice that settles it comes at the
    high numbers, the walk from 1 carries many states until it gets there.  So (outside the initial
    meld), when a dive runs out of steps, dives of ``turned_steps`` steps each look for the play in
    the position turned round (13 read as 1) first; only if they do not settle it do the exact passes
    run on the position as it is (0: never turned).  ``turned``: the choices are of the position
    turned round (cell (n, c) is number 14 - n).

    ``table``, ``rack``, ``weights``: as :func:`as_arrays` makes them.  ``canon``: the search
    without spare jokers (the caller adds them to the sets; the scores count no jokers).  One
    compiled call: the passes run without coming back to Python.
    """
    start, count, options, masks, owed, subs = tables()
    choices = np.zeros((52, CHOICE), dtype=np.int64)
    turned = np.zeros((52, CHOICE), dtype=np.int64)
    found, score, is_turned = _best(table, jt, rack, jr, weights, wj, meld, canon, start, count, options,
                                    masks, owed, subs, turned_steps, choices, turned)
    if not found:
        return None
    return (int(score), turned, True) if is_turned else (int(score), choices, False)


def compile_all() -> float:
    """Compile (or load from numba's disk cache) every kernel; returns the seconds it took."""
    import time

    from .readback import read_sets

    t0 = time.perf_counter()
    table = [[0] * 14 for _ in range(NCOL)]
    rack = [[0] * 14 for _ in range(NCOL)]
    rack[0][1:4] = [1, 1, 1]
    t, r, w = as_arrays(table, rack, [1] * 14)
    bound = colour_bounds(t, r, 1, w, True)
    search(t, 0, r, 1, w, 1, False, beam=8, canon=True, bound=bound)
    search(t, 0, r, 1, w, 1, True, meld_gain=True)
    found = best(t, 0, r, 1, w, 1, False, canon=True)
    assert found is not None
    read_sets(found[1], range(NCOL * 15 + 1))
    reach(t, 0, r, 1, w, 1, False, 2, True, bound, 10)
    return time.perf_counter() - t0


if __name__ == "__main__":
    print(f"rummikub solver: compiled in {compile_all():.1f} s")
