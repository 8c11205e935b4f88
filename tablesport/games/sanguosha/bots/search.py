"""The rollout Sanguosha bot: the heuristic's few best options, each played out in sampled worlds.

At a decision with two or more options that differ (see :data:`PREPARATION` for the decisions it
leaves to the heuristic), it

1. asks the heuristic bot for its ranking (``HeuristicBot.ranked``) and keeps its answer plus the
   next best options, ``candidates`` in all, leaving out options the heuristic scores as harmful
   to its own side (−100 and below);
2. samples worlds from its own seat's knowledge (``state.determinize(seat, rng)``: other hands,
   the draw pile, the generator and the 1v1 face-down generals redrawn), plays each candidate out
   in each world with the heuristic on every seat, to the end of the game or for ``horizon``
   turns, scored by :func:`evaluate`;
3. races the candidates by successive halving: every round plays each remaining candidate in the
   same new worlds (common random numbers), then drops the worse half, until one is left or the
   budget (``playouts`` in all, ``seconds`` of the deciding thread's processor time, and
   :data:`HARD_CAP_SECONDS` of wall-clock time whatever the load) is spent; ties and an early stop
   keep the best mean so far, the heuristic's answer on a tie.

A decision with one option, or whose options are all the same to the heuristic, is answered at
once. The preparations before the first turn other than the draft (identity cards, piles, the first
picker, the fielding, the first actor, the 1v1 role) are the draft policy's (:class:`DrafterBot`:
the advisor's where the preset has advisor tables, else the heuristic's).

The draft is searched too. The candidates are the draft policy's best picks; each is followed in the
sampled worlds by the rest of the draft and the fielding as the draft policy plays them for every
seat. Where the preset has advisor tables (3v3 2012) the line-ups that come out are scored by the
tables' model (:func:`lineup_chance`); the draft is open there and the policy deterministic, so
one world per candidate gives them all. Elsewhere (1v1, the 3v3 editions without tables) each
candidate's worlds are played out to the end of the game with the heuristic and raced as above.

With the playout budget as the binding limit (``seconds`` high enough), the bot is deterministic
for a given generator; with a time limit that bites, the answer depends on the machine's speed.
"""

from __future__ import annotations

import math
import time
from typing import Any

from tablesport.core import Action, Bot, BotOption, Decision, Rng, State

from ..advisor import Tables, trio_value
from ..state import SgsState
from .drafter import DrafterBot, preset_tables

# the decisions before the first turn; all but the draft are answered by the draft policy
PREPARATION = frozenset({"pick_identity", "pick_pile", "first_picker", "draft", "field", "first_actor",
                         "choose_role"})
HARD_CAP_SECONDS = 2.0
HARMFUL = -100.0


def evaluate(g: SgsState, seat: int) -> float:
    """How good ``g`` is for ``seat``'s side, in [0, 1]: 1 won, 0 lost, ½ drawn; an unfinished game
    by its material (HP, cards in hand and equipped, generals alive; 3v3 commanders count double,
    1v1 the generals left in the line-up) through a logistic curve."""
    res = g.result()
    if res is not None:
        place = res.placements[seat]
        best = min(res.placements)
        worst = max(res.placements)
        if best == worst:
            return 0.5
        return 1.0 if place == best else 0.0
    side = g.side_of(seat)
    m = g.mode
    commanders = set((m.get("commanders") or {}).values())
    diff = 0.0
    for p in g.players:
        if not p.alive:
            continue
        v = 2.0 * p.hp + 0.6 * len(p.hand) + 0.5 * sum(1 for c in p.equip if c >= 0) + 3.0
        if p.seat in commanders:
            v *= 2.0
        diff += v if (p.seat == seat or (side is not None and g.side_of(p.seat) == side)) else -v
    if "deaths" in m and "lineup" in m:
        for s, dead in enumerate(m["deaths"]):
            left = 2 - dead                       # generals still to come after the one in play
            diff += 12.0 * left if s == seat else -12.0 * left
    return 1.0 / (1.0 + math.exp(-diff / 8.0))


def lineup_chance(g: SgsState, seat: int, tables: Tables) -> float:
    """``seat``'s side's chance of winning by the advisor tables' model of the fielded 3v3 line-ups:
    the logistic of its trio's value (effects in their roles plus tested synergies) less the other
    side's."""
    side = g.side_of(seat)
    value = {s: trio_value(tables, trio[0], tuple(trio[1:])) for s, trio in g.mode["fielded"].items()}
    diff = sum(v if s == side else -v for s, v in value.items())
    return 1.0 / (1.0 + math.exp(-diff))


class RolloutBot(Bot):
    """Rollouts with the heuristic as the playout policy, racing the heuristic's best few options;
    the draft searched through the rest of the draft (see the module docstring)."""

    name = "rollout"
    OPTIONS = {
        "playouts": BotOption(2, 5000, "playouts per decision at most", integer=True),
        "seconds": BotOption(0.01, HARD_CAP_SECONDS, "processor seconds per decision at most"),
        "candidates": BotOption(2, 8, "options of the heuristic's ranking that are raced", integer=True),
        "horizon": BotOption(0, 100, "turns a playout plays before it is scored (0: to the end)",
                             integer=True),
    }

    def __init__(self, rng: Rng | None = None, playouts: int = 32, seconds: float = 1.0, candidates: int = 4,
                 horizon: int = 3, **options: Any) -> None:
        super().__init__(rng, **options)
        if playouts < 2 or candidates < 2 or horizon < 0 or not 0 < seconds <= HARD_CAP_SECONDS:
            raise ValueError(f"rollout needs playouts ≥ 2, candidates ≥ 2, horizon ≥ 0 and 0 < seconds ≤ "
                             f"{HARD_CAP_SECONDS}; got {playouts}, {candidates}, {horizon}, {seconds}")
        self.playouts = int(playouts)
        self.seconds = float(seconds)
        self.candidates = int(candidates)
        self.horizon = int(horizon)
        self.policy = DrafterBot(Rng(0))   # plays like the heuristic; drafts with the advisor's tables
        self.searched = 0          # decisions that were raced (for the benchmark's figures)
        self.spent = 0             # playouts played

    def choices(self, state: State, seat: int, decision: Decision) -> list[Action]:
        """The options raced: the heuristic's answer first, then its next best, at most ``candidates``;
        one element when there is nothing to search."""
        opts = decision.options_for(seat)
        if not opts or len(opts) == 1 or (decision.kind in PREPARATION and decision.kind != "draft"):
            return [self.policy.act(state, seat, decision)]
        ranked = self.policy.ranked(state, seat, decision)
        out = [ranked[0][0]]
        scores = {s for _, s in ranked}
        if len(scores) == 1 and decision.kind in ("respond", "invoke"):
            return out     # no second view of the options: a plain answer
        for a, s in ranked[1:]:
            if len(out) >= self.candidates:
                break
            if s > HARMFUL:
                out.append(a)
        return out

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        cands = self.choices(state, seat, decision)
        if len(cands) == 1:
            return cands[0]
        assert isinstance(state, SgsState)
        self.searched += 1
        if decision.kind == "draft":
            tables = self.tables(state)
            if tables is not None:
                world = state.determinize(seat, self.rng)
                scores = [self.draft_out(world, seat, a, tables) for a in cands]
                return cands[max(range(len(cands)), key=lambda i: (scores[i], -i))]
        start, wall = time.thread_time(), time.perf_counter()
        alive = list(range(len(cands)))
        total = [0.0] * len(cands)
        count = [0] * len(cands)
        rounds = max(1, math.ceil(math.log2(len(cands))))
        budget = self.playouts
        for r in range(rounds):
            per = max(1, budget // (len(alive) * (rounds - r)))
            stop = False
            for _ in range(per):
                if time.thread_time() - start > self.seconds or time.perf_counter() - wall > HARD_CAP_SECONDS:
                    stop = True
                    break
                world = state.determinize(seat, self.rng)
                for i in alive:
                    total[i] += self.play_out(world, seat, cands[i])
                    count[i] += 1
                    budget -= 1
            if stop or len(alive) == 1:
                break
            alive.sort(key=lambda i: (-total[i] / max(1, count[i]), i))
            alive = sorted(alive[:max(1, len(alive) // 2)])
        best = max(alive, key=lambda i: (total[i] / max(1, count[i]), -i))
        return cands[best]

    def play_out(self, world: SgsState, seat: int, action: Action) -> float:
        """Apply ``action`` in a copy of ``world``, play on with the heuristic, score for ``seat``."""
        self.spent += 1
        w = world.clone()
        drafting = (d := w.pending()) is not None and d.kind == "draft"
        w.apply(seat, action)
        policy = self.policy
        end_turn = w.turn_no + self.horizon if self.horizon and not drafting else None
        while (d := w.pending()) is not None:
            if end_turn is not None and w.turn_no >= end_turn:
                break
            s = d.seats[0]
            w.apply(s, policy.act(w, s, d))
        return evaluate(w, seat)

    def draft_out(self, world: SgsState, seat: int, action: Action, tables: Tables) -> float:
        """Apply the draft pick ``action`` in a copy of ``world``, finish the draft and the fielding
        with the draft policy on every seat, score the line-ups for ``seat`` by ``tables``."""
        self.spent += 1
        w = world.clone()
        w.apply(seat, action)
        policy = self.policy
        while "fielded" not in w.mode and (d := w.pending()) is not None:
            s = d.seats[0]
            w.apply(s, policy.act(w, s, d))
        return lineup_chance(w, seat, tables)

    @staticmethod
    def tables(state: SgsState) -> Tables | None:
        """The advisor tables of the state's preset, if it is a 3v3 preset that has them."""
        return preset_tables(state.ruleset.preset, str(state.ruleset.params.get("mode")))
