"""The 21 Blokus pieces as data, and their orientations.

Each piece is drawn as rows of ``X`` (top row first) under the name Pentobi gives it.  The seed:
"1 piece of only one square, 1 piece of two squares, 2 pieces of three squares, 5 pieces of four
squares, and 12 pieces of five squares" — 89 squares per colour.
"""

from __future__ import annotations

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

PIECE_DRAWINGS: dict[str, tuple[str, ...]] = {
    "1": ("X",),
    "2": ("XX",),
    "I3": ("XXX",),
    "V3": ("X.", "XX"),
    "I4": ("XXXX",),
    "L4": ("X..", "XXX"),
    "O": ("XX", "XX"),
    "T4": (".X.", "XXX"),
    "Z4": (".XX", "XX."),
    "F": (".XX", "XX.", ".X."),
    "I5": ("XXXXX",),
    "L5": ("X...", "XXXX"),
    "N": ("XX..", ".XXX"),
    "P": ("XX", "XX", "X."),
    "T5": ("XXX", ".X.", ".X."),
    "U": ("X.X", "XXX"),
    "V5": ("X..", "X..", "XXX"),
    "W": ("X..", "XX.", ".XX"),
    "X": (".X.", "XXX", ".X."),
    "Y": (".X..", "XXXX"),
    "Z5": ("XX.", ".X.", ".XX"),
}

PIECE_NAMES: tuple[str, ...] = tuple(PIECE_DRAWINGS)
PIECE_INDEX: dict[str, int] = {name: i for i, name in enumerate(PIECE_NAMES)}
MONOMINO = PIECE_INDEX["1"]


def _normalise(cells: list[Cell] | Shape) -> Shape:
    """Translate so the lowest x and y are 0, and sort (by y, then x)."""
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted(((x - mx, y - my) for x, y in cells), key=lambda c: (c[1], c[0])))


def _base_shape(drawing: tuple[str, ...]) -> Shape:
    height = len(drawing)
    return _normalise([(x, height - 1 - r) for r, row in enumerate(drawing)
                       for x, ch in enumerate(row) if ch == "X"])


def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct shapes under the 4 rotations and their mirror images."""
    seen: list[Shape] = []
    cells = list(shape)
    for _ in range(2):
        for _ in range(4):
            cells = [(y, -x) for x, y in cells]
            norm = _normalise(cells)
            if norm not in seen:
                seen.append(norm)
        cells = [(-x, y) for x, y in cells]
    return tuple(seen)


PIECE_SHAPES: tuple[Shape, ...] = tuple(_base_shape(d) for d in PIECE_DRAWINGS.values())
PIECE_SIZES: tuple[int, ...] = tuple(len(s) for s in PIECE_SHAPES)
PIECE_ORIENTATIONS: tuple[tuple[Shape, ...], ...] = tuple(orientations(s) for s in PIECE_SHAPES)
TOTAL_SQUARES = sum(PIECE_SIZES)
