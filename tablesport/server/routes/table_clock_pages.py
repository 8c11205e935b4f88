"""The table clock of a physical Sanguosha table (:mod:`tablesport.store.table_clock`): the page, its
state as JSON (every device at the table reads the same clock from the server), start / pause / overtime,
and the board read at time-up, adjudicated by the edition's ladder. The clock runs on the server's time (the
room's :class:`~tablesport.server.live.clock.Clock`), so a reload, a phone that sleeps or a restart loses
nothing; the board typed at time-up is kept with the clock."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.store import table_clock
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..web import auth
from ..web.auth import RefereeDep
from ..web.deps import LangDep, RoomDep, SessionsDep
from ..web.render import render
from .organiser import in_session
from .referee import CompKey, EventId, FixtureKey, fixture_data, whole

router = APIRouter(prefix="/referee", dependencies=[Depends(auth.csrf_protect)])

CLOCK_TIMERS = {
    "3v3": ("first_picker_seconds", "draft_seconds", "show_seconds", "field_seconds"),
    "1v1": ("play_seconds", "declare_seconds"),
}
"""The timers the score sheets print for each mode (3v3: 10/20/10/90 s; 1v1: 15 s a play, 5 s to declare),
read from the edition's ruleset."""


def clock_data(st: EventStore, event_id: int, key: str, fixture: str, wall: float) -> dict[str, Any]:
    from tablesport.games import find_preset
    from tablesport.tournament.timeup import get_ladder

    data = fixture_data(st, event_id, key, fixture)
    if data["kind"] != "series":
        raise TournamentError("the table clock is for Sanguosha series (their game clock and time-up ladder)")
    _, ruleset = find_preset(data["comp"]["preset"])
    cfg = ruleset.params
    mode = str(cfg.get("mode", "3v3"))
    ladder = get_ladder(data["comp"]["preset"])
    minutes = int(cfg.get("game_minutes") or 40)
    _, comp = st.competition_by_id(event_id, key)
    now = table_clock.state(st, comp, fixture, minutes, wall)
    return {
        **data,
        "timers": [
            (k.removesuffix("_seconds"), int(cfg[k])) for k in CLOCK_TIMERS.get(mode, ()) if cfg.get(k)
        ],
        "game_minutes": minutes,
        "overtime_minutes": ladder.overtime_minutes,
        "time_up_at": str(cfg.get("time_up_at", "turn_end")),
        "ladder": ladder.describe(),
        "ladder_steps": [list(x) for x in ladder.steps],
        "ladder_then": ladder.then,
        "figures": list(ladder.figures),
        "mode": mode,
        "clock": now.to_json(),
        "board": now.board,
    }


def clock_url(event_id: int, key: str, fixture: str) -> str:
    return f"/referee/events/{event_id}/{key}/fixtures/{fixture}/clock"


async def clock_page(
    request: Request,
    lang: str,
    acc: Any,
    sessions: SessionsDep,
    room: Any,
    event_id: int,
    key: str,
    fixture: str,
    status: int = 200,
    **extra: Any,
) -> HTMLResponse:
    def read(s: Session) -> dict[str, Any]:
        out = clock_data(EventStore(s), event_id, key, fixture, room.clock.wall())
        s.commit()  # a clock that ran out since it was last read is stopped (and audited) now
        return out

    data = await in_session(sessions, read)
    extra.setdefault("proposal", None)
    return await render(request, lang, "referee/clock.html", account=acc, status=status, **data, **extra)


@router.get("/events/{event_id}/{competition}/fixtures/{fixture}/clock", response_class=HTMLResponse)
async def clock(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    room: RoomDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> HTMLResponse:
    return await clock_page(
        request,
        lang,
        acc,
        sessions,
        room,
        event_id,
        competition,
        fixture,
        done=request.query_params.get("done"),
    )


@router.get("/events/{event_id}/{competition}/fixtures/{fixture}/clock/state")
async def clock_state(
    acc: RefereeDep,
    sessions: SessionsDep,
    room: RoomDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> JSONResponse:
    """The clock as the server has it now: what every device at the table shows."""

    def read(s: Session) -> dict[str, Any]:
        out = clock_data(EventStore(s), event_id, competition, fixture, room.clock.wall())["clock"]
        s.commit()
        return dict(out)

    return JSONResponse(await in_session(sessions, read), headers={"Cache-Control": "no-store"})


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/clock/{what}")
async def clock_action(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    room: RoomDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
    what: str = Path(min_length=1, max_length=16),
) -> Response:
    """Start (or resume), pause, or begin an overtime, at the server's time. The page's script asks for
    JSON (the clock's state); a plain form gets the clock page again."""
    wants_json = "application/json" in request.headers.get("accept", "")

    def work(s: Session) -> dict[str, Any]:
        st = EventStore(s)
        data = clock_data(st, event_id, competition, fixture, room.clock.wall())
        _, comp = st.competition_by_id(event_id, competition)
        done = table_clock.act(
            st,
            comp,
            fixture,
            what,
            acc.name,
            room.clock.wall(),
            data["game_minutes"],
            data["overtime_minutes"],
        )
        s.commit()
        return done.to_json()

    try:
        state = await in_session(sessions, work)
    except TournamentError as exc:
        if wants_json:
            return JSONResponse({"error": str(exc), "allowed": list(exc.allowed or ())}, status_code=400)
        return await clock_page(
            request, lang, acc, sessions, room, event_id, competition, fixture, status=400, error=str(exc)
        )
    if wants_json:
        return JSONResponse(state)
    return RedirectResponse(clock_url(event_id, competition, fixture) + f"?done={what}", status_code=303)


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/time-up", response_class=HTMLResponse)
async def time_up(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    room: RoomDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> HTMLResponse:
    """The board read at time-up, adjudicated by the edition's ladder: a proposed game result (the board is
    kept with the clock; the result is not: the referee sends it as a score sheet, which a second person
    confirms). The overtimes played are the server clock's."""
    form = await auth.form_of(request)

    def work(s: Session) -> dict[str, Any]:
        st = EventStore(s)
        data = clock_data(st, event_id, competition, fixture, room.clock.wall())
        _, comp = st.competition_by_id(event_id, competition)
        typed = {
            f"{f}_{i}": form.get(f"{f}_{i}", "").strip()
            for f in data["figures"]
            for i in range(len(data["fixture"]["entrants"]))
        }
        typed.update({f"commander_{i}": form.get(f"commander_{i}", "").strip()
                      for i in range(len(data["fixture"]["entrants"]))})
        table_clock.keep_board(st, comp, fixture, typed, acc.name, data["game_minutes"])
        s.commit()  # the board is kept even when the ladder refuses a figure: the page shows it again
        boards = {
            e: {f: whole(form, f"{f}_{i}", 0, 99) for f in data["figures"]}
            for i, e in enumerate(data["fixture"]["entrants"])
        }
        winner = form.get("points_winner") or None
        entrants = data["fixture"]["entrants"]
        commanders = {e: form.get(f"commander_{i}", "").strip() for i, e in enumerate(entrants)}
        overtimes = data["clock"]["overtimes"]
        prop = st.series.propose_time_up(comp, fixture, boards, overtimes, winner, commanders)
        return {**data, "board": typed, "proposal": prop.to_json()}

    try:
        data = await in_session(sessions, work)
    except TournamentError as exc:
        return await clock_page(
            request, lang, acc, sessions, room, event_id, competition, fixture, status=400, error=str(exc)
        )
    return await render(request, lang, "referee/clock.html", account=acc, **data)
