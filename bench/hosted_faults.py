"""Hosted mode under a fault: ``kill -9`` of one of two server processes, or a restart of PostgreSQL,
during 100 live bot games and some people's games (issue 21, "Faults").

Two ``tablesport serve`` processes share a PostgreSQL store (a schema of its own, dropped afterwards) and
Redis (keys under a prefix of their own) behind HAProxy (scripts/ensure-haproxy).  ``--bots`` tables of two
random bots and ``--people`` tables of a person (a WebSocket client that reconnects by itself, as the page
does) and a bot are started; ``--kill-after`` seconds later the process holding the most live tables is
killed with SIGKILL.  Reported: how many live tables it held; when the survivor had adopted them all
(seconds after the kill, sampled every 0.1 s); each person's time away; whether every game finished; whether
every record replays to its final hash with each step once (none lost, none applied twice).

With ``--fault postgres`` the fault is instead a real restart of the PostgreSQL server, by the command
given (the machine's own, e.g. ``pg_ctlcluster 15 main restart``, run as a user allowed to); reported: how
long the command took, the people's refusals and time away, and when a new table could be created again.
It restarts the database of everything else on the machine, so it is a benchmark, not a test
(tests/hosted/test_store_outage.py cuts a relay in front of PostgreSQL instead).

    .venv/bin/python -m bench.hosted_faults [--bots 100] [--people 10]
    .venv/bin/python -m bench.hosted_faults --fault postgres --restart-command "pg_ctlcluster 15 main restart"
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from bench.machine import machine
from tablesport.server.hosted.cluster import Cluster, scratch_schema
from tablesport.server.hosted.players import Person, check_record

RESULTS = Path(__file__).parent / "results" / "hosted_faults.json"
ROOT = Path(__file__).resolve().parents[1]


def haproxy_binary() -> str:
    import subprocess

    done = subprocess.run([str(ROOT / "scripts" / "ensure-haproxy")], capture_output=True, text=True,
                          check=True)
    return done.stdout.strip().splitlines()[-1]


def held(cluster: Cluster, i: int) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(cluster.procs[i].url + "/api/v1/health", timeout=10).json()["hosted"]
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", type=int, default=100, help="tables of two bots")
    ap.add_argument("--people", type=int, default=10, help="tables of a person and a bot")
    ap.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before it acts")
    ap.add_argument("--kill-after", type=float, default=3.0, help="seconds from the start to the kill")
    ap.add_argument("--db", default=os.environ.get("TABLESPORT_TEST_PG",
                                                   "postgresql+psycopg://postgres@127.0.0.1:5432/test"))
    ap.add_argument("--redis", default=os.environ.get("TABLESPORT_TEST_REDIS", "redis://127.0.0.1:6379/0"))
    ap.add_argument("--fault", choices=("kill", "postgres"), default="kill")
    ap.add_argument("--restart-command", help="with --fault postgres: the command that restarts PostgreSQL")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    if args.fault == "postgres" and not args.restart_command:
        ap.error("--fault postgres needs --restart-command (e.g. \"pg_ctlcluster 15 main restart\")")
    out = args.out or RESULTS.with_name("hosted_faults.json" if args.fault == "kill"
                                        else "hosted_faults_postgres.json")
    with scratch_schema(args.db) as url, tempfile.TemporaryDirectory() as tmp:
        cluster = Cluster(2, url, args.redis, Path(tmp), haproxy=haproxy_binary(), bot_delay=args.bot_delay,
                          prefix=f"bench-{secrets.token_hex(3)}", tables_per_minute=0)
        with cluster:
            row = asyncio.run(scenario(cluster, args))
    command = f"python -m bench.hosted_faults --bots {args.bots} --people {args.people}"
    if args.fault == "postgres":
        command += f" --fault postgres --restart-command '{args.restart_command}'"
    row.update({"machine": machine(), "load_average_after": [round(x, 2) for x in os.getloadavg()],
                "command": command,
                "note": "the 2-core machine is shared with other work: the load average says how busy"})
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(row, indent=2) + "\n")
    print(json.dumps(row, indent=2))
    print(f"wrote {out}")


async def scenario(cluster: Cluster, args: argparse.Namespace) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=cluster.url, timeout=30) as http:
        async def create(seats: list[dict[str, str]], seed: int) -> dict[str, Any]:
            body = {"preset": "goofspiel-2p", "seats": seats, "seed": seed}
            r = await http.post("/api/v1/tables", json=body)
            r.raise_for_status()
            t: dict[str, Any] = r.json()
            return t

        bot_tables = [await create([{"kind": "bot", "bot": "random"}] * 2, k) for k in range(args.bots)]
        person_tables = [await create([{"kind": "person"}, {"kind": "bot", "bot": "random"}], 10_000 + k)
                         for k in range(args.people)]
        people = [Person(cluster.ws_url, t["id"], t["seats"][0]["token"], pause=0.4) for t in person_tables]
        games = [asyncio.create_task(p.play(limit=120.0)) for p in people]
        await asyncio.sleep(args.kill_after)
        extra: list[dict[str, Any]] = []
        if args.fault == "kill":
            fault = await kill_one(cluster)
        else:
            fault = await restart_postgres(http, args.restart_command, extra)
        await asyncio.gather(*games)
        tables = bot_tables + person_tables + extra
        deadline = time.monotonic() + 120
        unfinished = [t["id"] for t in tables]
        answers: dict[str, int] = {}  # the answers to "is it finished?" while waiting
        while unfinished and time.monotonic() < deadline:
            still = []
            for tid in unfinished:
                r = await http.get(f"/api/v1/tables/{tid}")
                if r.status_code != 200 or r.json()["status"] != "finished":
                    answers[f"{r.status_code} {r.json().get('code', '')}".strip()] = (
                        answers.get(f"{r.status_code} {r.json().get('code', '')}".strip(), 0) + 1)
                    still.append(tid)
            unfinished = still
            await asyncio.sleep(0.5)
        replayed, failures = 0, []
        for t in tables:
            try:
                await asyncio.to_thread(check_record, cluster.url, t["id"])
                replayed += 1
            except AssertionError as exc:
                failures.append(f"{t['id']}: {exc}")
        gaps = sorted(round(g, 2) for p in people for g in p.gaps)
        return {
            "benchmark": "hosted_faults (" + ("kill -9 of one of two hosted processes" if args.fault == "kill"
                                              else "PostgreSQL restarted under two hosted processes") + ")",
            "bot_tables": args.bots,
            "person_tables": args.people,
            "bot_delay_s": args.bot_delay,
            **fault,
            "games_finished": len(tables) - len(unfinished),
            "answers_while_waiting": answers,
            "games": len(tables),
            "records_replayed_to_final_hash_each_step_once": replayed,
            "replay_failures": failures,
            "people_away_s": gaps,
            "people_max_away_s": max(gaps) if gaps else None,
            "people_refusals": sorted({code for p in people for code in p.refusals}),
            "processes": [await asyncio.to_thread(held, cluster, i) for i, p in enumerate(cluster.procs)
                          if p.proc is not None],
        }


async def kill_one(cluster: Cluster) -> dict[str, Any]:
    """Kill -9 the process holding the most live tables; the seconds until the other had adopted them all."""
    counts = [await asyncio.to_thread(held, cluster, i) for i in (0, 1)]
    victim = 0 if counts[0]["tables_held"] >= counts[1]["tables_held"] else 1
    survivor = 1 - victim
    lost_tables = counts[victim]["tables_held"]
    adopted0 = counts[survivor]["adopted"]
    cluster.kill(victim)
    t_kill = time.monotonic()
    all_adopted_after: float | None = None
    while all_adopted_after is None and time.monotonic() - t_kill < 60:
        h = await asyncio.to_thread(held, cluster, survivor)
        if h["adopted"] - adopted0 >= lost_tables:
            all_adopted_after = time.monotonic() - t_kill
        await asyncio.sleep(0.1)
    return {"killed_process_live_tables": lost_tables, "goal_s": 5.0,
            "all_adopted_within_s": None if all_adopted_after is None else round(all_adopted_after, 2)}


async def restart_postgres(http: httpx.AsyncClient, command: str, extra_tables: list[dict[str, Any]]
                           ) -> dict[str, Any]:
    """Run ``command`` (a restart of PostgreSQL); the seconds it took and until a new table could be created
    (that table is added to ``extra_tables``, to be played and checked with the others)."""
    t0 = time.monotonic()
    done = await asyncio.create_subprocess_shell(command)
    rc = await done.wait()
    restarted = time.monotonic() - t0
    refused = 0
    while time.monotonic() - t0 < 60:
        r = await http.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": [{"kind": "bot",
                            "bot": "random"}] * 2, "seed": 99_999})
        if r.status_code == 201:
            extra_tables.append(r.json())
            break
        refused += 1
        await asyncio.sleep(0.1)
    return {"restart_command": command, "restart_rc": rc, "restart_s": round(restarted, 2),
            "new_table_created_after_s": round(time.monotonic() - t0, 2),
            "new_tables_refused_meanwhile": refused}


if __name__ == "__main__":
    main()
