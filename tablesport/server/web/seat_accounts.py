"""Seats and accounts: the signed-in player who opens a seat link (page or WebSocket) is bound to that seat,
once, for their profile and the ratings. A seat link keeps working for anyone who has it; without an
account nothing is bound."""

from __future__ import annotations

import asyncio

from starlette.requests import HTTPConnection

from tablesport.store import players
from tablesport.store.accounts import Account

from . import auth


async def account_of(conn: HTTPConnection) -> Account | None:
    """The signed-in account of a request or a WebSocket (its session cookie), or ``None``."""
    return await auth.account_of(conn)


async def bind(conn: HTTPConnection, table_id: str, seat: int | None) -> tuple[Account | None, bool]:
    """Bind ``seat`` of the table to the connection's account (if signed in and the seat is not bound yet);
    the account (or ``None``) and whether the seat is this account's."""
    if seat is None:
        return await account_of(conn), False
    acc = await account_of(conn)
    if acc is None:
        return None, False
    sessions = conn.app.state.sessions

    def job() -> bool:
        with sessions() as s:
            mine = players.bind_seat(s, table_id, seat, acc.id)
            s.commit()
            return mine

    return acc, await asyncio.to_thread(job)
