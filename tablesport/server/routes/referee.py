"""The referee's pages: the events they work (an organiser works every event). The score sheets, the
table clock and the fouls of a fixture are under ``/referee/events/{event_id}/...`` and need a referee of
that event (:data:`..auth.RefereeDep`); every form carries its CSRF token."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from sqlalchemy.orm import Session

from tablesport.store import public
from tablesport.store.accounts import Account
from tablesport.store.service import EventStore

from .. import auth
from ..auth import AccountDep
from ..deps import LangDep, SessionsDep
from .organiser import in_session
from .render import render

router = APIRouter(prefix="/referee", dependencies=[Depends(auth.csrf_protect)])


def may_referee(acc: Account) -> None:
    if acc.role not in ("organiser", "referee"):
        raise auth.AuthRefused(403, "not_referee_here",
                               f"this page is for referees; {acc.name} is a {acc.role}")


@router.get("", response_class=HTMLResponse)
async def home(request: Request, lang: LangDep, acc: AccountDep, sessions: SessionsDep) -> HTMLResponse:
    may_referee(acc)

    def read(s: Session) -> list[dict[str, Any]]:
        return [ev for ev in public.events(EventStore(s)) if acc.may_referee(ev["id"])]

    events = await in_session(sessions, read)
    return await render(request, lang, "referee/home.html", account=acc, events=events)
