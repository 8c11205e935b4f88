"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import (
    HEIGHT,
    RANKS,
    SUITS,
    WIDTH,
    Spec,
    TileError,
    colour,
    named,
    num,
    rect,
    text,
)


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    cards = names["cards"].values()
    w, h = 62.0, 88.0
    wanted = p["cards"]
    parts = []
    spread = 16.0
    for i, want in enumerate(wanted):
        card = next((c for c in cards if c["key"] == want["name"] and c["suit"] == want["suit"]
                     and c["rank"] == want["rank"]), None)
        if card is None:
            raise TileError(f"sanguosha picture: the deck has no {want['name']} "
                            f"of {want['suit']} {want['rank']}")
        angle = (i - (len(wanted) - 1) / 2) * spread
        cx, base = WIDTH / 2 + (i - (len(wanted) - 1) / 2) * 44, HEIGHT - 14
        ink = colour(p["suits"], card["suit"], "sanguosha picture")
        name = named(card, lang)
        size = 24.0 if len(name) <= 2 else min(13.0, 96.0 / len(name))
        x, y = cx - w / 2, base - h
        parts.append(f'<g transform="rotate({num(angle)} {num(cx)} {num(base)})">'
                     + rect(x, y, w, h, "#fdfaf2", "#4a5568", 5, 1.5)
                     + rect(x + 4, y + 4, w - 8, h - 8, "none", "#d6c7a1", 3)
                     + text(x + 8, y + 17, RANKS.get(card["rank"], str(card["rank"])), 12, ink, "start")
                     + text(x + 8, y + 30, SUITS[card["suit"]], 12, ink, "start")
                     + text(cx, y + h / 2 + size / 2 + 4, name, size, "#1a202c")
                     + "</g>")
    return "".join(parts)
