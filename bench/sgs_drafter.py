"""The drafter bot's side against the heuristic bot's, Sanguosha 3v3 2012: does drafting with the
draft advisor win more games? Both sides play with the heuristic bot; only the draft and the fielding
differ (docs/advisor.md).

Run: .venv/bin/python -m bench.sgs_drafter [--games 1000] [--seed 31]
Half the games put the drafter on the cold side, half on the warm side (the same game seeds in both
halves), so the side's own advantage cancels. One process. Writes bench/results/sgs_drafter.json:
the drafter side's win rate with its standard error and Wilson 95 % interval, per orientation too,
and the advisor tables it drafted with.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.analytics.wilson import rate
from tablesport.games.sanguosha.advisor import load_tables
from tablesport.sim.batch import simulate

PRESET = "sgs-3v3-2012"


def orientation(games: int, seed: int, drafter_side: str) -> dict[str, Any]:
    other = "warm" if drafter_side == "cold" else "cold"
    t0 = time.perf_counter()
    summary = simulate(PRESET, games, seed, f"{drafter_side}=drafter,{other}=heuristic")
    wins = sum(1 for o in summary.outcomes if o.result.winner_side == drafter_side)
    draws = sum(1 for o in summary.outcomes if o.result.winner_side is None)
    return {"drafter_side": drafter_side, "games": games, "drafter_wins": wins, "draws": draws,
            "seconds": round(time.perf_counter() - t0, 1), **rate(wins, games)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games in all (half per orientation)")
    ap.add_argument("--seed", type=int, default=31)
    args = ap.parse_args()
    half = args.games // 2
    rows = [orientation(half, args.seed, "cold"), orientation(half, args.seed, "warm")]
    n = sum(r["games"] for r in rows)
    wins = sum(r["drafter_wins"] for r in rows)
    p = wins / n
    tables = load_tables(PRESET)
    out = {
        "bench": "sgs_drafter", "preset": PRESET, "machine": machine(),
        "command": f"python -m bench.sgs_drafter --games {args.games} --seed {args.seed}",
        "bots": "drafter (advisor draft and fielding, heuristic play) vs heuristic; sides swapped, the "
                "same game seeds in both halves",
        "games": n, "drafter_wins": wins, "drafter_win_rate": round(p, 4),
        "standard_error": round(math.sqrt(p * (1 - p) / n), 4),
        "wilson_95": [rate(wins, n)["lo"], rate(wins, n)["hi"]],
        "z_vs_half": round((p - 0.5) / math.sqrt(0.25 / n), 2),
        "orientations": rows,
        "advisor_tables": {"games": tables.games, **tables.source.get("source", {})},
    }
    path = save_results("sgs_drafter", out)
    print(f"drafter side won {wins}/{n} = {100 * p:.1f} % ± {100 * out['standard_error']:.1f} (SE) "
          f"-> {path}")


if __name__ == "__main__":
    main()
