"""Sanguosha engine speed: random full games per preset, decisions per second on one core.

Run: .venv/bin/python -m bench.sanguosha_engine [--games N]
Profile: .venv/bin/python -m bench.sanguosha_engine --profile sgs-3v3-2012 [--games N] (random games
under cProfile: Python calls per decision and the functions with the largest share of the time).
Writes bench/results/sanguosha_engine.json with the machine it ran on. The side-by-side baseline
measured in the same run is Goofspiel (the protocol's worked example) under the same random driver.
Rows: random bots with events on (as served) and off (search-style playouts), and the game's
heuristic bot on every seat (a fifth of the games). Rates are per CPU second of this process
(``time.process_time``), so other work on the machine does not count against them; ``seconds``
is the wall time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--profile", metavar="PRESET", help="profile random games of PRESET instead")
    args = ap.parse_args()
    if args.profile:
        profile(args.profile, min(args.games, 100))
        return
    out: dict[str, object] = {"machine": machine(), "driver": "random bot, one process, one core",
                              "rate": "per CPU second of the process"}
    rows = {}
    for preset in ("sgs-3v3-2011", "sgs-3v3-2014", "sgs-3v3-2012", "sgs-1v1-2014"):
        rows[preset] = play(preset, args.games)
        rows[preset + " (events off)"] = play(preset, args.games, events=False)
        rows[preset + " (heuristic bots)"] = play(preset, max(10, args.games // 5), bot="heuristic")
    rows["goofspiel-2p (baseline)"] = play("goofspiel-2p", args.games)
    out["results"] = rows
    for k, v in rows.items():
        print(f"{k:<32} {v['games_per_s']:>8} games/s {v['decisions_per_s']:>9} decisions/s")
    save_results("sanguosha_engine", out)


if __name__ == "__main__":
    main()
