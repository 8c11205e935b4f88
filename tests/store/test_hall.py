"""The Rummikub hall in a stored event (seed 002), on SQLite and PostgreSQL: check-in and the queue, a table
as soon as 4 are free, games per table, full sheets handed in at the desk, lost sheets, the cut-off, juniors
and seniors, school teams; refusals store nothing."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from tablesport.store.entry_facts import Facts
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rules import RULES

PLAYERS = [("j1", "junior", "S1"), ("j2", "junior", "S1"), ("j3", "junior", "S2"), ("j4", "junior", "S2"),
           ("s1", "senior", "S1"), ("s2", "senior", "S2")]


@pytest.fixture
def store(engine: Engine) -> Iterator[EventStore]:
    with Session(engine) as s:
        yield EventStore(s)
        s.commit()


def hall_day(store: EventStore, tables: int | None = 2, cutoff: str | None = None) -> Any:
    ev = f"hall {secrets.token_hex(3)}"
    comp: dict[str, Any] = {"key": "rk", "preset": "rummikub-2018",
                            "entrants": [{"id": p, "division": d, "school": s} for p, d, s in PLAYERS]}
    if tables:
        comp["tables"] = tables
    if cutoff:
        comp["cutoff"] = cutoff
    store.create_event({"event": ev, "competitions": [comp]}, "desk")
    return store.competition(ev, "rk")


def at(t: str, who: str = "desk") -> Facts:
    return Facts(who, at=t)


def audit_len(store: EventStore, comp: Any) -> int:
    return len(store.audit(comp))


def test_a_hall_morning(store: EventStore) -> None:
    """002 賽制 1–6 in one morning: queue, tables of 4, sheets of 3 games, the desk, a lost sheet, the
    cut-off."""
    comp = hall_day(store)
    h = store.hall
    for p in ("j1", "j2", "s1", "s2", "j3", "j4"):
        st = h.arrive(comp, p, at("09:30"))
    assert st.tables[0] == {"table": 1, "seated": ["j1", "j2", "s1", "s2"], "playing": True}
    assert st.tables[1] == {"table": 2, "seated": ["j3", "j4"], "playing": False}
    n = audit_len(store, comp)
    with pytest.raises(TournamentError, match="table 2 is not playing a game") as exc:
        h.game(comp, 2, {"winner": "j3", "racks": {"j4": 5}}, at("09:40", "ref"))
    assert exc.value.rule is RULES["rummikub_table"] and audit_len(store, comp) == n
    with pytest.raises(TournamentError, match=r"table 1: j3 is not seated at table 1; s2 is seated there but "
                                              r"missing from the racks") as exc:
        h.game(comp, 1, {"winner": "j1", "racks": {"j2": 10, "s1": 12, "j3": 4}}, at("09:50", "ref"))
    assert audit_len(store, comp) == n and store.fixtures(comp) == []
    # 002 賽制 3.2: a junior wins, seniors ×1.2; −100 exempt
    st = h.game(comp, 1, {"winner": "j1", "racks": {"j2": 10, "s1": 12, "s2": {"never_melded": 100}}},
                at("09:50", "ref"))
    assert st.text == "G1 at table 1: s2, s1 queue again (most minus points)"
    assert st.tables[1]["seated"] == ["j3", "j4", "s2", "s1"] and st.tables[1]["playing"]  # the waiting table
    assert {r["entrant"]: r["points"] for r in store.standings(comp)}["j1"] == 124.4
    # scored from the tiles left (002 計分方法: joker 30; −200 when the rack could have made the initial meld)
    st = h.game(comp, 2, {"winner": "j3", "seen": {"s1": "R3 K5 J", "j4": "B13",
                                                   "s2": {"tiles": "R10 R11 R12 O1", "melded": False}}},
                at("10:10", "ref"))
    g2 = store.result_of(store.fixtures(comp)[1])
    assert g2 is not None and g2.data["racks"] == {"s1": 38, "j4": 13, "s2": {"never_melded": 200}}
    assert {r["entrant"]: r["points"] for r in store.standings(comp)}["j3"] == 258.6  # 45.6 + 200 + 13
    # s2 and s1 (most minus) queue again and fill table 1 beside j1 and j2
    assert st.tables[0]["seated"] == ["j1", "j2", "s2", "s1"]
    st = h.game(comp, 1, {"winner": "j2", "racks": {"j1": 3, "s2": 4, "s1": 5}}, at("10:30", "ref"))
    assert st.desk == ["s2", "s1"] and "s2, s1 to the desk (sheet full)" in st.text  # their third game
    with pytest.raises(TournamentError, match="at the desk with a full sheet: hand it in first"):
        h.arrive(comp, "s1", at("10:31"))
    n = audit_len(store, comp)
    with pytest.raises(TournamentError, match=r"s2's sheet 1 game 3: the paper says -5, "
                                              r"the game entered \(G3\) gives -4.8") as exc:
        h.hand_in(comp, "s2", at("10:32"), [-100, -200, -5])
    assert exc.value.rule is RULES["rummikub_sheet"] and audit_len(store, comp) == n
    st = h.hand_in(comp, "s2", at("10:32"), [-100, -200, -4.8])
    assert "a new sheet, queues" in st.text and st.players["s2"]["sheets"] == 2
    with pytest.raises(TournamentError, match="not at the desk"):
        h.hand_in(comp, "j1", at("10:33"))
    # a lost sheet (002 賽制 1): it never counts and costs 10 %
    st = h.lost_sheet(comp, "s1", at("10:35"))
    assert st.players["s1"]["lost"] == 1 and st.players["s1"]["sheets"] == 2
    # s2 went to table 2, which had waited longest; s1 (a new sheet, from the desk) makes it 4
    assert st.tables[1] == {"table": 2, "seated": ["j3", "j4", "s2", "s1"], "playing": True}
    with pytest.raises(TournamentError, match="playing at table 2"):
        h.leave(comp, "s1", at("10:36"))
    # the hall is kept in order
    with pytest.raises(TournamentError, match="last entry is at 10:35"):
        h.leave(comp, "j3", at("10:20"))
    with pytest.raises(TournamentError, match="runs the hall"):
        store.enter_result(comp, None, {"players": ["j1", "j2", "s1", "s2"], "winner": "j1",
                                        "racks": {"j2": 1, "s1": 1, "s2": 1}}, "desk")
    rows = {r["entrant"]: r for r in store.standings(comp)}
    assert rows["s1"]["tiebreaks"]["lost_sheets"] == 1 and rows["s1"]["tiebreaks"]["sheets"] == 2
    assert rows["s1"]["tiebreaks"]["best_sheet"] == [] and rows["s1"]["points"] == 0
    assert rows["j1"]["tiebreaks"]["best_sheet"] == [124.4, -3.0] and rows["j1"]["tiebreaks"]["wins"] == 1
    # 002 賽制 6: a school's team is its best 3 players
    assert store.school_scores(comp) == [("S1", 2, 138.2, ["j1", "j2", "s1"]),
                                         ("S2", 1, 258.6, ["j3", "j4", "s2"])]
    # leaving keeps the sheet held: back in the hall, the same sheet
    h.leave(comp, "j1", at("10:40"))
    assert h.status(comp).players["j1"]["where"] == "away"
    st = h.arrive(comp, "j1", at("10:45"))
    assert st.players["j1"]["sheets"] == 1 and st.players["j1"]["games_on_sheet"] == 2
    assert st.tables[0]["seated"] == ["j2", "j1"]


def test_the_cut_off_and_corrections(store: EventStore) -> None:
    """002 賽制 1: 12:00 起將暫停換領新「記分紙」; a correction that would change who left a table after later
    games were played there is refused."""
    comp = hall_day(store, tables=1, cutoff="10:00")
    h = store.hall
    for p in ("j1", "j2", "j3", "j4", "s1"):
        h.arrive(comp, p, at("09:30"))
    st = h.game(comp, 1, {"winner": "j1", "racks": {"j2": 1, "j3": 5, "j4": 9}}, at("09:40"))
    assert st.tables[0]["seated"] == ["j1", "j2", "s1", "j4"] and st.queue == ["j3"]
    st = h.game(comp, 1, {"winner": "j1", "racks": {"j2": 1, "s1": 2, "j4": 3}}, at("09:50"))
    assert st.tables[0]["seated"] == ["j1", "j2", "j3", "j4"] and st.queue == ["s1"]
    g1 = store.fixtures(comp)[0]
    n = audit_len(store, comp)
    # j2 and j4 would have queued again after G1, so G2 (j1 j2 s1 j4) could not have been played
    with pytest.raises(TournamentError, match=r"with this change to G1, a later hall entry no longer fits: "
                                              r"G2 \(game at 09:50\): table 1: j4 is not seated at table 1; "
                                              r"j3 is seated there but missing from the game"):
        store.correct_result(comp, g1.key, {"winner": "j1", "racks": {"j2": 9, "j3": 1, "j4": 5}}, "chief",
                             "j2 had 9 left")
    assert audit_len(store, comp) == n
    store.correct_result(comp, g1.key, {"winner": "j1", "racks": {"j2": 2, "j3": 5, "j4": 9}}, "chief",
                         "j2 had 2")
    assert {r["entrant"]: r["points"] for r in store.standings(comp)}["j1"] == 22.4  # 16 + 1 + 2.4 + 3
    st = h.game(comp, 1, {"winner": "j3", "racks": {"j1": 1, "j2": 2, "j4": 3}}, at("10:05"))
    assert st.desk == ["j1", "j2", "j4"] and st.tables[0]["seated"] == ["j3", "s1"]
    st = h.hand_in(comp, "j1", at("10:06"))
    assert "no new sheet after the cut-off: done" in st.text and "j1" in st.done
    with pytest.raises(TournamentError, match="'j1' has no open score sheet and no new sheet is given "
                                              "from the cut-off \\(10:00\\)") as exc:
        h.arrive(comp, "j1", at("10:07"))
    assert exc.value.rule is RULES["rummikub_cutoff"]
    st = h.lost_sheet(comp, "j3", at("10:08"))  # no new sheet after the cut-off: the day is over
    assert "j3" in st.done and st.tables[0]["seated"] == ["s1"]


def test_the_hall_needs_its_tables(store: EventStore) -> None:
    comp = hall_day(store, tables=None)
    with pytest.raises(TournamentError, match="how many tables"):
        store.hall.arrive(comp, "j1", at("09:30"))
    st = store.hall.set_tables(comp, 3, at("09:00"))
    assert len(st.tables) == 3
    with pytest.raises(TournamentError, match="is not registered"):
        store.hall.arrive(comp, "x9", at("09:30"))


def test_the_seeds_division_names_register_and_a_typo_is_refused(store: EventStore) -> None:
    """seed 002 賽制 6 / 3.2: players registered as 初小組 / 高小組 (the seed's names) get the ×1.2 when a
    junior wins (racks 10 + 10 + 25: 10 + 12 + 30 = 52); an unknown division is refused at registration."""
    ev = f"hall {secrets.token_hex(3)}"
    ents = [{"id": "j1", "division": "初小組"}, {"id": "j2", "division": "初小组"},
            {"id": "s1", "division": "高小組"}, {"id": "s2", "division": "Senior"}]
    store.create_event({"event": ev, "competitions": [{"key": "rk", "preset": "rummikub-2018", "tables": 1,
                                                       "entrants": ents}]}, "desk")
    comp = store.competition(ev, "rk")
    assert [e.division for e in store.entrants(comp)] == ["junior", "junior", "senior", "senior"]
    with pytest.raises(TournamentError, match="not a division") as exc:
        store.register(comp, {"id": "x1", "division": "中學組"}, "desk")
    assert exc.value.rule is RULES["rummikub_divisions"] and exc.value.field == "division"
    assert len(store.entrants(comp)) == 4
    assert comp.stage == "registration"
    for p in ("j1", "j2", "s1", "s2"):
        store.hall.arrive(comp, p, at("09:30"))
    assert comp.stage == "open"  # the hall is being played, and a late player may still register
    store.register(comp, {"id": "j9", "division": "初小組"}, "desk")
    n = audit_len(store, comp)
    with pytest.raises(TournamentError, match="their rack is 0, not 12"):
        store.hall.game(comp, 1, {"winner": "j1", "racks": {"j1": 12, "j2": 10, "s1": 10, "s2": 25}},
                        at("09:50", "ref"))
    with pytest.raises(TournamentError, match="made the initial meld"):
        store.hall.game(comp, 1, {"winner": "j1", "seen": {"j1": {"tiles": [], "melded": False}, "j2": "R10",
                                                           "s1": "B10", "s2": "K12 K13"}}, at("09:50", "ref"))
    assert audit_len(store, comp) == n
    store.hall.game(comp, 1, {"winner": "j1", "racks": {"j2": 10, "s1": 10, "s2": 25}}, at("09:50", "ref"))
    assert {r["entrant"]: r["points"] for r in store.standings(comp)}["j1"] == 52.0
