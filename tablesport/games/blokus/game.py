"""Blokus's registration: what the game declares and its presets (its rules are in ``state.py``)."""

from __future__ import annotations

from collections.abc import Mapping

from tablesport.core import (
    ConformanceBudget,
    Game,
    GameInfo,
    Ruleset,
)

from .state import BlokusState

SOURCE = "000_367602b2860311e8.txt — Blokus Competition Instructions"

PRESETS = {
    "blokus-event": Ruleset(
        "blokus", "blokus-event", 4, "Blokus, competition: 4 players, one colour each",
        params={"colour_seats": (0, 1, 2, 3), "move_seconds": 30, "on_timeout": "pass_turn"},
        source=SOURCE,
    ),
    "blokus-2p": Ruleset(
        "blokus", "blokus-2p", 2, "Blokus, two players with two colours each",
        params={"colour_seats": (0, 1, 0, 1), "move_seconds": 30, "on_timeout": "pass_turn"},
        source=SOURCE,
    ),
}


class BlokusGame(Game):
    info = GameInfo(
        name="blokus",
        title="Blokus",
        decision_kinds=frozenset({"place"}),
        event_kinds=frozenset({"placed", "passed", "all_placed", "timeout", "game_over"}),
        result_reasons=frozenset({"no_colour_can_place"}),
        conformance=ConformanceBudget(seeds=20, slow_seeds=1000),
    )

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> BlokusState:
        return BlokusState(ruleset, seed)


GAME = BlokusGame()
