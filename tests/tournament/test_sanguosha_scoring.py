"""Sanguosha 3v3 match points, commander rotation and the tie-break chains (seeds 000, 001, 003)."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.series import (
    Peach,
    SeriesFormat,
    after_forfeit_peaches,
    check_rotation,
    check_series,
    game_from,
    lost_hp,
    next_commander_allowed,
)
from tablesport.tournament.standings import standings

TEAMS = {t: [f"{t}{i}" for i in (1, 2, 3)] for t in "ABCDEXYZ"}


def team(t: str) -> dict[str, Any]:
    return {"id": t, "members": TEAMS[t]}


def g(winner: str, surviving: int = 1, lost: int = 0, how: str = "commander_death",
      **kw: Any) -> dict[str, Any]:
    return {"winner": winner, "surviving": surviving, "lost_hp": lost, "how": how, **kw}


def match(a: str, b: str, *games: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"a": a, "b": b, "games": list(games), **kw}


def table(preset: str, teams: str, *results: dict[str, Any], **kw: Any) -> dict[str, dict[str, Any]]:
    rows = standings({"preset": preset, "entrants": [team(t) for t in teams], "results": list(results), **kw})
    return {r["entrant"]: r for r in rows}


# ---- seed 000 (2011): a group round is two games; 2:0 → 3/0, 1:1 → 1 each --------------------------------


def test_2011_group_round_two_nil_scores_3_and_0() -> None:
    """000 §一4: 每轮胜队得3分，负队得0分 (a round of 2 games won 2:0)."""
    t = table("sgs-3v3-2011", "AB", match("A", "B", g("A"), g("A")))
    assert (t["A"]["points"], t["B"]["points"]) == (3, 0)


def test_2011_group_round_one_all_is_a_draw_scoring_1_each() -> None:
    """000 §一4: 平手则各1分。2场比赛之后算总分 (1:1 after the two games)."""
    t = table("sgs-3v3-2011", "AB", match("A", "B", g("A"), g("B")))
    assert (t["A"]["points"], t["B"]["points"]) == (1, 1)


def test_2011_group_round_has_exactly_two_games() -> None:
    """000 §一4: totals are counted after 2 games; a third game does not exist in the group round."""
    with pytest.raises(TournamentError, match="exactly 2 games"):
        table("sgs-3v3-2011", "AB", match("A", "B", g("A")))
    with pytest.raises(TournamentError, match="3 games"):
        table("sgs-3v3-2011", "AB", match("A", "B", g("A"), g("B"), g("A")))


def test_2011_knockout_is_best_of_3_and_scores_no_points() -> None:
    """000 §一1/D15: the knock-out is best of 3 (first to 2 wins); knock-out games stay out of the group
    table."""
    t = table("sgs-3v3-2011", "AB", match("A", "B", g("A"), g("B"), g("A"), stage="knockout"))
    assert t["A"]["points"] == 0
    with pytest.raises(TournamentError, match="not decided"):
        table("sgs-3v3-2011", "AB", match("A", "B", g("A"), g("B"), stage="knockout"))


# ---- seed 003 (2012): best of 3, 2:0 → 3/0, 2:1 → 2/1 ----------------------------------------------------


def test_2012_two_nil_scores_3_0_and_two_one_scores_2_1() -> None:
    """003 §4.1 1): 2:0 勝隊積3分負隊積0分；2:1 勝隊積2分負隊積1分."""
    t = table("sgs-3v3-2012", "ABCD", match("A", "B", g("A"), g("A")),
              match("C", "D", g("D"), g("C"), g("C")))
    assert [t[x]["points"] for x in "ABCD"] == [3, 0, 2, 1]


def test_2012_no_game_after_the_series_is_decided() -> None:
    """003 §2.1.1: 任一方先獲勝2局即獲得該輪比賽的勝利 — a third game after 2:0 is refused."""
    with pytest.raises(TournamentError, match="after the series was decided"):
        table("sgs-3v3-2012", "AB", match("A", "B", g("A"), g("A"), g("B")))


def test_commander_rotation_refuses_a_repeat_until_the_team_has_rotated() -> None:
    """000 §一1 / 003 §2.1.1: 主帥選手應當進行輪換 — no member leads twice before all have led."""
    doc = match("A", "B", g("A", commanders={"A": "A1", "B": "B1"}),
                g("B", commanders={"A": "A1", "B": "B2"}), g("A", commanders={"A": "A2", "B": "B3"}))
    with pytest.raises(TournamentError, match=r"'A1' already led game 1.*choose one of A2, A3 "):
        table("sgs-3v3-2012", "AB", doc)
    ok = match("A", "B", g("A", commanders={"A": "A1", "B": "B1"}), g("B", commanders={"A": "A2", "B": "B2"}),
               g("A", commanders={"A": "A3", "B": "B3"}))
    assert table("sgs-3v3-2012", "AB", ok)["A"]["points"] == 2
    check_rotation(["A1", "A2", "A3", "A1", "A2"], TEAMS["A"], "best of 5")  # after a full rotation, again
    with pytest.raises(TournamentError, match="not a member"):
        check_rotation(["A1", "B1"], TEAMS["A"], "series")
    assert next_commander_allowed(["A2"], TEAMS["A"]) == ["A1", "A3"]
    assert next_commander_allowed(["A2", "A1", "A3"], TEAMS["A"]) == TEAMS["A"]


def test_partial_series_may_be_checked_while_in_progress() -> None:
    fmt = SeriesFormat("best_of", 3)
    games = [game_from(g("A", commanders={"a": "A1"}), "A", "B", "x")]
    check_series(fmt, games, {"a": TEAMS["A"], "b": TEAMS["B"]}, complete=False)
    with pytest.raises(TournamentError, match="not decided"):
        check_series(fmt, games, {"a": TEAMS["A"], "b": TEAMS["B"]})


# ---- seed 003 §4.2: the chain A / B / C with head-to-head for exactly two ----------------------------------


def test_2012_four_level_on_points_go_to_B_then_needs_a_decision() -> None:
    """003 §4.2: four teams level on points → B (A has 6 generals); B, C, D still level on generals (2 each)
    and lost HP (0) with three of them → no head-to-head, the committee decides."""
    t = table("sgs-3v3-2012", "ABCD",
              match("A", "B", g("B", 1), g("B", 1)),         # B 3
              match("A", "C", g("A", 3), g("A", 3)),         # A 3
              match("B", "D", g("D", 1), g("D", 1)),         # D 3
              match("C", "D", g("C", 1), g("C", 1)))         # C 3
    assert {r["points"] for r in t.values()} == {3}
    assert t["A"]["rank"] == 1 and not t["A"]["needs_decision"]
    assert {t[x]["rank"] for x in "BCD"} == {2} and all(t[x]["needs_decision"] for x in "BCD")


def test_2012_A_head_to_head_between_exactly_two() -> None:
    """003 §4.2 A: two teams level on points → the one that won their match goes through."""
    t2 = table("sgs-3v3-2012", "ABCD",
               match("A", "B", g("B", 1), g("B", 1)),        # B 3
               match("A", "C", g("A", 3), g("A", 3)),        # A 3
               match("C", "D", g("C", 1), g("D", 1), g("C", 1)))  # C 2, D 1
    # A and B level on 3 (exactly two): B won their match → B above A although A has 6 generals to B's 2
    assert t2["B"]["rank"] == 1 and t2["A"]["rank"] == 2
    assert t2["B"]["tiebreaks"]["decided_by"] == "head_to_head"


def test_2012_three_way_tie_does_not_use_head_to_head() -> None:
    """003 §4.2 A: 如果多隻隊伍的積分相同，則按照方法B比較 — with three level, B decides even though
    head-to-head would order them otherwise (Y beat X, but X has more surviving generals)."""
    t = table("sgs-3v3-2012", "XYZ",
              match("X", "Y", g("Y", 1), g("Y", 1)),   # Y 3
              match("Y", "Z", g("Z", 2), g("Z", 2)),   # Z 3
              match("Z", "X", g("X", 3), g("X", 3)))   # X 3
    assert [r["entrant"] for r in sorted(t.values(), key=lambda r: r["rank"])] == ["X", "Z", "Y"]
    assert [t[e]["tiebreaks"]["surviving_generals"] for e in "XZY"] == [6, 4, 2]
    assert all("decided_by" not in t[e]["tiebreaks"] for e in "XYZ")


def test_2012_B_shrinking_group_pair_goes_by_head_to_head() -> None:
    """003 §4.2 B: three level on points; B puts one ahead and leaves two level on generals → their match
    decides."""
    t = table("sgs-3v3-2012", "XYZ",
              match("X", "Y", g("Y", 2), g("Y", 2)),   # Y 3 (4 generals)
              match("Y", "Z", g("Z", 1), g("Z", 1)),   # Z 3 (2 generals)
              match("Z", "X", g("X", 3), g("X", 1)))   # X 3 (4 generals)
    # X and Y level on 4 generals: Y beat X → Y above X; Z below on 2
    order = [r["entrant"] for r in sorted(t.values(), key=lambda r: r["rank"])]
    assert order == ["Y", "X", "Z"]
    assert t["Y"]["tiebreaks"]["decided_by"] == "head_to_head"


def test_2012_C_fewer_lost_hp_wins_then_the_committee_decides() -> None:
    """003 §4.2 C: 存活武將總損失體力較少的隊伍勝出; if nothing separates them, 由組委會決定."""
    t = table("sgs-3v3-2012", "XYZ",
              match("X", "Y", g("Y", 2, 3), g("Y", 2, 0)),
              match("Y", "Z", g("Z", 2, 1), g("Z", 2, 1)),
              match("Z", "X", g("X", 2, 0), g("X", 2, 1)))
    order = [r["entrant"] for r in sorted(t.values(), key=lambda r: r["rank"])]
    assert order == ["X", "Z", "Y"]  # lost HP 1, 2, 3; surviving all 4; no head-to-head for three
    t = table("sgs-3v3-2012", "XYZ",
              match("X", "Y", g("Y", 2, 1), g("Y", 2, 1)),
              match("Y", "Z", g("Z", 2, 1), g("Z", 2, 1)),
              match("Z", "X", g("X", 2, 1), g("X", 2, 1)))
    assert all(r["needs_decision"] and r["rank"] == 1 for r in t.values())
    assert sorted(t["X"]["tiebreaks"]["tied_with"]) == ["Y", "Z"]
    decided = table("sgs-3v3-2012", "XYZ", *[match("X", "Y", g("Y", 2, 1), g("Y", 2, 1)),
                                               match("Y", "Z", g("Z", 2, 1), g("Z", 2, 1)),
                                               match("Z", "X", g("X", 2, 1), g("X", 2, 1))],
                    decisions=[["Z", "X", "Y"]])
    assert [decided[e]["rank"] for e in "ZXY"] == [1, 2, 3]
    assert not any(r["needs_decision"] for r in decided.values())
    assert decided["Z"]["tiebreaks"]["decided_by"] == "organiser"


def test_2012_loser_counts_zero_surviving_generals_whatever_the_way_it_lost() -> None:
    """003 §4.1 2) 一場比賽的負方剩餘武將數恆定為0; §4.2 B: losses by foul, commander death or time
    count 0."""
    t = table("sgs-3v3-2012", "AB", match("A", "B", g("B", 3, how="time"), g("A", 2, how="foul"),
                                          g("A", 1, how="time")))
    assert t["A"]["tiebreaks"]["surviving_generals"] == 3 and t["B"]["tiebreaks"]["surviving_generals"] == 3
    with pytest.raises(TournamentError, match="contradictory.*so its surviving counts 0"):
        table("sgs-3v3-2012", "AB", match("A", "B", {"winner": "A", "surviving": {"A": 2, "B": 1}},
                                          g("A")))
    with pytest.raises(TournamentError, match="count 0 in Sanguosha 3v3 2012"):  # not at time-up either
        table("sgs-3v3-2012", "AB", match("A", "B", {"winner": "A", "how": "time",
                                                     "surviving": {"A": 2, "B": 1}}, g("A")))
    with pytest.raises(TournamentError, match="contradictory"):
        table("sgs-3v3-2012", "AB", match("A", "B", g("A", 0), g("A")))


def test_2012_forfeit_example_peaches_before_scoring() -> None:
    """003 §4.3 example: warm side keeps 3 generals each with a Peach; cold concedes; the full-HP commander
    cannot use his Peach, the vanguards down 1 and 2 HP each use one → lost HP 3 becomes 1."""
    warm = [Peach(hp=5, max_hp=5, peaches=1), Peach(hp=3, max_hp=4, peaches=1),
            Peach(hp=2, max_hp=4, peaches=1)]
    assert lost_hp(warm) == 3
    after = after_forfeit_peaches(warm)
    assert [p.hp for p in after] == [5, 4, 3] and [p.peaches for p in after] == [1, 0, 0]
    assert lost_hp(after) == 1
    t = table("sgs-3v3-2012", "AB", match("A", "B", g("A", 3, lost_hp(after), how="concede"), g("A", 3, 0)))
    assert {k: t["A"]["tiebreaks"][k] for k in ("surviving_generals", "lost_hp")} == {"surviving_generals": 6,
                                                                                      "lost_hp": 1}


def test_lost_hp_counts_hp_below_zero_as_zero() -> None:
    """Reference §8 D17 / 003 §4.1 note: Zhou Tai in Indomitable counts 4 (vanguard) or 5 (commander)."""
    assert lost_hp([Peach(hp=-2, max_hp=4)]) == 4 and lost_hp([Peach(hp=-1, max_hp=5)]) == 5


def test_2011_chain_uses_technical_points_last() -> None:
    """000 §一4 order for level teams: surviving generals, lost HP, then fewer technical points deducted."""
    t = table("sgs-3v3-2011", "AB",
              match("A", "B", g("A", 2, 1, technical={"A": 1}), g("B", 2, 1)))
    assert t["B"]["rank"] == 1 and t["A"]["rank"] == 2
    assert t["A"]["tiebreaks"]["technical_points"] == 1


def test_technical_points_three_means_the_game_is_lost() -> None:
    """001 §一1 2) / 003 §2.1.2: 扣滿3分，該隊自動判負 — a result giving that team the game is refused."""
    with pytest.raises(TournamentError, match="technical points and so lost"):
        table("sgs-3v3-2012", "AB", match("A", "B", g("A", technical={"A": 3}), g("A")))
    t = table("sgs-3v3-2012", "AB", match("A", "B", g("B", 3, how="technical", technical={"A": 3}),
                                          g("A"), g("A")))
    assert t["A"]["points"] == 2


def test_duplicate_match_is_refused_with_a_clear_message() -> None:
    with pytest.raises(TournamentError, match="duplicate result.*result 1"):
        table("sgs-3v3-2012", "AB", match("A", "B", g("A"), g("A")), match("B", "A", g("B"), g("B")))
    t = table("sgs-3v3-2012", "AB", match("A", "B", g("A"), g("A"), round=1),
              match("B", "A", g("B"), g("B"), round=2))
    assert t["A"]["points"] == t["B"]["points"] == 3


def test_unknown_entrant_wrong_team_size_and_bad_fields() -> None:
    with pytest.raises(TournamentError, match="unknown entrant 'Q'"):
        table("sgs-3v3-2012", "AB", match("A", "Q", g("A"), g("A")))
    with pytest.raises(TournamentError, match="needs 3"):
        standings({"preset": "sgs-3v3-2012", "entrants": [{"id": "A", "members": ["x"]}, "B"], "results": []})
    with pytest.raises(TournamentError, match="unknown competition preset"):
        standings({"preset": "chess", "entrants": ["A", "B"]})
    with pytest.raises(TournamentError, match="'how' must be one of"):
        table("sgs-3v3-2012", "AB", match("A", "B", g("A", how="luck"), g("A")))


def test_2011_head_to_head_draw_decides_nothing_and_the_chain_goes_on() -> None:
    """000 §一4: a 1:1 round is a draw; two teams level on points whose match was drawn go on to surviving
    generals."""
    t = table("sgs-3v3-2011", "ABC",
              match("A", "B", g("A", 1), g("B", 3)),           # 1 : 1
              match("A", "C", g("A", 2), g("A", 2)),           # A 3
              match("B", "C", g("B", 1), g("B", 2)))           # B 3  → A 4, B 4
    assert t["A"]["points"] == t["B"]["points"] == 4
    assert t["B"]["tiebreaks"]["surviving_generals"] == 6 and t["A"]["tiebreaks"]["surviving_generals"] == 5
    assert t["B"]["rank"] == 1 and t["A"]["rank"] == 2 and "decided_by" not in t["B"]["tiebreaks"]


def test_group_field_ranks_within_each_group_seed000() -> None:
    """000 §一4: 4 groups ranked separately (the document may hold a whole group stage)."""
    ents = [{"id": t, "members": TEAMS[t], "group": "A" if t in "AB" else "B"} for t in "ABCD"]
    rows = standings({"preset": "sgs-3v3-2011", "entrants": ents,
                      "results": [match("A", "B", g("B"), g("B")), match("C", "D", g("C"), g("D"))]})
    assert [(r["tiebreaks"]["group"], r["rank"], r["entrant"]) for r in rows] == [
        ("A", 1, "B"), ("A", 2, "A"), ("B", 1, "C"), ("B", 1, "D")]
    assert rows[2]["needs_decision"] and rows[3]["needs_decision"]
