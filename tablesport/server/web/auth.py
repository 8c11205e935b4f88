"""Who is signed in, what they may do, and the checks on every state-changing request.

* **Sessions**: server-side (:mod:`tablesport.store.account_sessions`); the cookie ``ts_session`` (HttpOnly,
  SameSite=Lax, Secure over HTTPS, 12 hours) holds only a random token naming the session's row. Signing out,
  a changed password and a disabled account delete the rows, so a copied cookie opens nothing afterwards.
* **CSRF**: every browser gets a random ``ts_csrf`` cookie (HttpOnly, SameSite=Strict); a form carries the
  token ``HMAC(key, "csrf:" + that cookie)`` in its ``csrf`` field (or a script in the ``X-CSRF-Token``
  header). :func:`csrf_protect` refuses (403) a POST, PUT, PATCH or DELETE without the right token, or whose
  ``Origin`` is another site. The cookie is renewed at sign-in and sign-out.
* **Roles**: :data:`OrganiserDep` (an organiser), :func:`referee_of` (a referee assigned to the event of the
  path, or an organiser), :data:`AccountDep` (anyone signed in). No session → 401; the wrong role or event →
  403 (:class:`AuthRefused`, an HTML page for the pages and the API's error shape under ``/api``).
* **Rate limits**: :class:`Window` counts events per key in a sliding window; the login
  (:class:`LoginGuard`) allows ``LOGIN_PER_ADDRESS`` failures per address and ``LOGIN_PER_ACCOUNT`` per
  address and account together in ``LOGIN_WINDOW`` seconds (429 with ``Retry-After`` past them), and a
  browser that signed in to the account before (its device cookie) only its own ``LOGIN_PER_ACCOUNT``;
  table creation ``TABLES_PER_ADDRESS`` tables per address per ``TABLES_WINDOW`` seconds.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os
import secrets
import time
from collections import deque
from collections.abc import Callable
from typing import Annotated, Any
from urllib.parse import parse_qs, urlsplit

from fastapi import Depends, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from tablesport.store import account_sessions, accounts
from tablesport.store.accounts import Account

SESSION_COOKIE = "ts_session"
CSRF_COOKIE = "ts_csrf"
DEVICE_COOKIE = "ts_device"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
SESSION_SECONDS = account_sessions.SESSION_SECONDS
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})

LOGIN_WINDOW = 15 * 60.0
LOGIN_PER_ADDRESS = 20
LOGIN_PER_ACCOUNT = 5
TABLES_WINDOW = 60.0
TABLES_PER_ADDRESS = 30


class AuthRefused(Exception):
    """A request its sender may not make: ``status`` 401 (not signed in), 403 (the wrong role or event, a
    bad form token), 429 (too many attempts; ``retry_after`` seconds)."""

    def __init__(self, status: int, key: str, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.key = key
        """The UI string the page shows (the message is the API's, in English)."""
        self.message = message
        self.retry_after = retry_after


# ---- the key and signatures ----------------------------------------------------------------------------
async def signing_key(conn: HTTPConnection) -> bytes:
    """The server's key (read from the store once per app)."""
    key: bytes | None = getattr(conn.app.state, "signing_key", None)
    if key is None:
        sessions = conn.app.state.sessions

        def load() -> bytes:
            with sessions() as s:
                k = accounts.server_key(s)
                s.commit()
                return k

        key = await asyncio.to_thread(load)
        conn.app.state.signing_key = key
    return key


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def sign(key: bytes, payload: str) -> str:
    return _b64(hmac.new(key, payload.encode("utf-8"), hashlib.sha256).digest())


def csrf_for(key: bytes, nonce: str) -> str:
    return sign(key, "csrf:" + nonce)


# ---- who is asking ----------------------------------------------------------------------------------------
async def account_of(conn: HTTPConnection) -> Account | None:
    """The signed-in account of a request or a WebSocket (its session cookie names a live session of an
    enabled account), or ``None``."""
    cached: Account | None | bool = conn.scope.get("ts.account", False)
    if cached is not False:
        return cached  # type: ignore[return-value]
    token = conn.cookies.get(SESSION_COOKIE)
    acc: Account | None = None
    if token:
        sessions = conn.app.state.sessions

        def load() -> Account | None:
            with sessions() as s:
                uid = account_sessions.user_of(s, token)
                return accounts.account(s, uid) if uid is not None else None

        acc = await asyncio.to_thread(load)
    conn.scope["ts.account"] = acc
    return acc


async def current_account(request: Request) -> Account | None:
    """The signed-in account, or ``None`` (no cookie, an ended or unknown session, a disabled account)."""
    return await account_of(request)


AccountOrNone = Annotated[Account | None, Depends(current_account)]


async def signed_in(acc: AccountOrNone) -> Account:
    if acc is None:
        raise AuthRefused(401, "need_sign_in", "sign in first")
    return acc


async def organiser(acc: AccountOrNone) -> Account:
    if acc is None:
        raise AuthRefused(401, "need_sign_in", "sign in as an organiser first")
    if not acc.is_organiser:
        raise AuthRefused(403, "need_organiser", f"this page is for organisers; {acc.name} is a {acc.role}")
    return acc


AccountDep = Annotated[Account, Depends(signed_in)]
OrganiserDep = Annotated[Account, Depends(organiser)]


async def referee(acc: AccountOrNone, event_id: int) -> Account:
    """An organiser, or a referee assigned to the event ``event_id`` of the path."""
    if acc is None:
        raise AuthRefused(401, "need_sign_in", "sign in as a referee of this event first")
    if not acc.may_referee(event_id):
        if acc.role == "referee":
            raise AuthRefused(403, "not_referee_here", f"{acc.name} is not a referee of this event")
        raise AuthRefused(403, "not_referee_here",
                          f"this page is for the event's referees; {acc.name} is a {acc.role}")
    return acc


RefereeDep = Annotated[Account, Depends(referee)]


# ---- CSRF -------------------------------------------------------------------------------------------------
def csrf_nonce(request: Request) -> str:
    """The browser's CSRF cookie, or a new one (set on the response by :func:`keep_csrf`)."""
    nonce = request.cookies.get(CSRF_COOKIE) or request.scope.get("ts.csrf_new")
    if not nonce or len(nonce) > 64:
        nonce = secrets.token_urlsafe(24)
        request.scope["ts.csrf_new"] = nonce
    return str(nonce)


async def csrf_token(request: Request) -> str:
    """The token a form on this page carries."""
    return csrf_for(await signing_key(request), csrf_nonce(request))


def keep_csrf(request: Request, response: Response, renew: bool = False) -> None:
    """Set the CSRF cookie on ``response`` if the page made one (or a new one when ``renew``)."""
    nonce = request.scope.get("ts.csrf_new")
    if renew:
        nonce = secrets.token_urlsafe(24)
    if nonce:
        response.set_cookie(CSRF_COOKIE, str(nonce), httponly=True, samesite="strict", path="/",
                            secure=request.url.scheme == "https")


async def form_of(request: Request) -> dict[str, str]:
    """An ``application/x-www-form-urlencoded`` body as a dict (the last value of a repeated name);
    :func:`form_lists` keeps them all."""
    return {k: v[-1] for k, v in (await form_lists(request)).items()}


async def form_lists(request: Request) -> dict[str, list[str]]:
    if "application/x-www-form-urlencoded" not in request.headers.get("content-type", ""):
        return {}
    body = (await request.body()).decode("utf-8", "replace")
    request.state.form_body = body  # kept for the page that gives it back if the store does not save it
    return parse_qs(body, keep_blank_values=True)


async def csrf_protect(request: Request) -> None:
    """Router dependency: a state-changing request carries the page's token and comes from this site."""
    if request.method not in UNSAFE:
        return
    origin = request.headers.get("origin")
    if origin and origin != "null":
        host = request.headers.get("host", "")
        if urlsplit(origin).netloc != host:
            raise AuthRefused(403, "form_other_site", f"a form from another site ({origin}) is refused")
    given = request.headers.get(CSRF_HEADER) or (await form_of(request)).get(CSRF_FIELD, "")
    nonce = request.cookies.get(CSRF_COOKIE)
    if not nonce or not given or not hmac.compare_digest(given, csrf_for(await signing_key(request), nonce)):
        raise AuthRefused(403, "form_expired",
                          "this form has expired or was not sent from its page: "
                          "reload the page and send it again")


# ---- rate limits ------------------------------------------------------------------------------------------
class Window:
    """At most ``limit`` events per key in the last ``seconds`` (a sliding window)."""

    def __init__(self, limit: int, seconds: float, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 100_000) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self.max_keys = max_keys
        self.events: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        q = self.events.get(key)
        if q is None:
            if len(self.events) >= self.max_keys:  # forget the quietest keys rather than grow without end
                for k in [k for k, v in self.events.items() if not v or v[-1] < self.clock() - self.seconds]:
                    del self.events[k]
            q = self.events.setdefault(key, deque())
        cut = self.clock() - self.seconds
        while q and q[0] <= cut:
            q.popleft()
        return q

    def blocked_for(self, key: str) -> int:
        """Seconds until ``key`` may act again (0: now)."""
        q = self._recent(key)
        if len(q) < self.limit:
            return 0
        return max(1, int(q[0] + self.seconds - self.clock()) + 1)

    def add(self, key: str) -> None:
        self._recent(key).append(self.clock())

    def clear(self, key: str) -> None:
        self.events.pop(key, None)


def address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else "unknown"


class LoginGuard:
    """Failed sign-ins, counted so that nobody can lock another person out.

    A browser that has signed in to an account before carries a *device cookie* for it
    (:func:`remember_device`); its tries are counted on that cookie alone (``LOGIN_PER_ACCOUNT`` failures), so
    failures elsewhere never refuse it. Any other try is counted per address and account together
    (``LOGIN_PER_ACCOUNT``) and per address (``LOGIN_PER_ADDRESS``, whatever the names): a guesser locks
    only themself out, never the account."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.by_address = Window(LOGIN_PER_ADDRESS, LOGIN_WINDOW, clock)
        self.by_pair = Window(LOGIN_PER_ACCOUNT, LOGIN_WINDOW, clock)
        self.by_device = Window(LOGIN_PER_ACCOUNT, LOGIN_WINDOW, clock)

    @staticmethod
    def _pair(addr: str, name: str) -> str:
        return f"{addr}|{name.strip().lower()}"

    def check(self, addr: str, name: str, device: str | None = None) -> None:
        if device:
            wait = self.by_device.blocked_for(device)
        else:
            wait = max(self.by_address.blocked_for(addr), self.by_pair.blocked_for(self._pair(addr, name)))
        if wait:
            raise AuthRefused(429, "too_many_logins", f"too many failed sign-ins; try again in {wait} s",
                              retry_after=wait)

    def failed(self, addr: str, name: str, device: str | None = None) -> None:
        if device:
            self.by_device.add(device)
            return
        self.by_address.add(addr)
        self.by_pair.add(self._pair(addr, name))

    def succeeded(self, addr: str, name: str, device: str | None = None) -> None:
        self.by_pair.clear(self._pair(addr, name))
        if device:
            self.by_device.clear(device)


def login_guard(conn: HTTPConnection) -> LoginGuard:
    guard: LoginGuard | None = getattr(conn.app.state, "login_guard", None)
    if guard is None:
        guard = conn.app.state.login_guard = LoginGuard()
    return guard


def _device_mac(key: bytes, name: str, nonce: str) -> str:
    return sign(key, f"device:{name.strip().lower()}:{nonce}")


def device_of(request: Request, name: str | None = None) -> str | None:
    """The nonce of the request's device cookie when it was given to this browser for the account ``name``
    (default: the signed-in account's), else ``None``. The server's key must have been read already
    (any page or form of this app has read it)."""
    key: bytes | None = getattr(request.app.state, "signing_key", None)
    value = request.cookies.get(DEVICE_COOKIE) or ""
    if name is None:
        acc = request.scope.get("ts.account")
        name = acc.name if isinstance(acc, Account) else None
    if key is None or not name or len(value) > 200 or "." not in value:
        return None
    nonce, _, mac = value.partition(".")
    return nonce if hmac.compare_digest(mac, _device_mac(key, name, nonce)) else None


def remember_device(request: Request, response: Response, key: bytes, name: str) -> None:
    """After a sign-in to ``name``: this browser's device cookie for it (a year; a browser keeps one)."""
    nonce = device_of(request, name) or secrets.token_urlsafe(12)
    response.set_cookie(DEVICE_COOKIE, f"{nonce}.{_device_mac(key, name, nonce)}", httponly=True,
                        samesite="strict", max_age=365 * 86400, path="/",
                        secure=request.url.scheme == "https")


def tables_per_minute() -> int:
    """``TABLESPORT_TABLES_PER_MINUTE`` (0: no limit, for load tests), else :data:`TABLES_PER_ADDRESS`."""
    text = os.environ.get("TABLESPORT_TABLES_PER_MINUTE", "").strip()
    return int(text) if text.isdigit() else TABLES_PER_ADDRESS


def table_window(conn: HTTPConnection) -> Window | None:
    win: Window | None = getattr(conn.app.state, "table_window", None)
    if win is None:
        limit = getattr(conn.app.state, "tables_per_minute", None)
        limit = tables_per_minute() if limit is None else limit
        if limit <= 0:
            return None
        win = conn.app.state.table_window = Window(limit, TABLES_WINDOW)
    return win


def visitor_of(request: Request, acc: Account | None) -> str | None:
    """The address whose tables count as a visitor's (:mod:`..live.visitor_limits`): ``None`` for a signed-in
    account, and for every caller of a server run without per-address table limits (0 tables a minute: load
    tests and trusted local runs)."""
    if acc is not None:
        return None
    limit = getattr(request.app.state, "tables_per_minute", None)
    if (tables_per_minute() if limit is None else limit) <= 0:
        return None
    return address(request)


async def table_rate(request: Request) -> None:
    """Dependency of the routes that open a table: ``TABLES_PER_ADDRESS`` per address per minute."""
    win = table_window(request)
    if win is None:
        return
    addr = address(request)
    wait = win.blocked_for(addr)
    if wait:
        raise AuthRefused(429, "too_many_tables",
                          f"too many new tables from this address ({win.limit} a minute); "
                          f"try again in {wait} s",
                          retry_after=wait)
    win.add(addr)


def describe(acc: Account | None) -> dict[str, Any] | None:
    return acc.to_json() if acc is not None else None
