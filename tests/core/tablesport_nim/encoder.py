"""Nim's RL encoder: action ``i`` takes ``i + 1`` stones."""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question
from tablesport.encoding.features import Features, Vector

from .state import MOST


class NimEncoder(Encoder):
    def __init__(self, rs: Ruleset) -> None:
        self.stones = int(rs["stones"])
        self.actions = MOST
        self.features = Features([("stones", (1,), "the stones left / the stones at the start")])

    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        obs = self.features.new()
        obs["stones"][0] = view["stones"] / self.stones
        return obs.vector()

    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        return {(int(n) - 1,): n for n in decision.options_for(seat) or ()}

    def describe(self, index: int) -> str:
        return f"take {index + 1}"


ENCODER = NimEncoder
