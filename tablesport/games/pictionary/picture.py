"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import RuleError
from tablesport.core.picture import HEIGHT, WIDTH, Spec, TileError, num, rect

from .drawing import COLOURS, WIDTHS, Canvas
from .drawing import HEIGHT as CH
from .drawing import WIDTH as CW


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    scale = min((WIDTH - 20) / CW, (HEIGHT - 12) / CH)
    x0, y0 = (WIDTH - CW * scale) / 2, (HEIGHT - CH * scale) / 2
    parts = [rect(x0, y0, CW * scale, CH * scale, "#ffffff", "#a0aec0", 3)]
    canvas = Canvas()
    strokes = []
    for stroke in p["strokes"]:
        action = ("line", *stroke)
        try:
            canvas.check(action)
        except RuleError as exc:
            raise TileError(f"pictionary picture: the stroke {stroke} is not one the game draws: "
                            f"{exc}") from None
        canvas.apply(action)
        colour, size, *pts = stroke
        if not all(0 <= x <= CW for x in pts[::2]) or not all(0 <= y <= CH for y in pts[1::2]):
            raise TileError(f"pictionary picture: the stroke {stroke} leaves the {CW} × {CH} paper")
        points = " ".join(f"{x},{y}" for x, y in zip(pts[::2], pts[1::2], strict=True))
        strokes.append(f'<polyline points="{points}" fill="none" stroke="{COLOURS[colour]}" '
                       f'stroke-width="{WIDTHS[size]}" stroke-linecap="round" stroke-linejoin="round"/>')
    parts.append(f'<g transform="translate({num(x0)} {num(y0)}) scale({scale:.4f})">{"".join(strokes)}</g>')
    return "".join(parts)
