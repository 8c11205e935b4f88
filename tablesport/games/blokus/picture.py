"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import HEIGHT, WIDTH, Spec, TileError, colour, num, rect

from .pieces import PIECE_DRAWINGS


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    cols, rows = p["grid"]
    cell = min((WIDTH - 20) / cols, (HEIGHT - 16) / rows)
    x0, y0 = (WIDTH - cols * cell) / 2, (HEIGHT - rows * cell) / 2
    parts = [rect(x0, y0, cols * cell, rows * cell, "#f7fafc", "#a0aec0")]
    parts += [f'<path d="M{num(x0 + i * cell)} {num(y0)}v{num(rows * cell)}" stroke="#e2e8f0"/>'
              for i in range(1, cols)]
    parts += [f'<path d="M{num(x0)} {num(y0 + j * cell)}h{num(cols * cell)}" stroke="#e2e8f0"/>'
              for j in range(1, rows)]
    taken: set[tuple[int, int]] = set()
    for piece in p["pieces"]:
        drawing = PIECE_DRAWINGS.get(piece["piece"])
        if drawing is None:
            raise TileError(f"blokus picture: no piece {piece['piece']!r} "
                            f"(the pieces: {', '.join(PIECE_DRAWINGS)})")
        fill = colour(p["colours"], piece["colour"], "blokus picture")
        ax, ay = piece["at"]
        for r, row in enumerate(drawing):
            for c, ch in enumerate(row):
                if ch != "X":
                    continue
                x, y = ax + c, ay + r
                if not (0 <= x < cols and 0 <= y < rows) or (x, y) in taken:
                    raise TileError(f"blokus picture: piece {piece['piece']} at {piece['at']} leaves the "
                                    f"grid or covers another piece at ({x}, {y})")
                taken.add((x, y))
                parts.append(rect(x0 + x * cell + .5, y0 + y * cell + .5, cell - 1, cell - 1, fill,
                                   "#ffffff", 1.5))
    return "".join(parts)
