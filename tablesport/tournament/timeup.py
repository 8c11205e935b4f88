"""Time-up at a physical table: the edition's ladder applied to the board the referee types.

When the game clock runs out (and the current turn, or in 2012 the round, has ended) the referee reads
the board for each side and the manager adjudicates it (pure data in, a decision out). Each ladder:
its figures, in order; what happens when still level.

- ``sgs-3v3-2011`` (000 §一4), ``sgs-3v3-2014`` (001 §一4 2)): more surviving generals, less lost HP
  of the survivors, fewer technical points deducted; still level: 5 minutes of overtime, repeated
  until decided
- ``sgs-3v3-2012`` (003 §2.4.2): more surviving generals, less lost HP; still level: 5 minutes of
  overtime (repeated: reference D14)
- ``sgs-1v1-2014`` (001 1v1 §一3): more generals left (reserve and on the field), less lost HP of the
  general on the field; still level: 比点: each side shows a card, the higher rank wins

A 3v3 board per side: ``surviving`` (1–3: both commanders are alive at time-up, or the game would have
ended), ``lost_hp`` (max HP − HP summed over the survivors, a commander's max HP counting +1; HP below 0
counts as 0) and ``technical_points`` (deducted from the side in this game). A 1v1 board:
``generals_left`` (1–3) and ``lost_hp`` (of the general on the field).

:func:`first_difference` is the ladder itself, over any two mappings of figures; the Sanguosha
engine's own time-up (a live state) and this module can share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import TournamentError, in_words
from .rules import Rule, rule
from .series import Side

Better = Literal["more", "less"]
FIGURES = {"surviving": "surviving generals", "lost_hp": "lost HP", "technical_points": "technical points",
           "generals_left": "generals left"}
COMMANDER_MAX_HP = 5
"""The highest max HP of a 3v3 commander: 4 (no general of the seeds' pools has more) + 1 (000 glossary 7)."""
GENERAL_MAX_HP = 4


@dataclass(frozen=True, slots=True)
class Ladder:
    name: str
    rule: Rule
    steps: tuple[tuple[str, Better], ...]
    then: Literal["overtime", "compare_points"]
    overtime_minutes: int = 5
    mode: Literal["3v3", "1v1"] = "3v3"
    technical_limit: int | None = None
    loser_board: bool = True
    """The loser's figures at time-up count (000 glossary 17, 001 1v1 §三5); not in 2012 (003 §4.1 2)."""

    @property
    def figures(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.steps)

    def describe(self) -> str:
        steps = ", then ".join(f"{'more' if b == 'more' else 'fewer'} {FIGURES.get(k, k)}"
                               for k, b in self.steps)
        last = (f"{self.overtime_minutes} minutes of overtime, repeated" if self.then == "overtime"
                else "比点 (compare points)")
        return f"{steps}; still level: {last}"


_3V3_2011: tuple[tuple[str, Better], ...] = (("surviving", "more"), ("lost_hp", "less"),
                                             ("technical_points", "less"))

LADDERS: dict[str, Ladder] = {ld.name: ld for ld in (
    Ladder("sgs-3v3-2011", rule("time_up_3v3_2011"), _3V3_2011, "overtime"),
    Ladder("sgs-3v3-2014", rule("time_up_3v3_2014"), _3V3_2011, "overtime", technical_limit=3),
    Ladder("sgs-3v3-2012", rule("time_up_3v3_2012"), (("surviving", "more"), ("lost_hp", "less")), "overtime",
           technical_limit=3, loser_board=False),
    Ladder("sgs-1v1-2014", rule("time_up_1v1_2014"), (("generals_left", "more"), ("lost_hp", "less")),
           "compare_points", mode="1v1"),
)}


def get_ladder(name: str) -> Ladder:
    try:
        return LADDERS[name]
    except KeyError:
        raise TournamentError(f"{name!r} has no time-up ladder", allowed=sorted(LADDERS)) from None


def first_difference(steps: Sequence[tuple[str, Better]], a: Mapping[str, int], b: Mapping[str, int]
                     ) -> tuple[int, str] | None:
    """The ladder: (0 if ``a`` wins, 1 if ``b`` wins, the figure that decided), or None when level on all."""
    for key, better in steps:
        if a[key] != b[key]:
            a_wins = a[key] > b[key] if better == "more" else a[key] < b[key]
            return (0 if a_wins else 1), key
    return None


def _whole(value: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise TournamentError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}",
                              allowed=[f"{lo}–{hi}"], field=what.split()[-1])
    return value


def board_from(ladder: Ladder, value: Any, who: str) -> dict[str, int]:
    """One side's board, checked: known figures only, each in its range."""
    keys = set(ladder.figures) | ({"technical_points"} if ladder.mode == "3v3" else set())
    if not isinstance(value, Mapping):
        raise TournamentError(f"{who}: the board is a mapping of {in_words(sorted(keys))}, not {value!r}",
                              allowed=sorted(keys))
    value = {("technical_points" if k == "technical" else k): v for k, v in value.items()}
    unknown = set(value) - keys
    if unknown:
        raise TournamentError(f"{who}: unknown figure(s) {in_words(sorted(unknown))} "
                              f"for a {ladder.mode} time-up",
                              allowed=sorted(keys))
    out: dict[str, int] = {}
    if ladder.mode == "3v3":
        if "surviving" not in value:
            raise TournamentError(f"{who}: give the surviving generals "
                                  "(both commanders are alive at time-up)",
                                  allowed=["surviving: 1–3"], field="surviving")
        s = _whole(value["surviving"], f"{who}: surviving", 1, 3)
        out["surviving"] = s
        most = COMMANDER_MAX_HP + GENERAL_MAX_HP * (s - 1)
        out["lost_hp"] = _whole(value.get("lost_hp", 0), f"{who}: lost_hp", 0, most)
        hi = (ladder.technical_limit - 1) if ladder.technical_limit else 99
        out["technical_points"] = _whole(value.get("technical_points", 0), f"{who}: technical_points", 0, hi)
    else:
        if "generals_left" not in value:
            raise TournamentError(f"{who}: give the generals left (reserve and on the field)",
                                  allowed=["generals_left: 1–3"], field="generals_left")
        out["generals_left"] = _whole(value["generals_left"], f"{who}: generals_left", 1, 3)
        out["lost_hp"] = _whole(value.get("lost_hp", 0), f"{who}: lost_hp", 0, GENERAL_MAX_HP)
    return out


@dataclass(frozen=True, slots=True)
class TimeUpDecision:
    """What the ladder makes of a board: a winner (and the figure that decided), or the next step."""

    ladder: str
    boards: Mapping[str, Mapping[str, int]]
    """Per side ('a', 'b') the figures as read."""
    overtimes: int
    """Overtimes played before this board was read."""
    winner: Side | None = None
    decided_by: str | None = None
    """The figure that decided, or 'compare_points'."""
    next: Literal["overtime", "compare_points"] | None = None
    """When level on every figure: what follows (an overtime, or 比点 in 1v1)."""
    names: Mapping[str, str] = field(default_factory=dict)

    @property
    def decided(self) -> bool:
        return self.winner is not None

    def game(self) -> dict[str, Any]:
        """The game result to enter: the winner, 'time', both sides' figures (000 glossary 17: at time-up
        both boards are facts; an edition where the loser counts 0 ignores the loser's), the technical
        points."""
        if self.winner is None:
            raise TournamentError("the time-up board is level: nothing to enter yet")
        name = self.names.get(self.winner, self.winner)
        counted = [s for s in self.boards if s == self.winner or LADDERS[self.ladder].loser_board]
        out: dict[str, Any] = {"winner": name, "how": "time",
                               "surviving": {self.names.get(s, s): self.boards[s].get(
                                   "surviving", self.boards[s].get("generals_left", 0)) for s in counted},
                               "lost_hp": {self.names.get(s, s): self.boards[s]["lost_hp"] for s in counted}}
        tech = {self.names.get(s, s): b["technical_points"] for s, b in self.boards.items()
                if b.get("technical_points")}
        if tech:
            out["technical"] = tech
        return out

    def describe(self) -> str:
        if self.winner is not None:
            how = ("by 比点 (compare points)" if self.decided_by == "compare_points"
                   else f"on {FIGURES.get(str(self.decided_by), str(self.decided_by))}")
            return f"{self.names.get(self.winner, self.winner)} wins at time-up {how}"
        if self.next == "overtime":
            ld = LADDERS[self.ladder]
            return (f"level on every figure: overtime {self.overtimes + 1} of {ld.overtime_minutes} minutes, "
                    "then read the board again")
        return ("level on every figure: 比点 — each side shows a card, the higher rank wins; "
                "give the side that won")

    def to_json(self) -> dict[str, Any]:
        return {"ladder": self.ladder,
                "boards": {self.names.get(s, s): dict(b) for s, b in self.boards.items()},
                "overtimes": self.overtimes,
                "winner": self.names.get(self.winner, self.winner) if self.winner else None,
                "decided_by": self.decided_by, "next": self.next, "text": self.describe()}


def adjudicate(ladder_name: str, a: Any, b: Any, overtimes: int = 0, points_winner: Side | None = None,
               names: Mapping[str, str] | None = None) -> TimeUpDecision:
    """The decision for the boards ``a`` and ``b`` (mappings of figures, checked here).

    ``overtimes``: how many overtimes were played before this board was read. ``points_winner``: in 1v1,
    the side that won 比点 when the figures are level (asked for only then).
    """
    ld = get_ladder(ladder_name)
    nm = dict(names or {"a": "a", "b": "b"})
    if not isinstance(overtimes, int) or isinstance(overtimes, bool) or overtimes < 0:
        raise TournamentError(f"overtimes played must be a whole number ≥ 0, not {overtimes!r}",
                              field="overtimes")
    if ld.then != "overtime" and overtimes:
        raise TournamentError(f"{ld.name} has no overtime: a level board goes to 比点", rule=ld.rule,
                              allowed=["overtimes: 0"], field="overtimes")
    boards = {"a": board_from(ld, a, nm["a"]), "b": board_from(ld, b, nm["b"])}
    found = first_difference(ld.steps, boards["a"], boards["b"])
    sides: tuple[Side, Side] = ("a", "b")
    if found is not None:
        if points_winner is not None:
            raise TournamentError(f"the board is not level (it differs on {FIGURES[found[1]]}): no 比点",
                                  rule=ld.rule, field="points_winner")
        return TimeUpDecision(ld.name, boards, overtimes, sides[found[0]], found[1], names=nm)
    if ld.then == "compare_points":
        if points_winner is None:
            return TimeUpDecision(ld.name, boards, overtimes, next="compare_points", names=nm)
        if points_winner not in sides:
            raise TournamentError(f"the side that won 比点 is {nm['a']!r} or {nm['b']!r}, "
                                  f"not {points_winner!r}", allowed=[nm["a"], nm["b"]], field="points_winner")
        return TimeUpDecision(ld.name, boards, overtimes, points_winner, "compare_points", names=nm)
    if points_winner is not None:
        raise TournamentError(f"{ld.name} breaks a level board by overtime, not by 比点", rule=ld.rule,
                              field="points_winner")
    return TimeUpDecision(ld.name, boards, overtimes, next="overtime", names=nm)
