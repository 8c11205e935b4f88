"""What a game's screen loads besides the table page: its script and the UI strings of a language
(the names of its cards, generals, skills or tiles are the API's ``/api/v1/games/{game}/names``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from tablesport.games import all_games

from ..content import i18n

router = APIRouter()


@router.get("/games/{game}/screen.js")
async def game_screen(game: str) -> FileResponse:
    screen = all_games()[game].screen() if game in all_games() else None
    if screen is None:
        raise HTTPException(404, f"{game!r} has no web screen")
    return FileResponse(screen, media_type="text/javascript")


@router.get("/i18n/{lang}.json")
async def api_strings(lang: str) -> dict[str, Any]:
    if lang not in i18n.LANGS:
        raise HTTPException(404, f"unknown language {lang!r}; known: {', '.join(i18n.LANGS)}")
    return {"strings": i18n.strings(lang), "hant": i18n.hant_table() if lang == "zh-Hant" else {}}

