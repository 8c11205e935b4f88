"""Drawing entrants into groups: snake seeding, or pots with a seeded random draw.

Seed 000: 16 teams drawn into 4 groups for a single round robin; the top 2 of each group go on.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablesport.core import Rng

from .errors import TournamentError


def group_names(count: int) -> list[str]:
    if not 1 <= count <= 26:
        raise TournamentError(f"the number of groups must be between 1 and 26, not {count}")
    return [chr(ord("A") + i) for i in range(count)]


def snake(ranked: Sequence[str], groups: int) -> dict[str, list[str]]:
    """Seeds 1..g go to A..; seeds g+1..2g come back from the last group, and so on."""
    names = group_names(groups)
    out: dict[str, list[str]] = {g: [] for g in names}
    for i, e in enumerate(ranked):
        line, pos = divmod(i, groups)
        g = names[pos] if line % 2 == 0 else names[groups - 1 - pos]
        out[g].append(e)
    return out


def pots(ranked: Sequence[str], groups: int) -> list[list[str]]:
    """Pot k holds seeds k*g+1 .. (k+1)*g (the last pot may be short)."""
    return [list(ranked[i:i + groups]) for i in range(0, len(ranked), groups)]


def draw_from_pots(ranked: Sequence[str], groups: int, rng: Rng) -> dict[str, list[str]]:
    """Each group draws one entrant from each pot in turn (one per pot per group)."""
    names = group_names(groups)
    out: dict[str, list[str]] = {g: [] for g in names}
    for pot in pots(ranked, groups):
        drawn = list(pot)
        rng.shuffle(drawn)
        targets = list(names)
        if len(drawn) < groups:  # a short last pot: the groups that receive one are drawn too
            rng.shuffle(targets)
        for g, e in zip(targets, drawn, strict=False):
            out[g].append(e)
    return out


def draw_groups(ranked: Sequence[str], groups: int, method: str = "snake",
                seed: int = 0) -> dict[str, list[str]]:
    """``ranked`` is in seeding order (best first). ``method`` is 'snake' or 'pots'."""
    if len(set(ranked)) != len(ranked):
        raise TournamentError("an entrant appears twice in the draw")
    if len(ranked) < 2 * groups:
        raise TournamentError(f"{len(ranked)} entrants cannot fill {groups} groups of at least 2")
    if method == "snake":
        return snake(ranked, groups)
    if method == "pots":
        return draw_from_pots(ranked, groups, Rng(seed))
    raise TournamentError(f"unknown draw method {method!r}; allowed: snake, pots")
