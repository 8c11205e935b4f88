"""A page's latency while bot tables think: the lobby (``GET /``, which reads the store through the default
executor) fetched one request after another from a real server process, first with no table, then with
``--tables`` Blokus tables of four thinking bots (``--bot``, bot delay 0), in the same run. The ratio of the
two p99s is the figure: the bots think in a pool of their own, so the pages do not queue behind them.
``--pools`` measures each kind of pool in turn, each with a server of its own (``TABLESPORT_BOT_POOL``):
``threads`` (server/live/bot_pool.py, the interpreter's lock shared with the pages) and ``processes``
(server/live/bot_processes.py, the default).

    .venv/bin/python -m bench.bot_pool [--tables 10] [--requests 60] [--bot mcts:seconds=0.5]
        [--pools threads,processes] [--rounds 1]

→ bench/results/bot_pool.json (with the machine's load average as it ran: the figure is only comparable
within one run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.machine import machine, save_results
from tablesport.server.process import ServerProcess


def latencies(url: str, requests: int) -> list[float]:
    out = []
    with httpx.Client(base_url=url, timeout=120) as c:
        for _ in range(requests):
            t0 = time.perf_counter()
            r = c.get("/")
            out.append(time.perf_counter() - t0)
            r.raise_for_status()
    return out


def summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {
        "p50_ms": round(1000 * statistics.median(ordered), 2),
        "p99_ms": round(1000 * p99, 2),
        "max_ms": round(1000 * ordered[-1], 2),
        "n": len(ordered),
    }


POOLS = ("threads", "processes")


def measure(pool: str, args: argparse.Namespace) -> dict[str, Any]:
    """Page latencies with 0 and ``args.tables`` thinking tables, on a server whose bots think in ``pool``."""
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "bench.sqlite3", tables_per_minute=0,
                               env={"TABLESPORT_BOT_POOL": pool}).start(120)
        try:
            latencies(server.url, 30)  # warm up (the first pages after a start are slower)
            load_before = os.getloadavg()
            idle = summary(latencies(server.url, args.requests))
            for _ in range(args.tables):
                server.create("blokus-event", [{"kind": "bot", "bot": args.bot}] * 4)
            time.sleep(2.0)  # every table is thinking
            busy = summary(latencies(server.url, args.requests))
            stats = httpx.get(server.url + "/api/v1/stats", timeout=30).json()
            load_after = os.getloadavg()
        finally:
            server.stop()
    out = {
        "idle": idle,
        "thinking": busy,
        "p99_ratio": round(busy["p99_ms"] / idle["p99_ms"], 2),
        "p50_ratio": round(busy["p50_ms"] / idle["p50_ms"], 2),
        "bot_think_s": stats.get("bot_think"),
        "load_average": {
            "before": [round(x, 2) for x in load_before],
            "after": [round(x, 2) for x in load_after],
        },
    }
    print(
        f"{pool}: GET / with 0 tables: p50 {idle['p50_ms']} ms, p99 {idle['p99_ms']} ms; with {args.tables} "
        f"bot tables thinking: p50 {busy['p50_ms']} ms, p99 {busy['p99_ms']} ms (p99 ×{out['p99_ratio']}); "
        f"load average {out['load_average']}"
    )
    return out


def median_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's median over rounds of one pool (the machine's load drifts between them)."""
    return {
        phase: {k: round(statistics.median(r[phase][k] for r in runs), 2) for k in ("p50_ms", "p99_ms")}
        for phase in ("idle", "thinking")
    } | {k: round(statistics.median(r[k] for r in runs), 2) for k in ("p99_ratio", "p50_ratio")}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=10, help="bot tables thinking in the second phase")
    ap.add_argument("--requests", type=int, default=60, help="pages fetched in each phase")
    ap.add_argument("--bot", default="mcts:seconds=0.5", help="the bots' spec (Blokus)")
    ap.add_argument("--rounds", type=int, default=1, help="rounds of every pool in turn (medians reported)")
    ap.add_argument("--pools", default=",".join(POOLS), help="pools measured in turn: threads, processes")
    args = ap.parse_args()
    pools = [p.strip() for p in args.pools.split(",") if p.strip()]
    if not pools or any(p not in POOLS for p in pools):
        ap.error(f"--pools {args.pools!r}: a comma-separated list of {', '.join(POOLS)}")
    rounds = [{pool: measure(pool, args) for pool in pools} for _ in range(args.rounds)]
    results = {pool: median_of([r[pool] for r in rounds]) for pool in pools}
    out: dict[str, Any] = {
        "benchmark": "bot_pool",
        "bot": args.bot,
        "tables": args.tables,
        "requests": args.requests,
        "pools": results,
        "rounds": rounds,
        "bot_threads": int(os.environ.get("TABLESPORT_BOT_THREADS") or 0)
        or max(1, (os.cpu_count() or 2) // 2),
        "bot_processes": int(os.environ.get("TABLESPORT_BOT_PROCESSES") or 0)
        or max(1, (os.cpu_count() or 2) - 1),
        "machine": machine(),
    }
    if len(results) == 2:
        out["thinking_p99_processes_over_threads"] = round(
            results["processes"]["thinking"]["p99_ms"] / results["threads"]["thinking"]["p99_ms"], 2
        )
        print(f"medians of {args.rounds} rounds: " + "; ".join(
            f"{pool} p50 {r['idle']['p50_ms']} → {r['thinking']['p50_ms']} ms, p99 {r['idle']['p99_ms']} → "
            f"{r['thinking']['p99_ms']} ms" for pool, r in results.items()))
        print(f"thinking p99, processes ÷ threads: ×{out['thinking_p99_processes_over_threads']}")
    print(save_results("bot_pool", out))


if __name__ == "__main__":
    main()
