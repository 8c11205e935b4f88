# Over 500 lines: the seed's open play in one place: a game's scores, sheets, player's card, ranking.
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

from .errors import TournamentError, in_words
from .rules import rule

JUNIOR, SENIOR = "junior", "senior"
DIVISIONS = (JUNIOR, SENIOR)
FIXED = (100, 200)
DIVISION_NAMES: dict[str, str] = {
    **dict.fromkeys(("junior", "初小組", "初小组", "初小", "初級組", "初级组"), JUNIOR),
    **dict.fromkeys(("senior", "高小組", "高小组", "高小", "高級組", "高级组"), SENIOR),
}
"""What a registration may call the two divisions (賽制 6: 初小組、高小組): the seed's names in 繁體 and
简体, short forms and the English the pages show; each maps to the one stored name."""


def division_of(value: Any, who: str = "") -> str | None:
    """The stored division (``junior`` / ``senior``) for a name as registered; none given stays None,
    any other name is refused with the allowed ones (the ×1.2 of 賽制 3.2 depends on it)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    key = str(value).strip().lower()
    for suffix in (" division", " group"):
        key = key.removesuffix(suffix)
    if key in DIVISION_NAMES:
        return DIVISION_NAMES[key]
    raise TournamentError(f"{who + ': ' if who else ''}{value!r} is not a division of this competition; "
                          "the seed has 初小組 (junior) and 高小組 (senior)", rule=rule("rummikub_divisions"),
                          allowed=["初小組 / 初小组 / junior", "高小組 / 高小组 / senior"], field="division")


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
            raise TournamentError(f"{who}: a player who never melded scores {{never_melded: 100}} "
                                  f"(could not make 30) or {{never_melded: 200}} (could have), "
                                  f"not {dict(value)!r}")
        return int(v), True
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TournamentError(f"{who}: a rack total is a whole number ≥ 0 (a joker counts 30), not {value!r}")
    return value, False


def _named(division: str | None) -> str | None:
    """The stored name of a division however it was written (a store kept from before names were checked)."""
    return DIVISION_NAMES.get(str(division).strip().lower(), division) if division else None


def _check_winner_rack(players: Sequence[str], racks: Mapping[str, Any], winner: str) -> None:
    """The winner went out (計分方法): no rack left and the initial meld made. Only when the pool ran out
    (every rack given) may the named winner hold tiles, and then no more than anyone else."""
    if winner not in racks:
        return
    value = racks[winner]
    if isinstance(value, Mapping):
        raise TournamentError(f"the winner {winner} cannot have never melded: going out takes the "
                              f"initial meld, so their rack is 0, not {dict(value)!r}",
                              rule=rule("rummikub_scoring"), allowed=["0"], field="racks")
    pts, _ = _rack(value, winner)
    if pts == 0:
        return
    others = [_rack(racks[p], p)[0] for p in players if p != winner and p in racks]
    if len(others) == len(players) - 1 and pts <= min(others):
        return  # the pool ran out and the referee named the winner among level racks
    raise TournamentError(f"the winner {winner} went out: their rack is 0, not {pts} (only when the pool "
                          "runs out does the lowest rack win)", rule=rule("rummikub_scoring"), allowed=["0"],
                          field="racks")


def score_game(players: Sequence[str], racks: Mapping[str, Any], divisions: Mapping[str, str | None],
               winner: str | None = None, factor: float = 1.2) -> dict[str, float]:
    """Points of one game for each player: the winner's plus, the others' minus (negative)."""
    if len(players) != 4 or len(set(players)) != 4:
        raise TournamentError(f"a Rummikub table has 4 different players, not {in_words(players)}",
                              rule=rule("rummikub_table"), field="players")
    if winner is None:  # the pool ran out: the lowest rack wins
        if set(racks) != set(players):
            raise TournamentError("with no winner named (pool ran out), give every player's rack",
                                  rule=rule("rummikub_scoring"), allowed=list(players), field="racks")
        vals = {p: _rack(racks[p], p)[0] for p in players}
        low = min(vals.values())
        best = [p for p in players if vals[p] == low]
        if len(best) > 1:
            raise TournamentError(f"racks level at {low} between {in_words(best)}: name the winner",
                                  rule=rule("rummikub_scoring"), allowed=best, field="winner")
        winner = best[0]
    if winner not in players:
        raise TournamentError(f"winner {winner!r} is not at the table of {in_words(players)}",
                              rule=rule("table_seats"), allowed=list(players), field="winner")
    _check_winner_rack(players, racks, winner)
    losers = [p for p in players if p != winner]
    missing = [p for p in losers if p not in racks]
    if missing:
        raise TournamentError(f"missing rack totals for {in_words(missing)}", rule=rule("rummikub_scoring"),
                              allowed=missing, field="racks")
    extra = set(racks) - set(players)
    if extra:
        raise TournamentError(f"rack totals for players not at the table: {in_words(sorted(extra))}",
                              rule=rule("table_seats"), allowed=losers, field="racks")
    out: dict[str, float] = {}
    for p in losers:
        pts, fixed = _rack(racks[p], p)
        mult = (factor if (not fixed and _named(divisions.get(winner)) == JUNIOR
                           and _named(divisions.get(p)) == SENIOR) else 1.0)
        out[p] = -round(pts * mult, 1)
    out[winner] = round(-sum(out.values()), 1)
    return {p: out[p] for p in players}


def scores_of(game: Mapping[str, Any], players: Sequence[str], divisions: Mapping[str, str | None],
              factor: float = 1.2) -> dict[str, float]:
    """One game's points per player, in ``players`` order: from ``racks`` and ``winner`` as typed (scored
    here), or ``scores`` as a digital referee scored them (checked: one winner whose plus points are
    the losers' minus points)."""
    raw = game.get("scores")
    if isinstance(raw, Mapping):
        scores = {str(k): v for k, v in raw.items()}
        if sorted(scores) != sorted(players) or len(players) != 4:
            raise TournamentError(f"scores must be given for exactly the 4 players {in_words(players)}",
                                  rule=rule("table_seats"), allowed=list(players), field="scores")
        if any(not isinstance(v, int | float) or isinstance(v, bool) for v in scores.values()):
            raise TournamentError("scores are numbers", field="scores")
        if sum(1 for v in scores.values() if v > 0) != 1 or abs(sum(scores.values())) > 0.05:
            raise TournamentError("contradictory scores: one winner whose plus points equal "
                                  "the losers' minus points", rule=rule("rummikub_scoring"), field="scores")
        return {p: float(scores[p]) for p in players}
    racks = {str(k): v for k, v in (game.get("racks") or {}).items()}
    winner = game.get("winner")
    return score_game(players, racks, divisions, str(winner) if winner is not None else None, factor)


@dataclass(slots=True)
class Sheet:
    scores: list[float] = field(default_factory=list)
    opened_at: int | None = None
    lost: bool = False
    """Reported lost: it cannot be handed in, so it never counts (and costs 10 %, 賽制 1)."""
    handed_in: bool = False
    """Handed in at the desk (the player no longer holds it)."""
    games: list[str] = field(default_factory=list)
    """Which game each score comes from (a label such as the fixture key), when known."""

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
    """All sheets of one player. ``lost_sheets`` counts sheets lost that the event did not record as
    sheets (a paper day); a recorded sheet marked ``lost`` counts as one more."""

    player: str
    division: str | None = None
    school: str | None = None
    lost_sheets: int = 0
    sheets: list[Sheet] = field(default_factory=list)

    @property
    def lost_total(self) -> int:
        return self.lost_sheets + sum(1 for s in self.sheets if s.lost)

    def best(self) -> Sheet | None:
        return max((s for s in self.sheets if not s.lost), key=lambda s: (s.wins, s.plus), default=None)

    def result(self, cut: float = 0.10) -> tuple[int, float]:
        b = self.best()
        if b is None:
            return 0, 0.0
        return b.wins, round(b.plus * max(0.0, 1.0 - cut * self.lost_total), 1)

    def current(self, per_sheet: int) -> Sheet | None:
        """The sheet the player holds and can still write on."""
        if self.sheets and len(self.sheets[-1].scores) < per_sheet and not self.sheets[-1].lost \
                and not self.sheets[-1].handed_in:
            return self.sheets[-1]
        return None

    def held(self) -> Sheet | None:
        """The sheet in the player's hands (open or full, not yet handed in, not lost)."""
        if self.sheets and not self.sheets[-1].lost and not self.sheets[-1].handed_in:
            return self.sheets[-1]
        return None


def clock(at: int) -> str:
    return f"{at // 60:02d}:{at % 60:02d}"


class Sheets:
    """The score sheets of every player, filled game by game.

    A game for a player without an open sheet opens one (a document that lists games only); the hall
    opens sheets explicitly (:meth:`open`) when a player checks in, hands a full sheet in, or reports one
    lost — never from the cut-off (賽制 1)."""

    def __init__(self, players: Mapping[str, PlayerCard], per_sheet: int = 3,
                 cutoff: int | None = None) -> None:
        self.cards = dict(players)
        self.per_sheet = per_sheet
        self.cutoff = cutoff

    def can_open(self, at: int | None) -> bool:
        return self.cutoff is None or at is None or at < self.cutoff

    def _cutoff_error(self, p: str, why: str) -> TournamentError:
        assert self.cutoff is not None
        return TournamentError(f"{p!r} {why} and no new sheet is given from the cut-off "
                               f"({clock(self.cutoff)})", rule=rule("rummikub_cutoff"))

    def card(self, p: str) -> PlayerCard:
        if p not in self.cards:
            raise TournamentError(f"unknown player {p!r}", allowed=sorted(self.cards), field="player")
        return self.cards[p]

    def record(self, scores: Mapping[str, float], at: int | None = None, label: str = "") -> None:
        for p in scores:
            if self.card(p).current(self.per_sheet) is None and not self.can_open(at):
                raise self._cutoff_error(p, "has no open score sheet")
        for p, s in scores.items():
            card = self.cards[p]
            sheet = card.current(self.per_sheet)
            if sheet is None:
                sheet = Sheet(opened_at=at)
                card.sheets.append(sheet)
            sheet.scores.append(s)
            sheet.games.append(label)

    def open(self, p: str, at: int | None) -> Sheet:
        """A new sheet for ``p`` (who holds none that can still be written on)."""
        card = self.card(p)
        held = card.held()
        if held is not None and len(held.scores) < self.per_sheet:
            raise TournamentError(f"{p!r} still holds sheet {len(card.sheets)} "
                                  f"with {len(held.scores)} game(s); a new sheet is given for a full one",
                                  rule=rule("rummikub_sheet"))
        if not self.can_open(at):
            raise self._cutoff_error(p, "asks for a new sheet")
        if held is not None:  # a full sheet is handed in for the new one (賽制 1)
            held.handed_in = True
        sheet = Sheet(opened_at=at)
        card.sheets.append(sheet)
        return sheet

    def hand_in(self, p: str) -> Sheet:
        card = self.card(p)
        held = card.held()
        if held is None:
            raise TournamentError(f"{p!r} holds no sheet to hand in", rule=rule("rummikub_sheet"))
        if len(held.scores) < self.per_sheet:
            raise TournamentError(f"{p!r}'s sheet {len(card.sheets)} has {len(held.scores)} "
                                  f"of {self.per_sheet} games; a sheet is handed in when full",
                                  rule=rule("rummikub_sheet"),
                                  allowed=[f"{self.per_sheet - len(held.scores)} more game(s) first"])
        held.handed_in = True
        return held

    def lose(self, p: str) -> Sheet:
        card = self.card(p)
        held = card.held()
        if held is None:
            raise TournamentError(f"{p!r} holds no sheet that could be lost (the others are handed in)",
                                  rule=rule("rummikub_lost_sheet"))
        held.lost = True
        return held


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


def team_scores(cards: Sequence[PlayerCard], best: int = 3,
                cut: float = 0.10) -> list[tuple[str, int, float, list[str]]]:
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
    free_since: int = 0
    """When (in the hall's order of events) the table last stopped playing: the longest waiting
    fills first."""


class OpenPlay:
    """The hall: a queue, tables of 4, sheets; the organiser reports finished games.

    ``auto_hand_in`` (the default) hands a full sheet in and takes a new one as the game that filled it
    ends. Without it (a stored event) the player goes to the desk (``where`` = "desk") and is queued
    again only once :meth:`hand_in` records the sheet handed in — the seed's flow (賽制 1, 5).
    """

    def __init__(self, cards: Mapping[str, PlayerCard], tables: int, per_sheet: int = 3,
                 cutoff: int | None = None, factor: float = 1.2, auto_hand_in: bool = True) -> None:
        if tables < 1:
            raise TournamentError("open play needs at least one table", field="tables")
        self.sheets = Sheets(cards, per_sheet, cutoff)
        self.tables = [Table(i + 1) for i in range(tables)]
        self.queue: deque[str] = deque()
        self.desk: list[str] = []
        self.done: set[str] = set()
        self.factor = factor
        self.auto_hand_in = auto_hand_in
        self.games = 0

    def where(self, player: str) -> str:
        if player in self.queue:
            return "queue"
        for t in self.tables:
            if player in t.seated:
                return f"table {t.number}"
        if player in self.desk:
            return "desk"
        return "done" if player in self.done else "away"

    def _table(self, player: str) -> Table | None:
        return next((t for t in self.tables if player in t.seated), None)

    def arrive(self, player: str, at: int | None = None) -> None:
        """Check in (or come back): take a sheet unless one is still open, and queue."""
        card = self.sheets.card(player)
        place = self.where(player)
        if place == "desk":
            raise TournamentError(f"{player!r} is at the desk with a full sheet: hand it in first",
                                  rule=rule("rummikub_sheet"), allowed=["hand in"])
        if place not in ("away", "done"):
            raise TournamentError(f"{player!r} is already in the hall ({place})", field="player")
        if card.current(self.sheets.per_sheet) is None:
            if not self.sheets.can_open(at):
                raise self.sheets._cutoff_error(player, "has no open score sheet")
            self.sheets.open(player, at)
        self.done.discard(player)
        self.queue.append(player)

    def fill(self) -> list[int]:
        """Seat queued players at free places; returns the tables that can start (4 seated).

        Each player in queue order takes a place at the free table closest to starting (the most players
        seated), and among those at the one waiting longest, then the lowest number — so a table starts as
        soon as 4 are free (賽制 4) and players who re-queue do not jump ahead of a table already waiting."""
        started = []
        while self.queue:
            free = [t for t in self.tables if not t.playing and len(t.seated) < 4]
            if not free:
                break
            t = min(free, key=lambda x: (-len(x.seated), x.free_since, x.number))
            t.seated.append(self.queue.popleft())
            if len(t.seated) == 4:
                t.playing = True
                started.append(t.number)
        return started

    def playing_table(self, table: int) -> Table:
        t = self.tables[table - 1] if 1 <= table <= len(self.tables) else None
        if t is None:
            raise TournamentError(f"there is no table {table}; tables 1–{len(self.tables)}", field="table",
                                  allowed=[str(x.number) for x in self.tables if x.playing])
        if not t.playing:
            seated = f" ({len(t.seated)} seated: {', '.join(t.seated)})" if t.seated else ""
            raise TournamentError(f"table {table} is not playing a game{seated}; "
                                  "a game starts when 4 players sit at a table",
                                  rule=rule("rummikub_table"), field="table",
                                  allowed=[str(x.number) for x in self.tables if x.playing])
        return t

    def finish(self, table: int, racks: Mapping[str, Any], winner: str | None, at: int | None = None
               ) -> dict[str, float]:
        t = self.playing_table(table)
        divisions = {p: self.sheets.cards[p].division for p in t.seated}
        scores = score_game(t.seated, racks, divisions, winner, self.factor)
        self.record_game(table, scores, at)
        return scores

    def record_game(self, table: int, scores: Mapping[str, float], at: int | None = None, label: str = ""
                    ) -> list[str]:
        """A finished game at ``table`` (its scores, seat order); returns who leaves the table (賽制 5)."""
        t = self.playing_table(table)
        if sorted(scores) != sorted(t.seated):
            from .seating import check_table_players

            check_table_players(f"table {table}", t.seated, scores)
        self.sheets.record({p: scores[p] for p in t.seated}, at, label)
        self.games += 1
        full = [p for p in t.seated if self.sheets.cards[p].current(self.sheets.per_sheet) is None]
        if full:
            leaving = full
        else:
            order = sorted(range(4), key=lambda i: (scores[t.seated[i]], -i))
            leaving = [t.seated[i] for i in order[:2]]
        t.seated = [p for p in t.seated if p not in leaving]
        t.playing = False
        t.free_since = self.games
        for p in leaving:
            if p not in full:
                self.queue.append(p)
            elif not self.auto_hand_in:
                self.desk.append(p)
            else:  # hands the full sheet in and, before the cut-off, takes a new one
                self.sheets.hand_in(p)
                if not self.sheets.can_open(at):
                    self.done.add(p)
                    continue
                self.sheets.open(p, at)
                self.queue.append(p)
        return leaving

    def hand_in(self, player: str, at: int | None = None) -> bool:
        """The full sheet handed in at the desk; before the cut-off a new one and the queue (True), after
        it the player's day is over (False)."""
        if self.where(player) != "desk":
            raise TournamentError(f"{player!r} is not at the desk with a full sheet ({self.where(player)})",
                                  rule=rule("rummikub_sheet"), field="player", allowed=list(self.desk))
        self.sheets.hand_in(player)
        self.desk.remove(player)
        if not self.sheets.can_open(at):
            self.done.add(player)
            return False
        self.sheets.open(player, at)
        self.queue.append(player)
        return True

    def lose_sheet(self, player: str, at: int | None = None) -> bool:
        """The sheet the player holds is lost: it never counts and costs 10 % (賽制 1). Before the
        cut-off a new sheet is given (True); after it a player without a sheet leaves the hall (False).

        At a table in play (reported by the table's referee) the player stays seated: before the cut-off
        the game being played goes on the new sheet. From the cut-off no new sheet is given, so that game
        is still written on the sheet held: the loss is reported once the player leaves the table (a full
        sheet takes them to the desk)."""
        place = self.where(player)
        t = self._table(player)
        if t is not None and t.playing:
            if not self.sheets.can_open(at):
                raise TournamentError(
                    f"{player!r} is playing at table {t.number} and no new sheet is given from the cut-off "
                    f"({clock(self.sheets.cutoff or 0)}): the game is written on the sheet held; report "
                    "the loss when the player leaves the table (at the desk with a full sheet)",
                    rule=rule("rummikub_lost_sheet"), field="player")
            self.sheets.lose(player)
            self.sheets.open(player, at)
            return True
        self.sheets.lose(player)
        if self.sheets.can_open(at):
            self.sheets.open(player, at)
            if place == "desk":
                self.desk.remove(player)
                self.queue.append(player)
            return True
        if place != "away":
            self._take_out(player, place, t)
            self.done.add(player)
        return False

    def leave(self, player: str) -> None:
        """Leaves the hall (the sheet held still counts as it stands; the player may come back)."""
        place = self.where(player)
        t = self._table(player)
        if t is not None and t.playing:
            raise TournamentError(f"{player!r} is playing at table {t.number}; enter that game first",
                                  field="player")
        if t is None and place not in ("queue", "desk"):
            raise TournamentError(f"{player!r} is not in the hall ({place})", field="player")
        self._take_out(player, place, t)

    def _take_out(self, player: str, place: str, t: Table | None) -> None:
        """Takes ``player`` off the queue, the desk or the table where they sit."""
        if place == "queue":
            self.queue.remove(player)
        elif place == "desk":
            self.desk.remove(player)
        elif t is not None:
            t.seated.remove(player)

    def set_tables(self, count: int) -> None:
        if count < 1:
            raise TournamentError("open play needs at least one table", field="tables")
        busy = [t.number for t in self.tables[count:] if t.seated]
        if busy:
            raise TournamentError(f"table(s) {in_words(busy)} still have players seated; "
                                  "remove tables only when they are free", field="tables")
        self.tables = self.tables[:count] + [Table(i + 1) for i in range(len(self.tables), count)]

    def status(self) -> dict[str, Any]:
        """Queue, tables, desk and, per player, where they are and their sheets (JSON-ready)."""
        per = self.sheets.per_sheet
        players = {}
        for p, card in self.sheets.cards.items():
            held = card.held()
            players[p] = {"where": self.where(p), "sheets": len(card.sheets), "lost": card.lost_total,
                          "games_on_sheet": len(held.scores) if held else None,
                          "sheet_full": bool(held and len(held.scores) >= per)}
        return {"queue": list(self.queue),
                "tables": [{"table": t.number, "seated": list(t.seated), "playing": t.playing}
                           for t in self.tables],
                "desk": list(self.desk), "done": sorted(self.done), "games": self.games, "players": players}
