"""Tie-break chains as data, and the ranking they produce.

A chain is a list of :class:`TieBreak` items, each naming a figure and whether more or less is
better. Ranking sorts by the first item; entrants still level form a tied group that the next
item splits, and so on. An item with ``head_to_head`` settles a group of *exactly two* still level
at that step by their games against each other (2012 §4.2 A/B/C: "如果出現2支隊伍…相同，比較2支隊的
勝負關係"); a group of three or more never uses head-to-head at that step but goes on to the next
item, and whenever such a group shrinks to a pair the pair's head-to-head applies at the step where
it is still level. When the chain runs out the group "needs a decision" (2012: "由組委會決定");
an organiser's recorded decision (an ordered list of entrant ids) that covers the whole group
orders it and is kept with the standings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from .errors import TournamentError

HeadToHead = Callable[[str, str], str | None]


@dataclass(frozen=True, slots=True)
class TieBreak:
    key: str
    direction: Literal["desc", "asc"] = "desc"
    head_to_head: bool = False
    label: str = ""

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "direction": self.direction, "head_to_head": self.head_to_head,
                "label": self.label}


def tiebreak_from(value: object) -> TieBreak:
    """From a document: ``"points"``, ``"-lost_hp"`` (fewer is better) or a mapping."""
    if isinstance(value, str):
        return TieBreak(value.lstrip("-+"), "asc" if value.startswith("-") else "desc")
    if isinstance(value, Mapping) and "key" in value:
        d = value.get("direction", "desc")
        if d not in ("asc", "desc"):
            raise TournamentError(f"tie-break direction must be 'asc' or 'desc', not {d!r}")
        return TieBreak(str(value["key"]), d, bool(value.get("head_to_head", False)),
                        str(value.get("label", "")))
    raise TournamentError(f"a tie-break is a key or a mapping with 'key', not {value!r}")


@dataclass(slots=True)
class Placing:
    entrant: str
    rank: int
    values: dict[str, float]
    needs_decision: bool = False
    decided_by: str | None = None
    """'head_to_head' or 'organiser' when that is what placed this entrant within its tied group."""
    tied_with: tuple[str, ...] = field(default_factory=tuple)
    decided_at: str | None = None
    """The chain item (its key) at which this entrant was separated from everyone level with it before;
    'organiser' for a recorded decision; None while it needs a decision."""
    against: str | None = None
    """The other entrant of the pair, when head-to-head placed it."""


def rank(entrants: Sequence[str], values: Mapping[str, Mapping[str, float]], chain: Sequence[TieBreak],
         head_to_head: HeadToHead | None = None, decisions: Sequence[Sequence[str]] = ()) -> list[Placing]:
    """Order ``entrants`` by ``chain``. Unresolved ties share a rank and are flagged."""
    for item in chain:
        for e in entrants:
            if item.key not in values.get(e, {}):
                raise TournamentError(f"no value {item.key!r} for {e!r}")
    blocks = _order(list(entrants), 0, values, chain, head_to_head, decisions)
    out: list[Placing] = []
    pos = 1
    for members, needs, how, at, against in blocks:
        for i, e in enumerate(members):
            r = pos if needs else pos + i
            out.append(Placing(e, r, {k.key: values[e][k.key] for k in chain}, needs, how or None,
                               tuple(m for m in members if m != e) if needs else (), at or None,
                               against or None))
        pos += len(members)
    return out


def decide_at_cut(placings: Sequence[Placing], cut: int) -> list[Placing]:
    """``placings`` (best first, from :func:`rank`) where the top ``cut`` go on to a final and the order
    within each side of the cut decides nothing (seed 000 Pictionary §5: "The 2 teams with the highest
    points will proceed to the finals"; Ticket to Ride 4, Monopoly Deal and Blokus: the top 4): a tie the
    chain cannot break needs a decision only when it straddles the cut (2nd and 3rd level for a final of
    2). Level entrants all inside the cut, or all outside it, keep their shared rank without the flag."""
    out = list(placings)
    i = 0
    while i < len(out):
        j = i + 1
        if out[i].needs_decision:
            while j < len(out) and out[j].needs_decision and out[j].rank == out[i].rank:
                j += 1
            first, last = out[i].rank, out[i].rank + (j - i) - 1
            if not first <= cut < last:
                out[i:j] = [replace(p, needs_decision=False) for p in out[i:j]]
        i = j
    return out


Block = tuple[list[str], bool, str, str, str]
"""(members, needs a decision, how ('' / 'head_to_head' / 'organiser'), the chain key that separated it,
the head-to-head opponent)."""


def _order(group: list[str], step: int, values: Mapping[str, Mapping[str, float]], chain: Sequence[TieBreak],
           h2h: HeadToHead | None, decisions: Sequence[Sequence[str]]) -> list[Block]:
    if len(group) == 1:
        return [(group, False, "", chain[0].key if chain else "", "")]
    if step >= len(chain):
        for d in decisions:
            if set(group) <= set(d):
                return [([e], False, "organiser", "organiser", "") for e in sorted(group, key=list(d).index)]
        return [(sorted(group), True, "", "", "")]
    item = chain[step]
    sign = -1 if item.direction == "desc" else 1
    ordered = sorted(group, key=lambda e: (sign * values[e][item.key], e))
    out: list[Block] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and values[ordered[j]][item.key] == values[ordered[i]][item.key]:
            j += 1
        block = ordered[i:j]
        if len(block) == 2 and item.head_to_head and h2h is not None:
            w = h2h(block[0], block[1])
            if w is not None:
                if w not in block:
                    raise TournamentError(f"head-to-head returned {w!r}, not one of {block}")
                loser = block[1] if w == block[0] else block[0]
                out += [([w], False, "head_to_head", item.key, loser),
                        ([loser], False, "head_to_head", item.key, w)]
                i = j
                continue
        if len(block) == 1:
            out.append((block, False, "", item.key, ""))
        else:
            out += _order(block, step + 1, values, chain, h2h, decisions)
        i = j
    return out
