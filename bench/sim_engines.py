"""Games per second of the simulation engines: the local process pool against Ray, 1 and 2 workers.

Run: .venv/bin/python -m bench.sim_engines [--preset blokus-2p] [--games 200]
Writes bench/results/sim_engines.json with the machine it ran on.  Every row plays the same seeded
games through the same pipeline (``simulate --out``: games streamed to a Parquet dataset); the
baseline measured in the same run is the local engine with one worker (this process).  Each row
first plays a warm-up run (2 games per worker: imports and compiled code loaded in every worker),
then the timed runs (``--repeats``, the median kept); the warm-up's games per second are written
beside them ("cold").  Ray's start-up (a local runtime) is reported apart.  Ray's overhead is
``1 - ray / local`` at the same number of workers.  On a shared machine the figures move with the
load: the load average is written beside them.  What the load moves much less is the CPU time a
game costs, all processes of the run counted (the driver, pool or Ray workers, Ray's raylet and
GCS): ``cpu_ms_per_game``, and ``ray_cpu_overhead`` = ray / local - 1 in CPU per game.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.machine import machine, save_results
from tablesport.sim.stream import simulate_to_dataset


def tree_cpu() -> float:
    """CPU seconds used so far by this process, its reaped children and its live descendants (Ray's
    raylet, GCS and workers; a local pool's workers are reaped when the pool closes)."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(d.name)
        parent[pid] = int(fields[1])
        cpu[pid] = sum(int(x) for x in fields[11:15]) / tick     # utime stime cutime cstime
    me = os.getpid()
    below = {me}
    grew = True
    while grew:
        new = {pid for pid, pp in parent.items() if pp in below} - below
        below |= new
        grew = bool(new)
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime
            + sum(cpu[pid] for pid in below - {me}))


def run(preset: str, games: int, seed: int, engine: str, workers: int, chunk: int) -> dict[str, Any]:
    c0 = tree_cpu()
    with tempfile.TemporaryDirectory() as tmp:
        report = simulate_to_dataset(preset, games, seed, Path(tmp) / "d", engine=engine, workers=workers,
                                     chunk=chunk)
    report["cpu_ms_per_game"] = round(1000 * (tree_cpu() - c0) / games, 2)
    return report


def measure(preset: str, games: int, engine: str, workers: int, chunk: int, repeats: int) -> dict[str, Any]:
    startup = 0.0
    if engine == "ray":
        import ray

        t0 = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        startup = time.perf_counter() - t0
    try:
        cold = run(preset, 2 * workers, 2, engine, workers, 1)
        runs = [run(preset, games, 1, engine, workers, chunk) for _ in range(repeats)]
    finally:
        if engine == "ray":
            ray.shutdown()
    rates = [r["games_per_second"] for r in runs]
    cpu = [r["cpu_ms_per_game"] for r in runs]
    return {"engine": engine, "workers": workers, "games": games,
            "games_per_second": statistics.median(rates), "runs_games_per_second": rates,
            "cpu_ms_per_game": statistics.median(cpu), "runs_cpu_ms_per_game": cpu,
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
    cpu = {(r["engine"], r["workers"]): r["cpu_ms_per_game"] for r in rows}
    out = {
        "preset": args.preset, "games": args.games, "chunk": args.chunk, "repeats": args.repeats,
        "bots": "random", "rows": rows,
        "speedup_2_workers": {e: round(rate[(e, 2)] / rate[(e, 1)], 3) for e in ("local", "ray")},
        "ray_overhead": {str(w): round(1 - rate[("ray", w)] / rate[("local", w)], 3) for w in (1, 2)},
        "ray_cpu_overhead": {str(w): round(cpu[("ray", w)] / cpu[("local", w)] - 1, 3) for w in (1, 2)},
        "load_average_before_after": [list(load_before), list(os.getloadavg())],
        "machine": machine(),
    }
    print(save_results("sim_engines", out))


if __name__ == "__main__":
    main()
