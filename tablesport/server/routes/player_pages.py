"""Players' pages: registering a player account, a player's profile (ratings, the tables they played with
their replays, and for the player themself their live tables), the leaderboards, the quick-play page, and
the organisers' list of reported chat messages. Every form carries the page's CSRF token."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from tablesport.store import account_sessions, accounts, players

from ..content import profiles
from ..content.texts import lobby_catalogue
from ..live.absence import default_bot
from ..web import auth
from ..web.auth import AccountOrNone, OrganiserDep, Window
from ..web.deps import LangDep, SessionsDep
from ..web.render import account_message, render
from .account_pages import safe_next, signed_in_response

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])

REGISTER_PER_ADDRESS = 10
REGISTER_WINDOW = 3600.0
URL_CHARS = "/?#%\\"


def register_window(request: Request) -> Window:
    win: Window | None = getattr(request.app.state, "register_window", None)
    if win is None:
        win = request.app.state.register_window = Window(REGISTER_PER_ADDRESS, REGISTER_WINDOW)
    return win


@router.get("/register", response_class=HTMLResponse)
async def register_page(request: Request, lang: LangDep, acc: AccountOrNone) -> HTMLResponse:
    return await render(request, lang, "register.html", account=acc, error=None, detail="", name="",
                        next=request.query_params.get("next", ""))


@router.post("/register")
async def register(request: Request, lang: LangDep, sessions: SessionsDep) -> Response:
    """A new player account, signed in at once (``REGISTER_PER_ADDRESS`` tries per address an hour)."""
    win = register_window(request)
    addr = auth.address(request)
    wait = win.blocked_for(addr)
    if wait:
        raise auth.AuthRefused(429, "too_many_registrations",
                               f"too many new accounts from this address; try again in {wait} s",
                               retry_after=wait)
    win.add(addr)
    form = await auth.form_of(request)
    name, password, target = form.get("name", ""), form.get("password", ""), form.get("next", "")
    if password != form.get("password2", ""):
        return await render(request, lang, "register.html", status=400, error="passwords_differ", detail="",
                            name=name[:100], next=target)
    if any(ch in URL_CHARS for ch in name):  # a player's name is a part of their profile's address
        return await render(request, lang, "register.html", status=400, error="account_refused",
                            detail=f"a player's name has none of {' '.join(URL_CHARS)}", name=name[:100],
                            next=target)

    def make() -> tuple[str] | str:
        with sessions() as s:
            try:
                user = accounts.create_user(s, name, "player", password, by="self-registration")
            except accounts.AccountError as exc:
                return account_message(lang, exc)
            token = account_sessions.start(s, user.id)
            s.commit()
            return (token,)

    made = await asyncio.to_thread(make)
    if isinstance(made, str):
        return await render(request, lang, "register.html", status=400, error="account_refused", detail=made,
                            name=name[:100], next=target)
    to = safe_next(target, "player") if target else f"/players/{quote(name.strip(), safe='')}"
    return signed_in_response(request, made[0], to)


@router.get("/players/{name}", response_class=HTMLResponse)
async def profile_page(request: Request, lang: LangDep, name: str, acc: AccountOrNone,
                       sessions: SessionsDep) -> HTMLResponse:
    found = await asyncio.to_thread(profiles.profile, sessions, name, acc.id if acc is not None else None)
    if found is None:  # no such account, or one that never played (profiles.profile)
        raise HTTPException(404, f"no player {name!r}")
    mine: list[dict[str, Any]] = []
    if acc is not None and acc.id == found["id"]:  # one's own live tables, with their seat links
        mine = await asyncio.to_thread(profiles.seats_in_play, sessions, found["tables"])
    return await render(request, lang, "profile.html", account=acc, player=found, live=mine)


@router.get("/leaderboard", response_class=HTMLResponse)
async def leaderboards(request: Request, lang: LangDep, acc: AccountOrNone) -> HTMLResponse:
    return await render(request, lang, "leaderboard.html", account=acc, games=lobby_catalogue(lang),
                        board=None)


@router.get("/leaderboard/{preset}", response_class=HTMLResponse)
async def leaderboard_page(request: Request, lang: LangDep, preset: str, acc: AccountOrNone,
                           sessions: SessionsDep) -> HTMLResponse:
    from tablesport.core import TablesportError
    from tablesport.games import find_preset

    try:
        game, rs = find_preset(preset)
    except TablesportError:
        raise HTTPException(404, f"no preset {preset!r}") from None
    data = await asyncio.to_thread(profiles.board, sessions, game.name, rs.preset)
    return await render(request, lang, "leaderboard.html", account=acc, games=lobby_catalogue(lang),
                        board={**data, "title": rs.title})


@router.get("/quickplay", response_class=HTMLResponse)
async def quickplay_page(request: Request, lang: LangDep, acc: AccountOrNone) -> HTMLResponse:
    """The queue's form; ``?preset=`` chooses its preset (a lobby tile's "quick play" link)."""
    from tablesport.games import all_games

    defaults = {g.name: default_bot(g.name) for g in all_games().values()}
    return await render(request, lang, "quickplay.html", account=acc, games=lobby_catalogue(lang),
                        defaults=defaults, chosen=request.query_params.get("preset"))


@router.get("/organiser/chat-reports", response_class=HTMLResponse)
async def chat_reports(request: Request, lang: LangDep, acc: OrganiserDep,
                       sessions: SessionsDep) -> HTMLResponse:
    def read() -> list[dict[str, Any]]:
        with sessions() as s:
            return [{"id": r.id, "when": datetime.fromtimestamp(r.at, UTC).strftime("%Y-%m-%d %H:%M UTC"),
                     "room": r.room, "author": r.author, "text": r.text, "reporter": r.reporter,
                     "reason": r.reason} for r in players.reports(s)]

    return await render(request, lang, "organiser/chat_reports.html", account=acc,
                        reports=await asyncio.to_thread(read))
