"""Rummikub bots built on the exact solver.

* ``greedy``: lays the most tiles it can every turn (the solver's optimum; the initial-meld
  variant until it has melded); draws when it can lay nothing.
* ``planner``: plays to the seed's scoring.  It melds as soon as it can (a rack that could have
  melded costs 200 at the end); after that it holds its jokers back (a joker laid early feeds the
  others' rearrangements) and lays the most *points* it can without them; when an opponent is
  close to going out or the pool is nearly empty it empties its rack by value, jokers (30 each)
  included; it always goes out when it can.
* ``rollout``: a search on top of the planner.  Each turn it makes a handful of distinct plays
  with the solver (most tiles, most points, most points without the jokers, the planner's play,
  only the tiles that need the table, only the sets the rack makes alone, drawing), then plays each
  out in the same sampled deals of the hidden tiles (the pool and the others' racks, drawn from
  what its seat cannot see) with the planner for every seat, to the end of the game, and keeps the
  play that won most rollouts (then the best mean score under the seed's scoring).  It goes out at
  once when it can.

All read only their own view: the table and their own rack (the rollout bot also the rack sizes
and the pool size, which are public).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tablesport.core import Action, Bot, BotOption, Decision, State

from .solver import solve
from .state import RummikubState, codes
from .tiles import JOKER, penalty

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
    OPTIONS = {
        "danger": BotOption(0, 14, "an opponent's rack size that makes it lay down all it can", integer=True),
        "pool_low": BotOption(0, 106, "pool size that ends holding jokers back", integer=True),
    }

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


Move = dict[str, Any]


def rack_value(rack: Sequence[str]) -> int:
    """What a rack (tile ids) would cost at the end: the numbers, a joker 30."""
    return sum(penalty(c) for c in codes(rack))


class RolloutBot(Bot):
    """Chooses among a few solver plays by playing each out in sampled deals (see the module doc).

    ``rollouts``: sampled deals per decision, the same deals for every candidate (common random
    numbers make the comparison much sharper than independent samples); ``horizon``: turns played
    after the candidate before a rollout is scored by its racks (0, the default: to the end of the
    game), see ``horizon_score``; a finished rollout scores the seed's final score plus
    ``win_bonus`` when the seat won it (the default 1000 makes the choice one of games won first,
    points second: a match counts games won).  Ties go to the planner's play.
    """

    name = "rollout"
    OPTIONS = {
        "rollouts": BotOption(1, 200, "sampled deals per candidate play", integer=True),
        "horizon": BotOption(0, 50, "turns a rollout plays before it is scored", integer=True),
        "margin": BotOption(0, 100, "standard errors a play must gain by to replace the planner's"),
        "win_bonus": BotOption(0, 1000, "points a finished rollout adds when the seat won it"),
    }

    def __init__(self, rng: Any = None, rollouts: int = 8, horizon: int = 0, margin: float = 0.0,
                 win_bonus: float = 1000.0, **options: Any) -> None:
        super().__init__(rng, **options)
        self.rollouts = int(rollouts)
        self.horizon = int(horizon)
        self.margin = float(margin)
        self.win_bonus = float(win_bonus)
        if self.rollouts < 1 or self.horizon < 0:
            raise ValueError(f"rollouts must be 1 or more and horizon 0 or more, "
                             f"got {rollouts!r}, {horizon!r}")
        self.policy = PlannerBot()

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        if decision.kind == "reshuffle":
            return "keep"
        assert isinstance(state, RummikubState)
        moves = self.candidates(state, seat, decision)
        for move in moves:
            if move["type"] == "play" and len(move["rack"]) == len(state.racks[seat]):
                return move  # going out wins the game
        if len(moves) == 1:
            return moves[0]
        values: list[list[float]] = [[] for _ in moves]
        for _ in range(self.rollouts):
            world = state.determinize(seat, self.rng)
            for i, move in enumerate(moves):
                values[i].append(self.play_out(world, seat, move))
        return moves[self.choose(values)]

    def choose(self, values: list[list[float]]) -> int:
        """The candidate with the best mean, if it beats the planner's (index 0) clearly enough.

        The rollouts share their deals, so each candidate is compared with the planner's play deal
        by deal: it replaces it only when the mean gain is more than ``margin`` standard errors of
        that paired difference (one noisy rollout must not overturn the planner's judgement).
        """
        n = len(values[0])
        means = [sum(v) / n for v in values]
        best = max(range(len(values)), key=lambda i: (means[i], -i))
        if best == 0:
            return 0
        diffs = [a - b for a, b in zip(values[best], values[0], strict=True)]
        gain = means[best] - means[0]
        var = sum((d - gain) ** 2 for d in diffs) / max(1, n - 1)
        return best if gain > self.margin * (var / n) ** 0.5 else 0

    def candidates(self, state: RummikubState, seat: int, decision: Decision) -> list[Move]:
        """Distinct plays (different racks left), the planner's first, drawing last."""
        table = [codes(s) for s in state.table]
        rack = codes(state.racks[seat])
        plain = [c for c in rack if c != JOKER]
        melded = state.melded[seat]
        tables: list[list[list[str]]] = []
        for objective in ("value", "tiles"):
            for tiles in (rack, plain) if len(plain) < len(rack) else (rack,):
                sol = solve(table, tiles, melded=melded, objective=objective)
                if sol.tiles_placed:
                    tables.append(sol.table)
        if melded and tables:
            best = max(tables, key=lambda t: sum(map(len, t)))
            tables.append(self._needing_table(table, best))
            alone = solve([], rack, melded=True, objective="tiles")
            if alone.tiles_placed:
                tables.append(table + alone.table)
        moves: list[Move] = [self.policy.act(state, seat, decision)]
        moves += [state.action_from_codes(seat, t) for t in tables if sum(map(len, t)) > sum(map(len, table))]
        moves.append(DRAW)
        seen: set[tuple[str, ...]] = set()
        distinct = []
        for move in moves:
            key = tuple(sorted(move.get("rack", ())))
            if key not in seen:
                seen.add(key)
                distinct.append(move)
        return distinct

    @staticmethod
    def _needing_table(table: list[list[str]], new: list[list[str]]) -> list[list[str]]:
        """``new`` without the sets made only of rack tiles (those can be laid any later turn)."""
        kept = []
        old = [t for s in table for t in s]
        pool = {c: old.count(c) for c in old}
        for s in new:
            if any(pool.get(c, 0) for c in s):
                kept.append(s)
                for c in s:
                    if pool.get(c, 0):
                        pool[c] -= 1
        return kept

    def play_out(self, world: RummikubState, seat: int, move: Move) -> float:
        """Apply ``move`` in a copy of ``world``, play on with the planner, score for ``seat``."""
        w = world.clone()
        w.apply(seat, move)
        turns = 0
        while (d := w.pending()) is not None and (self.horizon == 0 or turns < self.horizon):
            s = d.seats[0]
            w.apply(s, self.policy.act(w, s, d))
            turns += 1
        res = w.result()
        if res is not None:
            return float(res.scores[seat]) + (self.win_bonus if res.placements[seat] == 1 else 0.0)
        return horizon_score(w, seat)


def horizon_score(state: RummikubState, seat: int) -> float:
    """The score of ``seat`` when a rollout stops before the end: the others' mean rack cost minus
    its own (a seat that has not melded yet counted at 100 at least, as the seed's −100 rule would).

    A zero-sum stand-in for the seed's scoring, where the winner takes the others' losses.  (A
    version weighting the seats by a chance of going out that falls with the rack size measured
    no better in the tuning games, see docs/rummikub.md.)
    """
    cost = [rack_value(r) if state.melded[s] else max(100, rack_value(r)) for s, r in enumerate(state.racks)]
    others = [c for s, c in enumerate(cost) if s != seat]
    return sum(others) / len(others) - cost[seat]


BOTS: dict[str, Callable[..., Any]] = {"planner": PlannerBot, "greedy": GreedyBot, "rollout": RolloutBot}
