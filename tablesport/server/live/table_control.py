"""A referee's controls at a live table: pause and resume the table, and the rulings its engine takes
(``state.referee``): a concession, a player's penalty points, a team's technical points, a disqualification.

Each control names who gives it and why. It is told to everyone at the table at once (a ``referee`` event
in the table's log, and ``paused`` in every frame while the table is held), kept with the table
(``web_notes``: who, what, why) and, for a ruling, in the table's record as a ``referee`` step (so the
replay shows it and a restart replays it). The pages add it to the competition's audit log.

* **pause** stops the game clock and every decision timer (each seat keeps the time it had left); the
  seats' actions are refused (``paused``) and the bots wait. **resume** gives the timers back.
* **concede** ``("concede", seat)``: the seat that asks gives the game up for its side, as the edition lets
  it (Sanguosha: a commander in 2011 and 2012, anyone of the side in 2014; 2012 only in his own turn).
* **penalty** ``("penalty", seat, 1 | 3, why)``: 2014 3v3 player penalty points (1: stalling or acting out of
  turn, 3: talk that amounts to cheating; 5 disqualify the player).
* **technical** ``("technical", side, n)``: team technical points (3v3; 3 lose the game in 2012 and 2014).
* **disqualify** ``("disqualify", seat, why)``: the 2014 disqualification ruled at once (the general leaves
  like a death without reward; a disqualified commander loses the game for his side).
* **foul** ``("foul", team, letters | talking | signs)``: Pictionary (seed 000 Pictionary §2, §3): the
  drawing team of the seat fouled; its turn ends at the word being drawn.

A game whose rules have none of these refuses it in its own words (e.g. Blokus has no referee actions).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from tablesport.core import Event, RuleError, TablesportError
from tablesport.games import all_games
from tablesport.store.tables import RUNNING, WebNote, WebTable

from ..content.texts import game_texts
from .holding import hold, release
from .setup import stored_ruleset
from .table import LiveTable

CONTROLS = ("pause", "resume", "concede", "penalty", "technical", "disqualify", "foul")
RULINGS = ("concede", "penalty", "technical", "disqualify", "foul")
MAX_WHY = 300


class ControlError(TablesportError):
    """A control that cannot be given now, or a form that does not say enough; ``field`` names the input."""

    def __init__(self, message: str, field: str | None = None, allowed: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.allowed = allowed


@dataclass(frozen=True, slots=True)
class Control:
    kind: str
    by: str
    why: str
    seat: int | None = None
    points: int | None = None
    foul: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in (("control", self.kind), ("by", self.by), ("why", self.why),
                                  ("seat", self.seat), ("points", self.points), ("foul", self.foul))
                if v is not None}


def _whole(form: Mapping[str, str], key: str, lo: int, hi: int) -> int:
    text = str(form.get(key, "")).strip()
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise ControlError(f"{key}: a whole number from {lo} to {hi}, not {text!r}", key)
    return int(text)


def parse(kind: str, form: Mapping[str, str], by: str, seats: int) -> Control:
    """The control a referee's form asks for (every control needs a reason; a ruling names its seat)."""
    if kind not in CONTROLS:
        raise ControlError(f"no table control {kind!r}", "control", CONTROLS)
    why = " ".join(str(form.get("why", "")).split())[:MAX_WHY]
    if not why:
        raise ControlError("say why (the reason is kept with the table and shown to its players)", "why")
    seat = _whole(form, "seat", 0, seats - 1) if kind in RULINGS else None
    points = None
    if kind == "penalty":
        points = _whole(form, "points", 1, 3)
        if points not in (1, 3):
            raise ControlError("a penalty is 1 point (stalling, acting out of turn) or 3 (talk that amounts "
                               "to cheating)", "points", ("1", "3"))
    elif kind == "technical":
        points = _whole(form, "points", 1, 3)
    foul = None
    if kind == "foul":
        foul = str(form.get("foul", ""))
        fouling = [g for g in all_games().values() if g.fouls]  # the games with fouls (Game.fouls)
        fouls = tuple(f for g in fouling for f in g.fouls)
        if foul not in fouls:
            titles = " or ".join((game_texts(g.name).title or {}).get("en", g.title) for g in fouling)
            raise ControlError(f"a {titles} foul is one of {', '.join(fouls)}, not {foul!r}", "foul", fouls)
    return Control(kind, by.strip()[:100], why, seat, points, foul)


def ruling(table: LiveTable, c: Control) -> tuple[Any, ...]:
    """The engine's referee action for a ruling."""
    assert c.seat is not None
    if c.kind == "concede":
        return ("concede", c.seat)
    if c.kind == "penalty":
        return ("penalty", c.seat, c.points, c.why)
    if c.kind == "disqualify":
        return ("disqualify", c.seat, c.why)
    side_of: Callable[[int], str | None] | None = getattr(table.state, "side_of", None)
    side = side_of(c.seat) if side_of is not None else None
    if side is None:
        raise ControlError(f"{table.rs.preset}: a {c.kind} goes to a side, and seat {c.seat}'s side is "
                           "not known (yet)", "seat")
    if c.kind == "foul":
        return ("foul", side, c.foul)
    return ("technical", side, c.points)


def _note(tid: str, c: Control) -> Callable[[Session], None]:
    text = json.dumps(c.to_json(), ensure_ascii=False)

    def job(session: Session) -> None:
        session.add(WebNote(table_id=tid, at=time.time(), text=text))

    return job


async def apply(table: LiveTable, c: Control) -> dict[str, Any]:
    """Give the control at ``table`` (under its lock); returns what happened: the control, the step it made
    (a ruling) and whether the game is over. Refused (ControlError) when it cannot be given now."""
    async with table.lock:
        if table.status != RUNNING or table.decision is None:
            raise ControlError("the table is not being played (it is over, or waiting for its players)",
                               "table")
        event = Event("referee", c.to_json())
        if c.kind == "pause":
            if table.paused is not None:
                raise ControlError(f"the table is already paused (by {table.paused['by']})", "control",
                                   ("resume",))
            hold(table, c.by, c.why)
            await table.room.writer.submit(_note(table.id, c))
            await table.room.writer.submit(table._save_job())
            numbered = [(table.steps, event)]
        elif c.kind == "resume":
            if table.paused is None:
                raise ControlError("the table is not paused", "control", ("pause",))
            release(table)
            await table.room.writer.submit(_note(table.id, c))
            await table.room.writer.submit(table._save_job())
            numbered = [(table.steps, event)]
        else:
            try:
                await table.rule(ruling(table, c), (event,))
            except RuleError as exc:
                raise ControlError(f"{table.rs.preset}: {exc}", "control",
                                   (exc.allowed,) if exc.allowed else ()) from None
            await table.room.writer.submit(_note(table.id, c))
            return {**c.to_json(), "step": table.steps, "over": table.over, "table": table.id}
        table.events.extend(numbered)
        table.broadcast(numbered)  # a step frame (same seq): clients look at the decision again
        return {**c.to_json(), "step": table.steps, "over": table.over, "table": table.id}


def _playing(tables: Mapping[str, LiveTable], live: list[dict[str, Any]]) -> dict[str, LiveTable | None]:
    """The fixture's playing tables, each with this process's copy (``None``: refereed elsewhere)."""
    return {x["table"]: t if (t := tables.get(x["table"])) is not None and not t.moved else None
            for x in live if x["status"] == "playing"}


def refereed_elsewhere(tables: Mapping[str, LiveTable], live: list[dict[str, Any]]) -> list[str]:
    """The fixture's playing tables this process does not referee (hosted mode: another process does)."""
    return [tid for tid, t in _playing(tables, live).items() if t is None]


def stored_rows(session: Session, table_ids: list[str]) -> dict[str, WebTable]:
    """The stored rows of these tables (those that exist), by id."""
    return {row.id: row for row in session.scalars(select(WebTable).where(WebTable.id.in_(table_ids)))}


def states(tables: Mapping[str, LiveTable], live: list[dict[str, Any]],
           stored: Mapping[str, WebTable]) -> dict[str, dict[str, Any]]:
    """For a fixture's page: each playing table's status, whether (and by whom) it is paused, and the
    rulings its rules take. A table this process referees is read as it is now; one it does not from its
    row in the store, ``stored`` (:func:`stored_rows` of :func:`refereed_elsewhere`), where a pause is kept
    with the table's timers."""
    out: dict[str, dict[str, Any]] = {}
    for tid, t in _playing(tables, live).items():
        if t is not None:
            status, paused, seats, game, rs = t.status, t.paused, len(t.seats), t.game, t.rs
        elif (row := stored.get(tid)) is not None:
            game, rs = stored_ruleset(row)
            status, paused, seats = row.status, (row.timers or {}).get("paused"), len(row.header["seats"])
        else:
            continue
        out[tid] = {"status": status, "paused": paused and {k: paused[k] for k in ("by", "why")},
                    "seats": seats, "rulings": list(game.rulings(rs))}
    return out
