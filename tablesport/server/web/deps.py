"""What the routes are given (FastAPI dependencies): the room of live tables, the store's
sessions, the server's probe, the page's language and the table a path names."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, HTTPException, Request
from sqlalchemy.orm import Session, sessionmaker
from starlette.requests import HTTPConnection

from ..content import i18n
from ..live.table import LiveTable
from ..live.tables import TableRoom
from .collector import Probe


def get_room(conn: HTTPConnection) -> TableRoom:
    room: TableRoom = conn.app.state.room
    return room


def get_sessions(conn: HTTPConnection) -> sessionmaker[Session]:
    sessions: sessionmaker[Session] = conn.app.state.sessions
    return sessions


def get_probe(conn: HTTPConnection) -> Probe:
    probe: Probe = conn.app.state.probe
    return probe


def get_lang(request: Request) -> str:
    """The query's ``lang`` first, then the cookie, then the browser's Accept-Language."""
    return i18n.pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                          request.headers.get("accept-language"))


RoomDep = Annotated[TableRoom, Depends(get_room)]
SessionsDep = Annotated[sessionmaker[Session], Depends(get_sessions)]
ProbeDep = Annotated[Probe, Depends(get_probe)]
LangDep = Annotated[str, Depends(get_lang)]


async def get_table(tid: str, room: RoomDep) -> LiveTable:
    """The table ``tid`` of the path: live, or finished and rebuilt from the store; else 404."""
    table = await room.find(tid)
    if table is None:
        raise HTTPException(404, "no such table")
    return table


TableDep = Annotated[LiveTable, Depends(get_table)]
