"""Knock-out brackets: single elimination with byes to the top seeds, group winners crossed
(A1–B2, B1–A2, ...), a 3rd-place match between the losing semi-finalists, and a final.

Seed 000: after the groups (top 2 of 4 groups) come quarter-finals, semi-finals, and the 3rd-place
match and the final played at the same time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import TournamentError


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket order so that seeds 1 and 2 can only meet in the final
    (1, 8, 4, 5, 2, 7, 3, 6)."""
    if size < 2 or size & (size - 1):
        raise TournamentError(f"a bracket size must be a power of two, not {size}")
    order = [1, 2]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def round_name(matches_in_round: int) -> str:
    return {1: "final", 2: "semi-final", 4: "quarter-final"}.get(matches_in_round,
                                                                  f"round of {2 * matches_in_round}")


@dataclass(slots=True)
class Match:
    key: str
    round: int
    a: str | None
    b: str | None
    winner: str | None = None
    bye: bool = False

    @property
    def loser(self) -> str | None:
        if self.winner is None or self.bye:
            return None
        return self.b if self.winner == self.a else self.a

    def to_json(self) -> dict[str, object]:
        return {"key": self.key, "round": self.round, "a": self.a, "b": self.b, "winner": self.winner,
                "bye": self.bye}


@dataclass(slots=True)
class Bracket:
    """Rounds of matches; the winners of matches 2i and 2i+1 meet in the next round."""

    rounds: list[list[Match]]
    third_place: Match | None = None
    with_third_place: bool = True
    names: list[str] = field(default_factory=list)

    @classmethod
    def from_pairs(cls, pairs: Sequence[tuple[str | None, str | None]], third_place: bool = True) -> Bracket:
        n = len(pairs)
        if n < 1 or n & (n - 1):
            raise TournamentError(f"the first round needs a power-of-two number of matches, not {n}")
        seen = [e for p in pairs for e in p if e is not None]
        if len(seen) != len(set(seen)):
            raise TournamentError("an entrant appears twice in the bracket")
        rounds: list[list[Match]] = []
        first = []
        for i, (a, b) in enumerate(pairs):
            if a is None and b is None:
                raise TournamentError("a first-round match needs at least one entrant")
            m = Match(f"R1-{i + 1}", 1, a, b)
            if a is None or b is None:
                m.bye, m.winner = True, a if a is not None else b
            first.append(m)
        rounds.append(first)
        size = n
        r = 1
        while size > 1:
            size //= 2
            r += 1
            rounds.append([Match(f"R{r}-{i + 1}", r, None, None) for i in range(size)])
        br = cls(rounds, None, third_place and n >= 2)
        br.names = [round_name(len(rnd)) for rnd in rounds]
        br._advance()
        return br

    def matches(self) -> list[Match]:
        out = [m for rnd in self.rounds for m in rnd]
        if self.third_place:
            out.append(self.third_place)
        return out

    def find(self, key: str) -> Match:
        for m in self.matches():
            if m.key == key:
                return m
        raise TournamentError(f"no match {key!r} in this bracket; matches: {[m.key for m in self.matches()]}")

    def ready(self) -> list[Match]:
        """Matches with both entrants known and no winner yet (what can be played now)."""
        return [m for m in self.matches() if m.a and m.b and m.winner is None]

    def record(self, key: str, winner: str) -> None:
        m = self.find(key)
        if m.a is None or m.b is None:
            raise TournamentError(f"match {key} is not ready: its entrants are not known yet")
        if winner not in (m.a, m.b):
            raise TournamentError(f"{winner!r} does not play in {key}; allowed: {m.a!r} or {m.b!r}")
        if m.winner is not None and m.winner != winner:
            raise TournamentError(f"match {key} already has winner {m.winner!r}; "
                                  "correct it instead of re-entering")
        later = [x for x in self.matches()
                 if x.round > m.round and x.winner is not None and m.winner in (x.a, x.b)]
        if m.winner is not None and later:
            raise TournamentError(f"match {key} already fed later results")
        m.winner = winner
        self._advance()

    def _advance(self) -> None:
        for r in range(len(self.rounds) - 1):
            for i, nxt in enumerate(self.rounds[r + 1]):
                nxt.a = self.rounds[r][2 * i].winner
                nxt.b = self.rounds[r][2 * i + 1].winner
        if self.with_third_place and len(self.rounds) >= 2:
            semis = self.rounds[-2]
            if len(semis) == 2:
                if self.third_place is None:
                    self.third_place = Match("3rd", len(self.rounds), None, None)
                self.third_place.a, self.third_place.b = semis[0].loser, semis[1].loser

    def placings(self) -> dict[int, str]:
        """1 = champion, 2 = runner-up, 3 and 4 from the 3rd-place match (once played)."""
        final = self.rounds[-1][0]
        out: dict[int, str] = {}
        if final.winner:
            out[1] = final.winner
            loser = final.loser
            if loser:
                out[2] = loser
        if self.third_place and self.third_place.winner:
            out[3] = self.third_place.winner
            loser = self.third_place.loser
            if loser:
                out[4] = loser
        return out


def single_elimination(seeded: Sequence[str], third_place: bool = True) -> Bracket:
    """``seeded`` best first; the bracket is the next power of two and the byes go to the top seeds."""
    n = len(seeded)
    if n < 2:
        raise TournamentError("a knock-out needs at least 2 entrants")
    size = 1
    while size < n:
        size *= 2
    order = bracket_order(size)
    slot = [seeded[s - 1] if s <= n else None for s in order]
    return Bracket.from_pairs([(slot[i], slot[i + 1]) for i in range(0, size, 2)], third_place)


def crossed_pairs(group_rankings: Mapping[str, Sequence[str]]) -> list[tuple[str, str]]:
    """Group winners crossed with the neighbouring group's runner-up: A1–B2, C1–D2, B1–A2, D1–C2.

    Listed in bracket order, so the two entrants of one group can only meet again in the final.
    """
    names = sorted(group_rankings)
    if len(names) < 2 or len(names) % 2:
        raise TournamentError(f"crossing needs an even number of groups, not {len(names)}")
    for g in names:
        if len(group_rankings[g]) < 2:
            raise TournamentError(f"group {g} has no runner-up yet")
    top: list[tuple[str, str]] = []
    bottom: list[tuple[str, str]] = []
    for i in range(0, len(names), 2):
        x, y = names[i], names[i + 1]
        top.append((group_rankings[x][0], group_rankings[y][1]))
        bottom.append((group_rankings[y][0], group_rankings[x][1]))
    return top + bottom


def groups_to_knockout(group_rankings: Mapping[str, Sequence[str]], third_place: bool = True) -> Bracket:
    return Bracket.from_pairs(list(crossed_pairs(group_rankings)), third_place)
