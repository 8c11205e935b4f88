"""One error shape for every refusal (:class:`~.models.common.ApiError`): the API's own refusals, the
rules' (tournament, table setup, tokens), FastAPI's validation errors, unknown paths and methods, and a
body over the size limit. Each names what is wrong, what is allowed and the field at fault.

:class:`BodyLimit` refuses a request body over :data:`~.models.common.MAX_BODY` before the app reads it;
:func:`install` puts the handlers and the limit on an app.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import parse_qsl

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablesport.store.live.archive import NoRecord
from tablesport.store.live.writer import NotSaved
from tablesport.store.tokens import TokenError
from tablesport.tournament.errors import TournamentError

from ..content import i18n
from ..hosted.errors import Unavailable
from ..live.setup import SetupError
from ..models.common import MAX_BODY, error_body
from .render import error_page, render, wants_page

log = logging.getLogger("tablesport.server")

CODES = {
    400: "refused",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "invalid",
}


def refuse(
    status: int,
    message: str,
    field: str | None = None,
    allowed: Sequence[Any] = (),
    code: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> HTTPException:
    """An HTTPException carrying the error shape (raise it)."""
    return HTTPException(
        status,
        error_body(code or CODES.get(status, "refused"), message, field, allowed),
        headers=dict(headers) if headers else None,
    )


def tournament_error(exc: TournamentError) -> dict[str, Any]:
    rule: dict[str, str | None] | None = None
    if exc.rule is not None:
        rule = {"id": exc.rule.id, "clause": exc.rule.clause, "text": exc.rule.text}
    return error_body("refused", str(exc), exc.field, exc.allowed, rule)


# ---- validation errors ------------------------------------------------------------------------------------
TYPE_WORDS = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "a string",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "list_type": "an array",
    "none_required": "null",
    "literal_error": "one of the listed values",
}


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _walk(schema: dict[str, Any], defs: dict[str, Any], path: Sequence[Any]) -> list[dict[str, Any]]:
    """The schemas a body path may lead to (several when a union cannot tell)."""

    def resolve(s: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in s:
            s = defs.get(s["$ref"].rsplit("/", 1)[-1], {})
        return s

    here = [resolve(schema)]
    for part in path:
        nxt: list[dict[str, Any]] = []
        for s in here:
            for alt in [s, *map(resolve, s.get("anyOf", []) + s.get("oneOf", []))]:
                mapping = (alt.get("discriminator") or {}).get("mapping") or {}
                if isinstance(part, str) and part in mapping:
                    nxt.append(resolve({"$ref": mapping[part]}))
                elif isinstance(part, str) and part in (alt.get("properties") or {}):
                    nxt.append(resolve(alt["properties"][part]))
                elif isinstance(part, str) and isinstance(alt.get("additionalProperties"), dict):
                    nxt.append(resolve(alt["additionalProperties"]))
                elif isinstance(part, int) and isinstance(alt.get("items"), dict):
                    nxt.append(resolve(alt["items"]))
        here = nxt or here
    return here


def _fields_here(request: Request, loc: Sequence[Any]) -> list[str]:
    """The fields the body declares at ``loc`` (for an unknown field: what would be allowed)."""
    name = getattr(request.scope.get("route"), "name", None)
    doc = request.app.openapi()
    ops = [op for item in doc.get("paths", {}).values() for op in item.values()
           if isinstance(op, dict) and op.get("operationId") == name]
    try:
        schema = ops[0]["requestBody"]["content"]["application/json"]["schema"]
    except (IndexError, KeyError, TypeError):
        return []
    defs = doc.get("components", {}).get("schemas", {})
    names: list[str] = []
    for s in _walk(schema, defs, loc):
        for alt in [s, *s.get("anyOf", []), *s.get("oneOf", [])]:
            names += [n for n in (alt.get("properties") or {}) if n not in names]
    return names


def problem(request: Request, err: Mapping[str, Any]) -> dict[str, Any]:
    """One validation error as ``{field, message, allowed}``."""
    loc = list(err.get("loc") or ())
    where, body_path = (loc[0], loc[1:]) if loc else ("body", [])
    field = ".".join(str(p) for p in body_path) or str(where)
    kind = str(err.get("type", ""))
    ctx = err.get("ctx") or {}
    given = err.get("input")
    allowed: list[str] = []
    if kind == "missing":
        message = "is required"
    elif kind == "extra_forbidden":
        allowed = _fields_here(request, body_path[:-1]) if where == "body" else []
        message = "is not a field of this request"
    elif kind == "literal_error" or kind == "enum":
        allowed = [
            a.strip().strip("'")
            for a in str(ctx.get("expected", "")).replace(" or ", ",").split(",")
            if a.strip()
        ]
        message = f"must be one of {ctx.get('expected')}, not {_shown(given)}"
    elif kind == "union_tag_invalid":
        allowed = [a.strip().strip("'") for a in str(ctx.get("expected_tags", "")).split(",") if a.strip()]
        message = (f"{ctx.get('discriminator')} must be one of {ctx.get('expected_tags')}, "
                   f"not {_shown(ctx.get('tag'))}")
    elif kind == "union_tag_not_found":
        message = f'needs {ctx.get("discriminator")} (an object such as {{"kind": "person"}})'
    elif kind in ("less_than_equal", "less_than"):
        bound = ctx.get("le", ctx.get("lt"))
        message = (
            f"must be at most {bound}, not {_shown(given)}"
            if kind == "less_than_equal"
            else f"must be less than {bound}, not {_shown(given)}"
        )
        allowed = [f"at most {bound}"]
    elif kind in ("greater_than_equal", "greater_than"):
        bound = ctx.get("ge", ctx.get("gt"))
        message = (
            f"must be at least {bound}, not {_shown(given)}"
            if kind == "greater_than_equal"
            else f"must be more than {bound}, not {_shown(given)}"
        )
        allowed = [f"at least {bound}"]
    elif kind in ("too_long", "string_too_long"):
        unit = "characters" if kind == "string_too_long" else "items"
        message = f"has more than {ctx.get('max_length')} {unit}"
        allowed = [f"at most {ctx.get('max_length')} {unit}"]
    elif kind in ("too_short", "string_too_short"):
        unit = "characters" if kind == "string_too_short" else "items"
        message = f"has fewer than {ctx.get('min_length')} {unit}"
        allowed = [f"at least {ctx.get('min_length')} {unit}"]
    elif kind == "string_pattern_mismatch":
        message = f"{_shown(given)} has characters or a form that is not allowed"
        allowed = [f"text matching {ctx.get('pattern')}"]
    elif kind in TYPE_WORDS:
        message = f"must be {TYPE_WORDS[kind]}, not {_shown(given)}"
        allowed = [TYPE_WORDS[kind]]
    elif kind == "json_invalid":
        message = f"the body is not valid JSON ({ctx.get('error', 'parse error')})"
    else:
        message = str(err.get("msg", "is not valid"))
    if where in ("query", "path", "header") and body_path:
        field = str(body_path[-1])
    return {"field": field, "message": message, "allowed": allowed}


async def on_validation(request: Request, exc: RequestValidationError) -> JSONResponse:
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        first = problem(request, next(e for e in errors if e.get("type") == "json_invalid"))
        return JSONResponse(
            error_body(
                "malformed", first["message"] + "; send a JSON object as the body", None, ["a JSON object"]
            ),
            status_code=400,
        )
    found = [problem(request, e) for e in errors][:20]
    first = found[0] if found else {"field": None, "message": "is not valid", "allowed": []}
    more = f" (and {len(found) - 1} more problem{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
    message = f"{first['field']}: {first['message']}" if first["field"] else first["message"]
    return JSONResponse(
        error_body(
            "invalid",
            message + more,
            first["field"],
            first["allowed"],
            problems=[{"field": p["field"], "message": p["message"]} for p in found],
        ),
        status_code=422,
    )


async def on_http(request: Request, exc: StarletteHTTPException) -> Response:
    status = exc.status_code
    headers = dict(exc.headers or {})
    if wants_page(request) and 400 <= status < 500:  # a browser gets a page with a way back
        page = await error_page(request, status, exc.detail)
        page.headers.update({k: v for k, v in headers.items() if k.lower() != "allow"})
        return page
    if isinstance(exc.detail, dict) and "code" in exc.detail:
        body = exc.detail
    elif status == 404 and exc.detail == "Not Found":
        body = error_body(
            "not_found", f"no such path: {request.url.path} (the API is described at /api/docs)", "path"
        )
    elif status == 405:
        allowed = _methods_for(request, headers.get("allow", headers.get("Allow", "")))
        headers.pop("allow", None)
        headers["Allow"] = ", ".join(allowed)
        body = error_body(
            "method_not_allowed", f"{request.method} is not allowed on {request.url.path}", "method", allowed
        )
    else:
        body = error_body(CODES.get(status, "refused" if status < 500 else "internal"), str(exc.detail))
    return JSONResponse(body, status_code=status, headers=headers or None)


def _methods_for(request: Request, header: str) -> list[str]:
    """Every method the API takes at this path (Starlette names only the first route's)."""
    methods: set[str] = set()
    for path, item in request.app.openapi().get("paths", {}).items():
        if re.fullmatch(re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)), request.url.path):
            methods |= {m.upper() for m in item if m in ("get", "post", "put", "patch", "delete")}
    return sorted(methods) or [m.strip() for m in header.split(",") if m.strip()]


async def on_setup(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, SetupError)
    return JSONResponse(error_body("setup", str(exc), exc.field, exc.allowed), status_code=400)


async def on_no_record(request: Request, exc: Exception) -> Response:
    """A finished table's record asked for that cannot be given: refused as :func:`on_http` refuses."""
    assert isinstance(exc, NoRecord)
    return await on_http(request, refuse(exc.status, str(exc), "tid"))


async def on_tournament(request: Request, exc: Exception) -> Response:
    """A rule's refusal: JSON for the API and scripts, a page with the message and a way back for a
    browser (a page route that has no form of its own to show it on, e.g. a printout)."""
    assert isinstance(exc, TournamentError)
    if wants_page(request):
        return await error_page(request, 400, {"message": str(exc)})
    return JSONResponse(tournament_error(exc), status_code=400)


async def on_token(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TokenError)
    return JSONResponse(error_body("refused", str(exc), exc.field, exc.allowed), status_code=400)


async def on_unavailable(request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(error_body("unavailable", str(exc)), status_code=503, headers={"Retry-After": "2"})


async def failure_page(request: Request, status: int, message: str) -> Response:
    """A browser's page for a failure of the server or the store (never raw JSON): the usual error page, or,
    when even that needs the failing store, a bare page in the visitor's language."""
    try:
        return await error_page(request, status, message)
    except Exception:
        log.exception("the error page itself failed")
    from html import escape

    from ..content import i18n

    lang = i18n.pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                          request.headers.get("accept-language"))
    t = i18n.translator(lang)
    key = f"errpage.{status}" if f"errpage.{status}" in i18n.strings(lang) else "errpage.other"
    title = escape(t(key))
    body = (f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>{title}</title><h1>{title}</h1>'
            f'<p>{escape(message)}</p><p><a href="/">{escape(t("lobby"))}</a></p></html>')
    return HTMLResponse(body, status_code=status)


async def on_store_down(request: Request, exc: Exception) -> Response:
    """The store did not answer (PostgreSQL restarting, a network cut, SQLite locked too long) or did not
    commit the request's change: nothing of it was saved; the client may send it again. A browser's form
    gets a page in its language with what was typed, ready to be sent again (:func:`typed_again`)."""
    log.warning("%s %s: the store did not save it: %s", request.method, request.url.path,
                str(exc).splitlines()[0])
    body = getattr(request.state, "form_body", None)
    if body is not None and not request.url.path.startswith("/api/"):
        return await typed_again(request, body)
    if wants_page(request):
        page = await failure_page(request, 503, "the store did not answer, so nothing was changed; "
                                  "try again in a few seconds")
        page.headers["Retry-After"] = "2"
        return page
    return JSONResponse(error_body("unavailable", "the store did not save this request (it may be out of "
                                   "reach for a moment), so nothing was changed; try again in a few seconds"),
                        status_code=503,
                        headers={"Retry-After": "2"})


async def typed_again(request: Request, body: str) -> Response:
    """503: the store was busy; the form's fields as they were typed (not its old token), to send again."""
    lang = i18n.pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                          request.headers.get("accept-language"))
    typed = [(k, v) for k, v in parse_qsl(body, keep_blank_values=True) if k != "csrf"]
    resp = await render(request, lang, "store_busy.html", status=503, action=request.url.path, typed=typed)
    resp.headers["Retry-After"] = "2"
    return resp


async def on_crash(request: Request, exc: Exception) -> Response:
    log.exception("%s %s failed", request.method, request.url.path, exc_info=exc)
    if wants_page(request):  # a browser gets a page, not the API's JSON
        return await failure_page(request, 500, "the server failed on this request; it is logged")
    return JSONResponse(
        error_body("internal", "the server failed on this request; it is logged"), status_code=500
    )


class BodyLimit:
    """Refuses (413) a request whose body is over ``limit`` bytes, by its Content-Length or as it streams in,
    before the app sees any of it."""

    LARGER: tuple[tuple[str, int], ...] = (
        ("/photo/read", 16 * 1024 * 1024),
        ("/photo/sheet", 4 * 1024 * 1024),
        ("/hall/photo/game", 8 * 1024 * 1024),
    )
    """Paths (by their end) that take a larger body: a referee's phone photo, and the sheet (or the
    Rummikub game, a photo per loser's rack) that keeps it."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        limit = next((n for end, n in self.LARGER if path.endswith(end)), self.limit)
        if limit != self.limit:
            await BodyLimit(self.app, limit)(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._too_large(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, receive, send)  # the client left; let the app see it
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        resp = JSONResponse(
            error_body(
                "too_large", f"the body is over {self.limit} bytes", None, [f"at most {self.limit} bytes"]
            ),
            status_code=413,
        )
        await resp(scope, receive, send)


def install(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, on_validation)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, on_http)  # type: ignore[arg-type]
    app.add_exception_handler(SetupError, on_setup)
    app.add_exception_handler(NoRecord, on_no_record)
    app.add_exception_handler(TournamentError, on_tournament)
    app.add_exception_handler(TokenError, on_token)
    app.add_exception_handler(Unavailable, on_unavailable)
    app.add_exception_handler(OperationalError, on_store_down)
    app.add_exception_handler(NotSaved, on_store_down)
    app.add_exception_handler(Exception, on_crash)
    app.add_middleware(BodyLimit)
