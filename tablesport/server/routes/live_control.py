"""A referee's controls at a fixture's live table (:mod:`..live.table_control`): pause, resume, concession,
penalty points, technical points, disqualification. Only a referee of the fixture's event (or an organiser)
may give them, with the page's form token; each is kept in the competition's audit log with who and why."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.store import live_fixtures
from tablesport.store.db import retry_locked
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..live import table_control
from ..web import auth
from ..web.auth import RefereeDep
from ..web.deps import LangDep, RoomDep, SessionsDep
from .organiser import in_session
from .referee import CompKey, EventId, FixtureKey, fixture_page

router = APIRouter(prefix="/referee", dependencies=[Depends(auth.csrf_protect)])

TableId = Path(min_length=1, max_length=32, pattern=r"^[0-9a-f]+$")
ControlName = Path(min_length=1, max_length=16)


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/live/{table}/{control}")
async def control(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep, room: RoomDep,
                  event_id: int = EventId, competition: str = CompKey, fixture: str = FixtureKey,
                  table: str = TableId, control: str = ControlName) -> Response:
    form = await auth.form_of(request)

    def linked(s: Session) -> None:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, competition)
        if not any(x.table_id == table and x.status == "playing"
                   for x in live_fixtures.links(s, comp, fixture)):
            raise TournamentError(f"table {table} is not playing {fixture} now", field="table")

    try:
        await in_session(sessions, linked)
        live = await room.live(table)
        if live is None:
            raise TournamentError(f"table {table} is not live on this server", field="table")
        try:
            c = table_control.parse(control, form, acc.name, len(live.seats))
            done = await table_control.apply(live, c)
        except table_control.ControlError as exc:
            raise TournamentError(str(exc), field=exc.field, allowed=list(exc.allowed)) from None

        def log(s: Session) -> None:
            st = EventStore(s)
            _, comp = st.competition_by_id(event_id, competition)
            live_fixtures.log_control(st, comp, fixture, done, acc.name, c.why, table)

        await retry_locked(lambda: in_session(sessions, log))
    except TournamentError as exc:
        return await fixture_page(request, lang, acc, sessions, event_id, competition, fixture, status=400,
                                  error=str(exc), typed=dict(form))
    return RedirectResponse(f"/referee/events/{event_id}/{competition}/fixtures/{fixture}?done=control",
                            status_code=303)
