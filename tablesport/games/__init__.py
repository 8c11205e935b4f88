"""The registry of games. Every subpackage of ``tablesport.games`` that exports ``GAME`` is a game."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from tablesport.core import Game, Ruleset, State, UnknownPreset


@cache
def all_games() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            games[game.name] = game
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
