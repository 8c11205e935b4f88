"""The final places of a competition played in groups and then a knock-out (seed 000 §一2: 4 groups, the
top 2 to the quarter-finals; the final and the 3rd-place match): the bracket places its entrants — champion,
runner-up, the 3rd-place match's winner and loser, then those out in each earlier round sharing places —
and the groups place everyone else below them, level by their place in their own group (group
figures are never compared across groups)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .knockout import Bracket, round_name

REACHED = {1: "champion", 2: "final", 3: "3rd-place match", 4: "3rd-place match"}


def _span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


def final_places(
    bracket: Bracket | None, groups: Mapping[str, Sequence[Mapping[str, Any]]]
) -> list[dict[str, Any]]:
    """Rows best first: ``place`` ("1", "5–8"; "" while the entrant still plays), ``entrant``, ``group``,
    ``reached`` (champion, final, 3rd-place match, the round lost in, "knock-out" while still in, or
    "group"), and the entrant's group row (``group_rank``, ``points``, ``tiebreaks``, ``needs_decision``:
    a tie inside its group only)."""
    row_of = {r["entrant"]: (g, r) for g, rows in groups.items() for r in rows}
    placed: dict[str, tuple[int, int, str]] = {}
    in_bracket: list[str] = []
    if bracket is not None and bracket.rounds:
        in_bracket = [e for m in bracket.rounds[0] for e in (m.a, m.b) if e]
        for place, who in bracket.placings().items():
            placed[who] = (place, place, REACHED[place])
        for rnd in bracket.rounds[:-1]:
            m = len(rnd)
            for match in rnd:
                lost = match.loser
                if lost and lost not in placed:
                    if m == 2 and bracket.third_place is not None:
                        continue  # the 3rd-place match places the semi-finals' losers
                    placed[lost] = (m + 1, 2 * m, round_name(m))
    out: list[dict[str, Any]] = []
    for who in in_bracket:
        g, r = row_of.get(who, ("", {}))
        lo, hi, reached = placed.get(who, (0, 0, "knock-out"))
        out.append(_row(who, g, r, _span(lo, hi) if lo else "", reached, lo or len(in_bracket), False))
    start = len(in_bracket) + 1
    rest = [(r["rank"], g, r) for g, rows in groups.items() for r in rows if r["entrant"] not in in_bracket]
    for level in sorted({k for k, _, _ in rest}):
        same = sorted(((g, r) for k, g, r in rest if k == level), key=lambda x: x[0])
        for g, r in same:
            out.append(
                _row(
                    r["entrant"],
                    g,
                    r,
                    _span(start, start + len(same) - 1),
                    "group",
                    start,
                    bool(r.get("needs_decision")),
                )
            )
        start += len(same)
    out.sort(key=lambda x: (x.pop("_lo"), x["group_rank"], x["group"]))
    return out


def _row(
    who: str, group: str, r: Mapping[str, Any], place: str, reached: str, lo: int, undecided: bool
) -> dict[str, Any]:
    return {
        "place": place,
        "entrant": who,
        "group": group,
        "reached": reached,
        "_lo": lo,
        "group_rank": r.get("rank", 0),
        "points": r.get("points", 0),
        "tiebreaks": dict(r.get("tiebreaks", {})),
        "needs_decision": undecided,
    }
