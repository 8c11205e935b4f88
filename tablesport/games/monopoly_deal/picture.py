"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import WIDTH, Spec, TileError, circle, colour, num, rect, text


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    colours = names["colours"]
    key = p["set"]
    if key not in colours:
        raise TileError(f"monopoly-deal picture: no colour {key!r} (the colours: {', '.join(colours)})")
    c = colours[key]
    fill = colour(p["colours"], key, "monopoly-deal picture")
    w, h = 58.0, 84.0
    parts = []
    n = c["size"]
    for i in range(n):
        x, y = 28 + i * 30, 14 + i * 6
        parts.append(rect(x, y, w, h, "#ffffff", "#4a5568", 5, 1.5)
                     + rect(x + 4, y + 4, w - 8, 22, fill, rx=2)
                     + circle(x + 11, y + 11, 8, "#fff", "#4a5568")
                     + text(x + 11, y + 14.5, f"{c['value']}M", 8, "#1a202c"))
    x, y = 28 + (n - 1) * 30, 14 + (n - 1) * 6  # the top card: the set's rent ladder
    for k, rent in enumerate(c["rent"]):
        parts.append(text(x + 14, y + 40 + k * 12, str(k + 1), 9, "#4a5568", weight="normal")
                     + text(x + w - 10, y + 40 + k * 12, f"{rent}M", 9, "#1a202c", "end"))
    money = int(p["money"])
    values = {card.get("value") for card in names["cards"].values() if card.get("kind") == "money"}
    if money not in values:
        raise TileError(f"monopoly-deal picture: no money card of {money}M (the deck's: {sorted(values)})")
    mx, my = WIDTH - w - 14, 40
    parts.append(f'<g transform="rotate(8 {num(mx + w / 2)} {num(my + h / 2)})">'
                 + rect(mx, my, w, h, "#c6f6d5", "#276749", 5, 1.5)
                 + circle(mx + w / 2, my + h / 2, 18, "#fff", "#276749")
                 + text(mx + w / 2, my + h / 2 + 6, f"{money}M", 16, "#22543d") + "</g>")
    return "".join(parts)
