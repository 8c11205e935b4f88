"""Rummikub bots built on the exact solver.

* ``greedy``: lays the most tiles it can every turn (the solver's optimum; the initial-meld
  variant until it has melded); draws when it can lay nothing.
* ``planner``: plays to the seed's scoring.  It melds as soon as it can (a rack that could have
  melded costs 200 at the end); after that it holds its jokers back (a joker laid early feeds the
  others' rearrangements) and lays the most *points* it can without them; when an opponent is
  close to going out or the pool is nearly empty it empties its rack by value, jokers (30 each)
  included; it always goes out when it can.

Both read only their own view: the table and their own rack.
"""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Bot, Decision, State

from .game import RummikubState, codes
from .solver import solve
from .tiles import JOKER

DRAW = {"type": "draw"}


class GreedyBot(Bot):
    name = "greedy"

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        if decision.kind == "reshuffle":
            return "keep"
        assert isinstance(state, RummikubState)
        move = state.solver_move(seat)
        return move if move is not None else DRAW


class PlannerBot(Bot):
    name = "planner"

    def __init__(self, rng: Any = None, danger: int = 4, pool_low: int = 10, **options: Any) -> None:
        super().__init__(rng, **options)
        self.danger = int(danger)
        self.pool_low = int(pool_low)

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        if decision.kind == "reshuffle":
            return "keep"
        assert isinstance(state, RummikubState)
        view = state.view(seat)
        table = [codes(s) for s in view["table"]]
        rack = codes(view["rack"])
        if not view["melded"][seat]:
            sol = solve(table, rack, melded=False, objective="value")
            return state.action_from_codes(seat, sol.table) if sol.tiles_placed else DRAW
        full = solve(table, rack, melded=True, objective="value")
        if full.tiles_placed == len(rack):
            return state.action_from_codes(seat, full.table)
        others = [k for s, k in enumerate(view["rack_sizes"]) if s != seat]
        if min(others) <= self.danger or view["pool"] <= self.pool_low:
            return state.action_from_codes(seat, full.table) if full.tiles_placed else DRAW
        plain = [c for c in rack if c != JOKER]
        if len(plain) < len(rack):
            held = solve(table, plain, melded=True, objective="value")
        else:
            held = full
        return state.action_from_codes(seat, held.table) if held.tiles_placed else DRAW
