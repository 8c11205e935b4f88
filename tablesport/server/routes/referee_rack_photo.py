"""A Rummikub hall game's result from phone photos of the losers' racks (docs/rummikub.md).

``.../hall/photo?table=N`` shows the page for the game just finished at table ``N``: the referee
picks the winner, marks who never made the initial meld, and takes one photo per loser's rack (its
tiles laid face up); each photo is sent to ``hall/photo/read`` (its bytes as the body), which
answers the tiles read (nothing is stored); a tap on a tile corrects its number, colour or joker,
and ``hall/photo/check`` gives the racks' totals by the hall's own scorer; ``hall/photo/game``
enters the corrected racks exactly as the hall's game form does (:meth:`HallDesk.game` with the
tiles seen, scored by the engine; ×1.2 and the winner's sum by the hall), and keeps the photos,
what was read and what the referee changed in the competition's audit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.extras import missing
from tablesport.games.rummikub.table_score import rack_codes, rack_total
from tablesport.store.entry_facts import Facts
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..web import auth
from ..web.auth import RefereeDep
from ..web.deps import LangDep, SessionsDep
from ..web.render import render
from .organiser import in_session
from .referee import CompKey, EventId
from .referee_photo import kept_photo, read_or_refuse

router = APIRouter(prefix="/referee", dependencies=[Depends(auth.csrf_protect)])
BASE = "/events/{event_id}/{competition}/hall/photo"
TableNo = Query(ge=1, le=99)


def _table(st: EventStore, event_id: int, key: str, table: int) -> tuple[Any, Any, list[str]]:
    """The event, the competition and the players seated at the hall's playing ``table``."""
    ev, comp = st.competition_by_id(event_id, key)
    if st.preset(comp).kind != "rummikub":
        raise TournamentError(
            f"{comp.title} has no Rummikub hall: a rack photo scores a hall's game", field="competition"
        )
    playing = next((t for t in st.hall.status(comp).tables if t["table"] == table and t["playing"]), None)
    if playing is None:
        raise TournamentError(f"no game is being played at table {table}", field="table")
    return ev, comp, list(playing["seated"])


def _seen(form: Mapping[str, str], seated: list[str]) -> dict[str, Any]:
    """The result as the hall takes it: the winner and each loser's tiles seen and whether they
    made the initial meld."""
    winner = form.get("winner", "")
    seen = {
        p: {"tiles": form.get(f"tiles_{i}", "").split(), "melded": form.get(f"never_{i}", "") != "on"}
        for i, p in enumerate(seated)
        if p != winner
    }
    return {"winner": winner, "seen": seen}


@router.get(BASE, response_class=HTMLResponse)
async def rack_photo_page(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    table: int = TableNo,
) -> HTMLResponse:
    def read(s: Session) -> dict[str, Any]:
        ev, comp, seated = _table(EventStore(s), event_id, competition, table)
        return {
            "event": {"id": ev.id, "name": ev.name},
            "comp_key": comp.key,
            "comp_title": comp.title,
            "table": table,
            "seated": seated,
        }

    try:
        data = await in_session(sessions, read)
    except TournamentError as exc:
        return await render(request, lang, "referee/rack_photo.html", account=acc, status=404, error=str(exc))
    return await render(
        request, lang, "referee/rack_photo.html", account=acc, missing=missing("photo"), **data
    )


@router.post(BASE + "/read")
async def read_rack(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    table: int = TableNo,
) -> Response:
    """The tiles in the photo in the body: nothing is stored."""
    await in_session(sessions, lambda s: _table(EventStore(s), event_id, competition, table))
    return await read_or_refuse(request, lang, "tablesport.games.rummikub.photo_read")


@router.post(BASE + "/check")
async def check_racks(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    table: int = TableNo,
) -> Response:
    """Each loser's rack total by the hall's scorer, for the racks as corrected on the page (a rack not
    yet filled in left out)."""
    form = await auth.form_of(request)
    seated = (await in_session(sessions, lambda s: _table(EventStore(s), event_id, competition, table)))[2]
    totals: dict[str, Any] = {}
    try:
        for p, rack in _seen(form, seated)["seen"].items():
            if rack["tiles"]:
                totals[p] = rack_total(rack_codes(rack["tiles"], p), rack["melded"])
    except TournamentError as exc:
        return JSONResponse({"error": "racks", "message": str(exc)}, status_code=400)
    return JSONResponse({"racks": totals})


@router.post(BASE + "/game")
async def rack_photo_game(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    table: int = TableNo,
) -> Response:
    """The corrected racks entered as the hall's game; the photos and readings audited."""
    form = await auth.form_of(request)

    def work(s: Session) -> Any:
        st = EventStore(s)
        _, comp, seated = _table(st, event_id, competition, table)
        result = _seen(form, seated)
        before = {f.key for f in st.fixtures(comp)}
        status = st.hall.game(comp, table, result, Facts(acc.name, form.get("at", "").strip() or None))
        racks = [
            {
                "player": p,
                "read": form.get(f"read_{i}", "").split(),
                "entered": result["seen"][p]["tiles"],
                "melded": result["seen"][p]["melded"],
                "photo": kept_photo(form.get(f"photo_{i}", "")),
            }
            for i, p in enumerate(seated)
            if p in result["seen"]
        ]
        game = next((f.key for f in st.fixtures(comp) if f.key not in before), None)
        st._audit(
            comp,
            "photo_racks",
            game or f"table {table}",
            acc.name,
            None,
            {"table": table, "winner": result["winner"], "racks": racks},
        )
        return status

    try:
        await in_session(sessions, work)
    except TournamentError as exc:
        return await render(
            request,
            lang,
            "referee/rack_photo.html",
            account=acc,
            status=400,
            error=str(exc),
            missing=missing("photo"),
            event={"id": event_id, "name": ""},
            comp_key=competition,
            comp_title=competition,
            table=table,
            seated=[],
        )
    return RedirectResponse(f"/referee/events/{event_id}/{competition}/hall?done=game", status_code=303)
