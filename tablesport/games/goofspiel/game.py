"""Goofspiel's registration: what the game declares and its presets (its rules are in ``state.py``)."""

from __future__ import annotations

from collections.abc import Mapping

from tablesport.core import (
    Game,
    GameInfo,
    Ruleset,
)

from .state import GoofspielState

PRESETS = {
    "goofspiel-2p": Ruleset("goofspiel", "goofspiel-2p", 2, "Goofspiel, 2 players, 13 cards",
                            params={"cards": 13, "bid_seconds": 30}),
    "goofspiel-3p": Ruleset("goofspiel", "goofspiel-3p", 3, "Goofspiel, 3 players, 13 cards",
                            params={"cards": 13, "bid_seconds": 30}),
}


class GoofspielGame(Game):
    info = GameInfo(
        name="goofspiel",
        title="Goofspiel (protocol example)",
        decision_kinds=frozenset({"bid"}),
        event_kinds=frozenset({"bid", "my_bid", "reveal", "timeout"}),
        result_reasons=frozenset({"all_prizes_taken"}),
        simultaneous=True,
        hidden_information=True,
        chance=True,
    )

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> GoofspielState:
        return GoofspielState(ruleset, seed)


GAME = GoofspielGame()
