"""Players: quick play (join a preset's queue, ask about a ticket, leave), a player's profile and a preset's
leaderboard."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request

from ...content import profiles
from ...live.quickplay import quickplay_of
from ...models.common import ApiError, Name
from ...models.players import Leaderboard, PlayerProfile, QuickPlayJoin, QuickPlayTicket
from ...models.tables import PresetName
from ...web.auth import table_rate
from ...web.deps import RoomDep, SessionsDep
from ...web.errors import refuse

router = APIRouter(tags=["players"])

TicketId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                               description="a quick-play ticket (`POST /api/v1/quickplay`)")]


@router.post(
    "/quickplay", response_model=QuickPlayTicket, response_model_exclude_none=True, status_code=201,
    summary="Join a preset's quick-play queue",
    description="People are seated together as they come; when the wait of the first in the queue runs "
    "out, the free seats get that person's bot. Ask about the ticket (`GET`) at least every 30 s, or it "
    "leaves the queue. Counted with the tables an address may open a minute (429 with Retry-After past it).",
    dependencies=[Depends(table_rate)],
    responses={429: {"model": ApiError, "description": "too many new tables or tickets from this address"}},
)
async def join_quickplay(body: QuickPlayJoin, request: Request, room: RoomDep) -> dict[str, Any]:
    qp = quickplay_of(request.app.state)
    return qp.describe(await qp.join(body.preset, body.bot, body.wait))


@router.get("/quickplay/{ticket}", response_model=QuickPlayTicket, response_model_exclude_none=True,
            summary="A quick-play ticket: still waiting, or seated (its table and seat link)")
async def quickplay_ticket(ticket: TicketId, request: Request) -> dict[str, Any]:
    qp = quickplay_of(request.app.state)
    found = qp.get(ticket)
    if found is None:
        raise refuse(404, "no such ticket (it may have expired: join the queue again)", "ticket")
    return qp.describe(found)


@router.delete("/quickplay/{ticket}", response_model=QuickPlayTicket, response_model_exclude_none=True,
               summary="Leave the queue (a seated ticket stays seated)")
async def leave_quickplay(ticket: TicketId, request: Request) -> dict[str, Any]:
    qp = quickplay_of(request.app.state)
    found = qp.leave(ticket)
    if found is None:
        raise refuse(404, "no such ticket", "ticket")
    return qp.describe(found)


@router.get("/players/{name}", response_model=PlayerProfile, summary="A player's ratings and tables")
async def player_profile(name: Annotated[Name, Path(description="an account's name")],
                         sessions: SessionsDep) -> dict[str, Any]:
    found = await asyncio.to_thread(profiles.profile, sessions, name)
    if found is None:
        raise refuse(404, f"no player {name!r}", "name")
    found.pop("id", None)
    return found


@router.get("/leaderboards/{preset}", response_model=Leaderboard,
            summary="A preset's rated players, best first (rating = mu − 3·sigma)")
async def leaderboard(preset: Annotated[PresetName, Path(description="a preset name")],
                      sessions: SessionsDep) -> dict[str, Any]:
    from tablesport.core import TablesportError
    from tablesport.games import find_preset

    try:
        game, rs = find_preset(preset)
    except TablesportError as exc:
        raise refuse(404, str(exc), "preset") from None
    return await asyncio.to_thread(profiles.board, sessions, game.name, rs.preset)
