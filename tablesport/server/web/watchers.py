"""How many sockets one address may hold open just to watch: a table's spectators (no seat token), the
lobby's socket and an event's live-update socket (the projector), together at most
``WATCHERS_PER_ADDRESS`` (``TABLESPORT_WATCHERS_PER_ADDRESS``; 0: no limit). A seat's own socket is never
counted. One past the limit is told so (``too_many_watchers``) and closed (1008) before it is served.
Counted in each server process (a socket lives in one)."""

from __future__ import annotations

import os

from starlette.requests import HTTPConnection

from . import auth

WATCHERS_PER_ADDRESS = 100
ENV = "TABLESPORT_WATCHERS_PER_ADDRESS"
CLOSE_POLICY = 1008


class Watchers:
    """Open watching sockets per address."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def enter(self, addr: str) -> bool:
        """One more socket from ``addr``, if it is under the limit."""
        n = self.open.get(addr, 0)
        if self.limit > 0 and n >= self.limit:
            return False
        self.open[addr] = n + 1
        return True

    def leave(self, addr: str) -> None:
        n = self.open.get(addr, 0) - 1
        if n > 0:
            self.open[addr] = n
        else:
            self.open.pop(addr, None)


def limit_from_env() -> int:
    text = os.environ.get(ENV, "").strip()
    return int(text) if text.isdigit() else WATCHERS_PER_ADDRESS


def of(conn: HTTPConnection) -> Watchers:
    found: Watchers | None = getattr(conn.app.state, "watchers", None)
    if found is None:
        found = conn.app.state.watchers = Watchers(limit_from_env())
    return found


def enter(conn: HTTPConnection) -> bool:
    return of(conn).enter(auth.address(conn))


def leave(conn: HTTPConnection) -> None:
    of(conn).leave(auth.address(conn))


def refusal(limit: int) -> str:
    return (
        f"too many open sockets watching from this address (at most {limit}); "
        "close some pages or tabs and reload"
    )
