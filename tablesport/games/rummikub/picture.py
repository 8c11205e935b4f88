"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import HEIGHT, WIDTH, Spec, TileError, circle, num, rect, text
from tablesport.core.picture import colour as picture_colour

from .tiles import JOKER, colour, is_code, number


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    w, h, gap = 26.0, 36.0, 3.0
    parts = []
    sets = p["sets"]
    top = (HEIGHT - len(sets) * h - (len(sets) - 1) * 14) / 2
    for i, tiles in enumerate(sets):
        x = (WIDTH - len(tiles) * w - (len(tiles) - 1) * gap) / 2
        y = top + i * (h + 14)
        for code in tiles:
            if not is_code(code):
                raise TileError(f"rummikub picture: {code!r} is not a tile code (R1 … K13, J)")
            parts.append(rect(x, y, w, h, "#fffff0", "#8a8a8a", 4))
            ink = picture_colour(p["colours"], colour(code) or JOKER, "rummikub picture")
            if code == JOKER:  # a face, as on the joker tiles
                cx, cy = x + w / 2, y + h / 2 - 2
                parts.append(circle(cx, cy, 8, "none", ink, 2) + circle(cx - 3, cy - 2, 1.3, ink)
                             + circle(cx + 3, cy - 2, 1.3, ink)
                             + f'<path d="M{num(cx - 4)} {num(cy + 2)}q4 4 8 0" fill="none" stroke="{ink}" '
                             'stroke-width="1.5"/>')
            else:
                parts.append(text(x + w / 2, y + 22, str(number(code)), 15, ink))
            parts.append(circle(x + w / 2, y + h - 6, 2.5, ink, extra=' opacity=".35"'))
            x += w + gap
    return "".join(parts)
