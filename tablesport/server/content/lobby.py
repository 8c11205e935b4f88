"""The lobby's game tiles: one per game, with a picture drawn from the game's own data, what the game is in
a sentence or two, how many play and for how long, and the ways in (quick play, a new table, the rules, a
guided game, the leaderboard).

Each game's ``texts/games/<game>.yaml`` has a ``lobby`` section:

* ``preset``: the preset the tile's quick play, new table and leaderboard links open;
* ``order``: where the tile stands among the others (1 first);
* ``minutes``: ``[shortest, longest]`` a game usually takes;
* ``about``: the game in one or two sentences, ``{zh-Hans, zh-Hant, en}``;
* ``picture``: ``alt`` (what the picture shows, in the three languages) and what to draw, read against the
  game's data so the picture can only show what the game has: Blokus pieces by name on a grid, Rummikub tile
  codes, Sanguosha cards by name, suit and rank, Ticket to Ride routes between cities of the map, a Monopoly
  Deal property set by colour, a Pictionary paper in the game's own strokes, Goofspiel prize and bid cards
  of the preset's deck.  Colours are data too (``colours``), the same as the game screens use.

The pictures are inline SVG made here (no images, no copyrighted art); every text in them is escaped.
``tests/server/test_lobby_tiles.py`` checks that every game has a tile with a picture, its text in every
language and links that answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from html import escape
from typing import Any

from markupsafe import Markup

from tablesport.games import all_games

from .gamedata import names
from .hints import learnable
from .i18n import LANGS
from .texts import game_texts, lobby_catalogue

Spec = dict[str, Any]
WIDTH, HEIGHT = 240, 140
"""Every picture's viewBox."""


class TileError(ValueError):
    """A ``lobby`` section that does not match the game's data."""


@cache
def tile_data(game: str) -> Spec:
    """The checked ``lobby`` section of ``game``'s texts file (a :class:`TileError` says what is wrong)."""
    spec = game_texts(game).lobby or None
    where = f"texts/games/{game}.yaml lobby"
    if not isinstance(spec, dict):
        raise TileError(f"{where}: missing (every game has a lobby tile)")
    presets = all_games()[game].presets
    if spec.get("preset") not in presets:
        raise TileError(f"{where}.preset: {spec.get('preset')!r} is not one of {sorted(presets)}")
    minutes = spec.get("minutes")
    if not (isinstance(minutes, list) and len(minutes) == 2 and all(isinstance(m, int) for m in minutes)
            and 0 < minutes[0] <= minutes[1]):
        raise TileError(f"{where}.minutes: {minutes!r} is not [shortest, longest] in whole minutes")
    if not isinstance(spec.get("order"), int):
        raise TileError(f"{where}.order: {spec.get('order')!r} is not a whole number")
    for key in ("about",):
        _langs(spec.get(key), f"{where}.{key}")
    picture = spec.get("picture")
    if not isinstance(picture, dict):
        raise TileError(f"{where}.picture: missing")
    _langs(picture.get("alt"), f"{where}.picture.alt")
    if game not in DRAW:
        raise TileError(f"{where}.picture: no drawing for the game {game!r}")
    for lang in LANGS:  # draw it once now: a name or shape the game does not have fails here
        DRAW[game](picture, lang, game)
    return spec


def _langs(texts: Any, where: str) -> None:
    if not isinstance(texts, dict) or [lang for lang in LANGS if not str(texts.get(lang) or "").strip()]:
        raise TileError(f"{where}: a text in each of {', '.join(LANGS)} is needed")


def tiles(lang: str) -> list[dict[str, Any]]:
    """Every game's tile in ``lang`` (its title and presets' titles from :func:`.texts.lobby_catalogue`),
    in the tiles' ``order``."""
    out = []
    guided = set(learnable())
    catalogue = {str(g["game"]): g for g in lobby_catalogue(lang)}
    for game in sorted(all_games().values(), key=lambda g: tile_data(g.name)["order"]):
        spec = tile_data(game.name)
        seats = [rs.seats for rs in game.presets.values()]
        preset = spec["preset"]
        out.append({
            "game": game.name,
            "title": catalogue[game.name]["title"],
            "presets": catalogue[game.name]["presets"],
            "preset": preset,
            "preset_title": next(p["title"] for p in catalogue[game.name]["presets"]
                                 if p["preset"] == preset),
            "about": spec["about"][lang],
            "players": (min(seats), max(seats)),
            "minutes": tuple(spec["minutes"]),
            "picture": picture_of(game.name, lang),
            "links": {
                "quickplay": f"/quickplay?preset={preset}",
                "new_table": f"/?preset={preset}#new-table",
                "rules": f"/rules/{preset}",
                "learn": f"/learn/{game.name}" if game.name in guided else None,
                "leaderboard": f"/leaderboard/{preset}",
            },
        })
    return out


def warm() -> None:
    """Check every game's tile and draw its pictures now (a server calls it at start-up: a tile that does
    not match its game's data stops the server with what is wrong, not the first visitor's lobby)."""
    for game in all_games():
        for lang in LANGS:
            picture_of(game, lang)


@cache
def picture_of(game: str, lang: str) -> Markup:
    return svg(game, tile_data(game)["picture"], lang)


def svg(game: str, picture: Spec, lang: str) -> Markup:
    """The picture of ``game`` as an inline SVG element labelled in ``lang``."""
    alt = escape(str(picture["alt"][lang]))
    body = DRAW[game](picture, lang, game)
    return Markup(f'<svg class="tile-svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{alt}" '
                  f'xmlns="http://www.w3.org/2000/svg"><title>{alt}</title>{body}</svg>')


# -- drawing helpers ---------------------------------------------------------------------------------------

def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", rx: float = 0,
          width: float = 1, extra: str = "") -> str:
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" '
            f'fill="{escape(fill)}" stroke="{escape(stroke)}" stroke-width="{_n(width)}"{extra}/>')


def _circle(cx: float, cy: float, r: float, fill: str, stroke: str = "none", width: float = 1,
            extra: str = "") -> str:
    return (f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{escape(fill)}" '
            f'stroke="{escape(stroke)}" stroke-width="{_n(width)}"{extra}/>')


def _text(x: float, y: float, text: str, size: float, fill: str = "#1a202c", anchor: str = "middle",
          weight: str = "bold", extra: str = "") -> str:
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-weight="{weight}" '
            f'fill="{escape(fill)}" text-anchor="{anchor}" font-family="system-ui, sans-serif"{extra}>'
            f'{escape(text)}</text>')


def _colour(colours: Spec, key: str, where: str) -> str:
    colour = colours.get(key) if isinstance(colours, dict) else None
    if not isinstance(colour, str) or not colour.startswith("#"):
        raise TileError(f"{where}: no colour for {key!r} in the picture's colours")
    return colour


def _named(obj: dict[str, Any], lang: str) -> str:
    """A data name in ``lang`` (``name`` / ``name_zh`` / ``name_zh_hant``, see :mod:`.gamedata`)."""
    if lang == "en" or not obj.get("name_zh"):
        return str(obj["name"])
    return str(obj["name_zh_hant"] if lang == "zh-Hant" else obj["name_zh"])


RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
SUITS = {"spade": "\u2660", "heart": "\u2665", "club": "\u2663", "diamond": "\u2666"}


# -- the pictures ------------------------------------------------------------------------------------------

def _blokus(p: Spec, lang: str, game: str) -> str:
    from tablesport.games.blokus.pieces import PIECE_DRAWINGS

    cols, rows = p["grid"]
    cell = min((WIDTH - 20) / cols, (HEIGHT - 16) / rows)
    x0, y0 = (WIDTH - cols * cell) / 2, (HEIGHT - rows * cell) / 2
    parts = [_rect(x0, y0, cols * cell, rows * cell, "#f7fafc", "#a0aec0")]
    parts += [f'<path d="M{_n(x0 + i * cell)} {_n(y0)}v{_n(rows * cell)}" stroke="#e2e8f0"/>'
              for i in range(1, cols)]
    parts += [f'<path d="M{_n(x0)} {_n(y0 + j * cell)}h{_n(cols * cell)}" stroke="#e2e8f0"/>'
              for j in range(1, rows)]
    taken: set[tuple[int, int]] = set()
    for piece in p["pieces"]:
        drawing = PIECE_DRAWINGS.get(piece["piece"])
        if drawing is None:
            raise TileError(f"blokus picture: no piece {piece['piece']!r} "
                            f"(the pieces: {', '.join(PIECE_DRAWINGS)})")
        fill = _colour(p["colours"], piece["colour"], "blokus picture")
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
                parts.append(_rect(x0 + x * cell + .5, y0 + y * cell + .5, cell - 1, cell - 1, fill,
                                   "#ffffff", 1.5))
    return "".join(parts)


def _rummikub(p: Spec, lang: str, game: str) -> str:
    from tablesport.games.rummikub.tiles import JOKER, colour, is_code, number

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
            parts.append(_rect(x, y, w, h, "#fffff0", "#8a8a8a", 4))
            ink = _colour(p["colours"], colour(code) or JOKER, "rummikub picture")
            if code == JOKER:  # a face, as on the joker tiles
                cx, cy = x + w / 2, y + h / 2 - 2
                parts.append(_circle(cx, cy, 8, "none", ink, 2) + _circle(cx - 3, cy - 2, 1.3, ink)
                             + _circle(cx + 3, cy - 2, 1.3, ink)
                             + f'<path d="M{_n(cx - 4)} {_n(cy + 2)}q4 4 8 0" fill="none" stroke="{ink}" '
                             'stroke-width="1.5"/>')
            else:
                parts.append(_text(x + w / 2, y + 22, str(number(code)), 15, ink))
            parts.append(_circle(x + w / 2, y + h - 6, 2.5, ink, extra=' opacity=".35"'))
            x += w + gap
    return "".join(parts)


def _sanguosha(p: Spec, lang: str, game: str) -> str:
    cards = names(game)["cards"].values()
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
        ink = _colour(p["suits"], card["suit"], "sanguosha picture")
        name = _named(card, lang)
        size = 24.0 if len(name) <= 2 else min(13.0, 96.0 / len(name))
        x, y = cx - w / 2, base - h
        parts.append(f'<g transform="rotate({_n(angle)} {_n(cx)} {_n(base)})">'
                     + _rect(x, y, w, h, "#fdfaf2", "#4a5568", 5, 1.5)
                     + _rect(x + 4, y + 4, w - 8, h - 8, "none", "#d6c7a1", 3)
                     + _text(x + 8, y + 17, RANKS.get(card["rank"], str(card["rank"])), 12, ink, "start")
                     + _text(x + 8, y + 30, SUITS[card["suit"]], 12, ink, "start")
                     + _text(cx, y + h / 2 + size / 2 + 4, name, size, "#1a202c")
                     + "</g>")
    return "".join(parts)


def _ticket_to_ride(p: Spec, lang: str, game: str) -> str:
    data = names(game)
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

    parts = [_rect(2, 2, WIDTH - 4, HEIGHT - 4, "#f0f4f8", "#cbd5e0", 6)]
    for pair in found:
        for k, r in enumerate(pair):
            (ax, ay), (bx, by) = at(r["a"]), at(r["b"])
            length = math.hypot(bx - ax, by - ay)
            angle = math.degrees(math.atan2(by - ay, bx - ax))
            offset = (k - (len(pair) - 1) / 2) * 12
            space = (length - 16) / r["length"]
            fill = _colour(p["colours"], r["colour"], "ticket-to-ride picture")
            cars = "".join(_rect(8 + i * space + 1.5, offset - 5, space - 3, 10, fill, "#2d3748", 1.5, 1.5)
                           for i in range(r["length"]))
            parts.append(f'<g transform="translate({_n(ax)} {_n(ay)}) rotate({_n(angle)})">{cars}</g>')
    for city in used:
        x, y = at(city)
        anchor = "start" if x < WIDTH / 4 else "end" if x > 3 * WIDTH / 4 else "middle"
        dx = {"start": -8, "end": 8, "middle": 0}[anchor]
        below = y < HEIGHT / 2 or anchor != "middle"
        parts.append(_circle(x, y, 6, "#fff", "#2d3748", 2))
        parts.append(_text(x + dx, y + (20 if below else -11), _named(cities[city], lang), 11, "#1a202c",
                           anchor, extra=' paint-order="stroke" stroke="#f0f4f8" stroke-width="3"'))
    return "".join(parts)


def _monopoly_deal(p: Spec, lang: str, game: str) -> str:
    colours = names(game)["colours"]
    key = p["set"]
    if key not in colours:
        raise TileError(f"monopoly-deal picture: no colour {key!r} (the colours: {', '.join(colours)})")
    c = colours[key]
    fill = _colour(p["colours"], key, "monopoly-deal picture")
    w, h = 58.0, 84.0
    parts = []
    n = c["size"]
    for i in range(n):
        x, y = 28 + i * 30, 14 + i * 6
        parts.append(_rect(x, y, w, h, "#ffffff", "#4a5568", 5, 1.5)
                     + _rect(x + 4, y + 4, w - 8, 22, fill, rx=2)
                     + _circle(x + 11, y + 11, 8, "#fff", "#4a5568")
                     + _text(x + 11, y + 14.5, f"{c['value']}M", 8, "#1a202c"))
    x, y = 28 + (n - 1) * 30, 14 + (n - 1) * 6  # the top card: the set's rent ladder
    for k, rent in enumerate(c["rent"]):
        parts.append(_text(x + 14, y + 40 + k * 12, str(k + 1), 9, "#4a5568", weight="normal")
                     + _text(x + w - 10, y + 40 + k * 12, f"{rent}M", 9, "#1a202c", "end"))
    money = int(p["money"])
    values = {card.get("value") for card in names(game)["cards"].values() if card.get("kind") == "money"}
    if money not in values:
        raise TileError(f"monopoly-deal picture: no money card of {money}M (the deck's: {sorted(values)})")
    mx, my = WIDTH - w - 14, 40
    parts.append(f'<g transform="rotate(8 {_n(mx + w / 2)} {_n(my + h / 2)})">'
                 + _rect(mx, my, w, h, "#c6f6d5", "#276749", 5, 1.5)
                 + _circle(mx + w / 2, my + h / 2, 18, "#fff", "#276749")
                 + _text(mx + w / 2, my + h / 2 + 6, f"{money}M", 16, "#22543d") + "</g>")
    return "".join(parts)


def _pictionary(p: Spec, lang: str, game: str) -> str:
    from tablesport.core import RuleError
    from tablesport.games.pictionary.drawing import COLOURS, WIDTHS, Canvas
    from tablesport.games.pictionary.drawing import HEIGHT as CH
    from tablesport.games.pictionary.drawing import WIDTH as CW

    scale = min((WIDTH - 20) / CW, (HEIGHT - 12) / CH)
    x0, y0 = (WIDTH - CW * scale) / 2, (HEIGHT - CH * scale) / 2
    parts = [_rect(x0, y0, CW * scale, CH * scale, "#ffffff", "#a0aec0", 3)]
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
    parts.append(f'<g transform="translate({_n(x0)} {_n(y0)}) scale({scale:.4f})">{"".join(strokes)}</g>')
    return "".join(parts)


def _goofspiel(p: Spec, lang: str, game: str) -> str:
    decks = {int(rs.params["cards"]) for rs in all_games()[game].presets.values()}
    top = min(decks)
    for card in (p["prize"], *p["bids"]):
        if not (isinstance(card, int) and 1 <= card <= top):
            raise TileError(f"goofspiel picture: {card!r} is not a card of every deck (1 to {top})")
    parts = []
    w, h = 56.0, 80.0
    px, py = 36.0, (HEIGHT - (h + 10)) / 2
    parts.append(_rect(px, py, w + 8, h + 10, "#fffbea", "#b7791f", 6, 2)
                 + _text(px + (w + 8) / 2, py + (h + 10) / 2 + 10, str(p["prize"]), 28, "#744210")
                 + _text(px + 8, py + 16, SUITS["diamond"], 12, "#c53030", "start"))
    for i, bid in enumerate(p["bids"]):
        bx, by = 128 + i * 38, py + 6 + i * 4
        parts.append(f'<g transform="rotate({_n(-6 + 12 * i)} {_n(bx + w / 2)} {_n(by + h)})">'
                     + _rect(bx, by, w, h, "#ffffff", "#4a5568", 5, 1.5)
                     + _text(bx + w / 2, by + h / 2 + 8, str(bid), 22, "#2b6cb0")
                     + _text(bx + 7, by + 15, SUITS["spade" if i == 0 else "club"], 11, "#1a202c", "start")
                     + "</g>")
    return "".join(parts)


DRAW: dict[str, Callable[[Spec, str, str], str]] = {
    "blokus": _blokus, "rummikub": _rummikub, "sanguosha": _sanguosha, "ticket-to-ride": _ticket_to_ride,
    "monopoly-deal": _monopoly_deal, "pictionary": _pictionary, "goofspiel": _goofspiel,
}
"""How each game's picture is drawn (a new game adds its drawing here and its ``lobby`` section)."""
