"""What the web app tells about each game: the lobby's catalogue (presets, bots) and the names the
game screens show, from each game's :meth:`~tablesport.core.Game.names` (English ``name`` and
``name_zh``), with the traditional form ``name_zh_hant`` derived here."""

from __future__ import annotations

from functools import cache
from typing import Any

from tablesport.bots.registry import bot_factories
from tablesport.games import all_games, get_game

from ..live.absence import default_bot
from .i18n import to_hant


def _with_hant(value: Any) -> Any:
    if isinstance(value, dict):
        out = {k: _with_hant(v) for k, v in value.items()}
        if isinstance(value.get("name_zh"), str) and "name_zh_hant" not in value:
            out["name_zh_hant"] = to_hant(value["name_zh"])
        return out
    return value


@cache
def names(game: str) -> dict[str, Any]:
    """Named things by id for ``game`` (empty for games without named things)."""
    named: dict[str, Any] = _with_hant(get_game(game).names())
    return named


def games_catalogue() -> list[dict[str, Any]]:
    """Games, presets and bots for the lobby."""
    return [{
        "game": g.name,
        "title": g.title,
        "bots": sorted(bot_factories(g)) if g.bots_with_people else [],  # the lobby seats people with them
        "default_bot": default_bot(g.name),
        "people_only": not g.bots_with_people,
        "presets": [{"preset": rs.preset, "title": rs.title, "seats": rs.seats, "sides": list(rs.sides),
                     "roles": list(g.seat_roles(rs))}
                    for rs in g.presets.values()],
    } for g in all_games().values()]
