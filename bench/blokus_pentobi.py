"""Our Blokus bots against Pentobi's engine (``pentobi-gtp``), refereed move by move by our rules.

Pentobi is the reference Blokus program; its GTP engine is not packaged by Debian, so build it from
its source (``scripts/build-pentobi-gtp SOURCE_DIR``) and pass its path with ``--pentobi`` or
``PENTOBI_GTP``.  Matches, each over seeded games with colour ownership rotating every game:

* 4 players (``classic``): our bot plays one colour, Pentobi the other three (a fair first-place
  share is 25 %, a fair mean place 2.5);
* 2 players (``classic_2``): our bot two colours, Pentobi two, sides swapped every game.

Writes bench/results/blokus_pentobi.json (or ``--out NAME``) with each match's summary, thinking
time per engine (total, per move, slowest move) and every game's scores.

    .venv/bin/python -m bench.blokus_pentobi --pentobi PATH [--games 8] [--level 1] [--playouts 60]
    .venv/bin/python -m bench.blokus_pentobi --pentobi PATH --bots uct:seconds=1 --variants classic_2 \
        --level 3 --games 20 --out blokus_pentobi_uct_level3
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.games.blokus.gtp_match import GtpClient, play_game, rotations, summarise


def ours(bot: str) -> list[str]:
    return [sys.executable, "-m", "tablesport.cli", "blokus", "gtp", "--bot", bot, "--seed", "1"]


def pentobi(path: str, level: int, seed: int, variant: str) -> list[str]:
    return [path, "--nobook", "--noresign", "--quiet", "--threads", "1", "--level", str(level),
            "--seed", str(seed), "--game", variant]


def match(path: str, bot: str, level: int, games: int, variant: str) -> dict[str, Any]:
    preset = "blokus-event" if variant == "classic" else "blokus-2p"
    pattern = [0, 1, 1, 1] if variant == "classic" else [0, 1, 0, 1]
    engines = [GtpClient(ours(bot), bot),
               GtpClient(pentobi(path, level, 1, variant), f"pentobi level {level}")]
    t0 = time.perf_counter()
    try:
        records = []
        for g, owners in enumerate(rotations(pattern, games)):
            records.append(play_game(engines, owners, preset))
            print(f"game {g + 1}: owners {owners} engine scores {records[-1].engine_scores}", file=sys.stderr,
                  flush=True)
    finally:
        for e in engines:
            e.close()
    summary = summarise(records, [e.name for e in engines])
    summary.update(variant=variant, seconds=round(time.perf_counter() - t0, 1),
                   seconds_thinking={e.name: round(e.seconds, 1) for e in engines},
                   seconds_per_move={e.name: round(e.seconds / max(e.genmoves, 1), 3) for e in engines},
                   slowest_move={e.name: round(e.slowest, 2) for e in engines},
                   game_records=[r.to_json() for r in records])
    print(json.dumps(summary), flush=True)
    return summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pentobi", default=os.environ.get("PENTOBI_GTP") or shutil.which("pentobi-gtp"))
    ap.add_argument("--games", type=int, default=8, help="games per match (a multiple of 4 rotates fully)")
    ap.add_argument("--level", type=int, default=1, help="Pentobi's level (1 = weakest, 9 = strongest)")
    ap.add_argument("--playouts", type=int, default=60)
    ap.add_argument("--bots", help="our bots, comma-separated (default: random, greedy, mcts:playouts=N)")
    ap.add_argument("--variants", default="classic,classic_2", help="classic, classic_2 or both")
    ap.add_argument("--out", default="blokus_pentobi", help="results file name in bench/results (no .json)")
    args = ap.parse_args()
    if not args.pentobi:
        sys.exit("no pentobi-gtp: build it with scripts/build-pentobi-gtp and pass --pentobi PATH")
    version = subprocess.run([args.pentobi, "--version"], capture_output=True, text=True).stdout.strip()
    bots = args.bots.split(",") if args.bots else ["random", "greedy", f"mcts:playouts={args.playouts}"]
    variants = args.variants.split(",")
    if any(v not in ("classic", "classic_2") for v in variants):
        sys.exit("--variants: classic, classic_2 or both")
    matches = [match(args.pentobi, bot, args.level, args.games, variant)
               for variant in variants for bot in bots]
    command = " ".join([".venv/bin/python -m bench.blokus_pentobi", *sys.argv[1:]])
    command = command.replace(args.pentobi, "PATH")  # the engine's place on this machine is not a figure
    out = {"benchmark": "blokus_pentobi", "command": command,
           "pentobi": version, "level": args.level, "matches": matches, "machine": machine()}
    save_results(args.out, out)


if __name__ == "__main__":
    main()
