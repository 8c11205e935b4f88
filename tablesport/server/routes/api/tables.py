"""Live tables: create one, take a free seat, its public state, a finished table's record and replay, and
the server's counters."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import PlainTextResponse, Response

from tablesport.core.records import jsonl
from tablesport.store.live.archive import finished_record, finished_tables, replay_frames

from ...live.table import LiveTable
from ...live.visitor_limits import check_visitor
from ...models.common import ApiError
from ...models.tables import Joined, Replay, ServerStats, TableCreate, TableCreated, TableList, TableState
from ...web.auth import AccountOrNone, table_rate, visitor_of
from ...web.deps import ProbeDep, RoomDep, SessionsDep
from ...web.errors import refuse

router = APIRouter(tags=["tables"])

TableId = Annotated[
    str,
    Path(
        min_length=1, max_length=32, pattern=r"^[0-9a-f]+$", description="a table's id (`GET /api/v1/tables`)"
    ),
]


def links(table: LiveTable, seat: int, token: str) -> dict[str, str]:
    return {"url": f"/play/{table.id}/{token}", "ws": f"/ws/{table.id}?token={token}"}


@router.get("/tables", response_model=TableList, summary="Live tables and the last finished ones")
async def list_tables(room: RoomDep, sessions: SessionsDep) -> dict[str, Any]:
    return {
        "live": [t.summary() for t in room.tables.values()] + (room.hosted.lobby() if room.hosted else []),
        "finished": await asyncio.to_thread(finished_tables, sessions),
    }


@router.post(
    "/tables",
    response_model=TableCreated,
    status_code=201,
    summary="Create a table",
    description="Seats are people (each gets a secret link) or bots. A refused table leaves nothing "
    "behind: no table, no row. One address may open a limited number of tables a minute (429 with "
    "Retry-After past it). Without an account, bots take their default options only and one address "
    "may have 2 tables with thinking bots in play.",
    dependencies=[Depends(table_rate)],
    responses={
        429: {
            "model": ApiError,
            "description": "too many new tables from this address, or (without an account) too many of "
            "its tables with thinking bots in play",
        }
    },
)
async def create_table(
    body: TableCreate, room: RoomDep, request: Request, acc: AccountOrNone
) -> dict[str, Any]:
    seats = [s.model_dump() for s in body.seats]
    visitor = visitor_of(request, acc)
    check_visitor(room.tables, body.preset, seats, visitor)
    table = await room.create(body.preset, seats, body.seed, body.bot_delay, body.params)
    table.visitor = visitor
    return {
        "id": table.id,
        "game": table.game.name,
        "preset": table.rs.preset,
        **table.seed_public(),
        "params": table.params(),
        "seats": [
            {
                "seat": i,
                "kind": p.kind,
                "bot": p.bot,
                "token": p.token,
                **(links(table, i, p.token) if p.token else {"url": None, "ws": None}),
            }
            for i, p in enumerate(table.seats)
        ],
        "watch": f"/watch/{table.id}",
    }


async def live_or_finished(room: RoomDep, tid: str) -> LiveTable:
    table = await room.find(tid)
    if table is None:
        raise refuse(404, f"no table {tid!r} (live or finished)", "tid")
    return table


@router.get("/tables/{tid}", response_model=TableState, summary="A table as a spectator sees it now")
async def table_state(tid: TableId, room: RoomDep) -> dict[str, Any]:
    table = await live_or_finished(room, tid)
    async with table.lock:
        now = table.frame_dict(None, "state", [])
    return {
        "id": table.id,
        "game": table.game.name,
        "preset": table.rs.preset,
        "title": table.rs.title,
        "status": table.status,
        "seq": now["seq"],
        "params": table.params(),
        "seats": [{k: s[k] for k in ("label", "kind", "joined", "online")} for s in now["seats"]],
        "view": now["view"],
        "decision": now["decision"],
        "deadlines": now["deadlines"],
        "clock": now["clock"],
        "result": now["result"],
        **table.seed_public(),
        "watch": f"/watch/{table.id}",
        "ws": f"/ws/{table.id}",
    }


@router.post(
    "/tables/{tid}/join",
    response_model=Joined,
    summary="Take the next free person seat",
    description="First come, first served; 409 when every person seat of the table is taken, and at a "
    "fixture's table (its seats belong to the fixture's entrants: the referee gives them their links).",
)
async def join_table(tid: TableId, room: RoomDep) -> dict[str, Any]:
    table = await room.live(tid)  # hosted: taken over from the process that holds it
    if table is None:
        await live_or_finished(room, tid)  # 404 when there is no such table at all
    got = await room.claim(tid)
    if got is None or table is None:
        raise refuse(409, f"table {tid} has no free seat", "tid")
    seat, token = got
    return {"table": tid, "seat": seat, "token": token, **links(table, seat, token)}


@router.get(
    "/tables/{tid}/record.jsonl",
    response_class=PlainTextResponse,
    summary="A finished table's record",
    description="The game record (header, steps with their chain hash, footer), one JSON object per line; "
    "`tablesport replay` checks it. 409 while the game is in play.",
    responses={200: {"content": {"application/x-ndjson": {"schema": {"type": "string"}}}}},
)
async def table_record(tid: TableId, sessions: SessionsDep) -> Response:
    lines = await asyncio.to_thread(finished_record, sessions, tid)
    return PlainTextResponse(
        jsonl(lines),
        media_type="application/x-ndjson",
        headers={"content-disposition": f'attachment; filename="{tid}.jsonl"'},
    )


@router.get(
    "/tables/{tid}/replay", response_model=Replay, summary="A finished table's public views, step by step"
)
async def table_replay(tid: TableId, sessions: SessionsDep) -> dict[str, Any]:
    return await replay_frames(sessions, tid)


@router.get("/stats", response_model=ServerStats, tags=["server"], summary="Where the server's time goes")
async def server_stats(room: RoomDep, probe: ProbeDep) -> dict[str, Any]:
    w = room.writer
    return {
        **room.stats.to_json(),
        "tables": len(room.tables),
        "commits": w.commits,
        "store_jobs": w.jobs,
        "commit_seconds": round(w.commit_seconds, 6),
        **probe.to_json(),
    }


@router.get("/health", include_in_schema=False)
async def health(room: RoomDep) -> dict[str, Any]:
    """For HAProxy's checks: the process answers; hosted, whether it reaches Redis."""
    out: dict[str, Any] = {"ok": True, "tables": len(room.tables)}
    if room.hosted is not None:
        out["hosted"] = room.hosted.to_json()
    return out
