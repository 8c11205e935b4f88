"""An entrant's captain takes their seat at a fixture's live table, signed in, without a referee's link:
``/me`` lists the seats the account may take (:func:`tablesport.store.fixture_seats.seats_of`) with a "take
your seat" button each, and ``POST /me/seats/<table>/<seat>`` (the page's form token, the account's own
seats only) sends the account on to the seat's page. Anyone else is refused: 401 without an account, 403
for an account whose entrant does not sit there. The referee's seat links keep working as before."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Depends, HTTPException, Path
from fastapi.responses import RedirectResponse

from tablesport.store import fixture_seats
from tablesport.store.tables import FINISHED

from ..content import i18n
from ..web import auth
from ..web.auth import AccountDep
from ..web.deps import LangDep, RoomDep, SessionsDep

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])


@router.post("/me/seats/{tid}/{seat}")
async def take_seat(
    lang: LangDep,
    acc: AccountDep,
    sessions: SessionsDep,
    room: RoomDep,
    tid: str = Path(min_length=1, max_length=32, pattern="^[0-9a-f]+$"),
    seat: int = Path(ge=0, le=63),
) -> RedirectResponse:
    def read() -> str | None:
        with sessions() as s:
            return fixture_seats.entrant_at(s, acc.id, tid, seat)

    if await asyncio.to_thread(read) is None:
        raise auth.AuthRefused(
            403,
            "seat_not_yours",
            f"{acc.name} is not the appointed captain of the entrant at seat {seat + 1} "
            f"of table {tid}; its players take it from their captain's page or the "
            "referee's seat link",
        )
    table = await room.find(tid)
    if table is None or table.status == FINISHED:
        raise HTTPException(409, i18n.translator(lang)("seat_table_over"))
    token = table.seats[seat].token if seat < len(table.seats) else None
    if token is None:  # a bot sits there (the organiser seated one)
        raise HTTPException(409, i18n.translator(lang)("seat_not_person"))
    return RedirectResponse(f"/play/{tid}/{token}", status_code=303)
