"""The lobby picture, drawn from the game's own data (see :meth:`tablesport.core.Game.picture`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import HEIGHT, SUITS, Spec, TileError, num, rect, text

from .game import PRESETS


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    decks = {int(rs.params["cards"]) for rs in PRESETS.values()}
    top = min(decks)
    for card in (p["prize"], *p["bids"]):
        if not (isinstance(card, int) and 1 <= card <= top):
            raise TileError(f"goofspiel picture: {card!r} is not a card of every deck (1 to {top})")
    parts = []
    w, h = 56.0, 80.0
    px, py = 36.0, (HEIGHT - (h + 10)) / 2
    parts.append(rect(px, py, w + 8, h + 10, "#fffbea", "#b7791f", 6, 2)
                 + text(px + (w + 8) / 2, py + (h + 10) / 2 + 10, str(p["prize"]), 28, "#744210")
                 + text(px + 8, py + 16, SUITS["diamond"], 12, "#c53030", "start"))
    for i, bid in enumerate(p["bids"]):
        bx, by = 128 + i * 38, py + 6 + i * 4
        parts.append(f'<g transform="rotate({num(-6 + 12 * i)} {num(bx + w / 2)} {num(by + h)})">'
                     + rect(bx, by, w, h, "#ffffff", "#4a5568", 5, 1.5)
                     + text(bx + w / 2, by + h / 2 + 8, str(bid), 22, "#2b6cb0")
                     + text(bx + 7, by + 15, SUITS["spade" if i == 0 else "club"], 11, "#1a202c", "start")
                     + "</g>")
    return "".join(parts)
