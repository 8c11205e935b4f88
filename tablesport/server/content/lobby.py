"""The lobby's game tiles: one per game, with a picture drawn from the game's own data, what the game is in
a sentence or two, how many play and for how long, and the ways in (quick play, a new table, the rules, a
guided game, the leaderboard).

Each game's ``texts/game.yaml`` (in its package) has a ``lobby`` section:

* ``preset``: the preset the tile's quick play, new table and leaderboard links open;
* ``order``: where the tile stands among the others (1 first);
* ``minutes``: ``[shortest, longest]`` a game usually takes;
* ``about``: the game in one or two sentences, ``{zh-Hans, zh-Hant, en}``;
* ``picture``: ``alt`` (what the picture shows, in the three languages) and what to draw, read against the
  game's data so the picture can only show what the game has: Blokus pieces by name on a grid, Rummikub tile
  codes, Sanguosha cards by name, suit and rank, Ticket to Ride routes between cities of the map, a Monopoly
  Deal property set by colour, a Pictionary paper in the game's own strokes, Goofspiel prize and bid cards
  of the preset's deck.  Colours are data too (``colours``), the same as the game screens use.

The pictures are inline SVG (no images, no copyrighted art) that each game draws in its package's
``picture.py`` with :mod:`tablesport.core.picture`; every text in them is escaped.
``tests/server/test_lobby_tiles.py`` checks that every game has a tile with a picture, its text in every
language and links that answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from html import escape
from typing import Any

from markupsafe import Markup

from tablesport.core.picture import HEIGHT, WIDTH, Spec, TileError
from tablesport.games import all_games

from .gamedata import names
from .hints import learnable
from .i18n import LANGS
from .texts import game_texts, lobby_catalogue


@cache
def tile_data(game: str) -> Spec:
    """The checked ``lobby`` section of ``game``'s texts file (a :class:`TileError` says what is wrong)."""
    spec = game_texts(game).lobby or None
    where = f"{game} texts/game.yaml lobby"
    if not isinstance(spec, dict):
        raise TileError(f"{where}: missing (every game has a lobby tile)")
    presets = all_games()[game].presets
    if spec.get("preset") not in presets:
        raise TileError(f"{where}.preset: {spec.get('preset')!r} is not one of {sorted(presets)}")
    if spec.get("new_table", spec["preset"]) not in presets:  # the preset "New table" chooses, if another
        raise TileError(f"{where}.new_table: {spec.get('new_table')!r} is not one of {sorted(presets)}")
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
                "new_table": f"/?preset={spec.get('new_table', preset)}#new-table",
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


class Drawings(Mapping[str, Callable[[Spec, str, str], str]]):
    """Each game's picture by game name, ``draw(picture, lang, game)``: the game's own drawing
    (:meth:`~tablesport.core.Game.picture`) with the game's names as the web app shows them."""

    def __getitem__(self, game: str) -> Callable[[Spec, str, str], str]:
        found = all_games().get(game)
        draw = found.picture() if found is not None else None
        if draw is None:
            raise KeyError(game)
        return lambda picture, lang, name: draw(picture, lang, names(name))

    def __iter__(self) -> Iterator[str]:
        return (name for name, game in all_games().items() if game.picture() is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


DRAW = Drawings()
"""How each game's picture is drawn (a game draws its own, in its package's ``picture.py``)."""
