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

    def ui_strings(self) -> dict[str, dict[str, str]]:
        """``ui.yaml`` and each piece's name (``bk.piece_name.Z5``), from the names the log's lines use
        (``texts/game.yaml`` ``values.piece``): the tray and the log name a piece alike."""
        import yaml

        strings = super().ui_strings()
        path = self.texts("game")
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path is not None else {}
        for piece, texts in (data.get("values") or {}).get("piece", {}).items():
            strings[f"bk.piece_name.{piece}"] = {str(lang): str(text) for lang, text in texts.items()}
        return strings


GAME = BlokusGame()
