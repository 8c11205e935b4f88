"""The tournament store on SQLite and PostgreSQL: migrations, a whole Sanguosha day (groups → knock-out),
audited entries and corrections, refusals, organiser decisions, leagues, penalties, Rummikub open play."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from sqlalchemy import Engine, inspect, select, text
from sqlalchemy.orm import Session

from tablesport.store.migrate import upgrade
from tablesport.store.models import TGame, TResult
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.penalties import Penalty


@pytest.fixture
def store(engine: Engine) -> Iterator[EventStore]:
    with Session(engine) as s:
        yield EventStore(s)
        s.commit()


def uniq(name: str) -> str:
    return f"{name} {secrets.token_hex(3)}"


def teams(n: int) -> list[dict[str, Any]]:
    return [{"id": f"T{i:02d}", "members": [f"T{i:02d}.{k}" for k in "abc"], "seed": i}
            for i in range(1, n + 1)]


def two_nil(winner: str) -> dict[str, Any]:
    return {"games": [{"winner": winner, "surviving": 2, "lost_hp": 1}, {"winner": winner, "surviving": 1}]}


def test_migrations_create_the_tournament_branch(engine: Engine) -> None:
    names = set(inspect(engine).get_table_names())
    assert {"tournament_events", "tournament_results", "tournament_audit", "tournament_standings",
            "tournament_games", "tournament_hall"} <= names
    with engine.connect() as c:
        assert "t0002" in {r[0] for r in c.execute(text("select version_num from alembic_version"))}
    upgrade(engine)  # idempotent


def test_sanguosha_2011_day_groups_to_knockout(store: EventStore) -> None:
    """Seed 000: 16 teams, 4 groups (snake), single round robin, top 2 crossed A1–B2 / B1–A2, 3rd-place
    match and final."""
    ev = uniq("Game day 2011")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2011",
                                                       "entrants": teams(16)}]},
                       "organiser")
    comp = store.competition(ev, "sgs")
    groups = store.draw(comp, "organiser")
    assert groups["A"] == ["T01", "T08", "T09", "T16"]
    fixtures = store.fixtures(comp, "group")
    assert len(fixtures) == 24
    for fx in fixtures:  # the better seed wins 2:0
        a, b = fx.entrants
        store.enter_result(comp, fx.key, two_nil(min(a, b)), "desk")
    table_a = store.standings(comp, "A")
    assert [r["entrant"] for r in table_a] == ["T01", "T08", "T09", "T16"] and table_a[0]["points"] == 9
    snap = [r for r in store.snapshot(comp) if r.group == "A"]
    assert [r.entrant for r in snap] == ["T01", "T08", "T09", "T16"]
    qf = store.next_round(comp, "organiser")
    from tablesport.store import public

    stages = [f["stage"] for f in public.fixtures(store, comp)]
    assert stages == ["group"] * 24 + ["knockout"] * 4  # the desk lists the group rounds before the QFs
    assert [f.entrants for f in qf] == [["T01", "T07"], ["T03", "T05"], ["T02", "T08"], ["T04", "T06"]]
    for fx in qf:
        store.enter_result(comp, fx.key, two_nil(fx.entrants[0]), "desk")
    sf = store.next_round(comp, "organiser")
    assert [f.entrants for f in sf] == [["T01", "T03"], ["T02", "T04"]]
    with pytest.raises(TournamentError, match="not decided"):
        store.enter_result(comp, sf[0].key, {"games": [{"winner": "T01"}]}, "desk")
    for fx in sf:
        store.enter_result(comp, fx.key, {"games": [{"winner": fx.entrants[0]}, {"winner": fx.entrants[1]},
                                                    {"winner": fx.entrants[1]}]}, "desk")
    last = store.next_round(comp, "organiser")
    assert {f.key for f in last} == {"R3-1", "3rd"}
    for fx in last:
        store.enter_result(comp, fx.key, two_nil(fx.entrants[0]), "desk")
    assert store.bracket(comp).placings() == {1: "T03", 2: "T04", 3: "T01", 4: "T02"}
    assert store.placings(comp) == {"": {1: "T03", 2: "T04", 3: "T01", 4: "T02"}}
    # the printed standings: places from the bracket, the groups below (T01 had the best group record but
    # came 3rd; quarter-finalists share 5–8; no "needs a decision" between teams of different groups)
    final = store.final_places(comp)
    assert [(r["place"], r["entrant"]) for r in final[:4]] == [("1", "T03"), ("2", "T04"), ("3", "T01"),
                                                               ("4", "T02")]
    assert {r["entrant"] for r in final[4:8]} == {"T05", "T06", "T07", "T08"}
    assert {r["place"] for r in final[4:8]} == {"5–8"} and {r["place"] for r in final[8:12]} == {"9–12"}
    page = public.printout(store, ev, comp, "standings")
    assert page.index(">T03<") < page.index(">T04<") < page.index(">T01<") < page.index(">T05<")
    assert "needs a decision" not in page
    with pytest.raises(TournamentError, match="finished"):
        store.next_round(comp, "organiser")


def test_entries_and_corrections_are_audited_and_recompute_standings(store: EventStore) -> None:
    ev = uniq("2012 cup")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2012", "groups": 1,
                                                       "entrants": teams(4)}]}, "ann")
    comp = store.competition(ev, "sgs")
    store.draw(comp, "ann")
    fx = store.fixtures(comp)[0]
    a, b = fx.entrants
    rows = store.enter_result(comp, fx.key, {"games": [{"winner": a}, {"winner": b}, {"winner": a}]}, "bob")
    assert {r["entrant"]: r["points"] for r in rows}[a] == 2
    with pytest.raises(TournamentError, match="duplicate result.*entered by bob.*same result"):
        store.enter_result(comp, fx.key, {"games": [{"winner": a}, {"winner": b}, {"winner": a}]}, "cy")
    with pytest.raises(TournamentError, match="duplicate result.*different result.*correct"):
        store.enter_result(comp, fx.key, two_nil(b), "cy")
    with pytest.raises(TournamentError, match="needs a reason"):
        store.correct_result(comp, fx.key, two_nil(b), "cy", "")
    rows = store.correct_result(comp, fx.key, two_nil(b), "cy", "score sheet misread: B won both games")
    assert ({r["entrant"]: r["points"] for r in rows}[b] == 3
            and {r["entrant"]: r["points"] for r in rows}[a] == 0)
    assert {r.entrant: r.points for r in store.snapshot(comp)}[b] == 3
    log = [(x.action, x.who) for x in store.audit(comp) if x.subject == fx.key]
    assert log == [("result", "bob"), ("correct", "cy")]
    corr = [x for x in store.audit(comp) if x.action == "correct"][0]
    assert corr.before["games"][0]["winner"] == a and corr.after["games"][0]["winner"] == b
    assert corr.reason.startswith("score sheet misread") and corr.at is not None
    res = store.s.scalar(select(TResult).where(TResult.fixture_id == fx.id))
    assert res is not None and res.version == 2 and res.entered_by == "bob" and res.updated_by == "cy"


def test_contradictory_results_are_refused_and_change_nothing(store: EventStore) -> None:
    ev = uniq("refusals")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2012", "groups": 1,
                                                       "entrants": teams(4)}]}, "ann")
    comp = store.competition(ev, "sgs")
    store.draw(comp, "ann")
    fx = store.fixtures(comp)[0]
    a, b = fx.entrants
    n = len(store.audit(comp))
    bad = [
        ({"games": [{"winner": a, "surviving": {a: 2, b: 1}}, {"winner": a}]}, "glossary 17"),
        ({"games": [{"winner": a, "technical": {a: 3}}, {"winner": a}]}, "technical points"),
        ({"games": [{"winner": a, "commanders": {a: f"{a}.a"}}, {"winner": a, "commanders": {a: f"{a}.a"}}]},
         "already led"),
        ({"games": [{"winner": "nobody"}, {"winner": a}]}, "winner must be"),
    ]
    for data, message in bad:
        with pytest.raises(TournamentError, match=message):
            store.enter_result(comp, fx.key, data, "bob")
    assert len(store.audit(comp)) == n and store.result_of(fx) is None
    with pytest.raises(TournamentError, match="say who"):
        store.enter_result(comp, fx.key, two_nil(a), " ")
    with pytest.raises(TournamentError, match="no fixture"):
        store.enter_result(comp, "Z-R9-9", two_nil(a), "bob")


def test_needs_decision_then_the_organisers_decision_is_kept(store: EventStore) -> None:
    """003 §4.2 C: when A/B/C cannot separate teams the committee decides; the ruling is stored and
    applied."""
    ev = uniq("decision")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2012", "groups": 1,
                                                       "entrants": teams(3)}]}, "ann")
    comp = store.competition(ev, "sgs")
    store.draw(comp, "ann")
    cycle = {frozenset(("T01", "T02")): "T01", frozenset(("T02", "T03")): "T02",
             frozenset(("T01", "T03")): "T03"}
    for fx in store.fixtures(comp):
        store.enter_result(comp, fx.key, two_nil(cycle[frozenset(fx.entrants)]), "bob")
    rows = store.standings(comp)
    assert all(r["needs_decision"] for r in rows)
    rows = store.decide(comp, ["T02", "T03", "T01"], "chief referee", "drawn by lot")
    assert [(r["entrant"], r["rank"], r["needs_decision"]) for r in rows] == [("T02", 1, False),
                                                                               ("T03", 2, False),
                                                                               ("T01", 3, False)]
    assert [r.entrant for r in store.snapshot(comp)] == ["T02", "T03", "T01"]
    with pytest.raises(TournamentError, match="unknown"):
        store.decide(comp, ["T02", "T99"], "chief referee")


def test_blokus_league_rounds_without_repeats_then_final_of_top_4(store: EventStore) -> None:
    """000 Blokus: 16 players, 4 rounds at tables of 4, top 4 to the final."""
    ev = uniq("blokus")
    store.create_event({"event": ev, "competitions": [{"key": "blokus", "preset": "blokus-event", "seed": 5,
                                                       "entrants": [f"p{i:02d}" for i in range(16)]}]}, "ann")
    comp = store.competition(ev, "blokus")
    met: set[frozenset[str]] = set()
    for _ in range(4):
        tables = store.next_round(comp, "ann")
        assert len(tables) == 4
        with pytest.raises(TournamentError, match="missing from the result"):
            store.enter_result(comp, tables[0].key, {"scores": {tables[0].entrants[0]: 3}}, "desk")
        for fx in tables:
            pairs = {frozenset(p) for p in combinations(fx.entrants, 2)}
            assert not pairs & met
            met |= pairs
            store.enter_result(comp, fx.key, {"scores": {p: -(int(p[1:]) + 1) for p in fx.entrants}}, "desk")
    final = store.next_round(comp, "ann")
    assert len(final) == 1 and final[0].stage == "final"
    top = [r["entrant"] for r in store.standings(comp)[:4]]
    assert final[0].entrants == top
    assert store.placings(comp) == {"": {}}
    store.enter_result(comp, final[0].key, {"scores": {top[0]: -3, top[1]: 20, top[2]: -3, top[3]: -10}},
                       "desk")
    assert store.placings(comp) == {"": {1: top[1], 2: top[0], 3: top[2], 4: top[3]}}  # level: league order


def test_penalties_are_recorded_with_who_and_why(store: EventStore) -> None:
    """001 §一1.2: 3 technical points lose the game; §二3 3)B: 5 player penalty points disqualify."""
    ev = uniq("penalties")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2014", "groups": 1,
                                                       "entrants": teams(2)}]}, "ann")
    comp = store.competition(ev, "sgs")
    fx = store.draw(comp, "ann") and store.fixtures(comp)[0]
    a = fx.entrants[0]
    got = [store.series.penalty(comp, Penalty("technical", f"{fx.key}/1", a, 1, f"talk {i}", "ref Li",
                                              "")).consequences
           for i in range(3)]
    assert got[:2] == [[], []] and got[2][0] == f"game lost by {a}" and "stored" in got[2][1]
    b = fx.entrants[1]
    store.series.penalty(comp, Penalty("player", f"{fx.key}/2", b, 3, "cheating talk", "ref Li", "",
                                       f"{b}.a"))
    assert store.series.penalty(comp, Penalty("player", f"{fx.key}/2", b, 3, "again", "ref Li", "",
                                              f"{b}.a")).consequences == [f"{b}.a disqualified"]
    assert [x.action for x in store.audit(comp)].count("penalty") == 5


def test_rummikub_open_play_results(store: EventStore) -> None:
    """002: games entered as they finish at any table; standings per group with the best sheet."""
    ev = uniq("rummikub")
    ents = [{"id": f"j{i}", "division": "junior", "school": "S1"} for i in range(4)]
    ents += [{"id": f"s{i}", "division": "senior", "school": "S2"} for i in range(4)]
    store.create_event({"event": ev, "competitions": [{"key": "rk", "preset": "rummikub-2018",
                                                       "entrants": ents}]},
                       "ann")
    comp = store.competition(ev, "rk")
    rows = store.enter_result(comp, None, {"players": ["j0", "j1", "s0", "s1"], "winner": "j0",
                                           "racks": {"j1": 10, "s0": 10, "s1": 10}, "at": "09:40"}, "desk")
    assert {r["entrant"]: r["points"] for r in rows}["j0"] == 34
    assert store.school_scores(comp)[0] == ("S1", 1, 34.0, ["j0", "j1", "j2"])
    assert store.placings(comp)["junior"][1] == "j0"
    with pytest.raises(TournamentError, match="4 different players"):
        store.enter_result(comp, None, {"players": ["j0", "j0", "s0", "s1"], "winner": "j0", "racks": {}},
                           "desk")


def test_registration_rules(store: EventStore) -> None:
    ev = uniq("registration")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2011",
                                                       "entrants": teams(2)}]},
                       "ann")
    comp = store.competition(ev, "sgs")
    with pytest.raises(TournamentError, match="already registered"):
        store.register(comp, teams(1)[0], "ann")
    with pytest.raises(TournamentError, match="needs 3"):
        store.register(comp, {"id": "X", "members": ["x"]}, "ann")
    with pytest.raises(TournamentError, match="already play for"):
        store.register(comp, {"id": "X", "members": ["T01.a", "y", "z"]}, "ann")
    store.update_entrant(comp, "T02", "ann", withdrawn=True)
    with pytest.raises(TournamentError, match="withdrawn"):
        store.update_entrant(comp, "T02", "ann", checked_in=True)
    with pytest.raises(TournamentError, match="already exists"):
        store.create_event({"event": ev, "competitions": [{"key": "x", "preset": "ttr-event"}]}, "ann")


def test_check_in_decides_who_is_drawn_and_withdrawal_stops_fixtures(store: EventStore) -> None:
    ev = uniq("check-in")
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2012", "groups": 1,
                                                       "entrants": teams(4)}]}, "ann")
    comp = store.competition(ev, "sgs")
    for t in ("T01", "T02", "T03"):
        store.update_entrant(comp, t, "desk", checked_in=True)
    store.draw(comp, "ann")
    assert {k for f in store.fixtures(comp) for k in f.entrants} == {"T01", "T02", "T03"}
    first = next(f for f in store.fixtures(comp) if "T03" in f.entrants)
    store.enter_result(comp, first.key, two_nil(first.entrants[0]), "desk")
    store.update_entrant(comp, "T03", "ann", withdrawn=True)
    other = next(f for f in store.fixtures(comp) if "T03" in f.entrants and f.key != first.key)
    with pytest.raises(TournamentError, match="withdrew"):
        store.enter_result(comp, other.key, two_nil(other.entrants[0]), "desk")
    rows = store.standings(comp)
    assert "T03" not in {r["entrant"] for r in rows}
    winner = first.entrants[0] if first.entrants[0] != "T03" else None
    if winner:
        assert {r["entrant"]: r["points"] for r in rows}[winner] == 3  # games played before it withdrew count


def test_pictionary_three_rounds_then_final_of_top_two_seed000(store: EventStore) -> None:
    """000 Pictionary: 8 teams of 3, two teams a table, 3 preliminary rounds without repeat pairings,
    winner 5 / other 3, the top 2 play the final; prizes $100 / $60."""
    ev = uniq("pictionary")
    ents = [{"id": f"P{i}", "members": [f"P{i}.{k}" for k in "abc"]} for i in range(8)]
    store.create_event({"event": ev, "competitions": [{"key": "pic", "preset": "pictionary-event", "seed": 2,
                                                       "entrants": ents}]}, "ann")
    comp = store.competition(ev, "pic")
    pairs: set[frozenset[str]] = set()
    for _ in range(3):
        games = store.next_round(comp, "ann")
        assert len(games) == 4
        for fx in games:
            assert frozenset(fx.entrants) not in pairs
            pairs.add(frozenset(fx.entrants))
            a, b = fx.entrants
            store.enter_result(comp, fx.key, {"winner": min(a, b)}, "desk")
    table = store.standings(comp)
    assert table[0]["entrant"] == "P0" and table[0]["points"] == 15
    final = store.next_round(comp, "ann")
    assert len(final) == 1 and final[0].stage == "final"
    assert final[0].entrants == [r["entrant"] for r in table[:2]]
    store.enter_result(comp, final[0].key, {"winner": final[0].entrants[1], "finish": True}, "desk")
    assert store.placings(comp) == {"": {1: final[0].entrants[1], 2: final[0].entrants[0]}}
    with pytest.raises(TournamentError, match="finished"):
        store.next_round(comp, "ann")


def test_migration_t0002_gives_stored_series_their_games(tmp_path: Any) -> None:
    """A series result stored before the games table existed gets one game row per game."""
    from alembic import command

    from tablesport.store.db import make_engine
    from tablesport.store.migrate import alembic_config

    eng = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = alembic_config()
    with eng.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "t0001")
    with eng.begin() as c:
        c.execute(text("insert into tournament_events (id, name, created_at, created_by) values "
                       "(1, 'old', '2026-01-01 10:00:00', 'ann')"))
        c.execute(text("insert into tournament_competitions (id, event_id, key, preset, title, config, "
                       "stage) values (1, 1, 'sgs', 'sgs-3v3-2012', 't', '{}', 'groups')"))
        c.execute(text("insert into tournament_fixtures (id, competition_id, key, stage, round, entrants) "
                       "values (1, 1, 'A-R1-1', 'group', 1, '[\"T01\", \"T02\"]')"))
        c.execute(text("insert into tournament_results (fixture_id, data, version, source, entered_by, "
                       "entered_at, updated_by, updated_at) values (1, :d, 1, 'typed', 'bob', "
                       "'2026-01-01 10:00:00', 'bob', '2026-01-01 10:00:00')"),
                  {"d": '{"games": [{"winner": "T01"}, {"winner": "T02"}, '
                        '{"winner": "T01", "surviving": 2}]}'})
    upgrade(eng)
    with Session(eng) as s:
        games = s.scalars(select(TGame).order_by(TGame.number)).all()
        assert [(g.number, g.data["winner"], g.entered_by) for g in games] == [(1, "T01", "bob"),
                                                                              (2, "T02", "bob"),
                                                                              (3, "T01", "bob")]
    eng.dispose()
