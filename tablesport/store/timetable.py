"""An event's timetable: the time slots (first start, length, count, gap) and the tables of each competition
as the organiser sets them, and the fixtures still to play placed in them by
:func:`tablesport.tournament.schedule.schedule` (nobody, referees included, in two places at once; earlier
rounds first). The public pages show the fixtures per slot and table; ``tablesport event timetable`` plans
the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.schedule import Item, Timetable, make_slots, schedule

from .db import Base
from .entry_facts import now
from .models import TCompetition, TEvent
from .service import EventStore

DEFAULT_TABLES = 8


class EventTimetable(Base):
    __tablename__ = "desk_timetables"

    event_id: Mapped[int] = mapped_column(ForeignKey("tournament_events.id", ondelete="CASCADE"),
                                          primary_key=True)
    slots: Mapped[dict[str, Any]] = mapped_column(JSON)
    """{"start": "HH:MM", "minutes": n, "count": n, "gap": n}"""
    tables: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    bookings: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Each fixture placed: slot (its label), slot_index, table, competition, fixture, entrants, referee."""
    made_by: Mapped[str] = mapped_column(String(100))
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)


def _competitions(st: EventStore, ev: TEvent) -> list[TCompetition]:
    return list(st.s.scalars(select(TCompetition).where(TCompetition.event_id == ev.id)
                             .order_by(TCompetition.id)))


def open_items(st: EventStore, ev: TEvent) -> list[Item]:
    """Every fixture of the event without a result, with the people it needs (earliest: its round)."""
    items = []
    for comp in _competitions(st, ev):
        ents = {e.key: e for e in st.entrants(comp)}
        for f in st.fixtures(comp):
            if st.result_of(f) is None:
                people = frozenset(p for k in f.entrants for p in (ents[k].members or [k]))
                items.append(Item(f"{comp.key}:{f.key}", comp.key, people, f.round - 1,
                                  label=f"{comp.key} {f.key}: {' v '.join(f.entrants)}"))
    if not items:
        raise TournamentError(f"nothing to schedule in {ev.name!r}: every fixture has a result (or none is "
                              "drawn yet)")
    base = min(i.earliest for i in items)
    return [Item(i.key, i.competition, i.people, i.earliest - base, label=i.label) for i in items]


def plan(st: EventStore, ev: TEvent, start: str, minutes: int, count: int, gap: int = 0,
         tables: Mapping[str, Sequence[str]] | None = None, referees: Sequence[str] = ()) -> Timetable:
    """The open fixtures in ``count`` slots of ``minutes`` from ``start`` (HH:MM), on each competition's
    tables (``{comp}-1`` … ``{comp}-8`` where none are given)."""
    pools = {k: [str(t) for t in v] for k, v in (tables or {}).items() if v}
    for comp in _competitions(st, ev):
        pools.setdefault(comp.key, [f"{comp.key}-{i}" for i in range(1, DEFAULT_TABLES + 1)])
    return schedule(open_items(st, ev), make_slots(start, minutes, count, gap), pools, referees)


def bookings_of(tt: Timetable) -> list[dict[str, Any]]:
    out = []
    for b in tt.bookings:
        comp, _, fixture = b.item.key.partition(":")
        out.append({"slot": b.slot.label(), "slot_index": b.slot.index, "table": b.table, "competition": comp,
                    "fixture": fixture, "match": b.item.label, "referee": b.referee})
    return out


def make(st: EventStore, ev: TEvent, who: str, start: str, minutes: int, count: int, gap: int = 0,
         tables: Mapping[str, Sequence[str]] | None = None, referees: Sequence[str] = ()) -> EventTimetable:
    """Set the event's slots and tables and place its open fixtures (replacing the timetable made before)."""
    tt = plan(st, ev, start, minutes, count, gap, tables, referees)
    pools = {k: list(v) for k, v in (tables or {}).items() if v}
    row = st.s.get(EventTimetable, ev.id)
    slots = {"start": start, "minutes": minutes, "count": count, "gap": gap}
    if row is None:
        row = EventTimetable(event_id=ev.id, slots=slots, tables=pools, bookings=bookings_of(tt),
                             made_by=who[:100], made_at=now(), version=1)
        st.s.add(row)
    else:
        row.slots, row.tables, row.bookings = slots, pools, bookings_of(tt)
        row.made_by, row.made_at, row.version = who[:100], now(), row.version + 1
    st.s.flush()
    return row


def timetable(st: EventStore, ev: TEvent) -> dict[str, Any] | None:
    """The event's timetable as the pages show it: per slot, its fixtures by table (with their results)."""
    row = st.s.get(EventTimetable, ev.id)
    if row is None:
        return None
    done = {(c.key, f.key) for c in _competitions(st, ev) for f in st.fixtures(c) if st.result_of(f)}
    slots: dict[str, list[dict[str, Any]]] = {}
    for b in sorted(row.bookings, key=lambda b: (b["slot_index"], b["table"])):
        slots.setdefault(b["slot"], []).append({**b, "done": (b["competition"], b["fixture"]) in done})
    return {"slots": row.slots, "tables": row.tables, "by_slot": slots, "made_by": row.made_by,
            "made_at": row.made_at.isoformat()}
