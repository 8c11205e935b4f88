"""Stored events, as anyone may read them: events, competitions, entrants, fixtures with their results,
standings, the bracket, prizes, penalties, decisions and the CSV exports."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query
from fastapi.responses import PlainTextResponse, Response

from tablesport.store import public
from tablesport.store.service import EventStore

from ...models.common import MAX_ID, PRINTABLE
from ...models.events import (
    Bracket,
    Competition,
    DecisionRow,
    Entrant,
    EventSummary,
    Fixture,
    PenaltyRow,
    PrizeRow,
    StandingRow,
)
from ...web.deps import SessionsDep
from ...web.errors import refuse
from .store import competition_of, event_of, reading

router = APIRouter(tags=["events"])

EventId = Annotated[int, Path(ge=1, le=MAX_ID, description="the event's id (`GET /api/v1/events`)")]
CompKey = Annotated[
    str,
    Path(
        min_length=1,
        max_length=64,
        pattern=PRINTABLE,
        description="the competition's key in its event (e.g. `sgs`)",
    ),
]
COMP = "/events/{event_id}/competitions/{competition}"


@router.get("/events", response_model=list[EventSummary], summary="Every stored event with its competitions")
async def list_events(sessions: SessionsDep) -> list[dict[str, Any]]:
    return await reading(sessions, public.events)


@router.get("/events/{event_id}", response_model=EventSummary, summary="One event")
async def get_event(event_id: EventId, sessions: SessionsDep) -> dict[str, Any]:
    def work(st: EventStore) -> dict[str, Any]:
        ev = event_of(st, event_id)
        return {
            "id": ev.id,
            "name": ev.name,
            "created_at": ev.created_at.isoformat(),
            "competitions": [public.competition_summary(c) for c in public.competitions(st, ev)],
        }

    return await reading(sessions, work)


@router.get(COMP, response_model=Competition, summary="One competition: preset, stage, groups, counts")
async def get_competition(event_id: EventId, competition: CompKey, sessions: SessionsDep) -> dict[str, Any]:
    return await reading(
        sessions, lambda st: public.competition(st, *competition_of(st, event_id, competition))
    )


@router.get(COMP + "/entrants", response_model=list[Entrant], summary="The entrants (players or teams)")
async def list_entrants(
    event_id: EventId, competition: CompKey, sessions: SessionsDep
) -> list[dict[str, Any]]:
    return await reading(
        sessions,
        lambda st: [public.entrant(e) for e in st.entrants(competition_of(st, event_id, competition)[1])],
    )


@router.get(COMP + "/fixtures", response_model=list[Fixture], summary="Every fixture with its result")
async def list_fixtures(
    event_id: EventId, competition: CompKey, sessions: SessionsDep
) -> list[dict[str, Any]]:
    return await reading(
        sessions, lambda st: public.fixtures(st, competition_of(st, event_id, competition)[1])
    )


Group = Annotated[
    str | None,
    Query(
        min_length=1,
        max_length=8,
        pattern=r"^[A-Za-z0-9]+$",
        description="one group's standings (default: every group)",
    ),
]


@router.get(
    COMP + "/standings", response_model=list[StandingRow], summary="The standings, per group once drawn"
)
async def get_standings(
    event_id: EventId, competition: CompKey, sessions: SessionsDep, group: Group = None
) -> list[dict[str, Any]]:
    def work(st: EventStore) -> list[dict[str, Any]]:
        _, comp = competition_of(st, event_id, competition)
        if group is not None and group not in st.groups(comp):
            raise refuse(404, f"no group {group!r} in {comp.key!r}", "group", st.groups(comp))
        return public.standings(st, comp, group)

    return await reading(sessions, work)


@router.get(COMP + "/bracket", response_model=Bracket, summary="The knock-out bracket")
async def get_bracket(event_id: EventId, competition: CompKey, sessions: SessionsDep) -> dict[str, Any]:
    return await reading(
        sessions, lambda st: public.bracket(st, competition_of(st, event_id, competition)[1])
    )


@router.get(COMP + "/prizes", response_model=list[PrizeRow], summary="Who receives each prize")
async def get_prizes(event_id: EventId, competition: CompKey, sessions: SessionsDep) -> list[dict[str, Any]]:
    return await reading(sessions, lambda st: public.prizes(st, competition_of(st, event_id, competition)[1]))


@router.get(COMP + "/penalties", response_model=list[PenaltyRow], summary="The fouls recorded (series)")
async def list_penalties(
    event_id: EventId, competition: CompKey, sessions: SessionsDep
) -> list[dict[str, Any]]:
    return await reading(
        sessions, lambda st: public.penalties(st, competition_of(st, event_id, competition)[1])
    )


@router.get(
    COMP + "/decisions", response_model=list[DecisionRow], summary="The organiser's decisions on ties"
)
async def list_decisions(
    event_id: EventId, competition: CompKey, sessions: SessionsDep
) -> list[dict[str, Any]]:
    return await reading(
        sessions, lambda st: public.decisions(st, competition_of(st, event_id, competition)[1])
    )


CSV = {200: {"content": {"text/csv": {"schema": {"type": "string"}}}}}


@router.get(
    COMP + "/exports/{what}.csv",
    response_class=PlainTextResponse,
    responses=CSV,  # type: ignore[arg-type]
    summary="CSV of the standings or of every result with who entered it",
)
async def export_csv(
    event_id: EventId,
    competition: CompKey,
    what: Annotated[Literal["standings", "results"], Path(description="what to export")],
    sessions: SessionsDep,
) -> Response:
    def work(st: EventStore) -> tuple[str, str]:
        ev, comp = competition_of(st, event_id, competition)
        text = public.standings_csv(st, comp) if what == "standings" else public.results_csv(st, comp)
        return text, f"{ev.id}-{comp.key}-{what}"

    text, name = await reading(sessions, work)
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    return PlainTextResponse(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"content-disposition": f'attachment; filename="{safe}.csv"'},
    )
