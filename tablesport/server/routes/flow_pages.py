"""Getting back to a table: the "table created" page as a page of its own (so that switching the language
or reloading keeps it), shown only to the browser that made the table; the replay's frames in words."""

from __future__ import annotations

import asyncio
import hmac
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from tablesport.store import players
from tablesport.store.live.archive import replay_frames

from ..content.texts import event_text, result_text, seat_names, step_text
from ..live.table import LiveTable
from ..web import auth
from ..web.deps import LangDep, SessionsDep, TableDep
from ..web.render import error_page, render

router = APIRouter()

MADE_COOKIE = "ts_made_{tid}"
MADE_SECONDS = 7 * 86400


def _made_mac(key: bytes, tid: str) -> str:
    return auth.sign(key, f"made-table:{tid}")


async def created_redirect(request: Request, table: LiveTable) -> RedirectResponse:
    """After the lobby's form made ``table``: see its links at ``/tables/<id>/created`` (a GET page, so a
    reload or a language switch keeps it); a signed cookie for that path lets only this browser see them."""
    resp = RedirectResponse(f"/tables/{table.id}/created", status_code=303)
    resp.set_cookie(MADE_COOKIE.format(tid=table.id), _made_mac(await auth.signing_key(request), table.id),
                    max_age=MADE_SECONDS, path=f"/tables/{table.id}", httponly=True, samesite="lax",
                    secure=request.url.scheme == "https")
    return resp


@router.get("/tables/{tid}/created", response_class=HTMLResponse)
async def created_page(request: Request, lang: LangDep, table: TableDep) -> Response:
    given = request.cookies.get(MADE_COOKIE.format(tid=table.id)) or ""
    if not hmac.compare_digest(given, _made_mac(await auth.signing_key(request), table.id)):
        return await error_page(request, 403, "", key="errpage.not_your_table")
    links = [{"seat": i, "url": f"/play/{table.id}/{p.token}"} for i, p in enumerate(table.seats) if p.token]
    return await render(request, lang, "created.html", table=table.summary(), links=links)


@router.get("/replay/{tid}/frames.json")
async def replay_frames_in_words(lang: LangDep, sessions: SessionsDep, tid: str) -> dict[str, Any]:
    """The replay page's frames: the API's replay with each step and event in words of the page's
    language (``text``) and the result's words (``result_text``), which the page shows at the last step."""
    data = await replay_frames(sessions, tid)
    game = data["table"]["game"]

    def accounts() -> dict[int, str]:
        with sessions() as s:
            return {seat: name for seat, (_, name) in players.seated_accounts(s, tid).items()}

    bound = await asyncio.to_thread(accounts)
    for f in data["frames"]:
        # who plays which seat, as the table's log says it (a general is named once the view shows it)
        names = seat_names(game, f["view"], lang, data["table"]["seats"], bound)
        f["text"] = step_text(game, f["step"], lang, names)
        for ev in f["events"]:
            ev["text"] = event_text(game, ev, lang, names)
    data["result_text"] = result_text(game, data["result"], lang)
    return data
