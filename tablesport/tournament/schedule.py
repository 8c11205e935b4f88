"""The day's schedule: time slots, tables and referees, with nobody in two places at once.

Seed 000: 45-minute slots; the Sanguosha groups play three slots from 10:30 (the four groups in
parallel), the knock-out three slots from 13:45 (quarter-finals, semi-finals, then the 3rd-place
match and the final at the same time). The seed's printed windows (10:30–12:00, 13:45–16:30) do
not divide into three 45-minute slots; the slot list is data (start, length, count, gap), so an
organiser sets what the hall really does.

Items are scheduled greedily in the order given (earlier rounds first): an item goes into the
first slot at or after its ``earliest`` slot, after the slots of the items it depends on, where
none of its people is busy, a table of its pool is free and a referee who is not one of its
people is free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import TournamentError
from .rummikub import minutes


@dataclass(frozen=True, slots=True)
class Slot:
    index: int
    start: int
    end: int

    def label(self) -> str:
        return f"{self.start // 60:02d}:{self.start % 60:02d}–{self.end // 60:02d}:{self.end % 60:02d}"


def make_slots(start: str, length: int, count: int, gap: int = 0, first_index: int = 0) -> list[Slot]:
    if length < 1 or count < 1 or gap < 0:
        raise TournamentError("slots need a length ≥ 1 minute, a count ≥ 1 and a gap ≥ 0")
    s = minutes(start)
    out = []
    for i in range(count):
        b = s + i * (length + gap)
        out.append(Slot(first_index + i, b, b + length))
    if out[-1].end > 24 * 60:
        raise TournamentError("the slots run past midnight")
    return out


@dataclass(frozen=True, slots=True)
class Item:
    key: str
    competition: str
    people: frozenset[str]
    earliest: int = 0
    after: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True, slots=True)
class Booking:
    item: Item
    slot: Slot
    table: str
    referee: str | None


@dataclass(slots=True)
class Timetable:
    slots: list[Slot]
    bookings: list[Booking] = field(default_factory=list)

    def at(self, slot: int) -> list[Booking]:
        return [b for b in self.bookings if b.slot.index == slot]

    def check(self) -> None:
        """Nobody (entrant, member or referee) in two places in one slot; no table used twice."""
        for s in self.slots:
            busy: dict[str, str] = {}
            tables: set[str] = set()
            for b in self.at(s.index):
                if b.table in tables:
                    raise TournamentError(f"table {b.table} is used twice at {s.label()}")
                tables.add(b.table)
                for p in [*b.item.people, *([b.referee] if b.referee else [])]:
                    if p in busy:
                        raise TournamentError(f"{p} is in two places at {s.label()}: "
                                              f"{busy[p]} and {b.item.key}")
                    busy[p] = b.item.key


def schedule(items: Sequence[Item], slots: Sequence[Slot], tables: Mapping[str, Sequence[str]],
             referees: Sequence[str] = ()) -> Timetable:
    """``tables`` maps a competition to its table names (a shared hall can list the same names)."""
    tt = Timetable(list(slots))
    keys = [i.key for i in items]
    if len(set(keys)) != len(keys):
        raise TournamentError("two schedule items share a key")
    placed: dict[str, int] = {}
    pending = list(items)
    why: dict[str, int] = {}  # why each item left over in a slot was not placed there
    for slot in slots:
        busy: set[str] = set()
        used_tables: set[str] = set()
        free_refs = list(referees)
        left = []
        why = {}
        for it in pending:
            if it.competition not in tables:
                raise TournamentError(f"no tables for competition {it.competition!r}")
            ok = slot.index >= it.earliest and all(placed.get(d, slot.index) < slot.index for d in it.after)
            reason = "" if ok else "an earlier round is not placed before it"
            if ok and it.people & busy:
                ok, reason = False, "a player already plays in that slot"
            table = next((t for t in tables[it.competition] if t not in used_tables), None) if ok else None
            if ok and table is None:
                reason = "every table of its competition is taken"
            ref = None
            if table is not None and referees:
                ref = next((r for r in free_refs if r not in it.people and r not in busy), None)
                if ref is None:
                    table, reason = None, (f"no referee is free (each match needs its own referee, one of "
                                           f"{len(referees)}, who plays in neither side)")
            if table is None:
                why[reason] = why.get(reason, 0) + 1
                left.append(it)
                continue
            used_tables.add(table)
            busy |= it.people
            if ref is not None:
                free_refs.remove(ref)
                busy.add(ref)
            placed[it.key] = slot.index
            tt.bookings.append(Booking(it, slot, table, ref))
        pending = left
    if pending:
        reasons = "; ".join(f"{n} because {r}" for r, n in sorted(why.items(), key=lambda x: -x[1]))
        fix = "add slots or tables, or plan without the referees" if referees else "add slots or tables"
        raise TournamentError(f"{len(pending)} item(s) do not fit in {len(slots)} slots "
                              f"(first: {pending[0].key}); in the last slot: {reasons}; {fix}")
    tt.check()
    return tt
