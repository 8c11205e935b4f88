"""Running store work from a route: in a worker thread, on a session of its own; the events and
competitions a path names (404 with what exists)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from tablesport.store.models import TCompetition, TEvent
from tablesport.store.service import EventStore

from ...web.errors import refuse

T = TypeVar("T")


async def reading(sessions: sessionmaker[Session], work: Callable[[EventStore], T]) -> T:
    """``work`` on a fresh session; nothing it does is kept."""

    def run() -> T:
        with sessions() as session:
            return work(EventStore(session))

    return await asyncio.to_thread(run)


async def writing(sessions: sessionmaker[Session], work: Callable[[EventStore], T]) -> T:
    """``work`` on a fresh session, committed when it returns; a refusal (any exception) keeps nothing."""

    def run() -> T:
        with sessions() as session:
            out = work(EventStore(session))
            session.commit()
            return out

    return await asyncio.to_thread(run)


def event_of(st: EventStore, event_id: int) -> TEvent:
    ev = st.s.get(TEvent, event_id)
    if ev is None:
        known = [f"{i} ({n})" for i, n in st.s.execute(select(TEvent.id, TEvent.name).order_by(TEvent.id))][
            :50
        ]
        raise refuse(404, f"no event {event_id}", "event_id", known)
    return ev


def competition_of(st: EventStore, event_id: int, key: str) -> tuple[TEvent, TCompetition]:
    ev = event_of(st, event_id)
    comp = st.s.scalar(select(TCompetition).where(TCompetition.event_id == ev.id, TCompetition.key == key))
    if comp is None:
        keys = list(st.s.scalars(select(TCompetition.key).where(TCompetition.event_id == ev.id)))
        raise refuse(404, f"no competition {key!r} in {ev.name!r}", "competition", keys)
    return ev, comp
