"""Fixtures played at live (digital) tables: which table plays which fixture, and the result that table's
game gives when it ends, entered through the results desk on its own (the organiser types nothing).

The engine's :class:`~tablesport.core.Result` is turned into the entry the competition takes by
:mod:`tablesport.tournament.digital` (a table game's scores in seat order). The entry is checked like any
other; whether it was entered or refused (and why) is kept with the link, and the result's facts name the
table, so the standings link back to its replay (``/replay/<table>``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tablesport.core import Result
from tablesport.tournament import digital
from tablesport.tournament.errors import TournamentError

from .db import Base
from .facts import Facts, now
from .models import TCompetition, TFixture
from .service import EventStore

KINDS = ("table",)
"""The competitions whose fixtures can be played at a live table: multi-player table games, one game per
fixture, seats in the fixture's order."""


class LiveFixture(Base):
    __tablename__ = "desk_live_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    fixture: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(String(32), unique=True)
    created_by: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16), default="playing")
    """playing, entered (its result counts) or refused (the desk refused it: ``detail`` says why)."""
    detail: Mapped[str] = mapped_column(Text, default="")


def check_playable(st: EventStore, comp: TCompetition, fixture: str) -> TFixture:
    """The fixture, if it can go to a live table now (no result yet, not already at a table)."""
    kind = st.preset(comp).kind
    if kind not in KINDS:
        raise TournamentError(f"{comp.title}: its fixtures are not played at live tables here "
                              f"({kind}); enter their score sheets", field="fixture")
    fx = next((f for f in st.fixtures(comp) if f.key == fixture), None)
    if fx is None:
        raise TournamentError(f"no fixture {fixture!r} in {comp.key!r}", field="fixture")
    if st.result_of(fx) is not None:
        raise TournamentError(f"{fixture} already has a result", field="fixture")
    playing = [x for x in links(st.s, comp, fixture) if x.status == "playing"]
    if playing:
        raise TournamentError(f"{fixture} is already being played at table {playing[0].table_id}",
                              field="fixture")
    return fx


def link(st: EventStore, comp: TCompetition, fixture: str, table_id: str, by: str) -> LiveFixture:
    check_playable(st, comp, fixture)
    row = LiveFixture(competition_id=comp.id, fixture=fixture, table_id=table_id, created_by=by[:100],
                      created_at=now(), status="playing", detail="")
    st.s.add(row)
    st.s.flush()
    return row


def links(s: Session, comp: TCompetition, fixture: str | None = None) -> list[LiveFixture]:
    q = select(LiveFixture).where(LiveFixture.competition_id == comp.id)
    if fixture is not None:
        q = q.where(LiveFixture.fixture == fixture)
    return list(s.scalars(q.order_by(LiveFixture.id)))


def table_finished(s: Session, table_id: str, result: Result | None) -> LiveFixture | None:
    """The game at ``table_id`` ended with ``result``: enter it for its fixture (if the table plays one).
    Returns the link with its new status; the caller commits."""
    row = s.scalar(select(LiveFixture).where(LiveFixture.table_id == table_id))
    if row is None or row.status != "playing":
        return row
    st = EventStore(s)
    comp = s.get(TCompetition, row.competition_id)
    assert comp is not None
    try:
        if result is None:
            raise TournamentError(f"table {table_id} ended without a result")
        fx = next(f for f in st.fixtures(comp) if f.key == row.fixture)
        entry: dict[str, Any] = digital.table_entry(result, fx.entrants)
        facts = Facts(f"table {table_id}", source="referee",
                      note=f"live table {table_id}: /replay/{table_id}")
        with s.begin_nested():
            st.enter_result(comp, row.fixture, entry, facts)
        row.status, row.detail = "entered", ""
    except TournamentError as exc:
        row.status, row.detail = "refused", str(exc)[:2000]
    s.flush()
    return row
