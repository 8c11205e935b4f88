"""A board read from a photo → each colour's pieces, whether the position can be a legal finished
game, and the seed's scores.

In a legal position two pieces of one colour never share a side, so each side-connected group of a
colour's squares is one piece; the position is legal when every group is one of the 21 pieces, no
piece is there twice, the colour covers its starting corner and its pieces are joined corner to
corner. A reading that breaks any of these is flagged with the reasons, and not scored."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import COLOUR_LETTERS, COLOUR_NAMES, CORNERS, SIZE
from .pieces import MONOMINO, PIECE_NAMES, PIECE_ORIENTATIONS, PIECE_SIZES, TOTAL_SQUARES
from .state import colour_score

_SHAPES = {shape: PIECE_NAMES[p] for p, shapes in enumerate(PIECE_ORIENTATIONS) for shape in shapes}


def _normalise(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted(((x - mx, y - my) for x, y in cells), key=lambda c: (c[1], c[0])))


def piece_of(cells: list[tuple[int, int]]) -> str | None:
    """The name of the piece whose shape the squares ``cells`` ((x, y), any place, any turn) make, or
    None."""
    return _SHAPES.get(_normalise(cells))


def square(x: int, y: int) -> str:
    """A square's name (``a20`` is the top left) from board coordinates, ``y`` 0 the bottom row."""
    return f"{chr(ord('a') + x)}{y + 1}"


@dataclass
class ColourReading:
    """One colour: its pieces on the board, those left, the squares left, and what is not legal."""

    colour: str
    placed: list[str] = field(default_factory=list)
    unplaced: list[str] = field(default_factory=list)
    squares_left: int = TOTAL_SQUARES
    problems: list[str] = field(default_factory=list)

    @property
    def all_placed(self) -> bool:
        return not self.unplaced and not self.problems

    def score(self, monomino_last: bool | None) -> int | None:
        """The seed's score; None while illegal, or all placed and the referee has not said whether
        the single square went last."""
        if self.problems or (self.all_placed and monomino_last is None):
            return None
        return colour_score(self.squares_left, self.all_placed, MONOMINO if monomino_last else None)

    def as_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "placed": self.placed,
            "unplaced": self.unplaced,
            "squares_left": self.squares_left,
            "all_placed": self.all_placed,
            "problems": self.problems,
        }


def _groups(rows: list[str], letter: str) -> list[list[tuple[int, int]]]:
    """Side-connected groups of ``letter``'s squares, as (x, y) with y 0 the bottom row."""
    cells = {(x, SIZE - 1 - r) for r, row in enumerate(rows) for x, ch in enumerate(row) if ch == letter}
    groups = []
    while cells:
        stack = [cells.pop()]
        group = []
        while stack:
            x, y = stack.pop()
            group.append((x, y))
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in cells:
                    cells.remove(n)
                    stack.append(n)
        groups.append(group)
    return groups


def check_rows(rows: list[str]) -> None:
    if len(rows) != SIZE or any(len(r) != SIZE or set(r) - set(".BYRG") for r in rows):
        raise ValueError(f"a board is {SIZE} rows of {SIZE} of '.', B, Y, R, G")


def colour_reading(rows: list[str], colour: int) -> ColourReading:
    """What the board ``rows`` (top row first) says of colour ``colour`` (0-3: blue, yellow, red, green)."""
    check_rows(rows)
    out = ColourReading(COLOUR_NAMES[colour])
    groups = _groups(rows, COLOUR_LETTERS[colour])
    owner: dict[tuple[int, int], int] = {}
    for k, group in enumerate(groups):
        name = piece_of(group)
        where = square(*min(group, key=lambda c: (-c[1], c[0])))
        if name is None:
            out.problems.append(f"the {len(group)} squares from {where} are no Blokus piece")
        elif name in out.placed:
            out.problems.append(f"piece {name} twice (again at {where})")
        else:
            out.placed.append(name)
        owner.update(dict.fromkeys(group, k))
    if groups:
        corner = CORNERS[colour]
        if corner not in owner:
            out.problems.append(f"the starting corner {square(*corner)} is not {out.colour}")
        else:  # every piece reached from the corner's piece through corner contacts
            reached = {owner[corner]}
            stack = [owner[corner]]
            while stack:
                k = stack.pop()
                for x, y in groups[k]:
                    for n in ((x + 1, y + 1), (x - 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)):
                        j = owner.get(n)
                        if j is not None and j not in reached:
                            reached.add(j)
                            stack.append(j)
            for k in sorted(set(range(len(groups))) - reached):
                where = square(*min(groups[k], key=lambda c: (-c[1], c[0])))
                out.problems.append(f"the piece at {where} touches no other {out.colour} piece at a corner")
    out.unplaced = [n for n in PIECE_NAMES if n not in out.placed]
    out.squares_left = TOTAL_SQUARES - sum(PIECE_SIZES[PIECE_NAMES.index(n)] for n in out.placed)
    return out


def board_reading(rows: list[str]) -> list[ColourReading]:
    """The four colours of ``rows``, blue, yellow, red, green."""
    return [colour_reading(rows, c) for c in range(len(COLOUR_LETTERS))]
