"""Which proxies may say who the client is.

A request's address is the peer of its connection, unless that peer is one of the configured proxies
(``TABLESPORT_TRUSTED_PROXIES``: addresses or networks, comma-separated; the hosted cluster sets it to its
HAProxy's address). Only then is ``X-Forwarded-For`` read: the client is the rightmost address in it that
is not itself a trusted proxy (HAProxy's ``option forwardfor`` appends the address it saw, so anything a
client wrote into the header stands to its left), and ``X-Forwarded-Proto`` gives the scheme. A header
from anyone else is ignored, so a local process cannot claim a new address per request to slip past the
per-address limits. uvicorn's own reading of these headers is switched off (:data:`UVICORN`), since it
trusts 127.0.0.1 by default.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Any

ENV = "TABLESPORT_TRUSTED_PROXIES"
UVICORN: dict[str, Any] = {"proxy_headers": False}
"""What every uvicorn server of this app is given: the app reads the forwarded headers itself."""

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse(text: str | None) -> tuple[Network, ...]:
    """``"127.0.0.1, 10.0.0.0/8"`` → the networks; a wrong entry is an error that names it."""
    out: list[Network] = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            out.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(
                f"{ENV}: {part!r} is not an address or a network (e.g. 127.0.0.1, 10.0.0.0/8)"
            ) from None
    return tuple(out)


def configured() -> tuple[Network, ...]:
    return parse(os.environ.get(ENV))


def _trusted(host: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(host.strip())
    except ValueError:
        return False
    return any(ip in net for net in proxies)


def client_of(peer: str, forwarded_for: str | None, proxies: tuple[Network, ...]) -> str:
    """The client's address of a request from ``peer`` carrying ``X-Forwarded-For: forwarded_for``."""
    if not proxies or not forwarded_for or not _trusted(peer, proxies):
        return peer
    for hop in reversed([h.strip() for h in forwarded_for.split(",") if h.strip()]):
        if not _trusted(hop, proxies):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # not an address: the header is not the proxy's own
    return peer


class TrustedProxies:
    """ASGI middleware: the scope's ``client`` (and ``scheme``) as :func:`client_of` says."""

    def __init__(self, app: Any, proxies: tuple[Network, ...]) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.proxies and scope["type"] in ("http", "websocket") and scope.get("client"):
            peer, port = scope["client"]
            if _trusted(peer, self.proxies):
                headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
                host = client_of(peer, headers.get("x-forwarded-for"), self.proxies)
                scope = dict(scope, client=(host, port))
                proto = headers.get("x-forwarded-proto", "").strip().lower()
                if proto in ("http", "https"):
                    ws = scope["type"] == "websocket"
                    scope["scheme"] = {"http": "ws", "https": "wss"}[proto] if ws else proto
        await self.app(scope, receive, send)
