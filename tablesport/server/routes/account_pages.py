"""Signing in and out, and the first-run page that makes the first organiser (it exists only while no
organiser does). Every form here carries the page's CSRF token (:func:`..web.auth.csrf_protect`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select

from tablesport.store import account_sessions, accounts, fixture_seats, public
from tablesport.store.models import TEvent
from tablesport.store.service import EventStore

from ..web import auth
from ..web.auth import AccountOrNone
from ..web.deps import LangDep, SessionsDep
from ..web.render import account_message, render

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])


def home_of(role: str) -> str:
    return {"organiser": "/organiser", "referee": "/referee"}.get(role, "/me")


def safe_next(target: str | None, role: str) -> str:
    """Where to go after signing in: a path of this site, else the role's home."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return home_of(role)


def signed_in_response(request: Request, token: str, to: str) -> Response:
    """Go to ``to`` signed in with the new session ``token`` (:func:`account_sessions.start`)."""
    resp = RedirectResponse(to, status_code=303)
    resp.set_cookie(auth.SESSION_COOKIE, token, httponly=True,
                    samesite="lax", max_age=auth.SESSION_SECONDS, path="/",
                    secure=request.url.scheme == "https")
    auth.keep_csrf(request, resp, renew=True)
    return resp


@router.get("/login", response_class=HTMLResponse)
async def login_page(request: Request, lang: LangDep, acc: AccountOrNone,
                     sessions: SessionsDep) -> HTMLResponse:
    def first_run() -> bool:
        with sessions() as s:
            return not accounts.organiser_exists(s)

    return await render(request, lang, "login.html", account=acc, error=None, name="",
                        next=request.query_params.get("next", ""),
                        first_run=await asyncio.to_thread(first_run))


@router.post("/login")
async def login(request: Request, lang: LangDep, sessions: SessionsDep) -> Response:
    form = await auth.form_of(request)
    name, password, target = form.get("name", ""), form.get("password", ""), form.get("next", "")
    guard = auth.login_guard(request)
    addr = auth.address(request)
    key = await auth.signing_key(request)
    device = auth.device_of(request, name)
    guard.check(addr, name, device)

    def check() -> tuple[str, str] | None:
        with sessions() as s:
            user = accounts.authenticate(s, name, password)
            if user is None:
                s.commit()
                return None
            token = account_sessions.start(s, user.id)
            s.commit()
            return token, user.role

    found = await asyncio.to_thread(check)
    if found is None:
        guard.failed(addr, name, device)
        return await render(request, lang, "login.html", account=None, status=401, error="login_failed",
                            name=name[:100], next=target, first_run=False)
    guard.succeeded(addr, name, device)
    token, role = found
    resp = signed_in_response(request, token, safe_next(target, role))
    auth.remember_device(request, resp, key, name)
    return resp


@router.post("/logout")
async def logout(request: Request, sessions: SessionsDep) -> Response:
    """Sign out: the session ends on the server, not only in this browser."""
    token = request.cookies.get(auth.SESSION_COOKIE)

    def end() -> None:
        with sessions() as s:
            account_sessions.end(s, token)
            s.commit()

    await asyncio.to_thread(end)
    resp = RedirectResponse("/", status_code=303)
    resp.delete_cookie(auth.SESSION_COOKIE, path="/")
    auth.keep_csrf(request, resp, renew=True)
    return resp


async def _first_run_open(sessions: SessionsDep) -> None:
    def exists() -> bool:
        with sessions() as s:
            return accounts.organiser_exists(s)

    if await asyncio.to_thread(exists):
        raise HTTPException(404, "the first organiser exists; sign in at /login")


@router.get("/setup", response_class=HTMLResponse, dependencies=[Depends(_first_run_open)])
async def setup_page(request: Request, lang: LangDep) -> HTMLResponse:
    return await render(request, lang, "setup.html", error=None, name="")


@router.post("/setup", dependencies=[Depends(_first_run_open)])
async def setup(request: Request, lang: LangDep, sessions: SessionsDep) -> Response:
    form = await auth.form_of(request)
    name, password = form.get("name", ""), form.get("password", "")
    if password != form.get("password2", ""):
        return await render(request, lang, "setup.html", status=400, error="passwords_differ", detail="",
                            name=name[:100])

    def make() -> tuple[str] | str | None:
        with sessions() as s:
            if accounts.organiser_exists(s):  # another first-run form won the race
                return None
            try:
                user = accounts.create_user(s, name, "organiser", password, by=name)
            except accounts.AccountError as exc:
                return account_message(lang, exc)
            token = account_sessions.start(s, user.id)
            s.commit()
            return (token,)

    made = await asyncio.to_thread(make)
    if made is None:
        raise HTTPException(404, "the first organiser exists; sign in at /login")
    if isinstance(made, str):
        return await render(request, lang, "setup.html", status=400, error="account_refused", detail=made,
                            name=name[:100])
    return signed_in_response(request, made[0], "/organiser")


# ---- one's own password ---------------------------------------------------------------------------
@router.get("/account/password", response_class=HTMLResponse)
async def password_page(request: Request, lang: LangDep, acc: auth.AccountDep) -> HTMLResponse:
    return await render(request, lang, "password.html", account=acc, error=None,
                        done=request.query_params.get("done"))


@router.post("/account/password")
async def change_password(request: Request, lang: LangDep, acc: auth.AccountDep,
                          sessions: SessionsDep) -> Response:
    """A new password for the signed-in account (the current one is asked again): every session of the
    account ends, and this browser gets a new one. Wrong current passwords count as failed sign-ins."""
    form = await auth.form_of(request)
    current, password = form.get("current", ""), form.get("password", "")
    if password != form.get("password2", ""):
        return await render(request, lang, "password.html", account=acc, status=400, error="passwords_differ")
    guard, addr = auth.login_guard(request), auth.address(request)
    await auth.signing_key(request)
    device = auth.device_of(request, acc.name)
    guard.check(addr, acc.name, device)

    def work() -> str | None | accounts.AccountError:
        with sessions() as s:
            user = accounts.authenticate(s, acc.name, current)
            if user is None or user.id != acc.id:
                return None
            try:
                accounts.set_password(s, user, password)
            except accounts.AccountError as exc:
                return exc
            token = account_sessions.start(s, user.id)
            s.commit()
            return token

    done = await asyncio.to_thread(work)
    if done is None:
        guard.failed(addr, acc.name, device)
        return await render(request, lang, "password.html", account=acc, status=400,
                            error="wrong_current_password")
    if isinstance(done, accounts.AccountError):
        return await render(request, lang, "password.html", account=acc, status=400, error="password_refused",
                            detail=account_message(lang, done))
    return signed_in_response(request, done, "/account/password?done=1")


@router.get("/me", response_class=HTMLResponse)
async def my_fixtures(request: Request, lang: LangDep, acc: auth.AccountDep,
                      sessions: SessionsDep) -> HTMLResponse:
    """A signed-in person's own fixtures: those of the entrants named after the account or with it as a
    member, in every event."""

    from .captains import sheets_for

    def read() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[fixture_seats.FixtureSeat]]:
        with sessions() as s:
            return (mine(EventStore(s), acc.name), sheets_for(EventStore(s), acc.name),
                    fixture_seats.seats_of(s, acc.id))

    fixtures, sheets, seats = await asyncio.to_thread(read)
    return await render(request, lang, "me.html", account=acc, fixtures=fixtures, sheets=sheets,
                        seats=seats, signed=request.query_params.get("signed"))


def mine(st: EventStore, who: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ev in st.s.scalars(select(TEvent).order_by(TEvent.id)):
        for comp in public.competitions(st, ev):
            keys = {e.key for e in st.entrants(comp) if e.key == who or who in e.members}
            if not keys:
                continue
            for f in public.fixtures(st, comp):
                if keys & set(f["entrants"]):
                    out.append({"event": ev.name, "event_id": ev.id, "competition": comp.key,
                                "title": comp.title, **f})
    return out
