"""The exact move solver: the most tiles (or points) a player can lay on a table.

The problem: every table tile must stay on the table, any subset of the rack may join it, and the
result must split into valid groups and runs.  Maximise the tiles laid (or their value).  The
initial-meld variant leaves the table alone and asks for new sets from the rack worth 30 or more.

Method: dynamic programming over the numbers 1..13, one cell (number, colour) at a time; the
cells' rules are in :mod:`.cells`, the compiled search in :mod:`.search` (its passes, one compiled
call: :func:`.search.best`), the compiled read-back of the play into sets in :mod:`.readback`.
This module checks and encodes a position, runs the search and turns the play into sets:

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

import numpy as np

from .cells import NCOL
from .sets import SetError, check_set
from .tiles import CELLS, JOKER, JOKER_PENALTY, code_at, sort_key

MAXJ = 2
OBJECTIVES = ("tiles", "value")
MELD_MIN = 30

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


# a code's place in the flattened counts of :func:`_encode` (colour * 15 + number); jokers at the end
_SLOT = {code: c * 15 + n for code, (c, n) in CELLS.items()} | {JOKER: NCOL * 15}
# per objective: the weights of numbers 0..13 (padded as the search wants them) and a joker's
_WEIGHTS = {"tiles": (np.array([1] * 14 + [0], dtype=np.int64), 1),
            "value": (np.array([*range(14), 0], dtype=np.int64), JOKER_PENALTY)}


def _encode(codes: Sequence[str], what: str) -> tuple[np.ndarray, int]:
    """Counts ``[colour, number]`` of the codes as the search takes them (numbers 0..14, the ends 0),
    and the jokers; :func:`count_codes` with arrays, for the solver's hot path."""
    try:
        slots = [_SLOT[code] for code in codes]
    except (KeyError, TypeError):
        count_codes(codes, what)  # raises the error naming the code
        raise
    counts = np.bincount(np.array(slots, dtype=np.intp), minlength=NCOL * 15 + 1)
    return counts[: NCOL * 15].reshape(NCOL, 15), int(counts[NCOL * 15])


_RACK_SLOT = {code: slot + NCOL * 15 + 1 for code, slot in _SLOT.items()}  # the rack's, after the table's


def _encode_position(table: Sequence[str], rack: Sequence[str]) -> tuple[np.ndarray, int, np.ndarray, int]:
    """:func:`_encode` of the table's codes and of the rack, in one count."""
    try:
        slots = [_SLOT[code] for code in table]
        slots += [_RACK_SLOT[code] for code in rack]
    except (KeyError, TypeError):
        count_codes(table, "table")  # raises the error naming the code
        count_codes(rack, "rack")
        raise
    size = NCOL * 15 + 1
    counts = np.bincount(np.array(slots, dtype=np.intp), minlength=2 * size)
    return (counts[: size - 1].reshape(NCOL, 15), int(counts[size - 1]),
            counts[size: 2 * size - 1].reshape(NCOL, 15), int(counts[2 * size - 1]))


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


Found = tuple[int, "np.ndarray", bool]  # (score, the 52 cells' choices, of the position turned round)


# :data:`_SLOT` read back: slot → code; and for a play of the position turned round (number n read as
# 14 - n, see :func:`.search.best`)
_SLOT_CODES = [next((code for code, at in _SLOT.items() if at == slot), "") for slot in range(NCOL * 15 + 1)]
_TURNED_CODES = [_SLOT_CODES[slot - slot % 15 + 14 - slot % 15] if 0 < slot % 15 < 14 and slot < NCOL * 15
                 else code for slot, code in enumerate(_SLOT_CODES)]
_NUMBER = {code: n for code, (_c, n) in CELLS.items()}


def _rebuild(found: Found) -> tuple[list[list[str]], list[str], int, int]:
    """The sets of the solution, the rack codes laid (in reading order), their value, jokers used."""
    from .readback import read_sets

    _score, choices, turned = found
    sets, jokers_used, laid = read_sets(choices, _TURNED_CODES if turned else _SLOT_CODES)
    if turned:  # read from 13 down: the runs come out descending, each colour's tiles laid too
        sets = [sorted_set(s) for s in sets]
        laid.sort(key=sort_key)
    return sets, laid, sum(_NUMBER[x] for x in laid), jokers_used


def _add_jokers(sets: list[list[str]], spare: int) -> bool:
    """Add ``spare`` jokers to sets that can take one (a group of 3, a run shorter than 13)."""
    if not spare:
        return True
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
    from .search import best

    t, jt, r, jr = _encode_position([code for s in table for code in s], rack)
    both = t + r
    if both.max() > 2:
        c, n = (int(x) for x in np.argwhere(both > 2)[0])
        raise PositionError(f"{code_at(c, n)} appears {both[c, n]} times (2 copies exist)")
    if jt + jr > MAXJ:
        raise PositionError(f"{jt + jr} jokers (2 exist)")
    weights, wj = _WEIGHTS[objective]
    if melded:
        # first the plays without a spare joker, the jokers added at the end (every joker laid);
        # if they do not fit, the search that places each joker itself
        found = best(t, jt, r, jr, weights, wj, meld=False, canon=True)
        sets: list[list[str]] = []
        if found is not None:
            sets, placed, value, jok = _rebuild(found)
        if found is None or not _add_jokers(sets, jt + jr - jok):
            found = best(t, jt, r, jr, weights, wj, meld=False)
            if found is None:
                raise PositionError("the table itself does not split into valid groups and runs")
            sets, placed, value, jok = _rebuild(found)
        else:
            jok = jt + jr
        placed_j = jok - jt
        new_table = sets
    else:
        found = None
        if _meld_max(r, jr) >= MELD_MIN:
            found = best(np.zeros_like(r), 0, r, jr, weights, wj, meld=True)
        if found is None:
            return Solution(0, 0, [], [list(s) for s in table], 0, False, objective)
        sets, placed, value, placed_j = _rebuild(found)
        new_table = [list(s) for s in table] + sets
    placed += [JOKER] * placed_j  # reading order: jokers last
    value += JOKER_PENALTY * placed_j
    meld_value = 0
    if not melded:
        meld_value = sum(check_set(s).value for s in sets)
    sets = [list(_sorted_set(tuple(s))) for s in new_table]
    return Solution(len(placed), value, placed, sets, meld_value, True, objective)


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


def _meld_max(rack: np.ndarray, jr: int) -> int:
    """The most a meld from these rack counts (:func:`_encode`) alone could be worth (0: no set)."""
    from .search import search

    found = search(np.zeros_like(rack), 0, rack, jr, np.zeros(15, dtype=np.int64), 0, meld=False,
                   meld_gain=True)
    return 0 if found is None else found[0]


def can_meld(rack: Sequence[str]) -> bool:
    """Could these tiles alone make an initial meld worth 30 or more? (the −100/−200 rule)"""
    return _meld_max(*_encode(rack, "rack")) >= MELD_MIN
