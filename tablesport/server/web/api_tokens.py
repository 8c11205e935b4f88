"""Organiser API tokens in the web app: ``Authorization: Bearer <token>`` on the write endpoints.

``require_token(scope)`` is the FastAPI dependency of an endpoint under ``/api/v1/events/{event_id}/...``:
it refuses a request without a token (401), with an unknown, revoked or expired token (401), or with a
token that does not cover that scope or that event (403), and writes every use of a known token to the
token's log (:mod:`tablesport.store.tokens`) with its outcome once the endpoint has answered. The
endpoint gets a :class:`TokenUse`: who writes (``label``, as the competition's audit log names it).
:func:`check_token` is the same check without FastAPI.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy.orm import Session, sessionmaker

from tablesport.core import TablesportError
from tablesport.store import tokens as store

from ..models.common import MAX_ID
from .deps import SessionsDep
from .errors import refuse

bearer = HTTPBearer(
    auto_error=False,
    scheme_name="organiser_token",
    description="An organiser's API token (`tst_...`), created on the organiser's page or with "
    "`tablesport admin token create`; scoped to events and to what it may write.",
)


@dataclass(frozen=True, slots=True)
class TokenUse:
    token_id: int
    label: str
    scope: str
    event_id: int


class TokenRefused(Exception):
    """A token that may not do this (``status`` 401 or 403)."""

    def __init__(self, status: int, message: str, allowed: list[str], token: store.ApiToken | None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.allowed = allowed
        self.token = token


def check_token(session: Session, secret: str | None, scope: str, event_id: int) -> store.ApiToken:
    """The token ``secret`` if it may write ``scope`` to event ``event_id``; else :class:`TokenRefused`."""
    if not secret:
        raise TokenRefused(
            401,
            "this request needs an organiser's API token: Authorization: Bearer <token>",
            ["Authorization: Bearer tst_..."],
            None,
        )
    token = store.find(session, secret)
    if token is None:
        raise TokenRefused(401, "this API token is not known (mistyped, or from another server)", [], None)
    why = store.unusable(token)
    if why is not None:
        raise TokenRefused(401, why, [], token)
    if scope not in token.scope_list:
        raise TokenRefused(
            403,
            f"this token may not write {scope}; it may write {', '.join(token.scope_list)}",
            token.scope_list,
            token,
        )
    if event_id not in store.event_ids(session, token):
        names = store.info(session, token).events
        raise TokenRefused(
            403, f"this token does not cover event {event_id}; it covers {', '.join(names)}", names, token
        )
    return token


def _log(
    sessions: sessionmaker[Session],
    token_id: int,
    request: Request,
    event_id: int,
    scope: str,
    status: int,
    outcome: str,
    detail: str,
) -> None:
    with sessions() as session:
        token = session.get(store.ApiToken, token_id)
        if token is not None:
            store.log_use(
                session, token, request.method, request.url.path, event_id, scope, status, outcome, detail
            )
            session.commit()


def _status_of(exc: BaseException) -> tuple[int, str]:
    if isinstance(exc, HTTPException):
        detail = exc.detail.get("message", "") if isinstance(exc.detail, dict) else str(exc.detail)
        return exc.status_code, detail
    if isinstance(exc, RequestValidationError):
        return 422, "invalid input"
    if isinstance(exc, TablesportError):
        return 400, str(exc)
    return 500, type(exc).__name__


def require_token(scope: str) -> Callable[..., AsyncIterator[TokenUse]]:
    """The dependency of a write endpoint of scope ``scope`` under ``/api/v1/events/{event_id}``."""
    if scope not in store.SCOPES:
        raise ValueError(f"unknown scope {scope!r}; known: {', '.join(store.SCOPES)}")

    async def dependency(
        request: Request,
        sessions: SessionsDep,
        event_id: Annotated[int, Path(ge=1, le=MAX_ID, description="the event's id")],
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
    ) -> AsyncIterator[TokenUse]:
        secret = credentials.credentials if credentials is not None else None

        def check() -> TokenUse:
            with sessions() as session:
                try:
                    token = check_token(session, secret, scope, event_id)
                except TokenRefused as exc:
                    if exc.token is not None:
                        store.log_use(
                            session,
                            exc.token,
                            request.method,
                            request.url.path,
                            event_id,
                            scope,
                            exc.status,
                            "refused",
                            exc.message,
                        )
                        session.commit()
                    raise
                return TokenUse(token.id, token.label, scope, event_id)

        try:
            use = await asyncio.to_thread(check)
        except TokenRefused as exc:
            headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
            raise refuse(exc.status, exc.message, "Authorization", exc.allowed, headers=headers) from None
        route: Any = request.scope.get("route")
        try:
            yield use
        except BaseException as exc:
            status, detail = _status_of(exc)
            await asyncio.to_thread(
                _log, sessions, use.token_id, request, event_id, scope, status, "rejected", detail
            )
            raise
        await asyncio.to_thread(
            _log,
            sessions,
            use.token_id,
            request,
            event_id,
            scope,
            getattr(route, "status_code", None) or 200,
            "done",
            "",
        )

    return dependency
