"""The HTML pages: lobby, table created, play, watch, replay (Jinja2, rendered on the server)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from tablesport.store.live.archive import finished_tables, replay_frames

from ..content import i18n, profiles
from ..content.lobby import tiles
from ..content.texts import lobby_catalogue, preset_title
from ..live.setup import SetupError
from ..live.visitor_limits import check_visitor
from ..web import auth
from ..web.auth import AccountOrNone
from ..web.deps import LangDep, RoomDep, SessionsDep, TableDep
from ..web.render import page, render
from .flow_pages import created_redirect

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, lang: LangDep, room: RoomDep, sessions: SessionsDep,
                acc: AccountOrNone) -> HTMLResponse:
    """The games as tiles (:mod:`..content.lobby`), "my tables", the new-table form (``?preset=`` chooses its
    preset: a tile's "new table" link), the open, running and finished tables."""
    live = room.lobby()
    live.sort(key=lambda s: -s["created"])
    finished = await asyncio.to_thread(finished_tables, sessions)
    mine: list[dict[str, Any]] = []
    if acc is not None:  # the seats the account holds at tables in play (their links: its own seats)
        found = await asyncio.to_thread(profiles.profile, sessions, acc.name)
        mine = await asyncio.to_thread(profiles.seats_in_play, sessions, found["tables"]) if found else []
    games = lobby_catalogue(lang)
    titles = {p["preset"]: f"{g['title']} · {p['title']}" for g in games for p in g["presets"]}
    return await render(request, lang, "lobby.html", account=acc, games=games, preset_titles=titles,
                        tiles=tiles(lang), chosen=request.query_params.get("preset"), account_tables=mine,
                        open=[s for s in live if s["status"] == "open" and s["free_seats"]],
                        running=[s for s in live if s["status"] == "running"], finished=finished)


@router.post("/tables", response_class=HTMLResponse, dependencies=[Depends(auth.table_rate)])
async def create_from_form(request: Request, lang: LangDep, room: RoomDep, acc: AccountOrNone) -> Response:
    form = await auth.form_of(request)
    preset = form.get("preset", "")
    seats: list[dict[str, Any]] = []
    while f"seat{len(seats)}" in form:
        choice = form[f"seat{len(seats)}"]
        seats.append({"kind": "person"} if choice == "person"
                     else {"kind": "bot", "bot": choice.removeprefix("bot:")})
    seed_text = form.get("seed", "").strip()
    try:
        seed = int(seed_text) if seed_text else None
    except ValueError:
        raise HTTPException(400, f"the seed must be a whole number, not {seed_text!r}") from None
    visitor = auth.visitor_of(request, acc)
    try:
        check_visitor(room.tables, preset, seats, visitor)
        table = await room.create(preset, seats, seed)
    except SetupError as exc:
        raise HTTPException(400, str(exc)) from None
    table.visitor = visitor
    return await created_redirect(request, table)  # the links page is a GET page of its own (flow_pages.py)


@router.post("/tables/{tid}/join")
async def join(tid: str, room: RoomDep) -> RedirectResponse:
    got = await room.claim(tid)
    if got is None:
        raise HTTPException(409, "no free seat at this table")
    return RedirectResponse(f"/play/{tid}/{got[1]}", status_code=303)


@router.post("/tables/{tid}/rematch", dependencies=[Depends(auth.table_rate)])
async def rematch(request: Request, tid: str, room: RoomDep, acc: AccountOrNone) -> RedirectResponse:
    """Play again from the end box: the seat (its link's ``token``) gets its seat at the table made for the
    same game again, held for it for a minute (``Room.rematch``, seat_holds.py)."""
    form = await auth.form_of(request)
    try:
        new, token = await room.rematch(tid, form.get("token", ""), None if acc is None else acc.name)
    except SetupError as exc:
        raise HTTPException(409, str(exc)) from None
    return RedirectResponse(f"/play/{new}/{token}", status_code=303)


@router.get("/play/{tid}/{token}", response_class=HTMLResponse)
async def play_page(request: Request, lang: LangDep, table: TableDep, token: str) -> HTMLResponse:
    seat = table.seat_for_token(token)
    if seat is None:
        raise HTTPException(403, i18n.translator("en")("bad_link"))
    resp = page(request, lang, "table.html", table=table.summary(), seat=seat, token=token,
                guided=table.guided, preset_title=preset_title(table.rs.preset, lang),
                # the end box's "play again" (a form) at a lobby table's seat
                form_token="" if table.official or table.guided else await auth.csrf_token(request))
    auth.keep_csrf(request, resp)
    return resp


@router.get("/watch/{tid}", response_class=HTMLResponse)
async def watch_page(request: Request, lang: LangDep, table: TableDep) -> HTMLResponse:
    return page(request, lang, "table.html", table=table.summary(), seat=None, token="", guided=table.guided,
                preset_title=preset_title(table.rs.preset, lang))


@router.get("/replay/{tid}", response_class=HTMLResponse)
async def replay_page(request: Request, lang: LangDep, sessions: SessionsDep, tid: str) -> HTMLResponse:
    frames = await replay_frames(sessions, tid)
    return page(request, lang, "replay.html", table=frames["table"],
                frames_url=f"/replay/{tid}/frames.json?lang={lang}")  # the API's replay, in words
