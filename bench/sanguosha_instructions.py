"""Sanguosha engine work counted in machine instructions: the figure a shared machine's load does not move.

Run: .venv/bin/python -m bench.sanguosha_instructions [--build compiled|pure] [--other DIR]

Timed rates (bench/sanguosha_engine.py) move by a third or more with the other work on a shared machine,
which hides a change of 5 or 10 %. Here each row is played under valgrind's callgrind, which counts the
instructions the process executes, nearly the same on every run of the same code (two runs of one
checkout were once 15 million instructions apart, about 0.3 % of a process; over a row's marginal
decisions that is up to about 2 % of its figure, so a smaller change needs more games to show). The
rows are random full games (the same driver and seeds as the timed bench), in two processes, a few
games and then more (``ROWS``), so that start-up and the first game's one-time loads cancel out of the
difference. A row's figure is its marginal instructions per decision, driver included (string hashes
fixed by ``PYTHONHASHSEED=0``: with Python's random hash seed the same code counted up to 3 % apart
between runs); Goofspiel, under the same driver, is the baseline of the same run, and each Sanguosha
row is also given as a multiple of it.

``--other DIR`` measures the checkout in DIR as well (an earlier commit, with its own compiled build
where ``--build compiled``: ``git worktree add DIR COMMIT``, then ``scripts/build-compiled`` there), and
gives each of its rows against this one's. Needs valgrind; writes bench/results/sanguosha_instructions.json.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.machine import machine, save_results

ROOT = Path(__file__).resolve().parent.parent
ROWS = {"sgs-3v3-2012": (10, 30), "sgs-1v1-2014": (10, 30), "sgs-3v3-2014": (10, 30),
        "goofspiel-2p": (200, 600)}   # games: --few and --many
BASELINE = "goofspiel-2p"
PLAY = ("import sys; from bench.sanguosha_engine import play; "
        "print(play(sys.argv[1], int(sys.argv[2]))['decisions'])")


def count(root: Path, preset: str, games: int, build: str) -> tuple[int, int]:
    """(decisions, instructions) of one process playing ``games`` random games of ``preset``."""
    env = dict(os.environ)
    env.pop("TABLESPORT_PURE", None)
    if build == "pure":
        env["TABLESPORT_PURE"] = "1"
    env["PYTHONPATH"] = str(root)
    env["PYTHONHASHSEED"] = "0"     # the same string hashes in every run: dictionaries probe alike
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                              sys.executable, "-c", PLAY, preset, str(games)],
                             cwd=root, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"{preset} ({games} games) in {root} failed:\n{run.stderr[-2000:]}")
        m = re.search(r"^(?:summary|totals): (\d+)", out.read_text(errors="replace"), re.M)
        if m is None:
            raise SystemExit(f"no instruction total in callgrind's output for {preset}")
        return int(run.stdout.split()[-1]), int(m.group(1))


def loaded_build(root: Path, build: str) -> bool:
    env = dict(os.environ, PYTHONPATH=str(root))
    env.pop("TABLESPORT_PURE", None)
    if build == "pure":
        env["TABLESPORT_PURE"] = "1"
    code = "from tablesport.games.sanguosha import compiled; print(compiled())"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True)
    return out.stdout.strip().endswith("True")


def measure(root: Path, build: str) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    for preset, (few, many) in ROWS.items():
        d1, i1 = count(root, preset, few, build)
        d2, i2 = count(root, preset, many, build)
        rows[preset] = {"games": many - few, "decisions": d2 - d1,
                        "instructions_per_decision": round((i2 - i1) / (d2 - d1))}
        print(f"  {preset:<14} {rows[preset]['instructions_per_decision']:>9,} instructions per decision "
              f"({d2 - d1} decisions)", flush=True)
    base = rows[BASELINE]["instructions_per_decision"]
    for preset, row in rows.items():
        if preset != BASELINE:
            row["times_goofspiel"] = round(row["instructions_per_decision"] / base, 2)
    return {"root": str(root), "compiled": loaded_build(root, build), "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", choices=("compiled", "pure"), default="compiled")
    ap.add_argument("--other", metavar="DIR", help="another checkout to measure beside this one")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: this benchmark counts instructions with its callgrind "
                         "tool")
    out: dict[str, Any] = {"machine": machine(), "build": args.build}
    print(f"this checkout ({args.build}):")
    out["this"] = measure(ROOT, args.build)
    if args.other:
        print(f"{args.other} ({args.build}):")
        out["other"] = measure(Path(args.other).resolve(), args.build)
        out["this_vs_other"] = {
            p: round(out["this"]["rows"][p]["instructions_per_decision"]
                     / out["other"]["rows"][p]["instructions_per_decision"], 3) for p in ROWS}
        print("instructions per decision, this checkout / the other:",
              ", ".join(f"{p} {r}" for p, r in out["this_vs_other"].items()))
    print(f"wrote {save_results('sanguosha_instructions', out)}")


if __name__ == "__main__":
    main()
