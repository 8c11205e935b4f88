"""Rummikub open play (seed 002): game scoring, score sheets, the hall's queue, awards and team scores."""

from __future__ import annotations

import pytest

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rummikub import (
    OpenPlay,
    PlayerCard,
    Sheet,
    Sheets,
    awards,
    minutes,
    score_game,
    team_scores,
)
from tablesport.tournament.standings import standings

DIV = {"j1": "junior", "j2": "junior", "s1": "senior", "s2": "senior"}
T = ["j1", "j2", "s1", "s2"]


def test_winner_scores_the_sum_of_the_losers_minus_points_seed002() -> None:
    """002 賽制 3.1: 其餘參賽者須計算手持數字牌的總和…所有參賽者負分的總和便是勝出者的得分."""
    assert score_game(T, {"j1": 10, "j2": 5, "s1": 7}, DIV, winner="s2") == {"j1": -10, "j2": -5, "s1": -7,
                                                                             "s2": 22}


def test_junior_winner_multiplies_senior_losers_by_1_2_seed002() -> None:
    """002 賽制 3.2: 初小組勝出 → 高小組負分 ×1.2; a senior winner changes nothing."""
    s = score_game(T, {"j2": 10, "s1": 10, "s2": 25}, DIV, winner="j1")
    assert s == {"j1": 52.0, "j2": -10, "s1": -12.0, "s2": -30.0}
    assert score_game(T, {"j1": 10, "j2": 10, "s2": 10}, DIV, winner="s1")["s1"] == 30


def test_minus_100_and_200_are_exempt_from_the_multiplier_seed002() -> None:
    """002 計分方法: −100 (cannot make the initial meld) / −200 (could but did not)
    無需根據參賽者組別作出分數調整."""
    s = score_game(T, {"j2": 30, "s1": {"never_melded": 100}, "s2": {"never_melded": 200}}, DIV, winner="j1")
    assert s == {"j1": 330.0, "j2": -30, "s1": -100, "s2": -200}
    with pytest.raises(TournamentError, match="never_melded: 100"):
        score_game(T, {"j2": 30, "s1": {"never_melded": 150}, "s2": 0}, DIV, winner="j1")


def test_pool_runs_out_lowest_rack_wins_seed002() -> None:
    """002 計分方法 last line: 備用牌全部被拿取完… 負分最低者為勝出者."""
    s = score_game(T, {"j1": 12, "j2": 3, "s1": 40, "s2": 8}, DIV)
    assert s == {"j1": -12, "j2": 69.6, "s1": -48.0, "s2": -9.6}  # junior j2 wins: seniors ×1.2
    with pytest.raises(TournamentError, match="level"):
        score_game(T, {"j1": 3, "j2": 3, "s1": 40, "s2": 8}, DIV)


def test_best_sheet_by_wins_then_plus_points_and_lost_sheet_cut_seed002() -> None:
    """002 賽制 2: 以勝利局數最多，以及正分最高的一張; 賽制 1: 每遺失一張記分紙…正分將扣減10%."""
    card = PlayerCard("a", sheets=[Sheet([50, -3, -4]), Sheet([20, 30, -1]), Sheet([200, -10, -20])])
    assert card.best() is card.sheets[1]
    assert card.result() == (2, 50)
    card.lost_sheets = 1
    assert card.result() == (2, 45.0)
    card.lost_sheets = 2
    assert card.result() == (2, 40.0)


def test_no_new_sheet_after_the_cut_off_seed002() -> None:
    """002 賽制 1: 12:00 起將暫停換領新「記分紙」 — an open sheet may still be filled."""
    cards = {p: PlayerCard(p, DIV[p]) for p in T}
    sheets = Sheets(cards, 3, minutes("12:00"))
    for at in ("11:00", "11:30", "11:59"):
        sheets.record(score_game(T, {"j2": 1, "s1": 1, "s2": 1}, DIV, "j1"), minutes(at))
    with pytest.raises(TournamentError, match="no new sheet is given from the cut-off"):
        sheets.record(score_game(T, {"j2": 1, "s1": 1, "s2": 1}, DIV, "j1"), minutes("12:05"))
    assert all(len(c.sheets) == 1 for c in cards.values())


def test_open_play_queue_tables_of_4_full_sheets_leave_losers_requeue_seed002() -> None:
    """002 賽制 4/5: a table starts with 4; after a game a full sheet leaves, else the two with most minus
    re-queue."""
    names = [f"x{i}" for i in range(6)]
    hall = OpenPlay({p: PlayerCard(p, "junior") for p in names}, tables=1, cutoff=minutes("12:00"))
    for p in names:
        hall.arrive(p, minutes("09:30"))
    assert hall.fill() == [1]
    assert hall.tables[0].seated == ["x0", "x1", "x2", "x3"] and list(hall.queue) == ["x4", "x5"]
    hall.finish(1, {"x1": 5, "x2": 20, "x3": 30}, winner="x0", at=minutes("09:50"))
    assert hall.tables[0].seated == ["x0", "x1"] and list(hall.queue) == ["x4", "x5", "x3", "x2"]
    assert hall.fill() == [1] and hall.tables[0].seated == ["x0", "x1", "x4", "x5"]
    hall.finish(1, {"x0": 1, "x4": 2, "x5": 3}, winner="x1", at=minutes("10:10"))  # x0, x1: 2 games
    hall.fill()
    assert hall.tables[0].seated == ["x0", "x1", "x3", "x2"]
    hall.finish(1, {"x1": 1, "x2": 1, "x3": 1}, winner="x0", at=minutes("10:30"))  # x0, x1 now full
    assert "x0" not in hall.tables[0].seated and "x1" not in hall.tables[0].seated
    assert hall.where("x0") == "queue" and len(hall.sheets.cards["x0"].sheets) == 2
    with pytest.raises(TournamentError, match="not playing"):
        hall.finish(1, {}, "x0")


def test_after_cut_off_a_full_sheet_ends_the_day_seed002() -> None:
    """002 賽制 1/5: a player whose sheet fills after 12:00 hands it in and gets no new one."""
    names = ["a", "b", "c", "d"]
    hall = OpenPlay({p: PlayerCard(p, "senior") for p in names}, tables=1, cutoff=minutes("12:00"))
    for p in names:
        hall.arrive(p, minutes("11:00"))
    for at, winner in (("11:10", "a"), ("11:30", "b"), ("12:10", "a")):
        hall.fill()
        hall.finish(1, {p: 2 for p in hall.tables[0].seated if p != winner}, winner, minutes(at))
    assert [hall.where(p) for p in names] == ["done"] * 4
    assert all(len(hall.sheets.cards[p].sheets) == 1 for p in names)
    with pytest.raises(TournamentError, match="no new sheet is given from the cut-off"):
        hall.arrive("a", minutes("12:20"))


def test_awards_per_group_and_school_best_three_seed002() -> None:
    """002 賽制 6: per group champion, 1st and 2nd runner-up and 3 merit awards; team = best 3 players."""
    cards = []
    for i in range(8):
        cards.append(PlayerCard(f"j{i}", "junior", "S1" if i % 2 else "S2", sheets=[Sheet([10 * i, -1, -1])]))
        cards.append(PlayerCard(f"s{i}", "senior", "S1", sheets=[Sheet([5 * i, 5, -1])]))
    aw = awards(cards)
    assert [t for t, _ in aw["junior"]] == ["champion", "1st runner-up", "2nd runner-up", "merit", "merit",
                                            "merit"]
    assert [p for _, p in aw["junior"][:3]] == ["j7", "j6", "j5"]
    assert aw["senior"][0][1] == "s7"
    ts = {s: (w, pts, best) for s, w, pts, best in team_scores(cards)}
    assert ts["S1"][2] == ["s7", "s6", "s5"] and ts["S1"][0] == 6
    assert ts["S2"][2] == ["j6", "j4", "j2"]


def test_rummikub_standings_document_per_division() -> None:
    ents = [{"id": p, "division": DIV[p]} for p in T] + [{"id": "j3", "division": "junior", "lost_sheets": 1}]
    res = [{"players": T, "winner": "j1", "racks": {"j2": 10, "s1": 10, "s2": 10}},
           {"players": ["j3", "j2", "s1", "s2"], "winner": "j3", "racks": {"j2": 10, "s1": 10, "s2": 10}}]
    rows = standings({"preset": "rummikub-2018", "entrants": ents, "results": res})
    junior = [r for r in rows if r["tiebreaks"]["division"] == "junior"]
    assert [r["entrant"] for r in junior[:2]] == ["j1", "j3"]
    assert junior[0]["points"] == 34.0 and junior[1]["points"] == 30.6  # 34 less 10 % for the lost sheet
    assert junior[0]["tiebreaks"]["wins"] == 1


@pytest.mark.parametrize(("junior", "senior"),
                         [("初小組", "高小組"), ("初小组", "高小组"), ("Junior", "Senior"), ("初小", "高小")])
def test_the_seeds_division_names_apply_the_1_2_adjustment_seed002(junior: str, senior: str) -> None:
    """seed 002 賽制 6 (個人賽分初小組、高小組) and 3.2: a 初小組 winner makes 高小組 losers ×1.2, however the
    registration wrote the two divisions. Racks 10 + 10 + 25 (a junior loser, two seniors):
    10 + 12 + 30 = 52."""
    ents = [{"id": "j1", "division": junior}, {"id": "j2", "division": junior},
            {"id": "s1", "division": senior}, {"id": "s2", "division": senior}]
    res = [{"players": T, "winner": "j1", "racks": {"j2": 10, "s1": 10, "s2": 25}}]
    rows = {r["entrant"]: r for r in standings({"preset": "rummikub-2018", "entrants": ents, "results": res})}
    assert rows["j1"]["points"] == 52.0
    assert rows["j1"]["tiebreaks"]["division"] == "junior" and rows["s1"]["tiebreaks"]["division"] == "senior"


def test_an_unknown_division_is_refused_with_the_allowed_ones_seed002() -> None:
    """seed 002 賽制 6: only 初小組 and 高小組; a typo would silently lose the ×1.2."""
    ents = [{"id": "j1", "division": "初小班"}] + [{"id": p, "division": DIV[p]} for p in T[1:]]
    with pytest.raises(TournamentError, match="初小組") as err:
        standings({"preset": "rummikub-2018", "entrants": ents, "results": []})
    assert err.value.field == "division" and any("senior" in a for a in err.value.allowed)


def test_a_named_winner_went_out_with_an_empty_rack_seed002() -> None:
    """seed 002 計分方法: 最快把數字牌出完的參賽者便可獲勝: the winner holds no tiles and has melded; only
    when the pool runs out does the lowest (non-zero) rack win."""
    with pytest.raises(TournamentError, match="their rack is 0, not 7"):
        score_game(T, {"j1": 7, "j2": 10, "s1": 5, "s2": 9}, DIV, winner="j1")
    with pytest.raises(TournamentError, match="never melded"):
        score_game(T, {"j1": {"never_melded": 100}, "j2": 10, "s1": 5, "s2": 9}, DIV, winner="j1")
    assert score_game(T, {"j1": 0, "j2": 10, "s1": 5, "s2": 9}, DIV, winner="j1")["j1"] == 10 + 6 + 10.8
    # pool ran out with level racks: the referee names one of the lowest
    assert score_game(T, {"j1": 5, "j2": 10, "s1": 5, "s2": 9}, DIV, winner="s1")["s1"] == 24
