"""Both captains confirm a score sheet instead of a second referee (:meth:`DoubleEntry.captain`): a captain
signed in with a player account named as on the registration list sees the sheets of their fixtures that
wait for confirmation on ``/me`` and agrees or disagrees there (the page's form token, their own account;
anyone else is refused with 401/403 and nothing changes)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from tablesport.store import public
from tablesport.store.double_entry import DeskEntry, DoubleEntry
from tablesport.store.models import TCompetition, TEvent
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..web import auth
from ..web.auth import AccountDep
from ..web.deps import LangDep, SessionsDep
from ..web.render import render
from .organiser import in_session

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])

VERDICTS = {"agree": True, "disagree": False}


def sheets_for(st: EventStore, who: str) -> list[dict[str, Any]]:
    """Every sheet waiting for ``who``'s signature as a captain, in every event."""
    out: list[dict[str, Any]] = []
    for ev in st.s.scalars(select(TEvent).order_by(TEvent.id)):
        for comp in public.competitions(st, ev):
            for sheet in DoubleEntry(st).for_captain(comp, who):
                out.append({"event": ev.name, "title": comp.title, **sheet})
    return out


@router.post("/me/sheets/{entry_id}/{verdict}")
async def sign(request: Request, lang: LangDep, acc: AccountDep, sessions: SessionsDep,
               entry_id: int = Path(ge=1, le=2**31 - 1),
               verdict: str = Path(min_length=1, max_length=16)) -> Response:
    def work(s: Session) -> Any:
        row = s.get(DeskEntry, entry_id)
        comp = s.get(TCompetition, row.competition_id) if row is not None else None
        if row is None or comp is None:
            raise auth.AuthRefused(403, "not_captain", f"{acc.name} is not a captain of sheet {entry_id}")
        de = DoubleEntry(EventStore(s))
        if acc.name not in de.captains(comp, row.fixture).values():
            raise auth.AuthRefused(403, "not_captain", f"{acc.name} is not a captain of {row.fixture}")
        if verdict not in VERDICTS:
            raise TournamentError(f"a captain agrees or disagrees, not {verdict!r}", allowed=list(VERDICTS))
        return de.captain(comp, entry_id, acc.name, VERDICTS[verdict])

    try:
        out = await in_session(sessions, work)
    except TournamentError as exc:
        sheets = await in_session(sessions, lambda s: sheets_for(EventStore(s), acc.name))
        return await render(request, lang, "me.html", account=acc, status=400, fixtures=[], sheets=sheets,
                            error=str(exc))
    return RedirectResponse(f"/me?signed={out.status}", status_code=303)
