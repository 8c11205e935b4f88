"""Entrants (players and teams), divisions, entry fees and the fees summary.

Seed 000 (prize notice): Sanguosha costs $15 per team of 3, Pictionary $10 per team of 3 and
the individual games $3 per person.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .errors import TournamentError, in_words


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player (no members) or a team (members); ``division`` e.g. junior/senior, ``club`` a school."""

    id: str
    name: str = ""
    members: tuple[str, ...] = ()
    division: str | None = None
    club: str | None = None
    seed: int | None = None
    paid: bool = False
    checked_in: bool = False
    withdrawn: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return "team" if self.members else "player"

    @property
    def people(self) -> tuple[str, ...]:
        """Who must be physically present: the members of a team, or the player."""
        return self.members or (self.id,)

    @property
    def active(self) -> bool:
        return not self.withdrawn


_FIELDS = {"id", "name", "members", "division", "club", "school", "seed", "paid", "checked_in", "withdrawn"}


LIMITS = {"id": 100, "name": 200, "members": 100, "division": 32, "club": 200}
"""The longest text of each field (the API's limits, and the store's columns); a team has at most
``MAX_MEMBERS`` members."""
MAX_MEMBERS = 10


def _text(value: Any, what: str, entrant: Any) -> str:
    """``value`` as text of at most ``LIMITS[what]`` printable characters (refused with what is allowed)."""
    text = str(value)
    limit = LIMITS[what]
    if not text or len(text) > limit or any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        shown = f"{text[:40]}…" if len(text) > 40 else text
        raise TournamentError(f"entrant {str(entrant)[:40]!r}: {what} {shown!r} is not 1–{limit} printable "
                              f"characters ({len(text)} given)", field=what)
    return text


def entrant_from(value: Any) -> Entrant:
    """An entrant from a document value: a name, or a mapping with ``id`` and optional fields (each text
    within :data:`LIMITS`, wherever it comes from: a page, the CSV import, the CLI or the API)."""
    if isinstance(value, str | int) and not isinstance(value, bool):
        text = _text(value, "id", value)
        return Entrant(id=text, name=text)
    if not isinstance(value, Mapping):
        raise TournamentError(f"an entrant is a name or a mapping with an 'id', not {value!r}")
    unknown = set(value) - _FIELDS - {"lost_sheets", "group"}
    if "id" not in value:
        raise TournamentError(f"entrant {dict(value)!r} has no 'id'")
    if unknown:
        raise TournamentError(f"entrant {value['id']!r}: unknown field(s) {in_words(sorted(unknown))}; "
                              f"allowed: {in_words(sorted(_FIELDS))}")
    members = value.get("members") or ()
    if not isinstance(members, list | tuple) or not all(isinstance(m, str | int) for m in members):
        raise TournamentError(f"entrant {value['id']!r}: 'members' must be a list of names")
    if len(members) > MAX_MEMBERS:
        raise TournamentError(f"entrant {str(value['id'])[:40]!r}: at most {MAX_MEMBERS} members "
                              f"({len(members)} given)", field="members")
    eid = _text(value["id"], "id", value["id"])
    for m in members:
        _text(m, "members", eid)
    for k in ("name", "division", "club", "school"):
        if value.get(k) is not None:
            _text(value[k], "club" if k == "school" else k, eid)
    seed = value.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 1):
        raise TournamentError(f"entrant {value['id']!r}: 'seed' must be a whole number from 1")
    extra = {k: value[k] for k in ("lost_sheets", "group") if k in value}
    if "lost_sheets" in extra and (not isinstance(extra["lost_sheets"], int) or extra["lost_sheets"] < 0):
        raise TournamentError(f"entrant {value['id']!r}: 'lost_sheets' must be a whole number ≥ 0")
    return Entrant(
        id=str(value["id"]), name=str(value.get("name", value["id"])), members=tuple(str(m) for m in members),
        division=value.get("division"), club=value.get("club", value.get("school")), seed=seed,
        paid=bool(value.get("paid", False)), checked_in=bool(value.get("checked_in", False)),
        withdrawn=bool(value.get("withdrawn", False)), extra=extra,
    )


def check_entrants(entrants: Sequence[Entrant], team_size: int | None = None) -> dict[str, Entrant]:
    """Index by id; refuses duplicates, a person in two entrants and teams of the wrong size."""
    out: dict[str, Entrant] = {}
    person_in: dict[str, str] = {}
    for e in entrants:
        if e.id in out:
            raise TournamentError(f"entrant {e.id!r} is registered twice")
        if team_size is not None and len(e.members) not in (0, team_size):
            raise TournamentError(f"team {e.id!r} has {len(e.members)} members; "
                                  f"this competition needs {team_size}")
        for p in e.members:
            if p in person_in:
                raise TournamentError(f"{p!r} is a member of both {person_in[p]!r} and {e.id!r}")
            person_in[p] = e.id
        out[e.id] = e
    return out


def check_in(entrant: Entrant) -> Entrant:
    if entrant.withdrawn:
        raise TournamentError(f"{entrant.id!r} has withdrawn and cannot check in")
    return replace(entrant, checked_in=True)


def withdraw(entrant: Entrant) -> Entrant:
    return replace(entrant, withdrawn=True, checked_in=False)


@dataclass(frozen=True, slots=True)
class Fee:
    """An entry fee in whole currency units: ``per`` team or per person."""

    amount: int
    per: Literal["team", "person"]
    currency: str = "$"

    def due(self, entrant: Entrant) -> int:
        return self.amount if self.per == "team" else self.amount * len(entrant.people)

    def describe(self) -> str:
        return f"{self.currency}{self.amount} per {self.per}"


@dataclass(frozen=True, slots=True)
class FeeLine:
    competition: str
    fee: str
    entrants: int
    people: int
    due: int
    paid: int
    outstanding: int
    unpaid: tuple[str, ...]


def fees_summary(competitions: Iterable[tuple[str, Fee, Sequence[Entrant]]]) -> list[FeeLine]:
    """One line per competition; withdrawn entrants owe nothing. A last line 'total' sums them."""
    lines: list[FeeLine] = []
    for name, fee, entrants in competitions:
        active = [e for e in entrants if e.active]
        due = sum(fee.due(e) for e in active)
        paid = sum(fee.due(e) for e in active if e.paid)
        lines.append(FeeLine(name, fee.describe(), len(active), sum(len(e.people) for e in active), due, paid,
                             due - paid, tuple(e.id for e in active if not e.paid)))
    lines.append(FeeLine("total", "", sum(x.entrants for x in lines), sum(x.people for x in lines),
                         sum(x.due for x in lines), sum(x.paid for x in lines),
                         sum(x.outstanding for x in lines), ()))
    return lines
