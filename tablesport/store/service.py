# Over 500 lines: EventStore, the one entry to a stored event; the series and hall desks are split out.
"""Running a stored event: create from a document, register, draw (or enter a draw made elsewhere), next
round (or a seating made elsewhere), enter and correct results (audited), organiser decisions and standings.

The results desks sit beside it: ``store.series`` (:class:`~tablesport.store.series_desk.SeriesDesk`: a
Sanguosha game as it ends, fouls, time-up) and ``store.hall`` (:class:`~tablesport.store.hall_desk.HallDesk`:
the Rummikub hall). Every write names who did it; results and corrections keep before/after in the audit
log; the standings snapshot is recomputed after every change. Validation is the pure logic of
:mod:`tablesport.tournament`: an entry is accepted only if the whole competition with it still checks, so a
contradictory or duplicate result is refused and nothing is written (each write runs in a savepoint).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tablesport.tournament.entrants import entrant_from
from tablesport.tournament.errors import TournamentError, in_words
from tablesport.tournament.final_places import final_places
from tablesport.tournament.formats import CompetitionFormat, get_format
from tablesport.tournament.groups import draw_groups
from tablesport.tournament.knockout import Bracket, crossed_pairs, round_name, single_elimination
from tablesport.tournament.league import plan_tables
from tablesport.tournament.pictionary import preliminary_rounds
from tablesport.tournament.rummikub import division_of
from tablesport.tournament.seating import check_round, check_table_players
from tablesport.tournament.series import score
from tablesport.tournament.standings import load, rows

from .entry_facts import Facts, now
from .models import TAudit, TCompetition, TDecision, TEntrant, TEvent, TFixture, TGame, TResult, TStanding

if TYPE_CHECKING:
    from .hall_desk import HallDesk
    from .series_desk import SeriesDesk

KNOCKOUT_STAGES = ("knockout", "final")


def _who(who: str) -> str:
    if not who or not who.strip():
        raise TournamentError("say who is doing this (--by NAME)")
    return who.strip()[:100]


class EventStore:
    def __init__(self, session: Session) -> None:
        self.s = session

    @cached_property
    def series(self) -> SeriesDesk:
        """Games of a series as they end, fouls, time-up (Sanguosha)."""
        from .series_desk import SeriesDesk

        return SeriesDesk(self)

    @cached_property
    def hall(self) -> HallDesk:
        """The Rummikub hall: queue, tables of 4, score sheets at the desk."""
        from .hall_desk import HallDesk

        return HallDesk(self)

    # ---- events and competitions --------------------------------------------------------------------
    def create_event(self, doc: Any, who: str) -> TEvent:
        """``{event: name, competitions: [{key, preset, title?, groups?, draw?, seed?, tables?,
        entrants: [...]}]}``"""
        who = _who(who)
        if not isinstance(doc, Mapping) or not doc.get("event"):
            raise TournamentError("an event document is a mapping with 'event' (its name) and 'competitions'")
        name = str(doc["event"])
        if self.s.scalar(select(TEvent).where(TEvent.name == name)):
            raise TournamentError(f"an event named {name!r} already exists")
        comps = doc.get("competitions") or []
        if not isinstance(comps, list) or not comps:
            raise TournamentError("'competitions' must be a non-empty list")
        ev = TEvent(name=name, created_at=now(), created_by=who)
        self.s.add(ev)
        self.s.flush()
        keys = set()
        for c in comps:
            if not isinstance(c, Mapping) or "key" not in c or "preset" not in c:
                raise TournamentError(f"a competition needs 'key' and 'preset', not {c!r}")
            if c["key"] in keys:
                raise TournamentError(f"two competitions named {c['key']!r}")
            keys.add(c["key"])
            preset = get_format(str(c["preset"]))
            config = {k: c[k] for k in ("groups", "draw", "seed", "tables", "rounds", "advance", "cutoff")
                      if k in c}
            comp = TCompetition(event_id=ev.id, key=str(c["key"]), preset=preset.name,
                                title=str(c.get("title", preset.title)), config=config)
            self.s.add(comp)
            self.s.flush()
            self._audit(comp, "create", comp.key, who, None, {"preset": preset.name, **config})
            for e in c.get("entrants") or []:
                self.register(comp, e, who)
        return ev

    def event(self, name: str) -> TEvent:
        ev = self.s.scalar(select(TEvent).where(TEvent.name == name))
        if ev is None:
            names = self.s.scalars(select(TEvent.name)).all()
            raise TournamentError(f"no event {name!r}; events: {', '.join(names) or 'none'}")
        return ev

    def event_by_id(self, event_id: int) -> TEvent:
        """The event numbered ``event_id`` (a page's path names it so); TournamentError listing the events."""
        ev = self.s.get(TEvent, event_id)
        if ev is None:
            names = [f"{e.id}: {e.name}" for e in self.s.scalars(select(TEvent).order_by(TEvent.id))]
            raise TournamentError(f"no event {event_id}", allowed=names, field="event")
        return ev

    def competition_by_id(self, event_id: int, key: str) -> tuple[TEvent, TCompetition]:
        """The event numbered ``event_id`` and its competition ``key`` (TournamentError if one is missing)."""
        ev = self.event_by_id(event_id)
        return ev, self.competition(ev.name, key)

    def competition(self, event: str, key: str) -> TCompetition:
        ev = self.event(event)
        comp = self.s.scalar(select(TCompetition)
                             .where(TCompetition.event_id == ev.id, TCompetition.key == key))
        if comp is None:
            keys = self.s.scalars(select(TCompetition.key).where(TCompetition.event_id == ev.id)).all()
            raise TournamentError(f"no competition {key!r} in {event!r}; competitions: {', '.join(keys)}")
        return comp

    def preset(self, comp: TCompetition) -> CompetitionFormat:
        return get_format(comp.preset)

    # ---- entrants -----------------------------------------------------------------------------------
    def entrants(self, comp: TCompetition) -> list[TEntrant]:
        return list(self.s.scalars(select(TEntrant).where(TEntrant.competition_id == comp.id)
                                   .order_by(TEntrant.id)))

    def playing(self, comp: TCompetition) -> list[TEntrant]:
        """Who is drawn: the checked-in entrants once check-in has started, else every entrant; never the
        withdrawn."""
        active = [e for e in self.entrants(comp) if not e.withdrawn]
        checked = [e for e in active if e.checked_in]
        return checked or active

    def register(self, comp: TCompetition, value: Any, who: str) -> TEntrant:
        who = _who(who)
        e = entrant_from(value)
        p = self.preset(comp)
        if p.kind == "rummikub":
            e = replace(e, division=division_of(e.division, e.id))
        if p.team_size and len(e.members) != p.team_size:
            raise TournamentError(f"team {e.id!r} has {len(e.members)} members; "
                                  f"{p.title} needs {p.team_size}")
        if comp.stage != "registration" and not (p.kind == "rummikub" and comp.stage == "open"):
            raise TournamentError(f"registration for {comp.key!r} is closed (stage: {comp.stage})")
        existing = self.entrants(comp)
        if any(x.key == e.id for x in existing):
            raise TournamentError(f"{e.id!r} is already registered in {comp.key!r}")
        for x in existing:
            both = set(x.members) & set(e.members)
            if both:
                raise TournamentError(f"{', '.join(sorted(both))} already play for {x.key!r}")
        row = TEntrant(competition_id=comp.id, key=e.id, name=e.name, members=list(e.members),
                       division=e.division, club=e.club, seed=e.seed, paid=e.paid, checked_in=e.checked_in,
                       withdrawn=e.withdrawn, lost_sheets=int(e.extra.get("lost_sheets", 0)))
        self.s.add(row)
        self.s.flush()
        self._audit(comp, "register", e.id, who, None, _entrant_json(row))
        return row

    def update_entrant(self, comp: TCompetition, key: str, who: str, **flags: Any) -> TEntrant:
        who = _who(who)
        row = self._entrant(comp, key)
        before = _entrant_json(row)
        for k, v in flags.items():
            if k not in ("paid", "checked_in", "withdrawn", "lost_sheets"):
                raise TournamentError(f"cannot change {k!r}; "
                                      "allowed: paid, checked_in, withdrawn, lost_sheets")
            if k == "checked_in" and v and row.withdrawn:
                raise TournamentError(f"{key!r} has withdrawn and cannot check in")
            setattr(row, k, v)
        self._audit(comp, "entrant", key, who, before, _entrant_json(row))
        self._refresh(comp)
        return row

    def _entrant(self, comp: TCompetition, key: str) -> TEntrant:
        row = self.s.scalar(select(TEntrant).where(TEntrant.competition_id == comp.id, TEntrant.key == key))
        if row is None:
            raise TournamentError(f"no entrant {key!r} in {comp.key!r}")
        return row

    # ---- fixtures -----------------------------------------------------------------------------------
    def fixtures(self, comp: TCompetition, stage: str | None = None) -> list[TFixture]:
        q = select(TFixture).where(TFixture.competition_id == comp.id)
        if stage:
            q = q.where(TFixture.stage == stage)
        return list(self.s.scalars(q.order_by(TFixture.round, TFixture.id)))

    def result_of(self, fx: TFixture) -> TResult | None:
        return self.s.scalar(select(TResult).where(TResult.fixture_id == fx.id))

    def _fixture(self, comp: TCompetition, key: str) -> TFixture:
        fx = self.s.scalar(select(TFixture).where(TFixture.competition_id == comp.id, TFixture.key == key))
        if fx is None:
            raise TournamentError(f"no fixture {key!r} in {comp.key!r}")
        return fx

    def _add_fixture(self, comp: TCompetition, key: str, stage: str, rnd: int, entrants: Sequence[str],
                     group: str | None = None, table: str | None = None) -> TFixture:
        fx = TFixture(competition_id=comp.id, key=key, stage=stage, round=rnd, group=group, table=table,
                      entrants=list(entrants))
        self.s.add(fx)
        return fx

    def draw(self, comp: TCompetition, who: str, groups: int | None = None, method: str | None = None,
             seed: int | None = None,
             given: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[str]]:
        """Groups with a single round robin each (Sanguosha, Pictionary by groups). ``given``: groups drawn
        elsewhere (on paper), {name: [entrants]}, checked: every playing entrant in exactly one group, the
        groups' sizes differing by at most one."""
        who = _who(who)
        p = self.preset(comp)
        if p.kind not in ("series", "duel"):
            raise TournamentError(f"{p.title} has no group draw; use next-round")
        if self.fixtures(comp):
            raise TournamentError(f"{comp.key!r} is already drawn")
        from tablesport.tournament.roundrobin import berger

        active = self.playing(comp)
        if given is not None:
            out = self._given_groups(comp, given, [e.key for e in active])
        else:
            ranked = [e.key for e in sorted(active, key=lambda e: (e.seed is None, e.seed or 0, e.id))]
            g = groups or int(comp.config.get("groups") or p.groups or 1)
            out = draw_groups(ranked, g, method or str(comp.config.get("draw", "snake")),
                              seed if seed is not None else int(comp.config.get("seed", 0)))
        by_key = {e.key: e for e in active}
        for name, members in out.items():
            for k in members:
                by_key[k].group = name
            for r, rnd in enumerate(berger(members), 1):
                for i, (a, b) in enumerate(rnd, 1):
                    if a is not None and b is not None:
                        self._add_fixture(comp, f"{name}-R{r}-{i}", "group", r, [a, b], group=name)
        comp.stage = "groups"
        self._audit(comp, "draw", comp.key, who, None, out, "drawn elsewhere" if given is not None else "")
        self.s.flush()
        self._refresh(comp)
        return out

    def _given_groups(self, comp: TCompetition, given: Mapping[str, Sequence[str]], playing: Sequence[str]
                      ) -> dict[str, list[str]]:
        from tablesport.tournament.rules import rule

        if not isinstance(given, Mapping) or not given:
            raise TournamentError("groups drawn elsewhere are {name: [entrants]}", field="groups")
        out = {str(g): [str(x) for x in members] for g, members in given.items()}
        check_round(list(out.values()), playing, max(len(m) for m in out.values()), exact=False,
                    registered=[e.key for e in self.entrants(comp)])
        bad = [g for g in out if not g or len(g) > 8 or not g.isalnum()]
        if bad:
            raise TournamentError(f"a group name is 1–8 letters or digits, not {bad[0]!r}", field="groups",
                                  rule=rule("seating"))
        return out

    def next_round(self, comp: TCompetition, who: str, seed: int | None = None,
                   seating: Sequence[Sequence[str]] | None = None) -> list[TFixture]:
        """The next round: drawn here, or ``seating`` — the tables of a round seated elsewhere (on paper, by
        another system), checked: every playing entrant once, tables of the competition's size (league
        rounds and Pictionary preliminary rounds)."""
        who = _who(who)
        p = self.preset(comp)
        seed = seed if seed is not None else int(comp.config.get("seed", 0))
        gone = {e.key for e in self.entrants(comp) if e.withdrawn}
        pending = [f for f in self.fixtures(comp) if self.result_of(f) is None and not gone & set(f.entrants)]
        if pending:
            raise TournamentError(f"{len(pending)} fixture(s) still have no result (first: {pending[0].key})")
        if seating is not None:
            made = self._seated_round(comp, p, seating)
        elif p.kind == "table":
            made = self._next_table_round(comp, p, seed)
        elif p.kind == "duel" and comp.stage in ("registration", "league"):
            made = self._next_duel_round(comp, p, seed)
        elif p.kind == "duel" and comp.stage == "final":
            raise TournamentError(f"{comp.key!r} is finished: "
                                  "the preliminary rounds and the final are played")
        elif p.kind in ("series", "duel"):
            made = self._next_knockout(comp, p)
        else:
            raise TournamentError(f"{p.title} has no rounds: tables start whenever 4 players are free")
        self.s.flush()
        self._audit(comp, "next_round", comp.key, who, None,
                    [{"key": f.key, "entrants": f.entrants} for f in made],
                    "seated elsewhere" if seating is not None else "")
        self._refresh(comp)
        return made

    def _seated_round(self, comp: TCompetition, p: CompetitionFormat,
                      seating: Sequence[Sequence[str]]) -> list[TFixture]:
        if p.kind not in ("table", "duel"):
            raise TournamentError(f"{p.title} has no seated rounds: "
                                  "a draw made elsewhere is entered with draw --group", field="seating")
        stage = "league"
        done = max((f.round for f in self.fixtures(comp, stage)), default=0)
        rounds = int(comp.config.get("rounds", p.rounds))
        if done >= rounds or comp.stage == "final":
            raise TournamentError(f"the {rounds} league rounds of {comp.key!r} are drawn; "
                                  f"the final is the top {p.final_size} by the standings", field="seating")
        playing = [e.key for e in self.playing(comp)]
        tables = check_round(seating, playing, 2 if p.kind == "duel" else p.table_size,
                             exact=p.kind == "duel", registered=[e.key for e in self.entrants(comp)])
        comp.stage = "league"
        if p.kind == "duel":
            return [self._add_fixture(comp, f"R{done + 1}-{i}", stage, done + 1, t, table=str(i))
                    for i, t in enumerate(tables, 1)]
        return [self._add_fixture(comp, f"R{done + 1}-T{i}", stage, done + 1, t, table=str(i))
                for i, t in enumerate(tables, 1)]

    def _next_table_round(self, comp: TCompetition, p: CompetitionFormat, seed: int) -> list[TFixture]:
        league = self.fixtures(comp, "league")
        rounds = int(comp.config.get("rounds", p.rounds))
        done = max((f.round for f in league), default=0)
        players = [e.key for e in self.playing(comp)]
        if done < rounds:
            comp.stage = "league"
            index = {k: i for i, k in enumerate(players)}
            history = [[[index[k] for k in f.entrants if k in index] for f in league if f.round == r]
                       for r in range(1, done + 1)]
            plan = plan_tables(len(players), 1, p.table_size, seed + done, history=history,
                               ahead=rounds - done - 1)
            return [self._add_fixture(comp, f"R{done + 1}-T{t}", "league", done + 1,
                                      [players[i] for i in tbl], table=str(t))
                    for t, tbl in enumerate(plan.rounds[0], 1)]
        if self.fixtures(comp, "final"):
            raise TournamentError(f"{comp.key!r} is finished: the league and the final are played")
        top = self._top(comp, p.final_size)
        comp.stage = "final"
        return [self._add_fixture(comp, "F-T1", "final", rounds + 1, top, table="1")]

    def _next_duel_round(self, comp: TCompetition, p: CompetitionFormat, seed: int) -> list[TFixture]:
        done = max((f.round for f in self.fixtures(comp, "league")), default=0)
        rounds = int(comp.config.get("rounds", p.rounds))
        if done >= rounds:
            top = self._top(comp, p.final_size)
            comp.stage = "final"
            return [self._add_fixture(comp, "F-1", "final", rounds + 1, top)]
        comp.stage = "league"
        teams = [e.key for e in self.playing(comp)]
        rnd = preliminary_rounds(teams, done + 1, seed)[done]
        return [self._add_fixture(comp, f"R{done + 1}-{i}", "league", done + 1, [a, b], table=str(i))
                for i, (a, b) in enumerate(rnd, 1)]

    def _top(self, comp: TCompetition, n: int, group: str | None = None) -> list[str]:
        table = self.standings(comp, group)
        cut = table[:n]
        if len(cut) < n:
            raise TournamentError(f"only {len(cut)} ranked entrants for {n} places")
        undecided = [r["entrant"] for r in table if r["needs_decision"] and r["rank"] <= n]
        over = [r for r in table[n:] if r["rank"] <= n]
        if undecided and over:
            raise TournamentError(f"{'group ' + group + ' ' if group else ''}needs a decision between "
                                  f"{in_words(sorted(set(undecided)))} for the last place(s); "
                                  "record it with 'decide'")
        return [r["entrant"] for r in cut]

    def _next_knockout(self, comp: TCompetition, p: CompetitionFormat) -> list[TFixture]:
        ko = self.fixtures(comp, "knockout")
        if not ko:
            groups = sorted({e.group for e in self.entrants(comp) if e.group})
            if not groups:
                raise TournamentError(f"{comp.key!r} has no groups yet; draw first")
            advance = int(comp.config.get("advance", p.advance or 2))
            ranks = {g: self._top(comp, advance, g) for g in groups}
            if len(groups) == 1:
                br = single_elimination(ranks[groups[0]])
                pairs = [(m.a, m.b) for m in br.rounds[0]]
            else:
                pairs = crossed_pairs(ranks)  # type: ignore[assignment]
            comp.stage = "knockout"
            made = []
            for i, (a, b) in enumerate(pairs, 1):
                if a is None or b is None:
                    raise TournamentError("byes in a group knock-out are not supported; use full groups")
                made.append(self._add_fixture(comp, f"R1-{i}", "knockout", 1, [a, b]))
            return made
        br = self.bracket(comp)
        made = []
        have = {f.key for f in ko}
        for m in br.ready():
            if m.key not in have:
                made.append(self._add_fixture(comp, m.key, "knockout", m.round, [m.a, m.b]))  # type: ignore[list-item]
        if not made:
            raise TournamentError(f"the knock-out of {comp.key!r} is finished")
        return made

    def bracket(self, comp: TCompetition) -> Bracket:
        ko = self.fixtures(comp, "knockout")
        first = sorted((f for f in ko if f.round == 1), key=lambda f: int(f.key.split("-")[1]))
        br = Bracket.from_pairs([(f.entrants[0], f.entrants[1]) for f in first])
        for f in sorted(ko, key=lambda f: f.round):
            res = self.result_of(f)
            if res is not None:
                br.record(f.key, self._winner(comp, f, res.data))
        return br

    def _winner(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any]) -> str:
        a, b = fx.entrants[0], fx.entrants[1]
        if self.preset(comp).kind == "duel":
            w = data.get("winner")
            if w is None and isinstance(data.get("squares"), Mapping):
                sq = data["squares"]
                w = a if sq.get(a, 0) > sq.get(b, 0) else b
            return str(w)
        from tablesport.tournament.series import game_from

        games = [game_from(g, a, b, fx.key) for g in data.get("games", [])]
        wa, wb = score(games)
        return a if wa > wb else b

    # ---- results ------------------------------------------------------------------------------------
    def enter_result(self, comp: TCompetition, fixture: str | None, data: Mapping[str, Any], who: str | Facts,
                     source: str = "typed") -> list[dict[str, Any]]:
        """Enter the result of a fixture (or, for Rummikub open play without the hall, of a new table game).

        A series is a whole, decided series (``{games: [...]}``; a game at a time: ``store.series``). A
        table game gives ``scores`` or, where the competition has a scorer, ``seen`` (what the referee sees,
        scored by the game's engine: :mod:`tablesport.store.score_from_table`)."""
        facts = (who if isinstance(who, Facts) else Facts(who, source=source)).checked()  # type: ignore[arg-type]
        p = self.preset(comp)
        if not isinstance(data, Mapping):
            raise TournamentError("a result is a mapping")
        if fixture is None:
            return self._open_game(comp, data, facts)
        fx = self._fixture(comp, fixture)
        self._not_withdrawn(comp, fx)
        old = self.result_of(fx)
        data = self._scored(comp, fx, data)
        if old is not None:
            same = "the same result" if self._same(comp, fx, old.data, data) else "a different result"
            raise TournamentError(f"duplicate result: {fx.key} already has a result entered "
                                  f"by {old.updated_by} at {old.updated_at:%H:%M:%S}; "
                                  f"this is {same} — use 'correct' with a reason",
                                  allowed=["correct with a reason"])
        with self.s.begin_nested():
            if p.kind == "series":
                self.series.enter_series(comp, fx, data, facts)
                stored = self.result_of(fx)
                assert stored is not None
                data = stored.data
            else:
                self._validate(comp, fx, data)
                self._add_result(fx, data, facts)
            return self._entered(comp, fx, data, facts)

    def _open_game(self, comp: TCompetition, data: Mapping[str, Any], facts: Facts) -> list[dict[str, Any]]:
        """A Rummikub game from any table, outside the hall (no queue kept)."""
        if self.preset(comp).kind != "rummikub":
            raise TournamentError("name the fixture the result belongs to", field="fixture")
        if self.hall.in_use(comp):
            raise TournamentError(f"{comp.key!r} runs the hall: enter the game for its table (hall game)",
                                  allowed=["hall game TABLE ..."], field="fixture")
        players = data.get("players")
        if not isinstance(players, list):
            raise TournamentError("a Rummikub game result lists its 4 'players'", field="players")
        n = len(self.fixtures(comp)) + 1
        fx = TFixture(competition_id=comp.id, key=f"G{n}", stage="open", round=n, group=None,
                      table=str(data["table"]) if data.get("table") is not None else None,
                      entrants=[str(x) for x in players])
        data = self._scored(comp, fx, data)
        self._validate(comp, fx, data)
        with self.s.begin_nested():
            self.s.add(fx)
            self.s.flush()
            self._add_result(fx, data, facts)
            return self._entered(comp, fx, data, facts)

    def _add_result(self, fx: TFixture, data: Mapping[str, Any], facts: Facts) -> None:
        t = now()
        self.s.add(TResult(fixture_id=fx.id, data=dict(data), version=1, source=facts.source,
                           entered_by=facts.by, entered_at=t, updated_by=facts.by, updated_at=t,
                           facts=facts.to_json()))

    def _entered(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any], facts: Facts
                 ) -> list[dict[str, Any]]:
        """The audit entry of a new result, then the standings it makes."""
        self._audit(comp, "result", fx.key, facts.by, None, dict(data), facts.note, facts=facts.to_json())
        self.s.flush()
        return self._refresh(comp)

    def _same(self, comp: TCompetition, fx: TFixture, old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
        if self.preset(comp).kind != "series":
            return dict(old) == dict(new)
        try:
            return dict(old) == {"games": self.series._normal_games(comp, fx, new)}
        except TournamentError:
            return False

    def _scored(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any]) -> dict[str, Any]:
        """The result with a score worked out from ``seen`` (what the referee sees), and the seats checked."""
        p = self.preset(comp)
        out = dict(data)
        where = f"{fx.key} (table {fx.table})" if fx.table else fx.key
        if "seen" in out:
            from .score_from_table import score_seen

            divisions = {e.key: e.division for e in self.entrants(comp) if e.key in fx.entrants}
            out = score_seen(p.name, out, fx.entrants, divisions, where)
        if p.kind == "table":
            scores = out.get("scores")
            if not isinstance(scores, Mapping):
                raise TournamentError(f"{fx.key}: give 'scores' {{player: game score}} "
                                      "for the players of the table", allowed=list(fx.entrants),
                                      field="scores")
            check_table_players(where, fx.entrants, scores)
        return out

    def _not_withdrawn(self, comp: TCompetition, fx: TFixture) -> None:
        gone = [e.key for e in self.entrants(comp) if e.withdrawn and e.key in fx.entrants]
        if gone and fx.stage != "open":
            raise TournamentError(f"{fx.key}: {in_words(gone)} withdrew; the fixture is not played")

    def correct_result(self, comp: TCompetition, fixture: str, data: Mapping[str, Any], who: str | Facts,
                       reason: str) -> list[dict[str, Any]]:
        facts = (who if isinstance(who, Facts) else Facts(who)).checked()
        if not reason or not reason.strip():
            raise TournamentError("a correction needs a reason", field="reason")
        fx = self._fixture(comp, fixture)
        old = self.result_of(fx)
        if old is None:
            raise TournamentError(f"{fx.key} has no result to correct; enter it first")
        if not isinstance(data, Mapping):
            raise TournamentError("a result is a mapping")
        data = self._scored(comp, fx, data)
        p = self.preset(comp)
        if fx.stage == "knockout" and p.kind != "series":
            later = [f for f in self.fixtures(comp, "knockout") if f.round > fx.round and self.result_of(f)]
            if later and self._winner(comp, fx, data) != self._winner(comp, fx, old.data):
                raise TournamentError(f"{fx.key}: the winner cannot change once later knock-out results "
                                      f"exist ({later[0].key})")
        before = dict(old.data)
        with self.s.begin_nested():
            if p.kind == "series":
                self.series.replace_series(comp, fx, data, facts)
                data = old.data
            else:
                self._validate(comp, fx, data, replacing=True)
                old.data = dict(data)
                old.version += 1
                old.updated_by, old.updated_at = facts.by, now()
            self._audit(comp, "correct", fx.key, facts.by, before, dict(data), reason.strip(),
                        facts=facts.to_json())
            self.s.flush()
            return self._refresh(comp)

    def _validate(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any],
                  replacing: bool = False) -> None:
        self._check_document(comp, fx, data)

    def _check_document(self, comp: TCompetition, fx: TFixture, data: Mapping[str, Any]) -> None:
        """The competition with this fixture's result (or series so far) replaced still checks."""
        load(self.document(comp, override=(fx, data)))

    def document(self, comp: TCompetition, group: str | None = None,
                 override: tuple[TFixture, Mapping[str, Any]] | None = None,
                 hall_results: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The competition as a standings document (optionally one group, optionally with one result replaced,
        optionally with the hall's results as just replayed)."""
        docs = self._documents(comp, override, hall_results)
        if group is not None and group not in docs:
            raise TournamentError(f"no group {group!r} in {comp.key!r}; "
                                  f"groups: {in_words(sorted(g for g in docs if g))}")
        return docs[group]

    def _documents(self, comp: TCompetition, override: tuple[TFixture, Mapping[str, Any]] | None = None,
                   hall_results: list[dict[str, Any]] | None = None) -> dict[str | None, dict[str, Any]]:
        """The whole competition (key None) and each group, from one read of the tables.

        Series come from their games (a series still being played is in the document, marked in progress:
        its score shows, it gives no points); Rummikub games from the hall's entries when the hall is run."""
        p = self.preset(comp)
        ents = self.entrants(comp)
        played: list[tuple[str | None, dict[str, Any]]] = []
        if p.kind == "series":
            q = (select(TFixture, TGame).join(TGame, TGame.fixture_id == TFixture.id)
                 .where(TFixture.competition_id == comp.id)
                 .order_by(TFixture.round, TFixture.id, TGame.number))
            by_fx: dict[int, tuple[TFixture, list[dict[str, Any]]]] = {}
            for fx, g in self.s.execute(q).all():
                by_fx.setdefault(fx.id, (fx, []))[1].append(g.data)
            if override and override[0].id not in by_fx and override[0].id is not None:
                by_fx[override[0].id] = (override[0], [])
            decided = set(self.s.scalars(select(TResult.fixture_id)
                                         .join(TFixture, TFixture.id == TResult.fixture_id)
                                         .where(TFixture.competition_id == comp.id)))
            for fid, (fx, games) in sorted(by_fx.items(), key=lambda kv: (kv[1][0].round, kv[0])):
                data: Mapping[str, Any] = {"games": games, "in_progress": fid not in decided}
                if override and fid == override[0].id:
                    data = override[1]
                if data.get("games"):
                    played.append((fx.group, _result_doc(p, fx, data)))
        elif hall_results is not None:
            played = [(None, r) for r in hall_results]
        elif p.kind == "rummikub" and self.hall.in_use(comp):
            played = [(None, r) for r in self.hall.results(comp, override)]
        else:
            q2 = (select(TFixture, TResult).outerjoin(TResult, TResult.fixture_id == TFixture.id)
                  .where(TFixture.competition_id == comp.id).order_by(TFixture.round, TFixture.id))
            pairs: list[tuple[TFixture, TResult | None]] = [(f, r) for f, r in self.s.execute(q2).all()]
            if override and all(f.id != override[0].id for f, _ in pairs):
                pairs.append((override[0], None))
            for f, res in pairs:
                data2 = override[1] if override and f.id == override[0].id else (res.data if res else None)
                if data2 is not None:
                    played.append((f.group, _result_doc(p, f, data2)))
        decisions = [{"order": d.order, "note": d.note}
                     for d in self.s.scalars(select(TDecision).where(TDecision.competition_id == comp.id)
                                             .order_by(TDecision.id))]

        extra = ({"cutoff": comp.config["cutoff"]} if p.kind == "rummikub" and comp.config.get("cutoff")
                 else {})

        def make(members: list[TEntrant], group: str | None) -> dict[str, Any]:
            keys = {e.key for e in members}
            return {"preset": p.name, "entrants": [_entrant_json(e) for e in members],
                    "results": [r for g, r in played if group is None or g == group],
                    "decisions": [d for d in decisions if set(d["order"]) <= keys], **extra}

        out: dict[str | None, dict[str, Any]] = {None: make(ents, None)}
        for name in sorted({e.group for e in ents if e.group}):
            out[name] = make([e for e in ents if e.group == name], name)
        return out

    # ---- decisions, penalties, standings -------------------------------------------------------------
    def decide(self, comp: TCompetition, order: Sequence[str], who: str | Facts, note: str = ""
               ) -> list[dict[str, Any]]:
        """The organiser's order for a tie the chain cannot break, with a note (e.g. "drawn by lot") that the
        standings rows show."""
        facts = (who if isinstance(who, Facts) else Facts(who, note=note)).checked()
        keys = {e.key for e in self.entrants(comp)}
        bad = [k for k in order if k not in keys]
        if len(order) < 2 or bad or len(set(order)) != len(order):
            raise TournamentError(f"a decision orders at least 2 different registered entrants; "
                                  f"unknown: {in_words(bad)}", allowed=sorted(keys), field="order")
        with self.s.begin_nested():
            self.s.add(TDecision(competition_id=comp.id, order=list(order), who=facts.by, at=now(),
                                 note=facts.note))
            self._audit(comp, "decision", " > ".join(order), facts.by, None, list(order), facts.note,
                        facts=facts.to_json())
            self.s.flush()
            return self._refresh(comp)

    def placings(self, comp: TCompetition) -> dict[str, dict[int, str]]:
        """Final places per group ('' when the competition has no divisions), once decided.

        Series: the knock-out bracket (final, 3rd-place match). Pictionary: the final. Table games:
        the final table by game score (level scores keep the league order). Rummikub: per division by
        the best sheet (awards: champion, 1st and 2nd runner-up, 3 merit awards)."""
        p = self.preset(comp)
        if p.kind == "series":
            return {"": self.bracket(comp).placings()} if self.fixtures(comp, "knockout") else {"": {}}
        if p.kind == "rummikub":
            from tablesport.tournament.prizes import places_from_rows

            by_div: dict[str, list[dict[str, Any]]] = {}
            for r in self.standings(comp):
                by_div.setdefault(r["tiebreaks"].get("division") or "", []).append(r)
            return {div: places_from_rows(rs, p.prizes) for div, rs in by_div.items()}
        final = self.fixtures(comp, "final")
        if not final or any(self.result_of(f) is None for f in final):
            return {"": {}}
        if p.kind == "duel":
            f = final[0]
            res = self.result_of(f)
            assert res is not None
            w = self._winner(comp, f, res.data)
            return {"": {1: w, 2: f.entrants[1] if w == f.entrants[0] else f.entrants[0]}}
        league = [r["entrant"] for r in self.standings(comp)]
        total: dict[str, float] = {}
        for f in final:
            res = self.result_of(f)
            assert res is not None
            for k, v in res.data["scores"].items():
                total[k] = total.get(k, 0) + v
        order = sorted(total, key=lambda k: (-total[k], league.index(k)))
        return {"": {i + 1: k for i, k in enumerate(order)}}

    def school_scores(self, comp: TCompetition) -> list[tuple[str, int, float, list[str]]]:
        """Rummikub team score: a school's best 3 players (seed 002 賽制 6)."""
        from tablesport.tournament.rummikub import school_ranking

        clubs = {e.key: e.club for e in self.entrants(comp)}
        best = int(self.preset(comp).params.get("team_best", 3))  # type: ignore[call-overload]
        return school_ranking([(r["entrant"], clubs.get(r["entrant"]), int(r["tiebreaks"]["wins"]),
                                float(r["points"]))
                               for r in self.standings(comp)], best)

    def final_places(self, comp: TCompetition) -> list[dict[str, Any]]:
        """Places from the knock-out bracket, then the groups below it (:mod:`tournament.final_places`)."""
        groups = {g: self.standings(comp, g) for g in self.groups(comp)} or {"": self.standings(comp)}
        return final_places(self.bracket(comp) if self.fixtures(comp, "knockout") else None, groups)

    def groups(self, comp: TCompetition) -> list[str]:
        return sorted({e.group for e in self.entrants(comp) if e.group})

    def standings(self, comp: TCompetition, group: str | None = None) -> list[dict[str, Any]]:
        return rows(load(self.document(comp, group)))

    def snapshot(self, comp: TCompetition) -> list[TStanding]:
        return list(self.s.scalars(select(TStanding).where(TStanding.competition_id == comp.id)
                                   .order_by(TStanding.group, TStanding.rank, TStanding.entrant)))

    def _refresh(self, comp: TCompetition,
                 hall_results: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        """Recompute and store the standings snapshot (``hall_results``: the hall's document results, when
        the caller has just replayed the hall)."""
        self.s.execute(delete(TStanding).where(TStanding.competition_id == comp.id))
        t = now()
        out: list[dict[str, Any]] = []
        docs = self._documents(comp, hall_results=hall_results)
        parts = ([(g, rows(load(d))) for g, d in docs.items() if g] if len(docs) > 1
                 else [("", rows(load(docs[None])))])
        for g, table in parts:
            for r in table:
                self.s.add(TStanding(competition_id=comp.id, group=g, rank=r["rank"], entrant=r["entrant"],
                                     points=r["points"], tiebreaks=r["tiebreaks"],
                                     needs_decision=r["needs_decision"], computed_at=t))
                out.append({**r, "group": g} if g else r)
        self.s.flush()
        return out

    def audit(self, comp: TCompetition) -> list[TAudit]:
        return list(self.s.scalars(select(TAudit).where(TAudit.competition_id == comp.id)
                                   .order_by(TAudit.id)))

    def _audit(self, comp: TCompetition, action: str, subject: str, who: str, before: Any, after: Any,
               reason: str = "", facts: Mapping[str, Any] | None = None) -> None:
        self.s.add(TAudit(competition_id=comp.id, action=action, subject=subject[:100], who=who, at=now(),
                          before=before, after=after, reason=reason, facts=dict(facts) if facts else None))


def _entrant_json(e: TEntrant) -> dict[str, Any]:
    out: dict[str, Any] = {"id": e.key, "name": e.name}
    if e.members:
        out["members"] = list(e.members)
    for k in ("division", "club", "seed"):
        if getattr(e, k) is not None:
            out[k] = getattr(e, k)
    out.update(paid=e.paid, checked_in=e.checked_in, withdrawn=e.withdrawn)
    if e.lost_sheets:
        out["lost_sheets"] = e.lost_sheets
    return out


def _result_doc(p: CompetitionFormat, fx: TFixture, data: Mapping[str, Any]) -> dict[str, Any]:
    stage = fx.stage if fx.stage != "open" else None
    if p.kind == "series":
        return {"a": fx.entrants[0], "b": fx.entrants[1], "round": fx.key, "stage": stage,
                "games": data.get("games", []), **({"in_progress": True} if data.get("in_progress") else {})}
    if p.kind == "duel":
        return {"a": fx.entrants[0], "b": fx.entrants[1], "round": fx.round, "stage": stage,
                **{k: data[k] for k in ("winner", "squares", "finish", "time_up") if k in data}}
    if p.kind == "table":
        return {"round": fx.round, "stage": stage, "scores": data.get("scores", {}),
                **({"places": data["places"]} if "places" in data else {})}
    return {"players": fx.entrants, **{k: data[k] for k in ("winner", "racks", "scores", "at") if k in data}}


__all__ = ["KNOCKOUT_STAGES", "EventStore", "round_name"]
