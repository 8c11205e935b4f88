"""Printable pages of a competition, linked from its public and referee pages: standings, group tables, the
bracket, and the score sheets (:func:`tablesport.store.public.printout`, the same pages as
``tablesport event print``). Public: they show what the public pages show."""

from __future__ import annotations

from fastapi import APIRouter, Path
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session

from tablesport.store import public
from tablesport.store.service import EventStore

from ..web.deps import SessionsDep
from .organiser import in_session
from .public_pages import EventId

router = APIRouter()


@router.get("/events/{event_id}/{competition}/print/{what}", response_class=HTMLResponse)
async def printable(sessions: SessionsDep, event_id: int = EventId,
                    competition: str = Path(min_length=1, max_length=64),
                    what: str = Path(min_length=1, max_length=16)) -> HTMLResponse:
    def read(s: Session) -> str:
        st = EventStore(s)
        ev, comp = st.competition_by_id(event_id, competition)
        return public.printout(st, ev.name, comp, what)

    return HTMLResponse(await in_session(sessions, read))
