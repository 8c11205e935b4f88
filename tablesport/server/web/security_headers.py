"""Headers every answer carries against injected scripts and framing.

* ``Content-Security-Policy``: scripts and styles from this site only, plus those carrying the answer's
  nonce (a fresh random value per request, in ``scope["ts.csp_nonce"]``; the pages give it to the ``<style>``
  elements the game screens add, see ``common.js``'s ``NONCE``); no inline script, no ``style="…"``
  attribute in markup (scripts set styles through the CSSOM, which the policy allows), images from this
  site and ``data:``, sockets to this site, no plugins, forms posting only here, never framed.
* ``X-Frame-Options: DENY`` (older browsers' ``frame-ancestors``), ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: same-origin``.

The API's interactive documentation (``/api/docs``, Swagger UI from a CDN with an inline script) gets the
other headers but not the policy.
"""

from __future__ import annotations

import secrets
from typing import Any

NONCE_KEY = "ts.csp_nonce"
UNGUARDED = ("/api/docs",)


def policy(nonce: str) -> str:
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' 'nonce-{nonce}'",
            f"style-src 'self' 'nonce-{nonce}'",
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self' ws: wss:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def nonce_of(scope: Any) -> str:
    """The nonce of this request's answer (made on first use)."""
    nonce: str | None = scope.get(NONCE_KEY)
    if nonce is None:
        nonce = scope[NONCE_KEY] = secrets.token_urlsafe(16)
    return nonce


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP answer."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        nonce = nonce_of(scope)
        guarded = not scope.get("path", "").startswith(UNGUARDED)

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {k.lower() for k, _ in headers}
                extra = [
                    (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"),
                ]
                if guarded:
                    extra.append((b"content-security-policy", policy(nonce).encode("ascii")))
                headers += [(k, v) for k, v in extra if k not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
