"""Memory and live objects per idle table of a real server process.

A ``tablesport serve`` process (embedded SQLite store) is given idle tables of goofspiel-2p whose seats are
all people, in two kinds:

* *open*: created, waiting for their players (nobody connected);
* *seated*: both players connected, each with its decision pending (the bid timer set to an hour), nobody
  answering: a table of people thinking.

Then every player leaves: what the closed connections left as cyclic garbage (found only by a complete
collection once frozen, see ``tablesport/server/web/collector.py``), per connection.  Last, ``--played``
tables are played to their end (random listed options) and left: the cyclic garbage per finished table,
its creation over HTTP and its two connections included.

Before and after each batch the server collects completely and counts what is alive (``SIGUSR2`` with
``TABLESPORT_CENSUS``, see
``tablesport/server/web/collector.py``): objects tracked by the collector, by type; the
CPU time of that complete collection (the pause a whole-heap collection costs); the resident memory.  Per
table = the difference over the batch / its tables.  CPU time and counts, not wall time, so the figures
hold on a busy machine.

    .venv/bin/python -m bench.server_memory [--open 10000] [--seated 2000] [--played 500]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from bench.machine import machine
from tablesport.server.process import ServerProcess

RESULTS = Path(__file__).parent / "results" / "server_memory.json"
BODY = {"preset": "goofspiel-2p", "params": {"bid_seconds": 3600}, "seats": [{"kind": "person"}] * 2}
TARGET_TABLES, TARGET_BYTES = 10_000, 2 * 1024**3


def census(server: ServerProcess, path: Path) -> dict[str, Any]:
    assert server.proc is not None
    path.unlink(missing_ok=True)
    server.proc.send_signal(signal.SIGUSR2)
    deadline = time.monotonic() + 300
    while not path.exists() or not path.read_text().endswith("\n"):
        if time.monotonic() > deadline:
            raise RuntimeError("no census from the server")
        time.sleep(0.2)
    data: dict[str, Any] = json.loads(path.read_text())
    return data


async def create(server: ServerProcess, n: int, workers: int = 8) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = []
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        async def worker(k: int) -> None:
            for _ in range(k):
                r = await http.post("/api/v1/tables", json=BODY)
                r.raise_for_status()
                tables.append(r.json())

        await asyncio.gather(*(worker(n // workers + (i < n % workers)) for i in range(workers)))
    return tables


async def seat_everyone(server: ServerProcess, tables: list[dict[str, Any]]) -> list[Any]:
    sockets: list[Any] = []
    sem = asyncio.Semaphore(64)

    async def connect(tid: str, token: str) -> None:
        async with sem:
            ws = await websockets.connect(f"{server.ws_url}/ws/{tid}?token={token}", max_size=1 << 22,
                                          ping_interval=None, compression=None)
            await ws.recv()  # hello
            sockets.append(ws)

    await asyncio.gather(*(connect(t["id"], s["token"]) for t in tables for s in t["seats"]))
    return sockets


def per_table(before: dict[str, Any], after: dict[str, Any], n: int) -> dict[str, Any]:
    types = {k: round((after["by_type"].get(k, 0) - before["by_type"].get(k, 0)) / n, 2)
             for k in after["by_type"]}
    return {
        "tables": n,
        "bytes_per_table": round((after["rss_bytes"] - before["rss_bytes"]) / n),
        "objects_per_table": round((after["objects"] - before["objects"]) / n, 1),
        "objects_per_table_by_type": dict(sorted(types.items(), key=lambda kv: -kv[1])[:15]),
        "server_after": {k: after[k] for k in ("objects", "rss_bytes", "complete_collection_cpu_ms")},
    }


async def play(server: ServerProcess, tables: list[dict[str, Any]]) -> int:
    """Both seats of every table answer with a random listed option until the game ends (100 tables at a
    time, both seats of a table together); the actions applied."""
    rng = random.Random(0)
    sem = asyncio.Semaphore(100)
    actions = 0

    async def seat(tid: str, token: str) -> None:
        nonlocal actions
        async with websockets.connect(f"{server.ws_url}/ws/{tid}?token={token}", max_size=1 << 22,
                                      ping_interval=None, compression=None) as ws:
            acted = -1
            last: dict[str, Any] = {}
            while True:
                f = json.loads(await ws.recv())
                if f["type"] == "error":  # stale: answer the decision as it is now
                    actions -= 1
                    acted = -1
                    f = last
                elif f["type"] not in ("hello", "step"):
                    continue
                last = f
                d = f["decision"]
                if d is None:
                    return
                if d["mine"] and d["asked"] != acted:
                    acted = d["asked"]
                    actions += 1
                    action = rng.choice(d["options"])
                    await ws.send(json.dumps({"type": "act", "seq": f["seq"], "action": action}))

    async def table(t: dict[str, Any]) -> None:
        async with sem:
            await asyncio.gather(*(seat(t["id"], s["token"]) for s in t["seats"]))

    await asyncio.gather(*(table(t) for t in tables))
    return actions


async def run(server: ServerProcess, path: Path, n_open: int, n_seated: int, n_played: int) -> dict[str, Any]:
    c0 = census(server, path)
    await create(server, n_open)
    c1 = census(server, path)
    seated = await create(server, n_seated)
    c2 = census(server, path)
    sockets = await seat_everyone(server, seated)
    await asyncio.sleep(2.0)
    c3 = census(server, path)
    out = {
        "server_at_start": {k: c0[k] for k in ("objects", "rss_bytes", "complete_collection_cpu_ms")},
        "open": per_table(c0, c1, n_open) if n_open else None,
        "seated": per_table(c2, c3, n_seated) if n_seated else None,
        "seated_including_creation": per_table(c1, c3, n_seated) if n_seated else None,
    }
    for ws in sockets:
        await ws.close()
    await asyncio.sleep(2.0)
    c4 = census(server, path)
    if sockets:  # what the closed connections left that only a complete collection reclaims
        out["closed"] = {
            "connections": len(sockets),
            "cyclic_garbage_per_connection": round(c4["garbage_found"] / len(sockets), 1),
            "objects_freed_per_connection": round((c3["objects"] - c4["objects"]) / len(sockets), 1),
        }
    if n_played:
        played = await create(server, n_played)
        actions = await play(server, played)
        await asyncio.sleep(2.0)
        c5 = census(server, path)
        out["played"] = {
            "tables": n_played,
            "actions": actions,
            "cyclic_garbage_per_table": round(c5["garbage_found"] / n_played, 1),
            "objects_left_per_table": round((c5["objects"] - c4["objects"]) / n_played, 1),
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--open", type=int, default=10_000, help="open tables (nobody connected)")
    ap.add_argument("--seated", type=int, default=2000, help="tables with both players connected, thinking")
    ap.add_argument("--played", type=int, default=500, help="tables played to their end, then left")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "census.json"
        os.environ["TABLESPORT_CENSUS"] = str(path)
        server = ServerProcess(Path(tmp) / "memory.sqlite3", bot_delay=0.0, tables_per_minute=0,
                               log=Path(tmp) / "server.log").start(timeout=180)
        try:
            figures = asyncio.run(run(server, path, args.open, args.seated, args.played))
        finally:
            server.stop()
    start = figures["server_at_start"]["rss_bytes"]
    seated = figures["seated_including_creation"] or figures["open"]
    projected = start + TARGET_TABLES * seated["bytes_per_table"]
    out = {
        "benchmark": "server_memory",
        "preset": BODY["preset"],
        **figures,
        "projected_10000_seated_tables_bytes": projected,
        "goal": {"tables": TARGET_TABLES, "bytes": TARGET_BYTES, "met": projected < TARGET_BYTES},
        # the server's resident memory itself with every seated table connected, not a projection (a
        # process may hold 20,000 descriptors on the test machine: at most about 9,900 seated tables)
        "measured_seated_tables_server_rss_bytes": (
            {"tables": args.seated, "rss_bytes": figures["seated"]["server_after"]["rss_bytes"],
             "under_goal_bytes": figures["seated"]["server_after"]["rss_bytes"] < TARGET_BYTES}
            if args.seated else None),
        "load_average": list(os.getloadavg()),
        "machine": machine(),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
