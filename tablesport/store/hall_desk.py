"""The Rummikub hall of a stored event (seed 002): check-in, the queue, a table as soon as 4 are free, games
entered per table, score sheets of 3 games handed in at the desk for a new one, lost sheets (−10 %), the
cut-off after which no sheet is given.

The hall is its entries, in order (``tournament_hall``): check-ins, games (the fixture holding the result),
sheets handed in, sheets lost, departures, the number of tables. Every operation rebuilds the hall by
replaying them through :class:`~tablesport.tournament.rummikub.OpenPlay` (the pure rules), applies the new
one — refused with the rule if it does not fit — and only then stores it. The standings document of a hall
lists the games and the sheets given and lost in the same order, so the standings and the hall agree.
A correction of a game that would change who had to leave a table after later games were played there is
refused (the later games would no longer fit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import rule
from tablesport.tournament.rummikub import OpenPlay, PlayerCard, clock, minutes, scores_of
from tablesport.tournament.seating import check_table_players
from tablesport.tournament.standings import load

from .entry_facts import Facts, now
from .models import TCompetition, TFixture, THallEntry, TResult

if TYPE_CHECKING:
    from .service import EventStore

KINDS = ("tables", "arrive", "game", "hand_in", "lost_sheet", "leave")


@dataclass(frozen=True, slots=True)
class Op:
    """One hall entry (stored, or about to be)."""

    kind: str
    at: str
    player: str | None = None
    table: int | None = None
    fixture: str | None = None
    data: Mapping[str, Any] | None = None
    """A game: its result; tables: {"count": N}; hand_in: {"scores": [...]} when the paper sheet was read."""
    players: tuple[str, ...] = ()
    """A game: the players it was played by (seat order)."""

    def describe(self) -> str:
        what = self.fixture or self.player or (f"table {self.table}" if self.table else self.kind)
        return f"{what} ({self.kind.replace('_', ' ')} at {self.at})"


@dataclass(slots=True)
class Replay:
    hall: OpenPlay
    results: list[dict[str, Any]] = field(default_factory=list)
    """The standings document's results: games, ``new_sheet`` and ``lost_sheet`` entries, in order."""
    last_at: str = "00:00"
    leaving: list[str] = field(default_factory=list)
    """Who left the table after the last game replayed."""
    divisions: dict[str, str | None] = field(default_factory=dict)
    withdrawn: set[str] = field(default_factory=set)
    tables_set: bool = True
    """False until the number of tables is known (the event file's ``tables``, or a tables entry)."""
    key: str = ""


@dataclass(frozen=True, slots=True)
class HallStatus:
    """Where everyone is: the queue, the tables, the desk, and per player the sheets."""

    queue: list[str]
    tables: list[dict[str, Any]]
    desk: list[str]
    done: list[str]
    players: dict[str, dict[str, Any]]
    games: int
    cutoff: str
    last_at: str
    text: str = ""
    """What the last operation did, in words."""

    def to_json(self) -> dict[str, Any]:
        return {"queue": self.queue, "tables": self.tables, "desk": self.desk, "done": self.done,
                "players": self.players, "games": self.games, "cutoff": self.cutoff, "last_at": self.last_at,
                "text": self.text}


class HallDesk:
    def __init__(self, store: EventStore) -> None:
        self.st = store
        self.s = store.s

    # ---- reading -----------------------------------------------------------------------------------
    def in_use(self, comp: TCompetition) -> bool:
        return bool(self.s.scalar(select(func.count()).select_from(THallEntry)
                                  .where(THallEntry.competition_id == comp.id)))

    def _ops(self, comp: TCompetition,
             override: tuple[TFixture, Mapping[str, Any]] | None = None) -> list[Op]:
        """The stored entries (read as plain rows: a morning holds hundreds) with each game's result."""
        games: dict[str, tuple[list[str], Mapping[str, Any]]] = {
            key: (entrants, data) for key, entrants, data in self.s.execute(
                select(TFixture.key, TFixture.entrants, TResult.data)
                .join(TResult, TResult.fixture_id == TFixture.id)
                .where(TFixture.competition_id == comp.id)).all()}
        if override is not None:
            games[override[0].key] = (list(override[0].entrants), dict(override[1]))
        ops = []
        for kind, at, player, table, fixture, data in self.s.execute(
                select(THallEntry.kind, THallEntry.at, THallEntry.player, THallEntry.table,
                       THallEntry.fixture, THallEntry.data)
                .where(THallEntry.competition_id == comp.id).order_by(THallEntry.id)).all():
            if kind == "game":
                players, result = games[fixture or ""]
                ops.append(Op(kind, at, player, table, fixture, result, tuple(players)))
            else:
                ops.append(Op(kind, at, player, table, fixture, data))
        return ops

    def _params(self, comp: TCompetition) -> tuple[int, int, float, int | None]:
        prm = self.st.preset(comp).params
        cutoff = minutes(str(comp.config.get("cutoff", prm["cutoff"])))
        tables = comp.config.get("tables")
        return (int(prm["games_per_sheet"]), cutoff, float(prm["senior_factor"]),  # type: ignore[call-overload, arg-type]
                int(tables) if tables else None)

    def replay(self, comp: TCompetition, ops: Sequence[Op], label: bool = False) -> Replay:
        """The hall after ``ops``; refuses (with the rule) the first op that does not fit (naming it when
        ``label``)."""
        rp = self._start(comp, ops)
        for op in ops:
            self.apply(comp, rp, op, label)
        return rp

    def apply(self, comp: TCompetition, rp: Replay, op: Op, label: bool = False) -> None:
        try:
            self._apply(rp, op, rp.divisions, rp.hall.factor, rp.withdrawn)
        except TournamentError as exc:
            raise exc.within(op.describe()) if label else exc from None

    def _start(self, comp: TCompetition, ops: Sequence[Op]) -> Replay:
        if self.st.preset(comp).kind != "rummikub":
            raise TournamentError(f"{comp.preset} has no hall: open play is Rummikub (rummikub-2018)")
        per, cutoff, factor, tables = self._params(comp)
        ents = self.st.entrants(comp)
        cards = {e.key: PlayerCard(e.key, e.division, e.club, e.lost_sheets) for e in ents}
        divisions = {e.key: e.division for e in ents}
        return Replay(OpenPlay(cards, tables or 1, per, cutoff, factor, auto_hand_in=False),
                      divisions=divisions, withdrawn={e.key for e in ents if e.withdrawn},
                      tables_set=tables is not None, key=comp.key)

    def _apply(self, rp: Replay, op: Op, divisions: Mapping[str, str | None], factor: float,
               withdrawn: set[str]) -> None:
        hall, at = rp.hall, minutes(op.at)
        if op.at < rp.last_at:
            raise TournamentError(f"the hall is kept in order: its last entry is at {rp.last_at}; "
                                  f"an entry at {op.at} would change what followed",
                                  allowed=[f"{rp.last_at} or later"], field="at")
        rp.last_at = op.at
        if op.kind != "tables" and not rp.tables_set:
            raise TournamentError(f"how many tables does the hall of {rp.key!r} have? "
                                  "set them first (hall tables N) or give 'tables' in the event file",
                                  field="tables")
        p = op.player or ""
        sheets_before = len(hall.sheets.cards[p].sheets) if p in hall.sheets.cards else 0
        if op.kind == "tables":
            hall.set_tables(int((op.data or {})["count"]))
            rp.tables_set = True
        elif op.kind == "arrive":
            if p in withdrawn:
                raise TournamentError(f"{p!r} has withdrawn", field="player")
            hall.arrive(p, at)
        elif op.kind == "game":
            assert op.table is not None and op.data is not None
            players = list(hall.playing_table(op.table).seated)
            if op.players and list(op.players) != players:
                check_table_players(f"table {op.table}", players, op.players, "game", "rummikub_table")
            scores = scores_of(op.data, players, divisions, factor)
            rp.leaving = hall.record_game(op.table, scores, at, op.fixture or "")
            rp.results.append({"players": players, **{k: op.data[k] for k in ("winner", "racks", "scores")
                                                      if k in op.data}, "at": op.at})
        elif op.kind == "hand_in":
            held = hall.sheets.card(p).held()
            paper = (op.data or {}).get("scores")
            if paper is not None and held is not None:
                _compare_paper(p, len(hall.sheets.cards[p].sheets), held.scores, held.games, paper)
            hall.hand_in(p, at)
        elif op.kind == "lost_sheet":
            hall.lose_sheet(p, at)
            rp.results.append({"lost_sheet": p, "at": op.at})
        elif op.kind == "leave":
            hall.leave(p)
        else:
            raise TournamentError(f"unknown hall entry {op.kind!r}", allowed=KINDS)
        if p in hall.sheets.cards and len(hall.sheets.cards[p].sheets) > sheets_before:
            rp.results.append({"new_sheet": p, "at": op.at})
        hall.fill()

    def results(self, comp: TCompetition, override: tuple[TFixture, Mapping[str, Any]] | None = None
                ) -> list[dict[str, Any]]:
        """The standings document's results in hall order (a game's result replaced by ``override``)."""
        try:
            return self.replay(comp, self._ops(comp, override), label=override is not None).results
        except TournamentError as exc:
            if override is None:
                raise
            raise exc.within(f"with this change to {override[0].key}, "
                             "a later hall entry no longer fits") from None

    def status(self, comp: TCompetition, text: str = "") -> HallStatus:
        rp = self.replay(comp, self._ops(comp))
        return self._status(rp, text)

    def _status(self, rp: Replay, text: str) -> HallStatus:
        st = rp.hall.status()
        assert rp.hall.sheets.cutoff is not None
        return HallStatus(st["queue"], st["tables"], st["desk"], st["done"], st["players"], st["games"],
                          clock(rp.hall.sheets.cutoff), rp.last_at, text)

    # ---- writing ------------------------------------------------------------------------------------
    def _do(self, comp: TCompetition, op: Op, facts: Facts, text: str,
            game: tuple[TFixture, dict[str, Any]] | None = None, rp: Replay | None = None
            ) -> tuple[HallStatus, Replay]:
        """Replay the hall (or take ``rp``, the hall as stored), apply ``op`` (refused if it does not
        fit), check the standings with it, store it."""
        if rp is None:
            rp = self.replay(comp, self._ops(comp))
        if game is not None:
            op = Op(op.kind, op.at, op.player, op.table, op.fixture, game[1], tuple(game[0].entrants))
        self.apply(comp, rp, op)
        load(self.st.document(comp, hall_results=rp.results))
        with self.s.begin_nested():
            if comp.stage == "registration":
                comp.stage = "open"  # the hall is in play (players may still arrive and register)
            if game is not None:
                fx, data = game
                self.s.add(fx)
                self.s.flush()
                t = now()
                self.s.add(TResult(fixture_id=fx.id, data=data, version=1, source=facts.source,
                                   entered_by=facts.by, entered_at=t, updated_by=facts.by, updated_at=t,
                                   facts=facts.to_json()))
            self.s.add(THallEntry(competition_id=comp.id, kind=op.kind, player=op.player, table=op.table,
                                  fixture=op.fixture, at=op.at,
                                  data=dict(op.data) if op.data and game is None else None,
                                  facts=facts.to_json(), who=facts.by, entered_at=now()))
            self.st._audit(comp, f"hall_{op.kind}", op.fixture or op.player or str(op.table or ""),
                           facts.by, None,
                           {k: v for k, v in (("player", op.player), ("table", op.table), ("at", op.at),
                                              ("data", game[1] if game else op.data)) if v is not None},
                           facts.note, facts=facts.to_json())
            self.s.flush()
            self.st._refresh(comp, rp.results)
        return self._status(rp, text), rp

    def _player(self, comp: TCompetition, player: str) -> str:
        keys = [e.key for e in self.st.entrants(comp)]
        if player not in keys:
            raise TournamentError(f"{player!r} is not registered in {comp.key!r}", field="player",
                                  allowed=keys[:20])
        return player

    def set_tables(self, comp: TCompetition, count: int, facts: Facts) -> HallStatus:
        facts = facts.checked()
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise TournamentError(f"the hall has at least one table, not {count!r}", field="tables")
        return self._do(comp, Op("tables", facts.clock(), data={"count": count}), facts, f"{count} tables")[0]

    def arrive(self, comp: TCompetition, player: str, facts: Facts) -> HallStatus:
        """Check-in (or back in the hall): a sheet unless one is still open, then the queue; a table starts as
        soon as 4 are free (賽制 4)."""
        facts = facts.checked()
        p = self._player(comp, player)
        return self._do(comp, Op("arrive", facts.clock(), p), facts, f"{p} queues")[0]

    def game(self, comp: TCompetition, table: int, result: Mapping[str, Any], facts: Facts) -> HallStatus:
        """The game just finished at ``table``: ``winner`` and ``racks`` (totals), ``seen`` (the tiles
        left, scored by the engine) or ``scores``. Each player's sheet takes the game; a full sheet goes
        to the desk, else the two with the most minus points queue again (賽制 5)."""
        facts = facts.checked()
        if not isinstance(result, Mapping):
            raise TournamentError("a game is a mapping: winner and racks, seen, or scores", field="result")
        rp = self.replay(comp, self._ops(comp))
        t = rp.hall.playing_table(table)
        seated = list(t.seated)
        named = result.get("players")
        if named is not None:
            check_table_players(f"table {table}", seated, named if isinstance(named, list) else [named],
                                "result", "rummikub_table")
        n = int(self.s.scalar(select(func.count()).select_from(TFixture)
                              .where(TFixture.competition_id == comp.id)) or 0) + 1
        fx = TFixture(competition_id=comp.id, key=f"G{n}", stage="open", round=n, group=None,
                      table=str(table), entrants=seated)
        data = self.st._scored(comp, fx, {k: v for k, v in result.items() if k != "players"})
        if isinstance(data.get("scores"), Mapping):
            check_table_players(f"table {table}", seated, data["scores"], "scores", "rummikub_table")
        else:
            named2 = list(dict.fromkeys([*(data.get("racks") or {}),
                                         *([str(data["winner"])] if data.get("winner") else [])]))
            if set(named2) != set(seated):
                check_table_players(f"table {table}", seated, named2, "racks", "rummikub_table")
        op = Op("game", facts.clock(), table=table, fixture=fx.key)
        status, after = self._do(comp, op, facts, "", (fx, data), rp)
        left = after.leaving
        desk = [p for p in left if p in after.hall.desk]
        text = (f"{fx.key} at table {table}: " + (f"{', '.join(desk)} to the desk (sheet full)" if desk
                                                 else f"{', '.join(left)} queue again (most minus points)"))
        return HallStatus(status.queue, status.tables, status.desk, status.done, status.players, status.games,
                          status.cutoff, status.last_at, text)

    def hand_in(self, comp: TCompetition, player: str, facts: Facts, scores: Sequence[float] | None = None
                ) -> HallStatus:
        """The full sheet handed in at the desk; a new one before the cut-off (then the queue), none after
        (賽制 1). ``scores``: the paper sheet as read, checked against the games entered."""
        facts = facts.checked()
        p = self._player(comp, player)
        data = None
        if scores is not None:
            if not isinstance(scores, list | tuple) or not all(
                    isinstance(x, int | float) and not isinstance(x, bool) for x in scores):
                raise TournamentError("the paper sheet's scores are a list of numbers", field="scores")
            data = {"scores": [float(x) for x in scores]}
        cut = self._params(comp)[1]
        after = ("a new sheet, queues" if minutes(facts.clock()) < cut
                 else "no new sheet after the cut-off: done")
        return self._do(comp, Op("hand_in", facts.clock(), p, data=data), facts,
                        f"{p} hands the sheet in: {after}")[0]

    def lost_sheet(self, comp: TCompetition, player: str, facts: Facts) -> HallStatus:
        """The sheet the player holds is lost: it never counts, and all plus points lose 10 % (賽制 1)."""
        facts = facts.checked()
        p = self._player(comp, player)
        return self._do(comp, Op("lost_sheet", facts.clock(), p), facts, f"{p}'s sheet lost (−10 %)")[0]

    def leave(self, comp: TCompetition, player: str, facts: Facts) -> HallStatus:
        facts = facts.checked()
        p = self._player(comp, player)
        return self._do(comp, Op("leave", facts.clock(), p), facts, f"{p} leaves the hall")[0]


def _compare_paper(player: str, number: int, recorded: Sequence[float], games: Sequence[str],
                   paper: Sequence[float]) -> None:
    if len(paper) != len(recorded):
        raise TournamentError(f"{player}'s sheet {number}: the paper has {len(paper)} scores, "
                              f"the games entered {len(recorded)}", rule=rule("rummikub_sheet"),
                              field="scores")
    for i, (want, got) in enumerate(zip(paper, recorded, strict=True), 1):
        if abs(want - got) > 0.05:
            raise TournamentError(f"{player}'s sheet {number} game {i}: the paper says {want:g}, "
                                  f"the game entered ({games[i - 1] or 'unknown'}) gives {got:g}; "
                                  "correct the game or the sheet",
                                  rule=rule("rummikub_sheet"), allowed=[f"{got:g}"], field="scores")
