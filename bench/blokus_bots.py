"""Blokus bots head to head over seeded games (the tested bot rotates through every seat).

* 4 players (``blokus-event``): one seat plays the tested bot, the other three the opponent bot;
* 2 players (``blokus-2p``): the two bots, seats swapped every other game.

For each match: the tested bot's wins (first place alone, or shared), average seat score and
average place, against the opponents' average.  Writes bench/results/blokus_bots.json.

    .venv/bin/python -m bench.blokus_bots [--games 40] [--mcts-games 12] [--playouts 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.sim.batch import simulate


def match(preset: str, tested: str, opponent: str, games: int, seed: int) -> dict[str, Any]:
    seats = 4 if preset == "blokus-event" else 2
    per_seat = max(1, games // seats)
    wins = shared = 0
    tested_scores: list[float] = []
    other_scores: list[float] = []
    places: list[int] = []
    t0 = time.perf_counter()
    for seat in range(seats):
        bots = [opponent] * seats
        bots[seat] = tested
        summary = simulate(preset, per_seat, seed + 1000 * seat, ",".join(bots))
        for o in summary.outcomes:
            res = o.result
            place = res.placements[seat]
            places.append(place)
            if place == 1:
                if res.placements.count(1) == 1:
                    wins += 1
                else:
                    shared += 1
            tested_scores.append(res.scores[seat])
            other_scores.extend(s for k, s in enumerate(res.scores) if k != seat)
    n = per_seat * seats
    return {
        "preset": preset,
        "tested": tested,
        "opponent": opponent,
        "games": n,
        "tested_wins": wins,
        "tested_shared_wins": shared,
        "tested_win_rate": round(wins / n, 3),
        "fair_win_rate": round(1 / seats, 3),
        "tested_avg_score": round(statistics.fmean(tested_scores), 2),
        "opponent_avg_score": round(statistics.fmean(other_scores), 2),
        "tested_avg_place": round(statistics.fmean(places), 2),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per match without MCTS")
    ap.add_argument("--mcts-games", type=int, default=12, help="games per match with MCTS")
    ap.add_argument("--playouts", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    mcts = f"mcts:playouts={args.playouts}"
    matches = [
        match("blokus-event", "greedy", "random", args.games, args.seed),
        match("blokus-2p", "greedy", "random", args.games, args.seed),
        match("blokus-event", mcts, "random", args.mcts_games, args.seed),
        match("blokus-event", mcts, "greedy", args.mcts_games, args.seed),
        match("blokus-2p", mcts, "greedy", args.mcts_games, args.seed),
    ]
    out = {"benchmark": "blokus_bots", "seed": args.seed, "matches": matches, "machine": machine()}
    save_results("blokus_bots", out)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
