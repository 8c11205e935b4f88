"""Fixed-size observations and action indexes for the games that have RL environments.

An encoder turns what a seat may know — ``state.view(seat)``, nothing else — into a float32 vector
in [0, 1], and a game's actions into a fixed index space (``actions`` indexes); the legal options of
a decision become the action mask.  Games without an encoder here have no RL environment yet (see
docs/rl.md for why).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tablesport.core import Action, RuleError, Ruleset

Vector = Any
"""A float32 numpy vector (numpy's array types are not spelled out here)."""


class Encoder:
    """The interface: ``actions`` (size of the index space), ``size`` (of an observation)."""

    actions: int
    size: int

    def observe(self, view: dict[str, Any]) -> Vector:
        raise NotImplementedError

    def index(self, action: Action) -> int:
        raise NotImplementedError

    def action(self, index: int) -> Action:
        raise NotImplementedError

    def _check(self, index: int) -> int:
        if isinstance(index, bool) or not 0 <= int(index) < self.actions:
            raise RuleError("action_index", f"action index {index!r} is outside the action space",
                            f"0 .. {self.actions - 1}")
        return int(index)


class GoofspielEncoder(Encoder):
    """Goofspiel: action ``i`` bids the card ``i + 1``.

    Observation (seats listed from the observer on, so the observer is always first): the hand, the
    prize on the table and the prizes still to come (one slot per rank each); prizes won so far
    (shares of all prizes), cards left and who has bid, per seat; the cards each other seat has
    played (one slot per rank per seat, from the revealed bids)."""

    def __init__(self, rs: Ruleset) -> None:
        self.n = int(rs["cards"])
        self.seats = rs.seats
        self.actions = self.n
        self.size = 3 * self.n + 3 * self.seats + (self.seats - 1) * self.n
        self.total = self.n * (self.n + 1) / 2

    def observe(self, view: dict[str, Any]) -> Vector:
        n, k = self.n, self.seats
        me = int(view["seat"])
        order = [(me + i) % k for i in range(k)]
        out = np.zeros(self.size, dtype=np.float32)
        for token in view["hand"]:
            out[int(token.split(":")[1]) - 1] = 1
        if view["prize"] is not None:
            out[n + int(view["prize"]) - 1] = 1
        seen = {int(h["prize"]) for h in view["history"]}
        if view["prize"] is not None:
            seen.add(int(view["prize"]))
        for rank in range(1, n + 1):
            if rank not in seen:
                out[2 * n + rank - 1] = 1
        base = 3 * n
        for i, s in enumerate(order):
            out[base + i] = view["won"][s] / self.total
            out[base + k + i] = view["cards_left"][s] / n
            out[base + 2 * k + i] = 1.0 if view["has_bid"][s] else 0.0
        base += 3 * k
        for h in view["history"]:
            for token in h["bids"]:
                s, rank = (int(x) for x in token.split(":"))
                if s != me:
                    out[base + (order.index(s) - 1) * n + rank - 1] = 1
        return out

    def index(self, action: Action) -> int:
        return int(action) - 1

    def action(self, index: int) -> Action:
        return self._check(index) + 1


class BlokusEncoder(Encoder):
    """Blokus: action ``i`` is the placement ``MOVE_STRING[i]``, the last index is ``pass``.

    Observation: one 20×20 plane per colour (its squares on the board), the colour to move (one of
    four), and per colour which of the 21 pieces it still holds."""

    def __init__(self, rs: Ruleset) -> None:
        from tablesport.games.blokus.board import MOVE_STRING
        from tablesport.games.blokus.game import PASS
        from tablesport.games.blokus.pieces import PIECE_NAMES

        self.moves = MOVE_STRING
        self.pass_ = PASS
        self.by_string = {m: i for i, m in enumerate(MOVE_STRING)}
        self.pieces = {name: i for i, name in enumerate(PIECE_NAMES)}
        self.letters = {"B": 0, "Y": 1, "R": 2, "G": 3}
        self.actions = len(MOVE_STRING) + 1
        self.size = 4 * 400 + 4 + 4 * len(PIECE_NAMES)

    def observe(self, view: dict[str, Any]) -> Vector:
        out = np.zeros(self.size, dtype=np.float32)
        for r, row in enumerate(view["board"]):
            for c, ch in enumerate(row):
                colour = self.letters.get(ch)
                if colour is not None:
                    out[colour * 400 + r * 20 + c] = 1
        to_move = view.get("to_move")
        if to_move:
            out[1600 + int(to_move["colour"])] = 1
        for col in view["colours"]:
            for name in col["pieces_left"]:
                out[1604 + int(col["colour"]) * len(self.pieces) + self.pieces[name]] = 1
        return out

    def index(self, action: Action) -> int:
        return self.actions - 1 if action == self.pass_ else self.by_string[action]

    def action(self, index: int) -> Action:
        i = self._check(index)
        return self.pass_ if i == self.actions - 1 else self.moves[i]


ENCODERS: dict[str, Callable[[Ruleset], Encoder]] = {
    "goofspiel": GoofspielEncoder,
    "blokus": BlokusEncoder,
}
"""Game name → encoder. The games missing here have no environment yet (docs/rl.md says why)."""
