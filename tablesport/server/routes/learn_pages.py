"""Learning a game: the rules pages (``/rules``, ``/rules/<preset>``, from each game's ``texts/rules.yaml``)
and the guided first game against bots (``/learn/<game>``: the page, and its form that opens the table)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from tablesport.core import UnknownPreset
from tablesport.games import all_games, all_presets

from ..content.hints import game_hints, learnable
from ..content.rules_pages import rules_index, rules_page, title_of
from ..web import auth
from ..web.auth import AccountOrNone
from ..web.deps import LangDep, RoomDep
from ..web.render import error_page, render

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])


@router.get("/rules", response_class=HTMLResponse)
async def rules_list(request: Request, lang: LangDep, acc: AccountOrNone) -> HTMLResponse:
    return await render(request, lang, "rules_index.html", account=acc, games=rules_index(lang),
                        learnable=learnable())


@router.get("/rules/{preset}", response_class=HTMLResponse)
async def rules(request: Request, lang: LangDep, acc: AccountOrNone, preset: str) -> HTMLResponse:
    try:
        shown = rules_page(preset, lang)
    except UnknownPreset:
        return await error_page(request, 404, "", key="errpage.no_rules")
    game = all_presets()[preset][0]
    others = [{"preset": p, "title": title_of(game.name, p, lang)[1]} for p in game.presets if p != preset]
    return await render(request, lang, "rules.html", account=acc, page=shown, others=others,
                        learn=game.name in learnable())


def _learn_facts(game: str, lang: str) -> dict[str, str]:
    learn = game_hints(game).learn
    game_title, preset_title = title_of(game, learn.preset, lang)
    return {"game": game, "game_title": game_title, "preset": learn.preset, "preset_title": preset_title,
            "bot": learn.bot, "people_only": "" if all_games()[game].bots_with_people else "1"}


@router.get("/learn/{game}", response_class=HTMLResponse)
async def learn_page(request: Request, lang: LangDep, acc: AccountOrNone, game: str) -> HTMLResponse:
    if game not in learnable():
        return await error_page(request, 404, "", key="errpage.no_game")
    return await render(request, lang, "learn.html", account=acc, learn=_learn_facts(game, lang))


@router.post("/learn/{game}", dependencies=[Depends(auth.table_rate)])
async def start_guided(request: Request, room: RoomDep, game: str) -> Response:
    """A guided table of the game's introductory preset: the person in seat 0, the game's gentle bot in
    the others; the answer leads to the person's seat."""
    if game not in learnable():
        return await error_page(request, 404, "", key="errpage.no_game")
    learn = game_hints(game).learn
    seats = all_games()[game].ruleset(learn.preset).seats
    other = {"kind": "bot", "bot": learn.bot} if all_games()[game].bots_with_people else {"kind": "person"}
    table = await room.create(learn.preset, [{"kind": "person"}, *[other] * (seats - 1)], guided=True)
    got = await room.claim(table.id)
    assert got is not None and got[0] == 0
    return RedirectResponse(f"/play/{table.id}/{got[1]}", status_code=303)
