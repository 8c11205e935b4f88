"""Round robin by Berger tables, single or double.

Round r of n (even) entrants: the fixed last entrant plays ``arr[0]`` (home on even rounds), then
``arr[i]`` plays ``arr[n-1-i]``; from one round to the next every other number moves on by n/2
(mod n-1). With an odd count a bye (``None``) is added; whoever meets it rests that round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .errors import TournamentError

T = TypeVar("T")
Pairing = tuple[T | None, T | None]


def berger(entrants: Sequence[T], double: bool = False) -> list[list[tuple[T | None, T | None]]]:
    """All rounds; each round a list of (home, away) pairs; ``None`` marks a bye."""
    if len(entrants) < 2:
        raise TournamentError("a round robin needs at least 2 entrants")
    if len(set(entrants)) != len(entrants):
        raise TournamentError("a round robin needs distinct entrants")
    players: list[T | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    half = n // 2
    rounds: list[list[tuple[T | None, T | None]]] = []
    for r in range(n - 1):
        arr = [players[(i + r * half) % (n - 1)] for i in range(n - 1)]
        fixed = players[n - 1]
        first = (arr[0], fixed) if r % 2 == 0 else (fixed, arr[0])
        pairs = [first] + [(arr[i], arr[n - 1 - i]) for i in range(1, half)]
        rounds.append(pairs)
    if double:
        rounds += [[(b, a) for a, b in rnd] for rnd in rounds]
    return rounds


def games_of(rounds: Sequence[Sequence[tuple[T | None, T | None]]]) -> list[tuple[int, T, T]]:
    """(round number from 1, home, away) for every real game, byes left out."""
    return [(r + 1, a, b) for r, rnd in enumerate(rounds) for a, b in rnd if a is not None and b is not None]
