"""Tournament tables: events, competitions, entrants, fixtures, results, the games of a series, the
Rummikub hall's entries, the audit log, organiser decisions, penalties and the standings snapshot
(refreshed after every entry and correction).

``facts`` (JSON) on results, games, penalties and hall entries keeps what the table said about an entry:
``at`` (when it happened, "HH:MM" or an ISO date-time, for an entry made after the fact), ``referee`` (who
reported it at the table), ``note``, ``source`` (typed / referee) and what the entry decided.

All names start with ``tournament_``; the schema is created by the Alembic revisions of the
``tournament`` branch (tablesport/store/migrations).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .db import Base


class TEvent(Base):
    __tablename__ = "tournament_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    created_by: Mapped[str] = mapped_column(String(100))


class TCompetition(Base):
    __tablename__ = "tournament_competitions"
    __table_args__ = (UniqueConstraint("event_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(64))
    preset: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(200))
    config: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    stage: Mapped[str] = mapped_column(String(32), default="registration")


class TEntrant(Base):
    __tablename__ = "tournament_entrants"
    __table_args__ = (UniqueConstraint("competition_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    key: Mapped[str] = mapped_column(String(100))
    name: Mapped[str] = mapped_column(String(200))
    members: Mapped[list[str]] = mapped_column(JSON, default=list)
    division: Mapped[str | None] = mapped_column(String(32), nullable=True)
    club: Mapped[str | None] = mapped_column(String(200), nullable=True)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    group: Mapped[str | None] = mapped_column(String(8), nullable=True)
    paid: Mapped[bool] = mapped_column(Boolean, default=False)
    checked_in: Mapped[bool] = mapped_column(Boolean, default=False)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    lost_sheets: Mapped[int] = mapped_column(Integer, default=0)


class TFixture(Base):
    """A match, table or game to be played: its entrants in order (a, b / seat order)."""

    __tablename__ = "tournament_fixtures"
    __table_args__ = (UniqueConstraint("competition_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    key: Mapped[str] = mapped_column(String(64))
    stage: Mapped[str] = mapped_column(String(32))
    round: Mapped[int] = mapped_column(Integer)
    group: Mapped[str | None] = mapped_column(String(8), nullable=True)
    table: Mapped[str | None] = mapped_column(String(32), nullable=True)
    entrants: Mapped[list[str]] = mapped_column(JSON)


class TResult(Base):
    """The current result of a fixture; every version is in the audit log."""

    __tablename__ = "tournament_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    fixture_id: Mapped[int] = mapped_column(ForeignKey("tournament_fixtures.id", ondelete="CASCADE"),
                                            unique=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    source: Mapped[str] = mapped_column(String(16), default="typed")  # typed (physical table) or referee
    entered_by: Mapped[str] = mapped_column(String(100))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_by: Mapped[str] = mapped_column(String(100))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    facts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class TGame(Base):
    """One game of a series (Sanguosha), entered as it ends. The fixture's :class:`TResult` exists once
    the games decide the series (and then holds them all)."""

    __tablename__ = "tournament_games"
    __table_args__ = (UniqueConstraint("fixture_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    fixture_id: Mapped[int] = mapped_column(ForeignKey("tournament_fixtures.id", ondelete="CASCADE"),
                                            index=True)
    number: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    facts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    entered_by: Mapped[str] = mapped_column(String(100))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_by: Mapped[str] = mapped_column(String(100))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class THallEntry(Base):
    """What happened in the Rummikub hall, in order: the hall is rebuilt by replaying these (arrive,
    game, hand_in, lost_sheet, leave, tables); a game's scores are its fixture's result."""

    __tablename__ = "tournament_hall"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    kind: Mapped[str] = mapped_column(String(16))
    player: Mapped[str | None] = mapped_column(String(100), nullable=True)
    table: Mapped[int | None] = mapped_column(Integer, nullable=True)
    fixture: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[str] = mapped_column(String(5))
    """The time of day it happened, HH:MM (the cut-off is a time of day)."""
    data: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    facts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    who: Mapped[str] = mapped_column(String(100))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TAudit(Base):
    __tablename__ = "tournament_audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    action: Mapped[str] = mapped_column(String(32))
    subject: Mapped[str] = mapped_column(String(100))
    who: Mapped[str] = mapped_column(String(100))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    before: Mapped[Any] = mapped_column(JSON, nullable=True)
    after: Mapped[Any] = mapped_column(JSON, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    facts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class TDecision(Base):
    """An organiser's ruling on a tie the chain could not break: the entrants in order."""

    __tablename__ = "tournament_decisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    order: Mapped[list[str]] = mapped_column(JSON)
    who: Mapped[str] = mapped_column(String(100))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    note: Mapped[str] = mapped_column(Text, default="")


class TPenalty(Base):
    __tablename__ = "tournament_penalties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    game: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    team: Mapped[str] = mapped_column(String(100))
    player: Mapped[str | None] = mapped_column(String(100), nullable=True)
    points: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    recorded_by: Mapped[str] = mapped_column(String(100))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    """When it was recorded (the time it happened, if given, is ``facts['at']``)."""
    facts: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)


class TStanding(Base):
    """The standings as last computed (one row per entrant and group)."""

    __tablename__ = "tournament_standings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    group: Mapped[str] = mapped_column(String(8), default="")
    rank: Mapped[int] = mapped_column(Integer)
    entrant: Mapped[str] = mapped_column(String(100))
    points: Mapped[float] = mapped_column(JSON)
    tiebreaks: Mapped[dict[str, Any]] = mapped_column(JSON)
    needs_decision: Mapped[bool] = mapped_column(Boolean)
    computed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
