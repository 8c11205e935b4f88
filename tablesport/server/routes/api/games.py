"""Games and presets: what can be played, with which seats, bots and parameters; the names a game's
screen shows."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from tablesport.bots.registry import bot_factories
from tablesport.core import Game, Ruleset
from tablesport.games import all_games

from ...content.gamedata import names
from ...models.tables import GameInfo, PresetInfo
from ...web.errors import refuse

router = APIRouter(tags=["games"])

GameName = Annotated[
    str,
    Path(
        min_length=1,
        max_length=64,
        pattern=r"^[a-z0-9][a-z0-9_-]*$",
        description="a game's name (`GET /api/v1/games`)",
    ),
]
PresetPath = Annotated[
    str,
    Path(
        min_length=1,
        max_length=64,
        pattern=r"^[a-z0-9][a-z0-9-]*$",
        description="a preset's name (`GET /api/v1/presets`)",
    ),
]


def preset_info(rs: Ruleset) -> dict[str, Any]:
    info: dict[str, Any] = rs.to_json()
    return info


def game_info(g: Game) -> dict[str, Any]:
    return {
        "game": g.name,
        "title": g.title,
        "bots": sorted(bot_factories(g)),
        "presets": [preset_info(rs) for rs in g.presets.values()],
        "simultaneous": g.info.simultaneous,
        "hidden_information": g.info.hidden_information,
        "chance": g.info.chance,
        "web_screen": g.screen() is not None,
    }


def game_named(game: str) -> Game:
    known = all_games()
    if game not in known:
        raise refuse(404, f"unknown game {game!r}", "game", sorted(known))
    return known[game]


@router.get("/games", response_model=list[GameInfo], summary="Every game with its presets and bots")
async def list_games() -> list[dict[str, Any]]:
    return [game_info(g) for g in all_games().values()]


@router.get("/games/{game}", response_model=GameInfo, summary="One game")
async def get_game(game: GameName) -> dict[str, Any]:
    return game_info(game_named(game))


@router.get(
    "/games/{game}/names",
    response_model=dict[str, Any],
    summary="Named things of a game (cards, generals, skills) by id, in three languages",
)
async def game_names(game: GameName) -> dict[str, Any]:
    return names(game_named(game).name)


@router.get("/presets", response_model=list[PresetInfo], summary="Every preset with its parameters")
async def list_presets() -> list[dict[str, Any]]:
    return [preset_info(rs) for g in all_games().values() for rs in g.presets.values()]


@router.get("/presets/{preset}", response_model=PresetInfo, summary="One preset")
async def get_preset(preset: PresetPath) -> dict[str, Any]:
    found = {rs.preset: rs for g in all_games().values() for rs in g.presets.values()}
    if preset not in found:
        raise refuse(404, f"unknown preset {preset!r}", "preset", sorted(found))
    return preset_info(found[preset])
