"""Final places after groups and a knock-out (seed 000 §一2: 4 groups of 4, the top 2 to the quarter-finals,
then semi-finals, the final and the 3rd-place match; prizes to the champion, runner-up and 3rd)."""

from __future__ import annotations

from tablesport.tournament.final_places import final_places
from tablesport.tournament.knockout import Bracket, crossed_pairs


def group_rows() -> dict[str, list[dict]]:
    """Groups A–D of 4: X1 first … X4 last; A1 has the most points of all, D2 ties D3 inside group D."""
    pts = {1: 9, 2: 6, 3: 3, 4: 0}
    out = {}
    for g in "ABCD":
        out[g] = [
            {
                "rank": k,
                "entrant": f"{g}{k}",
                "points": pts[k] + (3 if g == "A" else 0),
                "tiebreaks": {"surviving": k},
                "needs_decision": False,
            }
            for k in range(1, 5)
        ]
    out["D"][2]["needs_decision"] = True
    return out


def test_places_come_from_the_bracket_then_the_groups_seed000() -> None:
    """seed 000 §一2 and prize notice: champion, runner-up (the final), 3rd (the 3rd-place match); the
    quarter-finals' losers share 5–8; below them every group's 3rd (9–12) and 4th (13–16). A quarter-finalist
    with the best group record is not 2nd; a tie inside group D is not a tie with other groups."""
    g = group_rows()
    br = Bracket.from_pairs(crossed_pairs({k: [r["entrant"] for r in rows] for k, rows in g.items()}))
    pairs = [(m.a, m.b) for m in br.rounds[0]]
    assert pairs == [("A1", "B2"), ("C1", "D2"), ("B1", "A2"), ("D1", "C2")]
    for key, w in (
        ("R1-1", "B2"),
        ("R1-2", "C1"),
        ("R1-3", "B1"),
        ("R1-4", "D1"),  # A1 out in the QF
        ("R2-1", "B2"),
        ("R2-2", "D1"),
        ("3rd", "C1"),
        ("R3-1", "D1"),
    ):
        br.record(key, w)
    rows = final_places(br, g)
    places = [(r["place"], r["entrant"], r["reached"]) for r in rows]
    assert places[:4] == [
        ("1", "D1", "champion"),
        ("2", "B2", "final"),
        ("3", "C1", "3rd-place match"),
        ("4", "B1", "3rd-place match"),
    ]
    assert {(p, e) for p, e, _ in places[4:8]} == {("5–8", "A1"), ("5–8", "A2"), ("5–8", "C2"), ("5–8", "D2")}
    assert all(r == "quarter-final" for _, _, r in places[4:8])
    assert [(p, e) for p, e, _ in places[8:]] == [
        ("9–12", "A3"),
        ("9–12", "B3"),
        ("9–12", "C3"),
        ("9–12", "D3"),
        ("13–16", "A4"),
        ("13–16", "B4"),
        ("13–16", "C4"),
        ("13–16", "D4"),
    ]
    undecided = [r["entrant"] for r in rows if r["needs_decision"]]
    assert undecided == ["D3"]  # only the group's own tie, never one between groups


def test_entrants_still_playing_have_no_place_yet() -> None:
    g = group_rows()
    br = Bracket.from_pairs(crossed_pairs({k: [r["entrant"] for r in rows] for k, rows in g.items()}))
    br.record("R1-1", "A1")
    rows = final_places(br, g)
    assert rows[0]["place"] == "" or rows[-1]["place"] == "13–16"
    assert {r["entrant"]: r["place"] for r in rows}["B2"] == "5–8"
    assert {r["entrant"]: r["place"] for r in rows}["A1"] == ""
