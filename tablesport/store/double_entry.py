"""Double entry of results from physical tables: a score sheet counts once two different people have typed
the same figures (as Tabbycat does for ballots).

A referee types a score sheet (one game of a series, or a fixture's whole result): it is checked at once by
the results desk exactly as the CLI checks it — entered inside a savepoint that is then rolled back — so a
refused sheet is refused with the rule and stores nothing. An accepted sheet waits (``waiting``) until a
second person types the same fixture and game:

* the same figures → the result is entered through the results desk (``store.series.enter_game`` or
  ``enter_result``) in the first person's name, noting who confirmed it; both sheets are ``accepted``;
* other figures → both sheets are marked ``disagrees`` and nothing counts: the disagreement is listed for
  the referees and the organiser, with both versions. A further sheet that matches one of them (typed by a
  person who has not typed that one) decides it; the organiser may also accept one version (:meth:`resolve`).

The same person typing again replaces their own open sheet (``superseded``). Every sheet, its outcome and
who typed and confirmed it stay in ``desk_entries``.

Instead of a second referee, **both captains** may confirm a waiting sheet (the seeds'
"双方队长在比赛记分表上签字确认结果", 2014 §二.4): each entrant's captain — the account the organiser
appointed (:mod:`.captain_accounts`), never an account that merely bears a member's name — agrees or
disagrees (:meth:`DoubleEntry.captain`); an entrant with no appointed captain cannot. Both agree → it counts,
"confirmed by" naming them; one disagrees → the sheet is marked ``disagrees`` and nothing counts until a
referee's matching sheet or the organiser settles it. Each captain's mark stays in ``desk_captain_marks``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.timeup import get_ladder

from . import captain_accounts
from .db import Base
from .entry_facts import Facts, now
from .models import TCompetition
from .service import EventStore

OPEN = ("waiting", "disagrees")


class DeskEntry(Base):
    """One score sheet as one person typed it."""

    __tablename__ = "desk_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    competition_id: Mapped[int] = mapped_column(ForeignKey("tournament_competitions.id", ondelete="CASCADE"),
                                                index=True)
    fixture: Mapped[str] = mapped_column(String(64))
    number: Mapped[int] = mapped_column(Integer, default=0)
    """The game of a series (1, 2, 3); 0 for a fixture's whole result."""
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    entered_by: Mapped[str] = mapped_column(String(100))
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16))
    """waiting, disagrees, accepted or superseded."""
    confirmed_by: Mapped[str | None] = mapped_column(String(100), nullable=True)


class CaptainMark(Base):
    """A captain's signature on a score sheet: agrees or disagrees."""

    __tablename__ = "desk_captain_marks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("desk_entries.id", ondelete="CASCADE"), index=True)
    entrant: Mapped[str] = mapped_column(String(100))
    by: Mapped[str] = mapped_column(String(100))
    agrees: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class SheetOutcome:
    status: str
    """waiting (for a second entry), disagrees (with another entry: nothing counts), accepted (it counts)."""
    entry: int
    others: list[dict[str, Any]]
    """The open entries it disagrees with (their figures and who typed them)."""
    text: str


def canonical(data: Mapping[str, Any]) -> str:
    """The figures of a sheet as one comparable string (keys sorted, zero figures left out)."""

    def clean(v: Any) -> Any:
        if isinstance(v, Mapping):
            return {str(k): clean(x) for k, x in sorted(v.items()) if x not in (None, "", 0, {}, [])}
        if isinstance(v, list | tuple):
            return [clean(x) for x in v]
        return v

    return json.dumps(clean(data), sort_keys=True, ensure_ascii=False)


def entry_json(e: DeskEntry) -> dict[str, Any]:
    return {"id": e.id, "fixture": e.fixture, "number": e.number, "data": e.data, "entered_by": e.entered_by,
            "entered_at": e.entered_at.isoformat(), "status": e.status, "confirmed_by": e.confirmed_by}


class DoubleEntry:
    def __init__(self, store: EventStore) -> None:
        self.st = store
        self.s = store.s

    def _series(self, comp: TCompetition) -> bool:
        return self.st.preset(comp).kind == "series"

    def _overtimes(self, comp: TCompetition,
                   data: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """A series sheet's game and the facts kept with it: the overtimes played before a time-up game was
        decided (seed 000 §一4, 001 §三5, 003 §2.4.2: still level, 5 minutes of overtime, repeated)."""
        game = dict(data)
        ot = game.pop("overtimes", 0)
        if not ot:
            return game, {}
        if not isinstance(ot, int) or isinstance(ot, bool) or not 0 < ot <= 20:
            raise TournamentError(f"overtimes: a whole number from 0 to 20, not {ot!r}", allowed=["0-20"],
                                  field="overtimes")
        ladder = get_ladder(comp.preset)
        if game.get("how") != "time":
            raise TournamentError("overtimes are played only when time is up with the board level; this game "
                                  f"ended by {game.get('how')!r}: leave overtimes at 0", rule=ladder.rule,
                                  allowed=["0", "how: time"], field="overtimes")
        if ladder.then != "overtime":
            raise TournamentError(f"{ladder.name} has no overtime: a level board goes to 比点",
                                  rule=ladder.rule, allowed=["0"], field="overtimes")
        return game, {"time_up": {"overtimes": ot}}

    def _apply(self, comp: TCompetition, fixture: str, number: int, data: Mapping[str, Any],
               facts: Facts) -> None:
        if self._series(comp):
            game, more = self._overtimes(comp, data)
            self.st.series.enter_game(comp, fixture, game, facts, number=number, more=more or None)
        else:
            self.st.enter_result(comp, fixture, data, facts)

    def check(self, comp: TCompetition, fixture: str, number: int, data: Mapping[str, Any], who: str) -> None:
        """Refuse the sheet as the results desk would (nothing is kept of the trial)."""
        trial = self.s.begin_nested()
        try:
            self._apply(comp, fixture, number, data, Facts(who))
        finally:
            trial.rollback()

    def next_number(self, comp: TCompetition, fixture: str) -> int:
        """The game a sheet is for: the next game of the series (0 for other competitions)."""
        if not self._series(comp):
            return 0
        status = self.st.series.status(comp, fixture)
        if status.next_number is None:
            raise TournamentError(f"{fixture} is decided ({status.text}); correct a game with a reason "
                                  "instead",
                                  allowed=["correct with a reason"], field="fixture")
        return status.next_number

    def open_entries(self, comp: TCompetition, fixture: str | None = None) -> list[DeskEntry]:
        q = select(DeskEntry).where(DeskEntry.competition_id == comp.id, DeskEntry.status.in_(OPEN))
        if fixture is not None:
            q = q.where(DeskEntry.fixture == fixture)
        return list(self.s.scalars(q.order_by(DeskEntry.id)))

    def entries(self, comp: TCompetition, fixture: str) -> list[DeskEntry]:
        q = select(DeskEntry).where(DeskEntry.competition_id == comp.id, DeskEntry.fixture == fixture)
        return list(self.s.scalars(q.order_by(DeskEntry.id)))

    def submit(self, comp: TCompetition, fixture: str, data: Mapping[str, Any], who: str,
               number: int | None = None) -> SheetOutcome:
        """A score sheet typed by ``who`` for ``fixture`` (game ``number`` of a series: the next by
        default)."""
        who = (who or "").strip()[:100]
        if not who:
            raise TournamentError("say who types the sheet", field="by")
        if not isinstance(data, Mapping):
            raise TournamentError("a score sheet is a mapping of its figures")
        n = self.next_number(comp, fixture) if number is None else number
        if self._series(comp) and n != self.next_number(comp, fixture):
            due = self.next_number(comp, fixture)
            raise TournamentError(f"{fixture}: the next game to enter is game {due}, not game {n}",
                                  allowed=[str(due)], field="number")
        self.check(comp, fixture, n, data, who)
        mine = canonical(data)
        with self.s.begin_nested():
            open_ = [e for e in self.open_entries(comp, fixture) if e.number == n]
            for e in open_:
                if e.entered_by == who:
                    e.status = "superseded"
            others = [e for e in open_ if e.entered_by != who]
            row = DeskEntry(competition_id=comp.id, fixture=fixture, number=n, data=dict(data),
                            entered_by=who, entered_at=now(), status="waiting")
            self.s.add(row)
            self.s.flush()
            match = next((e for e in others if canonical(e.data) == mine), None)
            if match is not None:
                self._accept(comp, match, row, who)
                return SheetOutcome("accepted", row.id, [],
                                    f"{fixture}: {match.entered_by}'s sheet confirmed by {who}; it counts")
            if others:
                row.status = "disagrees"
                for e in others:
                    e.status = "disagrees"
                self.s.flush()
                names = ", ".join(sorted({e.entered_by for e in others}))
                return SheetOutcome("disagrees", row.id, [entry_json(e) for e in others],
                                    f"{fixture}: this sheet differs from {names}'s; nothing counts until two "
                                    "sheets agree or the organiser decides")
            return SheetOutcome("waiting", row.id, [], f"{fixture}: waiting for a second person to type the "
                                                       "same sheet")

    def _accept(self, comp: TCompetition, first: DeskEntry, second: DeskEntry | None, by: str) -> None:
        facts = Facts(first.entered_by, note=f"double entry: typed by {first.entered_by}, confirmed by {by}")
        self._apply(comp, first.fixture, first.number, first.data, facts)
        first.status, first.confirmed_by = "accepted", by
        if second is not None:
            second.status, second.confirmed_by = "accepted", first.entered_by
        for e in self.open_entries(comp, first.fixture):
            if e.number == first.number and e.id not in (first.id, second.id if second else None):
                e.status = "superseded"
        self.s.flush()

    def resolve(self, comp: TCompetition, entry_id: int, who: str) -> None:
        """The organiser accepts one open sheet (a disagreement, or a sheet nobody else can confirm)."""
        row = self.s.get(DeskEntry, entry_id)
        if row is None or row.competition_id != comp.id or row.status not in OPEN:
            raise TournamentError(f"no open score sheet {entry_id}",
                                  allowed=[str(e.id) for e in self.open_entries(comp)], field="entry")
        with self.s.begin_nested():
            self._accept(comp, row, None, f"{who} (organiser)")

    # ---- corrections ---------------------------------------------------------------------------------
    def _correct(self, comp: TCompetition, fixture: str, number: int, data: Mapping[str, Any],
                 facts: Facts, reason: str) -> None:
        if self._series(comp):
            game, more = self._overtimes(comp, data)
            self.st.series.correct_game(comp, fixture, number, game, facts, reason, more or None)
        else:
            self.st.correct_result(comp, fixture, data, facts, reason)

    def correct(self, comp: TCompetition, fixture: str, number: int, data: Mapping[str, Any], who: str,
                reason: str, at_once: bool = False) -> SheetOutcome:
        """A correction of an entered result (game ``number`` of a series; 0 otherwise), with its reason.
        Like a score sheet it counts once a second person types the same correction (``at_once``: the
        organiser's own correction counts at once). It is checked first, so a refused one keeps nothing."""
        who = (who or "").strip()[:100]
        if not reason or not reason.strip():
            raise TournamentError("a correction needs a reason", field="reason")
        trial = self.s.begin_nested()
        try:
            self._correct(comp, fixture, number, data, Facts(who), reason)
        finally:
            trial.rollback()
        if at_once:
            with self.s.begin_nested():
                self._correct(comp, fixture, number, data, Facts(who), reason)
            return SheetOutcome("accepted", 0, [], f"{fixture}: corrected by {who}")
        mine = canonical(data)
        with self.s.begin_nested():
            pending = list(self.s.scalars(select(DeskEntry).where(
                DeskEntry.competition_id == comp.id, DeskEntry.fixture == fixture, DeskEntry.number == number,
                DeskEntry.status == "correcting").order_by(DeskEntry.id)))
            for e in pending:
                if e.entered_by == who:
                    e.status = "superseded"
            row = DeskEntry(competition_id=comp.id, fixture=fixture, number=number,
                            data={"correction": dict(data), "reason": reason.strip()}, entered_by=who,
                            entered_at=now(), status="correcting")
            self.s.add(row)
            self.s.flush()
            match = next((e for e in pending if e.entered_by != who
                          and canonical(e.data.get("correction", {})) == mine), None)
            if match is None:
                return SheetOutcome("correcting", row.id, [],
                                    f"{fixture}: the correction waits for a second person to type it")
            facts = Facts(match.entered_by,
                          note=f"correction typed by {match.entered_by}, confirmed by {who}")
            self._correct(comp, fixture, number, data, facts, str(match.data.get("reason") or reason))
            match.status, match.confirmed_by = "accepted", who
            row.status, row.confirmed_by = "accepted", match.entered_by
            self.s.flush()
            return SheetOutcome("accepted", row.id, [],
                                f"{fixture}: correction confirmed by {who}; it counts")

    # ---- both captains instead of a second referee ---------------------------------------------------
    def captains(self, comp: TCompetition, fixture: str) -> dict[str, str]:
        """Each entrant of the fixture and its captain: the account name the organiser appointed, ``""``
        where none is."""
        fx = next((f for f in self.st.fixtures(comp) if f.key == fixture), None)
        if fx is None:
            raise TournamentError(f"no fixture {fixture!r} in {comp.key!r}", field="fixture")
        appointed = captain_accounts.captains(self.s, comp)
        return {e: appointed.get(e, "") for e in fx.entrants}

    def marks(self, entry_id: int) -> list[CaptainMark]:
        return list(self.s.scalars(select(CaptainMark).where(CaptainMark.entry_id == entry_id)
                                   .order_by(CaptainMark.id)))

    def captain(self, comp: TCompetition, entry_id: int, who: str, agrees: bool) -> SheetOutcome:
        """Captain ``who`` agrees (or not) with the waiting sheet ``entry_id`` of their fixture."""
        row = self.s.get(DeskEntry, entry_id)
        if row is None or row.competition_id != comp.id or row.status != "waiting":
            raise TournamentError(f"no score sheet {entry_id} waiting for confirmation",
                                  allowed=[str(e.id) for e in self.open_entries(comp)
                                           if e.status == "waiting"],
                                  field="entry")
        caps = self.captains(comp, row.fixture)
        team = next((e for e, c in caps.items() if c and c == who), None)
        if team is None:
            named = ", ".join(f"{c or 'none'} ({e})" for e, c in caps.items())
            raise TournamentError(f"{who} is not a captain of {row.fixture} (its captains, appointed by the "
                                  f"organiser: {named})", field="by")
        with self.s.begin_nested():
            for m in self.marks(row.id):
                if m.entrant == team:
                    self.s.delete(m)
            self.s.add(CaptainMark(entry_id=row.id, entrant=team, by=who[:100], agrees=agrees, at=now()))
            self.s.flush()
            if not agrees:
                row.status = "disagrees"
                self.s.flush()
                return SheetOutcome("disagrees", row.id, [],
                                    f"{row.fixture}: {who}, captain of {team}, does not agree with the "
                                    "sheet; nothing counts until a referee's matching sheet or the organiser "
                                    "settles it")
            agreed = {m.entrant: m.by for m in self.marks(row.id) if m.agrees}
            if set(agreed) >= set(caps):
                names = " and ".join(f"{c} ({e})" for e, c in agreed.items())
                self._accept(comp, row, None, f"captains {names}"[:100])
                return SheetOutcome("accepted", row.id, [], f"{row.fixture}: both captains confirmed "
                                    f"{row.entered_by}'s sheet; it counts")
            return SheetOutcome("waiting", row.id, [], f"{row.fixture}: {who} ({team}) agrees; waiting for "
                                "the other captain (or a second referee)")

    def for_captain(self, comp: TCompetition, who: str) -> list[dict[str, Any]]:
        """The waiting sheets of the fixtures ``who`` captains, with the captains' marks so far."""
        out = []
        for e in self.open_entries(comp):
            if e.status != "waiting":
                continue
            caps = self.captains(comp, e.fixture)
            if who and who in caps.values():
                marks = {m.entrant: {"by": m.by, "agrees": m.agrees} for m in self.marks(e.id)}
                out.append({**entry_json(e), "captains": caps, "marks": marks})
        return out
