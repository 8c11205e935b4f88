"""Pictionary play-off rounds (seed 000): two teams a table, each team plays 3 preliminary rounds
with no repeat pairing while one can be avoided, then the top 2 teams play one final round.

The rounds are the first rounds of a Berger round robin over the teams in a seeded random order,
so no pairing repeats until every pairing has been used (more rounds than teams − 1 start a
second cycle). With an odd number of teams one team rests each round.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablesport.core import Rng

from .errors import TournamentError
from .roundrobin import berger


def preliminary_rounds(teams: Sequence[str], rounds: int = 3, seed: int = 0) -> list[list[tuple[str, str]]]:
    if rounds < 1:
        raise TournamentError("at least one preliminary round")
    order = list(teams)
    Rng(seed).shuffle(order)
    cycle = berger(order)
    out: list[list[tuple[str, str]]] = []
    while len(out) < rounds:
        for rnd in cycle:
            if len(out) == rounds:
                break
            out.append([(a, b) for a, b in rnd if a is not None and b is not None])
    return out


def final_pair(ranked: Sequence[str]) -> tuple[str, str]:
    if len(ranked) < 2:
        raise TournamentError("the final needs the top 2 teams")
    return ranked[0], ranked[1]
