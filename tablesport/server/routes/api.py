"""The JSON API: games, tables (list, create), a finished table's record and replay, the server's
counters."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from tablesport.core import to_json
from tablesport.core.records import jsonl

from ..archive import finished_record, finished_tables, replay_frames
from ..deps import HallDep, ProbeDep, SessionsDep
from ..gamedata import games_catalogue
from ..hall import SetupError, error

router = APIRouter(prefix="/api")


@router.get("/games")
async def api_games() -> list[dict[str, Any]]:
    return games_catalogue()


@router.get("/tables")
async def api_tables(hall: HallDep, sessions: SessionsDep) -> dict[str, Any]:
    return {"live": [t.summary() for t in hall.tables.values()],
            "finished": await asyncio.to_thread(finished_tables, sessions)}


@router.post("/tables")
async def api_create(request: Request, hall: HallDep) -> JSONResponse:
    try:
        body = await request.json()
    except json.JSONDecodeError:
        return JSONResponse(error("malformed", "the body must be JSON"), status_code=400)
    if not isinstance(body, dict) or not isinstance(body.get("seats"), list):
        return JSONResponse(error("malformed", 'send {"preset": ..., "seats": [{"kind": "person"}, '
                                  '{"kind": "bot", "bot": "random"}, ...]}'), status_code=400)
    try:
        table = await hall.create(str(body.get("preset")), body["seats"], body.get("seed"),
                                  body.get("bot_delay"), body.get("params"))
    except (SetupError, TypeError, ValueError) as exc:
        return JSONResponse(error("setup", str(exc)), status_code=400)
    return JSONResponse({
        "id": table.id,
        "seed": table.seed,
        "params": to_json(table.rs.overrides(table.game.ruleset(table.rs.preset))),
        "seats": [{"seat": i, "kind": p.kind, "bot": p.bot, "token": p.token,
                   "url": f"/play/{table.id}/{p.token}" if p.token else None}
                  for i, p in enumerate(table.seats)],
        "watch": f"/watch/{table.id}",
    })


@router.get("/tables/{tid}/record.jsonl")
async def api_record(sessions: SessionsDep, tid: str) -> Response:
    lines = await asyncio.to_thread(finished_record, sessions, tid)
    return PlainTextResponse(jsonl(lines), media_type="application/x-ndjson",
                             headers={"content-disposition": f'attachment; filename="{tid}.jsonl"'})


@router.get("/tables/{tid}/replay")
async def api_replay(sessions: SessionsDep, tid: str) -> dict[str, Any]:
    return await replay_frames(sessions, tid)


@router.get("/stats")
async def api_stats(hall: HallDep, probe: ProbeDep) -> dict[str, Any]:
    w = hall.writer
    return {**hall.stats.to_json(), "tables": len(hall.tables), "commits": w.commits, "store_jobs": w.jobs,
            "commit_seconds": round(w.commit_seconds, 6), **probe.to_json()}
