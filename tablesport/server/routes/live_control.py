"""A referee's controls at a fixture's live table (:mod:`..live.table_control`): pause, resume, concession,
penalty points, technical points, disqualification. Only a referee of the fixture's event (or an organiser)
may give them, with the page's form token; each is kept in the competition's audit log with who and why.
The table clock page of a physical table logs its moments (start, pause, time up, overtime) the same way."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
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


# ---- the table clock's moments, in the audit log --------------------------------------------------------
CLOCK_EVENTS = ("start", "pause", "time_up", "overtime")


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/clock-log/{what}")
async def clock_log(request: Request, acc: RefereeDep, sessions: SessionsDep, event_id: int = EventId,
                    competition: str = CompKey, fixture: str = FixtureKey,
                    what: str = Path(min_length=1, max_length=16)) -> JSONResponse:
    """A moment of a physical table's clock page (started, paused, time up, an overtime begun), kept in the
    competition's audit log with the referee and the game clock as the page showed it (``left``: seconds)."""
    form = await auth.form_of(request)

    def work(s: Session) -> dict[str, Any]:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, competition)
        if not any(f.key == fixture for f in st.fixtures(comp)):
            raise TournamentError(f"no fixture {fixture!r} in {competition!r}", field="fixture")
        if what not in CLOCK_EVENTS:
            raise TournamentError(f"no clock event {what!r}", allowed=list(CLOCK_EVENTS), field="what")
        left = form.get("left", "").strip()
        overtimes = form.get("overtimes", "").strip()
        after: dict[str, Any] = {"clock": what}
        if left.isdigit():
            after["left_s"] = int(left)
        if overtimes.isdigit():
            after["overtimes"] = int(overtimes)
        st._audit(comp, f"clock_{what}", fixture, acc.name, None, after)
        return after

    return JSONResponse({"logged": await retry_locked(lambda: in_session(sessions, work))})
