"""Formats: Berger round robin, group draws, knock-out brackets, Pictionary rounds."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.groups import draw_groups, pots, snake
from tablesport.tournament.knockout import (
    bracket_order,
    crossed_pairs,
    groups_to_knockout,
    single_elimination,
)
from tablesport.tournament.pictionary import final_pair, preliminary_rounds
from tablesport.tournament.roundrobin import berger, games_of


def test_berger_4_matches_the_published_table() -> None:
    assert berger([1, 2, 3, 4]) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 16])
def test_berger_every_pair_once_and_nobody_twice_a_round(n: int) -> None:
    rounds = berger(list(range(n)))
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    for rnd in rounds:
        seen = [x for pair in rnd for x in pair if x is not None]
        assert len(seen) == len(set(seen))
    pairs = Counter(frozenset((a, b)) for _, a, b in games_of(rounds))
    assert set(pairs) == {frozenset(p) for p in combinations(range(n), 2)}
    assert set(pairs.values()) == {1}


def test_double_round_robin_swaps_home_and_away() -> None:
    rounds = berger(list("ABCD"), double=True)
    assert len(rounds) == 6
    home = Counter((a, b) for _, a, b in games_of(rounds))
    assert all(home[(a, b)] == 1 and home[(b, a)] == 1 for a, b in combinations("ABCD", 2))


def test_round_robin_refuses_duplicates() -> None:
    with pytest.raises(TournamentError, match="distinct"):
        berger(["A", "A", "B"])


def test_snake_seeding_16_into_4_groups_seed000() -> None:
    """Seed 000: 16 teams drawn into 4 groups; snake: 1-4 to A-D, 5-8 back from D to A."""
    groups = snake([f"T{i}" for i in range(1, 17)], 4)
    assert groups["A"] == ["T1", "T8", "T9", "T16"]
    assert groups["D"] == ["T4", "T5", "T12", "T13"]
    assert sorted(sum(groups.values(), [])) == sorted(f"T{i}" for i in range(1, 17))


def test_pots_draw_one_team_from_each_pot_per_group_and_is_seeded() -> None:
    ranked = [f"T{i}" for i in range(1, 17)]
    g1 = draw_groups(ranked, 4, "pots", seed=7)
    assert g1 == draw_groups(ranked, 4, "pots", seed=7)
    assert g1 != draw_groups(ranked, 4, "pots", seed=8)
    for k, pot in enumerate(pots(ranked, 4)):
        assert sorted(g[k] for g in g1.values()) == sorted(pot)
    with pytest.raises(TournamentError, match="unknown draw method"):
        draw_groups(ranked, 4, "hat")


def test_groups_to_knockout_crosses_winners_seed000() -> None:
    """Seed 000: top 2 of 4 groups; A1–B2, B1–A2 (and C1–D2, D1–C2); same-group teams meet only in the
    final."""
    ranks = {g: [f"{g}1", f"{g}2"] for g in "ABCD"}
    assert crossed_pairs(ranks) == [("A1", "B2"), ("C1", "D2"), ("B1", "A2"), ("D1", "C2")]
    br = groups_to_knockout(ranks)
    assert br.names == ["quarter-final", "semi-final", "final"]
    for m, w in zip(br.rounds[0], ["A1", "C1", "A2", "D1"], strict=True):
        br.record(m.key, w)
    assert [(m.a, m.b) for m in br.rounds[1]] == [("A1", "C1"), ("A2", "D1")]
    br.record("R2-1", "A1")
    br.record("R2-2", "A2")
    assert br.third_place is not None and (br.third_place.a, br.third_place.b) == ("C1", "D1")
    assert {m.key for m in br.ready()} == {"R3-1", "3rd"}  # 3rd-place match and final side by side
    br.record("R3-1", "A2")
    br.record("3rd", "D1")
    assert br.placings() == {1: "A2", 2: "A1", 3: "D1", 4: "C1"}


def test_single_elimination_gives_byes_to_top_seeds() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    br = single_elimination([f"S{i}" for i in range(1, 7)])
    byes = [m for m in br.rounds[0] if m.bye]
    assert sorted(m.winner for m in byes) == ["S1", "S2"]  # type: ignore[type-var]
    assert [(m.a, m.b) for m in br.rounds[0] if not m.bye] == [("S4", "S5"), ("S3", "S6")]


def test_bracket_refuses_wrong_winner_and_double_entry() -> None:
    br = single_elimination(["A", "B", "C", "D"])
    with pytest.raises(TournamentError, match="does not play"):
        br.record("R1-1", "B")
    with pytest.raises(TournamentError, match="not ready"):
        br.record("R2-1", "A")
    br.record("R1-1", "A")
    with pytest.raises(TournamentError, match="already has winner"):
        br.record("R1-1", "D")


def test_pictionary_three_rounds_without_repeat_pairing_seed000() -> None:
    """Seed 000 Pictionary: 8 teams, two teams a table, 3 preliminary rounds each, top 2 to the final."""
    teams = [f"P{i}" for i in range(8)]
    rounds = preliminary_rounds(teams, 3, seed=3)
    assert len(rounds) == 3 and all(len(r) == 4 for r in rounds)
    pairs = [frozenset(p) for r in rounds for p in r]
    assert len(set(pairs)) == len(pairs)
    assert Counter(t for r in rounds for p in r for t in p) == dict.fromkeys(teams, 3)
    assert final_pair(["P3", "P1", "P0"]) == ("P3", "P1")
