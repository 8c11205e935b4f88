"""Many concurrent tables played through the real web server over WebSockets on loopback.

A ``tablesport serve`` process (embedded SQLite store, every step committed before it is
announced) hosts ``--tables`` tables at once; this process plays every seat of every table as a
WebSocket client that answers each decision with a random listed option.  When a game ends its
slot opens a new table, so the number of live tables stays constant until ``--seconds`` pass;
then every seat stops answering (games still running are left unfinished).

The tables are created and every seat connected before the clock starts (``setup_seconds``).
Action latency = measured in this (client) process, from just before the action is sent to the
moment the seat's WebSocket hands over the frame that shows it applied (the seat's decision is
gone or was asked anew); by then the step was committed to the store.  It includes the client's
own delays.  Reported per concurrency level: tables, games, actions/s, p50/p99 latency, and where
the time goes: the server's own accounting (the server-side part of each action's latency as a
histogram, rules, waiting for the store's group commit, building and serialising frames, the
collector's pauses, how late its event loop's 10 ms ticks fire) and the CPU seconds of the server
and of the client process.  The baseline in the same run is the same games played
in-process by the simulator (``tablesport.sim``) with no server at all.

Levels without think time are closed loops (every seat answers at once: the most the server can
take); ``N@T`` levels give each seat a think time of T seconds on average, as at a real table.

    .venv/bin/python -m bench.server_load [--levels 100@4,500@4,1000@4] [--seconds 20] [--preset goofspiel-2p]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets

from bench.machine import machine
from tablesport.server.process import ServerProcess
from tablesport.sim.batch import simulate
from tablesport.store.live.jsontext import compact

RESULTS = Path(__file__).parent / "results" / "server_load.json"
WARMUP = 5.0
"""Seconds after the start whose actions are left out of the steady-state latency figures."""


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


class Load:
    def __init__(self, server: ServerProcess, preset: str, seats: int, deadline: float, rng: random.Random,
                 think: float, params: dict[str, Any]) -> None:
        self.think = think
        self.params = params
        self.server = server
        self.preset = preset
        self.seats = seats
        self.deadline = deadline
        self.rng = rng
        self.latencies: list[float] = []
        self.sent_times: list[float] = []
        self.actions = 0
        self.games = 0
        self.errors: dict[str, int] = {}
        self.connected = 0
        self.go = asyncio.Event()
        self.http = httpx.AsyncClient(base_url=server.url, timeout=httpx.Timeout(120, pool=None),
                                      limits=httpx.Limits(max_connections=20))

    async def seat_loop(self, tid: str, token: str) -> None:
        await self.play_seat(tid, token, first=True)

    async def play_seat(self, tid: str, token: str, first: bool) -> None:
        """One seat's connection: answer each decision after a think, time each answer; ``first``: the
        seat's first connection, counted, which waits for every first table to be set up."""
        async with websockets.connect(f"{self.server.ws_url}/ws/{tid}?token={token}", max_size=1 << 22,
                                      open_timeout=120, ping_interval=None) as ws:
            if first:
                self.connected += 1
                await self.go.wait()  # every first table is set up before the clock starts
            acted: int | None = None
            sent_at = 0.0
            while True:
                frame = orjson.loads(await ws.recv())  # the client's CPU is the machine's too
                kind = frame["type"]
                if kind == "error":
                    self.errors[frame["code"]] = self.errors.get(frame["code"], 0) + 1
                    continue
                if kind not in ("hello", "step", "presence"):
                    continue
                d = frame["decision"]
                if acted is not None and (d is None or not d.get("mine") or d.get("asked") != acted):
                    now = time.perf_counter()
                    self.latencies.append(now - sent_at)
                    self.sent_times.append(sent_at)
                    self.actions += 1
                    acted = None
                if d is None:
                    self.games += 1 if frame["seat"] == 0 else 0
                    return
                if time.monotonic() > self.deadline:
                    return  # the time is up (the table is left unfinished)
                if (d.get("mine") and acted is None and d.get("asked") is not None
                        and frame["status"] == "running"):
                    acted = d["asked"]
                    if self.think > 0:
                        await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                    sent_at = time.perf_counter()
                    action = self.rng.choice(d["options"])
                    await ws.send(compact({"type": "act", "seq": frame["seq"], "action": action}))

    async def create(self) -> dict[str, Any]:
        body = {"preset": self.preset, "params": self.params, "seats": [{"kind": "person"}] * self.seats}
        for attempt in range(3):
            try:
                r = await self.http.post("/api/v1/tables", json=body)
            except httpx.TransportError:  # a kept-alive connection closed under us: a new one
                self.errors["create_retried"] = self.errors.get("create_retried", 0) + 1
                if attempt == 2:
                    raise
                continue
            r.raise_for_status()
            t: dict[str, Any] = r.json()
            return t
        raise AssertionError("unreachable")

    async def slot(self) -> None:
        while time.monotonic() < self.deadline:
            t = await self.create()
            await asyncio.gather(*(self.seat_loop(t["id"], s["token"]) for s in t["seats"]))


async def run_level(server: ServerProcess, preset: str, seats: int, tables: int, seconds: float,
                    think: float, params: dict[str, Any]) -> dict[str, Any]:
    assert server.proc is not None
    load = Load(server, preset, seats, time.monotonic() + 3600, random.Random(tables), think, params)
    t_setup = time.perf_counter()
    slots = [asyncio.create_task(load.slot()) for _ in range(tables)]
    while load.connected < tables * seats:
        for task in slots:
            if task.done():  # a table could not be created or a seat could not connect: say why
                task.result()
                raise RuntimeError("a table's slot ended before the clock started")
        await asyncio.sleep(0.05)
    setup = time.perf_counter() - t_setup
    collector_off()
    stats0 = httpx.get(server.url + "/api/v1/stats").json()
    srv_cpu0, me_cpu0 = cpu_seconds(server.proc.pid), cpu_seconds(os.getpid())
    t0 = time.perf_counter()
    load.deadline = time.monotonic() + seconds
    load.go.set()
    await asyncio.gather(*slots)
    wall = time.perf_counter() - t0
    collector_on()
    await load.http.aclose()
    stats1 = httpx.get(server.url + "/api/v1/stats").json()
    srv_cpu, me_cpu = cpu_seconds(server.proc.pid) - srv_cpu0, cpu_seconds(os.getpid()) - me_cpu0
    lat = sorted(load.latencies)
    warm = t0 + WARMUP
    steady = sorted(x for x, at in zip(load.latencies, load.sent_times, strict=True) if at >= warm)
    d = {k: stats1[k] - stats0[k] for k in ("actions", "apply", "store_wait", "frames", "frames_sent",
                                             "commits", "store_jobs", "commit_seconds")}
    n = max(1, d["actions"])
    return {
        "tables": tables,
        "think_seconds_mean": think,
        "setup_seconds": round(setup, 2),
        "games_finished": load.games,
        "seconds": round(wall, 2),
        "actions": load.actions,
        "actions_per_second": round(load.actions / wall, 1),
        "latency_ms": {
            "p50": round(1000 * lat[len(lat) // 2], 2) if lat else None,
            "p99": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2) if lat else None,
            "mean": round(1000 * statistics.fmean(lat), 2) if lat else None,
        },
        f"latency_ms_after_first_{WARMUP:g}s": {
            "p50": round(1000 * steady[len(steady) // 2], 2) if steady else None,
            "p99": round(1000 * steady[min(len(steady) - 1, int(len(steady) * 0.99))], 2) if steady else None,
        },
        "errors": load.errors,
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "where_the_time_goes": {
            "server_cpu_seconds": round(srv_cpu, 2),
            "client_cpu_seconds": round(me_cpu, 2),
            "server_cpu_ms_per_action": round(1000 * srv_cpu / n, 3),
            "rules_apply_ms_per_action": round(1000 * d["apply"] / n, 4),
            "frames_build_ms_per_action": round(1000 * d["frames"] / n, 4),
            "frames_per_action": round(d["frames_sent"] / n, 2),
            "store_wait_ms_per_action": round(1000 * d["store_wait"] / n, 3),
            "store_commits": d["commits"],
            "store_jobs_per_commit": round(d["store_jobs"] / max(1, d["commits"]), 1),
            "store_commit_ms_mean": round(1000 * d["commit_seconds"] / max(1, d["commits"]), 3),
            **probe_figures(stats0, stats1),
        },
    }


def probe_figures(stats0: dict[str, Any], stats1: dict[str, Any]) -> dict[str, Any]:
    """The server's own timing counters over the level (none from a server without them)."""
    if "handled_ms" not in stats1 or "gc_runs" not in stats1:
        return {}

    def diff(key: str, digits: int | None = None) -> list[Any]:
        return [b - a if digits is None else round(b - a, digits)
                for a, b in zip(stats0[key], stats1[key], strict=True)]

    handled = diff("handled_ms")
    edges = stats1["handled_edges_ms"]
    return {
        "server_side_ms": {
            "what": "an accepted action from its message read by the server to its frames queued for sending",
            "p50": bucket_quantile(handled, edges, 0.5),
            "p99": bucket_quantile(handled, edges, 0.99),
        },
        "server_gc_runs_by_generation": diff("gc_runs"),
        "server_gc_seconds_by_generation": diff("gc_seconds", 3),
        "server_gc_cpu_seconds_by_generation": diff("gc_cpu_seconds", 3),
        "server_gc_complete_collections":
            stats1["gc_complete_collections"] - stats0["gc_complete_collections"],
        "server_gc_longest_pause_ms_since_start": stats1["gc_max_ms"],
        "server_gc_longest_pause_cpu_ms_since_start": stats1["gc_max_cpu_ms"],
        "server_gc_pauses_over_cpu_ms_by_generation": {
            b: [n - m for m, n in zip(stats0.get("gc_cpu_over_ms_by_generation", {}).get(b, [0, 0, 0]), v,
                                      strict=True)]
            for b, v in stats1.get("gc_cpu_over_ms_by_generation", {}).items()},
        "server_gc_frozen_before_after": [stats0["gc_frozen"], stats1["gc_frozen"]],
        "server_loop_ticks": stats1["loop_ticks"] - stats0["loop_ticks"],
        "server_loop_ticks_late_by_more_than_ms": {k: v - stats0["loop_lag_over_ms"][k]
                                                  for k, v in stats1["loop_lag_over_ms"].items()},
    }


def bucket_quantile(counts: list[int], edges: list[float], q: float) -> str:
    """The upper edge (ms) of the histogram bucket holding quantile ``q``."""
    total = sum(counts)
    if not total:
        return "-"
    run = 0
    for n, edge in zip(counts, [*edges, None], strict=True):
        run += n
        if run >= q * total:
            return f"<= {edge:g}" if edge is not None else f"> {edges[-1]:g}"
    return "-"


def baseline(preset: str, seconds: float) -> dict[str, Any]:
    """The same games by the in-process simulator: the rules' own speed, no server."""
    games = 50
    while True:
        summary = simulate(preset, games, 1, "random")
        if summary.wall > seconds / 4 or games >= 100_000:
            break
        games *= 4
    out = summary.to_json()
    return {"games": out["games"], "seconds": out["seconds"],
            "actions_per_second": out["decisions_per_second"]}


def collector_off() -> None:
    """This (client) process's collector while the clock runs: what the setup made is frozen and no
    collection runs (a pause of the client would count as the server's latency; the load makes
    next to no cyclic garbage). :func:`collector_on` after the level."""
    gc.collect()
    gc.freeze()
    gc.disable()


def collector_on() -> None:
    gc.enable()
    gc.unfreeze()


def client_loop(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    if name == "asyncio":
        return None
    import uvloop

    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="100@4,500@4,1000@4",
                    help="concurrent tables, comma-separated; N@T: each seat thinks T seconds on average "
                         "(uniform 0..2T) before it answers, as players do; without @ seats answer at once")
    ap.add_argument("--seconds", type=float, default=20.0, help="seconds per level")
    ap.add_argument("--preset", default="goofspiel-2p")
    ap.add_argument("--params", default='{"bid_seconds": 3600}',
                    help="preset parameters for the tables (JSON); the default keeps goofspiel's bid timer "
                         "from firing while a thousand tables are being set up")
    ap.add_argument("--client-loop", choices=("uvloop", "asyncio"), default="uvloop",
                    help="the event loop of this (client) process; the server runs on uvloop "
                         "(uvicorn's choice)")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    from tablesport.games import find_preset

    _, rs = find_preset(args.preset)
    chosen = args.preset.startswith("goofspiel") or args.params != ap.get_default("params")
    params = json.loads(args.params) if chosen else {}
    levels = [(int(x.split("@")[0]), float(x.split("@")[1]) if "@" in x else 0.0)
              for x in args.levels.split(",") if x.strip()]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp) / "load.sqlite3", bot_delay=0.0, tables_per_minute=0,
                               log=Path(tmp) / "server.log").start()
        try:
            for n, think in levels:
                with asyncio.Runner(loop_factory=client_loop(args.client_loop)) as runner:
                    row = runner.run(run_level(server, args.preset, rs.seats, n, args.seconds, think, params))
                row["client_loop"] = args.client_loop
                print(json.dumps(row), flush=True)
                results.append(row)
        finally:
            server.stop()
    base = baseline(args.preset, args.seconds)
    out = {
        "benchmark": "server_load",
        "preset": args.preset,
        "params": params,
        "store": "sqlite (embedded file, WAL, group commit)",
        "goal": {"tables": 1000, "p99_ms": 50},
        "levels": results,
        "baseline_in_process_simulator": base,
        "machine": machine(),
        "note": "the machine is shared: load_average_after shows how busy it was (2 cores)",
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps({"baseline": base}))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
