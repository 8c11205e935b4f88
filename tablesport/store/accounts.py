"""People who sign in to the web app: organisers, referees and players, and the events each referee works.

* **organiser** — creates and runs events (every event of this server), makes accounts, assigns referees.
* **referee** — enters and corrects results, records fouls and runs the table clock, for the events they are
  assigned to (:func:`assign_referee`); an organiser may do all a referee may.
* **player** — sees their own fixtures; no organiser or referee page.

Passwords are hashed with Argon2id (argon2-cffi, the ``server`` extra); a password is never stored, logged or
taken as a command-line argument. Sessions are rows of :mod:`.account_sessions`: changing a password or
disabling an account deletes every session of that account (and bumps ``session_version``, kept for the
record). The server's key for signing form tokens is kept here too (:func:`server_key`), so that every server
process on the same store signs alike.
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from tablesport.core import TablesportError

from . import account_sessions
from .db import Base
from .models import TEvent
from .password_rules import NAME_MAX, PASSWORD_MAX, name_problem, password_problem

ROLES = ("organiser", "referee", "player")


class AccountError(TablesportError):
    """An account that cannot be created, changed or found as asked."""

    def __init__(self, message: str, *, field: str | None = None, allowed: tuple[str, ...] = (),
                 key: str | None = None, fmt: dict[str, Any] | None = None) -> None:
        self.message = message
        self.field = field
        self.allowed = allowed
        self.key = key
        """The page's string for the message, where there is one (formatted with ``fmt``)."""
        self.fmt = fmt or {}
        super().__init__(message + (f"; allowed: {', '.join(allowed)}" if allowed else ""))


class User(Base):
    __tablename__ = "accounts_users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    password_hash: Mapped[str] = mapped_column(Text)
    session_version: Mapped[int] = mapped_column(Integer, default=1)
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_by: Mapped[str] = mapped_column(String(NAME_MAX))


class RefereeAssignment(Base):
    """A referee may work this event."""

    __tablename__ = "accounts_referees"

    user_id: Mapped[int] = mapped_column(ForeignKey("accounts_users.id", ondelete="CASCADE"),
                                         primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id", ondelete="CASCADE"),
                                          primary_key=True)


class ServerKey(Base):
    """The key that signs session cookies and form tokens (one row, made on first use)."""

    __tablename__ = "accounts_server_key"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in person as the pages see them."""

    id: int
    name: str
    role: str
    session_version: int
    events: frozenset[int]
    """The events a referee is assigned to (empty for others)."""

    @property
    def is_organiser(self) -> bool:
        return self.role == "organiser"

    def may_referee(self, event_id: int) -> bool:
        return self.is_organiser or (self.role == "referee" and event_id in self.events)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "role": self.role, "events": sorted(self.events)}


def _hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher()


def hash_password(password: str, name: str = "") -> str:
    check_password(password, name)
    h: str = _hasher().hash(password)
    return h


def check_password(password: str, name: str = "") -> None:
    """Refuse a password that is too short, too long, too common or holds the account's name
    (:func:`.password_rules.password_problem`; what is allowed is said)."""
    problem = password_problem(password, name)
    if problem is not None:
        raise AccountError(problem.message, field="password", key=problem.key, fmt=problem.fmt)


def _check_name(name: str) -> str:
    name = (name or "").strip()
    problem = name_problem(name)
    if problem is not None:
        raise AccountError(problem.message, field="name", key=problem.key, fmt=problem.fmt)
    return name


def _now() -> datetime:
    return datetime.now(UTC)


def organiser_exists(session: Session) -> bool:
    q = select(func.count()).select_from(User).where(User.role == "organiser", User.disabled.is_(False))
    return bool(session.scalar(q))


def create_user(session: Session, name: str, role: str, password: str, by: str) -> User:
    """A new account; refused (nothing stored) for a taken name, an unknown role or a short password."""
    name = _check_name(name)
    if role not in ROLES:
        raise AccountError(f"unknown role {role!r}", field="role", allowed=ROLES)
    if session.scalar(select(User).where(User.name == name)) is not None:
        raise AccountError(f"the name {name!r} is taken", field="name")
    row = User(name=name, role=role, password_hash=hash_password(password, name), session_version=1,
               disabled=False, created_at=_now(), created_by=(by or "").strip()[:NAME_MAX] or name)
    try:
        with session.begin_nested():
            session.add(row)
            session.flush()
    except IntegrityError:
        raise AccountError(f"the name {name!r} is taken", field="name") from None
    return row


def find_user(session: Session, name: str) -> User | None:
    return session.scalar(select(User).where(User.name == (name or "").strip()))


def authenticate(session: Session, name: str, password: str) -> User | None:
    """The enabled account if ``password`` is its password, else ``None`` (an unknown name costs as much
    time as a wrong password, so that names cannot be told apart by timing)."""
    from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

    user = find_user(session, name) if len(name or "") <= NAME_MAX else None
    ph = _hasher()
    if user is None or user.disabled or len(password or "") > PASSWORD_MAX:
        with contextlib.suppress(VerifyMismatchError, VerificationError, InvalidHashError):
            ph.verify(_dummy_hash(), password[:PASSWORD_MAX] if password else "x")
        return None
    try:
        ph.verify(user.password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return None
    if ph.check_needs_rehash(user.password_hash):
        user.password_hash = ph.hash(password)
    return user


_DUMMY: list[str] = []


def _dummy_hash() -> str:
    if not _DUMMY:
        _DUMMY.append(_hasher().hash(secrets.token_hex(16)))
    return _DUMMY[0]


def set_password(session: Session, user: User, password: str) -> None:
    """A new password; every session of the account ends."""
    user.password_hash = hash_password(password, user.name)
    user.session_version += 1
    account_sessions.end_all(session, user.id)
    session.flush()


def set_disabled(session: Session, user: User, disabled: bool) -> None:
    """Disable (or enable again) an account; disabling ends every session of it."""
    user.disabled = disabled
    user.session_version += 1
    account_sessions.end_all(session, user.id)
    session.flush()


def account(session: Session, user_id: int) -> Account | None:
    """The enabled account ``user_id`` with its referee events, or ``None``."""
    user = session.get(User, user_id)
    if user is None or user.disabled:
        return None
    events = frozenset(session.scalars(select(RefereeAssignment.event_id)
                                       .where(RefereeAssignment.user_id == user.id)))
    return Account(user.id, user.name, user.role, user.session_version, events)


def users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.role, User.name)))


def assign_referee(session: Session, user_name: str, event_id: int) -> None:
    """``user_name`` (a referee account) may work event ``event_id``."""
    user = find_user(session, user_name)
    if user is None or user.role != "referee":
        known = [u.name for u in users(session) if u.role == "referee"]
        raise AccountError(f"no referee account {user_name!r}", field="referee", allowed=tuple(known))
    if session.get(TEvent, event_id) is None:
        raise AccountError(f"no event {event_id}", field="event")
    if session.get(RefereeAssignment, (user.id, event_id)) is None:
        session.add(RefereeAssignment(user_id=user.id, event_id=event_id))
        session.flush()


def unassign_referee(session: Session, user_name: str, event_id: int) -> None:
    user = find_user(session, user_name)
    row = session.get(RefereeAssignment, (user.id, event_id)) if user is not None else None
    if row is None:
        raise AccountError(f"{user_name!r} is not a referee of event {event_id}", field="referee")
    session.delete(row)
    session.flush()


def referees_of(session: Session, event_id: int) -> list[str]:
    q = (select(User.name).join(RefereeAssignment, RefereeAssignment.user_id == User.id)
         .where(RefereeAssignment.event_id == event_id).order_by(User.name))
    return list(session.scalars(q))


def server_key(session: Session) -> bytes:
    """The signing key (made once, on first use)."""
    row = session.get(ServerKey, 1)
    if row is None:
        try:
            with session.begin_nested():
                session.add(ServerKey(id=1, key=secrets.token_hex(32), created_at=_now()))
                session.flush()
        except IntegrityError:  # another process made it first
            pass
        row = session.get(ServerKey, 1)
        assert row is not None
    return bytes.fromhex(row.key)
