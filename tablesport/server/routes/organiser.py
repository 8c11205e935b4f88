"""The organiser's pages: the events of this server, accounts (organisers, referees, players), which
referees work which event, and the organiser's API tokens. Every route needs an organiser's session
(:data:`..web.auth.OrganiserDep`) and every form its CSRF token (:func:`..web.auth.csrf_protect`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from tablesport.store import accounts, public
from tablesport.store import tokens as token_store
from tablesport.store.db import retry_locked
from tablesport.store.models import TEvent
from tablesport.store.service import EventStore

from ..web import auth
from ..web.auth import OrganiserDep
from ..web.deps import LangDep, SessionsDep
from ..web.render import account_message, render

router = APIRouter(prefix="/organiser", dependencies=[Depends(auth.csrf_protect)])


async def in_session(sessions: sessionmaker[Session], work: Any) -> Any:
    """``work(session)`` in a thread; committed when it returns, rolled back when it raises."""

    def run() -> Any:
        with sessions() as s:
            try:
                out = work(s)
            except Exception:
                s.rollback()
                raise
            s.commit()
            return out

    # SQLite refuses at once a unit of work that read before another writer's commit: it runs again
    return await retry_locked(lambda: asyncio.to_thread(run), tries=3)


def back(to: str, done: str) -> Response:
    return RedirectResponse(f"{to}?done={done}", status_code=303)


# ---- home: events and accounts ------------------------------------------------------------------------
def _home(s: Session) -> dict[str, Any]:
    evs = public.events(EventStore(s))
    for ev in evs:
        ev["referees"] = accounts.referees_of(s, ev["id"])
    people = [{"id": u.id, "name": u.name, "role": u.role, "disabled": u.disabled} for u in accounts.users(s)]
    return {"events": evs, "people": people}


async def _home_page(request: Request, lang: str, acc: accounts.Account, sessions: SessionsDep,
                     status: int = 200, **extra: Any) -> HTMLResponse:
    data = await in_session(sessions, _home)
    return await render(request, lang, "organiser/home.html", account=acc, status=status,
                        done=request.query_params.get("done"), **data, **extra)


@router.get("", response_class=HTMLResponse)
async def home(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep) -> HTMLResponse:
    return await _home_page(request, lang, acc, sessions)


@router.post("/users")
async def create_user(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep) -> Response:
    form = await auth.form_of(request)
    try:
        await in_session(sessions, lambda s: accounts.create_user(
            s, form.get("name", ""), form.get("role", ""), form.get("password", ""), acc.name))
    except accounts.AccountError as exc:
        return await _home_page(request, lang, acc, sessions, status=400, error=account_message(lang, exc),
                                form={k: v for k, v in form.items() if k in ("name", "role")})
    return back("/organiser", "user")


@router.post("/users/{user_id}/disabled")
async def disable_user(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                       user_id: int = Path(ge=1, le=2**31 - 1)) -> Response:
    """Disable an account (every session of it ends at once) or enable it again (``value`` 1 or 0). An
    organiser does not disable their own account (another organiser may)."""
    form = await auth.form_of(request)
    value = form.get("value", "")
    if value not in ("0", "1"):
        return await _home_page(request, lang, acc, sessions, status=400,
                                error=f"disabled is 1 or 0, not {value[:20]!r}")

    def work(s: Session) -> None:
        user = s.get(accounts.User, user_id)
        if user is None:
            raise accounts.AccountError(f"no account {user_id}", field="user")
        if user.id == acc.id:
            raise accounts.AccountError("an organiser does not disable their own account; "
                                        "ask another organiser", field="user")
        accounts.set_disabled(s, user, value == "1")

    try:
        await in_session(sessions, work)
    except accounts.AccountError as exc:
        return await _home_page(request, lang, acc, sessions, status=400, error=exc.message)
    return back("/organiser", "user")


@router.post("/events/{event_id}/referees")
async def assign(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                 event_id: int = Path(ge=1, le=2**31 - 1)) -> Response:
    form = await auth.form_of(request)
    name = form.get("referee", "")
    try:
        if form.get("action") == "remove":
            await in_session(sessions, lambda s: accounts.unassign_referee(s, name, event_id))
        else:
            await in_session(sessions, lambda s: accounts.assign_referee(s, name, event_id))
    except accounts.AccountError as exc:
        return await _home_page(request, lang, acc, sessions, status=400, error=str(exc))
    return back("/organiser", "referees")


# ---- API tokens -------------------------------------------------------------------------------------------
async def _tokens_page(request: Request, lang: str, acc: accounts.Account, sessions: SessionsDep,
                       status: int = 200, **extra: Any) -> HTMLResponse:
    def read(s: Session) -> dict[str, Any]:
        return {"tokens": [t.to_json() for t in token_store.list_tokens(s, acc.name)],
                "event_names": list(s.scalars(select(TEvent.name).order_by(TEvent.name)))}

    data = await in_session(sessions, read)
    return await render(request, lang, "organiser/tokens.html", account=acc, status=status,
                        scopes=token_store.SCOPES, done=request.query_params.get("done"), **data, **extra)


@router.get("/tokens", response_class=HTMLResponse)
async def tokens(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep) -> HTMLResponse:
    return await _tokens_page(request, lang, acc, sessions)


@router.post("/tokens")
async def create_token(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep) -> Response:
    lists = await auth.form_lists(request)
    name = (lists.get("name") or [""])[-1]
    try:
        made = await in_session(sessions, lambda s: token_store.create_token(
            s, acc.name, name, lists.get("event", []), lists.get("scope", [])))
    except token_store.TokenError as exc:
        return await _tokens_page(request, lang, acc, sessions, status=400, error=str(exc))
    info, secret = made
    # The secret is shown on this answer only (never stored, never in a URL).
    return await _tokens_page(request, lang, acc, sessions, status=201, secret=secret, made=info.to_json())


@router.post("/tokens/{token_id}/revoke")
async def revoke_token(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                       token_id: int = Path(ge=1, le=2**31 - 1)) -> Response:
    try:
        await in_session(sessions, lambda s: token_store.revoke_token(s, token_id, acc.name, owner=acc.name))
    except token_store.TokenError as exc:
        return await _tokens_page(request, lang, acc, sessions, status=400, error=str(exc))
    return back("/organiser/tokens", "revoked")
