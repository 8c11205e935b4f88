"""The organiser sets an event's time slots and tables; the open fixtures are placed in them
(:mod:`tablesport.store.timetable`) and shown per slot and table on the public event page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.store import accounts, timetable
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..web import auth
from ..web.auth import OrganiserDep
from ..web.deps import LangDep, SessionsDep
from .event_pages import organiser_event_page
from .organiser import in_session
from .referee import whole

router = APIRouter(prefix="/organiser/events", dependencies=[Depends(auth.csrf_protect)])


@router.post("/{event_id}/timetable")
async def make_timetable(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                         event_id: int = Path(ge=1, le=2**31 - 1)) -> Response:
    form = await auth.form_of(request)

    def work(s: Session) -> Any:
        st = EventStore(s)
        ev = st.event_by_id(event_id)
        tables = {k.removeprefix("tables_"): [t.strip() for t in v.replace(";", ",").split(",") if t.strip()]
                  for k, v in form.items() if k.startswith("tables_")}
        referees = accounts.referees_of(s, ev.id) if form.get("referees") == "on" else []
        return timetable.make(st, ev, acc.name, form.get("start", "").strip(), whole(form, "minutes", 1, 600),
                              whole(form, "count", 1, 48), whole(form, "gap", 0, 600, 0), tables, referees)

    try:
        await in_session(sessions, work)
    except TournamentError as exc:
        return await organiser_event_page(request, lang, acc, sessions, event_id, status=400, error=str(exc),
                                          typed=form)
    return RedirectResponse(f"/organiser/events/{event_id}?done=timetable", status_code=303)
