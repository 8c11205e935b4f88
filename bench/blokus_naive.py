"""The straightforward Blokus move generator: the baseline of bench/blokus_movegen.py and the
oracle of the tests (tests/blokus/test_movegen.py).

No bitboards, no precomputed tables: a 20×20 grid of lists; for every corner anchor of the colour,
every unused piece, every orientation and every square of it placed on the anchor, check each
square (on the board, free, not beside the colour's own squares).
"""

from __future__ import annotations

from tablesport.games.blokus.pieces import PIECE_NAMES, PIECE_ORIENTATIONS

SIZE = 20
Grid = list[list[int]]
"""grid[y][x]: the colour index on square (x, y) (y = 0 is row 1, the bottom), or -1 if empty."""

CORNERS = ((0, SIZE - 1), (SIZE - 1, SIZE - 1), (SIZE - 1, 0), (0, 0))


def _name(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def naive_legal_moves(grid: Grid, colour: int, used: set[str]) -> set[str]:
    """Every legal placement of ``colour`` as a Pentobi move string (squares in a1, b1, … order)."""

    def free(x: int, y: int) -> bool:
        if not (0 <= x < SIZE and 0 <= y < SIZE) or grid[y][x] != -1:
            return False
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < SIZE and 0 <= ny < SIZE and grid[ny][nx] == colour:
                return False
        return True

    own = [(x, y) for y in range(SIZE) for x in range(SIZE) if grid[y][x] == colour]
    if own:
        anchors = {
            (x + dx, y + dy) for x, y in own for dx in (-1, 1) for dy in (-1, 1) if free(x + dx, y + dy)
        }
    else:
        anchors = {CORNERS[colour]} if free(*CORNERS[colour]) else set()
    moves: set[str] = set()
    for ax, ay in anchors:
        for name, shapes in zip(PIECE_NAMES, PIECE_ORIENTATIONS, strict=True):
            if name in used:
                continue
            for shape in shapes:
                for sx, sy in shape:
                    cells = [(x - sx + ax, y - sy + ay) for x, y in shape]
                    if all(free(x, y) for x, y in cells):
                        cells.sort(key=lambda c: (c[1], c[0]))
                        moves.add(",".join(_name(x, y) for x, y in cells))
    return moves
