"""Sanguosha engine speed: random full games per preset, decisions per second on one core.

Run: .venv/bin/python -m bench.sanguosha_engine [--games N] [--build pure|compiled]
Profile: .venv/bin/python -m bench.sanguosha_engine --profile sgs-3v3-2012 [--games N] (random games
under cProfile: Python calls per decision and the functions with the largest share of the time).
Writes bench/results/sanguosha_engine.json with the machine it ran on. The side-by-side baseline
measured in the same run is Goofspiel (the protocol's worked example) under the same random driver.
Rows: random bots with events on (as served) and off (search-style playouts), and the game's
heuristic bot on every seat (a fifth of the games). Rates are per CPU second of this process
(``time.process_time``), so other work on the machine does not count against them; ``seconds``
is the wall time.

Both builds in one run: each plays in a process of its own, the pure Python package first
(``TABLESPORT_PURE=1``; rows named as before) and then, where ``scripts/build-compiled`` has built it,
the compiled engine (rows ending ``[compiled]``), each with its own Goofspiel baseline. ``--build pure``
or ``--build compiled`` measures one build in this process (and writes nothing). The figures say
which build each process really loaded (``tablesport.games.sanguosha.compiled()``).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.games import find_preset


def play(preset: str, games: int, events: bool = True, bot: str = "random") -> dict[str, float]:
    game, rs = find_preset(preset)
    decisions = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed in range(games):
        s = game.new_state(rs, seed)
        if hasattr(s, "log_events"):
            s.log_events = events
        rng = Rng(seed + 1)
        bots = [game.bots()[bot](Rng(seed * 10 + k)) for k in range(rs.seats)] if bot != "random" else None
        while True:
            d = s.pending()
            if d is None:
                break
            seat = d.seats[0]
            s.apply(seat, bots[seat].act(s, seat, d) if bots else s.random_action(seat, rng))
            decisions += 1
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"games": games, "decisions": decisions, "seconds": round(dt, 3), "cpu_seconds": round(cpu, 3),
            "games_per_s": round(games / cpu, 1), "decisions_per_s": round(decisions / cpu)}


def profile(preset: str, games: int, top: int = 20) -> None:
    """Random games of ``preset`` under cProfile (after two unprofiled games for the imports)."""
    play(preset, 2)
    prof = cProfile.Profile()
    prof.enable()
    n = play(preset, games)["decisions"]
    prof.disable()
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in stats.values())
    print(f"{preset}: {games} random games, {n:.0f} decisions, "
          f"{sum(v[1] for v in stats.values()) / n:.0f} Python calls per decision")
    print(f"{'function':<48} {'own %':>6} {'with callees %':>15} {'calls/decision':>15}")
    rows = sorted(stats.items(), key=lambda kv: -kv[1][2])[:top]
    for (path, line, fn), (_cc, nc, tt, ct, _callers) in rows:
        where = fn if path == "~" else f"{path.split('tablesport/')[-1]}:{line} {fn}"
        print(f"{where[-48:]:<48} {100 * tt / total:6.1f} {100 * ct / total:15.1f} {nc / n:15.2f}")


ROOT = Path(__file__).resolve().parent.parent
GOAL = 100_000      # random decisions per second on one core (issue 19)
PRESETS = ("sgs-3v3-2011", "sgs-3v3-2014", "sgs-3v3-2012", "sgs-1v1-2014")
BASELINE = "goofspiel-2p (baseline)"


def measure(games: int) -> dict[str, Any]:
    """Every row in this process, with the build it loaded."""
    from tablesport.games.sanguosha import compiled

    rows = {}
    for preset in PRESETS:
        rows[preset] = play(preset, games)
        rows[preset + " (events off)"] = play(preset, games, events=False)
        rows[preset + " (heuristic bots)"] = play(preset, max(10, games // 5), bot="heuristic")
    rows[BASELINE] = play("goofspiel-2p", games)
    return {"compiled": compiled(), "rows": rows}


def run_build(build: str, games: int) -> dict[str, Any] | None:
    """``measure`` in a fresh process of one build; None when that build is not there."""
    env = dict(os.environ)
    env.pop("TABLESPORT_PURE", None)
    if build == "pure":
        env["TABLESPORT_PURE"] = "1"
    cmd = [sys.executable, "-m", "bench.sanguosha_engine", "--build", build, "--games", str(games), "--json"]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    got: dict[str, Any] = json.loads(out.stdout)
    return got if got["compiled"] == (build == "compiled") else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--profile", metavar="PRESET", help="profile random games of PRESET instead")
    ap.add_argument("--build", choices=("pure", "compiled"), help="measure this process's build only")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.profile:
        from tablesport.games.sanguosha import compiled

        print(f"build: {'compiled' if compiled() else 'pure Python'}")
        profile(args.profile, min(args.games, 100))
        return
    if args.build:
        from tablesport import compiled_build

        compiled_build.install(pure=args.build == "pure")     # before the engine's first import
        from tablesport.games.sanguosha import compiled

        if compiled() != (args.build == "compiled"):
            if args.json:
                print(json.dumps({"compiled": compiled()}))
                return
            raise SystemExit("no compiled build to measure (make compiled builds it)")
        got = measure(args.games)
        if args.json:
            print(json.dumps(got))
        else:
            print(f"build: {'compiled' if got['compiled'] else 'pure Python'}")
            for k, v in got["rows"].items():
                print(f"{k:<32} {v['games_per_s']:>8} games/s {v['decisions_per_s']:>9} decisions/s")
        return
    out: dict[str, object] = {"machine": machine(), "driver": "random bot, one process, one core",
                              "rate": "per CPU second of the process", "goal_decisions_per_s": GOAL}
    pure = run_build("pure", args.games)
    assert pure is not None, "TABLESPORT_PURE=1 did not load the pure Python engine"
    rows = dict(pure["rows"])
    comp = run_build("compiled", args.games)
    builds = {"pure": "TABLESPORT_PURE=1: the Python source (rows named as before)"}
    if comp is None:
        builds["compiled"] = "not built (scripts/build-compiled): no [compiled] rows"
    else:
        builds["compiled"] = "scripts/build-compiled (mypyc): rows ending [compiled]"
        for k, v in comp["rows"].items():
            rows[f"{k} [compiled]"] = v
    out["builds"] = builds
    out["results"] = rows
    ratios: dict[str, float] = {}
    for k, v in rows.items():
        if k.startswith("sgs") and "(" not in k:
            ratios[k] = round(v["decisions_per_s"] / GOAL, 2)
    out["random_decisions_vs_goal"] = ratios
    if comp is not None:
        out["compiled_vs_pure"] = {k: round(comp["rows"][k]["decisions_per_s"] / v["decisions_per_s"], 2)
                                   for k, v in pure["rows"].items()}
    for k, v in rows.items():
        print(f"{k:<43} {v['games_per_s']:>8} games/s {v['decisions_per_s']:>9} decisions/s")
    save_results("sanguosha_engine", out)


if __name__ == "__main__":
    main()
