"""The pieces a game draws its lobby picture with (``picture.py`` in a game's package, see
:meth:`tablesport.core.Game.picture`): inline SVG on a ``WIDTH`` × ``HEIGHT`` view box, every text
escaped, and :class:`TileError` for a picture that asks for something the game does not have."""

from __future__ import annotations

from html import escape
from typing import Any

Spec = dict[str, Any]
WIDTH, HEIGHT = 240, 140
"""Every picture's viewBox."""

RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = {"spade": "\u2660", "heart": "\u2665", "club": "\u2663", "diamond": "\u2666"}


class TileError(ValueError):
    """A ``lobby`` section that does not match the game's data."""


def num(x: float) -> str:
    """A coordinate as SVG writes it (one decimal, no trailing zeros)."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", rx: float = 0,
         width: float = 1, extra: str = "") -> str:
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" '
            f'fill="{escape(fill)}" stroke="{escape(stroke)}" stroke-width="{num(width)}"{extra}/>')


def circle(cx: float, cy: float, r: float, fill: str, stroke: str = "none", width: float = 1,
           extra: str = "") -> str:
    return (f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{escape(fill)}" '
            f'stroke="{escape(stroke)}" stroke-width="{num(width)}"{extra}/>')


def text(x: float, y: float, words: str, size: float, fill: str = "#1a202c", anchor: str = "middle",
         weight: str = "bold", extra: str = "") -> str:
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" font-weight="{weight}" '
            f'fill="{escape(fill)}" text-anchor="{anchor}" font-family="system-ui, sans-serif"{extra}>'
            f'{escape(words)}</text>')


def colour(colours: Spec, key: str, where: str) -> str:
    """The picture's colour for ``key`` (its ``colours``); a :class:`TileError` names a missing one."""
    found = colours.get(key) if isinstance(colours, dict) else None
    if not isinstance(found, str) or not found.startswith("#"):
        raise TileError(f"{where}: no colour for {key!r} in the picture's colours")
    return found


def named(obj: dict[str, Any], lang: str) -> str:
    """A data name in ``lang`` (``name`` / ``name_zh`` / ``name_zh_hant``, the web app's names)."""
    if lang == "en" or not obj.get("name_zh"):
        return str(obj["name"])
    return str(obj["name_zh_hant"] if lang == "zh-Hant" else obj["name_zh"])
