"""Which account captains an entrant: appointed by the organiser, never matched by name.

Entrants' names and members are public and anyone may register a player account, so an account named like
a captain proves nothing. The organiser appoints an entrant's captain account on the competition's page
(:func:`appoint`); only that account may sign the entrant's score sheets in place of a second referee
(:class:`~tablesport.store.double_entry.DoubleEntry`). An entrant with no appointed captain has none.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import DateTime, ForeignKey, String, delete, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from tablesport.tournament.errors import TournamentError

from .accounts import User, find_user
from .db import Base
from .models import TCompetition, TEntrant


class CaptainAccount(Base):
    """The account that captains ``entrant`` of a competition."""

    __tablename__ = "accounts_captains"

    competition_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_competitions.id", ondelete="CASCADE"), primary_key=True
    )
    entrant: Mapped[str] = mapped_column(String(100), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("accounts_users.id", ondelete="CASCADE"))
    appointed_by: Mapped[str] = mapped_column(String(100))
    appointed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def _entrant_keys(session: Session, comp: TCompetition) -> list[str]:
    return list(
        session.scalars(select(TEntrant.key).where(TEntrant.competition_id == comp.id).order_by(TEntrant.key))
    )


def appoint(session: Session, comp: TCompetition, entrant: str, account: str, by: str) -> None:
    """``account`` captains ``entrant`` (replacing any captain before); an empty ``account`` removes the
    entrant's captain. Refused, storing nothing, for an unknown entrant or account."""
    keys = _entrant_keys(session, comp)
    if entrant not in keys:
        raise TournamentError(f"no entrant {entrant!r} in {comp.key!r}", allowed=keys, field="entrant")
    session.execute(
        delete(CaptainAccount).where(
            CaptainAccount.competition_id == comp.id, CaptainAccount.entrant == entrant
        )
    )
    if not account.strip():
        session.flush()
        return
    user = find_user(session, account)
    if user is None or user.disabled:
        raise TournamentError(
            f"no account {account.strip()!r}: make the captain's account first "
            "(organiser's page, or the player registers) and name it exactly",
            field="account",
        )
    session.add(
        CaptainAccount(
            competition_id=comp.id,
            entrant=entrant,
            user_id=user.id,
            appointed_by=(by or "")[:100],
            appointed_at=datetime.now(UTC),
        )
    )
    session.flush()


def captains(session: Session, comp: TCompetition) -> dict[str, str]:
    """Each entrant with an appointed captain → that account's name (disabled accounts left out)."""
    q = (
        select(CaptainAccount.entrant, User.name)
        .join(User, User.id == CaptainAccount.user_id)
        .where(CaptainAccount.competition_id == comp.id, User.disabled.is_(False))
    )
    return {entrant: name for entrant, name in session.execute(q)}
