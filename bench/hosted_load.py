"""Many concurrent tables played through HAProxy and hosted server processes (PostgreSQL, Redis).

The same load as ``bench.server_load`` (every seat of goofspiel-2p tables played over WebSockets by one
client process, seats thinking T seconds on average; a table that ends is replaced by a new one), sent to
HAProxy in front of ``--processes`` hosted server processes on one PostgreSQL store (a schema of its own,
dropped afterwards) and Redis (a prefix of its own).  Each process count is one run on the same levels, so
the ratios between them come from one run on one machine state.  Reported per level: p50/p99 latency of an
action (client-side, as in ``bench.server_load``), actions/s, errors, the server processes' CPU per action
(summed over the processes; from the start of the clock to the seats' last game left, and apart while
the clock ran: the seats then leave their tables, and closing thousands of sockets is no action's work),
HAProxy's CPU per action, complete collections in the servers, and the
machine's load average (the 2-core machine is shared: the client, HAProxy, PostgreSQL and every server
process compete for its two cores).

    .venv/bin/python -m bench.hosted_load [--processes 1,2] [--levels 300@4] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from bench.hosted_faults import haproxy_binary
from bench.machine import machine
from bench.server_load import (
    WARMUP,
    Load,
    bucket_quantile,
    client_loop,
    collector_off,
    collector_on,
    cpu_seconds,
)
from tablesport.server.hosted.cluster import Cluster, scratch_schema

RESULTS = Path(__file__).parent / "results" / "hosted_load.json"
SUMMED = ("actions", "apply", "store_wait", "frames", "frames_sent", "commits", "store_jobs",
          "commit_seconds", "gc_complete_collections")


class HostedLoad(Load):
    """``bench.server_load``'s seats, reconnecting as the page does when their table moves to another
    process (close 1013); each such reconnection is counted (``errors["reconnected"]``)."""

    async def seat_loop(self, tid: str, token: str) -> None:
        first = True
        while True:
            try:
                await self.play_seat(tid, token, first)
                return
            except websockets.ConnectionClosedError as exc:
                if exc.rcvd is None or exc.rcvd.code != 1013:
                    raise
            first = False
            self.errors["reconnected"] = self.errors.get("reconnected", 0) + 1
            await asyncio.sleep(0.25)


MOVES = ("adopted", "handed_over", "refused", "lost")
"""The hosted counters of tables changing process. A seat that meets one (a refused first connection, a
close "table moved") reads it only once the clock runs, so ``errors`` counts the set-up's hand-overs too;
these counters say whether any happened while the clock ran."""


def hosted_counters(cluster: Cluster) -> list[dict[str, Any]]:
    return [httpx.get(p.url + "/api/v1/health", timeout=30).json().get("hosted") for p in cluster.procs]


def stats(cluster: Cluster) -> list[dict[str, Any]]:
    return [httpx.get(p.url + "/api/v1/stats", timeout=30).json() for p in cluster.procs]


async def run_level(cluster: Cluster, tables: int, seconds: float, think: float,
                    params: dict[str, Any]) -> dict[str, Any]:
    load = HostedLoad(cluster, "goofspiel-2p", 2, time.monotonic() + 3600, random.Random(tables), think,  # type: ignore[arg-type]
                params)
    t_setup = time.perf_counter()
    slots = [asyncio.create_task(load.slot()) for _ in range(tables)]
    while load.connected < tables * 2:
        for task in slots:
            if task.done():
                task.result()
                raise RuntimeError("a table's slot ended before the clock started")
        await asyncio.sleep(0.05)
    setup = time.perf_counter() - t_setup
    collector_off()
    pids = [p.proc.pid for p in cluster.procs if p.proc is not None]
    proxy_pid = cluster.proxy.pid if cluster.proxy is not None else None
    s0 = await asyncio.to_thread(stats, cluster)
    cpu0 = [cpu_seconds(pid) for pid in pids]
    proxy0 = cpu_seconds(proxy_pid) if proxy_pid else 0.0
    t0 = time.perf_counter()
    load.deadline = time.monotonic() + seconds
    hosted0 = await asyncio.to_thread(hosted_counters, cluster)
    load.go.set()
    await asyncio.sleep(load.deadline - time.monotonic())  # what the servers used while the clock ran,
    cpu_clock = [cpu_seconds(pid) - c for pid, c in zip(pids, cpu0, strict=True)]  # before the seats leave
    s_clock = await asyncio.to_thread(stats, cluster)
    await asyncio.gather(*slots)
    wall = time.perf_counter() - t0
    collector_on()
    await load.http.aclose()
    s1 = await asyncio.to_thread(stats, cluster)
    hosted1 = await asyncio.to_thread(hosted_counters, cluster)
    cpu = [cpu_seconds(pid) - c for pid, c in zip(pids, cpu0, strict=True)]
    proxy_cpu = (cpu_seconds(proxy_pid) - proxy0) if proxy_pid else 0.0
    d = {k: sum(b.get(k, 0) - a.get(k, 0) for a, b in zip(s0, s1, strict=True)) for k in SUMMED}
    handled = [sum(b["handled_ms"][i] - a["handled_ms"][i] for a, b in zip(s0, s1, strict=True))
               for i in range(len(s1[0]["handled_ms"]))]
    n = max(1, d["actions"])
    n_clock = max(1, sum(b["actions"] - a["actions"] for a, b in zip(s0, s_clock, strict=True)))
    lat = sorted(load.latencies)
    warm = t0 + WARMUP
    steady = sorted(x for x, at in zip(load.latencies, load.sent_times, strict=True) if at >= warm)

    def q(xs: list[float], p: float) -> float | None:
        return round(1000 * xs[min(len(xs) - 1, int(len(xs) * p))], 2) if xs else None

    return {
        "tables": tables,
        "think_seconds_mean": think,
        "setup_seconds": round(setup, 2),
        "games_finished": load.games,
        "seconds": round(wall, 2),
        "actions": load.actions,
        "actions_per_second": round(load.actions / wall, 1),
        "latency_ms": {"p50": q(lat, 0.5), "p99": q(lat, 0.99),
                       "mean": round(1000 * statistics.fmean(lat), 2) if lat else None},
        f"latency_ms_after_first_{WARMUP:g}s": {"p50": q(steady, 0.5), "p99": q(steady, 0.99)},
        "errors": load.errors,
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "where_the_time_goes": {
            "server_processes_cpu_seconds": [round(c, 2) for c in cpu],
            "server_cpu_ms_per_action": round(1000 * sum(cpu) / n, 3),
            "server_cpu_ms_per_action_while_the_clock_ran": round(1000 * sum(cpu_clock) / n_clock, 3),
            "haproxy_cpu_ms_per_action": round(1000 * proxy_cpu / n, 3),
            "store_wait_ms_per_action": round(1000 * d["store_wait"] / n, 3),
            "store_jobs_per_commit": round(d["store_jobs"] / max(1, d["commits"]), 1),
            "frames_build_ms_per_action": round(1000 * d["frames"] / n, 4),
            "server_side_ms": {"p50": bucket_quantile(handled, s1[0]["handled_edges_ms"], 0.5),
                               "p99": bucket_quantile(handled, s1[0]["handled_edges_ms"], 0.99)},
            "server_gc_complete_collections": d["gc_complete_collections"],
            "actions_per_process": [b["actions"] - a["actions"] for a, b in zip(s0, s1, strict=True)],
        },
        "processes_hosted_counters_since_start": hosted1,
        "tables_moved_while_the_clock_ran": {  # none for the plain process (not hosted)
            k: sum(b[k] - a[k] for a, b in zip(hosted0, hosted1, strict=True) if a and b) for k in MOVES},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", default="0,1,2",
                    help="process counts to compare, one run each (0: one plain process, not hosted)")
    ap.add_argument("--levels", default="300@4", help="N@T: N tables, seats thinking T s on average")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--params", default='{"bid_seconds": 3600}')
    ap.add_argument("--db", default=os.environ.get("TABLESPORT_TEST_PG",
                                                   "postgresql+psycopg://postgres@127.0.0.1:5432/test"))
    ap.add_argument("--redis", default=os.environ.get("TABLESPORT_TEST_REDIS", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    params = json.loads(args.params)
    levels = [(int(x.split("@")[0]), float(x.split("@")[1]) if "@" in x else 0.0)
              for x in args.levels.split(",") if x.strip()]
    runs = []
    haproxy = haproxy_binary()
    for n in [int(x) for x in args.processes.split(",")]:
        with scratch_schema(args.db) as url, tempfile.TemporaryDirectory() as tmp:
            # 0: the baseline, one plain (not hosted) process on the same PostgreSQL, no Redis, no HAProxy
            cluster = Cluster(max(1, n), url, args.redis if n else "", Path(tmp),
                              haproxy=haproxy if n else None, bot_delay=0.0, tables_per_minute=0,
                              prefix=f"bench-{secrets.token_hex(3)}")
            with cluster:
                for tables, think in levels:
                    with asyncio.Runner(loop_factory=client_loop("uvloop")) as runner:
                        row = runner.run(run_level(cluster, tables, args.seconds, think, params))
                    row["processes"] = n
                    print(json.dumps(row), flush=True)
                    runs.append(row)
    out = {
        "benchmark": "hosted_load",
        "command": f"python -m bench.hosted_load --processes {args.processes} --levels {args.levels} "
                   f"--seconds {args.seconds:g}",
        "preset": "goofspiel-2p",
        "params": params,
        "store": "PostgreSQL (group commit in a writer thread per process); Redis leases; HAProxy in front",
        "goal": {"one_process": {"tables": 1000, "p99_ms": 50},
                 "hosted": {"tables": 3000, "think_s": 4, "p99_ms": 50, "server_cpu_ms_per_action": 0.5}},
        "runs": runs,
        "machine": machine(),
        "note": "2 shared cores: the client, HAProxy, PostgreSQL and the servers compete for them; "
                "load_average_after says how busy the machine was",
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
