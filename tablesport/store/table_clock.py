"""The game clock of a physical Sanguosha table, kept by the server: started, paused, resumed, timed up and
each overtime are stored with the server's time, so every device at the table (the referee's phone, the
desk's laptop) shows the same time, and a reload, a phone that sleeps or a server restart loses nothing.

The clock runs from the moment it was started (``since``, the server's wall time) with ``left`` seconds left
then; paused, it keeps ``left``. Time is up when ``left`` reaches 0; an overtime (the edition's minutes,
after time-up only) starts it again. The board the referee types at time-up is kept with the clock, so the
proposal and the page show it again after a reload. Every moment is also a line of the competition's audit
log (``clock_start``, ``clock_pause``, ``clock_time_up``, ``clock_overtime``) with the time left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Float, ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from tablesport.tournament.errors import TournamentError

from .db import Base
from .entry_facts import now
from .models import TCompetition
from .service import EventStore

ACTIONS = ("start", "pause", "overtime")
"""What a referee may do with the clock (time-up is the clock's own doing)."""


class TableClock(Base):
    __tablename__ = "desk_table_clocks"

    competition_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_competitions.id", ondelete="CASCADE"), primary_key=True
    )
    fixture: Mapped[str] = mapped_column(String(64), primary_key=True)
    left: Mapped[float] = mapped_column(Float)
    """Seconds left at ``since`` (running) or now (stopped)."""
    since: Mapped[float | None] = mapped_column(Float, nullable=True)
    """The server's wall time (seconds since the epoch) it was last started; None while stopped."""
    overtimes: Mapped[int] = mapped_column(Integer, default=0)
    timed_up: Mapped[int] = mapped_column(Integer, default=0)
    """How many times it has run out (the game clock once, then each overtime)."""
    board: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The figures typed at time-up, by form field (``surviving_0`` …)."""
    updated_by: Mapped[str] = mapped_column(String(100))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class ClockState:
    state: str
    """ready (never started), running, paused or time_up."""
    left: int
    """Whole seconds left now."""
    overtimes: int
    board: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "left": self.left, "overtimes": self.overtimes}


def _row(st: EventStore, comp: TCompetition, fixture: str) -> TableClock | None:
    return st.s.scalar(
        select(TableClock).where(TableClock.competition_id == comp.id, TableClock.fixture == fixture)
    )


def _row_or_new(st: EventStore, comp: TCompetition, fixture: str, who: str, minutes: int) -> TableClock:
    """A fixture's stored clock, or a new one as it stands before it is first started: stopped, the game's
    minutes left."""
    row = _row(st, comp, fixture)
    if row is not None:
        return row
    row = TableClock(
        competition_id=comp.id,
        fixture=fixture,
        left=float(minutes * 60),
        since=None,
        overtimes=0,
        timed_up=0,
        board=None,
        updated_by=who,
        updated_at=now(),
    )
    st.s.add(row)
    return row


def _check_fixture(st: EventStore, comp: TCompetition, fixture: str) -> None:
    if not any(f.key == fixture for f in st.fixtures(comp)):
        raise TournamentError(f"no fixture {fixture!r} in {comp.key!r}", field="fixture")


def _left_at(row: TableClock, wall: float) -> float:
    return max(0.0, row.left - (wall - row.since)) if row.since is not None else row.left


def _catch_up(st: EventStore, comp: TCompetition, row: TableClock, wall: float) -> None:
    """A running clock that has run out since it was last read is stopped at 0 as of the moment it ran
    out (audited then, by the clock)."""
    if row.since is None or row.left - (wall - row.since) > 0:
        return
    out_at = row.since + row.left
    row.left, row.since, row.timed_up = 0.0, None, row.timed_up + 1
    row.updated_by, row.updated_at = "clock", now()
    st._audit(
        comp,
        "clock_time_up",
        row.fixture,
        "clock",
        None,
        {"clock": "time_up", "left_s": 0, "overtimes": row.overtimes},
        facts={"at": datetime.fromtimestamp(out_at).astimezone().isoformat(timespec="seconds")},
    )


def state(st: EventStore, comp: TCompetition, fixture: str, minutes: int, wall: float) -> ClockState:
    """The clock as it stands at ``wall`` (a game clock of ``minutes`` that was never started: ready)."""
    row = _row(st, comp, fixture)
    if row is None:
        return ClockState("ready", minutes * 60, 0, {})
    _catch_up(st, comp, row, wall)
    left = _left_at(row, wall)
    if row.since is not None:
        kind = "running"
    elif left <= 0:
        kind = "time_up"
    else:
        kind = "paused"
    # whole seconds, rounded up: the face shows 00:01 until the last second has gone
    return ClockState(kind, int(-(-left // 1)), row.overtimes, dict(row.board or {}))


def act(
    st: EventStore,
    comp: TCompetition,
    fixture: str,
    what: str,
    who: str,
    wall: float,
    minutes: int,
    overtime_minutes: int,
) -> ClockState:
    """Start (or resume), pause, or begin an overtime (only once time is up), as ``who`` at ``wall``."""
    if what not in ACTIONS:
        raise TournamentError(f"no clock action {what!r}", allowed=list(ACTIONS), field="what")
    _check_fixture(st, comp, fixture)
    row = _row_or_new(st, comp, fixture, who, minutes)
    _catch_up(st, comp, row, wall)  # nothing to catch up on a new (stopped) clock
    left = _left_at(row, wall)
    if what == "start":
        if row.since is not None:
            raise TournamentError("the clock is already running", field="what", allowed=["pause"])
        if left <= 0:
            raise TournamentError(
                "time is up: adjudicate the board, or begin an overtime if the ladder says so",
                field="what",
                allowed=["overtime"],
            )
        row.since = wall
    elif what == "pause":
        if row.since is None:
            raise TournamentError("the clock is not running", field="what", allowed=["start"])
        row.left, row.since = left, None
    else:
        if row.since is not None or left > 0:
            raise TournamentError(
                "an overtime begins once time is up",
                field="what",
                allowed=["pause"] if row.since is not None else ["start"],
            )
        row.overtimes += 1
        row.left, row.since = float(overtime_minutes * 60), wall
    row.updated_by, row.updated_at = who, now()
    shown = int(-(-row.left // 1))
    st._audit(
        comp,
        f"clock_{what}",
        fixture,
        who,
        None,
        {"clock": what, "left_s": shown, "overtimes": row.overtimes},
    )
    st.s.flush()
    return state(st, comp, fixture, minutes, wall)


def keep_board(
    st: EventStore, comp: TCompetition, fixture: str, board: Mapping[str, Any], who: str, minutes: int
) -> None:
    """Keep the figures typed at time-up with the fixture's clock (made, stopped, if it was never started)."""
    row = _row_or_new(st, comp, fixture, who, minutes)
    row.board = dict(board)
    row.updated_by, row.updated_at = who, now()
    st.s.flush()


__all__ = ["ACTIONS", "ClockState", "TableClock", "act", "keep_board", "state"]
