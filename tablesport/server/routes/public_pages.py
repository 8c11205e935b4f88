"""What anyone may see of an event, without an account: its competitions, standings with every tie-break
figure and the step that placed each entrant, group tables, the knock-out bracket drawn as a bracket,
fixtures by round and table, prizes and the day's winners, the exports; and the projector page, which
cycles through the competitions and updates over a WebSocket (``/ws/events/<id>``) within 2 s of a change.

Everything is read through :mod:`tablesport.store.public` (the same reads as the JSON API)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, Path, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse
from sqlalchemy import func, select
from sqlalchemy.orm import Session, sessionmaker

from tablesport.store import public, timetable
from tablesport.store.models import TAudit, TCompetition, TEvent
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..content.texts import competition_title
from ..web import watchers
from ..web.auth import AccountOrNone
from ..web.deps import LangDep, SessionsDep
from ..web.render import render
from .organiser import in_session

router = APIRouter()

EventId = Path(ge=1, le=2**31 - 1)
POLL_SECONDS = 0.5
"""How often the projector's socket looks for a change (a change shows within 2 s: poll + fetch)."""


def competition_view(st: EventStore, ev: TEvent, comp: TCompetition, lang: str) -> dict[str, Any]:
    """One competition as the public pages show it (in ``lang``)."""
    p = st.preset(comp)
    try:
        rows = public.standings(st, comp)
    except TournamentError:  # fewer than 2 entrants: no standings yet
        rows = []
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault(r.get("group") or r["tiebreaks"].get("division") or "", []).append(r)
    fixtures = public.fixtures(st, comp)
    rounds: dict[str, list[dict[str, Any]]] = {}
    order = {"group": 0, "league": 0, "open": 0, "knockout": 1, "final": 2}
    for f in sorted(fixtures, key=lambda f: (order.get(f["stage"], 1), f["round"])):
        rounds.setdefault(f"{f['stage']}:{f['round']}", []).append(f)
    try:
        prizes = public.prizes(st, comp)
    except TournamentError:
        prizes = []
    schools = ([{"school": sc, "wins": w, "plus_points": int(pts) if float(pts).is_integer() else pts,
                 "players": who}
                for sc, w, pts, who in st.school_scores(comp)] if p.kind == "rummikub" and rows else [])
    return {"key": comp.key, "title": competition_title(comp.title, comp.preset, lang), "stage": comp.stage,
            "kind": p.kind,
            "schools": schools, "schools_best": p.params.get("team_best", 3),
            "chain": [{"key": t.key, "label": t.label, "direction": t.direction} for t in p.chain],
            "groups": groups, "rounds": rounds,
            "bracket": public.bracket(st, comp) if p.kind == "series" else None,
            "final_places": (st.final_places(comp) if p.kind == "series" and rows and st.groups(comp)
                             and st.fixtures(comp, "knockout") else []),
            "prizes": prizes, "penalties": public.penalties(st, comp),
            "printables": public.printables(st, comp)}


def event_view(st: EventStore, event_id: int, lang: str, only: str | None = None) -> dict[str, Any]:
    """The event's pages' data. Its version is read first: each read here is a statement of its own (no
    snapshot), so a change committed while the page is put together shows as a newer version than the
    page's, and the projector fetches again (read last, a board drawn before the change would claim it)."""
    seen = version(st.s, event_id)
    ev = st.event_by_id(event_id)
    comps = public.competitions(st, ev)
    if only is not None:
        comps = [c for c in comps if c.key == only]
        if not comps:
            raise TournamentError(f"no competition {only!r} in {ev.name!r}", field="competition")
    return {"event": {"id": ev.id, "name": ev.name},
            "competitions": [competition_view(st, ev, c, lang) for c in comps],
            "version": seen,
            "timetable": timetable.timetable(st, ev) if only is None else None}


def version(s: Session, event_id: int) -> int:
    """Changes when anything of the event changes (the newest line of its competitions' audit logs)."""
    q = (select(func.max(TAudit.id)).join(TCompetition, TCompetition.id == TAudit.competition_id)
         .where(TCompetition.event_id == event_id))
    return int(s.scalar(q) or 0)


@router.get("/events", response_class=HTMLResponse)
async def events(request: Request, lang: LangDep, acc: AccountOrNone, sessions: SessionsDep) -> HTMLResponse:
    data = await in_session(sessions, lambda s: public.events(EventStore(s)))
    return await render(request, lang, "public/events.html", account=acc, events=data)


@router.get("/events/{event_id}", response_class=HTMLResponse)
async def event_page(request: Request, lang: LangDep, acc: AccountOrNone, sessions: SessionsDep,
                     event_id: int = EventId) -> HTMLResponse:
    data = await in_session(sessions, lambda s: event_view(EventStore(s), event_id, lang))
    return await render(request, lang, "public/event.html", account=acc, **data)


@router.get("/events/{event_id}/projector", response_class=HTMLResponse)
async def projector(request: Request, lang: LangDep, sessions: SessionsDep,
                    event_id: int = EventId) -> HTMLResponse:
    data = await in_session(sessions, lambda s: event_view(EventStore(s), event_id, lang))
    return await render(request, lang, "public/projector.html", **data)


@router.get("/events/{event_id}/projector/board", response_class=HTMLResponse)
async def projector_board(request: Request, lang: LangDep, sessions: SessionsDep,
                          event_id: int = EventId) -> HTMLResponse:
    """The projector's changing part (fetched by its script when the socket says something changed)."""
    data = await in_session(sessions, lambda s: event_view(EventStore(s), event_id, lang))
    return await render(request, lang, "public/board.html", **data)


@router.get("/events/{event_id}/{competition}", response_class=HTMLResponse)
async def competition_page(request: Request, lang: LangDep, acc: AccountOrNone, sessions: SessionsDep,
                           event_id: int = EventId,
                           competition: str = Path(min_length=1, max_length=64)) -> HTMLResponse:
    data = await in_session(sessions, lambda s: event_view(EventStore(s), event_id, lang, competition))
    return await render(request, lang, "public/competition.html", account=acc, **data)


@router.websocket("/ws/events/{event_id}")
async def event_socket(ws: WebSocket, event_id: int) -> None:
    """Sends ``{"version": N}`` now and whenever the event changes (whoever changed it: a page, the API,
    the CLI on the same store); the client only listens."""
    await ws.accept()
    if not watchers.enter(ws):
        await ws.send_text(json.dumps({"type": "error", "code": "too_many_watchers",
                                       "message": watchers.refusal(watchers.of(ws).limit)}))
        await ws.close(code=watchers.CLOSE_POLICY)
        return
    try:
        await _event_updates(ws, event_id)
    finally:
        watchers.leave(ws)


async def _event_updates(ws: WebSocket, event_id: int) -> None:
    sessions: sessionmaker[Session] = ws.app.state.sessions

    def read() -> int:
        with sessions() as s:
            return version(s, event_id)

    last = -1
    try:
        while True:
            now = await asyncio.to_thread(read)
            if now != last:
                await ws.send_text(json.dumps({"version": now}))
                last = now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ws.receive_text(), timeout=POLL_SECONDS)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        with contextlib.suppress(Exception):
            await ws.close()
