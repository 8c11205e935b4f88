"""What the web app keeps about players: which account sat at which seat of a web table, ratings per game
and preset (OpenSkill's mu and sigma) with every change a rated table made, and chat messages reported to
the organisers.

A seat is bound to an account when a signed-in player opens its link (:func:`bind_seat`); the seat link
keeps working for anyone who has it, with or without an account. The rating rules are in
:mod:`tablesport.server.live.ratings`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from .accounts import User
from .db import Base
from .tables import WebTable

REPORT_REASON_MAX = 200
CHAT_TEXT_MAX = 500


class PlayerSeat(Base):
    """The account that plays a seat of a web table."""

    __tablename__ = "players_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("accounts_users.id", ondelete="CASCADE"), index=True)
    at: Mapped[float] = mapped_column(Float)


class PlayerRating(Base):
    """A player's rating in one preset of one game."""

    __tablename__ = "players_ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("accounts_users.id", ondelete="CASCADE"),
                                         primary_key=True)
    preset: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[float] = mapped_column(Float)


class RatedTable(Base):
    """A finished table the ratings have looked at: rated or not, and why not."""

    __tablename__ = "players_rated_tables"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


class RatingChange(Base):
    """What one rated table did to one player's rating."""

    __tablename__ = "players_rating_changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("accounts_users.id", ondelete="CASCADE"),
                                         primary_key=True)
    preset: Mapped[str] = mapped_column(String(64))
    place: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)


class ChatReport(Base):
    """A chat message someone reported, kept for the organisers."""

    __tablename__ = "players_chat_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[float] = mapped_column(Float)
    room: Mapped[str] = mapped_column(String(64), index=True)
    message_id: Mapped[int] = mapped_column(Integer)
    author: Mapped[str] = mapped_column(String(100))
    text: Mapped[str] = mapped_column(Text)
    reporter: Mapped[str] = mapped_column(String(100))
    reason: Mapped[str] = mapped_column(String(REPORT_REASON_MAX))


# ---- seats ------------------------------------------------------------------------------------------------
def bind_seat(session: Session, table_id: str, seat: int, user_id: int) -> bool:
    """Bind the seat to the account unless it already is bound (to anyone); True if it is now this one's."""
    row = session.get(PlayerSeat, (table_id, seat))
    if row is None:
        try:
            with session.begin_nested():
                session.add(PlayerSeat(table_id=table_id, seat=seat, user_id=user_id, at=time.time()))
                session.flush()
        except IntegrityError:  # another connection bound it first
            pass
        row = session.get(PlayerSeat, (table_id, seat))
    return row is not None and row.user_id == user_id


def seated_accounts(session: Session, table_id: str) -> dict[int, tuple[int, str]]:
    """seat → (account id, name) of the table's bound seats."""
    q = (select(PlayerSeat.seat, User.id, User.name).join(User, User.id == PlayerSeat.user_id)
         .where(PlayerSeat.table_id == table_id))
    return {seat: (uid, name) for seat, uid, name in session.execute(q)}


@dataclass(frozen=True, slots=True)
class PlayedTable:
    table_id: str
    game: str
    preset: str
    status: str
    seat: int
    seats: int
    created: float
    updated: float
    result: dict[str, Any] | None
    rating: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in self.__slots__}
        return out


def tables_of(session: Session, user_id: int, limit: int = 100) -> list[PlayedTable]:
    """The tables the account sat at, newest first, with what each did to its rating."""
    q = (select(WebTable, PlayerSeat.seat).join(PlayerSeat, PlayerSeat.table_id == WebTable.id)
         .where(PlayerSeat.user_id == user_id).order_by(WebTable.created.desc()).limit(limit))
    rows = session.execute(q).all()
    changes = {c.table_id: c for c in session.scalars(
        select(RatingChange).where(RatingChange.user_id == user_id,
                                   RatingChange.table_id.in_([t.id for t, _ in rows])))}
    rated = {r.table_id: r for r in session.scalars(
        select(RatedTable).where(RatedTable.table_id.in_([t.id for t, _ in rows])))}
    out = []
    for table, seat in rows:
        change = changes.get(table.id)
        why = rated.get(table.id)
        rating: dict[str, Any] | None = None
        if change is not None:
            rating = {"rated": True, "place": change.place,
                      "before": ordinal(change.mu_before, change.sigma_before),
                      "after": ordinal(change.mu_after, change.sigma_after)}
        elif why is not None:
            rating = {"rated": False, "reason": why.reason}
        out.append(PlayedTable(table.id, table.game, table.preset, table.status, seat,
                               len(table.header.get("seats", [])), table.created, table.updated, table.result,
                               rating))
    return out


# ---- ratings ----------------------------------------------------------------------------------------------
def ordinal(mu: float, sigma: float) -> float:
    """The shown rating: mu − 3·sigma (a conservative estimate; OpenSkill's ``ordinal``)."""
    return round(mu - 3 * sigma, 2)


def rating_of(session: Session, user_id: int, preset: str) -> PlayerRating | None:
    """The rating row, locked for this transaction where the database can (PostgreSQL: two servers finishing
    tables of the same player update it one after the other)."""
    return session.get(PlayerRating, (user_id, preset), with_for_update=True)


def ratings_of(session: Session, user_id: int) -> list[PlayerRating]:
    return list(session.scalars(select(PlayerRating).where(PlayerRating.user_id == user_id)
                                .order_by(PlayerRating.game, PlayerRating.preset)))


def leaderboard(session: Session, preset: str, limit: int = 100) -> list[dict[str, Any]]:
    """The preset's rated players, best first (by mu − 3·sigma)."""
    q = (select(PlayerRating, User.name).join(User, User.id == PlayerRating.user_id)
         .where(PlayerRating.preset == preset, User.disabled.is_(False)))
    rows: list[dict[str, Any]] = [
        {"name": name, "rating": ordinal(r.mu, r.sigma), "mu": round(r.mu, 2), "sigma": round(r.sigma, 2),
         "games": r.games} for r, name in session.execute(q)]
    rows.sort(key=lambda r: (-r["rating"], -r["games"], r["name"]))
    for i, r in enumerate(rows[:limit], 1):
        r["rank"] = i
    return rows[:limit]


def already_rated(session: Session, table_id: str) -> bool:
    return session.get(RatedTable, table_id) is not None


# ---- chat reports -----------------------------------------------------------------------------------------
def add_report(session: Session, room: str, message_id: int, author: str, text: str, reporter: str,
               reason: str) -> ChatReport:
    row = ChatReport(at=time.time(), room=room[:64], message_id=message_id, author=author[:100],
                     text=text[:CHAT_TEXT_MAX], reporter=reporter[:100], reason=reason[:REPORT_REASON_MAX])
    session.add(row)
    session.flush()
    return row


def reports(session: Session, limit: int = 200) -> list[ChatReport]:
    return list(session.scalars(select(ChatReport).order_by(ChatReport.id.desc()).limit(limit)))
