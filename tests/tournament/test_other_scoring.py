"""Placement leagues (Ticket to Ride, Monopoly Deal, Blokus), Pictionary, penalties, fees and prizes
(seeds 000, 001)."""

from __future__ import annotations

import pytest

from tablesport.tournament.entrants import Entrant, Fee, check_in, fees_summary, withdraw
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.formats import FORMATS, get_format
from tablesport.tournament.penalties import Penalty, PenaltyLedger
from tablesport.tournament.prizes import award
from tablesport.tournament.standings import standings

P8 = [f"p{i}" for i in range(1, 9)]


def by_id(rows: list[dict]) -> dict[str, dict]:
    return {r["entrant"]: r for r in rows}


def test_ttr_placement_points_10_7_5_3_seed000() -> None:
    """000 Ticket to Ride Competition 2: highest 10, 2nd 7, 3rd 5, 4th 3."""
    rows = by_id(standings({"preset": "ttr-event", "entrants": P8[:4],
                            "results": [{"round": 1, "scores": {"p1": 120, "p2": 98, "p3": 80, "p4": 77}}]}))
    assert [rows[p]["points"] for p in P8[:4]] == [10, 7, 5, 3]


def test_ttr_equal_marks_go_to_the_higher_single_game_seed000() -> None:
    """000 Ticket to Ride Competition 4: for the same marks, the one with higher points in individual
    games."""
    res = [{"round": 1, "scores": {"p1": 150, "p2": 90, "p3": 80, "p4": 70}},
           {"round": 2, "scores": {"p1": 60, "p2": 100, "p3": 95, "p4": 99}}]
    rows = by_id(standings({"preset": "ttr-event", "entrants": P8[:4], "results": res}))
    # p1 10+3 = 13, p2 7+10 = 17, p3 5+5 = 10... p4 3+7 = 10: p3 best 95 vs p4 best 99
    assert rows["p2"]["rank"] == 1 and rows["p1"]["rank"] == 2
    assert rows["p4"]["rank"] == 3 and rows["p3"]["rank"] == 4
    assert rows["p4"]["tiebreaks"]["best_game"] == 99


def test_monopoly_deal_ranks_by_property_value_seed000() -> None:
    """000 Monopoly Deal THE WINNER: the highest property value gets 10, then 7, 5, 3 (not who finished)."""
    rows = by_id(standings({"preset": "monopoly-deal-event", "entrants": P8[:4],
                            "results": [{"round": 1, "scores": {"p1": 21, "p2": 34, "p3": 18, "p4": 9}}]}))
    assert [rows[p]["points"] for p in P8[:4]] == [7, 10, 5, 3]


def test_equal_game_scores_share_the_better_place() -> None:
    rows = by_id(standings({"preset": "monopoly-deal-event", "entrants": P8[:4],
                            "results": [{"scores": {"p1": 20, "p2": 20, "p3": 18, "p4": 9}}]}))
    assert [rows[p]["points"] for p in P8[:4]] == [10, 10, 5, 3]
    assert rows["p1"]["rank"] == rows["p2"]["rank"] == 1
    # all four go to the final of 4 (seed 000 Monopoly Deal): the tie decides nothing
    assert not rows["p1"]["needs_decision"] and not rows["p2"]["needs_decision"]


PICTIONARY_TEAMS = [{"id": t, "members": [f"{t}{i}" for i in range(3)]} for t in ("T1", "T2", "T3", "T4")]


def test_pictionary_tie_needs_a_decision_only_across_the_cut_to_the_final_seed000() -> None:
    """000 Pictionary §5 Match rules: "The 2 teams with the highest points will proceed to the finals." Teams
    level 1st and 2nd both go on, teams level 3rd and 4th both stay out: nothing to decide; teams level 2nd
    and 3rd straddle the cut: the organiser must decide which one plays the final."""
    def table(games: list[tuple[int, str, str]]) -> dict[str, dict]:
        res = [{"round": r, "a": a, "b": b, "winner": a} for r, a, b in games]
        return by_id(standings({"preset": "pictionary-event", "entrants": PICTIONARY_TEAMS, "results": res}))

    inside = table([(1, "T1", "T3"), (1, "T2", "T4"), (2, "T1", "T4"), (2, "T2", "T3")])
    assert [inside[t]["points"] for t in ("T1", "T2", "T3", "T4")] == [10, 10, 6, 6]
    assert inside["T1"]["rank"] == inside["T2"]["rank"] == 1
    assert inside["T3"]["rank"] == inside["T4"]["rank"] == 3
    assert not any(r["needs_decision"] for r in inside.values())

    across = table([(1, "T1", "T2"), (1, "T3", "T4"), (2, "T1", "T4"), (2, "T2", "T3")])
    assert [across[t]["points"] for t in ("T1", "T2", "T3", "T4")] == [10, 8, 8, 6]
    assert [across[t]["needs_decision"] for t in ("T1", "T2", "T3", "T4")] == [False, True, True, False]
    assert across["T2"]["tiebreaks"]["tied_with"] == ["T3"]


def test_table_leagues_flag_only_a_tie_across_the_top_4_seed000() -> None:
    """000 Ticket to Ride 4, Monopoly Deal and Blokus: the 4 with the highest points go to the final. The
    same rule as Pictionary's (one cut, one helper): level 3rd and 4th decide nothing, level 4th and 5th
    do."""
    assert {f: get_format(f).qualifying_cut for f in ("ttr-event", "monopoly-deal-event", "blokus-event",
                                                       "pictionary-event", "sgs-3v3-2011", "rummikub-2018")} \
        == {"ttr-event": 4, "monopoly-deal-event": 4, "blokus-event": 4, "pictionary-event": 2,
            "sgs-3v3-2011": None, "rummikub-2018": None}  # series groups seed the bracket: every place counts

    def table(*games: dict[str, int]) -> dict[str, dict]:
        res = [{"round": r, "scores": g} for r, g in enumerate(games, 1)]
        return by_id(standings({"preset": "monopoly-deal-event", "entrants": P8[:5], "results": res}))

    inside = table({"p1": 20, "p2": 20, "p3": 10, "p4": 5}, {"p3": 30, "p4": 20, "p5": 10, "p1": 5})
    assert {e: (r["points"], r["rank"]) for e, r in inside.items()} == {
        "p1": (13, 2), "p2": (10, 3), "p3": (15, 1), "p4": (10, 3), "p5": (5, 5)}
    assert not any(r["needs_decision"] for r in inside.values())
    across = table({"p1": 30, "p2": 20, "p3": 10, "p4": 5}, {"p1": 30, "p2": 20, "p3": 10, "p5": 5})
    assert {e: (r["points"], r["rank"], r["needs_decision"]) for e, r in across.items()} == {
        "p1": (20, 1, False), "p2": (14, 2, False), "p3": (10, 3, False),
        "p4": (3, 4, True), "p5": (3, 4, True)}


def test_blokus_league_by_game_score_seed000() -> None:
    """000 Blokus: −1 per unplaced square, +15/+20 bonus; the league sums game scores."""
    res = [{"round": 1, "scores": {"p1": 20, "p2": -5, "p3": -12, "p4": 15}},
           {"round": 2, "scores": {"p1": -30, "p2": 15, "p3": -2, "p4": -1}}]
    rows = by_id(standings({"preset": "blokus-event", "entrants": P8[:4], "results": res}))
    assert [rows[p]["points"] for p in P8[:4]] == [-10, 10, -14, 14]
    assert rows["p4"]["rank"] == 1
    with pytest.raises(TournamentError, match="between -89 and 20"):
        standings({"preset": "blokus-event", "entrants": P8[:4],
                   "results": [{"scores": {"p1": -90, "p2": -3}}]})


@pytest.mark.parametrize("impossible", [0, 17, 1, 14, 19, 25, -90])
def test_blokus_sheet_refuses_a_score_the_game_cannot_give_seed000(impossible: int) -> None:
    """seed 000 Blokus Calculating points: a player scores −1 per square not placed (−1 … −89), +15 with
    all 21 pieces placed, +20 when the single square went last; 0 or +17 cannot happen."""
    with pytest.raises(TournamentError) as err:
        standings({"preset": "blokus-event", "entrants": P8[:4],
                   "results": [{"scores": {"p1": impossible, "p2": -3, "p3": -5, "p4": 15}}]})
    assert "seed 000 Blokus Calculating points" in str(err.value) or "between -89 and 20" in str(err.value)
    for possible in (-1, -89, 15, 20):
        standings({"preset": "blokus-event", "entrants": P8[:4],
                   "results": [{"scores": {"p1": possible, "p2": -3, "p3": -5, "p4": 15}}]})


def test_table_league_refuses_a_player_twice_in_one_round() -> None:
    res = [{"round": 1, "scores": {"p1": 1, "p2": 2, "p3": 3, "p4": 4}},
           {"round": 1, "scores": {"p1": 1, "p5": 2, "p6": 3, "p7": 4}}]
    with pytest.raises(TournamentError, match=r"duplicate result: p1 already have a game in round 1"):
        standings({"preset": "ttr-event", "entrants": P8, "results": res})


def test_final_stage_games_stay_out_of_the_league_table() -> None:
    res = [{"round": 1, "scores": {"p1": 10, "p2": 9, "p3": 8, "p4": 7}},
           {"stage": "final", "scores": {"p1": 1, "p2": 9, "p3": 8, "p4": 7}}]
    rows = by_id(standings({"preset": "ttr-event", "entrants": P8[:4], "results": res}))
    assert rows["p1"]["points"] == 10


def test_pictionary_winner_5_other_3_and_squares_decide_at_time_up_seed000() -> None:
    """000 Pictionary 4: time up before Finish → more squares covered wins; winner 5 points, other team 3."""
    teams = [{"id": t, "members": [f"{t}{i}" for i in range(3)]} for t in ("T1", "T2", "T3", "T4")]
    res = [{"round": 1, "a": "T1", "b": "T2", "squares": {"T1": 30, "T2": 24}},
           {"round": 1, "a": "T3", "b": "T4", "winner": "T4"}]
    rows = by_id(standings({"preset": "pictionary-event", "entrants": teams, "results": res}))
    assert [rows[t]["points"] for t in ("T1", "T2", "T3", "T4")] == [5, 3, 3, 5]
    with pytest.raises(TournamentError, match="covered fewer squares"):
        standings({"preset": "pictionary-event", "entrants": teams,
                   "results": [{"a": "T1", "b": "T2", "winner": "T2", "squares": {"T1": 30, "T2": 24}}]})


def test_team_technical_points_three_lose_the_game_seed001() -> None:
    """001 §一1 2): 有犯規者扣除本隊技術分1分，扣滿3分，該隊自動判負."""
    led = PenaltyLedger(get_format("sgs-3v3-2014").penalties)  # type: ignore[arg-type]
    for k in range(2):
        assert led.record(Penalty("technical", "R1/g1", "A", 1, f"talk {k}", "ref Li", "10:40")) == []
    assert (led.record(Penalty("technical", "R1/g1", "A", 1, "gesture", "ref Li", "10:52"))
            == ["game lost by A"])
    assert led.technical("A", "R1/g1") == 3 and led.technical("A", "R1/g2") == 0
    with pytest.raises(TournamentError, match="worth 1 point"):
        led.record(Penalty("technical", "R1/g1", "B", 2, "talk", "ref Li", "10:53"))
    with pytest.raises(TournamentError, match="who recorded it and why"):
        led.record(Penalty("technical", "R1/g1", "B", 1, "", "ref Li", "10:53"))


def test_player_penalty_points_five_disqualify_seed001() -> None:
    """001 §3 奖惩 B: 1 point for stalling or acting out of turn, 3 for cheating talk; 5 or more →
    disqualified."""
    led = PenaltyLedger(get_format("sgs-3v3-2014").penalties)  # type: ignore[arg-type]
    led.record(Penalty("player", "g1", "A", 3, "talk amounting to cheating", "ref Wu", "11:00", "A2"))
    assert led.record(Penalty("player", "g1", "A", 1, "抢动", "ref Wu", "11:05", "A2")) == []
    assert (led.record(Penalty("player", "g1", "A", 1, "stalling", "ref Wu", "11:09", "A2"))
            == ["A2 disqualified"])
    with pytest.raises(TournamentError, match="worth 1 or 3"):
        led.record(Penalty("player", "g1", "A", 2, "x", "ref Wu", "11:10", "A3"))
    led2 = PenaltyLedger(get_format("sgs-3v3-2012").penalties)  # type: ignore[arg-type]
    with pytest.raises(TournamentError, match="no player penalties"):
        led2.record(Penalty("player", "g1", "A", 1, "x", "ref", "11:00", "A1"))


def test_entry_fees_and_summary_seed000() -> None:
    """000 Prizes: Pictionary $10 per team of 3, San Guo Sha $15 per team of 3, individual games $3 per
    person."""
    assert (FORMATS["sgs-3v3-2011"].fee == Fee(15, "team")
            and FORMATS["pictionary-event"].fee == Fee(10, "team"))
    assert FORMATS["ttr-event"].fee == Fee(3, "person")
    teams = [Entrant(f"T{i}", members=(f"a{i}", f"b{i}", f"c{i}"), paid=i < 10) for i in range(16)]
    teams[15] = withdraw(teams[15])
    players = [Entrant(f"p{i}", paid=True) for i in range(12)]
    lines = fees_summary([("Sanguosha", Fee(15, "team"), teams), ("Blokus", Fee(3, "person"), players)])
    sgs, blokus, total = lines
    assert (sgs.entrants, sgs.people, sgs.due, sgs.paid, sgs.outstanding) == (15, 45, 225, 150, 75)
    assert sgs.unpaid == tuple(f"T{i}" for i in range(10, 15))
    assert (blokus.due, blokus.outstanding) == (36, 0) and total.due == 261 and total.paid == 186
    assert Fee(3, "person").due(Entrant("team", members=("x", "y"))) == 6
    with pytest.raises(TournamentError, match="withdrawn"):
        check_in(teams[15])


def test_prizes_seed000() -> None:
    """000 Prizes: San Guo Sha champion $180, 1st runner-up $60, 2nd runner-up $30; Pictionary $100 / $60."""
    got = award(FORMATS["sgs-3v3-2011"].prizes, {1: "T3", 2: "T7"})
    assert [(p.value, who) for p, who in got] == [(180, "T3"), (60, "T7"), (30, None)]
    assert [p.value for p in FORMATS["pictionary-event"].prizes] == [100, 60]
    assert [p.value for p in FORMATS["blokus-event"].prizes] == [50, 30, 20]


def test_monopoly_deal_values_lie_within_the_event_deck_and_seen_is_checked() -> None:
    """Issue 41.4, seed 000 Monopoly Deal THE WINNER and Set up 2: a value is bank + properties, 0M to the
    whole event deck's 242M; what the referee sees is checked by Monopoly Deal's own rule, and scores typed
    beside it are refused, not silently replaced."""
    from tablesport.games.monopoly_deal.cards import VALUE, deck
    from tablesport.games.monopoly_deal.table_score import monopoly_deal_values
    from tablesport.tournament.rules import RULES

    assert sum(VALUE[c] for c in deck(deal_breakers=False)) == 242
    players = ["a", "b", "c", "d"]
    entrants = [{"id": p} for p in players]
    for bad in (-5, 999):
        with pytest.raises(TournamentError, match="between 0 and 242"):
            standings({"preset": "monopoly-deal-event", "entrants": entrants,
                       "results": [{"round": 1, "scores": {"a": bad, "b": 3, "c": 2, "d": 1}}]})
    seen = {p: {"bank": ["1M"]} for p in players}
    with pytest.raises(TournamentError, match="not both") as exc:
        monopoly_deal_values({"seen": seen, "scores": {p: 1 for p in players}}, players, {}, "T1")
    assert exc.value.rule is RULES["monopoly_deal_value"]
    with pytest.raises(TournamentError, match="complete set") as exc:
        monopoly_deal_values({"seen": {**seen, "a": {"properties": ["red", "house"]}}}, players, {}, "T1")
    assert exc.value.rule is RULES["monopoly_deal_value"]
