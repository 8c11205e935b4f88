"""The table's WebSocket, ``/ws/<table>?token=<token>`` (no token: a spectator): frames out,
actions in, each message checked by :mod:`..live.socket_limits` before the table sees it."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ..content.i18n import LANGS
from ..hosted.errors import Unavailable
from ..live import seat_socket, socket_limits
from ..live.client import Client
from ..live.frames import error, frame
from ..web import seat_accounts, watchers
from ..web.deps import RoomDep
from . import chat

router = APIRouter()
log = logging.getLogger("tablesport.server")
CLOSE_TRY_AGAIN = 1013
"""WebSocket close code "try again later": the table moved to another server process, or is moving."""


@router.websocket("/ws/{tid}")
async def table_socket(ws: WebSocket, tid: str, room: RoomDep) -> None:
    await ws.accept()
    try:
        table = await room.find(tid)
    except Unavailable as exc:  # hosted mode: the table is moving, or Redis is out of reach
        await ws.send_text(frame(error("unavailable", f"{exc}", retry=True)))
        await ws.close(code=CLOSE_TRY_AGAIN, reason="try again")
        return
    if table is None:
        await ws.send_text(frame(error("no_table", f"no table {tid!r}")))
        await ws.close(code=4404)
        return
    token = ws.query_params.get("token") or ""
    seat: int | None = None
    if token:
        seat = table.seat_for_token(token)
        if seat is None:
            await ws.send_text(frame(error("bad_token", "this seat link is not valid for this table")))
            await ws.close(code=4403)
            return

    if seat is None and not watchers.enter(ws):
        await ws.send_text(frame(error("too_many_watchers", watchers.refusal(watchers.of(ws).limit))))
        await ws.close(code=watchers.CLOSE_POLICY)
        return
    try:
        await _serve(ws, tid, room, table, seat)
    finally:
        if seat is None:
            watchers.leave(ws)


async def _serve(ws: WebSocket, tid: str, room: Any, table: Any, seat: int | None) -> None:
    """The connection of ``seat`` (``None``: a spectator) to ``table``, until it closes."""

    def cut_off() -> None:  # the client does not read its frames
        room.spawn(ws.close(code=socket_limits.CLOSE_POLICY, reason="too many unread frames"))

    lang = ws.query_params.get("lang")
    client = Client(seat, ws.send_text, cut_off, lang if lang in LANGS else None,
                    hold=ws.query_params.get("hold") == "1")

    def kick() -> None:  # hosted mode: the table moved to another process; the page reconnects to it
        room.spawn(ws.close(code=CLOSE_TRY_AGAIN, reason="table moved; reconnect"))

    client.on_kick = kick
    client.on_close = lambda code, reason: room.spawn(ws.close(code=code, reason=reason))
    # a signed-in player's seat is theirs (profile, ratings)
    acc, bound = await seat_accounts.bind(ws, table.id, seat)
    if acc is not None and seat is not None and bound:
        table.accounts[seat] = acc.name  # the log names the player
    await table.connect(client)
    await chat.join_table(ws, table, client, acc)
    throttle = socket_limits.Throttle()
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            verdict = throttle.take()
            if verdict is socket_limits.Verdict.DROP:
                continue
            if verdict is socket_limits.Verdict.WARN:
                client.put(frame(error(
                    "rate_limited",
                    f"more than {socket_limits.RATE:g} messages a second ({socket_limits.BURST} at once); "
                    "this message was dropped: wait for the table's answer before sending more")))
                continue
            if verdict is socket_limits.Verdict.CLOSE:
                await refuse(client, ws, socket_limits.CLOSE_POLICY, error(
                    "flood", f"still more than {socket_limits.RATE:g} messages a second after the warning; "
                    "this connection is closed"))
                break
            raw = msg.get("text")
            if raw is None:
                client.put(frame(error("malformed", "send text frames holding JSON, not binary frames")))
                continue
            if len(raw) > socket_limits.MAX_MESSAGE:
                await refuse(client, ws, socket_limits.CLOSE_TOO_BIG, error(
                    "too_large",
                    f"message too long ({len(raw)} characters; at most {socket_limits.MAX_MESSAGE}); "
                    "this connection is closed"))
                break
            if client.displaced:  # another connection plays this seat now: nothing from here counts
                client.put(frame(seat_socket.refusal(client.lang)))
                continue
            said = await chat.on_table_message(ws, table, client, raw)
            reply = await table.submit(seat, raw) if said is chat.NOT_CHAT else said
            if isinstance(reply, dict):
                client.put(frame(reply))
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("table %s: socket failed", tid)
    finally:
        await table.disconnect(client)


async def refuse(client: Client, ws: WebSocket, code: int, err: dict[str, Any]) -> None:
    """Send ``err`` after whatever is queued for the client, then close the socket with ``code``."""
    client.put(frame(err))
    await client.drain(timeout=5.0)
    with contextlib.suppress(Exception):  # already closed by the other side
        await ws.close(code=code, reason=err["code"])
