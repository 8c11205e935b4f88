"""Processor time per commit of one plain step (a row of ``web_steps``), the server's most frequent write:
through a session (``write_saves``, the writers' general path) against straight through the driver
(``PlainSteps``, their hot path), alternated in rounds, on the embedded SQLite file and on PostgreSQL.

    .venv/bin/python -m bench.store_writer [--commits 2000] [--rounds 3] [--pg URL]

PostgreSQL is skipped, with the reason, when it does not answer. → bench/results/store_writer.json
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

from bench.machine import machine, save_results
from tablesport.store.db import make_sessionmaker
from tablesport.store.live.writer import PlainSteps, StepSave, write_saves
from tablesport.store.migrate import upgrade
from tablesport.store.tables import WebTable


@contextlib.contextmanager
def stores(pg: str) -> Iterator[list[tuple[str, str]]]:
    from tablesport.server.hosted.cluster import scratch_schema

    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        found = [("sqlite", f"sqlite:///{tmp}/bench.sqlite3")]
        try:
            found.append(("postgresql", stack.enter_context(scratch_schema(pg, "ts_bench_writer"))))
        except Exception as exc:  # noqa: BLE001 - reported, the SQLite row still runs
            print(f"PostgreSQL skipped: {str(exc).splitlines()[0]}")
        yield found


def measure(url: str, commits: int, rounds: int) -> dict[str, Any]:
    engine = upgrade(url)
    sessions = make_sessionmaker(engine)
    with sessions() as s:
        s.add(WebTable(id="bench", game="goofspiel", preset="goofspiel-2p", seed=1, status="running",
                       header={}, created=0.0, updated=0.0))
        s.commit()
    plain = PlainSteps(sessions)
    counter = iter(range(1, 10**9))

    def step() -> StepSave:
        i = next(counter)
        line = {"i": i, "t": "act", "seat": i % 2, "action": [i % 13 + 1], "h": f"{i:016x}"}
        return StepSave({"table_id": "bench", "i": i, "line": line, "at": time.time(),
                         "meta": {"timers": {"asked": {"0": i}}, "clock_used": 0.0}}, None)

    def through_session() -> None:
        with sessions() as session:
            write_saves(session, [step()])
            session.commit()

    def through_driver() -> None:
        plain.insert([step()])

    ways: dict[str, Callable[[], None]] = {"session": through_session, "driver": through_driver}
    cpu = {name: 0.0 for name in ways}
    for _ in range(rounds):
        for name, commit in ways.items():
            t0 = time.process_time()
            for _ in range(commits):
                commit()
            cpu[name] += time.process_time() - t0
    plain.close()
    engine.dispose()
    per = {name: round(1000 * t / (commits * rounds), 4) for name, t in cpu.items()}
    return {"cpu_ms_per_commit": per, "driver_over_session": round(per["driver"] / per["session"], 3),
            "commits_each": commits * rounds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--commits", type=int, default=2000, help="commits of each way per round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--pg", default=os.environ.get("TABLESPORT_TEST_PG",
                                                   "postgresql+psycopg://root@127.0.0.1:5432/test"))
    args = ap.parse_args()
    results = {}
    with stores(args.pg) as found:
        for name, url in found:
            results[name] = measure(url, args.commits, args.rounds)
            print(name, results[name])
    save_results("store_writer", {
        "benchmark": "store_writer",
        "command": f".venv/bin/python -m bench.store_writer --commits {args.commits} --rounds {args.rounds}",
        "what": "processor time of this process per commit of one plain step, the two ways alternated",
        "results": results, "machine": machine(),
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    })


if __name__ == "__main__":
    main()
