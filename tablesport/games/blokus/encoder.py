"""Blokus: action ``i`` is the placement ``MOVE_STRING[i]``, the last index is ``pass``."""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question
from tablesport.encoding.features import Features, Vector, one_hot


class BlokusEncoder(Encoder):
    def __init__(self, rs: Ruleset) -> None:
        from .board import MOVE_STRING
        from .pieces import PIECE_NAMES
        from .state import PASS

        self.moves = MOVE_STRING
        self.pass_ = PASS
        self.by_string = {m: i for i, m in enumerate(MOVE_STRING)}
        self.pieces = {name: i for i, name in enumerate(PIECE_NAMES)}
        self.letters = {"B": 0, "Y": 1, "R": 2, "G": 3}
        self.actions = len(MOVE_STRING) + 1
        self.features = Features([
            ("board", (4, 20, 20), "per colour (blue, yellow, red, green) its squares on the board"),
            ("to_move", (4,), "the colour to move (one-hot)"),
            ("pieces_left", (4, len(PIECE_NAMES)), "per colour the pieces it still holds"),
        ])

    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        obs = self.features.new()
        board = obs["board"]
        for r, row in enumerate(view["board"]):
            for c, ch in enumerate(row):
                colour = self.letters.get(ch)
                if colour is not None:
                    board[colour, r, c] = 1
        to_move = view.get("to_move")
        one_hot(obs["to_move"], int(to_move["colour"]) if to_move else None)
        for col in view["colours"]:
            for name in col["pieces_left"]:
                obs["pieces_left"][int(col["colour"]), self.pieces[name]] = 1
        return obs.vector()

    def index(self, action: Action) -> int:
        return self.actions - 1 if action == self.pass_ else self.by_string[action]

    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        return {(self.index(a),): a for a in decision.options_for(seat) or ()}

    def describe(self, index: int) -> str:
        return "pass" if index == self.actions - 1 else f"place {self.moves[index]}"


ENCODER = BlokusEncoder
