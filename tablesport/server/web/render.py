"""Rendering pages: :func:`page` (a template in a language), :func:`render` (the same for someone who may
be signed in: with the account and the token its forms carry), the page shown for a refused request and the
friendly error pages for browsers (:func:`error_page`; the JSON API keeps its JSON errors)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates

from tablesport.store.accounts import Account, AccountError

from ..content import i18n
from ..models.common import error_body
from . import auth
from .security_headers import nonce_of

templates = Jinja2Templates(directory=Path(__file__).parent.parent / "templates")


def page(request: Request, lang: str, template: str, /, **ctx: Any) -> HTMLResponse:
    """The template ``template`` in ``lang``; a ``?lang=`` choice is kept in a cookie."""
    from ..content.texts import preset_title

    ctx.update(lang=lang, langs=i18n.LANG_NAMES, t=i18n.translator(lang), strings=i18n.strings(lang),
               path=request.url.path, lang_links=lang_links(request), csp_nonce=nonce_of(request.scope),
               preset_name=lambda preset: preset_title(str(preset), lang))
    resp = templates.TemplateResponse(request, template, ctx)
    if request.query_params.get("lang") in i18n.LANGS:
        resp.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
    return resp


def lang_links(request: Request) -> dict[str, str]:
    """The page itself in each language: its path and query with ``lang`` set (nothing else of it lost)."""
    query = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    return {code: f"{request.url.path}?{urlencode([*query, ('lang', code)])}" for code in i18n.LANGS}


async def render(request: Request, lang: str, template: str, /, account: Account | None = None,
                 status: int = 200, **ctx: Any) -> HTMLResponse:
    """The template with ``account`` (who is signed in) and ``csrf`` (the token its forms carry)."""
    resp = page(request, lang, template, account=account, csrf=await auth.csrf_token(request), **ctx)
    resp.status_code = status
    auth.keep_csrf(request, resp)
    return resp


def account_message(lang: str, exc: AccountError) -> str:
    """An account's refusal in the page's language (its English message where it has no page string)."""
    return str(i18n.translator(lang)(exc.key, **exc.fmt)) if exc.key else exc.message


async def refused_page(request: Request, exc: Exception) -> Response:
    """401/403/429 from :mod:`.auth`: the API's error shape under ``/api``, else a page in the visitor's
    language (with a sign-in link when no one is signed in)."""
    assert isinstance(exc, auth.AuthRefused)
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    if request.url.path.startswith("/api/"):
        code = {401: "unauthorized", 403: "forbidden", 429: "too_many_requests"}.get(exc.status, "refused")
        return JSONResponse(error_body(code, exc.message, None, []), status_code=exc.status, headers=headers)
    lang = i18n.pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                          request.headers.get("accept-language"))
    account = None
    if exc.status == 403:  # signed in but not allowed here: the page shows who is signed in, not "Sign in"
        try:
            account = await auth.current_account(request)
        except Exception:  # a page about a refusal must not fail on the account
            account = None
    resp = await render(request, lang, "refused.html", account=account, status=exc.status, key=exc.key,
                        message=exc.message, next=request.url.path)
    if headers:
        resp.headers.update(headers)
    return resp


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, not a script or an image)."""
    return (not request.url.path.startswith("/api/") and request.scope.get("type") == "http"
            and "text/html" in request.headers.get("accept", ""))


_TABLE_PATH = re.compile(r"^/(?:play|watch|replay|tables)/([0-9a-f]{6,32})(?:/|$)")


async def error_page(request: Request, status: int, detail: Any, key: str | None = None) -> HTMLResponse:
    """A refusal as a page in the visitor's language, with the way back: the lobby (where "my tables"
    lists this browser's seats) and, for a table's path, the table as a spectator."""
    lang = i18n.pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                          request.headers.get("accept-language"))
    path = request.url.path
    if key is None:
        if status == 403 and path.startswith("/play/"):
            key = "errpage.bad_seat_link"
        elif status == 404 and detail == "no such table":
            key = "errpage.no_table"
        else:
            key = f"errpage.{status}" if f"errpage.{status}" in i18n.strings(lang) else "errpage.other"
    message = detail.get("message") if isinstance(detail, dict) else (detail or "")
    table = _TABLE_PATH.match(path)
    watch = f"/watch/{table.group(1)}" if table and key not in ("errpage.no_table",) else None
    try:
        account = await auth.current_account(request)
    except Exception:  # a page about an error must not fail on the account
        account = None
    return await render(request, lang, "error.html", account=account, status=status, key=key,
                        message=str(message), watch=watch)
