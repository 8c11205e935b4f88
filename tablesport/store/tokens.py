"""Organiser API tokens: what a registration form or a spreadsheet script presents to write to an event.

A token is created by an organiser (its ``owner``: the organiser's identity, an account name) for some
events and some scopes, and is shown once: only its SHA-256 is stored (a token carries 256 random bits,
so a fast hash is enough; a password would need a slow one). It can be revoked; a revoked or expired
token is refused. Every request that presents a known token is written to ``api_token_uses`` (the
token's audit log: when, what, which event, allowed or refused and why), and what the write changes is
in the competition's own audit log under the token's name.

The organiser pages call :func:`create_token`, :func:`list_tokens` and :func:`revoke_token` with the
signed-in organiser as ``owner``; the ``tablesport admin token`` commands call them for any owner.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tablesport.core import TablesportError

from .db import Base
from .models import TEvent

SCOPES = ("entrants", "results", "penalties", "decisions")
"""What a token may write: register and update entrants; enter and correct results; record and withdraw
penalties; record organiser decisions. Reading (standings, fixtures, prizes, exports) needs no token."""

PREFIX = "tst_"
NAME_MAX = 100


class TokenError(TablesportError):
    """A token that cannot be created, found or revoked as asked."""

    def __init__(self, message: str, *, allowed: Iterable[str] = (), field: str | None = None) -> None:
        self.message = message
        self.allowed = tuple(str(a) for a in allowed)
        self.field = field
        super().__init__(message + (f"; allowed: {', '.join(self.allowed)}" if self.allowed else ""))


class ApiToken(Base):
    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner: Mapped[str] = mapped_column(String(100), index=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    hint: Mapped[str] = mapped_column(String(16))
    """The token's first characters, to tell tokens apart in a list (never enough to use it)."""
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    scopes: Mapped[str] = mapped_column(String(200))
    """Space-separated scopes (see :data:`SCOPES`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revoked_by: Mapped[str | None] = mapped_column(String(100), nullable=True)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    @property
    def scope_list(self) -> list[str]:
        return self.scopes.split()

    @property
    def label(self) -> str:
        """Who writes, as the competition's audit log names it."""
        return f"{self.owner} (token {self.id} {self.name})"[:100]


class ApiTokenEvent(Base):
    """The events a token may write to."""

    __tablename__ = "api_token_events"

    token_id: Mapped[int] = mapped_column(ForeignKey("api_tokens.id", ondelete="CASCADE"), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id", ondelete="CASCADE"),
                                          primary_key=True)


class ApiTokenUse(Base):
    """One request that presented a known token: allowed (with the status it got) or refused, and why."""

    __tablename__ = "api_token_uses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    token_id: Mapped[int] = mapped_column(ForeignKey("api_tokens.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    method: Mapped[str] = mapped_column(String(8))
    path: Mapped[str] = mapped_column(String(300))
    event_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    scope: Mapped[str | None] = mapped_column(String(16), nullable=True)
    status: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(16))
    """``done`` (the request was carried out), ``refused`` (the token may not do it) or ``rejected`` (the
    token was accepted but the request was not: bad input, a rule)."""
    detail: Mapped[str] = mapped_column(Text, default="")


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """A token as its owner sees it in a list (never the token itself)."""

    id: int
    owner: str
    name: str
    hint: str
    scopes: list[str]
    events: list[str]
    created_at: datetime
    expires_at: datetime | None
    revoked_at: datetime | None
    last_used_at: datetime | None

    @property
    def active(self) -> bool:
        return self.revoked_at is None and (self.expires_at is None or _aware(self.expires_at) > _now())

    def to_json(self) -> dict[str, Any]:
        def iso(t: datetime | None) -> str | None:
            return None if t is None else _aware(t).isoformat()

        return {"id": self.id, "owner": self.owner, "name": self.name, "hint": self.hint,
                "scopes": self.scopes, "events": self.events, "created_at": iso(self.created_at),
                "expires_at": iso(self.expires_at),
                "revoked_at": iso(self.revoked_at), "last_used_at": iso(self.last_used_at),
                "active": self.active}


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(t: datetime) -> datetime:
    """SQLite gives back naive date-times; they were stored in UTC."""
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def _events_of(session: Session, token_id: int) -> list[str]:
    q = (select(TEvent.name).join(ApiTokenEvent, ApiTokenEvent.event_id == TEvent.id)
         .where(ApiTokenEvent.token_id == token_id).order_by(TEvent.name))
    return list(session.scalars(q))


def event_ids(session: Session, token: ApiToken) -> set[int]:
    return set(session.scalars(select(ApiTokenEvent.event_id).where(ApiTokenEvent.token_id == token.id)))


def info(session: Session, token: ApiToken) -> TokenInfo:
    return TokenInfo(token.id, token.owner, token.name, token.hint, token.scope_list,
                     _events_of(session, token.id), token.created_at, token.expires_at, token.revoked_at,
                     token.last_used_at)


def create_token(session: Session, owner: str, name: str, events: Sequence[str], scopes: Sequence[str],
                 expires_at: datetime | None = None) -> tuple[TokenInfo, str]:
    """A new token of ``owner`` for the named ``events`` and ``scopes``; returns it and the secret, which is
    shown once and never stored. Refused (nothing stored) when a name, event or scope is wrong."""
    owner = (owner or "").strip()
    if not owner or len(owner) > 100:
        raise TokenError("say whose token it is: the organiser's name (1–100 characters)", field="owner")
    name = (name or "").strip()
    if not name or len(name) > NAME_MAX or any(ord(ch) < 32 for ch in name):
        raise TokenError(f"a token's name is 1–{NAME_MAX} printable characters (e.g. 'registration form')",
                         field="name")
    wanted = list(dict.fromkeys(scopes))
    bad = [s for s in wanted if s not in SCOPES]
    if not wanted or bad:
        raise TokenError(f"unknown scope(s) {', '.join(bad)}" if bad else "give at least one scope",
                         allowed=SCOPES,
                         field="scopes")
    names = list(dict.fromkeys(events))
    if not names:
        raise TokenError("give at least one event the token may write to", field="events")
    found = {e.name: e.id for e in session.scalars(select(TEvent).where(TEvent.name.in_(names)))}
    missing = [n for n in names if n not in found]
    if missing:
        known = list(session.scalars(select(TEvent.name).order_by(TEvent.name)))
        raise TokenError(f"no event {missing[0]!r}", allowed=known, field="events")
    if expires_at is not None and _aware(expires_at) <= _now():
        raise TokenError("the expiry must be in the future", field="expires_at")
    secret = PREFIX + secrets.token_urlsafe(32)
    row = ApiToken(owner=owner, name=name, hint=secret[:10], digest=digest(secret), scopes=" ".join(wanted),
                   created_at=_now(), expires_at=expires_at)
    session.add(row)
    session.flush()
    for n in names:
        session.add(ApiTokenEvent(token_id=row.id, event_id=found[n]))
    session.flush()
    return info(session, row), secret


def list_tokens(session: Session, owner: str | None = None) -> list[TokenInfo]:
    """The tokens of ``owner`` (every owner's when ``None``), newest first, revoked ones included."""
    q = select(ApiToken)
    if owner is not None:
        q = q.where(ApiToken.owner == owner)
    return [info(session, t) for t in session.scalars(q.order_by(ApiToken.id.desc()))]


def revoke_token(session: Session, token_id: int, by: str, owner: str | None = None) -> TokenInfo:
    """Revoke token ``token_id`` (of ``owner`` when given: an organiser revokes only their own). A revoked
    token is refused from then on; it stays in the list and in its log."""
    by = (by or "").strip()[:100]
    if not by:
        raise TokenError("say who revokes the token", field="by")
    row = session.get(ApiToken, token_id) if 0 < token_id < 2**31 else None
    if row is None or (owner is not None and row.owner != owner):
        mine = [str(t.id) for t in list_tokens(session, owner) if t.revoked_at is None]
        raise TokenError(f"no token {token_id}" + (f" of {owner}" if owner is not None else ""), allowed=mine,
                         field="token")
    if row.revoked_at is not None:
        raise TokenError(f"token {token_id} was already revoked on "
                         f"{_aware(row.revoked_at):%Y-%m-%d %H:%M} UTC", field="token")
    row.revoked_at, row.revoked_by = _now(), by
    session.flush()
    return info(session, row)


def find(session: Session, secret: str) -> ApiToken | None:
    """The token whose secret this is (revoked and expired ones too), or ``None``."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    return session.scalar(select(ApiToken).where(ApiToken.digest == digest(secret)))


def unusable(token: ApiToken) -> str | None:
    """Why ``token`` cannot be used now (revoked, expired), or ``None``."""
    if token.revoked_at is not None:
        return f"this token was revoked on {_aware(token.revoked_at):%Y-%m-%d %H:%M} UTC"
    if token.expires_at is not None and _aware(token.expires_at) <= _now():
        return f"this token expired on {_aware(token.expires_at):%Y-%m-%d %H:%M} UTC"
    return None


def log_use(session: Session, token: ApiToken, method: str, path: str, event_id: int | None,
            scope: str | None, status: int, outcome: str, detail: str = "") -> None:
    at = _now()
    session.add(ApiTokenUse(token_id=token.id, at=at, method=method[:8], path=path[:300], event_id=event_id,
                            scope=scope, status=status, outcome=outcome, detail=detail[:2000]))
    if outcome != "refused":
        row = session.get(ApiToken, token.id)
        if row is not None:
            row.last_used_at = at


def uses(session: Session, token_id: int) -> list[dict[str, Any]]:
    """The token's log, oldest first."""
    q = select(ApiTokenUse).where(ApiTokenUse.token_id == token_id).order_by(ApiTokenUse.id)
    return [{"at": _aware(u.at).isoformat(), "method": u.method, "path": u.path, "event_id": u.event_id,
             "scope": u.scope, "status": u.status, "outcome": u.outcome, "detail": u.detail}
            for u in session.scalars(q)]
