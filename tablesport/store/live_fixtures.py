"""Fixtures played at live (digital) tables: which table plays which fixture, and the result that table's
game gives when it ends, entered through the results desk on its own (the organiser types nothing).

The engine's :class:`~tablesport.core.Result` is turned into the entry the competition takes by
:mod:`tablesport.tournament.digital` (a table game's scores in seat order; one game of a Sanguosha series
with its commanders; a Pictionary round). The entry is checked like any other; whether it was entered or
refused (and why) is kept with the link, and the result's facts name the table, so the standings link back
to its replay (``/replay/<table>``).

Seats (:func:`seat_plan`): a table game seats the fixture's entrants in order. A Sanguosha series game
seats the first team at seats 0–2 (0: its commander for this game) and the second at 3–5 (1v1: one seat
each); the commanders must be ones the series lets command (the rotation, as the results desk checks it)
and the game enters as the series' next game. A Pictionary round seats team A (the first entrant) at 0–2
and team B at 3–5; the final plays to Finish (``pictionary-final``). A Pictionary round at a paper table
(``paper``: ``pictionary-table``, the final ``pictionary-table-final``) seats its facilitator's page at 0
(:data:`FACILITATOR`), team A at 1–3 and team B at 4–6; its result enters the fixture the same way.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Mapping
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, select, update
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from tablesport.core import Result, State
from tablesport.tournament import digital
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.penalties import game_key

from .db import Base, retry_locked
from .entry_facts import Facts, now
from .models import TCompetition, TFixture
from .service import EventStore
from .tables import FINISHED, WebTable

FACILITATOR = "facilitator"
"""Who sits at seat 0 of a paper Pictionary table: its facilitator's page (it runs the table by hand)."""
KINDS = ("table", "series", "duel")
"""The competitions whose fixtures can be played at a live table: multi-player table games (one game per
fixture), Sanguosha series (one table per game) and Pictionary rounds."""


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
    number: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """The game of a series this table plays (0: the fixture's whole result)."""
    seats: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """Who sits at each seat (a series game's players, for its commanders)."""


def check_playable(st: EventStore, comp: TCompetition, fixture: str) -> TFixture:
    """The fixture, if it can go to a live table now (no result yet, not already at a table)."""
    kind = st.preset(comp).kind
    if kind not in KINDS:
        raise TournamentError(f"{comp.title}: its fixtures are not played at live tables here "
                              f"({kind}); enter their score sheets", field="fixture")
    fx = next((f for f in st.fixtures(comp) if f.key == fixture), None)
    if fx is None:
        raise TournamentError(f"no fixture {fixture!r} in {comp.key!r}", field="fixture")
    if kind == "series":
        status = st.series.status(comp, fixture)
        if status.next_number is None:
            raise TournamentError(f"{fixture} is decided ({status.text})", field="fixture")
    elif st.result_of(fx) is not None:
        raise TournamentError(f"{fixture} already has a result", field="fixture")
    playing = [x for x in links(st.s, comp, fixture) if x.status == "playing"]
    if playing:
        raise TournamentError(f"{fixture} is already being played at table {playing[0].table_id}",
                              field="fixture")
    return fx


def game_preset(st: EventStore, comp: TCompetition, fx: TFixture, paper: bool = False) -> str:
    """The engine preset a fixture's live table plays (a Pictionary final plays to Finish; ``paper``: a
    Pictionary round at a paper table run from its facilitator's page)."""
    if st.preset(comp).kind == "duel":
        final = fx.stage == "final"
        if paper:
            return "pictionary-table-final" if final else "pictionary-table"
        if final:
            return "pictionary-final"
    return comp.preset


def seat_plan(st: EventStore, comp: TCompetition, fx: TFixture, seats: int,
              commanders: Mapping[str, str] | None = None) -> list[str]:
    """Who sits at each of the table's ``seats``: the entrants of a table game in order; a team's members
    for a series game (its commander first) or a Pictionary round."""
    kind = st.preset(comp).kind
    if kind == "table":
        return list(fx.entrants)
    per_team = seats // 2
    members = {e.key: list(e.members) or [e.key] for e in st.entrants(comp) if e.key in fx.entrants}
    plan: list[str] = [FACILITATOR] if kind == "duel" and seats % 2 else []
    may = st.series.status(comp, fx.key).may_command if kind == "series" and per_team > 1 else {}
    for team in fx.entrants:
        people = members.get(team, [])
        if len(people) != per_team:
            raise TournamentError(f"{team} has {len(people)} players; a table seats {per_team} a team",
                                  field="entrants")
        if may:
            chosen = (commanders or {}).get(team) or ""
            allowed = may.get(team, people)
            if chosen not in allowed:
                raise TournamentError(f"{team}: the commander for this game is one of {', '.join(allowed)}, "
                                      f"not {chosen or 'nobody'} (commanders rotate between games)",
                                      allowed=list(allowed), field=f"commander_{fx.entrants.index(team)}")
            people = [chosen] + [p for p in people if p != chosen]
        plan.extend(people)
    return plan


def link(st: EventStore, comp: TCompetition, fixture: str, table_id: str, by: str,
         seats: list[str] | None = None) -> LiveFixture:
    check_playable(st, comp, fixture)
    number = (st.series.status(comp, fixture).next_number or 0) if st.preset(comp).kind == "series" else 0
    row = LiveFixture(competition_id=comp.id, fixture=fixture, table_id=table_id, created_by=by[:100],
                      created_at=now(), status="playing", detail="", number=number, seats=seats)
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
    # a write first: it locks the link (the finish listener and the sweep of missed results, :func:`missed`,
    # never both enter one table's result) and, on SQLite, opens the transaction, whose driver would
    # otherwise open none before the savepoint below and so commit the result without the link's status
    s.execute(update(LiveFixture).where(LiveFixture.table_id == table_id).values(detail=LiveFixture.detail))
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
        facts = Facts(f"table {table_id}", source="referee",
                      note=f"live table {table_id}: /replay/{table_id}")
        kind = st.preset(comp).kind
        with s.begin_nested():
            if kind == "series":
                first = set(range(len(result.scores) // 2))
                teams = {side: fx.entrants[0] if set(sr.seats) <= first else fx.entrants[1]
                         for side, sr in result.sides.items()}
                players = dict(enumerate(row.seats or [])) or None
                game = digital.series_game(result, teams, players)
                st.series.enter_game(comp, row.fixture, game, facts, number=row.number or None)
            elif kind == "duel":  # a digital or a paper table: sides A and B
                st.enter_result(comp, row.fixture, digital.duel_entry(result, dict(zip(
                    ("A", "B"), fx.entrants, strict=True))), facts)
            else:
                st.enter_result(comp, row.fixture, digital.table_entry(result, fx.entrants), facts)
        row.status, row.detail = "entered", ""
    except TournamentError as exc:
        row.status, row.detail = "refused", str(exc)[:2000]
    s.flush()
    return row



class FinishedTable(Protocol):
    """What :func:`enter_from_table` reads of a finished live table (the server's ``LiveTable``)."""

    id: str
    state: State


CRASH_AT = "TABLESPORT_CRASH_AT"
"""Tests only: the name of a step of :func:`enter_from_table` at which the server process kills itself
(SIGKILL), to show that a fixture's result survives a crash at every step between the game's end and
its entry (``tests/server/test_fixture_crash.py``)."""

CRASH_POINTS = ("fixture-finished", "fixture-uncommitted", "fixture-committed")


def crash_point(name: str) -> None:
    if os.environ.get(CRASH_AT) == name:
        os.kill(os.getpid(), signal.SIGKILL)


async def enter_from_table(sessions: sessionmaker[Session], table: FinishedTable) -> None:
    """The room's finish listener: a finished table's result entered for the fixture it plays (if any).
    The table is stored finished before this runs; should the server die before the entry is committed,
    the sweep of :func:`missed` tables at the next start (and every minute) enters it from the stored
    table."""
    result = table.state.result()

    def work() -> None:
        with sessions() as s:
            plays = s.scalar(select(LiveFixture.id).where(LiveFixture.table_id == table.id)) is not None
            if plays:
                crash_point("fixture-finished")
            table_finished(s, table.id, result)
            if plays:
                crash_point("fixture-uncommitted")
            s.commit()
        if plays:
            crash_point("fixture-committed")

    await retry_locked(lambda: asyncio.to_thread(work))


def missed(s: Session, finished_before: float | None = None) -> list[str]:
    """The tables stored finished whose fixture's result was not entered (the server died in between, or
    the store refused the entry for a moment), oldest first; with ``finished_before`` (Unix time), only
    those finished before it (so that a table finishing now is left to its own listener)."""
    q = (select(LiveFixture.table_id).join(WebTable, WebTable.id == LiveFixture.table_id)
         .where(LiveFixture.status == "playing", WebTable.status == FINISHED))
    if finished_before is not None:
        q = q.where(WebTable.updated < finished_before)
    return list(s.scalars(q.order_by(WebTable.updated)))


def log_control(st: EventStore, comp: TCompetition, fixture: str, done: dict[str, Any], who: str,
                why: str, table: str | None = None) -> None:
    """A referee's control at a fixture's live table, in the competition's audit log (who, what, why). A
    technical point or a player's penalty also names its game, team and player (``foul``), so the
    public fouls list shows it beside the fouls typed at the desk (:func:`table_fouls`)."""
    after = dict(done)
    row = next((x for x in links(st.s, comp, fixture) if x.table_id == table), None)
    seat = done.get("seat")
    if done.get("control") in ("technical", "penalty") and row is not None and isinstance(seat, int):
        fx = st._fixture(comp, fixture)
        seats = list(row.seats or [])
        half = len(seats) // 2 if seats else 0
        team = fx.entrants[0] if half and seat < half else fx.entrants[-1]
        after["foul"] = {"game": game_key(fixture, row.number or 1), "team": team,
                         "kind": "technical" if done["control"] == "technical" else "player",
                         "points": done.get("points"),
                         "player": (seats[seat] if done["control"] == "penalty" and seat < len(seats)
                                    else None)}
    st._audit(comp, f"table_{done.get('control', 'control')}", fixture, who, None, after, why)
    st.s.flush()


def table_fouls(st: EventStore, comp: TCompetition) -> list[dict[str, Any]]:
    """The technical points and player penalties given at live tables, as the fouls list shows them. Their
    ``id`` is the audit line's, negated: not a desk penalty that can be withdrawn by id (the ruling
    stands with the game the table played)."""
    out = []
    for a in st.audit(comp):
        foul = (a.after or {}).get("foul") if isinstance(a.after, dict) else None
        if a.action in ("table_technical", "table_penalty") and foul:
            out.append({"id": -a.id, **foul, "reason": a.reason, "recorded_by": a.who,
                        "recorded_at": a.at.isoformat(), "facts": {"source": "live table"},
                        "withdrawn": False})
    return out
