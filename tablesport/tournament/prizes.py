"""Prizes per competition and who receives them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


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
    return (Prize(1, "Champion", champion), Prize(2, "1st runner-up", runner_up),
            Prize(3, "2nd runner-up", third))


def places_from_rows(rows: Sequence[Mapping[str, Any]], prizes: Sequence[Prize]) -> dict[int, str]:
    """Places 1.. from standings rows (best first). Entrants still level (``needs_decision``) get their places
    only when the prizes over those places are all the same award (e.g. two merit awards); otherwise those
    places stay undecided until the organiser decides."""
    title = {p.place: p.title for p in prizes}
    out: dict[int, str] = {}
    i = 0
    while i < len(rows) and i < len(prizes):
        block = [rows[i]]
        if rows[i]["needs_decision"]:
            block = [r for r in rows[i:] if r["rank"] == rows[i]["rank"] and r["needs_decision"]]
        spots = range(i + 1, i + 1 + len(block))
        awards = {title.get(k) for k in spots if k in title}
        if len(block) == 1 or (len(awards) == 1 and all(k in title for k in spots)):
            for k, r in zip(spots, block, strict=True):
                out[k] = r["entrant"]
        i += len(block)
    return out
