"""A picturist's canvas as a list of operations, compact enough to go out with every step.

An operation is a tuple: a stroke ``(colour, size, x0, y0, x1, y1, ...)`` in canvas units
(:data:`WIDTH` × :data:`HEIGHT`, integers), or a clear ``(-1,)``.  Colour 0 is the eraser (it paints
the paper's colour); sizes 1–4 are the pen widths in :data:`WIDTHS`.

The picturist's actions:

* ``["line", colour, size, x0, y0, ...]`` starts a stroke (1 to :data:`MAX_BATCH` points);
* ``["more", x, y, ...]`` adds points to the stroke being drawn (the page sends them in batches as
  the pen moves);
* ``["undo"]`` takes back the last operation (a stroke or a clear), ``["clear"]`` clears the paper.

Limits per canvas and word: :data:`MAX_OPS` operations and :data:`MAX_POINTS` points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablesport.core import RuleError

WIDTH, HEIGHT = 800, 600
COLOURS = ("#ffffff", "#1d1d1d", "#d62d20", "#1f5fbf", "#2a9d3a", "#f08a24", "#7b3fa0", "#8b5a2b")
"""Colour 0 is the eraser (the paper)."""
WIDTHS = (0, 3, 6, 12, 28)
"""Pen width in canvas units by size 1–4."""
MAX_BATCH = 128
MAX_OPS = 400
MAX_POINTS = 6000
CLEAR = (-1,)


def _points(values: Sequence[Any], what: str) -> tuple[int, ...]:
    if not values or len(values) % 2:
        raise RuleError("stroke_points", f"{what} needs x, y pairs (at least one point)",
                        f"1 to {MAX_BATCH} points as x0, y0, x1, y1, ...")
    if len(values) > 2 * MAX_BATCH:
        raise RuleError("stroke_batch", f"{len(values) // 2} points in one message", f"at most {MAX_BATCH}")
    for i, v in enumerate(values):
        limit = WIDTH if i % 2 == 0 else HEIGHT
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= limit:
            raise RuleError("stroke_points", f"coordinate {v!r} is not a whole number on the paper",
                            f"x 0–{WIDTH}, y 0–{HEIGHT}")
    return tuple(values)


class Canvas:
    """One picturist's paper for the current word."""

    __slots__ = ("ops", "points", "open")

    def __init__(self) -> None:
        self.ops: list[tuple[int, ...]] = []
        self.points = 0
        self.open = False  # the last operation is a stroke that "more" may extend

    def clone(self) -> Canvas:
        c = Canvas.__new__(Canvas)
        c.ops = list(self.ops)
        c.points = self.points
        c.open = self.open
        return c

    def check(self, action: tuple[Any, ...]) -> None:
        """Raise ``RuleError`` if ``action`` (``line``, ``more``, ``undo``, ``clear``) cannot apply."""
        kind = action[0]
        if kind == "line":
            if len(action) < 5:
                raise RuleError("stroke_points", "a line needs a colour, a size and at least one point",
                                '["line", colour, size, x0, y0, ...]')
            colour, size = action[1], action[2]
            if isinstance(colour, bool) or colour not in range(len(COLOURS)):
                raise RuleError("stroke_colour", f"colour {colour!r} is not on the palette",
                                f"0 (eraser) to {len(COLOURS) - 1}")
            if isinstance(size, bool) or size not in range(1, len(WIDTHS)):
                raise RuleError("stroke_size", f"size {size!r} is not a pen size", f"1 to {len(WIDTHS) - 1}")
            pts = _points(action[3:], "a line")
            if len(self.ops) >= MAX_OPS:
                raise RuleError("canvas_full", f"{MAX_OPS} strokes on this paper", "undo or clear first")
            self._room(len(pts) // 2)
        elif kind == "more":
            if not self.open:
                raise RuleError("stroke_open", "no stroke is being drawn", 'start one with ["line", ...]')
            self._room(len(_points(action[1:], "more")) // 2)
        elif kind == "undo":
            if len(action) != 1 or not self.ops:
                raise RuleError("undo", "nothing to undo" if not self.ops else "undo takes nothing more",
                                '["undo"]')
        elif kind == "clear":
            if len(action) != 1:
                raise RuleError("clear", "clear takes nothing more", '["clear"]')
            if len(self.ops) >= MAX_OPS:
                raise RuleError("canvas_full", f"{MAX_OPS} operations on this paper", "undo first")

    def _room(self, n: int) -> None:
        if self.points + n > MAX_POINTS:
            raise RuleError("canvas_full", f"this paper holds {MAX_POINTS} points ({self.points} drawn)",
                            "undo or clear to draw more")

    def apply(self, action: tuple[Any, ...]) -> None:
        """Apply a checked action."""
        kind = action[0]
        if kind == "line":
            self.ops.append(tuple(action[1:]))
            self.points += (len(action) - 3) // 2
            self.open = True
        elif kind == "more":
            self.ops[-1] = self.ops[-1] + tuple(action[1:])
            self.points += (len(action) - 1) // 2
        elif kind == "undo":
            op = self.ops.pop()
            self.points -= (len(op) - 2) // 2 if op != CLEAR else 0
            self.open = False
        elif kind == "clear":
            self.ops.append(CLEAR)
            self.open = False

    def to_json(self) -> list[list[int]]:
        return [list(op) for op in self.ops]
