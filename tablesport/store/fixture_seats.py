"""Seats at a fixture's live table handed to its entrants' accounts.

A fixture's live table seats its entrants (:func:`~tablesport.store.live_fixtures.seat_plan`): an entrant of a
table game at its own seat, a team at its half of a series game or a Pictionary round. The account the
organiser appointed as an entrant's captain (:mod:`.captain_accounts`; never one matched by name) may take
that entrant's seats while the table plays, signed in, without a referee's link (:func:`seats_of`,
:func:`entrant_at`). Nobody else may: a stranger, another entrant's captain, a visitor with no account.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from .accounts import User
from .captain_accounts import CaptainAccount
from .live_fixtures import FACILITATOR, LiveFixture
from .models import TCompetition, TEvent
from .service import EventStore


@dataclass(frozen=True)
class FixtureSeat:
    """One seat of a fixture's live table that an account may take."""

    table_id: str
    seat: int
    entrant: str
    who: str
    """Who sits there by the plan (the entrant, or the team's member)."""
    event: str
    title: str
    fixture: str


def seat_entrants(kind: str, entrants: list[str], plan: list[str] | None) -> list[str | None]:
    """The entrant each seat of a fixture's table belongs to (``None``: a paper table's facilitator), from
    the competition's ``kind``, the fixture's ``entrants`` and the table's seat ``plan``."""
    if kind == "table":
        return list(plan or entrants)
    if not plan or len(entrants) != 2:
        return []
    offset = 1 if plan[0] == FACILITATOR and len(plan) % 2 else 0
    per_team = (len(plan) - offset) // 2
    return [None] * offset + [entrants[0]] * per_team + [entrants[1]] * per_team


def _captained(s: Session, user_id: int) -> list[tuple[LiveFixture, str]]:
    """The fixtures' live tables in play in the competitions where ``user_id`` captains an entrant."""
    q = (
        select(LiveFixture, CaptainAccount.entrant)
        .join(CaptainAccount, CaptainAccount.competition_id == LiveFixture.competition_id)
        .join(User, User.id == CaptainAccount.user_id)
        .where(CaptainAccount.user_id == user_id, User.disabled.is_(False), LiveFixture.status == "playing")
        .order_by(LiveFixture.id)
    )
    return [(row, entrant) for row, entrant in s.execute(q)]


def seats_of(s: Session, user_id: int) -> list[FixtureSeat]:
    """Every seat the account may take now: its entrants' seats at their fixtures' live tables in play."""
    st = EventStore(s)
    out: list[FixtureSeat] = []
    for row, entrant in _captained(s, user_id):
        comp = s.get(TCompetition, row.competition_id)
        if comp is None:
            continue
        fx = next((f for f in st.fixtures(comp) if f.key == row.fixture), None)
        if fx is None or entrant not in fx.entrants:
            continue
        ev = s.get(TEvent, comp.event_id)
        plan = list(row.seats or fx.entrants)
        for i, belongs in enumerate(seat_entrants(st.preset(comp).kind, list(fx.entrants), row.seats)):
            if belongs == entrant:
                out.append(
                    FixtureSeat(
                        row.table_id,
                        i,
                        entrant,
                        plan[i] if i < len(plan) else entrant,
                        ev.name if ev is not None else "",
                        comp.title,
                        row.fixture,
                    )
                )
    return out


def entrant_at(s: Session, user_id: int, table_id: str, seat: int) -> str | None:
    """The entrant whose seat ``seat`` of ``table_id`` the account may take, or ``None``."""
    return next((x.entrant for x in seats_of(s, user_id) if x.table_id == table_id and x.seat == seat), None)
