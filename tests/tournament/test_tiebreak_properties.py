"""Invariants of the tie-break ranking on random round robins (2012 preset, seed 003 §4.2)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablesport.tournament.standings import standings

GAME = st.fixed_dictionaries({"surviving": st.integers(1, 3), "lost_hp": st.integers(0, 4)})


@st.composite
def round_robin(draw: st.DrawFn) -> dict:
    n = draw(st.integers(3, 6))
    teams = [f"T{i}" for i in range(n)]
    results = []
    for a, b in combinations(teams, 2):
        pattern = draw(st.sampled_from(["aa", "bb", "aba", "bab", "abb", "baa"]))
        games = [{"winner": a if c == "a" else b, **draw(GAME)} for c in pattern]
        results.append({"a": a, "b": b, "games": games})
    return {"preset": "sgs-3v3-2012", "entrants": teams, "results": results}


@settings(max_examples=60, deadline=None)
@given(round_robin())
def test_ranking_invariants(doc: dict) -> None:
    rows = standings(doc)
    assert sorted(r["entrant"] for r in rows) == sorted(doc["entrants"])
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    assert all(x["points"] >= y["points"] for x, y in zip(rows, rows[1:], strict=False))
    for i, r in enumerate(rows):
        assert r["rank"] <= i + 1
        if r["needs_decision"]:  # everybody in an undecided group is level on every figure of the chain
            mates = [x for x in rows if x["entrant"] in r["tiebreaks"]["tied_with"]]
            assert all(x["points"] == r["points"] and x["rank"] == r["rank"] for x in mates)
            assert all(x["tiebreaks"]["surviving_generals"] == r["tiebreaks"]["surviving_generals"]
                       and x["tiebreaks"]["lost_hp"] == r["tiebreaks"]["lost_hp"] for x in mates)
    # head-to-head only ever separates a pair that is level on points, and the match winner is above
    wins = {}
    for m in doc["results"]:
        wa = sum(g["winner"] == m["a"] for g in m["games"])
        wins[frozenset((m["a"], m["b"]))] = m["a"] if wa == 2 else m["b"]
    h2h = [r.get("tiebreaks", {}).get("decided_by") == "head_to_head" for r in rows]
    for i in range(len(rows)):
        if not h2h[i]:
            continue
        partners = [(rows[j - 1], rows[j]) for j in (i, i + 1) if 0 < j < len(rows) and h2h[j - 1] and h2h[j]
                    and rows[j - 1]["points"] == rows[j]["points"]]
        assert any(wins[frozenset((up["entrant"], down["entrant"]))] == up["entrant"]
                   for up, down in partners)
