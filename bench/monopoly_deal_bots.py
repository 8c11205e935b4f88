"""Monopoly Deal bots head to head, 4 players (the tested bot rotates through every seat):

* ``heuristic`` against three ``random`` (goal: at least 90 % first places);
* ``ismcts`` (search through ``determinize``, at most about a second a decision) against three ``heuristic``
  (fair share 25 %).

First places count a shared first place as a first. Reports the rate with its standard error
(sqrt(p(1-p)/n)), the tested bot's mean value, and its mean and largest seconds per decision: processor time
(what the search's ``--seconds`` budget counts) and wall-clock time (longer when the machine is busy).
Games run in ``--workers`` processes; the running first-place rate is printed every 10 games.
Writes bench/results/monopoly_deal_bots.json.

    .venv/bin/python -m bench.monopoly_deal_bots [--games 200] [--search-games 200] [--playouts 40]
        [--seconds 0.9] [--workers 1]
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.games.monopoly_deal.bots import BOTS
from tablesport.games.monopoly_deal.game import GAME, PRESETS


def one_game(args: tuple[str, str, str, dict[str, Any], int]) -> dict[str, Any]:
    preset, tested, opponent, options, seed = args
    rs = PRESETS[preset]
    me = seed % rs.seats
    bots = [BOTS[tested](Rng(seed), **options) if s == me else BOTS[opponent](Rng(seed * 10 + s))
            for s in range(rs.seats)]
    st = GAME.new_state(rs, seed)
    times: list[float] = []
    cpu: list[float] = []
    while (d := st.pending()) is not None:
        s = d.seats[0]
        t = time.perf_counter()
        c = time.process_time()
        a = bots[s].act(st, s, d)
        if s == me:
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        st.apply(s, a)
    res = st.result()
    assert res is not None
    return {"first": res.placements[me] == 1, "value": res.stats["values"][me], "reason": res.reason,
            "decision_seconds": times, "decision_cpu_seconds": cpu}


def match(preset: str, tested: str, opponent: str, games: int, seed: int, workers: int,
          options: dict[str, Any] | None = None) -> dict[str, Any]:
    t0 = time.perf_counter()
    jobs = [(preset, tested, opponent, options or {}, seed + i) for i in range(games)]
    rows: list[dict[str, Any]] = []

    def progress(row: dict[str, Any]) -> None:
        rows.append(row)
        if len(rows) % 10 == 0:
            firsts = sum(r["first"] for r in rows)
            print(f"  {tested}: {firsts}/{len(rows)} first places after {time.perf_counter() - t0:.0f} s",
                  flush=True)

    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for row in pool.map(one_game, jobs):
                progress(row)
    else:
        for j in jobs:
            progress(one_game(j))
    n = len(rows)
    p = sum(r["first"] for r in rows) / n
    times = [t for r in rows for t in r["decision_seconds"]]
    cpu = [t for r in rows for t in r["decision_cpu_seconds"]]
    return {"preset": preset, "tested": tested, "options": options or {}, "opponent": opponent, "games": n,
            "first_rate": round(p, 3), "std_error": round(math.sqrt(p * (1 - p) / n), 3),
            "fair_rate": round(1 / PRESETS[preset].seats, 3),
            "tested_mean_value": round(sum(r["value"] for r in rows) / n, 2),
            "tested_decisions": len(times),
            "mean_seconds_per_decision": round(sum(times) / max(1, len(times)), 4),
            "max_seconds_per_decision": round(max(times, default=0.0), 3),
            "mean_cpu_seconds_per_decision": round(sum(cpu) / max(1, len(cpu)), 4),
            "max_cpu_seconds_per_decision": round(max(cpu, default=0.0), 3),
            "seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--search-games", type=int, default=200)
    ap.add_argument("--playouts", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=0.9,
                    help="the search's budget of processor time per decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    matches = [match("monopoly-deal-event", "heuristic", "random", args.games, args.seed, args.workers)]
    if args.search_games:
        matches.append(match("monopoly-deal-event", "ismcts", "heuristic", args.search_games, args.seed,
                             args.workers, {"playouts": args.playouts, "seconds": args.seconds}))
    for m in matches:
        print(f"{m['tested']} vs 3 {m['opponent']}: {m['first_rate']:.3f} ± {m['std_error']:.3f} firsts "
              f"({m['games']} games), {m['mean_cpu_seconds_per_decision']} s/decision processor time (max "
              f"{m['max_cpu_seconds_per_decision']}), {m['mean_seconds_per_decision']} s wall-clock (max "
              f"{m['max_seconds_per_decision']})")
    save_results("monopoly_deal_bots", {"benchmark": "monopoly_deal_bots", "seed": args.seed,
                                        "args": vars(args), "matches": matches, "machine": machine()})


if __name__ == "__main__":
    main()
