"""Chat at a table and in the lobby, over the WebSockets: the table's ``/ws/<table>`` and the lobby's
``/ws/lobby`` (docs/websocket.md, "Chat").

Messages in (JSON text frames)::

    {"type": "chat", "text": "gg"}                 say something (1 … CHAT_MAX characters)
    {"type": "mute", "from": "s:2"}                stop seeing a sender (this connection); "unmute" again
    {"type": "report", "id": 17, "reason": "…"}    report a message to the organisers (stored)

Messages out: ``{"type": "chat", "message": {...}}`` for each new message and ``{"type": "chat_history",
"messages": [...]}`` on connecting; a message is ``{id, room, channel, from, author, seat, text, at}``.

* **Who sees what.** At a table a player's message (``channel: "players"``) is seen by everyone there,
  spectators included; a spectator's (``channel: "spectators"``) only by spectators while the game is
  open or running, so that nobody who may see more than a seat (a spectator) can tell a player anything
  during the game. Once the game is over, both channels are shown to everyone who opens the table.
  In the lobby everyone sees everything.
* **Limits.** ``CHAT_MAX`` characters; control characters are removed and runs of whitespace folded;
  ``RATE`` messages per ``RATE_WINDOW`` seconds per connection and per address (a ``chat_rate`` error past
  it). Text is sent as data: the pages put it in the document as text, never as HTML.
* **Mute** is per viewer: the server stops sending the muted sender's messages to that connection (the page
  keeps its list in the browser and sends it again on reconnecting). **Report** stores the message, its
  author and the reporter's reason for the organisers (``/organiser/chat-reports``).
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
import unicodedata
import weakref
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.requests import HTTPConnection

from tablesport.store import players
from tablesport.store.accounts import Account

from ..live import socket_limits
from ..live.client import Client
from ..live.frames import error, frame
from ..live.table import LiveTable
from ..web import watchers
from ..web.auth import Window, address
from ..web.seat_accounts import account_of

CHAT_MAX = 300
REASON_MAX = players.REPORT_REASON_MAX
RATE = 5
RATE_WINDOW = 10.0
HISTORY = 50
MAX_ROOMS = 5000
MAX_MUTED = 200
FRAME_MAX = 4 * CHAT_MAX + 200
"""The longest chat frame read (its text may be escaped in JSON)."""
LOBBY = "lobby"
KINDS = frozenset({"chat", "mute", "unmute", "report"})
_NAMED = re.compile('"(?:' + "|".join(sorted(KINDS)) + ')"')


def clean(text: Any) -> str:
    """The text as it is shown: no control or format characters, whitespace folded, trimmed."""
    if not isinstance(text, str):
        return ""
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join(kept.split())


class NotChat:
    """What :meth:`ChatHub.handle` answers for a message that is not a chat message."""


NOT_CHAT = NotChat()


@dataclass(frozen=True, slots=True)
class Message:
    id: int
    room: str
    channel: str  # "players", "spectators" or "lobby"
    sender: str  # what a mute names: "u:<account id>", "s:<seat>" or "c:<connection>"
    author: str | None  # the account's name, else None (the page shows the seat or "guest")
    seat: int | None
    text: str
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "room": self.room, "channel": self.channel, "from": self.sender,
                "author": self.author, "seat": self.seat, "text": self.text, "at": round(self.at, 3)}


@dataclass
class Member:
    """A connection in a room: who it is and whom it muted."""

    sender: str
    author: str | None
    seat: int | None
    address: str
    muted: set[str] = field(default_factory=set)
    window: Window = field(default_factory=lambda: Window(RATE, RATE_WINDOW))


@dataclass
class Room:
    key: str
    messages: deque[Message] = field(default_factory=lambda: deque(maxlen=2 * HISTORY))
    next_id: int = 1


class ChatHub:
    """Every chat room of this server process: the lobby and one per table."""

    def __init__(self, sessions: Any) -> None:
        self.sessions = sessions
        self.rooms: dict[str, Room] = {}
        self.members: weakref.WeakKeyDictionary[Client, Member] = weakref.WeakKeyDictionary()
        self.lobby: set[Client] = set()
        self.by_address = Window(3 * RATE, RATE_WINDOW)

    def room(self, key: str) -> Room:
        room = self.rooms.get(key)
        if room is None:
            if len(self.rooms) >= MAX_ROOMS:  # forget the oldest tables' rooms (never the lobby)
                for old in [k for k in self.rooms if k != LOBBY][:MAX_ROOMS // 10]:
                    del self.rooms[old]
            room = self.rooms[key] = Room(key)
        return room

    # -- who sees what --------------------------------------------------------------------
    @staticmethod
    def visible(msg: Message, viewer_seat: int | None, table_status: str | None) -> bool:
        if msg.channel != "spectators":
            return True
        return viewer_seat is None or table_status not in ("open", "running")

    def _for(self, client: Client, msg: Message, table: LiveTable | None) -> bool:
        member = self.members.get(client)
        if member is None or msg.sender in member.muted:
            return False
        return table is None or self.visible(msg, client.seat, table.status)

    def history(self, client: Client, key: str, table: LiveTable | None) -> str:
        msgs = [m.to_json() for m in self.room(key).messages if self._for(client, m, table)][-HISTORY:]
        return frame({"type": "chat_history", "room": key, "messages": msgs})

    # -- joining ----------------------------------------------------------------------------
    def join(self, client: Client, author: str | None, account_id: int | None, addr: str) -> Member:
        seat = client.seat
        if account_id is not None:
            sender = f"u:{account_id}"
        elif seat is not None:
            sender = f"s:{seat}"
        else:
            sender = f"c:{secrets.token_hex(4)}"
        member = Member(sender, author, seat, addr)
        self.members[client] = member
        return member

    # -- messages ---------------------------------------------------------------------------
    async def handle(self, client: Client, key: str, raw: str,
                     table: LiveTable | None) -> dict[str, Any] | None | NotChat:
        """A chat, mute or report message of ``client`` in room ``key``: an answer for the client (an error
        frame), ``None``, or :data:`NOT_CHAT` when ``raw`` is not one (the table's own messages)."""
        try:
            msg = json.loads(raw)
        except json.JSONDecodeError:
            return NOT_CHAT
        if not isinstance(msg, dict) or msg.get("type") not in KINDS:
            return NOT_CHAT
        member = self.members.get(client)
        if member is None:
            return error("malformed", "this connection has not joined a chat room")
        kind = msg["type"]
        if kind in ("mute", "unmute"):
            who = msg.get("from")
            if not isinstance(who, str) or not 3 <= len(who) <= 40:
                return error("malformed", f"\"{kind}\" needs \"from\": the sender of a message, like \"s:2\"")
            if kind == "mute" and who not in member.muted and len(member.muted) >= MAX_MUTED:
                return error("malformed", f"at most {MAX_MUTED} senders muted at once; unmute some first")
            (member.muted.add if kind == "mute" else member.muted.discard)(who)
            return {"type": "chat_muted", "muted": sorted(member.muted)}
        wait = max(member.window.blocked_for("me"), self.by_address.blocked_for(member.address))
        if wait:
            return error("chat_rate", f"at most {RATE} chat messages in {RATE_WINDOW:g} s; wait {wait} s",
                         retry_after=wait)
        member.window.add("me")
        self.by_address.add(member.address)
        if kind == "report":
            return await self._report(member, key, msg)
        text = clean(msg.get("text"))
        if not text:
            return error("chat_empty", "a chat message needs some text")
        if len(text) > CHAT_MAX:
            return error("chat_too_long",
                         f"a chat message has at most {CHAT_MAX} characters, not {len(text)}",
                         allowed=f"1 … {CHAT_MAX} characters")
        room = self.room(key)
        channel = LOBBY if table is None else ("players" if client.seat is not None else "spectators")
        message = Message(room.next_id, key, channel, member.sender, member.author, member.seat, text,
                          time.time())
        room.next_id += 1
        room.messages.append(message)
        out = frame({"type": "chat", "message": message.to_json()})
        for c in (list(table.clients) if table is not None else list(self.lobby)):
            if self._for(c, message, table):
                c.put(out)
        return None

    async def _report(self, member: Member, key: str, msg: dict[str, Any]) -> dict[str, Any] | None:
        mid = msg.get("id")
        found = next((m for m in self.room(key).messages if m.id == mid), None) \
            if isinstance(mid, int) and not isinstance(mid, bool) else None
        if found is None:
            return error("chat_no_message", f"no recent message {mid!r} in this room to report")
        reason = clean(msg.get("reason"))[:REASON_MAX]
        author = found.author or (f"seat {found.seat}" if found.seat is not None else found.sender)
        reporter = member.author or (f"seat {member.seat}" if member.seat is not None else member.sender)

        def job() -> None:
            with self.sessions() as s:
                players.add_report(s, key, found.id, author, found.text, reporter, reason)
                s.commit()

        await asyncio.to_thread(job)
        return {"type": "chat_reported", "id": found.id}


def hub_of(conn: HTTPConnection) -> ChatHub:
    hub: ChatHub | None = getattr(conn.app.state, "chat", None)
    if hub is None:
        hub = conn.app.state.chat = ChatHub(conn.app.state.sessions)
    return hub


async def on_table_finished(app_state: Any, table: LiveTable) -> None:
    """The room's finish listener: the game is over, so the players now see the spectators' messages too."""
    hub: ChatHub | None = getattr(app_state, "chat", None)
    if hub is None or f"table:{table.id}" not in hub.rooms:
        return
    for client in list(table.clients):
        if client.seat is not None and client in hub.members:
            client.put(hub.history(client, f"table:{table.id}", table))


def may_be_chat(raw: str) -> bool:
    """A cheap first look, so that a table's actions are not parsed twice (a chat frame is short: a long
    frame, a Pictionary drawing say, is never scanned)."""
    return len(raw) <= FRAME_MAX and _NAMED.search(raw) is not None


async def join_table(ws: WebSocket, table: LiveTable, client: Client, acc: Account | None) -> None:
    """Make the table socket's connection (``acc``: its account) a member of the table's room and send it
    the room's history and who plays which seat (``chat_seats``: the accounts bound to seats; to everyone
    at the table when a signed-in player takes their seat)."""
    hub = hub_of(ws)
    hub.join(client, acc.name if acc else None, acc.id if acc else None, address(ws))
    client.put(hub.history(client, f"table:{table.id}", table))
    sessions = hub.sessions

    def read() -> dict[int, tuple[int, str]]:
        with sessions() as s:
            return players.seated_accounts(s, table.id)

    bound = await asyncio.to_thread(read)
    if not bound and acc is None:
        return
    names = frame({"type": "chat_seats",
                   "names": {str(seat): name for seat, (_, name) in sorted(bound.items())}})
    for c in (list(table.clients) if acc is not None and client.seat is not None else [client]):
        c.put(names)


async def on_table_message(ws: WebSocket, table: LiveTable, client: Client,
                           raw: str) -> dict[str, Any] | None | NotChat:
    """A table socket's message if it is a chat message (else :data:`NOT_CHAT`: the table's own)."""
    if not may_be_chat(raw):
        if len(raw) > FRAME_MAX and raw.lstrip()[:40].replace(" ", "").startswith('{"type":"chat"'):
            return error("chat_too_long", f"a chat message has at most {CHAT_MAX} characters",
                         allowed=f"1 … {CHAT_MAX} characters")
        return NOT_CHAT
    return await hub_of(ws).handle(client, f"table:{table.id}", raw, table)


router = APIRouter()


@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket) -> None:
    await ws.accept()
    if not watchers.enter(ws):
        await ws.send_text(frame(error("too_many_watchers", watchers.refusal(watchers.of(ws).limit))))
        await ws.close(code=watchers.CLOSE_POLICY)
        return
    try:
        await _lobby(ws)
    finally:
        watchers.leave(ws)


async def _lobby(ws: WebSocket) -> None:
    hub = hub_of(ws)
    acc = await account_of(ws)
    client = Client(None, ws.send_text)
    client.start()
    hub.join(client, acc.name if acc else None, acc.id if acc else None, address(ws))
    hub.lobby.add(client)
    client.put(hub.history(client, LOBBY, None))
    throttle = socket_limits.Throttle()
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect":
                break
            if throttle.take() is not socket_limits.Verdict.ACCEPT:
                continue
            raw = msg.get("text")
            if raw is None or len(raw) > FRAME_MAX:
                client.put(frame(error("malformed",
                                       f"send a JSON text frame, at most {FRAME_MAX} characters")))
                continue
            reply = await hub.handle(client, LOBBY, raw, None)
            if reply is NOT_CHAT:
                reply = error("malformed", "the lobby takes chat messages only",
                              allowed=", ".join(sorted(KINDS)))
            if isinstance(reply, dict):
                client.put(frame(reply))
    except WebSocketDisconnect:
        pass
    finally:
        hub.lobby.discard(client)
        await client.close()
