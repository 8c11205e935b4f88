"""Games per second of the simulation engines: the local process pool against Ray, 1 and 2 workers.

Run: .venv/bin/python -m bench.sim_engines [--preset blokus-2p] [--games 200]
Writes bench/results/sim_engines.json with the machine it ran on.  Every row plays the same seeded
games through the same pipeline (``simulate --out``: games streamed to a Parquet dataset); the
baseline measured in the same run is the local engine with one worker (this process).  Each row
first plays a warm-up run (2 games per worker: imports and compiled code loaded in every worker),
then the timed runs (``--repeats``, the median kept); the warm-up's games per second are written
beside them ("cold").  Ray's start-up (a local runtime) is reported apart.  Ray's overhead is
``1 - ray / local`` at the same number of workers.  On a shared machine the figures move with the
load: the load average is written beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.machine import machine, save_results
from tablesport.sim.stream import simulate_to_dataset


def run(preset: str, games: int, seed: int, engine: str, workers: int, chunk: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        return simulate_to_dataset(preset, games, seed, Path(tmp) / "d", engine=engine, workers=workers,
                                   chunk=chunk)


def measure(preset: str, games: int, engine: str, workers: int, chunk: int, repeats: int) -> dict[str, Any]:
    startup = 0.0
    if engine == "ray":
        import ray

        t0 = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        startup = time.perf_counter() - t0
    try:
        cold = run(preset, 2 * workers, 2, engine, workers, 1)
        rates = [run(preset, games, 1, engine, workers, chunk)["games_per_second"] for _ in range(repeats)]
    finally:
        if engine == "ray":
            ray.shutdown()
    return {"engine": engine, "workers": workers, "games": games,
            "games_per_second": statistics.median(rates), "runs_games_per_second": rates,
            "cold_games_per_second": cold["games_per_second"], "startup_seconds": round(startup, 3)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--preset", default="blokus-2p")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--chunk", type=int, default=10)
    ap.add_argument("--repeats", type=int, default=3, help="timed runs per row (the median is kept)")
    args = ap.parse_args()
    rows = []
    load_before = os.getloadavg()
    for engine in ("local", "ray"):
        for workers in (1, 2):
            row = measure(args.preset, args.games, engine, workers, args.chunk, args.repeats)
            print(row, flush=True)
            rows.append(row)
    rate = {(r["engine"], r["workers"]): r["games_per_second"] for r in rows}
    out = {
        "preset": args.preset, "games": args.games, "chunk": args.chunk, "repeats": args.repeats,
        "bots": "random", "rows": rows,
        "speedup_2_workers": {e: round(rate[(e, 2)] / rate[(e, 1)], 3) for e in ("local", "ray")},
        "ray_overhead": {str(w): round(1 - rate[("ray", w)] / rate[("local", w)], 3) for w in (1, 2)},
        "load_average_before_after": [list(load_before), list(os.getloadavg())],
        "machine": machine(),
    }
    print(save_results("sim_engines", out))


if __name__ == "__main__":
    main()
