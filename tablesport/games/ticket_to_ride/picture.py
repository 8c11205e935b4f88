"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import HEIGHT, WIDTH, Spec, TileError, circle, colour, named, num, rect, text


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    data = names
    cities, routes = data["cities"], list(data["routes"].values())
    found: list[list[dict[str, Any]]] = []  # each pair's routes: two side by side for a double route
    for a, b in p["routes"]:
        pair = [r for r in routes if {r["a"], r["b"]} == {a, b}]
        if not pair:
            raise TileError(f"ticket-to-ride picture: the map has no route between {a!r} and {b!r}")
        found.append(pair)
    used = sorted({c for pair in found for r in pair for c in (r["a"], r["b"])})

    def flat(city: str) -> tuple[float, float]:  # an equirectangular projection around the cities' latitude
        c = cities[city]
        return c["lon"] * math.cos(math.radians(c["lat"])), -c["lat"]

    xs, ys = [flat(c)[0] for c in used], [flat(c)[1] for c in used]
    scale = min((WIDTH - 60) / ((max(xs) - min(xs)) or 1), (HEIGHT - 44) / ((max(ys) - min(ys)) or 1))
    ox = (WIDTH - (max(xs) - min(xs)) * scale) / 2
    oy = (HEIGHT - (max(ys) - min(ys)) * scale) / 2 - 6

    def at(city: str) -> tuple[float, float]:
        x, y = flat(city)
        return ox + (x - min(xs)) * scale, oy + (y - min(ys)) * scale

    parts = [rect(2, 2, WIDTH - 4, HEIGHT - 4, "#f0f4f8", "#cbd5e0", 6)]
    for pair in found:
        for k, r in enumerate(pair):
            (ax, ay), (bx, by) = at(r["a"]), at(r["b"])
            length = math.hypot(bx - ax, by - ay)
            angle = math.degrees(math.atan2(by - ay, bx - ax))
            offset = (k - (len(pair) - 1) / 2) * 12
            space = (length - 16) / r["length"]
            fill = colour(p["colours"], r["colour"], "ticket-to-ride picture")
            cars = "".join(rect(8 + i * space + 1.5, offset - 5, space - 3, 10, fill, "#2d3748", 1.5, 1.5)
                           for i in range(r["length"]))
            parts.append(f'<g transform="translate({num(ax)} {num(ay)}) rotate({num(angle)})">{cars}</g>')
    for city in used:
        x, y = at(city)
        anchor = "start" if x < WIDTH / 4 else "end" if x > 3 * WIDTH / 4 else "middle"
        dx = {"start": -8, "end": 8, "middle": 0}[anchor]
        below = y < HEIGHT / 2 or anchor != "middle"
        parts.append(circle(x, y, 6, "#fff", "#2d3748", 2))
        parts.append(text(x + dx, y + (20 if below else -11), named(cities[city], lang), 11, "#1a202c",
                           anchor, extra=' paint-order="stroke" stroke="#f0f4f8" stroke-width="3"'))
    return "".join(parts)
