"""Names the game screens show, from each game's :meth:`~tablesport.core.Game.names` (English
``name`` and ``name_zh``), with the traditional form ``name_zh_hant`` derived here."""

from __future__ import annotations

from functools import cache
from typing import Any

from tablesport.games import get_game

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
