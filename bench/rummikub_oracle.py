"""How much of Rummikub is luck: oracle bots, which see hidden tiles, against the planner.

The rollout bot (tablesport/games/rummikub/bots.py) chooses among a handful of solver plays by
playing each out in sampled deals of the tiles its seat cannot see.  Here the same choice is made
by bots that cheat, to bound what any such choice can gain over the planner:

* ``racks``: sees every rack; only the pool's order is sampled (``--rollouts`` deals, each played
  to the end of the game with the planner for every seat);
* ``clairvoyant``: sees every rack and the pool's order, i.e. the future draws; each candidate play
  is played out once to the end (exactly what happens if every seat then plays the planner);
* ``fair``: sees only its seat's view (the state's ``determinize``), as the rollout bot does with
  its defaults: the honest baseline of the two above.

Both pick the play with the most wins in their rollouts, then the best mean seed score (the match
is counted in games won).  They exist only here, as measuring sticks: a bot of the game reads its
own seat's view.  Games: 4 players, two seats per bot, the seat pattern flipping every other game,
seeds 50,000 + game (the same deals as bench/rummikub_bots.py).

    .venv/bin/python -m bench.rummikub_oracle [--games 1000] [--oracles clairvoyant,racks,fair] [--rollouts 4]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Action, Bot, Decision, Rng, State
from tablesport.games.rummikub.bots import PlannerBot, RolloutBot
from tablesport.games.rummikub.state import RummikubState


class OracleBot(RolloutBot):
    """The rollout bot's candidates, judged in the real deal (``sample_pool=False``: every hidden
    tile known) or with only the pool reshuffled (``sample_pool=True``: the racks known)."""

    def __init__(self, rng: Rng, sees: str, rollouts: int = 4) -> None:
        super().__init__(rng, rollouts=rollouts, horizon=0, margin=0.0)
        self.sees = sees
        self.sample_pool = sees != "all"

    def world(self, state: RummikubState, seat: int) -> RummikubState:
        if self.sees == "own":
            return state.determinize(seat, self.rng)
        w = state.clone()
        if self.sample_pool:
            self.rng.shuffle(w.pool)
            w.rng = self.rng.spawn(1)
        return w

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        if decision.kind == "reshuffle":
            return "keep"
        assert isinstance(state, RummikubState)
        moves = self.candidates(state, seat, decision)
        for move in moves:
            if move["type"] == "play" and len(move["rack"]) == len(state.racks[seat]):
                return move
        if len(moves) == 1:
            return moves[0]
        n = self.rollouts if self.sample_pool else 1
        wins = [0] * len(moves)
        score = [0.0] * len(moves)
        for _ in range(n):
            world = self.world(state, seat)
            for i, move in enumerate(moves):
                won, points = self.outcome(world, seat, move)
                wins[i] += won
                score[i] += points
        return moves[max(range(len(moves)), key=lambda i: (wins[i], score[i], -i))]

    def outcome(self, world: RummikubState, seat: int, move: dict[str, Any]) -> tuple[int, float]:
        """(1 if ``seat`` wins, its seed score) when ``move`` is played and the planner plays on."""
        w = world.clone()
        w.apply(seat, move)
        while (d := w.pending()) is not None:
            s = d.seats[0]
            w.apply(s, self.policy.act(w, s, d))
        res = w.result()
        assert res is not None
        return int(res.placements[seat] == 1), float(res.scores[seat])


ORACLES = {"clairvoyant": "all", "racks": "racks", "fair": "own"}


def duel(oracle: str, games: int, rollouts: int) -> dict[str, Any]:
    """``oracle`` against the planner, two seats each; per side wins (a shared first place counts ½)."""
    wins = {oracle: 0.0, "planner": 0.0}
    score = {oracle: 0.0, "planner": 0.0}
    t0 = time.perf_counter()
    for g in range(games):
        pair = [oracle, "planner"] if g % 2 == 0 else ["planner", oracle]
        seats = pair + pair
        bots: list[Bot] = [OracleBot(Rng(50_000 + g).spawn(i), ORACLES[name], rollouts) if name == oracle
                           else PlannerBot() for i, name in enumerate(seats)]
        res = play_with(bots, 50_000 + g)
        firsts = [s for s, p in enumerate(res.placements) if p == 1]
        for s, name in enumerate(seats):
            wins[name] += (1 / len(firsts)) if s in firsts else 0
            score[name] += res.scores[s] / 2
    rate = wins[oracle] / games
    return {"oracle": oracle, "rollouts": rollouts if ORACLES[oracle] != "all" else 1, "games": games,
            "oracle_win_rate": round(rate, 4),
            "standard_error": round(math.sqrt(rate * (1 - rate) / games), 4),
            "mean_score": {k: round(v / games, 2) for k, v in score.items()},
            "seconds": round(time.perf_counter() - t0, 1)}


def play_with(bots: list[Bot], seed: int) -> Any:
    from tablesport.games.rummikub import GAME

    st = GAME.start("rummikub-2018", seed)
    while (d := st.pending()) is not None:
        s = d.seats[0]
        st.apply(s, bots[s].act(st, s, d))
    return st.result()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--oracles", default="clairvoyant,racks")
    ap.add_argument("--rollouts", type=int, default=4, help="pool deals per decision of the racks oracle")
    args = ap.parse_args()
    names = [n.strip() for n in args.oracles.split(",")]
    if any(n not in ORACLES for n in names):
        raise SystemExit(f"--oracles: choose from {', '.join(ORACLES)}")
    out: dict[str, Any] = {"benchmark": "rummikub_oracle", "preset": "rummikub-2018",
           "command": f".venv/bin/python -m bench.rummikub_oracle --games {args.games} "
                      f"--oracles {args.oracles} --rollouts {args.rollouts}",
           "format": "two seats per bot against two planners, alternating; seeds 50,000 + game",
           "duels": []}
    for name in names:
        out["duels"].append(duel(name, args.games, args.rollouts))
        print(json.dumps(out["duels"][-1]), flush=True)
    out["machine"] = machine()
    save_results("rummikub_oracle", out)


if __name__ == "__main__":
    main()
