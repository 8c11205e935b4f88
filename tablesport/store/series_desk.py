# Over 500 lines: a series' games, fouls and time-ups change the same series under one rule set.
"""The results desk for series (Sanguosha 3v3 and 1v1): a game entered as it ends, fouls as they happen,
the board read at time-up — each checked on arrival by the pure rules of :mod:`tablesport.tournament`.

Every operation is one method with typed input (a game mapping as the score sheet or a digital
table gives it, a :class:`~tablesport.tournament.penalties.Penalty`, a board) and :class:`Facts`, and a
typed outcome. A refusal raises :class:`~tablesport.tournament.errors.TournamentError` carrying the rule,
the message and what is allowed, and stores nothing (the audit log is unchanged).

* :meth:`SeriesDesk.enter_game` — game N of a fixture's series. Refused: a game after the series is
  decided, a game number out of order, a commander repeated before the team has rotated (naming the
  team, the player and who may command instead), a result for a game a foul already decided, figures
  that contradict the rules. A partial series shows its score and gives no points; the game that decides
  it stores the fixture's result.
* :meth:`SeriesDesk.penalty` — a foul for ``FIXTURE/N``. The third technical point (2014, 2012) or the
  disqualification of the player commanding ends game N at once as that team's loss, stored as the game's
  result with its end reason and the figures the edition counts (the loser 0 surviving generals).
* :meth:`SeriesDesk.propose_time_up` / :meth:`SeriesDesk.enter_time_up` — the board at time-up adjudicated
  by the edition's ladder, overtimes included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from tablesport.tournament.errors import TournamentError, in_words
from tablesport.tournament.penalties import Penalty, PenaltyLedger, game_key, parse_game_key
from tablesport.tournament.rules import rule
from tablesport.tournament.series import (
    SIDES,
    SeriesFormat,
    SeriesGame,
    SeriesProgress,
    Side,
    check_series,
    game_from,
)
from tablesport.tournament.standings import LEAGUE_STAGES
from tablesport.tournament.timeup import LADDERS, TimeUpDecision, adjudicate

from .entry_facts import Facts, now
from .models import TCompetition, TFixture, TGame, TPenalty, TResult

if TYPE_CHECKING:
    from .service import EventStore


def game_doc(g: SeriesGame, a: str, b: str) -> dict[str, Any]:
    """A game as stored: the winner by name, how it ended, the winner's figures (when not 0; both sides'
    when time ended it with the loser's generals on the board), commanders and technical points."""
    names = {"a": a, "b": b}
    out: dict[str, Any] = {"winner": names[g.winner], "how": g.how}
    loser = b if g.winner == "a" else a
    if g.loser_surviving:  # a board read at time-up: both sides' figures
        out["surviving"] = {names[g.winner]: g.surviving, loser: g.loser_surviving}
        out["lost_hp"] = {names[g.winner]: g.lost_hp, loser: g.loser_lost_hp}
        return _rest(out, g, names)
    if g.surviving:
        out["surviving"] = g.surviving
    if g.lost_hp:
        out["lost_hp"] = g.lost_hp
    return _rest(out, g, names)


def _rest(out: dict[str, Any], g: SeriesGame, names: Mapping[str, str]) -> dict[str, Any]:
    if g.commanders:
        out["commanders"] = {names[s]: c for s, c in sorted(g.commanders.items())}
    if g.technical:
        out["technical"] = {names[s]: n for s, n in sorted(g.technical.items()) if n}
    return out


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """What an accepted game did: the series as it now stands and the standings."""

    fixture: str
    number: int
    game: dict[str, Any]
    score: tuple[int, int]
    decided: bool
    winner: str | None
    text: str
    may_command: dict[str, list[str]]
    standings: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"fixture": self.fixture, "number": self.number, "game": self.game, "score": list(self.score),
                "decided": self.decided, "winner": self.winner, "text": self.text,
                "may_command": self.may_command}


@dataclass(frozen=True, slots=True)
class SeriesStatus:
    fixture: str
    a: str
    b: str
    format: str
    games: list[dict[str, Any]]
    """Each game: number, the game, its facts, who entered it."""
    score: tuple[int, int]
    decided: bool
    winner: str | None
    next_number: int | None
    may_command: dict[str, list[str]]
    technical: dict[str, dict[str, int]]
    """Per game key (FIXTURE/N), the technical points recorded against each team."""
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"fixture": self.fixture, "a": self.a, "b": self.b, "format": self.format, "games": self.games,
                "score": list(self.score), "decided": self.decided, "winner": self.winner,
                "next_number": self.next_number, "may_command": self.may_command, "technical": self.technical,
                "text": self.text}


@dataclass(frozen=True, slots=True)
class PenaltyOutcome:
    penalty_id: int
    consequences: list[str]
    decided: GameOutcome | None = None
    """The game the foul ended (the third technical point, a disqualified commander)."""

    def to_json(self) -> dict[str, Any]:
        return {"penalty": self.penalty_id, "consequences": self.consequences,
                "decided": self.decided.to_json() if self.decided else None}


@dataclass(frozen=True, slots=True)
class TimeUpProposal:
    fixture: str
    number: int
    decision: TimeUpDecision
    game: dict[str, Any] | None
    """The game result the decision proposes (None while level: overtime or 比点 first)."""

    def to_json(self) -> dict[str, Any]:
        return {"fixture": self.fixture, "number": self.number, **self.decision.to_json(), "game": self.game}


class SeriesDesk:
    def __init__(self, store: EventStore) -> None:
        self.st = store
        self.s = store.s

    # ---- reading ------------------------------------------------------------------------------------
    def _series_fixture(self, comp: TCompetition, fixture: str) -> TFixture:
        p = self.st.preset(comp)
        if p.kind != "series":
            raise TournamentError(f"{p.title} has no series: games are entered only for Sanguosha matches",
                                  field="fixture")
        return self.st._fixture(comp, fixture)

    def fmt(self, comp: TCompetition, fx: TFixture) -> SeriesFormat:
        p = self.st.preset(comp)
        f = p.series if fx.stage in LEAGUE_STAGES else p.knockout_series
        assert f is not None
        return f

    def rows(self, fx: TFixture) -> list[TGame]:
        return list(self.s.scalars(select(TGame).where(TGame.fixture_id == fx.id).order_by(TGame.number)))

    def progress(self, comp: TCompetition, fx: TFixture, games: Sequence[Mapping[str, Any]] | None = None
                 ) -> SeriesProgress:
        a, b = fx.entrants[0], fx.entrants[1]
        data = [g.data for g in self.rows(fx)] if games is None else list(games)
        members = {e.key: list(e.members) for e in self.st.entrants(comp) if e.key in (a, b)}
        parsed = [game_from(g, a, b, f"{fx.key} game {i + 1}") for i, g in enumerate(data)]
        return check_series(self.fmt(comp, fx), parsed, {"a": members.get(a, []), "b": members.get(b, [])},
                            fx.key, complete=False, a=a, b=b)

    def ledger(self, comp: TCompetition) -> PenaltyLedger:
        rules = self.st.preset(comp).penalties
        if rules is None:
            raise TournamentError(f"{comp.preset} has no penalty rules")
        return PenaltyLedger(rules, [_penalty(x) for x in self._penalty_rows(comp)])

    def _penalty_rows(self, comp: TCompetition) -> list[TPenalty]:
        return list(self.s.scalars(select(TPenalty).where(TPenalty.competition_id == comp.id,
                                                          TPenalty.withdrawn.is_(False)).order_by(TPenalty.id)))

    def _may_command(self, prog: SeriesProgress) -> dict[str, list[str]]:
        if prog.decided or not prog.fmt.rotate_commander:
            return {}
        return {prog.name(s): prog.may_command(s) for s in SIDES}

    def status(self, comp: TCompetition, fixture: str) -> SeriesStatus:
        fx = self._series_fixture(comp, fixture)
        rows = self.rows(fx)
        prog = self.progress(comp, fx)
        tech: dict[str, dict[str, int]] = {}
        if self.st.preset(comp).penalties is not None:
            led = self.ledger(comp)
            for n in range(1, len(rows) + 2):
                t = led.technical_by_team(game_key(fx.key, n))
                if t:
                    tech[game_key(fx.key, n)] = t
        games = [{"number": g.number, "game": g.data, "facts": g.facts or {}, "entered_by": g.entered_by,
                  "version": g.version} for g in rows]
        return SeriesStatus(fx.key, fx.entrants[0], fx.entrants[1], prog.fmt.describe(), games, prog.score,
                            prog.decided, prog.winner, None if prog.decided else prog.next_number,
                            self._may_command(prog), tech, prog.describe())

    # ---- checks shared by every write ------------------------------------------------------------------
    def _technical(self, comp: TCompetition, fx: TFixture, number: int,
                   game: dict[str, Any]) -> dict[str, Any]:
        """The game with its technical points: the fouls recorded for it count once any is recorded."""
        if self.st.preset(comp).penalties is None:
            return game
        recorded = self.ledger(comp).technical_by_team(game_key(fx.key, number))
        if not recorded:
            return game
        given = {k: v for k, v in (game.get("technical") or {}).items() if v}
        if given and given != recorded:
            raise TournamentError(
                f"{fx.key} game {number}: technical points {given} differ from the fouls recorded "
                f"for this game {recorded}", rule=rule("technical_limit"), allowed=[str(recorded)],
                field="technical")
        return {**game, "technical": recorded}

    def _decided_by_foul(self, comp: TCompetition, fx: TFixture, number: int) -> TGame | None:
        for g in self.rows(fx):
            if g.number == number and (g.facts or {}).get("decided_by"):
                return g
        return None

    def _check_games(self, comp: TCompetition, fx: TFixture, games: list[dict[str, Any]], where: str
                     ) -> SeriesProgress:
        """The whole list, as it would be stored: format, rotation, and the competition with it loads."""
        try:
            prog = self.progress(comp, fx, games)
        except TournamentError as exc:
            raise exc.within(where) if where else exc from None
        data = {"games": games, "in_progress": not prog.decided}
        self.st._check_document(comp, fx, data)
        old = self.st.result_of(fx)
        if fx.stage == "knockout" and old is not None:
            later = [f for f in self.st.fixtures(comp, "knockout")
                     if f.round > fx.round and self.st.result_of(f)]
            if later and (not prog.decided or prog.winner != self.st._winner(comp, fx, old.data)):
                raise TournamentError(f"{fx.key}: the winner cannot change once later knock-out results "
                                      f"exist ({later[0].key})", allowed=[f"correct {later[0].key} first"])
        return prog

    def _write(self, comp: TCompetition, fx: TFixture, games: list[dict[str, Any]], prog: SeriesProgress,
               facts: Facts, changed: Mapping[int, dict[str, Any]]) -> None:
        """Store ``games`` (rows for the numbers in ``changed`` with their facts) and the fixture's result."""
        t = now()
        rows = {g.number: g for g in self.rows(fx)}
        for n in sorted(set(rows) - set(range(1, len(games) + 1))):
            self.s.delete(rows[n])
        for n, fct in changed.items():
            if n in rows:
                g = rows[n]
                g.data, g.facts, g.version = games[n - 1], fct, g.version + 1
                g.updated_by, g.updated_at = facts.by, t
            else:
                self.s.add(TGame(fixture_id=fx.id, number=n, data=games[n - 1], facts=fct, version=1,
                                 entered_by=facts.by, entered_at=t, updated_by=facts.by, updated_at=t))
        res = self.st.result_of(fx)
        if prog.decided:
            data = {"games": games}
            if res is None:
                self.s.add(TResult(fixture_id=fx.id, data=data, version=1, source=facts.source,
                                   entered_by=facts.by, entered_at=t, updated_by=facts.by, updated_at=t,
                                   facts=facts.to_json()))
            elif res.data != data:
                res.data, res.version, res.updated_by, res.updated_at = data, res.version + 1, facts.by, t
        elif res is not None:
            self.s.delete(res)
        self.s.flush()

    def _outcome(self, comp: TCompetition, fx: TFixture, number: int, prog: SeriesProgress,
                 standings: list[dict[str, Any]]) -> GameOutcome:
        return GameOutcome(fx.key, number, game_doc(prog.games[number - 1], prog.a, prog.b), prog.score,
                           prog.decided, prog.winner, prog.describe(), self._may_command(prog), standings)

    # ---- games ----------------------------------------------------------------------------------------
    def enter_game(self, comp: TCompetition, fixture: str, game: Mapping[str, Any], facts: Facts,
                   number: int | None = None, more: Mapping[str, Any] | None = None) -> GameOutcome:
        """Game ``number`` (default: the next) of the fixture's series, as the table reports it."""
        facts = facts.checked()
        fx = self._series_fixture(comp, fixture)
        self.st._not_withdrawn(comp, fx)
        if not isinstance(game, Mapping):
            raise TournamentError("a game is a mapping with 'winner' "
                                  "(and how, surviving, lost_hp, commanders)")
        rows = self.rows(fx)
        n = number if number is not None else len(rows) + 1
        foul = self._decided_by_foul(comp, fx, n)
        if foul is not None:
            d = foul.facts or {}
            raise TournamentError(
                f"{fx.key} game {n} is already decided: {d.get('decided_by_text', 'a foul ended it')}; "
                f"{foul.data['winner']} won", rule=rule(str(d.get("decided_by"))),
                allowed=["correct the game with a reason"], field="number")
        prog = self.progress(comp, fx)
        a, b = fx.entrants[0], fx.entrants[1]
        parsed = game_from(game, a, b, f"{fx.key} game {n}")
        prog.check(parsed, n)
        doc = self._technical(comp, fx, n, game_doc(parsed, a, b))
        games = [g.data for g in rows] + [doc]
        new = self._check_games(comp, fx, games, "")
        with self.s.begin_nested():
            self._write(comp, fx, games, new, facts, {n: facts.to_json(**(more or {}))})
            self.st._audit(comp, "game", game_key(fx.key, n), facts.by, None, doc, facts.note,
                           facts=facts.to_json(**(more or {})))
            standings = self.st._refresh(comp)
        return self._outcome(comp, fx, n, new, standings)

    def correct_game(self, comp: TCompetition, fixture: str, number: int, game: Mapping[str, Any],
                     facts: Facts, reason: str, more: Mapping[str, Any] | None = None) -> GameOutcome:
        """Replace game ``number`` (kept in the audit log with before, after and the reason)."""
        facts = facts.checked()
        if not reason or not reason.strip():
            raise TournamentError("a correction needs a reason", field="reason")
        fx = self._series_fixture(comp, fixture)
        rows = self.rows(fx)
        if not 1 <= number <= len(rows):
            raise TournamentError(f"{fx.key} has no game {number} to correct; games entered: {len(rows)}",
                                  allowed=[str(g.number) for g in rows], field="number")
        a, b = fx.entrants[0], fx.entrants[1]
        parsed = game_from(game, a, b, f"{fx.key} game {number}")
        doc = self._technical(comp, fx, number, game_doc(parsed, a, b))
        led = self.ledger(comp) if self.st.preset(comp).penalties else None
        if led is not None:
            for team, rid in led.losers(game_key(fx.key, number)):
                if doc["winner"] == team:
                    raise TournamentError(
                        f"{fx.key} game {number}: {team} lost this game by the recorded fouls; "
                        f"withdraw the foul before giving {team} the game", rule=rule(rid),
                        allowed=["withdraw the penalty first"])
        old = rows[number - 1]
        games = [g.data for g in rows]
        games[number - 1] = doc
        new = self._check_games(comp, fx, games, f"after correcting game {number}")
        fct = {**(old.facts or {}), **(more or {}), "corrected": facts.to_json(reason=reason.strip())}
        with self.s.begin_nested():
            self._write(comp, fx, games, new, facts, {number: fct})
            self.st._audit(comp, "correct_game", game_key(fx.key, number), facts.by, old.data, doc,
                           reason.strip(), facts=facts.to_json())
            standings = self.st._refresh(comp)
        return self._outcome(comp, fx, number, new, standings)

    def remove_game(self, comp: TCompetition, fixture: str, number: int, facts: Facts,
                    reason: str) -> SeriesStatus:
        """Remove the last game entered (entered by mistake); kept in the audit log with the reason."""
        facts = facts.checked()
        if not reason or not reason.strip():
            raise TournamentError("removing a game needs a reason", field="reason")
        fx = self._series_fixture(comp, fixture)
        rows = self.rows(fx)
        if not rows or number != rows[-1].number:
            raise TournamentError(f"only the last game entered can be removed "
                                  f"({fx.key} has {len(rows)} game(s))",
                                  allowed=[str(rows[-1].number)] if rows else [], field="number")
        if self.st.preset(comp).penalties is not None and self.ledger(comp).losers(game_key(fx.key, number)):
            raise TournamentError(f"{fx.key} game {number} was decided by the recorded fouls; "
                                  "withdraw the foul", rule=rule("technical_limit"),
                                  allowed=["withdraw the penalty"])
        games = [g.data for g in rows[:-1]]
        new = self._check_games(comp, fx, games, f"after removing game {number}")
        with self.s.begin_nested():
            self._write(comp, fx, games, new, facts, {})
            self.st._audit(comp, "remove_game", game_key(fx.key, number), facts.by, rows[-1].data, None,
                           reason.strip(), facts=facts.to_json())
            self.st._refresh(comp)
        return self.status(comp, fixture)

    def enter_series(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any], facts: Facts) -> None:
        """A whole, decided series at once (the score sheet handed in after the match)."""
        rows = self.rows(fx)
        if rows and self.st.result_of(fx) is None:
            prog = self.progress(comp, fx)
            raise TournamentError(f"{fx.key} has {len(rows)} game(s) entered game by game "
                                  f"({prog.describe()}); enter game {prog.next_number} on its own",
                                  rule=rule("game_order"),
                                  allowed=[f"game {prog.next_number}"], field="games")
        games = self._normal_games(comp, fx, data)
        prog = self._check_games(comp, fx, games, "")
        if not prog.decided:
            check_series(prog.fmt, prog.games, None, fx.key, complete=True, a=prog.a, b=prog.b)
        self._write(comp, fx, games, prog, facts, {n: facts.to_json() for n in range(1, len(games) + 1)})

    def replace_series(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any], facts: Facts) -> None:
        """A correction of the whole series (checked as a decided series)."""
        games = self._normal_games(comp, fx, data)
        prog = self._check_games(comp, fx, games, "")
        if not prog.decided:
            check_series(prog.fmt, prog.games, None, fx.key, complete=True, a=prog.a, b=prog.b)
        rows = {g.number: g for g in self.rows(fx)}
        changed = {n: ({**(rows[n].facts or {}), "corrected": facts.to_json()} if n in rows
                       else facts.to_json())
                   for n in range(1, len(games) + 1)
                   if n not in rows or rows[n].data != games[n - 1]}
        self._write(comp, fx, games, prog, facts, changed)

    def _normal_games(self, comp: TCompetition, fx: TFixture,
                      data: Mapping[str, Any]) -> list[dict[str, Any]]:
        raw = data.get("games")
        if not isinstance(raw, list):
            raise TournamentError(f"{fx.key}: a series result is {{games: [...]}}, one mapping per game",
                                  field="games")
        a, b = fx.entrants[0], fx.entrants[1]
        return [self._technical(comp, fx, n, game_doc(game_from(g, a, b, f"{fx.key} game {n}"), a, b))
                for n, g in enumerate(raw, 1)]

    # ---- fouls ----------------------------------------------------------------------------------------
    def penalty(self, comp: TCompetition, p: Penalty, facts: Facts | None = None,
                winner_board: Mapping[str, Any] | None = None) -> PenaltyOutcome:
        """A foul in game ``FIXTURE/N``. ``winner_board`` (surviving, lost_hp): the other team's figures when
        this foul ends the game (after the 2012 forfeit-Peach rule), kept with the game it decides."""
        facts = (facts or Facts(p.recorded_by, p.at or None)).checked()
        rules = self.st.preset(comp).penalties
        if rules is None:
            raise TournamentError(f"{comp.preset} has no penalty rules")
        fixture, n = parse_game_key(p.game)
        fx = self._series_fixture(comp, fixture)
        a, b = fx.entrants[0], fx.entrants[1]
        if p.team not in (a, b):
            raise TournamentError(f"{p.team!r} does not play {fx.key} ({a} v {b})", allowed=[a, b],
                                  field="team")
        members = next((list(e.members) for e in self.st.entrants(comp) if e.key == p.team), [])
        if p.kind == "player" and members and p.player not in members:
            raise TournamentError(f"{p.player!r} is not a member of {p.team}; members: {', '.join(members)}",
                                  allowed=members, rule=rule("team_members"), field="player")
        if p.commander and p.kind != "player":
            raise TournamentError("'commander' marks a player penalty against the player commanding",
                                  field="commander")
        rows = self.rows(fx)
        prog = self.progress(comp, fx)
        if n > len(rows) + 1:
            raise TournamentError(f"{fx.key} game {n} has not started: "
                                  f"game {len(rows) + 1} is the one being played", rule=rule("game_order"),
                                  allowed=[game_key(fx.key, len(rows) + 1)], field="game")
        if n == len(rows) + 1 and prog.decided:
            raise TournamentError(f"{fx.key} is decided ({prog.describe()}); there is no game {n}",
                                  rule=rule("series_decided"),
                                  allowed=[game_key(fx.key, k) for k in range(1, len(rows) + 1)],
                                  field="game")
        key = game_key(fx.key, n)
        ledger = self.ledger(comp)
        before = set(ledger.losers(key))
        pen = Penalty(p.kind, key, p.team, p.points, p.reason, facts.by, facts.at or "", p.player,
                      p.commander)
        consequences = ledger.record(pen)
        new_losers = [x for x in ledger.losers(key) if x not in before]
        tech = ledger.technical_by_team(key)
        decided_game: dict[str, Any] | None = None
        update: dict[str, Any] | None = None
        if n <= len(rows):
            stored = dict(rows[n - 1].data)
            for team, rid in new_losers:
                if stored["winner"] == team:
                    raise TournamentError(
                        f"{fx.key} game {n} is stored as won by {team}; "
                        f"this foul would have ended it as {team}'s loss — correct the game first",
                        rule=rule(rid), allowed=["correct the game with a reason"])
            if tech and stored.get("technical") != tech:
                update = {**stored, "technical": tech}
                updated_games = [r.data for r in rows]
                updated_games[n - 1] = update
                updated_prog = self._check_games(comp, fx, updated_games, "")
        elif new_losers:
            team, rid = new_losers[0]
            winner = b if team == a else a
            board = dict(winner_board or {})
            unknown = set(board) - {"surviving", "lost_hp"}
            if unknown:
                raise TournamentError("the winner's board has surviving and lost_hp, "
                                      f"not {in_words(sorted(unknown))}",
                                      allowed=["surviving", "lost_hp"], field="winner_board")
            how = "technical" if rid == "technical_limit" else "disqualified"
            g = {"winner": winner, "how": how, **board}
            if tech:
                g["technical"] = tech
            decided_game = game_doc(game_from(g, a, b, f"{key}"), a, b)
            prog.check(game_from(decided_game, a, b, key), n)
        with self.s.begin_nested():
            row = TPenalty(competition_id=comp.id, game=key, kind=p.kind, team=p.team, player=p.player,
                           points=p.points, reason=p.reason, recorded_by=facts.by, at=now(),
                           facts=facts.to_json(commander=p.commander or None), withdrawn=False)
            self.s.add(row)
            self.s.flush()
            self.st._audit(comp, "penalty", key, facts.by, None,
                           {"id": row.id, "kind": p.kind, "team": p.team, "player": p.player,
                            "points": p.points, "consequences": consequences, "game_decided": decided_game},
                           p.reason, facts=facts.to_json())
            outcome: GameOutcome | None = None
            if decided_game is not None:
                team, rid = new_losers[0]
                why = (f"the third technical point against {team}" if rid == "technical_limit"
                       else f"{p.player} (commanding {team}) disqualified")
                more = {"decided_by": rid, "decided_by_text": f"{why} (penalty {row.id}, {facts.by}"
                        f"{' at ' + facts.at if facts.at else ''})", "penalty": row.id}
                outcome = self._enter_decided(comp, fx, n, decided_game, facts, more)
                consequences = [*consequences,
                                f"{key} stored: {outcome.game['winner']} wins — {why} ended it"]
            else:
                if update is not None:
                    self._write(comp, fx, updated_games, updated_prog, facts,
                                {n: {**(rows[n - 1].facts or {}), "technical_from_fouls": True}})
                self.st._refresh(comp)
        return PenaltyOutcome(row.id, consequences, outcome)

    def _enter_decided(self, comp: TCompetition, fx: TFixture, n: int, game: dict[str, Any], facts: Facts,
                       more: Mapping[str, Any]) -> GameOutcome:
        rows = self.rows(fx)
        games = [g.data for g in rows] + [game]
        new = self._check_games(comp, fx, games, "")
        self._write(comp, fx, games, new, facts, {n: facts.to_json(**more)})
        self.st._audit(comp, "game", game_key(fx.key, n), facts.by, None, game,
                       str(more.get("decided_by_text", "")), facts=facts.to_json(**more))
        return self._outcome(comp, fx, n, new, self.st._refresh(comp))

    def penalties(self, comp: TCompetition, game: str | None = None, withdrawn: bool = False
                  ) -> list[dict[str, Any]]:
        q = select(TPenalty).where(TPenalty.competition_id == comp.id)
        if game:
            q = q.where(TPenalty.game == game)
        if not withdrawn:
            q = q.where(TPenalty.withdrawn.is_(False))
        return [{"id": x.id, "game": x.game, "kind": x.kind, "team": x.team, "player": x.player,
                 "points": x.points, "reason": x.reason, "recorded_by": x.recorded_by,
                 "recorded_at": x.at.isoformat(),
                 "facts": x.facts or {}, "withdrawn": x.withdrawn}
                for x in self.s.scalars(q.order_by(TPenalty.id))]

    def withdraw_penalty(self, comp: TCompetition, penalty_id: int, facts: Facts, reason: str) -> list[str]:
        """A foul recorded by mistake: kept in the log, no longer counted. A foul that decided a game can be
        withdrawn only with that game, when it is the series' last (the game is removed with it)."""
        facts = facts.checked()
        if not reason or not reason.strip():
            raise TournamentError("withdrawing a penalty needs a reason", field="reason")
        row = self.s.get(TPenalty, penalty_id)
        if row is None or row.competition_id != comp.id or row.withdrawn:
            live = [str(x["id"]) for x in self.penalties(comp)]
            raise TournamentError(f"no penalty {penalty_id} in force in {comp.key!r}", allowed=live,
                                  field="penalty")
        fixture, n = parse_game_key(row.game)
        fx = self.st._fixture(comp, fixture)
        rows = self.rows(fx)
        ledger = self.ledger(comp)
        after = PenaltyLedger(ledger.rules, [e for e, x in zip(ledger.entries, self._penalty_rows(comp),
                                                               strict=True)
                                             if x.id != penalty_id])
        lost_before, lost_after = set(ledger.losers(row.game)), set(after.losers(row.game))
        decided = self._decided_by_foul(comp, fx, n)
        remove = decided is not None and lost_before != lost_after
        if remove and (decided is None or decided.number != len(rows)):
            raise TournamentError(f"penalty {penalty_id} decided {row.game}, and later games follow it; "
                                  "remove those games first", allowed=["remove the later games"])
        games = [g.data for g in rows]
        if remove:
            games = games[:-1]
        elif n <= len(rows) and after.technical_by_team(row.game) != (games[n - 1].get("technical") or {}):
            games[n - 1] = {**games[n - 1], "technical": after.technical_by_team(row.game)}
            if not games[n - 1]["technical"]:
                del games[n - 1]["technical"]
        new = self._check_games(comp, fx, games, f"after withdrawing penalty {penalty_id}")
        with self.s.begin_nested():
            row.withdrawn = True
            row.facts = {**(row.facts or {}), "withdrawn": facts.to_json(reason=reason.strip())}
            changed = {} if remove or n > len(rows) else {n: {**(rows[n - 1].facts or {})}}
            self._write(comp, fx, games, new, facts, changed)
            self.st._audit(comp, "withdraw_penalty", row.game, facts.by, {"id": row.id, "points": row.points},
                           {"game_removed": remove}, reason.strip(), facts=facts.to_json())
            self.st._refresh(comp)
        return [f"penalty {penalty_id} withdrawn"] + ([f"{row.game} removed (the foul had decided it)"]
                                                       if remove else [])

    # ---- time-up ----------------------------------------------------------------------------------------
    def propose_time_up(self, comp: TCompetition, fixture: str, boards: Mapping[str, Any], overtimes: int = 0,
                        points_winner: str | None = None,
                        commanders: Mapping[str, str] | None = None) -> TimeUpProposal:
        """The board at time-up (per entrant) adjudicated by the edition's ladder; stores nothing. The game's
        ``commanders`` (per entrant) go into the proposed result, checked against the rotation."""
        fx = self._series_fixture(comp, fixture)
        prog = self.progress(comp, fx)
        n = prog.next_number
        if prog.decided:
            raise TournamentError(f"{fx.key} is decided ({prog.describe()}); no game is being played",
                                  rule=rule("series_decided"))
        a, b = fx.entrants[0], fx.entrants[1]
        if not isinstance(boards, Mapping) or set(map(str, boards)) != {a, b}:
            got = sorted(map(str, boards)) if isinstance(boards, Mapping) else boards
            raise TournamentError(f"give the board of both sides, {a} and {b}, not {got}", allowed=[a, b],
                                  field="boards")
        key = game_key(fx.key, n)
        ba, bb = dict(boards[a]) if isinstance(boards[a], Mapping) else boards[a], \
            dict(boards[b]) if isinstance(boards[b], Mapping) else boards[b]
        if self.st.preset(comp).penalties is not None:
            recorded = self.ledger(comp).technical_by_team(key)
            for name, bd in ((a, ba), (b, bb)):
                if not isinstance(bd, dict):
                    continue
                given = bd.get("technical_points", bd.get("technical"))
                if recorded and given is not None and given != recorded.get(name, 0):
                    raise TournamentError(f"{name}: technical points {given} differ from the fouls "
                                          f"recorded for {key} ({recorded.get(name, 0)})",
                                          rule=rule("technical_limit"),
                                          allowed=[str(recorded.get(name, 0))], field="technical_points")
                if recorded and given is None:
                    bd["technical_points"] = recorded.get(name, 0)
        side: Side | None = None
        if points_winner is not None:
            if points_winner not in (a, b):
                raise TournamentError(f"the side that won 比点 is {a!r} or {b!r}, not {points_winner!r}",
                                      allowed=[a, b], field="points_winner")
            side = "a" if points_winner == a else "b"
        ladder = comp.preset
        decision = adjudicate(ladder, ba, bb, overtimes, side, {"a": a, "b": b})
        game = decision.game() if decision.decided else None
        led = {str(k): str(v).strip() for k, v in (commanders or {}).items() if str(v).strip()}
        if game is not None:
            if led:
                game["commanders"] = led
            prog.check(game_from(game, a, b, key), n)
        return TimeUpProposal(fx.key, n, decision, game)

    def enter_time_up(self, comp: TCompetition, fixture: str, boards: Mapping[str, Any], facts: Facts,
                      overtimes: int = 0, points_winner: str | None = None,
                      commanders: Mapping[str, str] | None = None) -> GameOutcome:
        """The proposal entered as the game's result (refused while the board is level)."""
        prop = self.propose_time_up(comp, fixture, boards, overtimes, points_winner, commanders)
        if prop.game is None:
            raise TournamentError(f"{prop.fixture} game {prop.number}: {prop.decision.describe()}",
                                  rule=LADDERS[prop.decision.ladder].rule,
                                  allowed=["overtime" if prop.decision.next == "overtime"
                                           else "points_winner"])
        game = dict(prop.game)
        return self.enter_game(comp, fixture, game, facts, prop.number, {"time_up": prop.decision.to_json()})


def _penalty(x: TPenalty) -> Penalty:
    f = x.facts or {}
    return Penalty(x.kind, x.game, x.team, x.points, x.reason, x.recorded_by, str(f.get("at") or ""),  # type: ignore[arg-type]
                   x.player, bool(f.get("commander")))
