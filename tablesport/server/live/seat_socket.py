"""A seat is one connection: a seat link opened in a second browser (or tab, or device) takes the seat there,
and the older connection is displaced.

The newest connection wins rather than the first one keeping the seat: the person at a screen is the one
opening the link now (a phone gone flat, a laptop that slept, a tab on a table at the hall). A seat kept for
the older socket would wait on a connection that may be half-dead for minutes, its clock running, with no
one able to answer it. A displaced page is told why, in its language, and is sent nothing more; whatever it
sends is refused (:func:`refusal`), never played. It stays open (a page that reconnected by itself would take
the seat back and the two would pass it to and fro) until its page closes it, or a third connection to the
seat displaces the newest: at most one displaced socket is kept per seat, the one before is closed
(:data:`CLOSE_ELSEWHERE`)."""

from __future__ import annotations

from typing import Any

from ..content import i18n
from .client import Client
from .frames import error, frame

CLOSE_ELSEWHERE = 4409
"""WebSocket close code: the seat is played from another connection now (the page does not reconnect)."""
CODE = "seat_elsewhere"


def refusal(lang: str | None) -> dict[str, Any]:
    """The error frame a displaced connection is sent, in its page's language (English without one)."""
    text = i18n.translator(lang or i18n.DEFAULT)("seat_elsewhere")
    return error(CODE, text, local=True)


class SeatSockets:
    """The displaced connection kept for each seat of one table."""

    def __init__(self) -> None:
        self.displaced: dict[int, Client] = {}

    def take(self, clients: set[Client], newest: Client) -> None:
        """``newest`` plays its seat: every other connection of that seat in ``clients`` is displaced (taken
        out of ``clients``, told why); the one displaced before is closed."""
        seat = newest.seat
        if seat is None:
            return
        older = [c for c in clients if c.seat == seat and c is not newest]
        for c in older:
            clients.discard(c)
            c.displaced = True
            c.put(frame(refusal(c.lang)))
            before = self.displaced.get(seat)
            if before is not None and before is not c:
                before.close_socket(CLOSE_ELSEWHERE, CODE)
            self.displaced[seat] = c

    def gone(self, client: Client) -> None:
        """``client``'s socket closed."""
        if client.seat is not None and self.displaced.get(client.seat) is client:
            del self.displaced[client.seat]
