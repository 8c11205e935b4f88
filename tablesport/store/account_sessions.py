"""Server-side sessions of the web app's accounts: a session is a row, and a cookie only names it.

The browser's ``ts_session`` cookie holds a random token; the store keeps its SHA-256 (never the token), the
account, and when the session ends (``SESSION_SECONDS`` after sign-in). Signing out deletes that row;
changing a password or disabling an account deletes every row of the account (:func:`end_all`), so a cookie
copied before then opens nothing afterwards.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import DateTime, ForeignKey, String, delete, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from .db import Base

SESSION_SECONDS = 12 * 3600
TOKEN_MAX = 100


class AccountSession(Base):
    """One signed-in browser."""

    __tablename__ = "accounts_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    """SHA-256 (hex) of the cookie's token."""
    user_id: Mapped[int] = mapped_column(ForeignKey("accounts_users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)  # SQLite forgets the zone


def start(session: Session, user_id: int, now: datetime | None = None) -> str:
    """A new session of ``user_id``; the token its cookie carries (shown once, stored only as a digest).
    Sessions that have ended by time are cleared on the way."""
    now = now or datetime.now(UTC)
    session.execute(delete(AccountSession).where(AccountSession.expires_at < now))
    token = secrets.token_urlsafe(32)
    session.add(
        AccountSession(
            id=_digest(token),
            user_id=user_id,
            created_at=now,
            expires_at=now + timedelta(seconds=SESSION_SECONDS),
        )
    )
    session.flush()
    return token


def user_of(session: Session, token: str | None, now: datetime | None = None) -> int | None:
    """The account of a live session ``token``, else ``None`` (unknown, ended or expired)."""
    if not token or len(token) > TOKEN_MAX:
        return None
    row = session.get(AccountSession, _digest(token))
    if row is None or _aware(row.expires_at) <= (now or datetime.now(UTC)):
        return None
    return row.user_id


def end(session: Session, token: str | None) -> None:
    """Sign-out: the session ``token`` ends (nothing happens for an unknown one)."""
    if token and len(token) <= TOKEN_MAX:
        session.execute(delete(AccountSession).where(AccountSession.id == _digest(token)))
        session.flush()


def end_all(session: Session, user_id: int) -> None:
    """Every session of ``user_id`` ends (a new password, a disabled account)."""
    session.execute(delete(AccountSession).where(AccountSession.user_id == user_id))
    session.flush()


def count(session: Session, user_id: int) -> int:
    return len(list(session.scalars(select(AccountSession.id).where(AccountSession.user_id == user_id))))
