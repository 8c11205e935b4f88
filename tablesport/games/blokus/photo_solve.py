"""Squares in doubt on a board read from a photo, settled by the rules where the rules leave one
answer: each square in doubt may be any of a few letters (any of the five under a hand, the two
nearest colours for a piece's plastic off its colour), and every way of filling them that makes the
whole board a legal position (:mod:`.photo_score`: each colour's groups distinct pieces, its corner
covered, its pieces joined corner to corner) is found. A square that reads the same in every legal
filling is settled; the others stay in doubt. No legal filling (something else is wrong), or too
many to search, settles nothing."""

from __future__ import annotations

from dataclasses import dataclass

from .board import COLOUR_LETTERS, CORNERS, SIZE
from .photo_score import board_reading, piece_of

Cell = tuple[int, int]
"""(column 0-19, row index from the top), as the reading's squares in doubt."""

SEARCH_LIMIT = 20_000
"""The most work spent before giving up (the reading then keeps all its doubt): one step a filling
tried, ``CHECK_COST`` steps a whole board checked."""
CHECK_COST = 50
SOLUTION_LIMIT = 64
"""The most legal fillings gathered; with more, nothing is settled (the search stops early)."""


@dataclass(frozen=True)
class Unknown:
    """A square in doubt and the letters it may be."""

    cell: Cell
    options: str


class _TooMany(Exception):
    pass


def _sides(cell: Cell) -> list[Cell]:
    x, r = cell
    near = ((x + 1, r), (x - 1, r), (x, r + 1), (x, r - 1))
    return [(a, b) for a, b in near if 0 <= a < SIZE and 0 <= b < SIZE]


START = {letter: (x, SIZE - 1 - y) for letter, (x, y) in zip(COLOUR_LETTERS, CORNERS, strict=True)}
"""Each colour's starting corner as a cell."""


def _group(grid: list[list[str]], start: Cell, open_cells: set[Cell]) -> tuple[set[Cell], bool]:
    """The side-connected group of ``start``'s letter through squares not open (at most six of it),
    and whether it is closed (no open square beside it)."""
    letter = grid[start[1]][start[0]]
    seen = {start}
    stack = [start]
    closed = True
    while stack and len(seen) <= 5:
        cell = stack.pop()
        for n in _sides(cell):
            if n in open_cells:
                closed = False
            elif n not in seen and grid[n[1]][n[0]] == letter:
                seen.add(n)
                stack.append(n)
    return seen, closed


def _placed(grid: list[list[str]], open_cells: set[Cell]) -> dict[str, set[str]]:
    """Each colour's pieces already closed while every open square is still open."""
    out: dict[str, set[str]] = {letter: set() for letter in COLOUR_LETTERS}
    done: set[Cell] = set()
    for r in range(SIZE):
        for x in range(SIZE):
            if (x, r) in done or (x, r) in open_cells or grid[r][x] == ".":
                continue
            group, closed = _group(grid, (x, r), open_cells)
            done |= group
            name = piece_of([(a, SIZE - 1 - b) for a, b in group]) if closed else None
            if name is not None:
                out[grid[r][x]].add(name)
    return out


def _group_fits(
    grid: list[list[str]], start: Cell, open_cells: set[Cell], placed: dict[str, set[str]]
) -> bool:
    """Whether the side-connected group of ``start``'s letter can still be one of its colour's pieces:
    at most five squares; once no square beside it is open, a piece's shape not placed elsewhere,
    on its colour's starting corner or touching the colour (or an open square) at a corner."""
    letter = grid[start[1]][start[0]]
    group, closed = _group(grid, start, open_cells)
    if len(group) > 5:
        return False
    if not closed:
        return True
    name = piece_of([(x, SIZE - 1 - r) for x, r in group])
    if name is None or name in placed[letter]:
        return False
    if START[letter] in group:
        return True
    for x, r in group:
        for n in ((x + 1, r + 1), (x - 1, r + 1), (x + 1, r - 1), (x - 1, r - 1)):
            if 0 <= n[0] < SIZE and 0 <= n[1] < SIZE and (n in open_cells or grid[n[1]][n[0]] == letter):
                return True
    return False


def settle(rows: list[str], unknowns: list[Unknown]) -> tuple[list[str], list[Cell]]:
    """``rows`` with every square of ``unknowns`` that all legal fillings agree on set, and the
    squares still in doubt (sorted)."""
    doubt = sorted(u.cell for u in unknowns)
    if not unknowns:
        return rows, doubt
    grid = [list(r) for r in rows]
    order = sorted(unknowns, key=lambda u: (u.cell[1], u.cell[0]))
    open_cells = set(doubt)
    placed = _placed(grid, open_cells)
    solutions: list[list[str]] = []
    tried = 0

    def fill(i: int) -> None:
        nonlocal tried
        if i == len(order):
            tried += CHECK_COST
            if tried > SEARCH_LIMIT:
                raise _TooMany
            if not any(c.problems for c in board_reading(["".join(r) for r in grid])):
                solutions.append([grid[r][x] for x, r in doubt])
                if len(solutions) > SOLUTION_LIMIT:
                    raise _TooMany
            return
        (x, r), options = order[i].cell, order[i].options
        open_cells.discard((x, r))
        near = [n for n in ((x, r), *_sides((x, r))) if n not in open_cells]
        for letter in options:
            tried += 1
            if tried > SEARCH_LIMIT:
                raise _TooMany
            grid[r][x] = letter
            if all(grid[b][a] == "." or _group_fits(grid, (a, b), open_cells, placed) for a, b in near):
                fill(i + 1)
        open_cells.add((x, r))

    try:
        fill(0)
    except _TooMany:
        return rows, doubt
    if not solutions:
        return rows, doubt
    out = [list(r) for r in rows]
    left = []
    for k, (x, r) in enumerate(doubt):
        letters = {s[k] for s in solutions}
        if len(letters) == 1:
            out[r][x] = letters.pop()
        else:
            left.append((x, r))
    return ["".join(r) for r in out], left
