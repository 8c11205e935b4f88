"""The registry of games. Every subpackage of ``tablesport.games`` that exports ``GAME`` is a game, and so
is every ``GAME`` another distribution registers under the entry-point group :data:`ENTRY_POINTS`
(``[project.entry-points."tablesport.games"]`` ``name = "package:GAME"``): a game's package is all it
brings (docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from tablesport.core import Game, Ruleset, State, TablesportError, UnknownPreset

ENTRY_POINTS = "tablesport.games"
"""The entry-point group of games that live outside ``tablesport.games``."""


@cache
def all_games() -> dict[str, Game]:
    """Every game by name: the subpackages of ``tablesport.games`` in the order of their package names,
    then the registered entry points in the order of their names."""
    found: list[Any] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            found.append(getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None))
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda e: e.name):
        found.append(point.load())
    games: dict[str, Game] = {}
    for game in found:
        if not isinstance(game, Game):
            continue
        if games.setdefault(game.name, game) is not game:
            raise TablesportError(f"two games are named {game.name!r}: {type(games[game.name]).__module__} "
                                  f"and {type(game).__module__}")
    return games


def warm_games() -> None:
    """Every game's :meth:`Game.warm` (a server's start-up)."""
    for game in all_games().values():
        game.warm()


def all_presets() -> dict[str, tuple[Game, Ruleset]]:
    return {preset: (game, rs) for game in all_games().values() for preset, rs in game.presets.items()}


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        raise UnknownPreset(f"unknown game {name!r}; known: {', '.join(sorted(games))}")
    return games[name]


def find_preset(preset: str) -> tuple[Game, Ruleset]:
    presets = all_presets()
    if preset not in presets:
        raise UnknownPreset(f"unknown preset {preset!r}; known: {', '.join(sorted(presets))}")
    return presets[preset]


def start(preset: str, seed: int, **params: Any) -> State:
    """A new game of ``preset``; keyword arguments override the preset's parameters."""
    game, rs = find_preset(preset)
    return game.new_state(rs.with_params(**params) if params else rs, seed)


def start_for_record(game: str, preset: str, seed: int, params: dict[str, Any] | None = None) -> State:
    """Build the initial state named by a record header (the game must own the preset)."""
    g, rs = find_preset(preset)
    if g.name != game:
        raise UnknownPreset(f"preset {preset!r} belongs to {g.name!r}, not {game!r}")
    return g.new_state(rs.with_params(**params) if params else rs, seed)
