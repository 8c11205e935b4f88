"""Live and finished web tables: who sits where, and every step as it happened.

A table's record is exactly the game record of :mod:`tablesport.core.records`: ``header`` holds
the record header line (game, preset, seed, params, seat labels, chain hash) and each
``WebStep.line`` one step line with its chain hash, written as the step happens.  A finished
table also keeps the footer.  Rebuilding the state of a running table after a restart is a
replay of these lines.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, false, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from .db import Base

OPEN, RUNNING, FINISHED, ABANDONED = "open", "running", "finished", "abandoned"


class WebTable(Base):
    __tablename__ = "web_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    preset: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    footer: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # steps, last_h, timers and clock_used as of the last change of status (or shutdown); each
    # step row carries the timers after it, so a restart takes the newer of the two
    steps: Mapped[int] = mapped_column(Integer, default=0)
    last_h: Mapped[str] = mapped_column(String(32), default="")
    timers: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    clock_used: Mapped[float] = mapped_column(Float, default=0.0)
    bot_delay: Mapped[float] = mapped_column(Float, default=0.0)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # a guided first game (/learn/<game>): hints for the person, never rated
    guided: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # a fixture's table: its person seats belong to the fixture's entrants (never handed to anyone else)
    official: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # its creator chose the seed (and so could know every hidden card): never rated
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class WebSeat(Base):
    __tablename__ = "web_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "person" or "bot"
    bot: Mapped[str | None] = mapped_column(String(128), nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)  # its link was handed out
    joined: Mapped[bool] = mapped_column(Boolean, default=False)  # its player has connected


class WebStep(Base):
    __tablename__ = "web_steps"

    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), primary_key=True)
    i: Mapped[int] = mapped_column(Integer, primary_key=True)
    line: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)
    # the timers right after this step ({"timers": ..., "clock_used": ...}), for a restart
    meta: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class WebNote(Base):
    """Free text kept with a table (e.g. why it was abandoned)."""

    __tablename__ = "web_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("web_tables.id", ondelete="CASCADE"), index=True)
    at: Mapped[float] = mapped_column(Float)
    text: Mapped[str] = mapped_column(Text)


def record_lines(session: Session, table: WebTable) -> list[dict[str, Any]]:
    """The table's record lines: header, steps in order and (once finished) the footer."""
    steps = session.scalars(select(WebStep).where(WebStep.table_id == table.id).order_by(WebStep.i)).all()
    lines = [table.header, *(s.line for s in steps)]
    if table.footer is not None:
        lines.append(table.footer)
    return lines
