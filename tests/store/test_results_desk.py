"""Results as the tables produce them, on SQLite and PostgreSQL: a series game by game, fouls that decide a
game, time-up boards, strangers at a table, the Pictionary final, scores from what the referee sees, seatings
drawn elsewhere, the facts kept with entries — and every refusal storing nothing and leaving the audit log as
it was."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from tablesport.core import Result, SideResult
from tablesport.store.entry_facts import Facts
from tablesport.store.models import TGame, TPenalty, TResult
from tablesport.store.service import EventStore
from tablesport.tournament.digital import series_game
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.penalties import Penalty
from tablesport.tournament.rules import RULES

TEAMS = {"Tigers": ["Ann", "Bo", "Cy"], "Cranes": ["Jo", "Ka", "Li"], "Dragons": ["Di", "Ed", "Flo"],
         "Phoenix": ["Gu", "Hu", "Ivy"]}


@pytest.fixture
def store(engine: Engine) -> Iterator[EventStore]:
    with Session(engine) as s:
        yield EventStore(s)
        s.commit()


def day(store: EventStore, preset: str = "sgs-3v3-2014",
        teams: tuple[str, ...] = ("Tigers", "Cranes")) -> Any:
    ev = f"day {secrets.token_hex(3)}"
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": preset, "groups": 1,
                                                       "entrants": [{"id": t, "members": TEAMS[t], "seed": i}
                                                                    for i, t in enumerate(teams, 1)]}]},
                       "desk")
    comp = store.competition(ev, "sgs")
    store.draw(comp, "desk")
    return comp


def by(who: str = "ref Li", **kw: Any) -> Facts:
    return Facts(who, **kw)


def g(winner: str, t: str | None = None, c: str | None = None, **kw: Any) -> dict[str, Any]:
    cmd = {k: v for k, v in (("Tigers", t), ("Cranes", c)) if v}
    return {"winner": winner, "surviving": 1, **({"commanders": cmd} if cmd else {}), **kw}


class Unchanged:
    """Asserts that a refused entry stored nothing: no audit line, no game, result or penalty row."""

    def __init__(self, store: EventStore, comp: Any) -> None:
        self.store, self.comp = store, comp

    def counts(self) -> tuple[int, ...]:
        s = self.store.s
        return (len(self.store.audit(self.comp)), s.scalar(select(func.count()).select_from(TGame)) or 0,
                s.scalar(select(func.count()).select_from(TResult)) or 0,
                s.scalar(select(func.count()).select_from(TPenalty)) or 0)

    def __enter__(self) -> Unchanged:
        self.before = self.counts()
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self.counts() == self.before
        assert not self.store.s.new and not self.store.s.deleted


# ---- a best-of-3 game by game ------------------------------------------------------------------------------


def test_best_of_3_entered_game_by_game(store: EventStore) -> None:
    """001 §一1.1 / 003 §2.1.1: 3局2胜, the commander rotates; a partial series shows its score, no points."""
    comp = day(store)
    fx = store.fixtures(comp)[0]
    assert fx.entrants == ["Tigers", "Cranes"]
    one = store.series.enter_game(comp, fx.key, g("Tigers", "Ann", "Jo", lost_hp=2),
                                  by(at="10:52", referee="Li"))
    assert (one.number, one.score, one.decided) == (1, (1, 0), False)
    assert one.may_command == {"Tigers": ["Bo", "Cy"], "Cranes": ["Ka", "Li"]}
    rows = {r["entrant"]: r for r in one.standings}
    assert rows["Tigers"]["points"] == 0 and rows["Tigers"]["tiebreaks"]["series"][0]["score"] == "1:0"
    assert store.result_of(fx) is None
    with Unchanged(store, comp), pytest.raises(TournamentError) as exc:
        store.series.enter_game(comp, fx.key, g("Cranes", "Ann", "Ka"), by())
    assert exc.value.rule is RULES["commander_rotation"] and exc.value.allowed == ("Bo", "Cy")
    assert "Tigers" in exc.value.message and "'Ann'" in exc.value.message
    store.series.enter_game(comp, fx.key, g("Cranes", "Bo", "Ka"), by())
    last = store.series.enter_game(comp, fx.key, g("Cranes", "Cy", "Li", lost_hp=1), by())
    assert last.decided and last.winner == "Cranes" and last.score == (1, 2)
    rows = {r["entrant"]: r for r in last.standings}
    assert (rows["Cranes"]["points"], rows["Tigers"]["points"]) == (2, 1)  # 2:1 scores 2/1 (as 2012 §4.1)
    res = store.result_of(fx)
    assert res is not None and [x["winner"] for x in res.data["games"]] == ["Tigers", "Cranes", "Cranes"]
    with Unchanged(store, comp), pytest.raises(TournamentError, match="after the series was decided") as exc:
        store.series.enter_game(comp, fx.key, g("Tigers"), by())
    assert exc.value.rule is RULES["series_decided"]
    status = store.series.status(comp, fx.key)
    assert status.games[0]["facts"] == {"source": "typed", "at": "10:52", "referee": "Li"}
    assert status.games[0]["entered_by"] == "ref Li" and status.next_number is None


def test_a_whole_series_after_games_entered_one_by_one_is_refused(store: EventStore) -> None:
    comp = day(store)
    fx = store.fixtures(comp)[0]
    store.series.enter_game(comp, fx.key, g("Tigers"), by())
    with Unchanged(store, comp), pytest.raises(TournamentError, match="enter game 2 on its own"):
        store.enter_result(comp, fx.key, {"games": [g("Tigers"), g("Tigers")]}, "desk")


def test_a_digital_tables_games_arrive_one_by_one(store: EventStore) -> None:
    """A Sanguosha game played on a digital table: the referee's result becomes the series' next game."""
    comp = day(store, "sgs-3v3-2012")
    fx = store.fixtures(comp)[0]
    res = Result((1, 1, 1, 2, 2, 2), (1.0, 1.0, 1.0, 0.0, 0.0, 0.0), "commander_killed", {
        "warm": SideResult((0, 1, 2), 1, 1.0, {"surviving": 2, "lost_hp": 3, "commander": {"seat": 0}}),
        "cold": SideResult((3, 4, 5), 2, 0.0, {"surviving": 0, "lost_hp": 0, "commander": {"seat": 3}})})
    game = series_game(res, {"warm": "Tigers", "cold": "Cranes"}, {0: "Ann", 3: "Jo"})
    out = store.series.enter_game(comp, fx.key, game, by("table 7", source="referee"))
    assert out.game == {"winner": "Tigers", "how": "commander_death", "surviving": 2, "lost_hp": 3,
                        "commanders": {"Cranes": "Jo", "Tigers": "Ann"}}
    assert store.series.status(comp, fx.key).games[0]["facts"]["source"] == "referee"


def test_correcting_and_removing_games(store: EventStore) -> None:
    comp = day(store)
    fx = store.fixtures(comp)[0]
    store.series.enter_game(comp, fx.key, g("Tigers"), by())
    store.series.enter_game(comp, fx.key, g("Cranes"), by())
    store.series.enter_game(comp, fx.key, g("Tigers"), by())
    assert store.result_of(fx) is not None
    with Unchanged(store, comp), pytest.raises(TournamentError, match="game 3 was played after the series"):
        store.series.correct_game(comp, fx.key, 2, g("Tigers"), by("chief"), "sheet misread")
    with pytest.raises(TournamentError, match="needs a reason"):
        store.series.correct_game(comp, fx.key, 2, g("Tigers"), by("chief"), " ")
    fixed = store.series.correct_game(comp, fx.key, 3, g("Cranes", lost_hp=2), by("chief"), "sheet misread")
    assert fixed.winner == "Cranes" and fixed.score == (1, 2)
    with pytest.raises(TournamentError, match="only the last game"):
        store.series.remove_game(comp, fx.key, 2, by("chief"), "typo")
    st = store.series.remove_game(comp, fx.key, 3, by("chief"), "game 3 was not played yet")
    assert st.score == (1, 1) and not st.decided and store.result_of(fx) is None
    assert [a.action for a in store.audit(comp)][-2:] == ["correct_game", "remove_game"]


# ---- fouls that decide a game ----------------------------------------------------------------------------


def test_the_third_technical_point_ends_the_game_as_a_stored_loss(store: EventStore) -> None:
    """001 §一1.2: 有犯规者扣除本队技术分1分，扣满3分，该队自动判负 — the third point ends game 2 at once: a
    game result with its end reason and the figures a lost game counts (the loser 0 generals), after which a
    result for that game is refused as already decided."""
    comp = day(store)
    fx = store.fixtures(comp)[0]
    store.series.enter_game(comp, fx.key, g("Tigers", "Ann", "Jo"), by())
    key = f"{fx.key}/2"
    for i, at in enumerate(("11:02", "11:09")):
        out = store.series.penalty(comp, Penalty("technical", key, "Tigers", 1, f"talk {i}", "ref Li", ""),
                                   by(at=at))
        assert out.consequences == [] and out.decided is None
    third = store.series.penalty(comp, Penalty("technical", key, "Tigers", 1, "gesture", "ref Li", ""),
                                 by(at="11:15", note="seen by both referees"), {"surviving": 3, "lost_hp": 2})
    assert third.consequences[0] == "game lost by Tigers"
    assert third.decided is not None and third.decided.number == 2 and third.decided.score == (1, 1)
    assert third.decided.game == {"winner": "Cranes", "how": "technical", "surviving": 3, "lost_hp": 2,
                                  "technical": {"Tigers": 3}}
    status = store.series.status(comp, fx.key)
    assert status.games[1]["facts"]["decided_by"] == "technical_limit"
    assert "the third technical point against Tigers" in status.games[1]["facts"]["decided_by_text"]
    with Unchanged(store, comp), pytest.raises(TournamentError, match="game 2 is already decided") as exc:
        store.series.enter_game(comp, fx.key, g("Tigers", "Bo", "Ka"), by(), number=2)
    assert exc.value.rule is RULES["technical_limit"]
    with Unchanged(store, comp), pytest.raises(TournamentError, match="lost this game by the recorded fouls"):
        store.series.correct_game(comp, fx.key, 2, g("Tigers"), by("chief"), "the referee says Tigers won")
    rows = {r["entrant"]: r for r in store.standings(comp)}
    assert rows["Tigers"]["tiebreaks"]["series"][0]["score"] == "1:1" and rows["Tigers"]["points"] == 0
    pens = store.series.penalties(comp, key)
    assert [p["facts"].get("at") for p in pens] == ["11:02", "11:09", "11:15"]
    assert pens[2]["facts"]["note"] == "seen by both referees"
    # withdrawing the deciding foul takes its game with it
    assert (store.series.withdraw_penalty(comp, pens[2]["id"], by("chief"), "it was the other team")[1]
            .endswith("removed (the foul had decided it)"))
    assert store.series.status(comp, fx.key).score == (1, 0)


def test_a_foul_for_a_stored_game_that_would_reverse_it_is_refused(store: EventStore) -> None:
    comp = day(store, "sgs-3v3-2012")
    fx = store.fixtures(comp)[0]
    store.series.enter_game(comp, fx.key, g("Tigers"), by())
    key = f"{fx.key}/1"
    store.series.penalty(comp, Penalty("technical", key, "Tigers", 1, "talk", "ref", ""), by())
    store.series.penalty(comp, Penalty("technical", key, "Tigers", 1, "talk", "ref", ""), by())
    assert store.series.status(comp, fx.key).games[0]["game"]["technical"] == {"Tigers": 2}
    with Unchanged(store, comp), pytest.raises(TournamentError, match="stored as won by Tigers"):
        store.series.penalty(comp, Penalty("technical", key, "Tigers", 1, "talk", "ref", ""), by())
    with Unchanged(store, comp), pytest.raises(TournamentError, match="does not play"):
        store.series.penalty(comp, Penalty("technical", key, "Dragons", 1, "talk", "ref", ""), by())
    with Unchanged(store, comp), pytest.raises(TournamentError, match="has not started"):
        store.series.penalty(comp, Penalty("technical", f"{fx.key}/3", "Tigers", 1, "talk", "ref", ""), by())
    with Unchanged(store, comp), pytest.raises(TournamentError, match="FIXTURE/N"):
        store.series.penalty(comp, Penalty("technical", "g1", "Tigers", 1, "talk", "ref", ""), by())
    with Unchanged(store, comp), pytest.raises(TournamentError, match="differ from the fouls recorded"):
        store.series.correct_game(comp, fx.key, 1, g("Tigers", technical={"Tigers": 1}), by(), "typo")


def test_a_disqualified_commander_loses_the_game(store: EventStore) -> None:
    """001 §二3 3)B: 累计扣到5分及以上，则直接剥夺其游戏资格; reference D13: the commander's team loses."""
    comp = day(store)
    fx = store.fixtures(comp)[0]
    key = f"{fx.key}/1"
    store.series.penalty(comp, Penalty("player", key, "Cranes", 3, "talk that amounts to cheating", "ref", "",
                                       "Ka", True), by())
    out = store.series.penalty(comp, Penalty("player", key, "Cranes", 3, "again", "ref", "", "Ka", True),
                               by())
    assert out.consequences[0] == "Ka disqualified"
    assert out.decided is not None and out.decided.game["winner"] == "Tigers"
    assert out.decided.game["how"] == "disqualified"
    with Unchanged(store, comp), pytest.raises(TournamentError, match="not a member of Cranes"):
        store.series.penalty(comp, Penalty("player", f"{fx.key}/2", "Cranes", 1, "stalling", "ref", "",
                                           "Ann"), by())


# ---- time-up at a physical table -------------------------------------------------------------------------


def test_time_up_proposes_overtime_then_a_result(store: EventStore) -> None:
    """001 §一4 2): surviving generals, lost HP, technical points; level → 5 minutes of overtime, repeated."""
    comp = day(store)
    fx = store.fixtures(comp)[0]
    store.series.penalty(comp, Penalty("technical", f"{fx.key}/1", "Cranes", 1, "talk", "ref", ""), by())
    level = {"Tigers": {"surviving": 2, "lost_hp": 3, "technical_points": 1},
             "Cranes": {"surviving": 2, "lost_hp": 3}}
    with Unchanged(store, comp), pytest.raises(TournamentError, match="differ from the fouls recorded"):
        store.series.propose_time_up(comp, fx.key, level)
    boards = {"Tigers": {"surviving": 2, "lost_hp": 3}, "Cranes": {"surviving": 2, "lost_hp": 3}}
    prop = store.series.propose_time_up(comp, fx.key, boards)
    assert prop.decision.winner == "a" and prop.decision.decided_by == "technical_points"  # Cranes' 1 point
    boards["Tigers"] = {"surviving": 2, "lost_hp": 3}
    boards["Cranes"] = {"surviving": 2, "lost_hp": 3, "technical_points": 1}
    prop = store.series.propose_time_up(comp, fx.key, boards, overtimes=1)
    assert prop.game == {"winner": "Tigers", "how": "time", "surviving": {"Tigers": 2, "Cranes": 2},
                         "lost_hp": {"Tigers": 3, "Cranes": 3}, "technical": {"Cranes": 1}}
    out = store.series.enter_time_up(comp, fx.key, boards, by(at="11:31"), overtimes=1,
                                     commanders={"Tigers": "Ann", "Cranes": "Jo"})
    assert out.number == 1 and out.game["how"] == "time"
    facts = store.series.status(comp, fx.key).games[0]["facts"]
    assert facts["time_up"]["overtimes"] == 1 and facts["time_up"]["decided_by"] == "technical_points"
    even = {"Tigers": {"surviving": 1, "lost_hp": 1}, "Cranes": {"surviving": 1, "lost_hp": 1}}
    with Unchanged(store, comp), pytest.raises(TournamentError, match="overtime 1 of 5 minutes"):
        store.series.enter_time_up(comp, fx.key, even, by())
    with Unchanged(store, comp), pytest.raises(TournamentError, match="give the board of both sides"):
        store.series.propose_time_up(comp, fx.key, {"Tigers": {"surviving": 1}})


def test_1v1_time_up_goes_to_compare_points(store: EventStore) -> None:
    """001 1v1 §一3: 备用武将数, then 已损失体力值, then 比点."""
    ev = f"1v1 {secrets.token_hex(3)}"
    store.create_event({"event": ev, "competitions": [{"key": "duel", "preset": "sgs-1v1-2014", "groups": 1,
                                                       "entrants": ["Wei", "Shu"]}]}, "desk")
    comp = store.competition(ev, "duel")
    store.draw(comp, "desk")
    fx = store.fixtures(comp)[0]
    boards = {"Wei": {"generals_left": 2, "lost_hp": 1}, "Shu": {"generals_left": 2, "lost_hp": 1}}
    prop = store.series.propose_time_up(comp, fx.key, boards)
    assert prop.game is None and prop.decision.next == "compare_points"
    out = store.series.enter_time_up(comp, fx.key, boards, by(), points_winner="Shu")
    assert out.game == {"winner": "Shu", "how": "time", "surviving": {"Shu": 2, "Wei": 2},
                        "lost_hp": {"Shu": 1, "Wei": 1}}


def test_the_losers_board_at_time_up_counts_in_the_tie_breaks_seed000_glossary17(store: EventStore) -> None:
    """000 glossary 17: a side's surviving generals are 0 only after a concession or its commander's death;
    at time-up both boards are facts (001 §一4 2) reads them the same). Tigers beat Cranes at time-up on
    lost HP (2 generals each, 3 lost HP against 5): Cranes' chain figures are 2 surviving, 5 lost HP, not 0.
    The proposal carries the game's commanders (checked against the rotation)."""
    comp = day(store)
    fx = store.fixtures(comp)[0]
    boards = {"Tigers": {"surviving": 2, "lost_hp": 3}, "Cranes": {"surviving": 2, "lost_hp": 5}}
    led = {"Tigers": TEAMS["Tigers"][0], "Cranes": TEAMS["Cranes"][0]}
    prop = store.series.propose_time_up(comp, fx.key, boards, commanders=led)
    assert prop.game is not None and prop.game["commanders"] == led
    with Unchanged(store, comp), pytest.raises(TournamentError, match="member"):
        store.series.propose_time_up(comp, fx.key, boards, commanders={"Tigers": "Nobody"})
    store.series.enter_time_up(comp, fx.key, boards, by(), commanders=led)
    # a concession zeroes the loser (glossary 17): figures for it are refused, citing the rule
    with Unchanged(store, comp), pytest.raises(TournamentError, match="glossary 17") as err:
        store.series.enter_game(comp, fx.key, {"winner": "Tigers", "how": "concede",
                                               "surviving": {"Tigers": 3, "Cranes": 1}}, by(), 2)
    assert err.value.rule is not None and err.value.rule.id == "loser_surviving_zero"
    store.series.enter_game(comp, fx.key, {"winner": "Tigers", "how": "concede", "surviving": 3,
                                           "commanders": {"Tigers": TEAMS["Tigers"][1],
                                                          "Cranes": TEAMS["Cranes"][1]}}, by(), 2)
    rows = {r["entrant"]: r["tiebreaks"] for r in store.standings(comp)}
    assert (rows["Cranes"]["surviving_generals"], rows["Cranes"]["lost_hp"]) == (2, 5)
    assert (rows["Tigers"]["surviving_generals"], rows["Tigers"]["lost_hp"]) == (5, 3)


def test_2012_counts_a_losers_surviving_generals_as_0_even_at_time_up_seed003() -> None:
    """003 §4.1 2): 一场比赛的负方剩余武将数恒定为0 — the 2012 proposal carries the winner's figures only,
    and a sheet giving the loser's is refused."""
    from tablesport.tournament.standings import standings
    from tablesport.tournament.timeup import adjudicate

    d = adjudicate("sgs-3v3-2012", {"surviving": 2, "lost_hp": 3}, {"surviving": 1, "lost_hp": 0})
    assert d.game() == {"winner": "a", "how": "time", "surviving": {"a": 2}, "lost_hp": {"a": 3}}
    teams = [{"id": t, "members": TEAMS[t]} for t in ("Tigers", "Cranes")]
    g = {"winner": "Tigers", "how": "time", "surviving": {"Tigers": 2, "Cranes": 1}}
    with pytest.raises(TournamentError, match="count 0"):
        standings({"preset": "sgs-3v3-2012", "entrants": teams,
                   "results": [{"a": "Tigers", "b": "Cranes", "games": [g, {"winner": "Tigers"}]}]})


# ---- 4-player tables ---------------------------------------------------------------------------------------


def league(store: EventStore, preset: str, n: int = 8) -> Any:
    ev = f"league {secrets.token_hex(3)}"
    store.create_event({"event": ev, "competitions": [{"key": "g", "preset": preset, "seed": 1,
                                                       "entrants": [f"p{i}" for i in range(1, n + 1)]}]},
                       "desk")
    return store.competition(ev, "g")


def test_a_table_result_naming_a_stranger_or_leaving_a_player_out_is_refused(store: EventStore) -> None:
    """000 Ticket to Ride Competition 1: 4 players per game — name the stranger, the missing player, the
    table."""
    comp = league(store, "ttr-event")
    fx = store.next_round(comp, "desk")[0]
    seated = fx.entrants
    stranger = next(p for p in (f"p{i}" for i in range(1, 9)) if p not in seated)
    scores = {**{p: 100 - i for i, p in enumerate(seated[:3])}, stranger: 50}
    with Unchanged(store, comp), pytest.raises(TournamentError) as exc:
        store.enter_result(comp, fx.key, {"scores": scores}, "desk")
    msg = exc.value.message
    assert f"{stranger} is not seated at {fx.key} (table 1)" in msg
    assert f"{seated[3]} is seated there but missing from the result" in msg
    assert exc.value.rule is RULES["table_seats"] and list(exc.value.allowed) == seated


def test_a_blokus_game_scored_from_the_pieces_left(store: EventStore) -> None:
    """000 Blokus Calculating points: −1 per square not placed; +15 for all 21 pieces, +20 with the single
    square placed last — scored by the Blokus engine from what the referee sees."""
    comp = league(store, "blokus-event")
    fx = store.next_round(comp, "desk")[0]
    a, b, c, d = fx.entrants
    seen = {a: [], b: {"unplaced": [], "monomino_last": True}, c: ["I5", "l4", "1"], d: "all"}
    rows = store.enter_result(comp, fx.key, {"seen": seen}, "desk")
    res = store.result_of(fx)
    assert res is not None and res.data["scores"] == {a: 15, b: 20, c: -10, d: 15}
    assert res.data["seen"][c] == {"unplaced": ["I5", "L4", "1"]}
    assert {r["entrant"]: r["points"] for r in rows}[b] == 20
    fx2 = store.fixtures(comp)[1]
    for bad, message in [({**{p: [] for p in fx2.entrants}, fx2.entrants[0]: ["Q7"]},
                          "'Q7' is not a Blokus piece"),
                         ({p: ["I5", "I5"] for p in fx2.entrants}, "I5 listed twice"),
                         ({p: {"unplaced": ["1"], "monomino_last": True} for p in fx2.entrants},
                          "single square"),
                         ({p: [] for p in fx2.entrants[:3]}, "missing from the pieces seen")]:
        with Unchanged(store, comp), pytest.raises(TournamentError, match=message):
            store.enter_result(comp, fx2.key, {"seen": bad}, "desk")


def test_monopoly_deal_values_from_what_the_referee_sees(store: EventStore) -> None:
    """000 Monopoly Deal THE WINNER: each player counts up the value of their Bank and Properties; the highest
    gets 10, then 7, 5, 3 (the value by the engine's table_value)."""
    comp = league(store, "monopoly-deal-event")
    fx = store.next_round(comp, "desk")[0]
    a, b, c, d = fx.entrants
    seen = {a: {"bank": ["10M", "sly-deal"], "properties": ["dark_blue", "dark-blue-2", "house"]},
            b: {"bank": "5M 1M", "properties": ["wild-any", "red"]},
            c: {"bank": [], "properties": []},
            d: {"bank": ["money-2"]}}
    rows = store.enter_result(comp, fx.key, {"seen": seen}, "desk")
    res = store.result_of(fx)
    assert res is not None and res.data["scores"] == {a: 24, b: 9, c: 0, d: 2}
    assert res.data["seen"][b] == {"bank": ["money-5", "money-1"], "properties": ["wild-any", "red"]}
    points = {r["entrant"]: r["points"] for r in rows if r["entrant"] in fx.entrants}
    assert points == {a: 10, b: 7, c: 3, d: 5}
    fx2 = store.fixtures(comp)[1]
    p = fx2.entrants
    for bad, message in [({**{x: {} for x in p}, p[0]: {"bank": ["deal-breaker"]}}, "not in play"),
                         ({**{x: {} for x in p}, p[0]: {"bank": ["red"]}}, "never banked"),
                         ({**{x: {} for x in p}, p[0]: {"bank": ["10M", "10M"]}}, "than the deck holds"),
                         ({**{x: {} for x in p}, p[0]: {"properties": ["7M"]}}, "not a Monopoly Deal card"),
                         ({x: {} for x in p[:3]}, "missing from the tables seen")]:
        with Unchanged(store, comp), pytest.raises(TournamentError, match=message):
            store.enter_result(comp, fx2.key, {"seen": bad}, "desk")


def test_a_seating_drawn_elsewhere_is_entered_for_a_round(store: EventStore) -> None:
    comp = league(store, "ttr-event")
    paper = [["p8", "p1", "p5", "p3"], ["p2", "p7", "p4", "p6"]]
    with Unchanged(store, comp), pytest.raises(TournamentError, match="leaves out p6"):
        store.next_round(comp, "desk", seating=[paper[0], paper[1][:3]])
    with Unchanged(store, comp), pytest.raises(TournamentError, match="p9, not registered"):
        store.next_round(comp, "desk", seating=[paper[0], [*paper[1][:3], "p9"]])
    made = store.next_round(comp, "desk", seating=paper)
    assert [f.entrants for f in made] == paper and [f.key for f in made] == ["R1-T1", "R1-T2"]
    assert store.audit(comp)[-1].reason == "seated elsewhere"
    for f in made:
        store.enter_result(comp, f.key, {"scores": {p: 10 * i for i, p in enumerate(f.entrants)}}, "desk")
    assert [f.round for f in store.next_round(comp, "desk")] == [2, 2]  # then the manager draws again


def test_groups_drawn_elsewhere(store: EventStore) -> None:
    ev = f"paper draw {secrets.token_hex(3)}"
    store.create_event({"event": ev, "competitions": [{"key": "sgs", "preset": "sgs-3v3-2011", "entrants": [
        {"id": t, "members": m} for t, m in TEAMS.items()]}]}, "desk")
    comp = store.competition(ev, "sgs")
    with pytest.raises(TournamentError, match="leaves out Phoenix"):
        store.draw(comp, "desk", given={"A": ["Tigers", "Cranes"], "B": ["Dragons"]})
    out = store.draw(comp, "desk", given={"A": ["Tigers", "Phoenix"], "B": ["Dragons", "Cranes"]})
    assert out == {"A": ["Tigers", "Phoenix"], "B": ["Dragons", "Cranes"]}
    assert {tuple(f.entrants) for f in store.fixtures(comp)} == {("Tigers", "Phoenix"), ("Dragons", "Cranes")}


# ---- Pictionary --------------------------------------------------------------------------------------------


def test_the_pictionary_final_refuses_a_time_up_result(store: EventStore) -> None:
    """000 Pictionary §5: in the final the team has to reach Finish; §4: the preliminaries keep time-up."""
    ev = f"pictionary {secrets.token_hex(3)}"
    ents = [{"id": f"P{i}", "members": [f"P{i}.{k}" for k in "abc"]} for i in range(4)]
    store.create_event({"event": ev, "competitions": [{"key": "pic", "preset": "pictionary-event", "seed": 2,
                                                       "entrants": ents}]}, "desk")
    comp = store.competition(ev, "pic")
    for _ in range(3):
        for f in store.next_round(comp, "desk"):
            a, b = f.entrants
            store.enter_result(comp, f.key, {"squares": {a: 30, b: 20}, "time_up": True}, "desk")
    final = store.next_round(comp, "desk")[0]
    a, b = final.entrants
    with Unchanged(store, comp), pytest.raises(TournamentError, match="won only by reaching Finish") as exc:
        store.enter_result(comp, final.key, {"squares": {a: 44, b: 40}, "time_up": True}, "desk")
    assert exc.value.rule is RULES["pictionary_final"]
    assert store.placings(comp) == {"": {}}
    store.enter_result(comp, final.key, {"winner": b, "finish": True}, "desk")
    assert store.placings(comp) == {"": {1: b, 2: a}}


# ---- facts and decisions -----------------------------------------------------------------------------------


def test_decisions_and_entries_keep_their_facts(store: EventStore) -> None:
    """003 §4.2 C: 由組委會決定 — the note on the decision (drawn by lot) shows in the standings."""
    comp = league(store, "monopoly-deal-event", 4)
    fx = store.next_round(comp, "desk")[0]
    p1, p2, p3, p4 = fx.entrants
    store.enter_result(comp, fx.key, {"scores": {p1: 20, p2: 20, p3: 18, p4: 9}},
                       Facts("desk Wu", at="10:40", referee="Ms Chan", note="typed from the table sheet"))
    res = store.result_of(fx)
    assert res is not None and res.facts == {"source": "typed", "at": "10:40", "referee": "Ms Chan",
                                             "note": "typed from the table sheet"}
    rows = store.decide(comp, [p2, p1], Facts("chief", note="drawn by lot"))
    assert rows[0]["entrant"] == p2 and rows[0]["tiebreaks"]["decision_note"] == "drawn by lot"
    assert store.audit(comp)[-1].facts == {"source": "typed", "note": "drawn by lot"}
    with pytest.raises(TournamentError, match="a time is HH:MM"):
        Facts("x", at="half past ten").checked()
    assert Facts("x", at="2026-01-20T10:40:12").checked().at == "2026-01-20T10:40"


def test_a_2011_group_round_game_by_game_is_two_games(store: EventStore) -> None:
    """000 §一4: 每轮胜队得3分…平手则各1分。2场比赛之后算总分 — 1:1 after two games is a draw,
    1 point each; a third game does not exist."""
    comp = day(store, "sgs-3v3-2011")
    fx = store.fixtures(comp)[0]
    store.series.enter_game(comp, fx.key, g("Tigers", "Ann", "Jo"), by())
    out = store.series.enter_game(comp, fx.key, g("Cranes", "Bo", "Ka"), by())
    assert out.decided and out.winner is None and out.score == (1, 1)
    assert {r["entrant"]: r["points"] for r in out.standings} == {"Tigers": 1, "Cranes": 1}
    with Unchanged(store, comp), pytest.raises(TournamentError, match="has played its 2 games") as exc:
        store.series.enter_game(comp, fx.key, g("Tigers", "Cy", "Li"), by())
    assert exc.value.rule is RULES["group_round_games"]
    # 2011 states no technical limit: a fourth point is recorded, and decides nothing
    for i in range(4):
        assert store.series.penalty(comp, Penalty("technical", f"{fx.key}/2", "Cranes", 1, f"talk {i}", "ref",
                                                  ""), by()).decided is None
    assert store.series.status(comp, fx.key).games[1]["game"]["technical"] == {"Cranes": 4}
