"""Nim's rules: one pile, 1 to 3 stones a turn, the last stone wins."""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Decision, Event, Result, Rng, RuleError, Ruleset, State

MOST = 3


class NimState(State):
    __slots__ = ("ruleset", "rng", "stones", "turn", "winner")

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset = ruleset
        self.rng = Rng(seed)
        self.stones = int(ruleset["stones"])
        self.turn = 0
        self.winner: int | None = None

    def pending(self) -> Decision | None:
        if self.winner is not None:
            return None
        most = min(MOST, self.stones)
        return Decision((self.turn,), "take", f"Take 1 to {most} stones of {self.stones}",
                        tuple(range(1, most + 1)), self.ruleset["take_seconds"], "one stone is taken",
                        {"most": most, "left": self.stones})

    def apply(self, seat: int, action: Action) -> list[Event]:
        decision = self.pending()
        if decision is None or seat not in decision.seats:
            raise RuleError("turn", f"seat {seat} does not take now")
        if isinstance(action, bool) or action not in tuple(decision.options or ()):
            raise RuleError("take", f"{action!r} is not a number of stones to take",
                            f"1 to {min(MOST, self.stones)}")
        self.stones -= int(action)
        if self.stones == 0:
            self.winner = seat
        self.turn = 1 - seat
        return [Event("took", {"seat": seat, "stones": int(action), "left": self.stones})]

    def timeout(self, seat: int) -> list[Event]:
        return self.apply(seat, 1)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "stones": self.stones, "turn": self.turn}

    def clone(self) -> NimState:
        other = NimState.__new__(NimState)
        other.ruleset, other.rng = self.ruleset, self.rng.copy()
        other.stones, other.turn, other.winner = self.stones, self.turn, self.winner
        return other

    def result(self) -> Result | None:
        if self.winner is None:
            return None
        return Result(tuple(1 if s == self.winner else 2 for s in range(2)),
                      tuple(1.0 if s == self.winner else 0.0 for s in range(2)), "last_stone")

    def snapshot(self) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn, "winner": self.winner, "rng": self.rng.state}
