"""Finished tables as the store keeps them: the lobby's list, their records and their replays."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from tablesport.core import State, dumps
from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.store.tables import FINISHED, WebTable, record_lines


class NoRecord(LookupError):
    """A finished table's record that cannot be given: no such table (``status`` 404) or a table still in
    play (409). The web app answers it as it answers a refusal (``tablesport.server.web.errors``)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def finished_tables(sessions: sessionmaker[Session], limit: int = 30) -> list[dict[str, Any]]:
    """The last ``limit`` finished tables, newest first."""
    with sessions() as session:
        rows = session.scalars(select(WebTable).where(WebTable.status == FINISHED)
                               .order_by(WebTable.updated.desc()).limit(limit)).all()
        return [{"id": r.id, "game": r.game, "preset": r.preset, "steps": r.steps, "status": r.status,
                 "result": r.result, "seats": r.header.get("seats", [])} for r in rows]


def finished_record(sessions: sessionmaker[Session], tid: str) -> list[dict[str, Any]]:
    """The record lines of a finished table (:class:`NoRecord`: no such table, or one still in play)."""
    with sessions() as session:
        row = session.get(WebTable, tid)
        if row is None:
            raise NoRecord(f"no table {tid!r}", 404)
        if row.status != FINISHED:
            raise NoRecord(f"table {tid} is {row.status}: its record is published once the game is over", 409)
        return record_lines(session, row)


async def replay_frames(sessions: sessionmaker[Session], tid: str) -> dict[str, Any]:
    """The public view after every step of a finished table, checked by replaying its record."""
    lines = await asyncio.to_thread(finished_record, sessions, tid)
    frames: list[dict[str, Any]] = []

    def on_step(state: State, step: dict[str, Any], events: list[Any]) -> None:
        frames.append({"i": step["i"], "step": {k: v for k, v in step.items() if k != "h"},
                       "view": state.view(None),
                       "events": [ev.to_json() for ev in events if ev.visible_to(None)]})

    header = lines[0]
    first: dict[str, Any] = {}

    def start_and_keep(game: str, preset: str, seed: int, params: dict[str, Any]) -> State:
        st = start_for_record(game, preset, seed, params)
        first["view"] = st.view(None)
        return st

    rep = replay((dumps(line, canonical=False) for line in lines), start_and_keep, on_step)
    frames.insert(0, {"i": 0, "step": None, "view": first["view"], "events": []})
    return {"table": {"id": tid, "game": header["game"], "preset": header["preset"], "seats": header["seats"],
                      "seed": header["seed"]},
            "frames": frames, "result": rep.result, "final_hash": rep.final_hash}
