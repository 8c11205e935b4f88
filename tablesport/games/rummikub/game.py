"""Rummikub's registration: what the game declares and its presets (its rules are in ``state.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import (
    ConformanceBudget,
    Game,
    GameInfo,
    Ruleset,
)

from . import scoring
from .state import RummikubState

SOURCE = "seed 002_d43bc495140580d4 (Rummikub 2018, 裘錦秋中學 primary-school competition)"


def _params(seats: int) -> dict[str, Any]:
    return {
        "groups": [scoring.JUNIOR] * seats,
        "rack_tiles": 14,
        "initial_meld": 30,
        "turn_seconds": 60,
        "arrange_seconds": 60,
        "penalty_tiles": 3,
        "senior_multiplier": 1.2,
    }


PRESETS = {
    "rummikub-2018": Ruleset("rummikub", "rummikub-2018", 4, "Rummikub 2018 school competition, 4 players",
                             params=_params(4), source=SOURCE),
    "rummikub-2018-3p": Ruleset("rummikub", "rummikub-2018-3p", 3, "Rummikub 2018 rules, 3 players",
                                params=_params(3), source=SOURCE),
    "rummikub-2018-2p": Ruleset("rummikub", "rummikub-2018-2p", 2, "Rummikub 2018 rules, 2 players",
                                params=_params(2), source=SOURCE),
}


class RummikubGame(Game):
    info = GameInfo(
        name="rummikub",
        title="Rummikub (魔力橋)",
        decision_kinds=frozenset({"turn", "reshuffle"}),
        event_kinds=frozenset({"deal", "rack", "draw", "drawn", "penalty", "play", "end", "timeout",
                               "reshuffle", "keep"}),
        result_reasons=frozenset({"went_out", "pool_out"}),
        hidden_information=True,
        chance=True,
        conformance=ConformanceBudget(seeds=4, slow_seeds=200, deep_every=5),
    )

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> RummikubState:
        return RummikubState(ruleset, seed)

    def warm(self) -> None:
        """The solver's compiled search (numba: ~0.5 s to import, ~0.2 s to load from its cache)."""
        from .search import compile_all

        compile_all()



GAME = RummikubGame()
