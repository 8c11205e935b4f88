"""Nim's registration: what it declares and its preset."""

from __future__ import annotations

from collections.abc import Mapping

from tablesport.core import ConformanceBudget, Game, GameInfo, Ruleset

from .state import NimState

PRESETS = {"nim-2p": Ruleset("nim", "nim-2p", 2, "Nim, 2 players, 7 stones",
                             params={"stones": 7, "take_seconds": 30})}


class NimGame(Game):
    info = GameInfo(
        name="nim",
        title="Nim",
        decision_kinds=frozenset({"take"}),
        event_kinds=frozenset({"took"}),
        result_reasons=frozenset({"last_stone"}),
        conformance=ConformanceBudget(seeds=3, slow_seeds=10),
    )

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> NimState:
        return NimState(ruleset, seed)


GAME = NimGame()
