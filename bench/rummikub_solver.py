"""Rummikub solver benchmark: the exact DP solver beside the reference ILP (HiGHS), same positions.

Positions: (a) in-game positions, every turn of seeded games played by random-legal bots;
(b) big tables, random valid tables of 40-92 tiles with racks of 10-25.  Each position is solved
by both (objective: most tiles; with --value also most points); the optima must agree.  Times are
CPU time (fair on a shared machine): the DP's of its own thread (thread_time: it runs in the caller's
thread alone, while HiGHS's worker threads go on spinning for milliseconds after a solve and would be
counted against it in the process's time), the ILP's of the whole process (process_time: its threads
are its own); the DP over all positions first, then the ILP.  Figures: median,
90th percentile and worst milliseconds, the ratios ILP / DP (the ILP measured in the same run) and
the ratios against the issue's anchor (a cvxpy + HiGHS ILP measured on this machine: median 13 ms
per in-game position, 41-153 ms on big tables, worst 278 ms; the goal is 10x at the median and at
the worst case), and the slowest positions → bench/results/rummikub_solver.json.  The solver's
compiled code is loaded (or compiled, after an install) before the clock starts.

    .venv/bin/python -m bench.rummikub_solver [--games 12] [--big 60] [--sample 200] [--value]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import RandomBot, Rng
from tablesport.games.rummikub import GAME
from tablesport.games.rummikub.ilp import ilp_optimum
from tablesport.games.rummikub.positions import random_position
from tablesport.games.rummikub.search import compile_all
from tablesport.games.rummikub.solver import solve
from tablesport.games.rummikub.state import codes

Position = tuple[list[list[str]], list[str], bool]

# the reference (cvxpy + HiGHS) on this machine: median 13 ms per in-game position, 41-153 ms
# on big tables (the low end taken as their median: the stricter reading), 278 ms at worst
ANCHORS = {"in_game": {"median_ms": 13.0, "worst_ms": 278.0},
           "big_tables": {"median_ms": 41.0, "worst_ms": 278.0}}
GOAL = 10.0


def in_game_positions(games: int) -> list[Position]:
    out: list[Position] = []
    for seed in range(games):
        st = GAME.start("rummikub-2018", seed)
        bot = RandomBot(Rng(seed))
        while (d := st.pending()) is not None:
            seat = d.seats[0]
            if d.kind == "turn":
                out.append(([codes(s) for s in st.table], codes(st.racks[seat]), st.melded[seat]))
            st.apply(seat, bot.act(st, seat, d))
    return out


def big_positions(count: int, seed: int = 2018) -> list[Position]:
    rng = Rng(seed)
    out: list[Position] = []
    while len(out) < count:
        table, rack = random_position(rng, rng.randint(40, 92), rng.randint(10, 25))
        if sum(map(len, table)) >= 40:
            out.append((table, rack, True))
    return out


def measure(positions: list[Position], objective: str = "tiles",
            anchor: dict[str, float] | None = None) -> dict[str, Any]:
    # one solver over all positions, then the other: run in turns, HiGHS's worker threads (counted in
    # this process's CPU time) and its caches weigh on the DP's figures
    dp_ms: list[float] = []
    answers = []
    for table, rack, melded in positions:
        t0 = time.thread_time()
        sol = solve(table, rack, melded, objective)
        dp_ms.append((time.thread_time() - t0) * 1e3)
        got = sol.tiles_placed if objective == "tiles" else sol.value_placed
        answers.append(got if sol.feasible else None)
    ilp_ms: list[float] = []
    mismatches = 0
    for (table, rack, melded), got in zip(positions, answers, strict=True):
        t0 = time.process_time()
        ref = ilp_optimum(table, rack, melded, objective)
        ilp_ms.append((time.process_time() - t0) * 1e3)
        if got != ref and not (ref is None and not got):
            mismatches += 1
    slowest = [(ms, i) for i, ms in enumerate(dp_ms)]

    def stats(xs: list[float]) -> dict[str, float]:
        s = sorted(xs)
        return {"median_ms": round(statistics.median(s), 3), "p90_ms": round(s[int(0.9 * (len(s) - 1))], 3),
                "worst_ms": round(s[-1], 3), "mean_ms": round(statistics.fmean(s), 3)}

    dp, ilp = stats(dp_ms), stats(ilp_ms)
    worst = []
    for ms, i in sorted(slowest, reverse=True)[:5]:
        table, rack, melded = positions[i]
        worst.append({"ms": round(ms, 3), "table_tiles": sum(map(len, table)), "rack_tiles": len(rack),
                      "jokers_on_table": sum(s.count("J") for s in table), "jokers_in_rack": rack.count("J"),
                      "melded": melded, "ilp_ms": round(ilp_ms[i], 3)})
    out: dict[str, Any] = {
        "positions": len(positions),
        "table_tiles": [min(sum(map(len, p[0])) for p in positions),
                        max(sum(map(len, p[0])) for p in positions)],
        "rack_tiles": [min(len(p[1]) for p in positions), max(len(p[1]) for p in positions)],
        "dp": dp,
        "ilp": ilp,
        "speedup_median": round(ilp["median_ms"] / dp["median_ms"], 2),
        "speedup_p90": round(ilp["p90_ms"] / dp["p90_ms"], 2),
        "speedup_worst": round(ilp["worst_ms"] / dp["worst_ms"], 2),
    }
    goal = {"median_vs_ilp": out["speedup_median"] >= GOAL, "worst_vs_ilp": out["speedup_worst"] >= GOAL}
    if anchor is not None:
        out["anchor"] = anchor
        out["vs_anchor"] = {"median": round(anchor["median_ms"] / dp["median_ms"], 2),
                            "worst": round(anchor["worst_ms"] / dp["worst_ms"], 2)}
        goal |= {"median_vs_anchor": out["vs_anchor"]["median"] >= GOAL,
                 "worst_vs_anchor": out["vs_anchor"]["worst"] >= GOAL}
    return out | {"goal_10x": goal,
                  "slowest": worst,
                  "optimum_mismatches": mismatches}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--sample", type=int, default=200, help="in-game positions kept (evenly spaced)")
    ap.add_argument("--big", type=int, default=60)
    ap.add_argument("--value", action="store_true", help="also measure the most-points objective")
    args = ap.parse_args()
    compile_s = compile_all()  # numba's disk cache, or a compile after an install: not timed below
    game_pos = in_game_positions(args.games)
    step = max(1, len(game_pos) // args.sample)
    game_pos = game_pos[::step][: args.sample]
    big = big_positions(args.big)
    out: dict[str, Any] = {
        "benchmark": "rummikub_solver",
        "command": f".venv/bin/python -m bench.rummikub_solver --games {args.games} --sample {args.sample} "
                   f"--big {args.big}" + (" --value" if args.value else ""),
        "objective": "tiles",
        "reference": "den Hertog & Hulshof ILP over the set types, HiGHS via highspy, "
                     "model built per position",
        "anchor_source": "issue 7: cvxpy + HiGHS ILP over the 743 set types, measured on this machine",
        "in_game": measure(game_pos, "tiles", ANCHORS["in_game"]),
        "big_tables": measure(big, "tiles", ANCHORS["big_tables"]),
        "compile_or_load_s": round(compile_s, 2),
        "machine": machine(),
    }
    if args.value:
        out["value_objective"] = {"in_game": measure(game_pos, "value"), "big_tables": measure(big, "value")}
    save_results("rummikub_solver", out)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
