"""Changing an entrant after registration: its name, division, members, club or seed, as the desk learns
of a typo, a school, a seed or a team member replaced (a substitute keeps the team's place, its draw and
its results). Each change is a line of the audit log with the entrant before and after; withdrawing is
the desk's ``withdrawn`` flag (:meth:`~tablesport.store.service.EventStore.update_entrant`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.tournament.errors import TournamentError

from .models import TCompetition, TEntrant
from .service import EventStore, _entrant_json

FIELDS = ("name", "division", "members", "club", "seed")


def edit_entrant(
    st: EventStore, comp: TCompetition, key: str, changes: Mapping[str, Any], who: str, reason: str = ""
) -> TEntrant:
    """Apply ``changes`` (a subset of :data:`FIELDS`; an empty division, club or seed clears it) and
    recompute the standings (which check a division against the competition's). Refuses a team of the
    wrong size and a person already in another team, naming them; changes nothing then."""
    unknown = sorted(set(changes) - set(FIELDS))
    if unknown:
        raise TournamentError(f"cannot change {', '.join(unknown)}", allowed=FIELDS, field=unknown[0])
    row = st._entrant(comp, key)
    before = _entrant_json(row)
    p = st.preset(comp)
    if "name" in changes:
        name = str(changes["name"]).strip()
        if not name:
            raise TournamentError("the name cannot be empty", field="name")
        row.name = name
    if "members" in changes:
        members = [str(m).strip() for m in changes["members"] if str(m).strip()]
        if p.team_size and len(members) != p.team_size:
            raise TournamentError(
                f"a team of {p.title} has {p.team_size} members, not {len(members)}", field="members"
            )
        if len(set(members)) != len(members):
            raise TournamentError("a member is named twice", field="members")
        for other in st.entrants(comp):
            both = sorted(set(other.members) & set(members)) if other.key != key else []
            if both:
                raise TournamentError(f"{', '.join(both)} already play for {other.key}", field="members")
        row.members = members
    for k in ("division", "club"):
        if k in changes:
            setattr(row, k, str(changes[k]).strip() or None)
    if "seed" in changes:
        text = str(changes["seed"] if changes["seed"] is not None else "").strip()
        if text and (not text.isdigit() or int(text) < 1):
            raise TournamentError(f"the seed is a whole number from 1, not {text!r}", field="seed")
        row.seed = int(text) if text else None
    after = _entrant_json(row)
    if after == before:
        return row
    st.s.flush()
    st._audit(comp, "edit_entrant", key, who, before, after, reason)
    st._refresh(comp)
    return row


__all__ = ["FIELDS", "edit_entrant"]
