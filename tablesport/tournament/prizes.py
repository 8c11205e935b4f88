"""Prizes per competition and who receives them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Prize:
    place: int
    title: str
    description: str
    value: int = 0


def award(prizes: Sequence[Prize], placings: Mapping[int, str]) -> list[tuple[Prize, str | None]]:
    """Each prize with its winner (None while that place is not decided)."""
    return [(p, placings.get(p.place)) for p in prizes]


def podium(champion: str, runner_up: str, third: str) -> tuple[Prize, ...]:
    return (Prize(1, "Champion", champion), Prize(2, "1st runner-up", runner_up), Prize(3, "2nd runner-up", third))
