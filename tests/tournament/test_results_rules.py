"""The pure rules behind results from tables: a series checked game by game, the time-up ladders, seatings,
the Pictionary final, fouls that decide a game, the hall's desk, and the figures standings rows show."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.formats import get_format
from tablesport.tournament.penalties import Penalty, PenaltyLedger, PenaltyRules, parse_game_key
from tablesport.tournament.rules import RULES
from tablesport.tournament.rummikub import OpenPlay, PlayerCard, minutes
from tablesport.tournament.seating import check_round, check_table_players
from tablesport.tournament.series import SeriesFormat, SeriesGame, SeriesProgress, game_from
from tablesport.tournament.standings import standings
from tablesport.tournament.timeup import LADDERS, adjudicate, first_difference

TIGERS, CRANES = ["Ann", "Bo", "Cy"], ["Jo", "Ka", "Li"]
BO3 = SeriesFormat("best_of", 3)


def series(*games: dict[str, Any], fmt: SeriesFormat = BO3) -> SeriesProgress:
    prog = SeriesProgress(fmt, "Tigers", "Cranes", {"a": TIGERS, "b": CRANES}, (), "A-R1-1")
    for g in games:
        prog = prog.add(game_from(g, "Tigers", "Cranes", "x"))
    return prog


def cmd(winner: str, t: str, c: str) -> dict[str, Any]:
    return {"winner": winner, "surviving": 1, "commanders": {"Tigers": t, "Cranes": c}}


# ---- a series game by game -------------------------------------------------------------------------------


def test_a_repeated_commander_is_refused_naming_the_rule_team_player_and_who_may_command() -> None:
    """000 §一1.1 / 003 §2.1.1: 主帅选手应当进行轮换 — Ann led game 1, so Tigers choose Bo or Cy for
    game 2."""
    prog = series(cmd("Tigers", "Ann", "Jo"))
    with pytest.raises(TournamentError) as exc:
        prog.add(game_from(cmd("Cranes", "Ann", "Ka"), "Tigers", "Cranes", "x"))
    e = exc.value
    assert e.rule is RULES["commander_rotation"] and "003 §2.1.1" in str(e)
    assert "Tigers" in e.message and "'Ann' already led game 1" in e.message
    assert e.allowed == ("Bo", "Cy") and e.field == "commanders.Tigers"
    assert e.to_json()["clause"] == RULES["commander_rotation"].clause
    assert prog.may_command("a") == ["Bo", "Cy"] and prog.may_command("b") == ["Ka", "Li"]


def test_rotation_forbids_a_repeat_but_fixes_no_order() -> None:
    """000 §一1.1: any order of the three members is a rotation; after all three have led, anyone again."""
    for order in (["Cy", "Ann", "Bo"], ["Bo", "Cy", "Ann"]):
        fixed = SeriesFormat("fixed", 5)
        prog = SeriesProgress(fixed, "Tigers", "Cranes", {"a": TIGERS, "b": CRANES})
        for c in [*order, order[1]]:
            prog = prog.add(SeriesGame("a", commanders={"a": c}))
        assert prog.may_command("a") == [m for m in TIGERS if m != order[1]]


def test_no_game_after_a_team_has_two_wins_and_the_group_round_has_two_games() -> None:
    """000 §一1.1 / 003 §2.1.1: 任一方先获胜2局即获得该轮比赛的胜利; 000 §一4: a 2011 group round is
    2 games."""
    prog = series(cmd("Tigers", "Ann", "Jo"), cmd("Tigers", "Bo", "Ka"))
    assert prog.decided and prog.winner == "Tigers" and prog.score == (2, 0)
    with pytest.raises(TournamentError, match="after the series was decided: Tigers won 2:0") as exc:
        prog.add(game_from(cmd("Cranes", "Cy", "Li"), "Tigers", "Cranes", "x"))
    assert exc.value.rule is RULES["series_decided"]
    group = series(cmd("Tigers", "Ann", "Jo"), cmd("Cranes", "Bo", "Ka"), fmt=SeriesFormat("fixed", 2))
    assert group.decided and group.winner is None and group.score == (1, 1)
    with pytest.raises(TournamentError, match="has played its 2 games") as exc:
        group.add(game_from(cmd("Cranes", "Cy", "Li"), "Tigers", "Cranes", "x"))
    assert exc.value.rule is RULES["group_round_games"]


def test_a_game_number_out_of_order_is_refused() -> None:
    prog = series(cmd("Tigers", "Ann", "Jo"))
    with pytest.raises(TournamentError, match="game 1 already has a result") as exc:
        prog.check(game_from(cmd("Cranes", "Bo", "Ka"), "Tigers", "Cranes", "x"), 1)
    assert exc.value.allowed == ("game 2",)
    with pytest.raises(TournamentError, match="game 3 cannot be entered before game 2"):
        prog.check(game_from(cmd("Cranes", "Bo", "Ka"), "Tigers", "Cranes", "x"), 3)


def test_a_partial_series_shows_its_score_and_gives_no_points() -> None:
    """003 §4.1 1): match points are counted for a finished round (2:0 or 2:1); 1:0 so far scores nothing."""
    ents = [{"id": "Tigers", "members": TIGERS}, {"id": "Cranes", "members": CRANES}]
    rows = {r["entrant"]: r for r in standings({"preset": "sgs-3v3-2014", "entrants": ents, "results": [
        {"a": "Tigers", "b": "Cranes", "in_progress": True, "games": [cmd("Tigers", "Ann", "Jo")]}]})}
    assert rows["Tigers"]["points"] == 0 and rows["Tigers"]["tiebreaks"]["played"] == 0
    assert rows["Tigers"]["tiebreaks"]["series"] == [{"opponent": "Cranes", "round": None, "score": "1:0",
                                                       "points": None, "decided": False}]
    with pytest.raises(TournamentError, match="marked in progress but decided"):
        standings({"preset": "sgs-3v3-2014", "entrants": ents, "results": [
            {"a": "Tigers", "b": "Cranes", "in_progress": True,
             "games": [cmd("Tigers", "Ann", "Jo"), cmd("Tigers", "Bo", "Ka")]}]})


# ---- fouls -------------------------------------------------------------------------------------------------


def test_the_third_technical_point_loses_the_game_and_a_disqualified_commander_too() -> None:
    """001 §一1.2 / 003 §2.1.2: 扣满3分，该队自动判负; 001 §二3 3)B + D13: a disqualified commander loses."""
    led = PenaltyLedger(get_format("sgs-3v3-2014").penalties)  # type: ignore[arg-type]
    for i in range(2):
        led.record(Penalty("technical", "A-R1-1/2", "Tigers", 1, f"talk {i}", "ref", ""))
        assert led.losers("A-R1-1/2") == []
    led.record(Penalty("technical", "A-R1-1/2", "Tigers", 1, "gesture", "ref", ""))
    assert led.losers("A-R1-1/2") == [("Tigers", "technical_limit")]
    led.record(Penalty("player", "A-R1-1/3", "Cranes", 3, "cheating talk", "ref", "", "Ka", commander=True))
    led.record(Penalty("player", "A-R1-1/3", "Cranes", 3, "again", "ref", "", "Ka", commander=True))
    assert (led.disqualified("A-R1-1/3") == ["Ka"]
            and led.losers("A-R1-1/3") == [("Cranes", "disqualification")])
    led.record(Penalty("player", "A-R1-1/4", "Cranes", 3, "talk", "ref", "", "Jo"))
    led.record(Penalty("player", "A-R1-1/4", "Cranes", 3, "talk", "ref", "", "Jo"))
    assert led.losers("A-R1-1/4") == []  # a disqualified vanguard does not end the game


def test_2011_states_no_technical_limit() -> None:
    """000 §一1.2 forbids talk but sets no limit; the deducted points are a time-up figure (000 §一4)."""
    led = PenaltyLedger(get_format("sgs-3v3-2011").penalties)  # type: ignore[arg-type]
    for i in range(4):
        led.record(Penalty("technical", "A-R1-1/1", "Tigers", 1, f"talk {i}", "ref", ""))
    assert led.losers("A-R1-1/1") == [] and led.technical("Tigers", "A-R1-1/1") == 4
    assert PenaltyLedger(PenaltyRules()).rules.technical_limit == 3


def test_game_keys() -> None:
    assert parse_game_key("A-R1-1/2") == ("A-R1-1", 2)
    for bad in ("g1", "A-R1-1/0", "/2", "A-R1-1/x"):
        with pytest.raises(TournamentError, match="FIXTURE/N"):
            parse_game_key(bad)


# ---- time-up ladders ---------------------------------------------------------------------------------------


def board(s: int, hp: int = 0, tech: int = 0) -> dict[str, int]:
    return {"surviving": s, "lost_hp": hp, "technical_points": tech}


def test_2011_and_2014_ladder_surviving_then_lost_hp_then_technical_then_overtime() -> None:
    """000 §一4 / 001 §一4 2): more surviving generals, less lost HP, fewer technical points, else 5 minutes
    of overtime, repeated until decided."""
    for ladder in ("sgs-3v3-2011", "sgs-3v3-2014"):
        assert adjudicate(ladder, board(3, 5), board(2, 0)).winner == "a"
        d = adjudicate(ladder, board(2, 4), board(2, 3))
        assert (d.winner, d.decided_by) == ("b", "lost_hp")
        d = adjudicate(ladder, board(2, 3, 1), board(2, 3, 0), names={"a": "Tigers", "b": "Cranes"})
        assert (d.winner, d.decided_by) == ("b", "technical_points")
        # 000 glossary 17: at time-up both boards are facts, the loser's too
        assert d.game() == {"winner": "Cranes", "how": "time", "surviving": {"Tigers": 2, "Cranes": 2},
                            "lost_hp": {"Tigers": 3, "Cranes": 3}, "technical": {"Tigers": 1}}
        level = adjudicate(ladder, board(2, 3, 1), board(2, 3, 1), overtimes=1)
        assert (not level.decided and level.next == "overtime"
                and "overtime 2 of 5 minutes" in level.describe())
        assert LADDERS[ladder].rule.id == f"time_up_{ladder[4:].replace('-', '_')}"


def test_2012_ladder_has_no_technical_step() -> None:
    """003 §2.4.2: surviving generals, then lost HP, then overtime (repeated, reference D14)."""
    d = adjudicate("sgs-3v3-2012", board(2, 3, 0), board(2, 3, 2))
    assert not d.decided and d.next == "overtime"


def test_1v1_ladder_generals_left_then_lost_hp_then_compare_points() -> None:
    """001 1v1 §一3: 备用武将数多者胜; then less lost HP on the field; then 比点."""
    assert adjudicate("sgs-1v1-2014", {"generals_left": 3, "lost_hp": 3}, {"generals_left": 2}).winner == "a"
    assert adjudicate("sgs-1v1-2014", {"generals_left": 2, "lost_hp": 3},
                      {"generals_left": 2, "lost_hp": 1}).decided_by == "lost_hp"
    level = adjudicate("sgs-1v1-2014", {"generals_left": 2, "lost_hp": 1}, {"generals_left": 2, "lost_hp": 1})
    assert level.next == "compare_points" and not level.decided
    d = adjudicate("sgs-1v1-2014", {"generals_left": 2, "lost_hp": 1}, {"generals_left": 2, "lost_hp": 1},
                   points_winner="b")
    assert (d.winner, d.decided_by) == ("b", "compare_points") and d.game()["surviving"] == {"a": 2, "b": 2}
    with pytest.raises(TournamentError, match="no overtime"):
        adjudicate("sgs-1v1-2014", {"generals_left": 2}, {"generals_left": 2}, overtimes=1)


@pytest.mark.parametrize("a, message", [
    ({"surviving": 0}, "from 1 to 3"),                    # both commanders are alive at time-up
    ({"surviving": 1, "lost_hp": 6}, "from 0 to 5"),      # one survivor: a commander of at most 5 HP
    ({"surviving": 2, "technical_points": 3}, "from 0 to 2"),  # 3 would have ended the game (2014)
    ({"surviving": 2, "generals": 2}, "unknown figure"),
    ({"lost_hp": 1}, "give the surviving generals"),
    ("2 survive", "is a mapping"),
])
def test_a_bad_board_is_refused(a: Any, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        adjudicate("sgs-3v3-2014", a, board(2))


def test_first_difference_is_the_ladder_on_any_figures() -> None:
    steps = LADDERS["sgs-3v3-2011"].steps
    assert first_difference(steps, board(2, 1, 0), board(2, 1, 1)) == (0, "technical_points")
    assert first_difference(steps, board(2, 1, 1), board(2, 1, 1)) is None


# ---- seatings ----------------------------------------------------------------------------------------------


def test_a_table_result_names_strangers_and_missing_players_and_the_table() -> None:
    """000 (4 players per game): a result for a table names exactly the players seated there."""
    with pytest.raises(TournamentError) as exc:
        check_table_players("R1-T2 (table 2)", ["p1", "p2", "p3", "p4"], ["p1", "p2", "p3", "p9"])
    assert exc.value.message == ("R1-T2 (table 2): p9 is not seated at R1-T2 (table 2); "
                                 "p4 is seated there but missing from the result (seated: p1, p2, p3, p4)")
    assert exc.value.rule is RULES["table_seats"]
    check_table_players("t", ["a", "b"], ["b", "a"])


def test_a_round_seated_elsewhere_is_checked() -> None:
    players = [f"p{i}" for i in range(1, 9)]
    assert check_round([players[:4], players[4:]], players, 4) == [players[:4], players[4:]]
    for tables, message in [
        ([players[:4], players[4:7] + ["zz"]], "zz, not registered"),
        ([players[:4], players[4:7] + ["p1"]], "p1 at two places"),
        ([players[:4], players[4:7]], "leaves out p8"),
        ([players[:2], players[2:]], "table 1 has 2, table 2 has 6"),
        ([players[:4], players[4:7] + ["p0"]], "p0, not playing"),
    ]:
        with pytest.raises(TournamentError, match=message):
            check_round(tables, players, 4, registered=[*players, "p0"])
    nine = [f"p{i}" for i in range(1, 10)]
    check_round([nine[:3], nine[3:6], nine[6:]], nine, 4)  # 9 players: 3 tables of 3
    fifteen = [f"p{i}" for i in range(1, 16)]
    with pytest.raises(TournamentError, match="as many tables of 4"):  # 15: 4 + 4 + 4 + 3, not five 3s
        check_round([fifteen[i:i + 3] for i in range(0, 15, 3)], fifteen, 4)
    teams = ["T1", "T2", "T3"]
    assert check_round([["T1", "T3"]], teams, 2, exact=True) == [["T1", "T3"]]  # T2 rests
    with pytest.raises(TournamentError, match="leaves out"):
        check_round([["T1", "T3"]], [*teams, "T4"], 2, exact=True)


# ---- the Pictionary final ----------------------------------------------------------------------------------


def test_the_pictionary_final_is_won_only_by_reaching_finish() -> None:
    """000 Pictionary §5: in the finals the team has to reach Finish; §4: time-up squares decide the
    preliminaries."""
    teams = [{"id": t, "members": [f"{t}{i}" for i in range(3)]} for t in ("T1", "T2")]
    doc = {"preset": "pictionary-event", "entrants": teams}
    rows = standings({**doc, "results": [{"round": 1, "a": "T1", "b": "T2", "squares": {"T1": 30, "T2": 24},
                                          "time_up": True}]})
    assert rows[0]["entrant"] == "T1" and rows[0]["points"] == 5
    for final in ({"squares": {"T1": 30, "T2": 24}}, {"winner": "T1"}, {"winner": "T1", "finish": False},
                  {"winner": "T1", "time_up": True, "squares": {"T1": 3, "T2": 1}}):
        with pytest.raises(TournamentError, match="won only by reaching Finish") as exc:
            standings({**doc, "results": [{"stage": "final", "a": "T1", "b": "T2", **final}]})
        assert exc.value.rule is RULES["pictionary_final"]
    standings({**doc, "results": [{"stage": "final", "a": "T1", "b": "T2", "winner": "T2", "finish": True,
                                   "squares": {"T1": 40, "T2": 38}}]})


# ---- the hall's desk ---------------------------------------------------------------------------------------


def hall(n: int = 4, tables: int = 1, cutoff: str = "12:00") -> OpenPlay:
    cards = {f"x{i}": PlayerCard(f"x{i}", "junior") for i in range(n)}
    return OpenPlay(cards, tables, cutoff=minutes(cutoff), auto_hand_in=False)


def test_a_full_sheet_goes_to_the_desk_and_is_handed_in_for_a_new_one_seed002() -> None:
    """002 賽制 1/5: after 3 games the sheet is full: the player leaves the table for the desk, hands it
    in and (before 12:00) takes a new sheet and queues; from 12:00 no sheet is given and the day is over."""
    h = hall()
    for p in h.sheets.cards:
        h.arrive(p, minutes("09:30"))
    for i, at in enumerate(("09:40", "09:50", "10:00")):
        h.fill()
        leaving = h.record_game(1, {"x0": 9.0, "x1": -3.0, "x2": -3.0, "x3": -3.0}, minutes(at), f"G{i + 1}")
        if i < 2:  # no sheet full: the two with the most minus points (level: the later seats) queue again
            assert len(leaving) == 2 and "x0" not in leaving and list(h.queue) == leaving
    assert h.desk == ["x0", "x1", "x2", "x3"] and h.where("x0") == "desk"
    with pytest.raises(TournamentError, match="at the desk with a full sheet: hand it in first"):
        h.arrive("x0", minutes("10:05"))
    assert h.hand_in("x0", minutes("10:05")) and h.where("x0") == "queue"
    with pytest.raises(TournamentError, match="not at the desk"):
        h.hand_in("x0", minutes("10:06"))
    assert not h.hand_in("x1", minutes("12:00")) and h.where("x1") == "done"
    assert h.sheets.cards["x0"].sheets[0].games == ["G1", "G2", "G3"]
    assert [len(h.sheets.cards[p].sheets) for p in ("x0", "x1")] == [2, 1]


def test_a_lost_sheet_never_counts_and_costs_10_percent_seed002() -> None:
    """002 賽制 1: 每遺失一張「記分紙」… 正分將扣減10%; a lost sheet cannot be handed in, so it does not
    count."""
    h = hall(5)
    for p in h.sheets.cards:
        h.arrive(p, minutes("09:30"))
    h.fill()
    assert h.record_game(1, {"x0": 90.0, "x1": -20.0, "x2": -30.0, "x3": -40.0},
                         minutes("09:40")) == ["x3", "x2"]
    h.fill()
    assert h.where("x2") == "queue" and h.where("x3") == "table 1"
    # lost while playing (issue 36, item 14): the player stays at the table and the game goes on a new sheet
    assert h.lose_sheet("x0", minutes("09:41")) and h.where("x0") == "table 1"
    x0 = h.sheets.cards["x0"]
    assert x0.lost_total == 1 and len(x0.sheets) == 2 and x0.result() == (0, 0.0)
    assert h.lose_sheet("x2", minutes("09:41")) and h.where("x2") == "queue"
    card = h.sheets.cards["x2"]
    assert card.lost_total == 1 and len(card.sheets) == 2 and card.result() == (0, 0.0)
    from tablesport.tournament.rummikub import Sheet

    kept = PlayerCard("y", sheets=[Sheet([50.0, -1.0, -1.0]), Sheet([80.0, 20.0], lost=True)])
    assert kept.best() is kept.sheets[0] and kept.result() == (1, 45.0)
    late = hall(5, cutoff="09:35")
    for p in late.sheets.cards:
        late.arrive(p, minutes("09:30"))
    assert not late.lose_sheet("x4", minutes("09:40")) and late.where("x4") == "done"
    late.fill()
    with pytest.raises(TournamentError, match="when the player leaves the table"):  # no new sheet after 09:35
        late.lose_sheet("x0", minutes("09:41"))


def test_the_longest_waiting_table_fills_first() -> None:
    """002 賽制 4/5: players who queue again do not jump ahead of a table already waiting for players."""
    h = hall(6, tables=2)
    for p in h.sheets.cards:
        h.arrive(p, minutes("09:30"))
    assert h.fill() == [1] and h.tables[1].seated == ["x4", "x5"] and not h.tables[1].playing
    h.record_game(1, {"x0": 9.0, "x1": -1.0, "x2": -3.0, "x3": -5.0}, minutes("09:50"))
    assert h.fill() == [2]
    assert h.tables[1].seated == ["x4", "x5", "x3", "x2"] and h.tables[0].seated == ["x0", "x1"]


# ---- standings figures -------------------------------------------------------------------------------------


def test_rows_show_every_figure_the_chain_used() -> None:
    """003 §4.2 A: two level on points, the head-to-head decides — the row says so, with the figures."""
    ents = [{"id": t, "members": [f"{t}{i}" for i in range(3)]} for t in "ABC"]
    res = [{"a": "A", "b": "B", "games": [{"winner": "B", "surviving": 1}, {"winner": "B", "surviving": 1}]},
           {"a": "A", "b": "C", "games": [{"winner": "A", "surviving": 3}, {"winner": "A", "surviving": 3}]}]
    rows = {r["entrant"]: r for r in standings({"preset": "sgs-3v3-2012", "entrants": ents, "results": res})}
    b = rows["B"]["tiebreaks"]
    assert b["decided_by"] == "head_to_head" and b["head_to_head"] == {"opponent": "A", "points": 3,
                                                                       "opponent_points": 0}
    assert (b["won"], b["drawn"], b["lost"], b["games_won"], b["games_lost"]) == (1, 0, 0, 2, 0)
    assert "decided_at" not in rows["C"]["tiebreaks"] and b["decided_at"] == "points"
    assert [s["score"] for s in rows["A"]["tiebreaks"]["series"]] == ["0:2", "2:0"]
    ttr = {r["entrant"]: r
           for r in standings({"preset": "ttr-event", "entrants": ["p1", "p2", "p3", "p4"],
                               "results": [{"round": 1,
                                            "scores": {"p1": 90, "p2": 80, "p3": 70, "p4": 60}}]})}
    assert ttr["p2"]["tiebreaks"]["places"] == [2] and ttr["p2"]["tiebreaks"]["best_game"] == 80


def test_a_decision_note_is_shown_with_the_places_it_decided() -> None:
    """003 §4.2 C: 由組委會決定 — the organiser's note (e.g. drawn by lot) stays with the rows it placed."""
    rows = standings({"preset": "monopoly-deal-event", "entrants": ["p1", "p2", "p3", "p4"],
                      "results": [{"scores": {"p1": 20, "p2": 20, "p3": 18, "p4": 9}}],
                      "decisions": [{"order": ["p2", "p1"], "note": "drawn by lot"}]})
    assert rows[0]["entrant"] == "p2" and rows[0]["tiebreaks"]["decision_note"] == "drawn by lot"


def test_rummikub_sheets_given_and_lost_in_the_document_seed002() -> None:
    """002 賽制 1: sheets opened and lost at the desk are part of the document; a lost sheet does not
    count."""
    ents = [{"id": p, "division": "junior"} for p in ("a", "b", "c", "d")]
    game = {"players": ["a", "b", "c", "d"], "winner": "a", "racks": {"b": 10, "c": 10, "d": 10},
            "at": "09:40"}
    res: list[dict[str, Any]] = [{"new_sheet": p, "at": "09:30"} for p in "abcd"]
    res += [game, {"lost_sheet": "a", "at": "09:45"}, {"new_sheet": "a", "at": "09:45"}]
    rows = {r["entrant"]: r for r in standings({"preset": "rummikub-2018", "entrants": ents, "results": res})}
    assert rows["a"]["points"] == 0 and rows["a"]["tiebreaks"]["lost_sheets"] == 1
    assert rows["a"]["tiebreaks"]["sheets"] == 2
    late = [*res, {"new_sheet": "b", "at": "12:00"}]
    with pytest.raises(TournamentError, match="holds") as exc:
        standings({"preset": "rummikub-2018", "entrants": ents, "results": late})
    assert exc.value.rule is RULES["rummikub_sheet"]
