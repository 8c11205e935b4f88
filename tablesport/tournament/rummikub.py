"""Rummikub open play (seed 002, 2018 primary-school competition).

* Scoring a game (賽制 3.1/3.2, 計分方法): the first to empty the rack wins; every other player
  scores minus the sum of the rack (a joker counts 30); when a junior (初小) wins, a senior (高小)
  loser's minus points are ×1.2; −100 (rack could not make the 30-point initial meld) and −200
  (could, but never melded) are exempt from that adjustment; the winner scores the sum of the
  losers' minus points as plus points. If the pool runs out, the lowest rack wins.
* Score sheets (賽制 1, 2): a sheet holds 3 games; a player may fill several; the sheet with the most
  wins, then the most plus points, counts; each lost sheet cuts the player's plus points by 10 %
  (read as 10 % of the original per lost sheet); no new sheet from the cut-off time (12:00).
  A sheet still open at the end counts as it stands.
* Tables (賽制 4, 5): a table starts when 4 players sit at it; after a game a player whose sheet is
  full leaves the table (hands in the sheet and, before the cut-off, takes a new one and queues
  again); if nobody's sheet is full, the two players with the most minus points queue again
  (equal minus points: the later seat goes) and the other two wait for the queue to refill the table.
* Awards (賽制 6): per group (junior, senior) a champion, 1st and 2nd runner-up and 3 merit awards;
  a school's team score is its best 3 players (read as the sums of their wins, then plus points).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import TournamentError

JUNIOR, SENIOR = "junior", "senior"
DIVISIONS = (JUNIOR, SENIOR)
FIXED = (100, 200)


def minutes(hhmm: str) -> int:
    try:
        h, m = hhmm.split(":")
        hh, mm = int(h), int(m)
    except (ValueError, AttributeError):
        raise TournamentError(f"a time is written HH:MM, not {hhmm!r}") from None
    if not (0 <= hh < 24 and 0 <= mm < 60):
        raise TournamentError(f"{hhmm!r} is not a time of day")
    return hh * 60 + mm


def _rack(value: Any, who: str) -> tuple[int, bool]:
    """(points, fixed) for a rack: a whole number ≥ 0, or {'never_melded': 100 | 200}."""
    if isinstance(value, Mapping):
        v = value.get("never_melded")
        if v not in FIXED or len(value) != 1:
            raise TournamentError(f"{who}: a player who never melded scores {{never_melded: 100}} (could not make "
                                  f"30) or {{never_melded: 200}} (could have), not {dict(value)!r}")
        return int(v), True
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TournamentError(f"{who}: a rack total is a whole number ≥ 0 (a joker counts 30), not {value!r}")
    return value, False


def score_game(players: Sequence[str], racks: Mapping[str, Any], divisions: Mapping[str, str | None],
               winner: str | None = None, factor: float = 1.2) -> dict[str, float]:
    """Points of one game for each player: the winner's plus, the others' minus (negative)."""
    if len(players) != 4 or len(set(players)) != 4:
        raise TournamentError(f"a Rummikub table has 4 different players, not {list(players)}")
    if winner is None:  # the pool ran out: the lowest rack wins
        if set(racks) != set(players):
            raise TournamentError("with no winner named (pool ran out), give every player's rack")
        vals = {p: _rack(racks[p], p)[0] for p in players}
        low = min(vals.values())
        best = [p for p in players if vals[p] == low]
        if len(best) > 1:
            raise TournamentError(f"racks level at {low} between {best}: name the winner")
        winner = best[0]
    if winner not in players:
        raise TournamentError(f"winner {winner!r} is not at the table {list(players)}")
    losers = [p for p in players if p != winner]
    missing = [p for p in losers if p not in racks]
    if missing:
        raise TournamentError(f"missing rack totals for {missing}")
    extra = set(racks) - set(players)
    if extra:
        raise TournamentError(f"rack totals for players not at the table: {sorted(extra)}")
    out: dict[str, float] = {}
    for p in losers:
        pts, fixed = _rack(racks[p], p)
        mult = factor if (not fixed and divisions.get(winner) == JUNIOR and divisions.get(p) == SENIOR) else 1.0
        out[p] = -round(pts * mult, 1)
    out[winner] = round(-sum(out.values()), 1)
    return {p: out[p] for p in players}


@dataclass(slots=True)
class Sheet:
    scores: list[float] = field(default_factory=list)
    opened_at: int | None = None

    @property
    def wins(self) -> int:
        return sum(1 for s in self.scores if s > 0)

    @property
    def plus(self) -> float:
        return round(sum(s for s in self.scores if s > 0), 1)

    @property
    def minus(self) -> float:
        return round(sum(s for s in self.scores if s < 0), 1)


@dataclass(slots=True)
class PlayerCard:
    """All sheets of one player."""

    player: str
    division: str | None = None
    school: str | None = None
    lost_sheets: int = 0
    sheets: list[Sheet] = field(default_factory=list)

    def best(self) -> Sheet | None:
        return max(self.sheets, key=lambda s: (s.wins, s.plus), default=None)

    def result(self, cut: float = 0.10) -> tuple[int, float]:
        b = self.best()
        if b is None:
            return 0, 0.0
        return b.wins, round(b.plus * max(0.0, 1.0 - cut * self.lost_sheets), 1)

    def current(self, per_sheet: int) -> Sheet | None:
        if self.sheets and len(self.sheets[-1].scores) < per_sheet:
            return self.sheets[-1]
        return None


class Sheets:
    """The score sheets of every player, filled game by game."""

    def __init__(self, players: Mapping[str, PlayerCard], per_sheet: int = 3, cutoff: int | None = None) -> None:
        self.cards = dict(players)
        self.per_sheet = per_sheet
        self.cutoff = cutoff

    def can_open(self, at: int | None) -> bool:
        return self.cutoff is None or at is None or at < self.cutoff

    def record(self, scores: Mapping[str, float], at: int | None = None) -> None:
        for p in scores:
            if p not in self.cards:
                raise TournamentError(f"unknown player {p!r}")
            if self.cards[p].current(self.per_sheet) is None and not self.can_open(at):
                raise TournamentError(f"{p!r} has no open score sheet and no new sheet is given from the cut-off "
                                      f"({self.cutoff // 60:02d}:{self.cutoff % 60:02d})")  # type: ignore[operator]
        for p, s in scores.items():
            card = self.cards[p]
            sheet = card.current(self.per_sheet)
            if sheet is None:
                sheet = Sheet(opened_at=at)
                card.sheets.append(sheet)
            sheet.scores.append(s)


def ranking(cards: Sequence[PlayerCard], cut: float = 0.10) -> list[tuple[PlayerCard, int, float]]:
    rows = [(c, *c.result(cut)) for c in cards]
    return sorted(rows, key=lambda r: (-r[1], -r[2], r[0].player))


def awards(cards: Sequence[PlayerCard], cut: float = 0.10) -> dict[str, list[tuple[str, str]]]:
    """Per group: champion, 1st and 2nd runner-up and 3 merit awards (players with a game only)."""
    titles = ["champion", "1st runner-up", "2nd runner-up", "merit", "merit", "merit"]
    out: dict[str, list[tuple[str, str]]] = {}
    for div in sorted({c.division or "" for c in cards}):
        rows = [r for r in ranking([c for c in cards if (c.division or "") == div], cut) if r[0].sheets]
        out[div] = [(t, r[0].player) for t, r in zip(titles, rows, strict=False)]
    return out


def team_scores(cards: Sequence[PlayerCard], best: int = 3, cut: float = 0.10) -> list[tuple[str, int, float, list[str]]]:
    """Per school: (school, wins, plus points, its best players), best school first."""
    return school_ranking([(c.player, c.school, w, p) for c, w, p in ranking(cards, cut)], best)


def school_ranking(results: Sequence[tuple[str, str | None, int, float]], best: int = 3
                   ) -> list[tuple[str, int, float, list[str]]]:
    """``results`` = (player, school, wins, plus points); a school counts its best ``best`` players."""
    schools: dict[str, list[tuple[str, str | None, int, float]]] = {}
    for row in sorted(results, key=lambda r: (-r[2], -r[3], r[0])):
        if row[1]:
            schools.setdefault(row[1], []).append(row)
    out = []
    for school, rows in schools.items():
        top = rows[:best]
        out.append((school, sum(r[2] for r in top), round(sum(r[3] for r in top), 1), [r[0] for r in top]))
    return sorted(out, key=lambda t: (-t[1], -t[2], t[0]))


@dataclass(slots=True)
class Table:
    number: int
    seated: list[str] = field(default_factory=list)
    playing: bool = False


class OpenPlay:
    """The hall: a queue, tables of 4, sheets; the organiser reports finished games."""

    def __init__(self, cards: Mapping[str, PlayerCard], tables: int, per_sheet: int = 3, cutoff: int | None = None,
                 factor: float = 1.2) -> None:
        if tables < 1:
            raise TournamentError("open play needs at least one table")
        self.sheets = Sheets(cards, per_sheet, cutoff)
        self.tables = [Table(i + 1) for i in range(tables)]
        self.queue: deque[str] = deque()
        self.done: set[str] = set()
        self.factor = factor
        self.games = 0

    def where(self, player: str) -> str:
        if player in self.queue:
            return "queue"
        for t in self.tables:
            if player in t.seated:
                return f"table {t.number}"
        return "done" if player in self.done else "away"

    def arrive(self, player: str, at: int | None = None) -> None:
        if player not in self.sheets.cards:
            raise TournamentError(f"{player!r} is not registered")
        if self.where(player) not in ("away",):
            raise TournamentError(f"{player!r} is already in the hall ({self.where(player)})")
        card = self.sheets.cards[player]
        if card.current(self.sheets.per_sheet) is None:
            if not self.sheets.can_open(at):
                self.done.add(player)
                raise TournamentError(f"{player!r} cannot take a new score sheet after the cut-off")
            card.sheets.append(Sheet(opened_at=at))
        self.queue.append(player)

    def fill(self) -> list[int]:
        """Seat queued players at free places; returns the tables that can start (4 seated)."""
        started = []
        for t in self.tables:
            while not t.playing and len(t.seated) < 4 and self.queue:
                t.seated.append(self.queue.popleft())
            if not t.playing and len(t.seated) == 4:
                t.playing = True
                started.append(t.number)
        return started

    def finish(self, table: int, racks: Mapping[str, Any], winner: str | None, at: int | None = None
               ) -> dict[str, float]:
        t = self.tables[table - 1] if 1 <= table <= len(self.tables) else None
        if t is None or not t.playing:
            raise TournamentError(f"table {table} is not playing a game")
        divisions = {p: self.sheets.cards[p].division for p in t.seated}
        scores = score_game(t.seated, racks, divisions, winner, self.factor)
        self.sheets.record(scores, at)
        self.games += 1
        full = [p for p in t.seated if self.sheets.cards[p].current(self.sheets.per_sheet) is None]
        if full:
            leaving = full
        else:
            order = sorted(range(4), key=lambda i: (scores[t.seated[i]], -i))
            leaving = [t.seated[i] for i in order[:2]]
        t.seated = [p for p in t.seated if p not in leaving]
        t.playing = False
        for p in leaving:
            if p in full:  # hands the full sheet in and, before the cut-off, takes a new one
                if not self.sheets.can_open(at):
                    self.done.add(p)
                    continue
                self.sheets.cards[p].sheets.append(Sheet(opened_at=at))
            self.queue.append(p)
        return scores
